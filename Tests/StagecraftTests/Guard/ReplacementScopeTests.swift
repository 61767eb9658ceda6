import Stagecraft
import StagecraftTestSupport
import Testing

@MainActor
@Suite("A guard's replacement block reaches its own view only")
struct ReplacementScopeTests {
  /// Two views update in one main-actor turn, the second inside the first's block. The
  /// first's data source shows an empty state once its data empties, so the guard replaces
  /// its block with one valid for any counts and reloads it; the second view, guarded too,
  /// makes its own planned block. (Through one process-wide slot, the second view took the
  /// first's replacement: it deleted and inserted its sections, and the first view made the
  /// planned block, which UIKit refuses.)
  @Test func twoViewsInOneTurnLeaveEachOtherUntouched() {
    var master = [1, 2]
    var emptyState = false
    let masterView = HeadlessCollectionView(
      CollectionModel(items: master), items: { emptyState && master.isEmpty ? [0] : master })
    // A wrapper whose block lets the app update another view before it makes its calls (a
    // master list whose update refreshes a detail list).
    let nesting = ForwardingView(masterView)
    var detail = [10, 20, 30]
    let detailView = HeadlessCollectionView(CollectionModel(items: detail), items: { detail })
    let masterReports = FallbackLog()
    let detailReports = FallbackLog()
    nesting.during = {
      detailView.reload(
        using: StagedChangeset(source: detail, target: [10, 30, 40]),
        guard: UpdateGuard(onFallback: { detailReports.append($0) }), setData: { detail = $0 })
    }
    emptyState = true
    nesting.reload(
      using: StagedChangeset(source: master, target: []),
      guard: UpdateGuard(onFallback: { masterReports.append($0) }), setData: { master = $0 })

    // The detail view made its own blocks (the changeset's two stages), and nothing else.
    #expect(detailReports.reports.isEmpty)
    #expect(
      detailView.verdicts.map(\.batch) == [
        BatchUpdate(deleteItems: [ElementPath(element: 1, section: 0)]),
        BatchUpdate(insertItems: [ElementPath(element: 2, section: 0)]),
      ])
    #expect(detailView.refusals.isEmpty)
    #expect(detailView.model.items == [10, 30, 40])
    // The master view made the replacement, every section deleted and inserted, which
    // UIKit takes whatever the data source answers; the guard reported it and reloaded.
    #expect(masterReports.reports.map(\.cause) == [.dataSourceChanged])
    #expect(
      masterView.verdicts.first?.batch == BatchUpdate(deleteSections: [0], insertSections: [0]))
    #expect(masterView.refusals.isEmpty)
    #expect(masterView.model.items == [0])
  }
}

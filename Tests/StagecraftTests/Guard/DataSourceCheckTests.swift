import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftModel

@MainActor
@Suite("The guard asks the data source")
struct DataSourceCheckTests {
  /// What the view adapters' calls mean: one section when the data source does not say, each
  /// section asked once, a negative count as none.
  @Test func theDataSourcesAnswerIsReadAsUIKitReadsIt() {
    var asked: [Int] = []
    #expect(
      _dataSourceCounts(sections: nil) {
        asked.append($0); return 4
      } == [4])
    #expect(asked == [0])
    #expect(_dataSourceCounts(sections: 3) { $0 * 2 } == [0, 2, 4])
    #expect(_dataSourceCounts(sections: -1) { _ in 1 } == [])
  }

  /// A loading section the data source adds from a flag: the block is kept from the view,
  /// the view reloads to what the data source answers, and the report names the three counts.
  @Test func aLoadingSectionFromAFlagFallsBackBeforeTheBlock() {
    typealias Section = ArraySection<String, Int>
    var data = [Section(model: "a", elements: [1, 2])]
    var loading = false
    let view = HeadlessCollectionView(
      CollectionModel(sections: data),
      dataSource: { loading ? data + [Section(model: "loading", elements: [0])] : data })
    let reports = FallbackLog()
    loading = true
    let next = [Section(model: "a", elements: [1, 2, 3])]
    view.reload(
      using: StagedChangeset(source: data, target: next),
      guard: UpdateGuard(onFallback: { reports.append($0) }), setData: { data = $0 })
    #expect(reports.reports.map(\.cause) == [.dataSourceChanged])
    #expect(view.refusals.isEmpty)
    #expect(view.model.sections.map(\.elements.count) == [3, 1])
  }

  /// The report of a drift: cause, the three counts, and a description that names them.
  @Test func theReportNamesTheCachedTheAnsweredAndTheDataCounts() {
    typealias Section = ArraySection<String, Int>
    var data = [Section(model: "a", elements: [1, 2])]
    let view = HeadlessCollectionView(
      CollectionModel(sections: data),
      dataSource: { data + [Section(model: "loading", elements: [0])] })
    let reports = FallbackLog()
    view.reload(
      using: StagedChangeset(source: data, target: [Section(model: "a", elements: [1])]),
      guard: UpdateGuard(onFallback: { reports.append($0) }), setData: { data = $0 })
    let report = reports.reports.first
    #expect(reports.reports.count == 1)
    #expect(report?.cause == .dataSourceChanged)
    #expect(report?.itemCountsBefore == [2])
    #expect(report?.dataSourceItemCounts == [2, 1])
    #expect(report?.dataItemCountsBefore == [2])
    #expect(
      report?.description.hasPrefix(
        "the data source changed without an update: the collection view cached 2 items in "
          + "section 0, the data source answers 2 sections of 2, 1 items, and the changeset "
          + "starts from 2 items in section 0") == true)
    #expect(report?.json.contains(#""cause":"dataSourceChanged""#) == true)
    #expect(report?.json.contains(#""dataSourceItemCounts":[2,1]"#) == true)
  }

  /// A data source that answers the block's data while the view's cache is stale (the app
  /// changed its array without applying) is the stale cache, refused with UIKit's text.
  @Test func aStaleViewCacheIsStillRefusedWithUIKitsText() {
    var items = [1, 2]
    let view = HeadlessCollectionView(CollectionModel(items: items), items: { items })
    items.append(3)
    let reports = FallbackLog()
    view.reload(
      using: StagedChangeset(source: items, target: [3, 1]),
      guard: UpdateGuard(onFallback: { reports.append($0) }), setData: { items = $0 })
    guard case .refused = reports.reports.first?.cause else {
      Issue.record("\(reports.reports)")
      return
    }
    #expect(reports.reports.first?.dataSourceItemCounts == [3])
    #expect(view.refusals.isEmpty)
  }
}

@MainActor
@Suite("First contact with a fresh headless view")
struct FirstContactTests {
  typealias Section = DiffableSnapshot<String, Int>.Section

  /// A data source wired in one call to a view that shows one empty section (as a flat
  /// list's first model does): its first apply animates, with no fallback and no refusal.
  @Test func aDiffableDataSourcesFirstApplyAnimates() {
    let view = HeadlessCollectionView(
      CollectionModel(sections: [Section(model: SnapshotSection("old"), elements: [])]))
    let dataSource = DiffableDataSource(target: view)
    let reports = FallbackLog()
    dataSource.updateGuard = UpdateGuard(onFallback: { reports.append($0) })
    #expect(view.model.sections.isEmpty)
    var snapshot = DiffableSnapshot<String, Int>()
    try? snapshot.appendSections(["Inbox", "Archive"])
    try? snapshot.appendItems([1, 2, 3], toSection: "Inbox")
    dataSource.apply(snapshot, animatingDifferences: true, completion: nil)
    #expect(reports.reports.isEmpty)
    #expect(view.refusals.isEmpty)
    #expect(!view.verdicts.isEmpty)
    #expect(view.model.sections.map(\.elements.count) == [3, 0])
  }

  /// A coordinator on `HeadlessCollectionView(CollectionModel(items: []))`, which shows one
  /// empty section, takes sectioned data without a fallback.
  @Test func aCoordinatorsFirstUpdateDoesNotFallBack() async {
    let view = HeadlessCollectionView(CollectionModel(items: [Int]()))
    let reports = FallbackLog()
    let coordinator = CollectionCoordinator(
      target: view, guard: UpdateGuard(onFallback: { reports.append($0) }))
    let sections = [
      ArraySection(model: 1, elements: [1, 2]), ArraySection(model: 2, elements: [3]),
    ]
    coordinator.update(sections: sections, animated: true)
    await coordinator.waitForCallbacks()
    coordinator.update(sections: sections.reversed(), animated: true)
    await coordinator.waitForBackgroundDiffs()
    await coordinator.waitForCallbacks()
    #expect(reports.reports.isEmpty)
    #expect(view.refusals.isEmpty)
    #expect(view.model.sections.map(\.elements.count) == [1, 2])
  }
}

@MainActor
@Suite("A view's refusal reaches the guard")
struct ViewRefusalTests {
  /// A target the guard cannot ask refuses a block (its data source changed with the new
  /// data): the block is recorded as refused, `onIncident` hears of it, the fallback is
  /// reported once with the view's error, the completion is called once with `false`, and the
  /// view reloads with the final data.
  @Test func aRefusalIsRecordedReportedAndReloaded() {
    var items = [1, 2]
    var emptyState = false
    let headless = HeadlessCollectionView(
      CollectionModel(items: items),
      items: { emptyState && items.isEmpty ? [0] : items })
    // A target the guard cannot ask for its data source.
    let view = ForwardingView(headless, answersDataSource: false)
    let reports = FallbackLog()
    let recorder = FlightRecorder()
    emptyState = true
    var completions: [ReplayOutcome] = []
    view.reload(
      using: StagedChangeset(source: items, target: []),
      guard: UpdateGuard(recorder: recorder, onFallback: { reports.append($0) }),
      setData: { items = $0 }, completion: { completions.append($0) })
    #expect(headless.refusals.count == 1)
    #expect(reports.reports.map(\.error) == [headless.refusals.first])
    #expect(completions == [.fellBack])
    #expect(recorder.records.contains { if case .refused = $0.verdict { true } else { false } })
    #expect(headless.model.sections.map(\.elements.count) == [1])
  }
}

import Stagecraft
import StagecraftTestSupport
import Testing

/// A view double that behaves as a `UICollectionView` does with its data source: it reads
/// the app's data through `dataSource` (after `setData`, inside the block), holds what it
/// shows in a `CollectionModel`, and raises exactly where the model refuses. Raising is a
/// test failure unless `raisingIsExpected`: the guard must keep every refusal away from it.
final class ViewDouble: BatchUpdateTarget {
  typealias Sections = [ArraySection<Header, Item>]

  /// What the view holds: its counts, cells and selection.
  var shown: CollectionModel<ArraySection<Header, Item>>
  /// The app's data source, read by the view when it needs data.
  var dataSource: () -> Sections
  /// `false` plays a view without a window (or not laid out).
  var isOnScreen = true
  /// `true` plays a table view.
  var isTableView = false
  var raisingIsExpected = false

  private(set) var blocks: [BatchUpdate] = []
  private(set) var reloads = 0
  private(set) var raised: [BatchUpdateError] = []

  init(showing sections: Sections, dataSource: @escaping () -> Sections) {
    self.shown = CollectionModel(sections: sections)
    self.dataSource = dataSource
  }

  var displayedItemCounts: [Int]? { shown.displayedItemCounts }
  var viewKind: ListViewKind { isTableView ? .tableView : .collectionView }

  func reloadData(_ snapshot: Void, setData: () -> Void) {
    setData()
    reloads += 1
    shown.reloadData(newSections: dataSource())
  }

  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<Int>,
    completion: ((Bool) -> Void)?
  ) {
    let batch = setData() ?? batch
    do {
      try shown.performBatchUpdates(batch, newSections: dataSource(), animated: animated)
      blocks.append(batch)
      completion?(true)
    } catch {
      raised.append(error)
      if !raisingIsExpected { Issue.record("the view raised: \(error)") }
      // UIKit would have crashed; the test goes on to its end instead of waiting.
      completion?(false)
    }
  }
}

@Suite("CountsView: the shared counts-only view double")
struct CountsViewTests {
  /// Its doc's example, and a block UIKit would refuse kept out when it validates.
  @Test func itFollowsItsDataSourceAndRefusesWhatUIKitWould() {
    let view = CountsView(counts: [2])
    var items = [1, 2]
    view.dataCounts = { [items.count] }
    view.reload(using: StagedChangeset(source: items, target: [2, 3, 4]), setData: { items = $0 })
    #expect(view.counts == [3] && view.blocks.count == 2)
    view.validates = true
    var batch = BatchUpdate()
    batch.deleteItems = [ElementPath(element: 0, section: 0)]
    var finished: Bool?
    view.performBatchUpdates(
      batch, snapshot: (), animated: true, setData: { nil }, refreshing: [], by: .reload,
      completion: { finished = $0 })
    // The data source still answers 3: one delete from 3 cannot leave 3.
    #expect(view.refusals.count == 1 && finished == false && view.counts == [3])
    // Without a data source, the block's own inserts and deletes count.
    let counting = CountsView(counts: [5])
    counting.performBatchUpdates(
      batch, snapshot: (), animated: true, setData: { nil }, refreshing: [], by: .reload,
      completion: nil)
    #expect(counting.counts == [4] && counting.blocks == [batch])
  }
}

@MainActor
@Suite("FallbackLog: the shared report collector")
struct FallbackLogTests {
  /// Its doc's example.
  @Test func itCollectsWhatTheGuardReports() {
    let log = FallbackLog()
    var items = [1, 2]
    let view = HeadlessCollectionView(CollectionModel(items: items), items: { items })
    view.isOnScreen = false
    view.reload(
      using: StagedChangeset(source: items, target: [2]), guard: log.guarding,
      setData: { items = $0 })
    #expect(log.reports.map { "\($0.cause)" } == ["offScreen"])
  }
}

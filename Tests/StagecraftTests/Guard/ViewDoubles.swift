import Stagecraft
import StagecraftTestSupport
import Synchronization
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
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> Void,
    refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<Int>,
    completion: ((Bool) -> Void)?
  ) {
    setData()
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

/// Collects the reports of a guard, from any thread.
final class FallbackLog: Sendable {
  private let storage = Mutex<[BatchUpdateFallback]>([])

  var reports: [BatchUpdateFallback] { storage.withLock { $0 } }

  var guarding: UpdateGuard {
    UpdateGuard(onFallback: { fallback in self.storage.withLock { $0.append(fallback) } })
  }
}

/// A view double that holds only counts, as UIKit's own checks read them: it reads its data
/// source's counts through `dataCounts`, and raises (a test failure) where the model's
/// validation refuses a block against them.
final class CountingViewDouble: BatchUpdateTarget {
  var counts: [Int] = []
  var dataCounts: () -> [Int] = { [] }
  private(set) var blocks = 0
  private(set) var reloads = 0
  private(set) var raised: [BatchUpdateError] = []

  var isOnScreen: Bool { true }
  var displayedItemCounts: [Int]? { counts }

  func reloadData(_ snapshot: Void, setData: () -> Void) {
    setData()
    reloads += 1
    counts = dataCounts()
  }

  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> Void,
    refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<Int>,
    completion: ((Bool) -> Void)?
  ) {
    setData()
    do {
      try batch.validate(itemCountsBefore: counts, itemCountsAfter: dataCounts())
      counts = dataCounts()
      blocks += 1
      completion?(true)
    } catch {
      raised.append(error)
      Issue.record("the view raised: \(error)")
    }
  }
}

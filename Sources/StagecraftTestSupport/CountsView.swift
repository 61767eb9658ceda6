import Stagecraft

/// A view double that holds item counts only, as UIKit's own checks read them: the one the
/// tests and the benchmark share wherever a view's cells do not matter.
///
/// Inside each block it calls `setData`, then takes its counts from `dataCounts` (the app's
/// data source, read as UIKit reads it after the block), or, without one, from the block's
/// own inserts and deletes in section 0. It records the blocks it took (`blocks`, unless
/// `recordsBlocks` is off) and its reloads. With `validates`, each block is first checked as
/// UIKit checks it, against its counts and the data source's: a block UIKit would raise on
/// is listed in `refusals` and not taken. With `answersDataSource`, it answers the guard's
/// question to the data source (`dataSourceItemCounts`) from `dataCounts`. It keeps no
/// selection and no scroll position, and says so through the capabilities a coordinator
/// needs (`SelectableTarget`, `ScrollableTarget`), so that a coordinator runs on it too.
///
/// ```swift
/// import Stagecraft
/// import StagecraftTestSupport
///
/// let view = CountsView(counts: [2])
/// var items = [1, 2]
/// view.dataCounts = { [items.count] }
/// view.reload(using: StagedChangeset(source: items, target: [2, 3, 4]), setData: { items = $0 })
/// print(view.counts, view.blocks.count)  // prints [3] 2
/// ```
public final class CountsView: BatchUpdateTarget {
  /// The item count of each section, as the view shows them.
  public var counts: [Int]
  /// The app's data source's counts; `nil` follows each block's own inserts and deletes.
  public var dataCounts: (() -> [Int])?
  /// Whether the guard's question to the data source is answered (from `dataCounts`).
  public var answersDataSource = false
  /// Whether each block is checked as UIKit checks it before it is taken.
  public var validates = false
  /// Whether `blocks` records the blocks taken; off for the benchmark's long runs.
  public var recordsBlocks = true
  /// The view it plays.
  public var kind: ListViewKind = .collectionView
  /// When the current update began (the first `replayWillBegin()` since it was cleared).
  public var replayBegan: ContinuousClock.Instant?
  /// The blocks taken, in order.
  public private(set) var blocks: [BatchUpdate] = []
  /// How many reloads it took.
  public private(set) var reloads = 0
  /// The refusals of the blocks it did not take (with `validates`).
  public private(set) var refusals: [BatchUpdateError] = []
  /// The refusal of the last block, when it did not take it; a guarded replay reads it
  /// (`RefusalReportingTarget`) and reloads instead.
  public private(set) var lastBlockRefusal: (any Error)?

  /// A view showing sections of `counts` items.
  ///
  /// - Parameter counts: The item count of each section.
  public init(counts: [Int] = []) { self.counts = counts }

  /// Always on screen.
  public var isOnScreen: Bool { true }
  /// `counts`.
  public var displayedItemCounts: [Int]? { counts }
  /// `kind`.
  public var viewKind: ListViewKind { kind }

  /// Calls `setData`, counts the reload, and takes the data source's counts.
  public func reloadData(_ snapshot: Void, setData: () -> Void) {
    setData()
    reloads += 1
    lastBlockRefusal = nil
    if let dataCounts { counts = dataCounts() }
  }

  /// Calls `setData`, checks the block it returns (or the planned one) when it `validates`,
  /// and takes its counts.
  public func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) {
    let batch = setData() ?? batch
    let after: [Int]
    if let dataCounts {
      after = dataCounts()
    } else {
      var next = counts
      if !next.isEmpty { next[0] += batch.insertItems.count - batch.deleteItems.count }
      after = next
    }
    if validates {
      do {
        try batch.validate(itemCountsBefore: counts, itemCountsAfter: after)
      } catch {
        refusals.append(error)
        lastBlockRefusal = error
        completion?(false)
        return
      }
    }
    counts = after
    lastBlockRefusal = nil
    if recordsBlocks { blocks.append(batch) }
    completion?(true)
  }
}

extension CountsView: DataSourceBackedTarget {
  /// `dataCounts`, when `answersDataSource`.
  public var dataSourceItemCounts: [Int]? { answersDataSource ? dataCounts?() : nil }
}

/// A block it refuses (with `validates`) is told to a guarded replay, which reloads.
extension CountsView: RefusalReportingTarget {}

extension CountsView: ReplayObservingTarget {
  /// Notes when the update began (`replayBegan`), unless it is set already.
  public func replayWillBegin() {
    if replayBegan == nil { replayBegan = ContinuousClock().now }
  }
  /// Nothing.
  public func replayDidEnd() {}
}

/// No selection: a coordinator's selection reaches nothing.
extension CountsView: SelectableTarget {
  /// None.
  public var selectedItemPaths: [ElementPath] { [] }
  /// `false`.
  public var allowsSelectingMultipleItems: Bool { false }
  /// Nothing.
  public func selectItem(at path: ElementPath, animated: Bool) {}
  /// Nothing.
  public func deselectItem(at path: ElementPath, animated: Bool) {}
}

/// No scroll geometry: a replay keeps no scroll position on it.
extension CountsView: ScrollableTarget {
  /// `nil`.
  public var scrollMetrics: ScrollMetrics? { nil }
  /// None.
  public var visibleItemPaths: [ElementPath] { [] }
  /// `nil`.
  public func extentOfItem(at path: ElementPath) -> ItemExtent? { nil }
  /// Nothing.
  public func setContentOffset(_ offset: Double) {}
  /// Nothing.
  public func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {}
}

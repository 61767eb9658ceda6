import StagecraftDiff

/// Something that takes batch updates: a `UICollectionView`, a `UITableView`, an
/// `NSCollectionView`, the headless `CollectionModel`, or a view of your own.
///
/// The replay drives every target through the same code, so a test on `CollectionModel`
/// tests what runs on a device. A conformance only forwards: inside one update block it
/// calls `setData`, makes every call of the batch `setData` returns (or, when it returns
/// `nil`, of the `BatchUpdate` it was handed), and hands the listed realized cells their new
/// elements in place.
///
/// The protocol asks for what every view must do: tell whether it is on screen, tell its
/// item counts (the guard checks every block against them), reload, and perform one block.
/// What only some targets can do is a small protocol of its own that refines this one, and a
/// target adopts the ones it can:
/// - `DataSourceBackedTarget`: ask its data source for its counts, as UIKit does after a
///   block (the guard asks first).
/// - `ScrollableTarget`: its scroll position, the items on screen and where they lie, and
///   scrolling (what `UpdateStrategy.anchoring` keeps).
/// - `SelectableTarget`: its selection (what the coordinator binds).
/// - `ReorderableTarget`: an item the user dragged (what a data source's reordering moves).
/// - `ReplayObservingTarget`: one call before and one after each update.
/// - `RefusalReportingTarget`: a view double that records what UIKit would raise.
/// - `ItemContentUpdating`: one item's new content without a batch (streaming).
///
/// The replay reads a capability only through the protocol the target adopted: a target
/// that does not adopt one is not asked, and the entry points that need one
/// (`CollectionCoordinator` needs `SelectableTarget` and `ScrollableTarget`) say so in their
/// generic constraints.
///
/// The associated types say what kind of target it is:
/// - `Failure` is what a refused block throws: `Never` for a view, which raises instead of
///   throwing, so its replay needs no `try`; `BatchUpdateError` for `CollectionModel`.
/// - `Snapshot` is the data the target holds itself: `Void` for a view, which reads its data
///   source; the sections for `CollectionModel`, which is its own data source.
/// - `ElementUpdates` is how updated elements may reach its cells: `CellUpdateMode` for a
///   view, whose silent refresh carries the app's cell configuration; `ElementUpdateMode`
///   for `CollectionModel`, which refreshes its cells itself.
///
/// A class target replays through a non-mutating method, so a view held in a `let` can
/// replay:
///
/// ```swift
/// import Stagecraft
///
/// final class LogView: BatchUpdateTarget {
///   var log: [String] = []
///   var count = 2
///   var isOnScreen: Bool { true }
///   var displayedItemCounts: [Int]? { [count] }
///   func reloadData(_ snapshot: Void, setData: () -> Void) {
///     setData()
///     log.append("reloadData")
///   }
///   func performBatchUpdates(
///     _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
///     refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<String>,
///     completion: ((Bool) -> Void)?
///   ) {
///     let calls = setData() ?? batch
///     count += calls.insertItems.count - calls.deleteItems.count
///     log.append("\(calls)")
///     completion?(true)
///   }
/// }
///
/// let view = LogView()
/// var items = ["a", "b"]
/// view.reload(using: StagedChangeset(source: items, target: ["b"]), setData: { items = $0 })
/// print(view.log)  // prints ["BatchUpdate(deleteItems: [[0, 0]])"]
/// print(items)  // prints ["b"]
/// ```
public protocol BatchUpdateTarget {
  /// What a refused block throws: `Never` for a view.
  associatedtype Failure: Error = Never
  /// The data the target holds itself, handed to it with each block: `Void` for a view.
  associatedtype Snapshot = Void
  /// How updated elements may reach the target's cells.
  associatedtype ElementUpdates: ElementUpdateStyle = ElementUpdateMode

  /// Whether the target is on screen. When it is not, the replay sets the data once and
  /// reloads (a view off screen reads its counts early and would fail).
  var isOnScreen: Bool { get }

  /// The item count of each section as the target holds it now, as UIKit's
  /// `numberOfSections` and `numberOfItems(inSection:)` report them; `nil` when the target
  /// cannot tell.
  ///
  /// A guarded replay onto a view checks every block against these counts before the view
  /// sees it: data that the app changed behind the view's back shows up here. A target that
  /// answers `nil` cannot be checked, and the guard does not hand it a block blind: it
  /// reloads with the final data instead, reported once to `UpdateGuard.onFallback`
  /// (`BatchUpdateFallback.Cause.countsUnknown`). A requirement, so that a conformance says
  /// it itself.
  ///
  /// - Complexity: O(S), where S is the number of sections.
  var displayedItemCounts: [Int]? { get }

  /// The kind of view the target is, for the words of a refusal: `.collectionView` by
  /// default.
  ///
  /// - Complexity: O(1).
  var viewKind: ListViewKind { get }

  /// Calls `setData`, then reloads everything.
  ///
  /// - Parameters:
  ///   - snapshot: The data the target holds afterwards, when it is its own data source.
  ///   - setData: Switches the app's data source.
  /// - Throws: `Failure`, when a target that is its own data source cannot hold `snapshot`.
  /// - Complexity: That of the target's reload.
  mutating func reloadData(_ snapshot: Snapshot, setData: () -> Void) throws(Failure)

  /// Performs one update block: calls `setData` first, then every call of the batch it
  /// returns, or of `batch` when it returns `nil`, then hands each listed realized cell its
  /// new element in place.
  ///
  /// The replacement travels with this block and no other: a guarded replay whose data
  /// source, once switched, answers other counts than the block's data returns the one
  /// block valid whatever the counts (every section deleted and inserted), with no silent
  /// refresh, and then reloads with the final data. A target that ignores it makes the
  /// planned calls, which UIKit would refuse (Swift warns about the unused result).
  ///
  /// - Parameters:
  ///   - batch: The calls to make inside the block.
  ///   - snapshot: The data after the block, when the target is its own data source.
  ///   - animated: Whether to animate.
  ///   - setData: Switches the app's data source; called synchronously inside the block,
  ///     before any call. Returns the calls to make instead of `batch`'s, or `nil`.
  ///   - refreshing: Silent refreshes: from the path of a realized cell before the block to
  ///     the path of the element it must show after it. Empty unless `elementUpdates` is a
  ///     silent refresh. None is made when `setData` returns a replacement.
  ///   - elementUpdates: The way the updates reach the cells; for a silent refresh, the
  ///     configuration to call for each entry of `refreshing`.
  ///   - completion: Called once when the block's animations end, with whether they
  ///     finished; not called when the block throws.
  /// - Throws: `Failure`, when the target refuses the block; it is then unchanged.
  /// - Complexity: That of the target's batch update.
  mutating func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Snapshot, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdates,
    completion: ((Bool) -> Void)?
  ) throws(Failure)

  // The capabilities as the replay reads them, where it is generic over any target. Each is
  // witnessed by its capability protocol's extension, statically, when the conformance to
  // this protocol sees the capability (the target adopts both in one module, and a class
  // adopts both itself). Otherwise the default below asks the target at run time, so that a
  // subclass or another module that adds a capability is read too, and a target without it
  // answers nothing. A conformance never implements them; a wrapper of another target
  // forwards them.

  /// `DataSourceBackedTarget.dataSourceItemCounts`; `nil` without the capability.
  var _dataSourceItemCounts: [Int]? { get }
  /// `RefusalReportingTarget.lastBlockRefusal`; `nil` without the capability.
  var _lastBlockRefusal: (any Error)? { get }
  /// `ScrollableTarget.scrollMetrics`; `nil` without the capability.
  var _scrollMetrics: ScrollMetrics? { get }
  /// `ScrollableTarget.visibleItemPaths`; `nil` without the capability.
  var _visibleItemPaths: [ElementPath]? { get }
  /// `ScrollableTarget.extentOfItem(at:)`; `nil` without the capability.
  func _extentOfItem(at path: ElementPath) -> ItemExtent?
  /// The first item on screen whose bottom is below `metrics.contentOffset`, and its
  /// extent: `visibleItemPaths` and `extentOfItem(at:)` read together (the default), or
  /// answered at once by a target that knows its layout; `nil` without the capability.
  func _firstVisibleItem(_ metrics: ScrollMetrics) -> (ElementPath, ItemExtent)?
  /// `ScrollableTarget.setContentOffset(_:)`; nothing without the capability.
  mutating func _setContentOffset(_ offset: Double)
  /// `SelectableTarget.selectedItemPaths`; `nil` without the capability.
  var _selectedItemPaths: [ElementPath]? { get }
  /// `ReorderableTarget.moveItemInteractively(from:to:)`; nothing without the capability.
  mutating func _moveItemInteractively(from source: ElementPath, to destination: ElementPath)
    throws(Failure)
  /// `ReplayObservingTarget.replayWillBegin()`; nothing without the capability.
  mutating func _replayWillBegin()
  /// `ReplayObservingTarget.replayDidEnd()`; nothing without the capability.
  mutating func _replayDidEnd()
  /// `FocusKeepingTarget.focusedItems`; nothing focused without the capability.
  var _focusedItems: FocusedItems { get }
  /// `FocusKeepingTarget.restoreFocus(to:)`; nothing without the capability.
  mutating func _restoreFocus(to items: FocusedItems)
}

extension BatchUpdateTarget {
  /// `.collectionView`.
  ///
  /// - Complexity: O(1).
  public var viewKind: ListViewKind { .collectionView }

  /// The data source's counts, when the target adopted `DataSourceBackedTarget` where its
  /// conformance to this protocol does not see it; `nil` otherwise.
  public var _dataSourceItemCounts: [Int]? {
    (self as? any DataSourceBackedTarget)?.dataSourceItemCounts
  }
  /// The last refusal, when the target adopted `RefusalReportingTarget` where its
  /// conformance to this protocol does not see it; `nil` otherwise.
  public var _lastBlockRefusal: (any Error)? {
    (self as? any RefusalReportingTarget)?.lastBlockRefusal
  }
  /// The scroll metrics, likewise for `ScrollableTarget`.
  public var _scrollMetrics: ScrollMetrics? { (self as? any ScrollableTarget)?.scrollMetrics }
  /// The items on screen, likewise for `ScrollableTarget`.
  public var _visibleItemPaths: [ElementPath]? {
    (self as? any ScrollableTarget)?.visibleItemPaths
  }
  /// Where an item lies, likewise for `ScrollableTarget`.
  public func _extentOfItem(at path: ElementPath) -> ItemExtent? {
    (self as? any ScrollableTarget)?.extentOfItem(at: path)
  }
  /// The first visible item, from `_visibleItemPaths` and `_extentOfItem(at:)`: among the
  /// items on screen whose bottom is below the viewport's top, the one with the lowest top
  /// (the lowest path among equal tops).
  ///
  /// - Complexity: O(v) for the v visible items.
  public func _firstVisibleItem(_ metrics: ScrollMetrics) -> (ElementPath, ItemExtent)? {
    _firstVisibleItemReadOneByOne(metrics)
  }
  /// Scrolls, likewise for `ScrollableTarget`; nothing without it.
  public mutating func _setContentOffset(_ offset: Double) {
    _withCapability { (target: inout any ScrollableTarget) in target.setContentOffset(offset) }
  }
  /// The selection, likewise for `SelectableTarget`.
  public var _selectedItemPaths: [ElementPath]? {
    (self as? any SelectableTarget)?.selectedItemPaths
  }
  /// Follows a dragged item, likewise for `ReorderableTarget`; nothing without it.
  public mutating func _moveItemInteractively(
    from source: ElementPath, to destination: ElementPath
  ) throws(Failure) {
    var thrown: Failure?
    _withCapability { (target: inout any ReorderableTarget) in
      do throws(Failure) {
        try target._moveOpened(from: source, to: destination, failingAs: Failure.self)
      } catch { thrown = error }
    }
    if let thrown { throw thrown }
  }
  /// Starts an update, likewise for `ReplayObservingTarget`; nothing without it.
  public mutating func _replayWillBegin() {
    _withCapability { (target: inout any ReplayObservingTarget) in target.replayWillBegin() }
  }
  /// Ends an update, likewise for `ReplayObservingTarget`; nothing without it.
  public mutating func _replayDidEnd() {
    _withCapability { (target: inout any ReplayObservingTarget) in target.replayDidEnd() }
  }

  /// Nothing focused, for a target that does not keep focus (`FocusKeepingTarget`).
  public var _focusedItems: FocusedItems { FocusedItems() }
  /// Nothing, for a target that does not keep focus.
  public mutating func _restoreFocus(to items: FocusedItems) {}

  /// Runs `body` on this target as the capability `Capability`, when it has it, and keeps
  /// what `body` changed (a class target is changed in place; a value is put back).
  mutating func _withCapability<Capability>(_ body: (inout Capability) -> Void) {
    guard var target = self as? Capability else { return }
    body(&target)
    if let changed = target as? Self { self = changed }
  }
}

extension BatchUpdateTarget {
  /// The default `_firstVisibleItem(_:)`, for a target that overrides it to fall back on.
  ///
  /// - Complexity: O(v) for the v visible items.
  @usableFromInline package func _firstVisibleItemReadOneByOne(_ metrics: ScrollMetrics) -> (
    ElementPath, ItemExtent
  )? {
    guard let visible = _visibleItemPaths else { return nil }
    var best: (ElementPath, ItemExtent)?
    for path in visible {
      guard let extent = _extentOfItem(at: path), extent.bottom > metrics.contentOffset
      else { continue }
      if best.map({ extent.top < $0.1.top || extent.top == $0.1.top && path < $0.0 }) ?? true {
        best = (path, extent)
      }
    }
    return best
  }
}

extension ReorderableTarget {
  /// `moveItemInteractively(from:to:)`, failing as `Other`: what the run-time default above
  /// calls on the opened target, which is the same target, so that `Other` is its `Failure`
  /// and every error it throws reaches the caller as thrown, with no cast that could fail.
  /// (Were the two types ever different, nothing would move and nothing would be lost.)
  mutating func _moveOpened<Other: Error>(
    from source: ElementPath, to destination: ElementPath, failingAs other: Other.Type
  ) throws(Other) {
    guard ObjectIdentifier(Failure.self) == ObjectIdentifier(Other.self) else { return }
    do {
      try moveItemInteractively(from: source, to: destination)
    } catch {
      // The same type, checked above: the bit pattern is the value.
      throw unsafeBitCast(error, to: Other.self)
    }
  }
}

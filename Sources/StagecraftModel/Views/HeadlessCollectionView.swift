import StagecraftDiff
import StagecraftReplay

/// A collection view without UIKit: it reads the app's data source as a `UICollectionView`
/// does, takes the same calls, and keeps what `CollectionModel` observes (cells, selection,
/// events, held animations) and UIKit's verdict on every block that reaches it.
///
/// Where `CollectionModelView` is its own data source, this view reads the app's: the
/// `dataSource` closure, inside each block after `setData` and on `reloadData`, as UIKit
/// calls `numberOfSections` and `numberOfItems(inSection:)`. Its `Snapshot` is `Void` and it
/// never throws, as a view; its silent refresh carries a configuration, as a view's does. So
/// code written once for a `UICollectionView` (a coordinator, a data source, a replay with
/// the guard) runs on it unchanged in `swift test`, and the guard checks every block
/// against what it shows.
///
/// Where UIKit would raise, the view records the refusal in `verdicts` (a test fails on it)
/// and reloads from its data source, so that the test can go on and report it; it gives the
/// refusal to a guarded replay too (`lastBlockRefusal`), which records it, reports it once
/// and reloads with the final data. A guarded replay asks the view's data source before each
/// block (`dataSourceItemCounts`), as UIKit reads it after, and again once the block's data
/// is set: a data source that changed without an update is reloaded instead of refused.
///
/// ```swift
/// import Stagecraft
///
/// @MainActor func show() -> [String] {
///   var items = ["a", "b", "c"]
///   let view = HeadlessCollectionView(CollectionModel(items: items), items: { items })
///   view.reload(
///     using: StagedChangeset(source: items, target: ["c", "a"]), setData: { items = $0 })
///   return view.model.items + ["\(view.verdicts.count) blocks, \(view.refusals.count) refused"]
/// }
/// print(await show())  // prints ["c", "a", "2 blocks, 0 refused"]
/// ```
@MainActor
public final class HeadlessCollectionView<Section: DifferentiableSection> {
  /// What the view holds: its sections, realized cells, selection and events.
  public private(set) var model: CollectionModel<Section> {
    didSet { _modelDidChange() }
  }

  /// UIKit's `collectionView(_:prefetchItemsAt:)`: called with the paths of the items the
  /// model's prefetching asks for (see `prefetching`), nearest first, after each scroll,
  /// resize or update. `CollectionCoordinator` sets it, as an app sets a collection view's
  /// `prefetchDataSource`.
  public var onPrefetchItems: (([ElementPath]) -> Void)?

  /// UIKit's `collectionView(_:cancelPrefetchingForItemsAt:)`: called with the paths of the
  /// items whose prefetch is cancelled and that the data still holds. As for UIKit's, a
  /// deleted item's prefetch is not named: its path is gone.
  public var onCancelPrefetchingItems: (([ElementPath]) -> Void)?

  /// UIKit's `collectionView(_:willDisplay:forItemAt:)`: called with the path of each cell
  /// the view makes, in path order, whatever brought it on screen (the first data, an update,
  /// a reload, a scroll or a resize). A cell an update only moves is the same cell and is not
  /// displayed again; a reloaded item gets a new cell, which is. An update is laid out once,
  /// at its end, as UIKit lays out a batch: a cell the model made for one of its blocks and
  /// discarded before the end (an offset kept the anchor) was never displayed.
  /// `CollectionCoordinator` sets it, as an app sets a collection view's delegate.
  public var onWillDisplayItem: ((ElementPath) -> Void)?

  /// Called after the viewport moved or changed size, as UIKit calls the delegate's
  /// `scrollViewDidScroll(_:)` (during an update too, when the update moves the offset to
  /// keep the scroll position).
  public var onViewportChange: (() -> Void)?

  /// How many of the model's scroll events the view has passed on.
  private var forwardedEvents = 0
  /// The identity the model gives its next cell, when the view last looked: cells from it
  /// on are new.
  private var firstUndisplayedCell = 0
  /// How many updates are under way: cells are displayed at the end of the outermost.
  private var updateDepth = 0
  /// The viewport the view last reported: its offset and its height.
  private var reportedViewport: (offset: Double, height: Double)?

  /// The app's data source: the sections it reports. Read inside each block, after the
  /// block's `setData`, and on `reloadData()`.
  public var dataSource: () -> [Section]

  /// What the view tells its data source once the user's drag has moved an item, as UIKit
  /// calls `collectionView(_:moveItemAt:to:)` (or `tableView(_:moveRowAt:to:)`) after moving
  /// the cell: the item's old path, then its new one. `DiffableDataSource(target:)` sets it.
  public var moveItemInDataSource: ((_ source: ElementPath, _ destination: ElementPath) -> Void)?

  /// UIKit's verdict on each block that reached the view, in order.
  public private(set) var verdicts: [Verdict] = []

  /// UIKit's refusal of the last block, if it refused it; nil after a block it took or a
  /// reload.
  public private(set) var lastBlockRefusal: (any Error)?

  private var held = _HeldAnimations()

  /// One block that reached the view, and whether UIKit would have taken it.
  public struct Verdict: Hashable, Sendable {
    /// The block's calls.
    public var batch: BatchUpdate
    /// UIKit's refusal, or nil when it takes the block.
    public var error: BatchUpdateError?
  }

  /// Creates a view that shows `model` and reads `dataSource`.
  ///
  /// - Parameters:
  ///   - model: What the view shows at first, and its configuration and viewport.
  ///   - dataSource: The app's data source.
  /// - Complexity: O(1).
  public init(_ model: CollectionModel<Section>, dataSource: @escaping () -> [Section]) {
    self.model = model
    self.dataSource = dataSource
    self.firstUndisplayedCell = model._nextCellID
  }

  /// Creates a view that shows `model` and has no data source yet: for a
  /// `CollectionCoordinator`, which becomes its data source, as a representable's
  /// coordinator becomes a `UICollectionView`'s. Until then the view reads no sections.
  ///
  /// - Parameter model: What the view shows at first, and its configuration and viewport.
  /// - Complexity: O(1).
  public convenience init(_ model: CollectionModel<Section>) {
    self.init(model, dataSource: { [] })
  }

  /// The refusals among `verdicts`: blocks UIKit would have raised on.
  ///
  /// - Complexity: O(b), where b is the number of blocks.
  public var refusals: [BatchUpdateError] { verdicts.compactMap(\.error) }

  /// Whether the view is in a window and has a size. Leaving the window ends the animations
  /// in flight, their completions called with `false`, as Core Animation removes a layer's
  /// animations when its view leaves the window.
  ///
  /// - Complexity: O(a), where a is the number of animations in flight.
  public var isOnScreen: Bool {
    get { model.configuration.isOnScreen }
    set {
      model.configuration.isOnScreen = newValue
      if !newValue { end(finished: false) }
    }
  }

  /// Which items have cells: scrolling, for a test.
  ///
  /// - Complexity: O(v) to set, for v cells in the new viewport.
  public var viewport: Viewport {
    get { model.viewport }
    set { model.viewport = newValue }
  }

  /// The view's vertical layout and scroll position, as the model holds them; `nil` for
  /// none.
  ///
  /// - Complexity: Setting, O(k + r) for the items up to the last one shown and the cells.
  public var geometry: CollectionModel<Section>.Geometry? {
    get { model.geometry }
    set { model.geometry = newValue }
  }

  /// The height a cell showing an element measures at a width, standing in for Auto Layout
  /// (the geometry's `selfSizing`): with it, the view measures each cell it shows that has
  /// no size for its item's identity, content and width, and corrects the offset as a
  /// device's layout would (`geometry.anchoring`), so that a test sees the jumps, or their
  /// absence, that the app would show. Set it with or after `geometry`; `nil` by default.
  ///
  /// - Complexity: Setting, O(v log n) to measure the v cells shown.
  public var selfSizing:
    (@Sendable (_ element: Section.Collection.Element, _ width: Double) -> Double)?
  {
    get { model.geometry?.selfSizing }
    set { model.geometry?.selfSizing = newValue }
  }

  /// Records the height a cell measured for the item at `path`, by the item's identity: what
  /// a layout's `preferredLayoutAttributesFitting(_:)` path does on a device (see
  /// `CollectionModel.recordMeasuredHeight(_:forItemAt:showing:width:)`).
  ///
  /// - Parameters:
  ///   - height: The height measured.
  ///   - path: The item's path.
  /// - Returns: Whether the size was recorded (`false` for a stale report).
  /// - Complexity: O(log n).
  @discardableResult
  public func recordMeasuredHeight(_ height: Double, forItemAt path: ElementPath) -> Bool {
    model.recordMeasuredHeight(height, forItemAt: path)
  }

  /// How far around the viewport the model prefetches, or `nil` (the default) for none;
  /// what it asks for reaches `onPrefetchItems` and `onCancelPrefetchingItems`. Needs a
  /// `geometry`.
  ///
  /// - Complexity: Setting, O(w) for the w items of the prefetch window.
  public var prefetching: PrefetchBuffers? {
    get { model.prefetching }
    set { model.prefetching = newValue }
  }

  /// Passes on the cells the model made since last time, what its prefetching asked for, and
  /// a viewport that moved or changed size.
  private func _modelDidChange() {
    _displayNewCells()
    // Positions in the model's whole log: a model with an `eventLimit` discards its oldest.
    let events = model.scrollEvents
    let discarded = model.discardedScrollEventCount
    let end = discarded + events.count
    if end < forwardedEvents { forwardedEvents = end }
    if end > forwardedEvents {
      var prefetch: [ElementPath] = []
      var cancel: [ElementPath] = []
      for event in events[Swift.max(forwardedEvents - discarded, 0)...] {
        switch event {
        case .prefetch(_, let path): prefetch.append(path)
        case .cancelPrefetch(_, let path?): cancel.append(path)
        case .cancelPrefetch(_, nil), .reachEnd, .reachStart: break
        }
      }
      forwardedEvents = end
      if !cancel.isEmpty { onCancelPrefetchingItems?(cancel) }
      if !prefetch.isEmpty { onPrefetchItems?(prefetch) }
    }
    guard let geometry = model.geometry else { return }
    let viewport = (geometry.contentOffset, geometry.viewportHeight)
    if reportedViewport.map({ $0 != viewport }) ?? true {
      reportedViewport = viewport
      onViewportChange?()
    }
  }

  /// Tells the delegate of each cell the model made since last time, in path order.
  ///
  /// - Complexity: O(r) for the r realized cells, when the model made any.
  private func _displayNewCells() {
    guard updateDepth == 0 else { return }
    let next = model._nextCellID
    guard next != firstUndisplayedCell else { return }
    let first = firstUndisplayedCell
    firstUndisplayedCell = next
    guard let onWillDisplayItem else { return }
    var made: [ElementPath] = []
    for (path, cell) in model.cells where cell.id >= first { made.append(path) }
    for path in made.sorted() { onWillDisplayItem(path) }
  }

  /// Whether the user may select more than one item, as the view's property of the same
  /// name: `configuration.allowsMultipleSelection`.
  ///
  /// - Complexity: O(1).
  public var allowsMultipleSelection: Bool {
    get { model.configuration.allowsMultipleSelection }
    set { model.configuration.allowsMultipleSelection = newValue }
  }

  /// Whether a block's completion waits for `finishAnimations()`; `false` by default.
  public var holdsAnimations: Bool {
    get { held.holds }
    set { held.holds = newValue }
  }

  /// The number of animated blocks whose animation has not finished.
  ///
  /// - Complexity: O(1).
  public var animationsInFlight: Int { held.count }

  /// The number of blocks applied while an earlier replay was still animating.
  ///
  /// - Complexity: O(1).
  public var overlappingBlocks: Int { held.overlappingBlocks }

  /// Ends every animation in flight, calling their completions in order with `true`.
  ///
  /// - Complexity: O(a), where a is the number of animations in flight.
  public func finishAnimations() { end(finished: true) }

  private func end(finished: Bool) {
    for completion in held.takeAll() { completion?(finished) }
  }
}

extension HeadlessCollectionView {
  /// A view of a flat list: one section holding what `items` reports.
  ///
  /// - Parameters:
  ///   - model: What the view shows at first.
  ///   - items: The app's data source: the items of section 0.
  /// - Complexity: O(1).
  public convenience init<Item>(
    _ model: CollectionModel<Section>, items: @escaping () -> [Item]
  ) where Section == ArraySection<Int, Item> {
    self.init(model, dataSource: { [ArraySection(model: 0, elements: items())] })
  }
}

extension HeadlessCollectionView: @MainActor BatchUpdateTarget {
  /// A silent refresh carries a configuration, called with the cell as it is before the
  /// block and its item's path after it; the view then shows the data source's item there.
  public typealias ElementUpdates = CellUpdateMode<CollectionModel<Section>.Cell>

  /// The item count of each section the view shows.
  ///
  /// - Complexity: O(S), where S is the number of sections.
  public var displayedItemCounts: [Int]? { model.displayedItemCounts }

  /// The view the model plays: `configuration.view`.
  ///
  /// - Complexity: O(1).
  public var viewKind: ListViewKind { model.viewKind }

  /// Calls `setData`, then reads the data source and reloads.
  ///
  /// - Parameters:
  ///   - snapshot: Nothing: the view reads its data source.
  ///   - setData: Switches the app's data source.
  /// - Complexity: O(S + v) and the data source, for S sections and v cells in the viewport.
  public func reloadData(_ snapshot: Void, setData: () -> Void) {
    setData()
    lastBlockRefusal = nil
    model.reloadData(newSections: dataSource())
  }

  /// Applies one block: `setData`, then the data source is read, the calls validated as
  /// UIKit validates them, and cells and selection carried across; the silent refresh's
  /// configuration is called for each refreshed realized cell.
  ///
  /// - Parameters:
  ///   - batch: The calls.
  ///   - snapshot: Nothing: the view reads its data source.
  ///   - animated: Whether the block animates (only animated blocks are held).
  ///   - setData: Switches the app's data source, inside the block.
  ///   - refreshing: Silent refreshes, from a cell's path before to its item's path after.
  ///   - elementUpdates: For a silent refresh, the configuration to call.
  ///   - completion: Called when the block's animation ends; with `false` for a block UIKit
  ///     would have refused.
  /// - Complexity: That of `CollectionModel.performBatchUpdates`, and the data source.
  @inlinable
  public func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdates,
    completion: ((Bool) -> Void)?
  ) {
    // Inlinable, so that the model's batch is specialized for the app's types (unspecialized,
    // its generic bookkeeping costs several times what the diff does); the view's own
    // bookkeeping stays behind the calls below.
    _blockWillApply()
    // A guarded replay may replace the calls once the data source switched.
    let replacement = setData()
    let calls = replacement ?? batch
    let refreshing = replacement == nil ? refreshing : []
    let sections = dataSource()
    if case .silent(let configure) = elementUpdates {
      for refresh in refreshing {
        if let cell = model.cell(at: refresh.source) { configure(cell, refresh.target) }
      }
    }
    var refusal: BatchUpdateError?
    updateModel { model in
      do throws(BatchUpdateError) {
        try model.performBatchUpdates(
          calls, snapshot: sections, animated: animated, setData: { nil },
          refreshing: refreshing, by: elementUpdates.mode, completion: nil)
      } catch {
        refusal = error
      }
    }
    if let refusal {
      _blockRefused(calls, refusal, reloading: sections)
      completion?(false)
      return
    }
    _blockApplied(calls, completion: completion, animated: animated)
  }

  /// Notes a block as it begins, for the held animations.
  @usableFromInline
  func _blockWillApply() { held.blockWillApply() }

  /// Records a refused block, and reloads from the data source, as UIKit's view does.
  @usableFromInline
  func _blockRefused(_ calls: BatchUpdate, _ error: BatchUpdateError, reloading: [Section]) {
    verdicts.append(Verdict(batch: calls, error: error))
    lastBlockRefusal = error
    model.reloadData(newSections: reloading)
  }

  /// Records an applied block, and calls or holds its completion.
  @usableFromInline
  func _blockApplied(_ calls: BatchUpdate, completion: ((Bool) -> Void)?, animated: Bool) {
    lastBlockRefusal = nil
    verdicts.append(Verdict(batch: calls, error: nil))
    if !held.hold(completion, animated: animated) { completion?(true) }
  }

}

extension HeadlessCollectionView: @MainActor DataSourceBackedTarget {
  /// The item count of each section the data source answers now: `dataSource` read, as
  /// UIKit reads `numberOfSections` and `numberOfItems(inSection:)` from its data source.
  ///
  /// - Complexity: O(S) and the data source, for S sections.
  @inlinable
  public var dataSourceItemCounts: [Int]? { _BlockCounts.sections(of: dataSource()).counts }
}

/// The view records UIKit's refusal of a block (`lastBlockRefusal`, a `BatchUpdateError`)
/// instead of raising, and reloads from its data source.
extension HeadlessCollectionView: @MainActor RefusalReportingTarget {}

extension HeadlessCollectionView: @MainActor ReorderableTarget {
  /// Moves the item as the user's drag does, as UIKit does: the view moves the cell first,
  /// then tells its data source (`moveItemInDataSource`). A path the view does not show
  /// moves nothing and tells nothing, as UIKit never reports such a drag.
  ///
  /// - Parameters:
  ///   - source: Where the item was.
  ///   - destination: Where it is now.
  /// - Complexity: That of `CollectionModel.moveItemInteractively(from:to:)`, and the data
  ///   source's.
  public func moveItemInteractively(from source: ElementPath, to destination: ElementPath) {
    do {
      try model.moveItemInteractively(from: source, to: destination)
    } catch {
      return
    }
    moveItemInDataSource?(source, destination)
  }
}

/// The view's selection and scrolling are its model's (`CollectionModelHolder`).
extension HeadlessCollectionView: @MainActor CollectionModelHolder {
  /// Changes the model.
  ///
  /// - Parameter change: The change.
  /// - Complexity: That of `change`.
  @usableFromInline
  package func updateModel(_ change: (inout CollectionModel<Section>) -> Void) { change(&model) }

  /// Reads the model in place.
  ///
  /// - Complexity: That of `read`.
  package func readModel<Result>(
    _ read: (borrowing CollectionModel<Section>) -> Result
  ) -> Result {
    read(model)
  }
}

extension HeadlessCollectionView: @MainActor ReplayObservingTarget {
  /// Starts one update of the model (see `ReplayObservingTarget.replayWillBegin()`).
  ///
  /// - Complexity: O(1).
  @inlinable
  public func replayWillBegin() {
    _updateDepthChanged(by: 1)
    updateModel { $0.replayWillBegin() }
  }

  /// Ends one update of the model: its triggers are evaluated after the outermost.
  ///
  /// - Complexity: That of the model's `replayDidEnd()`.
  @inlinable
  public func replayDidEnd() {
    _updateDepthChanged(by: -1)
    updateModel { $0.replayDidEnd() }
  }

  /// Counts the updates under way, whose cells are passed on at the outermost's end.
  @usableFromInline
  func _updateDepthChanged(by change: Int) { updateDepth += change }
}

extension HeadlessCollectionView: @MainActor ItemContentUpdating {
  /// Reads the item at `path` from the data source and reconfigures its cell, as UIKit's
  /// `reconfigureItems(at:)` outside a batch does (`CollectionModel.updateItem(at:with:)`).
  /// A path the data source does not have is recorded as a refusal, as a block would be.
  ///
  /// - Parameter path: The item's path.
  /// - Complexity: O(1), and O(log n) to measure the item again.
  public func itemContentDidChange(at path: ElementPath) {
    let sections = dataSource()
    guard sections.indices.contains(path.section), path.element >= 0,
      path.element < sections[path.section].elements.count
    else {
      do {
        try model.reconfigureItems(at: [path])
      } catch {
        verdicts.append(Verdict(batch: BatchUpdate(reconfigureItems: [path]), error: error))
      }
      return
    }
    let elements = sections[path.section].elements
    let element = elements[elements.index(elements.startIndex, offsetBy: path.element)]
    try? model.updateItem(at: path, with: element)
  }

  /// The item whose top holds still while the items below it grow: the model's
  /// `pinnedItem`, which governs updates and measured sizes alike.
  ///
  /// - Complexity: Setting, O(n).
  public var pinnedItem: Section.Collection.Element.DifferenceIdentifier? {
    get { model.pinnedItem }
    set { model.pinnedItem = newValue }
  }
}

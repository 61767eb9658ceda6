import StagecraftDiff
import StagecraftModel
import StagecraftPipeline
import StagecraftReplay

/// What a SwiftUI container's coordinator does for a collection view, without SwiftUI or
/// UIKit: it is the view's data source, brings each new version of the data onto the view
/// as staged, guarded batch updates, keeps the selection by identity in both directions,
/// refreshes only the items that changed, and asks for more data near the end.
///
/// It runs over any `BatchUpdateTarget` class: a `UICollectionView` in an app (through the
/// `StagedCollection` SwiftUI view, or a representable of your own), a
/// `HeadlessCollectionView` or a `CollectionModelView` in a test. The calls an app's
/// representable makes:
///
/// | SwiftUI or UIKit calls | the coordinator |
/// |---|---|
/// | `updateUIViewController` with new data | `update(items:animated:)`, `update(sections:animated:)` |
/// | the data source's `numberOfSections`, `numberOfItemsInSection`, `cellForItemAt` | `numberOfSections`, `numberOfItems(inSection:)`, `item(at:)` |
/// | the delegate's `didSelectItemAt`, `didDeselectItemAt` | `didSelectItem(at:)`, `didDeselectItem(at:)` |
/// | a change of the selection binding | `selection`, `selectedItem` (set) |
/// | the delegate's `willDisplay` | `willDisplayItem(at:)` |
/// | the view's `didMoveToWindow` | `windowDidChange()` |
///
/// ```swift
/// import Stagecraft
///
/// @MainActor func feed() -> [String] {
///   let view = HeadlessCollectionView(CollectionModel(items: [String]()), items: { [] })
///   // The coordinator becomes the view's data source.
///   let coordinator = CollectionCoordinator(target: view)
///   // The first data: one reload. Then staged, guarded batch updates.
///   coordinator.update(items: ["a", "b"], animated: true)
///   coordinator.selection = ["b"]
///   coordinator.update(items: ["c", "b"], animated: true)
///   return view.model.items + view.model.indexPathsForSelectedItems.map { "selected \($0)" }
/// }
/// print(await feed())  // prints ["c", "b", "selected [0, 1]"]
/// ```
///
/// ## Updates
/// The first data, a view off screen and a change above `policy.reloadAboveChanges` become
/// one `reloadData()`; unchanged data does nothing at all. Otherwise the data is diffed
/// (off the main actor above `policy.inlineDiffBelow` elements) and replayed through the
/// guard, animated or not as the transaction asks, one replay at a time: data that arrives
/// while one animates waits, only the newest is kept, and it is replayed when the
/// animation ends, or when the view comes back into a window. Cells and selection survive
/// either way.
@MainActor
public final class CollectionCoordinator<
  Target: BatchUpdateTarget & AnyObject, Section: DifferentiableSection & Sendable
> where Target.Failure: Sendable {
  /// An item of the data.
  public typealias Item = Section.Collection.Element
  /// An item's identity: what the selection holds.
  public typealias ItemIdentifier = Item.DifferenceIdentifier

  /// The view.
  public let target: Target

  @usableFromInline let pipeline: UpdatePipeline<[Section], Target.Failure>
  /// Whether the view has been shown its first data.
  @usableFromInline var hasLoaded = false
  /// The newest data handed in.
  ///
  /// - Complexity: O(1).
  @inlinable public var latestSections: [Section] { _latestSections }
  @usableFromInline var _latestSections: [Section] = []
  /// How many versions of the data were handed in, and the newest the view has shown.
  @usableFromInline var _latestVersion = 0
  var _shownVersion = 0

  /// The bound selection, by identity.
  var _selection: Set<ItemIdentifier> = []
  /// Each identifier's path in the data the view shows, built on demand, and the data
  /// version it was built for.
  var _index: [ItemIdentifier: ElementPath] = [:]
  var _indexVersion = -1
  /// The data version for which `onLoadMore` was last called.
  var _loadMoreVersion = -1
  /// Whether more than one item can be selected, when the app said so.
  var _allowsMultipleSelection: Bool?

  /// Called when the coordinator changes the selection itself: a tap, or selected items that
  /// left the data. Not called when the app sets `selection`. Write it back to the binding.
  /// A change made during a view update arrives after it (see "Callbacks").
  public var onSelectionChange: ((Set<ItemIdentifier>) -> Void)?

  /// Called with the item the user tapped (`didSelectItem(at:)`), whether or not a
  /// selection is bound: the tutorial's `didSelectItem`, a row that opens a detail view.
  public var onSelectItem: ((Item) -> Void)?

  /// Whether a tapped item stays selected: `true` (the default) for a list bound to a
  /// selection; `false` for one without, where a tap is an action: the item is reported to
  /// `onSelectItem` and deselected at once, as a tapped button comes back up.
  public var selectsOnTap = true

  /// Ask for more data when an item this close to the end is on screen: `nil` (the default)
  /// never asks.
  ///
  /// - Complexity: O(1).
  @available(*, deprecated, message: "Use onReachEnd, whose distance is in points or viewports")
  public var loadMoreDistance: Int? {
    get { _loadMoreDistance }
    set { _loadMoreDistance = newValue }
  }
  var _loadMoreDistance: Int?

  /// Called when an item within `loadMoreDistance` of the end is on screen, at most once
  /// per version of the data the view shows.
  ///
  /// - Complexity: O(1).
  @available(*, deprecated, message: "Use onReachEnd, which is busy until the page arrives")
  public var onLoadMore: (() -> Void)? {
    get { _onLoadMore }
    set { _onLoadMore = newValue }
  }
  var _onLoadMore: (() -> Void)?

  /// Sets the deprecated row-count trigger without a deprecation warning: for a shell that
  /// still forwards it.
  package func _setLoadMore(distance: Int?, _ action: (() -> Void)?) {
    _loadMoreDistance = distance
    _onLoadMore = action
  }

  /// Called when a scroll comes to rest on another item (`scrollDidSettle()`): write it back
  /// to a scroll-position binding.
  public var onScrollPositionChange: ((ItemIdentifier) -> Void)?

  /// The item the list was last scrolled to, by identity.
  var _scrolledItem: ItemIdentifier?

  /// When batch updates animate.
  var _animation = CollectionUpdateStrategy.Animation.followTransaction

  /// App callbacks due and not yet delivered: those made during a view update wait for the
  /// next turn of the main actor.
  var _pending: [_PendingCallback] = []
  /// How many view-update calls are under way.
  var _viewUpdateDepth = 0
  /// Whether a delivery of the pending callbacks is scheduled.
  var _deliveryScheduled = false

  /// The reach triggers, the direction of the last scroll, and the offset it was seen at.
  var _reachEnd = ReachTrigger(.end)
  var _reachStart = ReachTrigger(.start)
  var _direction = ScrollDirection.forward
  var _lastOffset: Double?

  /// Called when the list comes within `reachEndDistance` of its end: load the next page.
  /// The trigger is busy until the handler returns, and fires again only once the page
  /// arrived (the content grew) or the viewport left the zone and came back (see
  /// `ReachTrigger`). Needs a view that reports its scroll metrics.
  public var onReachEnd: (@MainActor () async -> Void)?

  /// Called when the list comes within `reachStartDistance` of its start, scrolling toward
  /// it: load older messages. Busy until the handler returns, as `onReachEnd`.
  public var onReachStart: (@MainActor () async -> Void)?

  /// The outstanding prefetches, by identity, and what the view asked for during an
  /// update, taken at its end.
  var _prefetches = PrefetchLedger<ItemIdentifier>()
  var _heldPrefetches: (cancel: [ItemIdentifier], prefetch: [ItemIdentifier]) = ([], [])

  /// Called with the items to prefetch, nearest first: the view's prefetching
  /// (`prefetchItems(at:)`, or a `HeadlessCollectionView`'s model) mapped to identities
  /// through the data the view shows. An item is asked for once until it is shown or
  /// cancelled.
  public var onPrefetch: (([ItemIdentifier]) -> Void)?

  /// Called with the items whose prefetch is no longer needed: the view cancelled it, or an
  /// update deleted the item. Only items `onPrefetch` asked for, once each.
  public var onCancelPrefetch: (([ItemIdentifier]) -> Void)?

  @usableFromInline
  init(target: Target, pipeline: UpdatePipeline<[Section], Target.Failure>) {
    self.target = target
    self.pipeline = pipeline
    pipeline._drainsAtOnce = true
    // The item the user reads stays put, across reloads too (the pipeline knows the data).
    pipeline.scrollPosition = .keepAnchor
    pipeline._relocate = { _relocateSections($0, $1, $2) }
    pipeline._didApply = { [weak self] in self?._viewDidApply() }
  }

  /// When to reload instead of animating, and where to diff: reload above 1,000 changes,
  /// and diff off the main actor from 2,000 elements on, by default.
  ///
  /// - Complexity: O(1).
  public var policy: UpdatePolicy {
    get { pipeline.policy }
    set { pipeline.policy = newValue }
  }

  /// What the coordinator did so far: its requests, replays, reloads and superseded data.
  ///
  /// - Complexity: O(1).
  public var statistics: UpdatePipeline<[Section], Target.Failure>.Statistics {
    pipeline.statistics
  }
}

extension CollectionCoordinator where Target.Snapshot == Void {
  /// The pipeline of a coordinator over a view that reads its data source: every replay
  /// guarded against the view's counts.
  @inlinable
  static func _guardedPipeline(
    _ target: Target, policy: UpdatePolicy, elementUpdates: Target.ElementUpdates,
    guard check: UpdateGuard
  ) -> UpdatePipeline<[Section], Target.Failure> {
    UpdatePipeline(
      view: target, data: [], policy: policy, elementUpdates: elementUpdates, guard: check,
      counts: { .sections(of: $0) },
      elementCount: { _BlockCounts.elementCount(ofSections: $0) },
      diff: { _coordinatorDiff($0, $1) })
  }

  /// A coordinator for a view that reads its data source (a `UICollectionView`, a
  /// `UITableView`, a `HeadlessCollectionView`): make the view's data source answer from
  /// `sections` (or `numberOfSections`, `numberOfItems(inSection:)` and `item(at:)`).
  ///
  /// - Parameters:
  ///   - target: The view.
  ///   - elementUpdates: How changed items reach their cells: `.reconfigure` by default,
  ///     or a silent refresh that configures the cell in place. The coordinator holds it: a
  ///     refresh that reads the coordinator (its `item(at:)`) must capture it weakly.
  ///   - policy: When to reload instead of animating, and where to diff.
  ///   - check: What to do with a block UIKit would refuse; every replay is guarded.
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public convenience init(
    target: Target, elementUpdates: Target.ElementUpdates = .reconfigure,
    policy: UpdatePolicy = UpdatePolicy(reloadAboveChanges: 1_000),
    guard check: UpdateGuard = .standard
  ) {
    self.init(
      target: target,
      pipeline: Self._guardedPipeline(
        target, policy: policy, elementUpdates: elementUpdates, guard: check))
  }
}

extension CollectionCoordinator {
  /// A coordinator for a `HeadlessCollectionView`, which it becomes the data source, the
  /// prefetch data source and the scroll delegate of (held weakly, as a view holds them).
  ///
  /// - Parameters:
  ///   - target: The view.
  ///   - elementUpdates: How changed items reach their cells: `.reconfigure` by default,
  ///     or a silent refresh. The coordinator holds it: a refresh that reads the coordinator
  ///     (its `item(at:)`) must capture it weakly.
  ///   - policy: When to reload instead of animating, and where to diff.
  ///   - check: What to do with a block UIKit would refuse; every replay is guarded.
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public convenience init(
    target: Target, elementUpdates: Target.ElementUpdates = .reconfigure,
    policy: UpdatePolicy = UpdatePolicy(reloadAboveChanges: 1_000),
    guard check: UpdateGuard = .standard
  ) where Target == HeadlessCollectionView<Section> {
    self.init(
      target: target,
      pipeline: Self._guardedPipeline(
        target, policy: policy, elementUpdates: elementUpdates, guard: check))
    target.dataSource = { [weak self] in self?.sections ?? [] }
    // What a representable wires to UIKit: the prefetch data source and the scroll view's
    // delegate.
    target.onPrefetchItems = { [weak self] in self?.prefetchItems(at: $0) }
    target.onCancelPrefetchingItems = { [weak self] in self?.cancelPrefetchingForItems(at: $0) }
    target.onViewportChange = { [weak self] in self?.viewportDidChange() }
  }

  /// A coordinator for a `CollectionModelView`, which holds its data itself.
  ///
  /// - Parameters:
  ///   - target: The view.
  ///   - elementUpdates: How changed items reach their cells: `.reconfigure` by default.
  ///   - policy: When to reload instead of animating, and where to diff.
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public convenience init(
    target: Target, elementUpdates: ElementUpdateMode = .reconfigure,
    policy: UpdatePolicy = UpdatePolicy(reloadAboveChanges: 1_000)
  ) where Target == CollectionModelView<Section> {
    self.init(
      target: target,
      pipeline: UpdatePipeline(
        target: target, data: [], policy: policy, elementUpdates: elementUpdates,
        diff: { _coordinatorDiff($0, $1) }, snapshot: { $0 },
        elementCount: { _BlockCounts.elementCount(ofSections: $0) }))
  }
}

/// The staged changeset between two versions of a coordinator's data. A list of one section
/// that stays the same section (a flat list, which a coordinator holds as one section) is
/// diffed as a flat list, whose local edits cost what they change, and its stages are
/// lifted to the section; anything else takes the sectioned diff.
///
/// - Complexity: O(k) expected for a local edit of k elements of one section; otherwise
///   that of `StagedChangeset(source:target:)` for sections.
@inlinable @inline(__always)
func _coordinatorDiff<Section: DifferentiableSection>(_ source: [Section], _ target: [Section])
  -> StagedChangeset<[Section]>
{
  guard source.count == 1, target.count == 1,
    source[0].differenceIdentifier == target[0].differenceIdentifier,
    target[0].isContentEqual(to: source[0])
  else { return StagedChangeset(source: source, target: target) }
  let section = target[0]
  let flat = StagedChangeset(source: Array(source[0].elements), target: Array(section.elements))
  return StagedChangeset(
    flat.map { stage in
      Changeset(
        data: [Section(source: section, elements: stage.data)],
        elementDeleted: stage.elementDeleted, elementInserted: stage.elementInserted,
        elementUpdated: stage.elementUpdated, elementMoved: stage.elementMoved)
    })
}

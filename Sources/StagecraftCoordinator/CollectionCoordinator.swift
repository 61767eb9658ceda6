import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftPipeline
import StagecraftReplay

/// What a SwiftUI container's coordinator does for a collection view, without SwiftUI or
/// UIKit: it is the view's data source, brings each new version of the data onto the view
/// as staged, guarded batch updates, keeps the selection by identity in both directions,
/// refreshes only the items that changed, and asks for more data near the end.
///
/// It runs over any `BatchUpdateTarget` class that keeps a selection and a scroll position
/// (`SelectableTarget`, `ScrollableTarget`): a `UICollectionView` in an app (through the
/// `StagedCollection` SwiftUI view, or a representable of your own), a
/// `HeadlessCollectionView` or a `CollectionModelView` in a test. The calls an app's
/// representable makes:
///
/// | SwiftUI or UIKit calls | the coordinator |
/// |---|---|
/// | `updateUIViewController` | `apply(_:configuringView:)` with one `CollectionInput` (data, bindings, handlers); or `update(items:animated:)`, `update(sections:animated:)` and the properties one by one |
/// | the data source's `numberOfSections`, `numberOfItemsInSection`, `cellForItemAt` | `numberOfSections`, `numberOfItems(inSection:)`, `item(at:)` |
/// | the delegate's `didSelectItemAt`, `didDeselectItemAt` | `didSelectItem(at:)`, `didDeselectItem(at:)` |
/// | a change of the selection binding | `selection`, `selectedItem` (set) |
/// | the delegate's `willDisplay` | `willDisplayItem(at:)` |
/// | the prefetch data source's `prefetchItemsAt`, `cancelPrefetchingForItemsAt` | `prefetchItems(at:)`, `cancelPrefetchingForItems(at:)` |
/// | the scroll view delegate's `scrollViewDidScroll`, and the scroll coming to rest | `viewportDidChange()`, `scrollDidSettle()` |
/// | `viewDidLayoutSubviews` | `viewDidLayout()` |
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
/// The first data, a view off screen and a change above `strategy.reloadAboveChanges` become
/// one `reloadData()`; unchanged data does nothing at all. Otherwise the data is diffed
/// (off the main actor from `strategy.inlineDiffBelow` elements) and replayed through the
/// guard, animated or not as the transaction asks, one replay at a time: data that arrives
/// while one animates waits, only the newest is kept, and it is replayed when the
/// animation ends, or when the view comes back into a window. Cells and selection survive
/// either way.
@MainActor
public final class CollectionCoordinator<
  Target: SelectableTarget & ScrollableTarget & AnyObject,
  Section: DifferentiableSection & Sendable
> where Target.Failure: Sendable {
  /// An item of the data.
  public typealias Item = Section.Collection.Element
  /// An item's identity: what the selection holds.
  public typealias ItemIdentifier = Item.DifferenceIdentifier

  /// The view.
  public let target: Target

  // Isolated to the main actor, and read or written only in accesses that end before
  // anything else runs: the state an update reads is exempt from run-time exclusivity
  // checks, as the pipeline's is.

  @usableFromInline let pipeline: UpdatePipeline<[Section], Target.Failure>
  /// Whether the view has been shown its first data.
  @exclusivity(unchecked) @usableFromInline var hasLoaded = false
  /// The newest data handed in.
  ///
  /// - Complexity: O(1).
  @inlinable public var latestSections: [Section] { _latestSections }
  @exclusivity(unchecked) @usableFromInline var _latestSections: [Section] = []
  /// How many versions of the data were handed in, and the newest the view has shown.
  @exclusivity(unchecked) @usableFromInline var _latestVersion = 0
  @exclusivity(unchecked) @usableFromInline var _shownVersion = 0
  /// The items changed in place since the data last changed otherwise.
  @exclusivity(unchecked) var _contentLog = _ContentLog(start: 0)

  // The concerns: each owns its state and hears of the data, the viewport and the cells
  // shown through the coordinator, their context. A new concern is a new type and a line in
  // `_tellConcerns(_:)`.

  /// Where each item is, by identity, in the data shown and the newest.
  @usableFromInline package let _index = CoordinatorIndex<Section>()
  /// The selection, by identity, both ways.
  let _selection = CoordinatorSelection<Item>()
  /// The item the list is scrolled to.
  let _scrolled = CoordinatorScrolledItem<Item>()
  /// The reach triggers.
  let _reach = CoordinatorReach<Item>()
  /// Prefetching by identity.
  let _prefetch = CoordinatorPrefetchRelay<Item>()
  /// App callbacks, out of view updates.
  let _callbacks = CoordinatorCallbacks()
  /// Focus by identity, where the view keeps focus by index path (`FocusKeepingTarget`).
  let _focus: CoordinatorFocus<Section>

  /// Tells each concern of `event`, in the order they hear of new data, of the viewport and
  /// of a cell shown. Each is called by its own type, not through an array of existentials:
  /// opening a constrained existential looked up its metadata at every call, about a
  /// twentieth of what the coordinator added to a small update.
  func _tellConcerns(_ event: CoordinatorEvent) {
    _selection.hear(event, self)
    _scrolled.hear(event, self)
    _prefetch.hear(event, self)
    _reach.hear(event, self)
  }

  @usableFromInline
  init(
    target: Target, pipeline: UpdatePipeline<[Section], Target.Failure>,
    strategy: UpdateStrategy
  ) {
    self.target = target
    self.pipeline = pipeline
    _focus = CoordinatorFocus(view: target as? any FocusKeepingTarget)
    pipeline._didApply = { [weak self] in self?._viewDidApply() }
    self.strategy = strategy
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
    _ target: Target, configureCell: ((Target.ElementUpdates.Cell, ElementPath) -> Void)?,
    guard check: UpdateGuard?
  ) -> UpdatePipeline<[Section], Target.Failure> {
    UpdatePipeline(
      view: target, data: [], strategy: UpdateStrategy(), configureCell: configureCell,
      guard: check, counts: { .sections(of: $0) },
      elementCount: { _BlockCounts.elementCount(ofSections: $0) }, entry: .coordinator,
      wiring: _coordinatorWiring(), diff: { _coordinatorDiff($0, $1) })
  }

  /// A coordinator for a view that reads its data source (a `UICollectionView`, a
  /// `UITableView`, a `HeadlessCollectionView`): make the view's data source answer from
  /// `sections` (or `numberOfSections`, `numberOfItems(inSection:)` and `item(at:)`).
  ///
  /// - Parameters:
  ///   - target: The view.
  ///   - strategy: The updates' settings (`UpdateStrategy`): `.coordinator` by default (the
  ///     anchor kept, changed items reconfigured), as the transaction says.
  ///   - configureCell: Configures a realized cell for the item at a path, for a silent
  ///     refresh (the strategy's `elementUpdates` `.silent`). The coordinator holds it: a
  ///     configuration that reads the coordinator (its `item(at:)`) must capture it weakly.
  ///   - check: What to do with a block UIKit would refuse; every replay is guarded. `nil`
  ///     (the default) reads `UpdateGuard.standard` at each update, so that a recorder the app
  ///     sets on it later is used.
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public convenience init(
    target: Target, strategy: UpdateStrategy = .coordinator,
    configureCell: ((Target.ElementUpdates.Cell, ElementPath) -> Void)? = nil,
    guard check: UpdateGuard? = nil
  ) {
    self.init(
      target: target,
      pipeline: Self._guardedPipeline(target, configureCell: configureCell, guard: check),
      strategy: strategy)
  }

}

extension CollectionCoordinator {
  /// A coordinator for a `HeadlessCollectionView`. As a representable does with a
  /// `UICollectionView`, the coordinator becomes the view's data source (the view's
  /// `dataSource` is replaced: build the view with `HeadlessCollectionView(_:)`, which has
  /// none), its prefetch data source, its delegate's `willDisplay` and its scroll delegate,
  /// each held weakly.
  ///
  /// - Parameters:
  ///   - target: The view.
  ///   - strategy: The updates' settings (`UpdateStrategy`): `.coordinator` by default (the
  ///     anchor kept, changed items reconfigured), as the transaction says.
  ///   - configureCell: Configures a realized cell for the item at a path, for a silent
  ///     refresh (the strategy's `elementUpdates` `.silent`). The coordinator holds it: a
  ///     configuration that reads the coordinator (its `item(at:)`) must capture it weakly.
  ///   - check: What to do with a block UIKit would refuse; every replay is guarded. `nil`
  ///     (the default) reads `UpdateGuard.standard` at each update, so that a recorder the app
  ///     sets on it later is used.
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public convenience init(
    target: Target, strategy: UpdateStrategy = .coordinator,
    configureCell: ((Target.ElementUpdates.Cell, ElementPath) -> Void)? = nil,
    guard check: UpdateGuard? = nil
  ) where Target == HeadlessCollectionView<Section> {
    self.init(
      target: target,
      pipeline: Self._guardedPipeline(target, configureCell: configureCell, guard: check),
      strategy: strategy)
    _wire(target)
  }

  /// Makes the coordinator the headless view's data source, prefetch data source, display
  /// delegate and scroll delegate.
  @usableFromInline
  func _wire(_ view: HeadlessCollectionView<Section>) {
    view.dataSource = { [weak self] in self?.sections ?? [] }
    view.onPrefetchItems = { [weak self] in self?.prefetchItems(at: $0) }
    view.onCancelPrefetchingItems = { [weak self] in self?.cancelPrefetchingForItems(at: $0) }
    view.onWillDisplayItem = { [weak self] in self?.willDisplayItem(at: $0) }
    view.onViewportChange = { [weak self] in self?.viewportDidChange() }
  }

  /// A coordinator for a `CollectionModelView`, which holds its data itself.
  ///
  /// - Parameters:
  ///   - target: The view.
  ///   - strategy: The updates' settings (`UpdateStrategy`): `.coordinator` by default (the
  ///     anchor kept, changed items reconfigured), as the transaction says.
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public convenience init(
    target: Target, strategy: UpdateStrategy = .coordinator
  ) where Target == CollectionModelView<Section> {
    self.init(
      target: target,
      pipeline: UpdatePipeline(
        target: target, data: [], strategy: UpdateStrategy(),
        diff: { _coordinatorDiff($0, $1) }, snapshot: { $0 },
        elementCount: { _BlockCounts.elementCount(ofSections: $0) }, wiring: _coordinatorWiring()),
      strategy: strategy)
  }

}

/// What a coordinator's pipeline is told at birth: the next request starts in the turn the
/// running one completes, as UIKit's completion handlers follow at once, and a reload keeps
/// the item the user reads by identity.
@usableFromInline
func _coordinatorWiring<Section: DifferentiableSection>() -> _PipelineWiring<[Section]> {
  _PipelineWiring(drainsAtOnce: true, relocate: { _relocateSections($0, $1, $2) })
}

/// The staged changeset between two versions of a coordinator's data. A list of one section
/// that stays the same section (a flat list, which a coordinator holds as one section) is
/// diffed as a flat list, whose local edits cost what they change, and its stages are
/// lifted to the section; anything else takes the sectioned diff.
///
/// - Complexity: O(k) expected for a local edit of k elements of one section; otherwise
///   that of `StagedChangeset(source:target:)` for sections.
@inlinable @inline(__always)
package func _coordinatorDiff<Section: DifferentiableSection>(
  _ source: [Section], _ target: [Section]
)
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

/// How new data reaches a view: whether the batch updates animate, when a plain reload
/// replaces them, where the diff runs, what the scroll position keeps, how updated elements
/// reach their cells, and how the calls are laid out in blocks. The one settings value of
/// every entry point: `reload(using:)`, `UpdatePipeline`, `CollectionCoordinator`,
/// `DiffableDataSource` and the drop-ins.
///
/// Every default is stated here, once:
/// - `animation` is `.asRequested`: an update animates when its call asks to (`animated:`,
///   `animatingDifferences:`, a SwiftUI transaction); `reload(using:)` always asks to.
/// - `reloadAboveChanges` and `reloadAboveCount` are `nil`: size alone never turns batch
///   updates into a reload (the guard still reloads instead of a block UIKit would refuse).
/// - `inlineDiffBelow` is 2,000: below it the hop to a background task costs more than the
///   diff.
/// - `anchoring` is `.none`: an update leaves the content offset alone, as UIKit does.
/// - `elementUpdates` is `.reload`: an updated element gets a new cell, as DifferenceKit's
///   `reload(using:)` gives it.
/// - Reconfigures get a block of their own, and moves stay moves.
///
/// A setting means the same at every entry point. The entry points whose default differs
/// say so and have it as a preset: `CollectionCoordinator` and `StagedCollection` take
/// `.coordinator` by default, which keeps the anchor, as SwiftUI's lists do, and reconfigures
/// updated items, as Apple's diffable data source advises.
///
/// The three other presets are KarrotListKit's: `.animatedBatchUpdates`,
/// `.nonanimatedBatchUpdates` and `.reloadData`. Settings compose from any of them:
///
/// ```swift
/// import Stagecraft
///
/// let strategy = UpdateStrategy.animatedBatchUpdates.reloading(above: 1_000)
///   .anchoring(.stickToBottom)
/// print(strategy.reloadAboveChanges ?? 0, strategy.anchoring)  // prints 1000 stickToBottom
/// print(UpdateStrategy().anchoring, UpdateStrategy.coordinator.anchoring)  // prints none keepAnchor
/// print(UpdateStrategy().elementUpdates, UpdateStrategy.coordinator.elementUpdates)  // prints reload reconfigure
/// print(UpdateStrategy().animates(requested: false, itemCount: 10))  // prints false
/// let tutorial = UpdateStrategy.alwaysAnimated(below: 1_000)
/// print(tutorial.animates(requested: false, itemCount: 999))  // prints true
/// print(tutorial.animates(requested: true, itemCount: 1_000))  // prints false
/// ```
public struct UpdateStrategy: Hashable, Sendable {
  /// When batch updates animate.
  public enum Animation: Hashable, Sendable {
    /// When the call asks to (the default).
    case asRequested
    /// Always.
    case always
    /// Never.
    case never
    /// When the call asks to and the new data has fewer than this many items; never
    /// otherwise.
    case below(items: Int)
    /// Whenever the new data has fewer than this many items, whatever the call asks;
    /// never otherwise.
    case alwaysBelow(items: Int)
  }

  /// When batch updates animate; `.asRequested` by default.
  public var animation: Animation
  /// Reload, without animation, when an update changes more than this many elements and
  /// sections; `nil` (the default) never reloads for that, 0 always reloads.
  public var reloadAboveChanges: Int?
  /// Reload, without animation, when the new data holds more than this many elements;
  /// `nil` (the default) never does.
  public var reloadAboveCount: Int?
  /// Diff on the caller's actor, without a hop to a background task, when the old and the
  /// new data hold fewer elements than this together; 2,000 by default, `.max` always diffs
  /// there. Read by the entry points that diff (`UpdatePipeline` and those above it).
  public var inlineDiffBelow: Int
  /// What an update keeps of the scroll position (`ScrollAnchoring`); `.none` by default,
  /// at every entry point (the coordinator's default strategy, `.coordinator`, sets
  /// `.keepAnchor`).
  public var anchoring: ScrollAnchoring
  /// How an updated element (same identity, new content) reaches its cell
  /// (`ElementUpdateMode`): `.reload` (a new cell) by default; the coordinator's default
  /// strategy, `.coordinator`, sets `.reconfigure`. A view's silent refresh calls the cell
  /// configuration its entry point was given (`configureCell:`); without one, a view
  /// reconfigures instead, since only the app knows how to configure its cells.
  /// `DiffableDataSource` reads its snapshot's marks instead (`reloadItems`,
  /// `reconfigureItems`), as Apple's does.
  public var elementUpdates: ElementUpdateMode
  /// Whether an update stage's reconfigures ride inside the next stage's block, at their
  /// positions after it (one block fewer), instead of in a block of their own right after
  /// it. `false` by default: Apple advises reconfiguring outside a batch, and the libraries
  /// that reconfigure on a real view do it in a second block (the article The Batch-Update
  /// Rules, "Reconfigures inside a block").
  public var reconfiguresInsideStructuralBlock: Bool
  /// Whether every item move is replayed as a delete at its source and an insert at its
  /// target. The moved cells are then replaced (and lose their selection) instead of
  /// sliding; for table views on which moves beside other changes misbehave. `false` by
  /// default.
  public var replaysMovesAsDeletesAndInserts: Bool

  /// A strategy; every argument has the default stated on the type.
  ///
  /// - Parameters:
  ///   - animation: When batch updates animate.
  ///   - reloadAboveChanges: Reload above this many changes.
  ///   - reloadAboveCount: Reload above this many elements.
  ///   - inlineDiffBelow: Diff without a hop below this many elements.
  ///   - anchoring: What an update keeps of the scroll position.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - reconfiguresInsideStructuralBlock: Let reconfigures ride inside the structural
  ///     block.
  ///   - replaysMovesAsDeletesAndInserts: Replay item moves as deletes and inserts.
  /// - Complexity: O(1).
  public init(
    animation: Animation = .asRequested, reloadAboveChanges: Int? = nil,
    reloadAboveCount: Int? = nil, inlineDiffBelow: Int = 2_000,
    anchoring: ScrollAnchoring = .none, elementUpdates: ElementUpdateMode = .reload,
    reconfiguresInsideStructuralBlock: Bool = false, replaysMovesAsDeletesAndInserts: Bool = false
  ) {
    self.animation = animation
    self.reloadAboveChanges = reloadAboveChanges
    self.reloadAboveCount = reloadAboveCount
    self.inlineDiffBelow = inlineDiffBelow
    self.anchoring = anchoring
    self.elementUpdates = elementUpdates
    self.reconfiguresInsideStructuralBlock = reconfiguresInsideStructuralBlock
    self.replaysMovesAsDeletesAndInserts = replaysMovesAsDeletesAndInserts
  }

  /// Animated batch updates, whatever the call asks (KarrotListKit's
  /// `animatedBatchUpdates`).
  public static let animatedBatchUpdates = UpdateStrategy(animation: .always)
  /// Batch updates without animation (KarrotListKit's `nonanimatedBatchUpdates`).
  public static let nonanimatedBatchUpdates = UpdateStrategy(animation: .never)
  /// Always `reloadData()` with the final data: no batch updates, no animation, no
  /// validation of the stages (KarrotListKit's `reloadData`).
  public static let reloadData = UpdateStrategy(animation: .never, reloadAboveChanges: 0)

  /// The default of `CollectionCoordinator` and `StagedCollection`: the defaults, keeping
  /// the anchor (`.keepAnchor`), as SwiftUI's lists keep what the user reads, and
  /// reconfiguring updated items (`.reconfigure`), so that a cell keeps its selection and
  /// its state, as Apple advises for a diffable data source's content changes.
  public static let coordinator = UpdateStrategy(
    anchoring: .keepAnchor, elementUpdates: .reconfigure)

  /// The three presets, in that order: what a test that tries every way of updating walks
  /// through (the enum this type replaced called them `allCases`).
  public static let presets: [UpdateStrategy] = [
    .animatedBatchUpdates, .nonanimatedBatchUpdates, .reloadData,
  ]

  /// Animates when the call asks to while the new data has fewer than `items` items, and
  /// not at all from then on: for long lists whose animations cost more than they show.
  ///
  /// - Parameter items: The item count from which updates do not animate.
  /// - Returns: The strategy; its other settings are the defaults.
  /// - Complexity: O(1).
  public static func animated(below items: Int) -> UpdateStrategy {
    UpdateStrategy(animation: .below(items: items))
  }

  /// Animates whenever the new data has fewer than `items` items, whatever the call asks,
  /// and not at all from then on: the SwiftUI-collection tutorial's "animate whenever there
  /// are fewer than 1,000 items".
  ///
  /// - Parameter items: The item count from which updates do not animate.
  /// - Returns: The strategy; its other settings are the defaults.
  /// - Complexity: O(1).
  public static func alwaysAnimated(below items: Int) -> UpdateStrategy {
    UpdateStrategy(animation: .alwaysBelow(items: items))
  }

  /// This strategy, reloading above `changes` changes instead.
  ///
  /// - Parameter changes: The number of changes above which the view reloads; `nil` for
  ///   never.
  /// - Returns: The strategy; its other settings unchanged.
  /// - Complexity: O(1).
  public func reloading(above changes: Int?) -> UpdateStrategy {
    var copy = self
    copy.reloadAboveChanges = changes
    return copy
  }

  /// This strategy, diffing without a hop below `elements` elements instead.
  ///
  /// - Parameter elements: The element count from which the diff runs off the caller's
  ///   actor; `.max` for never.
  /// - Returns: The strategy; its other settings unchanged.
  /// - Complexity: O(1).
  public func diffingInline(below elements: Int) -> UpdateStrategy {
    var copy = self
    copy.inlineDiffBelow = elements
    return copy
  }

  /// This strategy, keeping `anchoring` of the scroll position instead.
  ///
  /// - Parameter anchoring: What an update keeps of the scroll position.
  /// - Returns: The strategy; its other settings unchanged.
  /// - Complexity: O(1).
  public func anchoring(_ anchoring: ScrollAnchoring) -> UpdateStrategy {
    var copy = self
    copy.anchoring = anchoring
    return copy
  }

  /// This strategy, bringing updated elements to their cells by `mode` instead.
  ///
  /// - Parameter mode: How updated elements reach their cells.
  /// - Returns: The strategy; its other settings unchanged.
  /// - Complexity: O(1).
  public func elementUpdates(_ mode: ElementUpdateMode) -> UpdateStrategy {
    var copy = self
    copy.elementUpdates = mode
    return copy
  }

  /// Whether an update's batch updates animate.
  ///
  /// - Parameters:
  ///   - requested: Whether the call asks for an animation (a SwiftUI transaction does when
  ///     it has an animation and does not disable animations).
  ///   - itemCount: The number of items of the new data.
  /// - Returns: Whether to animate.
  /// - Complexity: O(1).
  public func animates(requested: Bool, itemCount: Int) -> Bool {
    _animates(requested: requested, itemCount: { itemCount })
  }

  /// `animates(requested:itemCount:)`, counting the items only when the animation reads
  /// them (`.below`, `.alwaysBelow`).
  @inlinable
  package func _animates(requested: Bool, itemCount: () -> Int) -> Bool {
    switch animation {
    case .asRequested: requested
    case .always: true
    case .never: false
    case .below(let items): requested && itemCount() < items
    case .alwaysBelow(let items): itemCount() < items
    }
  }

  /// Whether an update reloads instead of running batch updates.
  ///
  /// - Parameters:
  ///   - changes: The number of changes (elements and sections) of the update.
  ///   - itemCount: The number of elements of the new data.
  /// - Returns: Whether to reload.
  /// - Complexity: O(1).
  public func reloads(changes: Int, itemCount: Int) -> Bool {
    _reloads(changes: changes, itemCount: { itemCount })
  }

  /// `reloads(changes:itemCount:)`, counting the items only when a setting reads them.
  @inlinable
  package func _reloads(changes: Int, itemCount: () -> Int) -> Bool {
    if let limit = reloadAboveChanges, changes > limit { return true }
    if let limit = reloadAboveCount, itemCount() > limit { return true }
    return false
  }

  /// How an update runs: a reload when `reloads(changes:itemCount:)` says so, batch updates
  /// animated or not otherwise.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func _mode(requested: Bool, changes: Int, itemCount: () -> Int) -> _ReplayMode {
    if _reloads(changes: changes, itemCount: itemCount) { return .reloadData }
    return _animates(requested: requested, itemCount: itemCount) ? .animated : .nonanimated
  }
}

/// How one replay runs, decided from an `UpdateStrategy` by the entry point.
@usableFromInline
package enum _ReplayMode: Hashable, Sendable {
  case animated
  case nonanimated
  case reloadData
}

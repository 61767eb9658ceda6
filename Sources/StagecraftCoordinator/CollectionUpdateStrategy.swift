import StagecraftPipeline

/// How a collection brings new data onto its view: whether the batch updates animate, from
/// how many changes on it reloads instead, and from how many elements it diffs off the main
/// actor. The coordinator's one setting for its updates (`CollectionCoordinator.strategy`).
///
/// By default the SwiftUI transaction decides (an update animates unless the transaction
/// has no animation or disables animations), more than 1,000 changes reload, and data of
/// 2,000 elements or more is diffed off the main actor. The other choices are those of the
/// containers apps come from: KarrotListKit's three strategies (`.animated`, `.nonAnimated`,
/// `.reloadData`), and the SwiftUI-collection tutorial's "animate whenever there are fewer
/// than 1,000 items" (`.alwaysAnimated(below: 1_000)`); `.animated(below:)` animates below
/// that count only when the transaction does.
///
/// ```swift
/// import Stagecraft
///
/// let strategy = CollectionUpdateStrategy.animated(below: 1_000)
/// print(strategy.animates(transactionAnimates: true, itemCount: 999))  // prints true
/// print(strategy.animates(transactionAnimates: true, itemCount: 1_000))  // prints false
/// print(CollectionUpdateStrategy.nonAnimated.animates(transactionAnimates: true, itemCount: 1))
/// // prints false
/// let tutorial = CollectionUpdateStrategy.alwaysAnimated(below: 1_000)
/// print(tutorial.animates(transactionAnimates: false, itemCount: 999))  // prints true
/// print(CollectionUpdateStrategy().diffingInline(below: .max).reloadAboveChanges ?? 0)
/// // prints 1000
/// ```
public struct CollectionUpdateStrategy: Hashable, Sendable {
  /// When batch updates animate.
  public enum Animation: Hashable, Sendable {
    /// As the transaction says.
    case followTransaction
    /// Always.
    case always
    /// Never.
    case never
    /// As the transaction says, when the new data has fewer than this many items; never
    /// otherwise.
    case below(items: Int)
    /// Always, when the new data has fewer than this many items, whatever the transaction
    /// says; never otherwise.
    case alwaysBelow(items: Int)
  }

  /// When batch updates animate.
  public var animation: Animation
  /// Reload instead of batch updates above this many changes; `nil` never reloads for
  /// size, 0 always reloads.
  public var reloadAboveChanges: Int?
  /// Diff on the main actor, without a hop to a background task, when the old and the new
  /// data hold fewer elements than this together; `.max` always diffs there.
  public var inlineDiffBelow: Int

  /// A strategy.
  ///
  /// - Parameters:
  ///   - animation: When batch updates animate; as the transaction says by default.
  ///   - reloadAboveChanges: Reload above this many changes; 1,000 by default.
  ///   - inlineDiffBelow: Diff off the main actor from this many elements; 2,000 by default.
  /// - Complexity: O(1).
  public init(
    animation: Animation = .followTransaction, reloadAboveChanges: Int? = 1_000,
    inlineDiffBelow: Int = 2_000
  ) {
    self.animation = animation
    self.reloadAboveChanges = reloadAboveChanges
    self.inlineDiffBelow = inlineDiffBelow
  }

  /// The default: as the transaction says, and a reload above 1,000 changes.
  public static let followTransaction = CollectionUpdateStrategy()
  /// Always animated batch updates (KarrotListKit's `animatedBatchUpdates`), with a reload
  /// above 1,000 changes.
  public static let animated = CollectionUpdateStrategy(animation: .always)
  /// Batch updates without animation (KarrotListKit's `nonanimatedBatchUpdates`), with a
  /// reload above 1,000 changes.
  public static let nonAnimated = CollectionUpdateStrategy(animation: .never)
  /// Always `reloadData()` (KarrotListKit's `reloadData`): no batch updates.
  public static let reloadData = CollectionUpdateStrategy(
    animation: .never, reloadAboveChanges: 0)

  /// Animates as the transaction says while the new data has fewer than `items` items,
  /// and not at all from then on: the tutorial's rule, for long lists whose animations cost
  /// more than they show.
  ///
  /// - Parameter items: The item count from which updates do not animate.
  /// - Returns: The strategy, reloading above 1,000 changes.
  /// - Complexity: O(1).
  public static func animated(below items: Int) -> CollectionUpdateStrategy {
    CollectionUpdateStrategy(animation: .below(items: items))
  }

  /// Animates whenever the new data has fewer than `items` items, whatever the transaction
  /// says, and not at all from then on: the SwiftUI-collection tutorial's rule.
  ///
  /// - Parameter items: The item count from which updates do not animate.
  /// - Returns: The strategy, reloading above 1,000 changes.
  /// - Complexity: O(1).
  public static func alwaysAnimated(below items: Int) -> CollectionUpdateStrategy {
    CollectionUpdateStrategy(animation: .alwaysBelow(items: items))
  }

  /// This strategy, diffing on the main actor below `elements` elements instead.
  ///
  /// - Parameter elements: The element count from which the diff runs off the main actor;
  ///   `.max` for never.
  /// - Returns: The strategy; its other settings unchanged.
  /// - Complexity: O(1).
  public func diffingInline(below elements: Int) -> CollectionUpdateStrategy {
    var copy = self
    copy.inlineDiffBelow = elements
    return copy
  }

  /// This strategy, reloading above `changes` changes instead.
  ///
  /// - Parameter changes: The number of changes above which the view reloads.
  /// - Returns: The strategy.
  /// - Complexity: O(1).
  public func reloading(above changes: Int?) -> CollectionUpdateStrategy {
    var copy = self
    copy.reloadAboveChanges = changes
    return copy
  }

  /// Whether an update animates.
  ///
  /// - Parameters:
  ///   - transactionAnimates: Whether the SwiftUI transaction animates (it has an animation
  ///     and does not disable animations).
  ///   - itemCount: The number of items of the new data.
  /// - Returns: Whether to animate the batch updates.
  /// - Complexity: O(1).
  public func animates(transactionAnimates: Bool, itemCount: Int) -> Bool {
    switch animation {
    case .followTransaction: transactionAnimates
    case .always: true
    case .never: false
    case .below(let items): transactionAnimates && itemCount < items
    case .alwaysBelow(let items): itemCount < items
    }
  }
}

/// When an `UpdatePipeline` reloads instead of animating, and where it diffs.
///
/// ```swift
/// import Stagecraft
///
/// var policy = UpdatePolicy()
/// policy.reloadAboveChanges = 1_000
/// print(policy.inlineDiffBelow)  // prints 2000
/// ```
public struct UpdatePolicy: Hashable, Sendable {
  /// Reload, without animation, when a request changes more than this many elements and
  /// sections; nil (the default) always animates. Animating thousands of changes costs more
  /// than it shows.
  public var reloadAboveChanges: Int?

  /// Reload, without animation, when a request's data holds more than this many elements;
  /// nil (the default) never does.
  public var reloadAboveCount: Int?

  /// Diff on the target's actor, without hopping to a background task, when the old and
  /// the new data hold fewer elements than this together: below it the hop costs more
  /// than the diff. 2,000 by default.
  public var inlineDiffBelow: Int

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - reloadAboveChanges: The change count above which to reload.
  ///   - reloadAboveCount: The element count above which to reload.
  ///   - inlineDiffBelow: The element count below which to diff without a hop.
  /// - Complexity: O(1).
  public init(
    reloadAboveChanges: Int? = nil, reloadAboveCount: Int? = nil, inlineDiffBelow: Int = 2_000
  ) {
    self.reloadAboveChanges = reloadAboveChanges
    self.reloadAboveCount = reloadAboveCount
    self.inlineDiffBelow = inlineDiffBelow
  }
}

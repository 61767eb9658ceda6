import StagecraftReplay

/// How close to an end of the content a reach trigger fires: a multiple of the viewport's
/// height, or a number of points.
///
/// ```swift
/// import Stagecraft
///
/// print(ReachDistance.viewports(2).points(viewportHeight: 600))  // prints 1200.0
/// print(ReachDistance.points(300).points(viewportHeight: 600))  // prints 300.0
/// ```
public enum ReachDistance: Hashable, Sendable {
  /// This many viewport heights: the trigger point follows the screen, not the rows.
  case viewports(Double)
  /// This many points.
  case points(Double)

  /// Twice the viewport's height: KarrotListKit's default.
  public static let standard = ReachDistance.viewports(2)

  /// The distance in points for a viewport of `viewportHeight`.
  ///
  /// - Parameter viewportHeight: The viewport's height.
  /// - Returns: The distance in points.
  /// - Complexity: O(1).
  @inlinable
  public func points(viewportHeight: Double) -> Double {
    switch self {
    case .viewports(let multiple): multiple * viewportHeight
    case .points(let points): points
    }
  }
}

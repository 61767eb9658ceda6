/// The vertical extent of an item in its list's content: where its top is and how tall it is.
public struct ItemExtent: Hashable, Sendable {
  /// The distance from the content's top to the item's top.
  public var top: Double
  /// The item's height.
  public var height: Double

  /// Creates an extent.
  ///
  /// - Parameters:
  ///   - top: The distance from the content's top to the item's top.
  ///   - height: The item's height.
  /// - Complexity: O(1).
  @inlinable
  public init(top: Double, height: Double) {
    self.top = top
    self.height = height
  }

  /// The distance from the content's top to the item's bottom.
  ///
  /// - Complexity: O(1).
  public var bottom: Double { top + height }
}

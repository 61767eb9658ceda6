/// Where a vertical list is scrolled, and how tall its viewport and content are: what a
/// replay reads to keep the scroll position.
public struct ScrollMetrics: Hashable, Sendable {
  /// The distance from the content's top to the viewport's top.
  public var contentOffset: Double
  /// The height of the viewport.
  public var viewportHeight: Double
  /// The height of the content.
  public var contentHeight: Double

  /// Creates metrics.
  ///
  /// - Parameters:
  ///   - contentOffset: The distance from the content's top to the viewport's top.
  ///   - viewportHeight: The height of the viewport.
  ///   - contentHeight: The height of the content.
  /// - Complexity: O(1).
  public init(contentOffset: Double, viewportHeight: Double, contentHeight: Double) {
    self.contentOffset = contentOffset
    self.viewportHeight = viewportHeight
    self.contentHeight = contentHeight
  }

  /// The offset that shows the end of the content: 0 when the content fits.
  ///
  /// - Complexity: O(1).
  public var bottomOffset: Double { max(0, contentHeight - viewportHeight) }

  /// Whether the viewport shows the end of the content: the offset within half a point of
  /// `bottomOffset`, or the content fits.
  ///
  /// - Complexity: O(1).
  public var isAtBottom: Bool {
    contentHeight <= viewportHeight || contentOffset >= bottomOffset - 0.5
  }
}

import StagecraftReplay

/// How far around the viewport items are prefetched, in screenfuls (viewport heights):
/// `leading` ahead of the scroll, `trailing` behind it.
///
/// Going forward the prefetch window is `[y − trailing·V, y + V + leading·V)` for a viewport
/// `[y, y + V)`; going backward the two buffers swap. The defaults, two screens ahead and
/// one behind, give an image that takes a screen or two of scrolling to arrive the time it
/// needs, and keep what was just shown for a quick turn back; Texture preloads 2.5 ahead
/// and 1.5 behind by default, and UIKit does not document its own distance.
///
/// ```swift
/// import Stagecraft
///
/// let buffers = PrefetchBuffers()
/// let viewport = ScrollMetrics(contentOffset: 1_000, viewportHeight: 500, contentHeight: 9_000)
/// print(buffers.window(viewport, direction: .forward))  // prints 500.0..<2500.0
/// print(buffers.window(viewport, direction: .backward))  // prints 0.0..<2000.0
/// ```
public struct PrefetchBuffers: Hashable, Sendable, CustomStringConvertible {
  /// Screenfuls ahead of the scroll; negative counts as 0.
  public var leading: Double
  /// Screenfuls behind the scroll; negative counts as 0.
  public var trailing: Double

  /// Buffers of `leading` screenfuls ahead and `trailing` behind.
  ///
  /// - Parameters:
  ///   - leading: Screenfuls ahead; 2 by default.
  ///   - trailing: Screenfuls behind; 1 by default.
  /// - Complexity: O(1).
  public init(leading: Double = 2, trailing: Double = 1) {
    self.leading = leading
    self.trailing = trailing
  }

  /// The prefetch window of a viewport: the range of content offsets whose items are
  /// prefetched, scrolling in `direction`.
  ///
  /// - Parameters:
  ///   - metrics: Where the viewport is.
  ///   - direction: The direction of the last scroll.
  /// - Returns: `[y − behind·V, y + V + ahead·V)`.
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public func window(_ metrics: ScrollMetrics, direction: ScrollDirection) -> Range<Double> {
    let (y, height) = (metrics.contentOffset, metrics.viewportHeight)
    let ahead = _screenfuls(direction == .forward ? leading : trailing)
    let behind = _screenfuls(direction == .forward ? trailing : leading)
    let start = y - behind * height
    let end = y + height + ahead * height
    return start..<max(start, end)
  }

  /// `leading` and `trailing`, in screenfuls.
  ///
  /// - Complexity: O(1).
  public var description: String { "PrefetchBuffers(leading: \(leading), trailing: \(trailing))" }

  @inlinable func _screenfuls(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }
}

extension ItemExtent {
  /// Whether the item overlaps `range`: `top < end && bottom > start`, and for an item of
  /// height 0, `start <= top < end`.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// print(ItemExtent(top: 100, height: 50).overlaps(150..<300))  // prints false
  /// print(ItemExtent(top: 150, height: 0).overlaps(150..<300))  // prints true
  /// ```
  ///
  /// - Parameter range: A range of content offsets.
  /// - Returns: Whether the item is in it.
  /// - Complexity: O(1).
  @inlinable
  public func overlaps(_ range: Range<Double>) -> Bool {
    height > 0
      ? top < range.upperBound && top + height > range.lowerBound
      : range.lowerBound <= top && top < range.upperBound
  }

  /// How far the item is from `range`: 0 when it overlaps it, otherwise the gap between
  /// them.
  ///
  /// - Parameter range: A range of content offsets.
  /// - Returns: The gap, in points.
  /// - Complexity: O(1).
  @inlinable
  public func distance(to range: Range<Double>) -> Double {
    if overlaps(range) { return 0 }
    return top >= range.upperBound ? top - range.upperBound : range.lowerBound - (top + height)
  }
}

import StagecraftDiff
import StagecraftReplay

/// A geometry's vertical list layout of a model's items: each item's top and height by flat
/// position (items counted across sections in order), and where each section starts.
///
/// Built in O(n) when the data or the heights change, so that a scroll, which only moves
/// the viewport, finds the items it shows by binary search: O(log n + k) for k items.
///
/// Immutable, and a class: a scroll step reads it many times from the model's storage, and a
/// reference is one retain where a struct of arrays would retain each of them at every read.
@usableFromInline
final class _Layout: Equatable, Sendable {
  /// The top of each item, by flat position.
  @usableFromInline let tops: ContiguousArray<Double>
  /// The height of each item, by flat position.
  @usableFromInline let heights: ContiguousArray<Double>
  /// The flat position of each section's first item.
  @usableFromInline let sectionStarts: [Int]
  /// The height of the content: every header and item.
  @usableFromInline let contentHeight: Double

  /// Lays `elements` out top to bottom: each section's header, then its items.
  ///
  /// - Complexity: O(n) calls of `height`.
  init<Element>(_ elements: [[Element]], header: Double, height: (Element) -> Double) {
    let count = elements.reduce(0) { $0 + $1.count }
    var tops = ContiguousArray<Double>()
    var heights = ContiguousArray<Double>()
    var sectionStarts: [Int] = []
    tops.reserveCapacity(count)
    heights.reserveCapacity(count)
    sectionStarts.reserveCapacity(elements.count)
    var top = 0.0
    for section in elements {
      sectionStarts.append(tops.count)
      top += header
      for element in section {
        let itemHeight = height(element)
        tops.append(top)
        heights.append(itemHeight)
        top += itemHeight
      }
    }
    (self.tops, self.heights, self.sectionStarts, contentHeight) = (
      tops, heights, sectionStarts, top
    )
  }

  /// Whether two layouts place every item and section alike.
  ///
  /// - Complexity: O(n).
  @usableFromInline static func == (lhs: _Layout, rhs: _Layout) -> Bool {
    lhs === rhs
      || (lhs.contentHeight == rhs.contentHeight && lhs.sectionStarts == rhs.sectionStarts
        && lhs.tops == rhs.tops && lhs.heights == rhs.heights)
  }

  /// The number of items.
  @inlinable var count: Int { tops.count }

  /// The extent of the item at flat position `flat`.
  @inlinable @inline(__always) func extent(_ flat: Int) -> ItemExtent {
    ItemExtent(top: tops[flat], height: heights[flat])
  }

  /// The flat position of `path`, which must exist.
  @inlinable func flat(_ path: ElementPath) -> Int {
    sectionStarts[path.section] + path.element
  }

  /// The path of the item at flat position `flat`.
  ///
  /// - Complexity: O(log S) for S sections; O(1) for one.
  @inlinable @inline(__always) func path(_ flat: Int) -> ElementPath {
    // One section, the common list: no search.
    if sectionStarts.count == 1 { return ElementPath(element: flat, section: 0) }
    // The last section that starts at or before `flat` and holds it (empty sections start
    // where the next one does).
    var (low, high) = (0, sectionStarts.count)
    while low < high {
      let middle = (low + high) / 2
      if sectionStarts[middle] <= flat { low = middle + 1 } else { high = middle }
    }
    let section = low - 1
    return ElementPath(element: flat - sectionStarts[section], section: section)
  }

  /// The flat positions of the items that overlap `range` (see `ItemExtent.overlaps`).
  ///
  /// With `hint`, the items of a nearby range (the last scroll step's), each end is searched
  /// outward from the hint's: a scroll that moved by d items finds its items in O(log d).
  ///
  /// - Complexity: O(log n), or O(1 + log d) with a hint d items away (O(1), four
  ///   comparisons, when the hint is the answer).
  @inlinable @inline(__always)
  func items(in range: Range<Double>, near hint: Range<Int>? = nil) -> Range<Int> {
    // Whether an item ends after the range starts is monotone in the position: tops never
    // decrease, and each item starts at or after the previous one's bottom.
    let endsAfterStart = { (flat: Int) -> Bool in
      self.heights[flat] > 0
        ? self.tops[flat] + self.heights[flat] > range.lowerBound
        : self.tops[flat] >= range.lowerBound
    }
    let startsAtEnd = { (flat: Int) -> Bool in self.tops[flat] >= range.upperBound }
    // The same items as the hint (most frames of a scroll): each end checked on both sides.
    if let hint, 0 <= hint.lowerBound, hint.upperBound <= count {
      let (low, end) = (hint.lowerBound, hint.upperBound)
      if (low == count || endsAfterStart(low)) && (low == 0 || !endsAfterStart(low - 1))
        && (end == count || startsAtEnd(end)) && (end == low || !startsAtEnd(end - 1))
      {
        return hint
      }
    }
    let low = _firstIndex(from: hint?.lowerBound, where: endsAfterStart)
    let end = _firstIndex(from: hint?.upperBound, atLeast: low, where: startsAtEnd)
    return low..<end
  }

  /// The first position from `lowest` on where `isPast`, which is monotone (false, then
  /// true), holds; `count` if none. Searched outward from `start`, doubling the step, then
  /// by bisection.
  @inlinable @inline(__always)
  func _firstIndex(
    from start: Int?, atLeast lowest: Int = 0, where isPast: (Int) -> Bool
  ) -> Int {
    var (low, high) = (lowest, count)
    if let start, low <= start, start <= high {
      // The answer is in low...high; narrow it from `start`.
      if start == high || isPast(start) {
        var step = 1
        high = start
        while high - step >= low, isPast(high - step) {
          high -= step
          step *= 2
        }
        low = max(low, high - step + 1)
      } else {
        var step = 1
        low = start + 1
        while low + step - 1 < high, !isPast(low + step - 1) {
          low += step
          step *= 2
        }
        high = min(high, low + step - 1)
      }
    }
    while low < high {
      let middle = (low + high) / 2
      if isPast(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The first item whose bottom is below `offset`: the scroll anchor's item.
  ///
  /// - Complexity: O(log n).
  @usableFromInline func firstEnding(after offset: Double) -> Int? {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if tops[middle] + heights[middle] > offset { high = middle } else { low = middle + 1 }
    }
    return low < count ? low : nil
  }
}

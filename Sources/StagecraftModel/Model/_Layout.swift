import StagecraftDiff
import StagecraftReplay

/// A geometry's vertical list layout of a model's items: each item's top and height by flat
/// position (items counted across sections in order), and where each section starts.
///
/// Built in O(n) when the data or the heights change, so that a scroll, which only moves
/// the viewport, finds the items it shows by binary search: O(log n + k) for k items.
@usableFromInline
struct _Layout: Equatable, Sendable {
  /// The top of each item, by flat position.
  @usableFromInline var tops: ContiguousArray<Double> = []
  /// The height of each item, by flat position.
  @usableFromInline var heights: ContiguousArray<Double> = []
  /// The flat position of each section's first item.
  @usableFromInline var sectionStarts: [Int] = []
  /// The height of the content: every header and item.
  @usableFromInline var contentHeight = 0.0

  /// Lays `elements` out top to bottom: each section's header, then its items.
  ///
  /// - Complexity: O(n) calls of `height`.
  init<Element>(_ elements: [[Element]], header: Double, height: (Element) -> Double) {
    let count = elements.reduce(0) { $0 + $1.count }
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
    contentHeight = top
  }

  /// The number of items.
  @usableFromInline var count: Int { tops.count }

  /// The extent of the item at flat position `flat`.
  @usableFromInline func extent(_ flat: Int) -> ItemExtent {
    ItemExtent(top: tops[flat], height: heights[flat])
  }

  /// The flat position of `path`, which must exist.
  @usableFromInline func flat(_ path: ElementPath) -> Int {
    sectionStarts[path.section] + path.element
  }

  /// The path of the item at flat position `flat`.
  ///
  /// - Complexity: O(log S) for S sections.
  @usableFromInline func path(_ flat: Int) -> ElementPath {
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
  /// - Complexity: O(log n + k) for the k items in the range.
  @usableFromInline func items(in range: Range<Double>) -> Range<Int> {
    // Whether an item ends after the range starts is monotone in the position: tops never
    // decrease, and each item starts at or after the previous one's bottom.
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      let endsAfterStart =
        heights[middle] > 0
        ? tops[middle] + heights[middle] > range.lowerBound : tops[middle] >= range.lowerBound
      if endsAfterStart { high = middle } else { low = middle + 1 }
    }
    var end = low
    while end < count, tops[end] < range.upperBound { end += 1 }
    return low..<end
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

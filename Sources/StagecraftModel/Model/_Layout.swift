import StagecraftDiff
import StagecraftReplay

/// A geometry's vertical list layout of a model's items: each item's top and height by flat
/// position (items counted across sections in order), and where each section starts.
///
/// Built in O(n) when the data changes, so that a scroll, which only moves the viewport,
/// finds the items it shows by binary search: O(log n + k) for k items.
///
/// A measured height changes one item in O(log n) (`setHeight`): the heights are then also
/// kept in a Fenwick tree, whose prefix sums give the tops below the changed item, and the
/// array of tops stays a cache of the tops above it (`validTops`). A scroll over a layout
/// nobody measured reads the cache alone, as before.
///
/// A class: a scroll step reads it many times from the model's storage, and a reference is
/// one retain where a struct of arrays would retain each of them at every read. The model
/// changes it in place only while it holds the one reference (`_mutableLayout()`), and never
/// while a read is under way: that is why its stored properties skip the dynamic
/// exclusivity checks, and why it is `@unchecked Sendable`.
@usableFromInline
final class _Layout: Equatable, @unchecked Sendable {
  /// The top of each item, by flat position; valid below `validTops`.
  @exclusivity(unchecked) @usableFromInline var tops: ContiguousArray<Double>
  /// The height of each item, by flat position.
  @exclusivity(unchecked) @usableFromInline var heights: ContiguousArray<Double>
  /// The flat position of each section's first item.
  @usableFromInline let sectionStarts: [Int]
  /// The height of each section's header.
  @usableFromInline let header: Double
  /// The height of each section's footer.
  @usableFromInline let footer: Double
  /// The height of the content: every header and item.
  @exclusivity(unchecked) @usableFromInline var contentHeight: Double
  /// How many of `tops` are valid: all of them until a height changes in place.
  @exclusivity(unchecked) @usableFromInline var validTops: Int
  /// The heights' prefix sums, built at the first height changed in place.
  @exclusivity(unchecked) @usableFromInline var tree: _Fenwick?
  /// Self-sizing: the generation in which each item was measured (see `_Sizes`); empty when
  /// the geometry does not size its items.
  @exclusivity(unchecked) @usableFromInline var stamps: ContiguousArray<UInt32>
  /// How many item heights were written, for tests of the cost of a measurement.
  @exclusivity(unchecked) @usableFromInline var writes = 0

  /// Lays `elements` out top to bottom: each section's header, its items, then its footer.
  ///
  /// - Complexity: O(n) calls of `height`.
  init<Element>(
    _ elements: [[Element]], header: Double, footer: Double = 0, height: (Element) -> Double
  ) {
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
      top += footer
    }
    (self.tops, self.heights, self.sectionStarts, self.header, self.footer, contentHeight) = (
      tops, heights, sectionStarts, header, footer, top
    )
    (validTops, tree, stamps, writes) = (count, nil, [], count)
  }

  /// A copy, for a change in place while another model shares this one.
  ///
  /// - Complexity: O(n).
  @usableFromInline init(copying other: _Layout) {
    (tops, heights, sectionStarts, header, footer, contentHeight) = (
      other.tops, other.heights, other.sectionStarts, other.header, other.footer,
      other.contentHeight
    )
    // A copy writes every height: counted, so that a test of the cost of a measurement sees
    // one made by a reference held across a change in place.
    (validTops, tree, stamps) = (other.validTops, other.tree, other.stamps)
    writes = other.writes + other.count
  }

  /// Whether two layouts place every item and section alike.
  ///
  /// - Complexity: O(n).
  @usableFromInline static func == (lhs: _Layout, rhs: _Layout) -> Bool {
    lhs === rhs
      || (lhs.contentHeight == rhs.contentHeight && lhs.sectionStarts == rhs.sectionStarts
        && lhs.header == rhs.header && lhs.footer == rhs.footer && lhs.heights == rhs.heights)
  }

  /// The number of items.
  @inlinable var count: Int { tops.count }

  /// The top of the item at flat position `flat`: from the cache above the first height
  /// changed in place, from the tree below it.
  ///
  /// - Complexity: O(1) in the cache; O(log n) below it.
  @inlinable @inline(__always) func top(_ flat: Int) -> Double {
    flat < validTops ? tops[flat] : _treeTop(flat)
  }

  /// The top of the item at `flat` from the prefix sums: its items above, a header for each
  /// section up to its own, and a footer for each section before it.
  ///
  /// - Complexity: O(log n + log S).
  @usableFromInline func _treeTop(_ flat: Int) -> Double {
    (tree?.prefix(flat) ?? 0) + _chrome(above: path(flat).section)
  }

  /// The headers and footers above the first item of `section`: its own header, and the
  /// header and footer of each section before it.
  @usableFromInline func _chrome(above section: Int) -> Double {
    (header == 0 ? 0 : header * Double(section + 1)) + (footer == 0 ? 0 : footer * Double(section))
  }

  /// The sum of the heights of the items before flat position `flat`.
  ///
  /// - Complexity: O(1) in the cache; O(log n) below it.
  func itemsHeight(before flat: Int) -> Double {
    guard flat > 0 else { return 0 }
    return top(flat - 1) + heights[flat - 1] - _chrome(above: path(flat - 1).section)
  }

  /// The top of `section`'s header.
  ///
  /// - Complexity: O(log n).
  func sectionTop(_ section: Int) -> Double {
    itemsHeight(before: sectionStarts[section]) + (header + footer) * Double(section)
  }

  /// The top of `section`'s footer.
  ///
  /// - Complexity: O(log n).
  func footerTop(_ section: Int) -> Double {
    let end = section + 1 < sectionStarts.count ? sectionStarts[section + 1] : count
    return itemsHeight(before: end) + header * Double(section + 1) + footer * Double(section)
  }

  /// The extent of the item at flat position `flat`.
  @inlinable @inline(__always) func extent(_ flat: Int) -> ItemExtent {
    ItemExtent(top: top(flat), height: heights[flat])
  }

  /// Changes the height of the item at `flat` in place, and returns by how much it grew.
  /// The tops below it leave the cache, unless they are few enough to write again at once.
  ///
  /// - Complexity: O(log n) (O(n) for the first change, which builds the tree).
  @inlinable @discardableResult
  func setHeight(_ height: Double, at flat: Int) -> Double {
    let delta = height - heights[flat]
    guard delta != 0 else { return 0 }
    if tree == nil {
      tree = _Fenwick(heights)
      writes += count
    }
    heights[flat] = height
    tree!.add(delta, at: flat)
    contentHeight += delta
    writes += 1
    // Tops below `flat` moved. A short tail (a streamed last message, and what follows it)
    // is written again at once; a long one is read from the tree until the next rebuild.
    let tail = validTops - (flat + 1)
    if tail > 0 {
      if tail <= Self.tailRewrite {
        for below in (flat + 1)..<validTops { tops[below] += delta }
        writes += tail
      } else {
        validTops = flat + 1
      }
    }
    return delta
  }

  /// Writes every top again from the heights, in O(n): what a layout without the tree
  /// would do per measurement (a planted mistake of the tests).
  @usableFromInline func rebuildTops() {
    var top = 0.0
    var section = 0
    for flat in 0..<count {
      while section < sectionStarts.count, sectionStarts[section] <= flat {
        top += section == 0 ? header : footer + header
        section += 1
      }
      tops[flat] = top
      top += heights[flat]
    }
    validTops = count
    writes += count
  }

  /// The most tops below a changed height that are written again at once.
  @inlinable static var tailRewrite: Int { 64 }

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
  ///   comparisons, when the hint is the answer); each read below a height changed in place
  ///   costs O(log n) more.
  @inlinable @inline(__always)
  func items(in range: Range<Double>, near hint: Range<Int>? = nil) -> Range<Int> {
    // The cache alone (a layout nobody measured, or the last item measured) keeps the
    // scroll's frame step to array reads.
    if validTops == count {
      return _items(in: range, near: hint) { self.tops[$0] }
    }
    return _items(in: range, near: hint) { self.top($0) }
  }

  @inlinable @inline(__always)
  func _items(
    in range: Range<Double>, near hint: Range<Int>?, top: (Int) -> Double
  ) -> Range<Int> {
    // Whether an item ends after the range starts is monotone in the position: tops never
    // decrease, and each item starts at or after the previous one's bottom.
    func endsAfterStart(_ flat: Int) -> Bool {
      heights[flat] > 0
        ? top(flat) + heights[flat] > range.lowerBound
        : top(flat) >= range.lowerBound
    }
    func startsAtEnd(_ flat: Int) -> Bool { top(flat) >= range.upperBound }
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
  /// - Complexity: O(log n), or O(log² n) below a height changed in place.
  @usableFromInline func firstEnding(after offset: Double) -> Int? {
    let low = _firstIndex(from: nil) { self.top($0) + self.heights[$0] > offset }
    return low < count ? low : nil
  }
}

/// A Fenwick (binary indexed) tree of item heights: one height changed, or the sum of the
/// heights above an item, in O(log n).
@usableFromInline
struct _Fenwick: Sendable {
  /// Node i (1-based) holds the sum of the heights in (i - lowbit(i), i].
  @usableFromInline var nodes: ContiguousArray<Double>

  /// A tree of `values`.
  ///
  /// - Complexity: O(n).
  @inlinable init(_ values: ContiguousArray<Double>) {
    nodes = ContiguousArray(repeating: 0, count: values.count + 1)
    for index in values.indices {
      let node = index + 1
      nodes[node] += values[index]
      let parent = node + (node & -node)
      if parent < nodes.count { nodes[parent] += nodes[node] }
    }
  }

  /// Adds `delta` to the value at `index`.
  ///
  /// - Complexity: O(log n).
  @inlinable mutating func add(_ delta: Double, at index: Int) {
    var node = index + 1
    while node < nodes.count {
      nodes[node] += delta
      node += node & -node
    }
  }

  /// The sum of the values before `index`.
  ///
  /// - Complexity: O(log n).
  @inlinable func prefix(_ index: Int) -> Double {
    var (node, sum) = (index, 0.0)
    while node > 0 {
      sum += nodes[node]
      node -= node & -node
    }
    return sum
  }
}

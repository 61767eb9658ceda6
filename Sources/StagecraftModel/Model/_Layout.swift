import StagecraftDiff
import StagecraftReplay

/// A geometry's vertical list layout of a model's items: each item's height and measuring
/// stamp by flat position (items counted across sections in order), and where each section
/// starts.
///
/// The heights are a B+-tree of counted, summed nodes (`_Heights`): an item's top is the sum
/// of the heights above it and the headers and footers of its section and those before it,
/// in O(log n); a measured height, an inserted or a removed item costs O(log n), so that an
/// update that changes c items costs O(c log n) (`_LayoutCore.apply`), never a relayout. A
/// scroll finds the items it shows by binary search near the last ones shown.
///
/// A class: a scroll step reads it many times from the model's storage, and a reference is
/// one retain where a struct would retain its parts at every read. The model changes it in
/// place only while it holds the one reference (`_mutableLayout()`), and never while a read
/// is under way: that is why its stored properties skip the dynamic exclusivity checks, and
/// why it is `@unchecked Sendable`. A copy shares the tree, whose changes copy the nodes they
/// pass.
@usableFromInline
final class _Layout: Equatable, @unchecked Sendable {
  /// The heights and stamps.
  @exclusivity(unchecked) @usableFromInline var tree: _Heights
  /// The flat position of each section's first item.
  @exclusivity(unchecked) @usableFromInline var sectionStarts: [Int] {
    didSet { _sectionsDidChange(from: oldValue) }
  }
  /// The tops and heights of the items before `cached`, as arrays: what a scroll reads, many
  /// times a frame, without descending the tree. Built with the layout; a change at a
  /// position drops what follows it (an item's own height stays when only its height
  /// changes), and a merge builds it again.
  @exclusivity(unchecked) @usableFromInline var cachedTops: ContiguousArray<Double> = []
  @exclusivity(unchecked) @usableFromInline var cachedHeights: ContiguousArray<Double> = []
  @exclusivity(unchecked) @usableFromInline var cached = 0
  /// A window of tops and heights past the cache, where the reads are (around the items on
  /// screen): the item at `windowStart + i` has its top at `windowTops[i] + windowShift`.
  /// A height changed above the window moves all of it (`windowShift`), one changed in it
  /// moves what follows in it, and an item inserted or removed before its end drops it. So a
  /// measurement anywhere keeps the viewport's reads off the tree. Built from a mutating path
  /// only (`keepWindow(around:)`), never during a read.
  @exclusivity(unchecked) @usableFromInline var windowStart = 0
  @exclusivity(unchecked) @usableFromInline var windowTops: ContiguousArray<Double> = []
  @exclusivity(unchecked) @usableFromInline var windowHeights: ContiguousArray<Double> = []
  @exclusivity(unchecked) @usableFromInline var windowShift = 0.0
  /// The height of each section's header.
  @usableFromInline let header: Double
  /// The height of each section's footer.
  @usableFromInline let footer: Double
  /// How many item heights were written (built, changed or inserted), for tests of the cost
  /// of a measurement and of an update; the tree counts the nodes it visits
  /// (`_Heights.touched`).
  @exclusivity(unchecked) @usableFromInline var writes = 0

  /// Lays `elements` out top to bottom: each section's header, its items, then its footer.
  ///
  /// - Complexity: O(n) calls of `height`.
  @usableFromInline convenience init<Element>(
    _ elements: [[Element]], header: Double, footer: Double = 0, height: (Element) -> Double
  ) {
    var heights = ContiguousArray<Double>()
    var sectionStarts: [Int] = []
    heights.reserveCapacity(elements.reduce(0) { $0 + $1.count })
    sectionStarts.reserveCapacity(elements.count)
    for section in elements {
      sectionStarts.append(heights.count)
      for element in section { heights.append(height(element)) }
    }
    self.init(
      heights: heights, stamps: nil, sectionStarts: sectionStarts, header: header, footer: footer)
  }

  /// A layout of items of `heights` and `stamps` (0 for all without), whose sections start
  /// at `sectionStarts`.
  ///
  /// - Complexity: O(n).
  @usableFromInline init(
    heights: ContiguousArray<Double>, stamps: ContiguousArray<UInt32>?, sectionStarts: [Int],
    header: Double, footer: Double
  ) {
    tree = _Heights(heights, stamps: stamps)
    (self.sectionStarts, self.header, self.footer, writes) = (
      sectionStarts, header, footer, heights.count
    )
    cache(heights)
  }

  /// Builds the cache of tops and heights from every height.
  ///
  /// - Complexity: O(n).
  @usableFromInline func cache(_ heights: ContiguousArray<Double>) {
    var tops = ContiguousArray<Double>()
    tops.reserveCapacity(heights.count)
    var (top, section) = (0.0, 0)
    for flat in heights.indices {
      while section < sectionStarts.count, sectionStarts[section] <= flat {
        top += section == 0 ? header : footer + header
        section += 1
      }
      tops.append(top)
      top += heights[flat]
    }
    (cachedTops, cachedHeights, cached) = (tops, heights, heights.count)
    dropWindow()
  }

  /// The items from `flat` on moved or changed: the cache holds only what is before it, and
  /// the window goes when it ends after `flat`.
  ///
  /// - Complexity: O(1).
  @inlinable func didChange(from flat: Int) {
    cached = min(cached, flat)
    if flat < windowStart + windowTops.count { dropWindow() }
  }

  /// Forgets the window.
  ///
  /// - Complexity: O(1).
  @inlinable func dropWindow() {
    if !windowTops.isEmpty { (windowTops, windowHeights, windowShift) = ([], [], 0) }
  }

  /// Keeps the tops and heights of the items around `range` (the items on screen) in the
  /// window, unless the cache or the window holds them already: built from the tree, which
  /// the reads near the viewport then no longer descend.
  ///
  /// - Complexity: O(1) when they are held; otherwise O(w + (w / 48) log n) for the w items
  ///   of the window (`range` and 64 items either side).
  @usableFromInline func keepWindow(around range: Range<Int>) {
    let margin = 64
    let (low, high) = (max(range.lowerBound, cached), min(range.upperBound, count))
    guard low < high else { return }
    if windowStart <= low, high <= windowStart + windowTops.count { return }
    let (start, end) = (max(cached, low - margin), min(count, high + margin))
    var (tops, heights) = (ContiguousArray<Double>(), ContiguousArray<Double>())
    tops.reserveCapacity(end - start)
    heights.reserveCapacity(end - start)
    var section = path(start).section
    var top = tree.prefix(start) + _chrome(above: section)
    var (leaf, index, _) = tree.locate(start)
    for flat in start..<end {
      if index == leaf.heights.count { (leaf, index, _) = tree.locate(flat) }
      // A later section starts here: its header, and the footers and headers between.
      if section + 1 < sectionStarts.count, sectionStarts[section + 1] <= flat {
        let next = path(flat).section
        top += _chrome(above: next) - _chrome(above: section)
        section = next
      }
      let height = leaf.heights[index]
      tops.append(top)
      heights.append(height)
      top += height
      index += 1
    }
    (windowStart, windowTops, windowHeights, windowShift) = (start, tops, heights, 0)
  }

  /// The sections' starts changed: the tops from the first section that differs on move.
  func _sectionsDidChange(from old: [Int]) {
    var section = 0
    while section < old.count, section < sectionStarts.count,
      old[section] == sectionStarts[section]
    {
      section += 1
    }
    if section < old.count || section < sectionStarts.count {
      let first = min(
        section < old.count ? old[section] : Int.max,
        section < sectionStarts.count ? sectionStarts[section] : Int.max)
      didChange(from: first)
    }
  }

  /// A copy, for a change in place while another model shares this one: it shares the tree.
  ///
  /// - Complexity: O(S) for S sections.
  @usableFromInline init(copying other: _Layout) {
    (tree, sectionStarts, header, footer, writes) = (
      other.tree, other.sectionStarts, other.header, other.footer, other.writes
    )
    (cachedTops, cachedHeights, cached) = (other.cachedTops, other.cachedHeights, other.cached)
    (windowStart, windowTops, windowHeights, windowShift) = (
      other.windowStart, other.windowTops, other.windowHeights, other.windowShift
    )
  }

  /// Whether two layouts place every item and section alike.
  ///
  /// - Complexity: O(n).
  @usableFromInline static func == (lhs: _Layout, rhs: _Layout) -> Bool {
    lhs === rhs
      || (lhs.contentHeight == rhs.contentHeight && lhs.sectionStarts == rhs.sectionStarts
        && lhs.header == rhs.header && lhs.footer == rhs.footer
        && (lhs.tree.root === rhs.tree.root || lhs.tree.allHeights() == rhs.tree.allHeights()))
  }

  /// The number of items.
  @inlinable var count: Int { tree.count }

  /// The height of the content: every header, item and footer.
  ///
  /// - Complexity: O(1).
  @inlinable var contentHeight: Double {
    tree.sum + (header + footer) * Double(sectionStarts.count)
  }

  /// The top of the item at flat position `flat`: the heights above it, a header for each
  /// section up to its own, and a footer for each section before it.
  ///
  /// - Complexity: O(log n + log S).
  @inlinable @inline(__always) func top(_ flat: Int) -> Double {
    if flat < cached { return cachedTops[flat] }
    let window = flat &- windowStart
    if window >= 0, window < windowTops.count { return windowTops[window] + windowShift }
    return tree.prefix(flat) + _chrome(above: path(flat).section)
  }

  /// The height of the item at `flat`.
  ///
  /// - Complexity: O(log n).
  @inlinable func height(_ flat: Int) -> Double {
    if flat < cached { return cachedHeights[flat] }
    let window = flat &- windowStart
    if window >= 0, window < windowTops.count { return windowHeights[window] }
    return tree.height(flat)
  }

  /// The measuring stamp of the item at `flat` (see `_Sizes`): 0 while it is an estimate.
  ///
  /// - Complexity: O(log n).
  @inlinable func stamp(_ flat: Int) -> UInt32 { tree.stamp(flat) }

  /// Sets the measuring stamp of the item at `flat`.
  ///
  /// - Complexity: O(log n).
  @inlinable func setStamp(_ stamp: UInt32, at flat: Int) {
    tree.set(nil, stamp: stamp, at: flat)
  }

  /// The headers and footers above the first item of `section`: its own header, and the
  /// header and footer of each section before it.
  @usableFromInline func _chrome(above section: Int) -> Double {
    (header == 0 ? 0 : header * Double(section + 1)) + (footer == 0 ? 0 : footer * Double(section))
  }

  /// The sum of the heights of the items before flat position `flat`.
  ///
  /// - Complexity: O(log n).
  func itemsHeight(before flat: Int) -> Double { tree.prefix(flat) }

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
  ///
  /// - Complexity: O(log n + log S).
  @inlinable @inline(__always) func extent(_ flat: Int) -> ItemExtent {
    if flat < cached { return ItemExtent(top: cachedTops[flat], height: cachedHeights[flat]) }
    let window = flat &- windowStart
    if window >= 0, window < windowTops.count {
      return ItemExtent(top: windowTops[window] + windowShift, height: windowHeights[window])
    }
    let (above, height) = tree.prefixAndHeight(flat)
    return ItemExtent(top: above + _chrome(above: path(flat).section), height: height)
  }

  /// Changes the height of the item at `flat` in place, and returns by how much it grew.
  ///
  /// - Complexity: O(log n).
  @inlinable @discardableResult
  func setHeight(_ height: Double, at flat: Int, stamp: UInt32? = nil) -> Double {
    let delta = height - tree.set(height, stamp: stamp, at: flat)
    if delta != 0 {
      writes += 1
      // The item's own top stays; its height, and every top below it, change.
      if flat < cached {
        cachedHeights[flat] = height
        cached = flat + 1
      }
      if !windowTops.isEmpty {
        let window = flat &- windowStart
        if window < 0 {
          windowShift += delta
        } else if window < windowTops.count {
          windowHeights[window] = height
          for below in (window + 1)..<windowTops.count { windowTops[below] += delta }
        }
      }
    }
    return delta
  }

  /// Builds the tree again from its heights, in O(n): what a layout without the tree would
  /// do per measurement (a planted mistake of the tests).
  @usableFromInline func rebuildTops() {
    let heights = tree.allHeights()
    tree = _Heights(heights, stamps: tree.allStamps())
    cache(heights)
    writes += count
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
  /// - Complexity: O(log² n), or O(log n · (1 + log d)) with a hint d items away (four reads
  ///   of O(log n) when the hint is the answer).
  @inlinable @inline(__always)
  func items(in range: Range<Double>, near hint: Range<Int>? = nil) -> Range<Int> {
    _items(in: range, near: hint) { self.extent($0) }
  }

  @inlinable @inline(__always)
  func _items(
    in range: Range<Double>, near hint: Range<Int>?, extent: (Int) -> ItemExtent
  ) -> Range<Int> {
    // Whether an item ends after the range starts is monotone in the position: tops never
    // decrease, and each item starts at or after the previous one's bottom.
    func endsAfterStart(_ flat: Int) -> Bool {
      let extent = extent(flat)
      return extent.height > 0
        ? extent.top + extent.height > range.lowerBound
        : extent.top >= range.lowerBound
    }
    func startsAtEnd(_ flat: Int) -> Bool { extent(flat).top >= range.upperBound }
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
  /// - Complexity: O(log n) in one section or without headers and footers; O(log² n)
  ///   otherwise.
  @usableFromInline func firstEnding(after offset: Double) -> Int? {
    // One section, or none with a header or a footer: a top is the heights above it and one
    // constant, and the tree finds the item in one descent.
    if sectionStarts.count == 1 || (header == 0 && footer == 0) {
      let low = tree.firstIndex(endingAfter: offset - _chrome(above: 0))
      return low < count ? low : nil
    }
    let low = _firstIndex(from: nil) { self.extent($0).bottom > offset }
    return low < count ? low : nil
  }
}

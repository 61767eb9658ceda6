import StagecraftDiff
import StagecraftReplay

/// The prefetch state of a list, by identity: which items were in the prefetch window at the
/// last evaluation, which of them were visible, and which have an outstanding prefetch.
///
/// An identifier is one item: when the data repeats it, its occurrences count together (in
/// the window if any is, visible if any is; its path is its first occurrence in the window).
///
/// Two forms of one state. While the data does not change and no identifier repeats in the
/// window, the state is positional (`_Positional`): the window's flat positions and a flag
/// byte for each, so that a scroll looks only at the items that enter or leave the window.
/// Before the data changes, the state is materialized (`entries`): each item's element and
/// path, which each block of the update carries through its old → new map; the evaluation
/// after the update matches them by identity.
@usableFromInline
struct _PrefetchTracker<Element: Differentiable> {
  typealias ID = Element.DifferenceIdentifier

  /// An item of the window, at the last evaluation.
  struct Entry {
    /// Its flat position in the data of that evaluation.
    var flat: Int
    /// Its path: in that data, then carried through each block since (`nil` once deleted).
    var path: ElementPath?
    /// The element, to tell a change of content at the next update.
    var element: Element
    /// Whether it was visible.
    var isVisible: Bool
    /// Whether it has an outstanding prefetch.
    var isOutstanding: Bool
    /// Its distance from the viewport (0 when visible).
    var distance: Double
  }

  /// The materialized state, in data order; empty while `positional` holds the state.
  var entries: [Entry] = []
  /// The positional state, while the data is unchanged and identifiers do not repeat in the
  /// window.
  @usableFromInline var positional: _Positional?
  /// Whether the entries' paths follow the data (`false` after a reload, which has no map).
  var pathsAreCarried = true

  /// What one evaluation asks for.
  struct Events {
    /// Prefetches to cancel, in the order the items held in the data before: the element and
    /// its current path (`nil` when the data no longer holds it).
    var cancels: [(Element, ElementPath?)] = []
    /// Prefetches to start, nearest to the viewport first, ties in data order.
    var prefetches: [(Element, ElementPath)] = []
  }

  /// Whether any prefetch is outstanding or any item is in the window.
  var isEmpty: Bool { entries.isEmpty && (positional?.window.isEmpty ?? true) }

  /// The identifiers of the outstanding prefetches, in data order.
  func outstanding(in elements: [[Element]], _ layout: _Layout?) -> [ID] {
    if let positional, let layout {
      return positional.window.filter { positional.isOutstanding($0) }.map {
        let path = layout.path($0)
        return elements[path.section][path.element].differenceIdentifier
      }
    }
    return entries.filter(\.isOutstanding).map(\.element.differenceIdentifier)
  }

  // MARK: Before the data changes

  /// Turns the positional state into entries, read from the data it describes: before the
  /// data changes, or before a general evaluation.
  ///
  /// - Complexity: O(w) for the w items of the window.
  mutating func materialize(_ elements: [[Element]], _ layout: _Layout?) {
    guard let state = positional else { return }
    positional = nil
    entries = []
    guard let layout else { return }
    entries.reserveCapacity(state.window.count)
    for flat in state.window {
      let path = layout.path(flat)
      entries.append(
        Entry(
          flat: flat, path: path, element: elements[path.section][path.element],
          isVisible: state.isVisible(flat), isOutstanding: state.isOutstanding(flat),
          distance: 0))
    }
  }

  /// Carries the entries' paths through one block.
  ///
  /// - Complexity: O(w) calls of `target`.
  mutating func carry(_ target: (ElementPath) -> ElementPath?) {
    for index in entries.indices { entries[index].path = entries[index].path.flatMap(target) }
  }

  // MARK: A scroll

  /// Moves the positional state to a new window of the same data (see
  /// `_Positional.scroll`); `nil` when there is no positional state, or an identifier would
  /// repeat in the window: the general evaluation decides then.
  ///
  /// - Complexity: That of `_Positional.scroll`.
  @inlinable
  mutating func scroll(
    to window: Range<Int>, visible: Range<Int>, viewport: Range<Double>, _ layout: _Layout,
    identity: (Int) -> Int
  ) -> _Positional.Moved? {
    // Taken out, so that its storage is not copied when it changes.
    guard var state = positional else { return nil }
    positional = nil
    let moved = state.scroll(
      to: window, visible: visible, viewport: viewport, layout, identity: identity)
    positional = state
    return moved
  }

  // MARK: The general evaluation

  /// Moves to a new window, by identity: after an update, or when identifiers repeat.
  ///
  /// - Parameters:
  ///   - window: The items now in the window, in data order: flat position, path, element,
  ///     whether visible, and distance from the viewport.
  ///   - dataChanged: Whether the data changed since the last evaluation (contents are then
  ///     compared).
  ///   - locate: Where an item that left the window is now, by identity, when the entries'
  ///     paths were not carried (after a reload).
  /// - Returns: The cancels and the prefetches.
  /// - Complexity: O(w + w′ + e log e) for the w items in the window now, the w′ at the last
  ///   evaluation and the e events, plus what `locate` costs.
  mutating func move(
    to window: [Entry], dataChanged: Bool, locate: (ID) -> ElementPath?
  ) -> Events {
    // The window now, one entry per identifier.
    var now: [Entry] = []
    now.reserveCapacity(window.count)
    var index: [ID: Int] = [:]
    index.reserveCapacity(window.count)
    for item in window {
      let id = item.element.differenceIdentifier
      if let at = index[id] {
        now[at].isVisible = now[at].isVisible || item.isVisible
        now[at].distance = min(now[at].distance, item.distance)
      } else {
        index[id] = now.count
        now.append(item)
      }
    }
    var events = Events()
    var reprefetch: [Int] = []
    var seen = Set<ID>(minimumCapacity: entries.count)
    for old in entries {
      let id = old.element.differenceIdentifier
      seen.insert(id)
      guard old.isOutstanding else { continue }
      guard let at = index[id] else {
        // It left the window, or the data.
        events.cancels.append((old.element, pathsAreCarried ? old.path : locate(id)))
        continue
      }
      // Visible now: the cell uses what was prefetched; no event.
      if now[at].isVisible { continue }
      if dataChanged, !now[at].element.isContentEqual(to: old.element) {
        events.cancels.append((old.element, now[at].path))
        reprefetch.append(at)
      } else {
        now[at].isOutstanding = true
      }
    }
    // Items that entered the window, or were inserted into it, without being visible.
    var starts = reprefetch
    for at in now.indices
    where !now[at].isVisible && !seen.contains(now[at].element.differenceIdentifier) {
      starts.append(at)
    }
    starts.sort { (now[$0].distance, now[$0].flat) < (now[$1].distance, now[$1].flat) }
    for at in starts {
      now[at].isOutstanding = true
      events.prefetches.append((now[at].element, now[at].path!))
    }
    pathsAreCarried = true
    // Without repeats (nor hash values that collide), the state goes positional: the window
    // is contiguous, and so are its visible items.
    let visibleFlats: Range<Int> = {
      guard let first = window.first(where: \.isVisible), let last = window.last(where: \.isVisible)
      else { return (window.first?.flat ?? 0)..<(window.first?.flat ?? 0) }
      return first.flat..<(last.flat + 1)
    }()
    let hashOf = now.map { _windowHash($0.element.differenceIdentifier) }
    let hashes = _HashValueSet(hashOf)
    if now.count == window.count, hashes.count == window.count, let first = window.first,
      let last = window.last
    {
      positional = _Positional(
        window: first.flat..<(last.flat + 1), visible: visibleFlats,
        flags: now.map {
          ($0.isVisible ? _Positional.visible : 0)
            | ($0.isOutstanding ? _Positional.outstanding : 0)
        }, hashOf: hashOf, hashes: hashes)
      entries = []
    } else {
      positional = window.isEmpty ? .empty : nil
      entries = window.isEmpty ? [] : now
    }
    return events
  }

  /// Cancels every outstanding prefetch: prefetching was turned off.
  ///
  /// - Complexity: O(w) for the w items of the window.
  mutating func cancelAll(_ elements: [[Element]], _ layout: _Layout?) -> [(Element, ElementPath?)]
  {
    materialize(elements, layout)
    defer { entries = [] }
    return entries.filter(\.isOutstanding).map { ($0.element, $0.path) }
  }
}

/// The prefetch state of an unchanged data without repeated identifiers in the window: the
/// window's flat positions, a flag byte for each, and the hash values of their identifiers
/// (no two alike), which tell an identifier that enters the window while it is there already.
/// Not generic, so that a scroll runs without looking up the element type's metadata.
@usableFromInline
struct _Positional: Sendable {
  static var visible: UInt8 { 1 }
  static var outstanding: UInt8 { 2 }

  @usableFromInline var window: Range<Int>
  /// The flat positions of the visible items.
  @usableFromInline var visible: Range<Int>
  /// The flag byte of each item of the window, at slot `flat & mask`: a ring, so that a
  /// scroll writes only the items that enter the window or change visibility.
  var flags: [UInt8]
  /// The hash value of each item's identifier, at the same slots.
  var hashOf: [Int]
  /// The ring's size less one; the size is a power of two, at least the window's count.
  var mask: Int
  var hashes: _HashValueSet

  /// The state of `window`, whose items have `flags` and `hashOf` in data order.
  init(
    window: Range<Int>, visible: Range<Int>, flags: [UInt8], hashOf: [Int],
    hashes: _HashValueSet
  ) {
    self.window = window
    self.visible = visible
    self.hashes = hashes
    var size = 8
    while size < window.count { size *= 2 }
    mask = size - 1
    self.flags = [UInt8](repeating: 0, count: size)
    self.hashOf = [Int](repeating: 0, count: size)
    for (offset, flat) in window.enumerated() {
      self.flags[flat & mask] = flags[offset]
      self.hashOf[flat & mask] = hashOf[offset]
    }
  }

  /// The state of an empty window.
  static var empty: Self {
    _Positional(window: 0..<0, visible: 0..<0, flags: [], hashOf: [], hashes: _HashValueSet())
  }

  func isVisible(_ flat: Int) -> Bool { flags[flat & mask] & Self.visible != 0 }
  func isOutstanding(_ flat: Int) -> Bool { flags[flat & mask] & Self.outstanding != 0 }

  /// What a scroll asks for: flat positions to cancel, in data order, and to prefetch,
  /// nearest first, ties in data order.
  @usableFromInline
  struct Moved {
    @usableFromInline var cancels: [Int] = []
    @usableFromInline var prefetches: [Int] = []
  }

  /// A prefetch to start: its distance from the viewport and its flat position.
  struct Start: Comparable {
    var distance: Double
    var flat: Int
    static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.distance, lhs.flat) < (rhs.distance, rhs.flat)
    }
  }

  /// Moves to a new window of the same data: what enters the window without being visible
  /// is prefetched, what leaves it is cancelled, what becomes visible uses its prefetch.
  /// `nil`, with the state as it was, when an entering identifier is in the window already.
  ///
  /// - Parameters:
  ///   - window: The flat positions in the window now.
  ///   - visible: Those in the viewport.
  ///   - viewport: The viewport, to order the prefetches by distance.
  ///   - layout: The layout.
  ///   - identity: The hash value of the identifier at a flat position.
  /// - Returns: What to cancel and to prefetch, or `nil`.
  /// - Complexity: O(k log k + v) for the k items that enter or leave and the v whose
  ///   visibility changes, with a call of `identity` for each item that enters and no other
  ///   work on elements (O(w) for the w of the window when it outgrows the ring).
  @usableFromInline
  mutating func scroll(
    to window: Range<Int>, visible: Range<Int>, viewport: Range<Double>, _ layout: _Layout,
    identity: (Int) -> Int
  ) -> Moved? {
    let old = self.window
    // The same items in the window (most frames of a finger's scroll): only visibility can
    // change, and a prefetch becoming visible is used without an event.
    if window == old {
      if visible != self.visible { updateVisibility(visible, kept: window) }
      return Moved()
    }
    let entering = _difference(window, old)
    // Entering: an identifier already in the window (staying or leaving, or entering twice)
    // repeats, and the general evaluation groups its occurrences. Its hash value is in the
    // window's then; so it is, rarely, for another identifier whose hash collides, which the
    // general evaluation then tells apart.
    var starts: [Start] = []
    var enteringHashes: [Int] = []
    // Reserved only when something enters: reserving on an empty array allocates.
    if entering.count > 0 {
      starts.reserveCapacity(entering.count)
      enteringHashes.reserveCapacity(entering.count)
    }
    for flat in entering {
      let hash = identity(flat)
      guard hashes.insert(hash) else {
        for added in enteringHashes { hashes.remove(added) }
        return nil
      }
      enteringHashes.append(hash)
      if !visible.contains(flat) {
        starts.append(Start(distance: layout.extent(flat).distance(to: viewport), flat: flat))
      }
    }
    var moved = Moved()
    // Leaving, in data order.
    let leaving = _difference(old, window)
    if leaving.count > 0 { moved.cancels.reserveCapacity(leaving.count) }
    if !starts.isEmpty { moved.prefetches.reserveCapacity(starts.count) }
    for flat in leaving {
      hashes.remove(hashOf[flat & mask])
      if isOutstanding(flat) { moved.cancels.append(flat) }
    }
    let kept = window.clamped(to: old)
    if window.count > mask + 1 { grow(to: window.count, keeping: kept) }
    updateVisibility(visible, kept: kept)
    let mask = mask
    if !enteringHashes.isEmpty {
      var hashOfEntering = enteringHashes.makeIterator()
      hashOf.withUnsafeMutableBufferPointer { hashOf in
        for flat in entering { hashOf[flat & mask] = hashOfEntering.next() ?? 0 }
      }
      starts.sort()
      flags.withUnsafeMutableBufferPointer { flags in
        for flat in entering { flags[flat & mask] = visible.contains(flat) ? Self.visible : 0 }
        for start in starts { flags[start.flat & mask] |= Self.outstanding }
      }
      for start in starts { moved.prefetches.append(start.flat) }
    }
    self.window = window
    return moved
  }

  /// Marks the kept items whose visibility changed, and takes `visible` as the visible
  /// items: one that became visible uses its prefetch.
  mutating func updateVisibility(_ visible: Range<Int>, kept: Range<Int>) {
    let (shown, hidden) = (_difference(visible, self.visible), _difference(self.visible, visible))
    let mask = mask
    // Through the buffer: one uniqueness check for the step, not one per item.
    flags.withUnsafeMutableBufferPointer { flags in
      for flat in shown.below.clamped(to: kept) { flags[flat & mask] = Self.visible }
      for flat in shown.above.clamped(to: kept) { flags[flat & mask] = Self.visible }
      for flat in hidden.below.clamped(to: kept) { flags[flat & mask] &= ~Self.visible }
      for flat in hidden.above.clamped(to: kept) { flags[flat & mask] &= ~Self.visible }
    }
    self.visible = visible
  }

  /// Moves the kept items to a ring of at least `count` slots.
  mutating func grow(to count: Int, keeping kept: Range<Int>) {
    var size = mask + 1
    while size < count { size *= 2 }
    var newFlags = [UInt8](repeating: 0, count: size)
    var newHashOf = [Int](repeating: 0, count: size)
    for flat in kept {
      newFlags[flat & (size - 1)] = flags[flat & mask]
      newHashOf[flat & (size - 1)] = hashOf[flat & mask]
    }
    (flags, hashOf, mask) = (newFlags, newHashOf, size - 1)
  }
}

/// The positions of `range` outside `other`, ascending: those below it, then those above it.
func _difference(_ range: Range<Int>, _ other: Range<Int>) -> _RangePair {
  if other.isEmpty { return _RangePair(below: range.lowerBound..<range.lowerBound, above: range) }
  let belowEnd = min(range.upperBound, max(range.lowerBound, other.lowerBound))
  let aboveStart = max(range.lowerBound, min(range.upperBound, other.upperBound))
  return _RangePair(
    below: range.lowerBound..<belowEnd, above: max(belowEnd, aboveStart)..<range.upperBound)
}

/// Two ascending ranges, the first below the second, iterated in order without allocating.
struct _RangePair: Sequence {
  var below: Range<Int>
  var above: Range<Int>

  /// How many positions the two hold.
  var count: Int { below.count + above.count }

  struct Iterator: IteratorProtocol {
    var below: Range<Int>.Iterator
    var above: Range<Int>.Iterator
    mutating func next() -> Int? { below.next() ?? above.next() }
  }

  func makeIterator() -> Iterator {
    Iterator(below: below.makeIterator(), above: above.makeIterator())
  }
}

extension _Positional: Equatable {
  /// Whether two states hold the same window, visibility, flags and hash values, wherever
  /// their rings keep them.
  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.window == rhs.window && lhs.visible == rhs.visible && lhs.hashes == rhs.hashes
      && lhs.window.allSatisfy {
        lhs.flags[$0 & lhs.mask] == rhs.flags[$0 & rhs.mask]
          && lhs.hashOf[$0 & lhs.mask] == rhs.hashOf[$0 & rhs.mask]
      }
  }
}

extension _PrefetchTracker.Entry: Equatable where Element: Equatable {}
extension _PrefetchTracker.Entry: Sendable where Element: Sendable {}
extension _PrefetchTracker: Equatable where Element: Equatable {}
extension _PrefetchTracker: Sendable where Element: Sendable {}

/// The value the positional prefetch state keeps for an identifier, to tell one that enters
/// the window while it is there already: equal for equal identifiers, and rarely equal
/// otherwise (the general evaluation then tells them apart). An `Int` identifier is its own
/// value, mixed by a bijection (so two distinct ones never collide), without running the
/// standard hasher; others, their hash value. Specialized for the caller's identifier type,
/// the test of the type is decided when the code is compiled.
@inlinable
func _windowHash<ID: Hashable>(_ identifier: ID) -> Int {
  if ID.self == Int.self {
    let bits = UInt64(bitPattern: Int64(unsafeBitCast(identifier, to: Int.self)))
    return Int(bitPattern: UInt(truncatingIfNeeded: bits &* 0x9E37_79B9_7F4A_7C15))
  }
  return identifier.hashValue
}

/// The prefetch state of an unchanged data without repeated identifiers in the window: the
/// window's flat positions, the visible ones among them (contiguous, so a range says which),
/// and a ring (`_PositionalRing`) with a flag byte (whether the item's prefetch is
/// outstanding) and an identifier's hash value for each, and the set of those hash values (no
/// two alike), which tells an identifier that enters the window while it is there already.
/// Not generic, so that a scroll runs without looking up the element type's metadata.
@usableFromInline
struct _Positional: Sendable {
  @usableFromInline static var outstanding: UInt8 { 1 }

  @usableFromInline var window: Range<Int>
  /// The flat positions of the visible items.
  @usableFromInline var visible: Range<Int>
  /// The flags and hash values by slot, and the scratch of the last step; copied before a
  /// change when another state shares it.
  @usableFromInline var ring: _PositionalRing

  /// The state of `window`, whose items have `flags` (`outstanding` or 0) and `hashOf` in
  /// data order; `nil` when two hash values are alike (the general evaluation keeps the
  /// state then).
  @usableFromInline
  init?(window: Range<Int>, visible: Range<Int>, flags: [UInt8], hashOf: [Int]) {
    self.window = window
    self.visible = visible
    ring = _PositionalRing(capacity: window.count)
    for (offset, flat) in window.enumerated() {
      guard ring.insertKey(hashOf[offset]) else { return nil }
      ring.flags[flat & ring.mask] = flags[offset]
      ring.hashOf[flat & ring.mask] = hashOf[offset]
    }
  }

  /// The state of an empty window.
  @usableFromInline static var empty: Self {
    _Positional(window: 0..<0, visible: 0..<0, flags: [], hashOf: [])!
  }

  @usableFromInline func isVisible(_ flat: Int) -> Bool { visible.contains(flat) }
  @usableFromInline func isOutstanding(_ flat: Int) -> Bool {
    ring.flags[flat & ring.mask] & Self.outstanding != 0
  }

  /// A prefetch to start: its distance from the viewport and its flat position.
  @usableFromInline
  struct Start: Comparable {
    /// The distance from the viewport; 0 for all of a step's prefetches when data order is
    /// their order (they all lie past the viewport).
    @usableFromInline var distance: Double
    @usableFromInline var flat: Int
    @usableFromInline static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.distance, lhs.flat) < (rhs.distance, rhs.flat)
    }
  }

  /// Moves to a new window of the same data (a window of the same items only changes
  /// visibility: `updateVisibility`): what enters the window without being visible is
  /// prefetched, what leaves it is cancelled, what becomes visible uses its prefetch. What
  /// to cancel (in data order) and to prefetch (nearest first, ties in data order) is left in
  /// the ring's `cancels` and `starts`. `false`, with the state as it was, when an entering
  /// identifier is in the window already (or its hash value is another's there): the general
  /// evaluation groups the occurrences then.
  ///
  /// - Parameters:
  ///   - window: The flat positions in the window now.
  ///   - visible: Those in the viewport.
  ///   - identity: The hash value of the identifier at a flat position.
  ///   - distance: The distance from the viewport of the item at a flat position, to order
  ///     the prefetches.
  /// - Returns: Whether the state moved.
  /// - Complexity: O(k log k + v) for the k items that enter or leave and the v that
  ///   appear, with a call of `identity` for each item that enters and no other
  ///   work on elements, and a call of `distance` for each that enters without being visible
  ///   when some enter before the viewport's items (O(w) for the w of the window when it
  ///   outgrows the ring, or when the ring is shared with a copy of the model).
  @usableFromInline
  mutating func scroll(
    to window: Range<Int>, visible: Range<Int>, identity: (Int) -> Int,
    distance: (Int) -> Double
  ) -> Bool {
    let old = self.window
    // One uniqueness check for the step; then the ring is written through its pointers.
    if !isKnownUniquelyReferenced(&ring) || window.count > ring.capacity {
      ring = ring.copy(keeping: old, capacity: window.count)
    }
    let ring = ring
    let mask = ring.mask
    let entering = _difference(window, old)
    // Checked against the window before anything leaves it: an identifier already there
    // (staying or leaving, or entering twice) repeats.
    var checked = 0
    for flat in entering {
      let key = identity(flat)
      guard ring.insertKey(key) else {
        for index in 0..<checked { ring.removeKey(ring.keys[index]) }
        return false
      }
      ring.keys[checked] = key
      checked += 1
    }
    ring.clearScratch()
    for flat in _difference(old, window) {
      ring.removeKey(ring.hashOf[flat & mask])
      if isOutstanding(flat) { ring.appendCancel(flat) }
    }
    // The kept items that appear use their prefetch; the entering ones are written over
    // the slots of those that left.
    ring.clearNewlyVisible(from: self.visible, to: visible, kept: window.clamped(to: old))
    self.visible = visible
    // When nothing enters before the viewport's items (a scroll forward), those that enter
    // unseen all lie past the viewport, where an item's distance grows with its position:
    // data order is the order asked for, and no distance is needed.
    let first = entering.below.isEmpty ? entering.above.lowerBound : entering.below.lowerBound
    let pastTheViewport = first >= visible.lowerBound
    var index = 0
    for flat in entering {
      ring.hashOf[flat & mask] = ring.keys[index]
      index += 1
      if visible.contains(flat) {
        ring.flags[flat & mask] = 0
      } else {
        ring.flags[flat & mask] = Self.outstanding
        ring.appendStart(Start(distance: pastTheViewport ? 0 : distance(flat), flat: flat))
      }
    }
    ring.sortStarts()
    self.window = window
    return true
  }

  /// Takes `visible` as the visible items of an unchanged window: one that became visible
  /// uses its prefetch.
  @usableFromInline
  mutating func updateVisibility(_ visible: Range<Int>) {
    guard visible != self.visible else { return }
    if !isKnownUniquelyReferenced(&ring) { ring = ring.copy(keeping: window, capacity: 0) }
    ring.clearNewlyVisible(from: self.visible, to: visible, kept: window)
    self.visible = visible
  }
}

extension _Positional: Equatable {
  /// Whether two states hold the same window, visibility, flags and hash values, wherever
  /// their rings keep them.
  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.window == rhs.window && lhs.visible == rhs.visible
      && lhs.window.allSatisfy {
        lhs.ring.flags[$0 & lhs.ring.mask] == rhs.ring.flags[$0 & rhs.ring.mask]
          && lhs.ring.hashOf[$0 & lhs.ring.mask] == rhs.ring.hashOf[$0 & rhs.ring.mask]
      }
  }
}

/// The storage of a positional prefetch state: a ring of `capacity` slots (a power of two, at
/// least the window's count) with a flag byte and a hash value for the item at flat position
/// `flat` in slot `flat & mask`, so that a scroll writes only the items that enter the window
/// or appear in the viewport; the set of the window's hash values, in an open-addressing table;
/// and the scratch of one step (the keys that enter, the cancels and the prefetches), sized
/// to the ring, so that a step allocates nothing.
///
/// One object with its own buffers, written through pointers: a step checks once that no
/// copy of the model shares it (copy on write), not once per item.
@usableFromInline
final class _PositionalRing: @unchecked Sendable {
  // @unchecked: a ring is only written while one state holds it (copy on write), and a
  // state is a value, so a ring is shared only by copies that read it. For the same reason
  // its counts are exempt from run-time exclusivity checks (a step reads and writes them
  // once per item).

  @usableFromInline let capacity: Int
  @usableFromInline let mask: Int
  @usableFromInline let flags: UnsafeMutablePointer<UInt8>
  @usableFromInline let hashOf: UnsafeMutablePointer<Int>
  /// The set: linear probing, at most an eighth full (it holds the window's values and those
  /// that enter, at most twice the capacity, in sixteen times as many slots: a probe mostly
  /// ends at its first slot, which halved the set's share of a scroll step against four
  /// times), deletion by backward shift. 0 marks an empty slot; the value 0 is `holdsZero`.
  let table: UnsafeMutablePointer<Int>
  let tableMask: Int
  @exclusivity(unchecked) var holdsZero = false
  /// The number of values in the set.
  @exclusivity(unchecked) private(set) var keyCount = 0
  @usableFromInline let keys: UnsafeMutablePointer<Int>
  @usableFromInline let cancels: UnsafeMutablePointer<Int>
  @usableFromInline let starts: UnsafeMutablePointer<_Positional.Start>
  /// How many of `cancels` and of `starts` the last step left.
  @exclusivity(unchecked) @usableFromInline private(set) var cancelCount = 0
  @exclusivity(unchecked) @usableFromInline private(set) var startCount = 0

  /// An empty ring of at least `count` slots (and at least 8).
  init(capacity count: Int) {
    var size = 8
    while size < count { size *= 2 }
    capacity = size
    mask = size - 1
    tableMask = 16 * size - 1
    flags = .allocate(capacity: size)
    flags.initialize(repeating: 0, count: size)
    hashOf = .allocate(capacity: size)
    hashOf.initialize(repeating: 0, count: size)
    table = .allocate(capacity: 16 * size)
    table.initialize(repeating: 0, count: 16 * size)
    keys = .allocate(capacity: size)
    cancels = .allocate(capacity: size)
    starts = .allocate(capacity: size)
  }

  deinit {
    flags.deallocate()
    hashOf.deallocate()
    table.deallocate()
    keys.deallocate()
    cancels.deallocate()
    starts.deallocate()
  }

  /// A ring of at least `count` slots (and at least this one's) holding the items of
  /// `kept`, their flags, their hash values and the set of those values.
  ///
  /// - Complexity: O(w) for the w items kept, and the ring's size.
  func copy(keeping kept: Range<Int>, capacity count: Int) -> _PositionalRing {
    let copy = _PositionalRing(capacity: max(count, capacity))
    for flat in kept {
      copy.flags[flat & copy.mask] = flags[flat & mask]
      copy.hashOf[flat & copy.mask] = hashOf[flat & mask]
      copy.insertKey(hashOf[flat & mask])
    }
    return copy
  }

  /// Clears the flags of the items of `kept` that `new` shows and `old` did not (those
  /// below `old`, and those above it): a cell that appears uses what was prefetched for it.
  func clearNewlyVisible(from old: Range<Int>, to new: Range<Int>, kept: Range<Int>) {
    // Bounds as integers: no range is formed, so none needs checking.
    var flat = max(new.lowerBound, kept.lowerBound)
    var last = min(new.upperBound, old.lowerBound, kept.upperBound)
    while flat < last {
      flags[flat & mask] = 0
      flat += 1
    }
    flat = max(new.lowerBound, old.upperBound, kept.lowerBound)
    last = min(new.upperBound, kept.upperBound)
    while flat < last {
      flags[flat & mask] = 0
      flat += 1
    }
  }

  // MARK: The set of hash values

  /// The slot a value starts its probe at: its bits, mixed once more (a custom `hashValue`
  /// need not spread its low bits).
  private func home(_ value: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(value)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
      & tableMask
  }

  /// The slot holding `value` (not 0), or the empty slot where it would go.
  private func slot(of value: Int) -> Int {
    var index = home(value)
    while table[index] != 0, table[index] != value { index = (index + 1) & tableMask }
    return index
  }

  /// Whether the set holds `value`.
  func containsKey(_ value: Int) -> Bool {
    value == 0 ? holdsZero : table[slot(of: value)] != 0
  }

  /// Inserts `value`; `false` when it was there already. At most twice the capacity.
  @discardableResult
  func insertKey(_ value: Int) -> Bool {
    if value == 0 {
      defer { holdsZero = true }
      if holdsZero { return false }
    } else {
      let index = slot(of: value)
      guard table[index] == 0 else { return false }
      table[index] = value
    }
    keyCount += 1
    return true
  }

  /// Removes `value`, if there, shifting back the values that probed past it.
  func removeKey(_ value: Int) {
    if value == 0 {
      if holdsZero { keyCount -= 1 }
      holdsZero = false
      return
    }
    var hole = slot(of: value)
    guard table[hole] != 0 else { return }
    var next = hole
    while true {
      next = (next + 1) & tableMask
      guard table[next] != 0 else { break }
      let start = home(table[next])
      // The value at `next` may move into the hole when its probe started at or before the
      // hole (cyclically between the hole and `next`, it may not).
      let between = hole <= next ? (hole < start && start <= next) : (hole < start || start <= next)
      if !between {
        table[hole] = table[next]
        hole = next
      }
    }
    table[hole] = 0
    keyCount -= 1
  }

  // MARK: The scratch of a step

  @usableFromInline func clearScratch() {
    cancelCount = 0
    startCount = 0
  }

  func appendCancel(_ flat: Int) {
    cancels[cancelCount] = flat
    cancelCount += 1
  }

  func appendStart(_ start: _Positional.Start) {
    starts[startCount] = start
    startCount += 1
  }

  /// Nearest first, ties in data order.
  /// - Complexity: O(k) when they are in order already (a scroll in one direction: those
  ///   that enter are ordered by their distance), O(k log k) otherwise.
  func sortStarts() {
    var index = 1
    while index < startCount, !(starts[index] < starts[index - 1]) { index += 1 }
    guard index < startCount else { return }
    var buffer = UnsafeMutableBufferPointer(start: starts, count: startCount)
    buffer.sort()
  }
}

/// The positions of `range` outside `other`, ascending: those below it, then those above it.
@usableFromInline
func _difference(_ range: Range<Int>, _ other: Range<Int>) -> _RangePair {
  if other.isEmpty { return _RangePair(below: range.lowerBound..<range.lowerBound, above: range) }
  let belowEnd = min(range.upperBound, max(range.lowerBound, other.lowerBound))
  let aboveStart = max(range.lowerBound, min(range.upperBound, other.upperBound))
  return _RangePair(
    below: range.lowerBound..<belowEnd, above: max(belowEnd, aboveStart)..<range.upperBound)
}

/// Two ascending ranges, the first below the second, iterated in order without allocating.
@usableFromInline
struct _RangePair: Sequence {
  @usableFromInline var below: Range<Int>
  @usableFromInline var above: Range<Int>

  @usableFromInline init(below: Range<Int>, above: Range<Int>) {
    self.below = below
    self.above = above
  }

  @usableFromInline
  struct Iterator: IteratorProtocol {
    @usableFromInline var below: Range<Int>.Iterator
    @usableFromInline var above: Range<Int>.Iterator
    @usableFromInline init(below: Range<Int>.Iterator, above: Range<Int>.Iterator) {
      self.below = below
      self.above = above
    }
    @inlinable mutating func next() -> Int? { below.next() ?? above.next() }
  }

  @inlinable func makeIterator() -> Iterator {
    Iterator(below: below.makeIterator(), above: above.makeIterator())
  }
}

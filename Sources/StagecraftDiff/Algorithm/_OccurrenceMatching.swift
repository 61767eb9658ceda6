/// The result of matching source positions with target positions by identifier: the k-th
/// occurrence of an identifier among the targets is matched with its k-th occurrence
/// among the sources.
@usableFromInline
internal struct _OccurrenceMatching {
  /// Per source position: the matched target position, or -1.
  @usableFromInline internal var sourceToTarget: ContiguousArray<Int>
  /// Per target position: the matched source position, or -1.
  @usableFromInline internal var targetToSource: ContiguousArray<Int>
  /// The number of matched pairs.
  @usableFromInline internal var matchedCount: Int

  @inlinable
  internal init(
    sourceToTarget: ContiguousArray<Int>, targetToSource: ContiguousArray<Int>, matchedCount: Int
  ) {
    self.sourceToTarget = sourceToTarget
    self.targetToSource = targetToSource
    self.matchedCount = matchedCount
  }

  /// Whether every identifier occurs equally often on both sides, so nothing is unmatched.
  @inlinable
  internal var isBalanced: Bool {
    matchedCount == sourceToTarget.count && matchedCount == targetToSource.count
  }
}

/// Matches the positions of `source` with those of `target` by identifier.
///
/// - Complexity: Expected O(s + t) hash operations, assuming a good hash function;
///   O(s + t) extra memory.
@inlinable
internal func _matchOccurrences<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>
) -> _OccurrenceMatching {
  var matching = _OccurrenceMatching(
    sourceToTarget: ContiguousArray(repeating: -1, count: source.count),
    targetToSource: ContiguousArray(repeating: -1, count: target.count), matchedCount: 0)
  _matchOccurrences(source, [0..<source.count], target, [0..<target.count], into: &matching)
  return matching
}

/// Matches the positions in `sourceRanges` with those in `targetRanges` by identifier,
/// the k-th occurrence among the targets with the k-th among the sources, and records the
/// pairs in `matching`, whose arrays cover all of `source` and `target`.
///
/// The sources go into an `_OccurrenceTable`; each target then takes, and advances, the
/// first unmatched position of its identifier's chain. Identifiers are compared with `==`
/// whenever their hash bits agree, so colliding hashes never make two identifiers equal.
/// Every identifier is hashed once.
///
/// - Complexity: Expected O(s + t) hash operations, assuming a good hash function;
///   O(s) extra memory, for s source and t target positions.
@inlinable
internal func _matchOccurrences<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>, _ sourceRanges: [Range<Int>],
  _ target: UnsafeBufferPointer<Element>, _ targetRanges: [Range<Int>],
  into matching: inout _OccurrenceMatching, positionLimit: Int = Int(UInt32.max)
) {
  var sourceCount = 0
  for range in sourceRanges { sourceCount &+= range.count }
  var targetCount = 0
  for range in targetRanges { targetCount &+= range.count }
  guard sourceCount > 0, targetCount > 0 else { return }
  // Slots hold `hash bits << 32 | position + 1`, so positions must fit in 32 bits.
  guard source.count < positionLimit else {
    _matchOccurrencesByDictionary(source, sourceRanges, target, targetRanges, into: &matching)
    return
  }
  var built = _OccurrenceTable(source, sourceRanges, count: sourceCount)
  // Taken out of the table, so that advancing a chain's cursor copies nothing.
  var next = built.next
  built.next = []
  // A constant from here on: a variable would be retained around every lookup that calls
  // an element's `==` out of line, in case that call changed it.
  let table = built
  var matched = 0
  table.slots.withUnsafeBufferPointer { slots in
    matching.sourceToTarget.withUnsafeMutableBufferPointer { sourceToTarget in
      matching.targetToSource.withUnsafeMutableBufferPointer { targetToSource in
        // With no repeated identifier among the sources, the source right after the
        // previous target's partner, when it is unmatched and has this target's
        // identifier, is the only candidate the table could give: it is matched without
        // hashing. Lists that keep runs in order skip most lookups this way. (With
        // repeats, the chains decide, so that the k-th occurrence rule holds.)
        let unique = next.isEmpty
        for range in targetRanges {
          var following = -1
          for position in range {
            var partner = -1
            if unique, following >= 0, following < sourceToTarget.count,
              sourceToTarget[following] < 0,
              _haveEqualIdentifiers(source, following, target, position)
            {
              partner = following
            } else {
              partner = table.unmatched(
                target, position, source: source, slots: slots, next: &next,
                sourceToTarget: sourceToTarget)
            }
            following = -1
            guard partner >= 0 else { continue }
            sourceToTarget[partner] = position
            targetToSource[position] = partner
            matched &+= 1
            following = partner &+ 1
          }
        }
      }
    }
  }
  matching.matchedCount &+= matched
  matching._checkInvariants()
}

/// The source positions of a matching, by identifier: an open-addressed table, at most
/// three quarters full, whose slots pack 32 bits of an identifier's hash with the first
/// source position that carries it (the start of its chain), and `next`, allocated at the
/// first repeated identifier, which chains each source position to the next one with the
/// same identifier.
@usableFromInline
internal struct _OccurrenceTable {
  @usableFromInline var slots: ContiguousArray<UInt64>
  /// Per source position, the next one with the same identifier, or -1; empty when no
  /// identifier repeats. Once a chain's start is matched, its own link is free and serves
  /// as the chain's cursor: it always points at the first unmatched position.
  @usableFromInline var next = ContiguousArray<Int>()
  @usableFromInline let mask: Int
  @usableFromInline let seed: UInt64

  @inlinable static var hashBits: UInt64 { 0xFFFF_FFFF_0000_0000 }

  /// Inserts the positions of `ranges`, walked backwards so that every chain ascends.
  ///
  /// - Complexity: Expected O(count) hash operations.
  @inlinable
  internal init<Element: Differentiable>(
    _ source: UnsafeBufferPointer<Element>, _ ranges: [Range<Int>], count: Int
  ) {
    var capacity = 16
    while capacity &* 3 < count &* 4 { capacity &<<= 1 }
    // Built in locals and stored at the end.
    let mask = capacity &- 1
    let seed = _mixedHashSeed
    var slots = ContiguousArray<UInt64>(repeating: 0, count: capacity)
    // `next` lives inside the closure: a captured variable would be checked at run time.
    let next = slots.withUnsafeMutableBufferPointer { slots -> ContiguousArray<Int> in
      var next = ContiguousArray<Int>()
      for range in ranges.reversed() {
        var position = range.upperBound &- 1
        while position >= range.lowerBound {
          let hash = UInt(bitPattern: _identifierHash(source._address(position), seed: seed))
          let bits = UInt64(truncatingIfNeeded: hash &>> 32) &<< 32
          let entry = bits | UInt64(truncatingIfNeeded: position &+ 1)
          var bucket = Int(truncatingIfNeeded: hash) & mask
          while true {
            let slot = slots[bucket]
            if slot == 0 {
              slots[bucket] = entry
              break
            }
            if slot & Self.hashBits == bits {
              let later = Int(truncatingIfNeeded: slot & ~Self.hashBits) &- 1
              if _haveEqualIdentifiers(source, later, source, position) {
                if next.isEmpty { next = ContiguousArray(repeating: -1, count: source.count) }
                next[position] = later
                slots[bucket] = entry
                break
              }
            }
            bucket = (bucket &+ 1) & mask
          }
          position &-= 1
        }
      }
      return next
    }
    self.slots = slots
    self.next = next
    self.mask = mask
    self.seed = seed
  }

  /// The first unmatched source position with the identifier of `target[position]`,
  /// advancing its chain's cursor in `next` (the table's, taken out) past it; -1 when there
  /// is none.
  ///
  /// - Complexity: Expected O(1) hash operations.
  @inlinable
  internal func unmatched<Element: Differentiable>(
    _ target: UnsafeBufferPointer<Element>, _ position: Int,
    source: UnsafeBufferPointer<Element>, slots: UnsafeBufferPointer<UInt64>,
    next: inout ContiguousArray<Int>, sourceToTarget: UnsafeMutableBufferPointer<Int>
  ) -> Int {
    let hash = UInt(bitPattern: _identifierHash(target._address(position), seed: seed))
    let bits = UInt64(truncatingIfNeeded: hash &>> 32) &<< 32
    var bucket = Int(truncatingIfNeeded: hash) & mask
    var start = -1
    while true {
      let slot = slots[bucket]
      if slot == 0 { return -1 }
      if slot & Self.hashBits == bits {
        let candidate = Int(truncatingIfNeeded: slot & ~Self.hashBits) &- 1
        if _haveEqualIdentifiers(source, candidate, target, position) {
          start = candidate
          break
        }
      }
      bucket = (bucket &+ 1) & mask
    }
    guard sourceToTarget[start] >= 0 else { return start }
    guard !next.isEmpty else { return -1 }
    let partner = next[start]
    guard partner >= 0 else { return -1 }
    next[start] = next[partner]
    return partner
  }
}

/// `_matchOccurrences(_:_:_:_:into:)` with a `Dictionary`, for sources too long for the
/// table's 32-bit positions.
///
/// - Complexity: Expected O(s + t) hash operations.
@inlinable
@inline(never)
internal func _matchOccurrencesByDictionary<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>, _ sourceRanges: [Range<Int>],
  _ target: UnsafeBufferPointer<Element>, _ targetRanges: [Range<Int>],
  into matching: inout _OccurrenceMatching
) {
  var chainStart = [Element.DifferenceIdentifier: Int]()
  var next = ContiguousArray<Int>(repeating: -1, count: source.count)
  for range in sourceRanges.reversed() {
    for position in range.reversed() {
      if let later = chainStart.updateValue(position, forKey: source[position].differenceIdentifier)
      {
        next[position] = later
      }
    }
  }
  for range in targetRanges {
    for position in range {
      guard let start = chainStart[target[position].differenceIdentifier] else { continue }
      var partner = start
      if matching.sourceToTarget[start] >= 0 {
        partner = next[start]
        guard partner >= 0 else { continue }
        next[start] = next[partner]
      }
      matching.sourceToTarget[partner] = position
      matching.targetToSource[position] = partner
      matching.matchedCount &+= 1
    }
  }
}

/// Matches the elements of two contiguous arrays by identifier.
///
/// - Complexity: Expected O(s + t) hash operations.
@inlinable
internal func _matchOccurrences<Element: Differentiable>(
  _ source: ContiguousArray<Element>, _ target: ContiguousArray<Element>
) -> _OccurrenceMatching {
  source.withUnsafeBufferPointer { source in
    target.withUnsafeBufferPointer { target in _matchOccurrences(source, target) }
  }
}

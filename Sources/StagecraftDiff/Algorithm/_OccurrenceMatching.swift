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
/// The table is open-addressed and at most three quarters full; each slot packs 32 bits of
/// an identifier's hash with the first source position that carries it (the start of its
/// chain). `next`, allocated at the first repeated identifier, chains each source position
/// to the next one with the same identifier; the sources are walked backwards so that
/// every chain is ascending, and each target then takes, and advances, the first unmatched
/// position of its chain. Identifiers are compared with `==` whenever their hash bits agree,
/// so colliding hashes never make two identifiers equal. Every identifier is hashed once.
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
  // At most three quarters full.
  var capacity = 16
  while capacity &* 3 < sourceCount &* 4 { capacity &<<= 1 }
  let mask = capacity &- 1
  var slots = ContiguousArray<UInt64>(repeating: 0, count: capacity)
  // Allocated at the first repeated identifier: most lists have none.
  var next = ContiguousArray<Int>()
  let hashBits: UInt64 = 0xFFFF_FFFF_0000_0000
  let seed = _mixedHashSeed
  slots.withUnsafeMutableBufferPointer { slots in
    for range in sourceRanges.reversed() {
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
          if slot & hashBits == bits {
            let later = Int(truncatingIfNeeded: slot & ~hashBits) &- 1
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
  }
  // Once a chain's start is matched, its own `next` link is free and serves as the
  // chain's cursor: it always points at the first unmatched position.
  var matched = 0
  slots.withUnsafeBufferPointer { slots in
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
            if unique, following >= 0, following < sourceToTarget.count,
              sourceToTarget[following] < 0,
              _haveEqualIdentifiers(source, following, target, position)
            {
              sourceToTarget[following] = position
              targetToSource[position] = following
              matched &+= 1
              following &+= 1
              continue
            }
            following = -1
            let hash = UInt(bitPattern: _identifierHash(target._address(position), seed: seed))
            let bits = UInt64(truncatingIfNeeded: hash &>> 32) &<< 32
            var bucket = Int(truncatingIfNeeded: hash) & mask
            var start = -1
            while true {
              let slot = slots[bucket]
              if slot == 0 { break }
              if slot & hashBits == bits {
                let candidate = Int(truncatingIfNeeded: slot & ~hashBits) &- 1
                if _haveEqualIdentifiers(source, candidate, target, position) {
                  start = candidate
                  break
                }
              }
              bucket = (bucket &+ 1) & mask
            }
            guard start >= 0 else { continue }
            var partner = start
            if sourceToTarget[start] >= 0 {
              guard !next.isEmpty else { continue }
              partner = next[start]
              guard partner >= 0 else { continue }
              next[start] = next[partner]
            }
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

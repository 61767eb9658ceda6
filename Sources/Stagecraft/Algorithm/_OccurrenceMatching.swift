/// Matches source positions with target positions by identifier: the k-th occurrence of an
/// identifier among the targets is matched with its k-th occurrence among the sources.
///
/// One dictionary keyed by the identifier itself maps each distinct identifier to an
/// entry; each entry holds a chain (threaded through `next`) of the not yet matched source
/// positions that carry it, in ascending order. A target takes the head of its chain.
/// Collisions are resolved by `Dictionary` with `==`, so equal hash values never make two
/// identifiers equal.
@usableFromInline
internal struct _OccurrenceMatcher<ID: Hashable> {
  @usableFromInline internal var entryOf: [ID: Int]
  /// Per entry: the first unmatched source position of its chain, or -1.
  @usableFromInline internal var heads: ContiguousArray<Int>
  /// Per entry: the last source position added to its chain.
  @usableFromInline internal var tails: ContiguousArray<Int>
  /// Per source position: the next source position with the same identifier, or -1.
  @usableFromInline internal var next: ContiguousArray<Int>
  /// Per source position: the matched target position, or -1.
  @usableFromInline internal var sourceToTarget: ContiguousArray<Int>
  /// Per target position: the matched source position, or -1.
  @usableFromInline internal var targetToSource: ContiguousArray<Int>
  /// The number of matched pairs.
  @usableFromInline internal var matchedCount: Int

  @inlinable
  internal init(sourceCount: Int, targetCount: Int) {
    entryOf = [ID: Int](minimumCapacity: sourceCount)
    heads = []
    heads.reserveCapacity(sourceCount)
    tails = []
    tails.reserveCapacity(sourceCount)
    next = ContiguousArray(repeating: -1, count: sourceCount)
    sourceToTarget = ContiguousArray(repeating: -1, count: sourceCount)
    targetToSource = ContiguousArray(repeating: -1, count: targetCount)
    matchedCount = 0
  }

  /// Makes room for `sources` more source and `targets` more target positions.
  @inlinable
  internal mutating func grow(sources: Int, targets: Int) {
    next.append(contentsOf: repeatElement(-1, count: sources))
    sourceToTarget.append(contentsOf: repeatElement(-1, count: sources))
    targetToSource.append(contentsOf: repeatElement(-1, count: targets))
  }

  /// Adds a source position; positions must be added in ascending order.
  ///
  /// - Complexity: One hash of `identifier`, expected O(1).
  @inlinable
  internal mutating func addSource(_ position: Int, _ identifier: ID) {
    let fresh = heads.count
    let entry = _claim(&entryOf[identifier, default: -1], fresh)
    if entry == fresh {
      heads.append(position)
      tails.append(position)
    } else {
      if heads[entry] < 0 {
        heads[entry] = position
      } else {
        next[tails[entry]] = position
      }
      tails[entry] = position
    }
  }

  /// Matches a target position with the earliest unmatched source of its identifier.
  ///
  /// - Returns: Whether a source was found.
  /// - Complexity: One hash of `identifier`, expected O(1).
  @inlinable
  @discardableResult
  internal mutating func matchTarget(_ position: Int, _ identifier: ID) -> Bool {
    guard let entry = entryOf[identifier] else { return false }
    let source = heads[entry]
    guard source >= 0 else { return false }
    heads[entry] = next[source]
    sourceToTarget[source] = position
    targetToSource[position] = source
    matchedCount += 1
    return true
  }

  /// Whether every identifier occurs equally often on both sides, so nothing is unmatched.
  @inlinable
  internal var isBalanced: Bool {
    matchedCount == sourceToTarget.count && matchedCount == targetToSource.count
  }
}

/// Matches positions `0..<sourceCount` with `0..<targetCount` by identifier.
///
/// - Complexity: Expected O(s + t) hash operations, assuming a good hash function: every
///   identifier is hashed exactly once. O(s + t) extra memory.
@inlinable
internal func _matchOccurrences<ID: Hashable>(
  sourceCount: Int,
  targetCount: Int,
  sourceIdentifier: (Int) -> ID,
  targetIdentifier: (Int) -> ID
) -> _OccurrenceMatcher<ID> {
  var matcher = _OccurrenceMatcher<ID>(sourceCount: sourceCount, targetCount: targetCount)
  for position in 0..<sourceCount { matcher.addSource(position, sourceIdentifier(position)) }
  guard sourceCount > 0 else { return matcher }
  for position in 0..<targetCount { matcher.matchTarget(position, targetIdentifier(position)) }
  return matcher
}

/// Stores `fresh` in an empty (-1) slot and returns the slot's value; lets the caller
/// find-or-insert with a single hash through `Dictionary`'s defaulted subscript.
@inlinable
@inline(__always)
internal func _claim(_ slot: inout Int, _ fresh: Int) -> Int {
  if slot < 0 { slot = fresh }
  return slot
}

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
/// One dictionary keyed by the identifier itself maps each identifier to the first source
/// position that carries it; `next` chains each source position to the next one with the
/// same identifier. The sources are walked backwards so that every chain is ascending;
/// each target then takes, and advances, the first unmatched position of its chain. Every
/// identifier is hashed exactly once. Collisions are resolved by `Dictionary` with `==`,
/// so equal hash values never make two identifiers equal.
///
/// - Complexity: Expected O(s + t) hash operations, assuming a good hash function;
///   O(s + t) extra memory.
@inlinable
internal func _matchOccurrences<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>
) -> _OccurrenceMatching {
  let sourceCount = source.count
  let targetCount = target.count
  var sourceToTarget = ContiguousArray<Int>(repeating: -1, count: sourceCount)
  var targetToSource = ContiguousArray<Int>(repeating: -1, count: targetCount)
  guard sourceCount > 0, targetCount > 0 else {
    return _OccurrenceMatching(
      sourceToTarget: sourceToTarget, targetToSource: targetToSource, matchedCount: 0)
  }
  // The dictionary maps an identifier to the first source position that carries it (the
  // start of its chain) and is never written after it is built. Once the start is
  // matched, its own `next` link is free and serves as the chain's cursor: it always
  // points at the first unmatched position. Plain loops over local arrays: closures
  // capturing them would box them and check exclusivity on every access.
  var chainStart = [Element.DifferenceIdentifier: Int](minimumCapacity: sourceCount)
  var next = ContiguousArray<Int>(repeating: -1, count: sourceCount)
  var position = sourceCount - 1
  while position >= 0 {
    if let later = chainStart.updateValue(position, forKey: source[position].differenceIdentifier) {
      next[position] = later
    }
    position -= 1
  }
  var matched = 0
  for position in 0..<targetCount {
    guard let start = chainStart[target[position].differenceIdentifier] else { continue }
    var source = start
    if sourceToTarget[start] >= 0 {
      source = next[start]
      guard source >= 0 else { continue }
      next[start] = next[source]
    }
    sourceToTarget[source] = position
    targetToSource[position] = source
    matched &+= 1
  }
  let result = _OccurrenceMatching(
    sourceToTarget: sourceToTarget, targetToSource: targetToSource, matchedCount: matched)
  result._checkInvariants()
  return result
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

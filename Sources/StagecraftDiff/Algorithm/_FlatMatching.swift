/// How the elements of two flat collections correspond: a common prefix and suffix that
/// were matched by comparing identifiers in place, and a hashed matching of the middle.
@usableFromInline
internal struct _FlatMatching {
  /// Length of the matched common prefix.
  @usableFromInline internal var prefix: Int
  /// Length of the common suffix matched in place.
  @usableFromInline internal var suffix: Int
  /// The matching of the middle ranges, with positions relative to `prefix`.
  @usableFromInline internal var middle: _OccurrenceMatching

  @inlinable
  internal init(prefix: Int, suffix: Int, middle: _OccurrenceMatching) {
    self.prefix = prefix
    self.suffix = suffix
    self.middle = middle
  }
}

/// A common suffix shorter than this is hashed with the middle: checking that matching it
/// in place is right would cost more than it saves.
@usableFromInline
internal let _shortestTrimmedSuffix = 32

/// The most unmatched middle identifiers that the suffix check compares one by one.
@usableFromInline
internal let _suffixCheckLimit = 8

/// Matches the elements of `source` and `target` by identifier, k-th occurrence with
/// k-th occurrence.
///
/// A common prefix (and suffix) of equal identifiers is matched without hashing, so that
/// an unchanged list, or one changed only at one end, costs identifier comparisons plus
/// the hashing of the part that changed. The prefix always agrees with the k-th occurrence
/// rule. The suffix agrees with it unless an identifier that occurs in the suffix occurs
/// unequally often in the two middles. When that cannot be ruled out cheaply, the suffix
/// is matched by hashing too.
///
/// - Complexity: Expected O(n + m) identifier comparisons and O(d) hash operations, where
///   d is the length of the part between the common prefix and suffix.
@inlinable
internal func _matchFlat<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>
) -> _FlatMatching {
  let sourceCount = source.count
  let targetCount = target.count
  let prefix = _commonPrefixLength(source, target)
  var suffix = _commonSuffixLength(
    source, target, limit: Swift.min(sourceCount, targetCount) - prefix)
  if suffix < _shortestTrimmedSuffix { suffix = 0 }
  let trimmed = suffix
  let start = prefix
  func matchMiddle(suffix: Int) -> _OccurrenceMatching {
    _matchOccurrences(
      UnsafeBufferPointer(rebasing: source[start..<(sourceCount - suffix)]),
      UnsafeBufferPointer(rebasing: target[start..<(targetCount - suffix)]))
  }
  let middle = matchMiddle(suffix: trimmed)
  if trimmed == 0 || middle.isBalanced
    || _suffixAgreesWithOccurrenceRule(source, target, prefix: start, suffix: trimmed, middle)
  {
    return _FlatMatching(prefix: start, suffix: trimmed, middle: middle)
  }
  // An identifier of the suffix is unmatched in the middle (or too many are to tell
  // cheaply): match the suffix by hashing too, with the middle. This costs the middle's
  // hashing twice, and only happens when the suffix is long and the middle unbalanced.
  return _FlatMatching(prefix: start, suffix: 0, middle: matchMiddle(suffix: 0))
}

/// Whether no identifier of the common suffix is left unmatched in the middle, judged by
/// comparing against at most `_suffixCheckLimit` unmatched identifiers; only then does
/// matching the suffix in place give the k-th occurrence matching.
@inlinable
internal func _suffixAgreesWithOccurrenceRule<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>,
  _ target: UnsafeBufferPointer<Element>,
  prefix: Int,
  suffix: Int,
  _ middle: _OccurrenceMatching
) -> Bool {
  var unmatched = ContiguousArray<Element.DifferenceIdentifier>()
  for (offset, partner) in middle.sourceToTarget.enumerated() where partner < 0 {
    if unmatched.count == _suffixCheckLimit { return false }
    unmatched.append(source[prefix + offset].differenceIdentifier)
  }
  for (offset, partner) in middle.targetToSource.enumerated() where partner < 0 {
    if unmatched.count == _suffixCheckLimit { return false }
    unmatched.append(target[prefix + offset].differenceIdentifier)
  }
  for position in (source.count - suffix)..<source.count {
    if unmatched.contains(source[position].differenceIdentifier) { return false }
  }
  return true
}

/// The number of leading positions whose identifiers are equal on both sides.
@inlinable
internal func _commonPrefixLength<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>
) -> Int {
  let limit = Swift.min(source.count, target.count)
  var length = 0
  while length < limit, source[length].differenceIdentifier == target[length].differenceIdentifier {
    length += 1
  }
  return length
}

/// The number of trailing positions, at most `limit`, whose identifiers are equal on both
/// sides.
@inlinable
internal func _commonSuffixLength<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>, limit: Int
) -> Int {
  var length = 0
  while length < limit,
    source[source.count - 1 - length].differenceIdentifier
      == target[target.count - 1 - length].differenceIdentifier
  {
    length += 1
  }
  return length
}

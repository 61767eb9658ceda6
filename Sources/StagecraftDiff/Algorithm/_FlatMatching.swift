/// How the elements of two flat collections correspond: a common prefix and suffix that
/// were matched by comparing identifiers in place, and the matching of the middle.
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

/// Matches the elements of `source` and `target` by identifier.
///
/// The matching is maximal: an identifier that occurs a times in the source and b times in
/// the target gives min(a, b) pairs. Which occurrences pair up:
/// - the common prefix and the common suffix of equal identifiers stay matched in place;
/// - between them, long runs that are unchanged but for their position (found next to the
///   ends of what is left, see `_matchAnchoredRuns`) stay matched as runs;
/// - the rest is matched by hashing: the k-th occurrence of an identifier among the targets
///   with its k-th occurrence among the sources.
///
/// Any choice of equal pairs fixed first, with the rest matched k-th with k-th, is maximal,
/// so the runs cost nothing in quality; with distinct identifiers the matching is the same
/// whichever way it is found. They make a local edit (an insert, a delete or a replace at
/// one place, a few moved elements) cost identifier comparisons plus the hashing of what
/// changed, rather than the hashing of the whole list.
///
/// - Complexity: Expected O(n + m) identifier comparisons and O(d) hash operations, where
///   d is the number of elements left outside the matched prefix, suffix and runs.
@inlinable
internal func _matchFlat<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>
) -> _FlatMatching {
  let prefix = _commonPrefixLength(source, target)
  let suffix = _commonSuffixLength(
    source, target, limit: Swift.min(source.count, target.count) - prefix)
  let middleSource = UnsafeBufferPointer(rebasing: source[prefix..<(source.count - suffix)])
  let middleTarget = UnsafeBufferPointer(rebasing: target[prefix..<(target.count - suffix)])
  var middle = _OccurrenceMatching(
    sourceToTarget: ContiguousArray(repeating: -1, count: middleSource.count),
    targetToSource: ContiguousArray(repeating: -1, count: middleTarget.count), matchedCount: 0)
  var sourceLeft: [Range<Int>] = []
  var targetLeft: [Range<Int>] = []
  _matchAnchoredRuns(
    middleSource, middleTarget, into: &middle, sourceLeft: &sourceLeft, targetLeft: &targetLeft)
  _matchOccurrences(middleSource, sourceLeft, middleTarget, targetLeft, into: &middle)
  return _FlatMatching(prefix: prefix, suffix: suffix, middle: middle)
}

/// The matching of two whole sequences by the flat rule (`_matchFlat(_:_:)`), with every
/// position in the arrays: the sectioned diff matches the elements of its surviving
/// sections this way, laid end to end. The middle is matched in place in the whole arrays,
/// at its own positions, so nothing is copied.
///
/// - Complexity: That of `_matchFlat(_:_:)`, plus O(n + m) to fill the arrays.
@inlinable
internal func _matchFlat<Element: Differentiable>(
  _ source: ContiguousArray<Element>, _ target: ContiguousArray<Element>
) -> _OccurrenceMatching {
  source.withUnsafeBufferPointer { source in
    target.withUnsafeBufferPointer { target in
      let prefix = _commonPrefixLength(source, target)
      let suffix = _commonSuffixLength(
        source, target, limit: Swift.min(source.count, target.count) - prefix)
      var matching = _OccurrenceMatching(
        sourceToTarget: ContiguousArray(repeating: -1, count: source.count),
        targetToSource: ContiguousArray(repeating: -1, count: target.count),
        matchedCount: prefix + suffix)
      let shift = target.count - source.count
      for position in 0..<prefix {
        matching.sourceToTarget[position] = position
        matching.targetToSource[position] = position
      }
      for position in (source.count - suffix)..<source.count {
        matching.sourceToTarget[position] = position + shift
        matching.targetToSource[position + shift] = position
      }
      var sourceLeft: [Range<Int>] = []
      var targetLeft: [Range<Int>] = []
      _matchAnchoredRuns(
        source, target,
        within: (prefix..<(source.count - suffix), prefix..<(target.count - suffix)),
        into: &matching, sourceLeft: &sourceLeft, targetLeft: &targetLeft)
      _matchOccurrences(source, sourceLeft, target, targetLeft, into: &matching)
      matching._checkInvariants()
      return matching
    }
  }
}

/// Runs are looked for only in parts at least this long on both sides; shorter parts are
/// hashed, which costs less than looking.
@usableFromInline
internal let _shortestAnchoredPart = 128

/// How far from each end of a part a run may start: the window of each side whose
/// identifiers are compared pairwise.
@usableFromInline
internal let _anchorWindow = 32

/// The shortest run that is matched as a run.
@usableFromInline
internal let _shortestAnchoredRun = 32

/// Matches in place the runs that two unmatched parts share near their ends, and lists
/// what is left for hashing.
///
/// Starting with the whole of `source` and `target`, each part first has its common prefix
/// and suffix matched in place. If both sides are still at least `_shortestAnchoredPart`
/// long, the first `_anchorWindow` identifiers of each side are compared pairwise, nearest
/// the start first, for a pair that begins a run of at least `_shortestAnchoredRun` equal
/// identifiers; failing that, the last `_anchorWindow`, nearest the end first. A run found
/// is matched in place, and the parts before and after it are treated the same way.
/// Parts without such a run are left, in `sourceLeft` and `targetLeft` (ascending), for
/// the k-th occurrence matching.
///
/// A prepended page and an element moved from the end, say, leave the list itself as one
/// long run: it is found at the end, and only the page and the moved element are hashed.
///
/// - Complexity: O(n + m) identifier comparisons: each run found costs at most
///   `_anchorWindow`² comparisons and matches at least `_shortestAnchoredRun` pairs, and
///   each part is left after one failed look.
@inlinable
internal func _matchAnchoredRuns<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>,
  within whole: (source: Range<Int>, target: Range<Int>)? = nil,
  into matching: inout _OccurrenceMatching, sourceLeft: inout [Range<Int>],
  targetLeft: inout [Range<Int>]
) {
  @inline(__always)
  func match(_ sourcePosition: Int, _ targetPosition: Int) {
    matching.sourceToTarget[sourcePosition] = targetPosition
    matching.targetToSource[targetPosition] = sourcePosition
  }
  var parts = [whole ?? (source: 0..<source.count, target: 0..<target.count)]
  var matched = 0
  while let part = parts.popLast() {
    var (sourceStart, sourceEnd) = (part.source.lowerBound, part.source.upperBound)
    var (targetStart, targetEnd) = (part.target.lowerBound, part.target.upperBound)
    while sourceStart < sourceEnd, targetStart < targetEnd,
      _haveEqualIdentifiers(source, sourceStart, target, targetStart)
    {
      match(sourceStart, targetStart)
      sourceStart &+= 1
      targetStart &+= 1
      matched &+= 1
    }
    while sourceStart < sourceEnd, targetStart < targetEnd,
      _haveEqualIdentifiers(source, sourceEnd &- 1, target, targetEnd &- 1)
    {
      sourceEnd &-= 1
      targetEnd &-= 1
      match(sourceEnd, targetEnd)
      matched &+= 1
    }
    if sourceEnd &- sourceStart >= _shortestAnchoredPart,
      targetEnd &- targetStart >= _shortestAnchoredPart,
      let run = _anchoredRun(
        source, sourceStart..<sourceEnd, target, targetStart..<targetEnd, fromEnd: false)
        ?? _anchoredRun(
          source, sourceStart..<sourceEnd, target, targetStart..<targetEnd, fromEnd: true)
    {
      matching.sourceToTarget.withUnsafeMutableBufferPointer { sourceToTarget in
        for offset in 0..<run.count { sourceToTarget[run.source &+ offset] = run.target &+ offset }
      }
      matching.targetToSource.withUnsafeMutableBufferPointer { targetToSource in
        for offset in 0..<run.count { targetToSource[run.target &+ offset] = run.source &+ offset }
      }
      matched &+= run.count
      parts.append(
        (
          source: (run.source &+ run.count)..<sourceEnd,
          target: (run.target &+ run.count)..<targetEnd
        ))
      parts.append((source: sourceStart..<run.source, target: targetStart..<run.target))
      continue
    }
    if sourceStart < sourceEnd { sourceLeft.append(sourceStart..<sourceEnd) }
    if targetStart < targetEnd { targetLeft.append(targetStart..<targetEnd) }
  }
  matching.matchedCount &+= matched
  // Parts are taken from the front, so what is left is nearly in order already.
  sourceLeft.sort { $0.lowerBound < $1.lowerBound }
  targetLeft.sort { $0.lowerBound < $1.lowerBound }
}

/// A run of at least `_shortestAnchoredRun` equal identifiers that starts (or, `fromEnd`,
/// ends) within `_anchorWindow` of the start (end) of both parts, nearest it first, with
/// its full length; nil if there is none.
///
/// - Complexity: O(`_anchorWindow`²) identifier comparisons, plus the length of the run.
@inlinable
internal func _anchoredRun<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>, _ sourcePart: Range<Int>,
  _ target: UnsafeBufferPointer<Element>, _ targetPart: Range<Int>, fromEnd: Bool
) -> (source: Int, target: Int, count: Int)? {
  let sourceWindow = Swift.min(_anchorWindow, sourcePart.count)
  let targetWindow = Swift.min(_anchorWindow, targetPart.count)
  // Position of the offset-th element from the start, or from the end.
  @inline(__always)
  func sourceAt(_ offset: Int) -> Int {
    fromEnd ? sourcePart.upperBound &- 1 &- offset : sourcePart.lowerBound &+ offset
  }
  @inline(__always)
  func targetAt(_ offset: Int) -> Int {
    fromEnd ? targetPart.upperBound &- 1 &- offset : targetPart.lowerBound &+ offset
  }
  var sourceIdentifiers = ContiguousArray<Element.DifferenceIdentifier>()
  sourceIdentifiers.reserveCapacity(sourceWindow)
  for offset in 0..<sourceWindow {
    sourceIdentifiers.append(source[sourceAt(offset)].differenceIdentifier)
  }
  var targetIdentifiers = ContiguousArray<Element.DifferenceIdentifier>()
  targetIdentifiers.reserveCapacity(targetWindow)
  for offset in 0..<targetWindow {
    targetIdentifiers.append(target[targetAt(offset)].differenceIdentifier)
  }
  // Pairs by their distance from the corner: offsets summing to 0, then 1, and so on.
  for sum in 0...(sourceWindow &+ targetWindow &- 2) {
    let lowest = Swift.max(0, sum &- (targetWindow &- 1))
    let highest = Swift.min(sum, sourceWindow &- 1)
    guard lowest <= highest else { continue }
    for sourceOffset in lowest...highest {
      let targetOffset = sum &- sourceOffset
      guard sourceIdentifiers[sourceOffset] == targetIdentifiers[targetOffset] else { continue }
      // The run from this pair, away from the corner, as far as both parts go.
      let room = Swift.min(
        sourcePart.count &- sourceOffset, targetPart.count &- targetOffset)
      var length = 1
      while length < room,
        _haveEqualIdentifiers(
          source, sourceAt(sourceOffset &+ length), target, targetAt(targetOffset &+ length))
      {
        length &+= 1
      }
      guard length >= _shortestAnchoredRun else { continue }
      if fromEnd {
        return (
          sourceAt(sourceOffset &+ length &- 1), targetAt(targetOffset &+ length &- 1), length
        )
      }
      return (sourceAt(sourceOffset), targetAt(targetOffset), length)
    }
  }
  return nil
}

/// The number of leading positions whose identifiers are equal on both sides.
@inlinable
internal func _commonPrefixLength<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>
) -> Int {
  let limit = Swift.min(source.count, target.count)
  var length = 0
  while length < limit, _haveEqualIdentifiers(source, length, target, length) {
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
    _haveEqualIdentifiers(source, source.count - 1 - length, target, target.count - 1 - length)
  {
    length += 1
  }
  return length
}

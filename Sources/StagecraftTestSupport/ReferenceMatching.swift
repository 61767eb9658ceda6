import Stagecraft

/// The reference for what a diff must find, by brute force: the common prefix and suffix
/// of equal identifiers stay matched in place, and between them the k-th occurrence of an
/// identifier in the target matches its k-th occurrence in the source. Quadratic; for
/// small inputs. (The diff also keeps long unchanged runs of a large middle together,
/// which this reference does not model: with distinct identifiers the matching is the same
/// either way, and a middle shorter than 128 elements on either side has no such runs.)
public struct ReferenceMatching: Sendable {
  /// For each source position, the matched target position, or nil.
  public var sourceToTarget: [Int?]
  /// For each target position, the matched source position, or nil.
  public var targetToSource: [Int?]

  /// Matches `source` with `target` by the rule above.
  ///
  /// - Parameters:
  ///   - source: The list before.
  ///   - target: The list after.
  ///   - trimmingCommonEnds: Whether the common prefix and suffix stay in place (the flat
  ///     diff); without it, every element is matched k-th with k-th (the sectioned diff).
  public init<E: Differentiable>(source: [E], target: [E], trimmingCommonEnds: Bool = true) {
    sourceToTarget = Array(repeating: nil, count: source.count)
    targetToSource = Array(repeating: nil, count: target.count)
    var prefix = 0
    var suffix = 0
    if trimmingCommonEnds {
      let shorter = min(source.count, target.count)
      while prefix < shorter,
        source[prefix].differenceIdentifier == target[prefix].differenceIdentifier
      {
        prefix += 1
      }
      while suffix < shorter - prefix,
        source[source.count - 1 - suffix].differenceIdentifier
          == target[target.count - 1 - suffix].differenceIdentifier
      {
        suffix += 1
      }
    }
    func pair(_ i: Int, _ j: Int) {
      sourceToTarget[i] = j
      targetToSource[j] = i
    }
    for offset in 0..<prefix { pair(offset, offset) }
    for offset in 0..<suffix { pair(source.count - 1 - offset, target.count - 1 - offset) }
    let middle = prefix..<(source.count - suffix)
    var taken = [Bool](repeating: false, count: source.count)
    for j in prefix..<(target.count - suffix) {
      let id = target[j].differenceIdentifier
      if let i = middle.first(where: { !taken[$0] && source[$0].differenceIdentifier == id }) {
        taken[i] = true
        pair(i, j)
      }
    }
  }

  /// The number of matched pairs.
  public var matchedCount: Int { sourceToTarget.count(where: { $0 != nil }) }

  /// The source positions that are not matched.
  public var deleted: [Int] { sourceToTarget.indices.filter { sourceToTarget[$0] == nil } }

  /// The target positions that are not matched.
  public var inserted: [Int] { targetToSource.indices.filter { targetToSource[$0] == nil } }

  /// The matched source positions whose target version has other content.
  ///
  /// - Parameters:
  ///   - source: The list before.
  ///   - target: The list after.
  /// - Returns: The updated source positions, ascending.
  public func updated<E: Differentiable>(source: [E], target: [E]) -> [Int] {
    sourceToTarget.indices.filter { i in
      guard let j = sourceToTarget[i] else { return false }
      return !target[j].isContentEqual(to: source[i])
    }
  }

  /// The fewest moves for this matching: matched pairs minus a longest increasing
  /// subsequence of their target positions in source order.
  public var minimumMoves: Int {
    let targets = sourceToTarget.compactMap { $0 }
    return targets.count - longestIncreasingSubsequenceLength(targets)
  }
}

/// The length of a longest strictly increasing subsequence, by patience sorting: the
/// oracle that the library's moves are checked against. It keeps only the smallest tail of
/// each length, so it shares nothing with the library's algorithm, which records
/// predecessors to choose which elements stay.
///
/// - Parameter values: The sequence.
/// - Returns: The length.
public func longestIncreasingSubsequenceLength<S: Sequence>(_ values: S) -> Int
where S.Element == Int {
  var tails: [Int] = []
  for value in values {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return tails.count
}

/// The fewest moves under the reference matching (common ends in place, k-th occurrence
/// between them), for inputs too large for `ReferenceMatching`: each identifier's
/// occurrences are queued, matched in order, and the matched pairs not in a longest
/// increasing subsequence move.
///
/// - Parameters:
///   - source: The identifiers before.
///   - target: The identifiers after.
/// - Returns: The number of moves a minimal diff reports.
public func minimumMoves<ID: Hashable>(source: [ID], target: [ID]) -> Int {
  let shorter = min(source.count, target.count)
  var prefix = 0
  while prefix < shorter, source[prefix] == target[prefix] { prefix += 1 }
  var suffix = 0
  while suffix < shorter - prefix,
    source[source.count - 1 - suffix] == target[target.count - 1 - suffix]
  {
    suffix += 1
  }
  let sourceMiddle = source[prefix..<(source.count - suffix)]
  let targetMiddle = target[prefix..<(target.count - suffix)]
  var queues: [ID: [Int]] = [:]
  for (index, id) in zip(sourceMiddle.indices, sourceMiddle) {
    queues[id, default: []].append(index)
  }
  var next: [ID: Int] = [:]
  var targetOfSource = [Int](repeating: -1, count: source.count)
  for (index, id) in zip(targetMiddle.indices, targetMiddle) {
    guard let queue = queues[id] else { continue }
    let taken = next[id, default: 0]
    guard taken < queue.count else { continue }
    targetOfSource[queue[taken]] = index
    next[id] = taken + 1
  }
  let matched = targetOfSource.filter { $0 >= 0 }
  return matched.count - longestIncreasingSubsequenceLength(matched)
}

/// Replays a flat staged changeset on the source positions, with UIKit's rules (deletes
/// and updates at indexes before each stage, inserts at indexes after it, moves from before
/// to after, and every other element filling the free slots in order), and returns what
/// each target position shows: the source position of the element there, or nil for an
/// inserted one. nil as a whole when a stage does not apply (a bad index, or counts that
/// do not add up).
///
/// - Parameters:
///   - staged: The changeset, for one section.
///   - sourceCount: The number of source elements.
/// - Returns: For each final position, its source position or nil.
public func replayedMatching<C: Collection>(
  _ staged: StagedChangeset<C>, sourceCount: Int
) -> [Int?]? {
  var shown: [Int?] = (0..<sourceCount).map { $0 }
  for stage in staged {
    let newCount = stage.data.count
    var gone = Set(stage.elementDeleted.map(\.element))
    for move in stage.elementMoved { gone.insert(move.source.element) }
    var slots = [Int??](repeating: nil, count: newCount)
    for path in stage.elementInserted {
      guard path.element >= 0, path.element < newCount else { return nil }
      slots[path.element] = .some(nil)
    }
    for move in stage.elementMoved {
      guard move.source.element >= 0, move.source.element < shown.count,
        move.target.element >= 0, move.target.element < newCount
      else { return nil }
      slots[move.target.element] = .some(shown[move.source.element])
    }
    var survivors = shown.indices.filter { !gone.contains($0) }.map { shown[$0] }.makeIterator()
    for index in slots.indices where slots[index] == nil {
      guard let survivor = survivors.next() else { return nil }
      slots[index] = .some(survivor)
    }
    guard survivors.next() == nil else { return nil }
    shown = slots.map { $0! }
  }
  return shown
}

/// What is wrong with a flat diff's matching, judged from what its stages do rather than
/// from any one rule: the matched elements must have equal identifiers, the matching must
/// be maximal (an identifier that occurs a times in the source and b times in the target
/// gives min(a, b) pairs), the moves must be the fewest for that matching, and the updates
/// exactly its pairs whose content changed.
///
/// - Parameters:
///   - staged: The diff of `source` and `target`.
///   - source: The list before.
///   - target: The list after.
/// - Returns: The problems found; empty when there are none.
public func matchingProblems<E: Differentiable>(
  _ staged: StagedChangeset<[E]>, source: [E], target: [E]
) -> [String] {
  guard let shown = replayedMatching(staged, sourceCount: source.count), shown.count == target.count
  else { return ["the stages do not replay to the target's length"] }
  var problems: [String] = []
  var pairs: [(source: Int, target: Int)] = []
  for (targetIndex, sourceIndex) in shown.enumerated() {
    guard let sourceIndex else { continue }
    if source[sourceIndex].differenceIdentifier != target[targetIndex].differenceIdentifier {
      problems.append("source \(sourceIndex) shown at \(targetIndex) has another identifier")
    }
    pairs.append((sourceIndex, targetIndex))
  }
  var sourceCounts: [E.DifferenceIdentifier: Int] = [:]
  for element in source { sourceCounts[element.differenceIdentifier, default: 0] += 1 }
  var targetCounts: [E.DifferenceIdentifier: Int] = [:]
  for element in target { targetCounts[element.differenceIdentifier, default: 0] += 1 }
  var matchedCounts: [E.DifferenceIdentifier: Int] = [:]
  for pair in pairs { matchedCounts[target[pair.target].differenceIdentifier, default: 0] += 1 }
  for (id, count) in sourceCounts
  where matchedCounts[id, default: 0] != min(count, targetCounts[id, default: 0]) {
    problems.append(
      "\(id) is matched \(matchedCounts[id, default: 0]) times, not \(min(count, targetCounts[id, default: 0]))"
    )
  }
  let targetsInSourceOrder = pairs.sorted { $0.source < $1.source }.map(\.target)
  let fewest = pairs.count - longestIncreasingSubsequenceLength(targetsInSourceOrder)
  let moves = staged.reduce(0) { $0 + $1.elementMoved.count }
  if moves != fewest { problems.append("\(moves) moves, but this matching needs \(fewest)") }
  let changed = pairs.filter { !target[$0.target].isContentEqual(to: source[$0.source]) }
    .map(\.source).sorted()
  let updated = staged.flatMap(\.elementUpdated).map(\.element)
  if updated != changed { problems.append("updated \(updated), changed \(changed)") }
  return problems
}

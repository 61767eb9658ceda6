import Stagecraft

/// The reference for what a diff must find, by brute force: the k-th occurrence of an
/// identifier in the target matches its k-th occurrence in the source. Quadratic; for
/// small inputs.
public struct ReferenceMatching: Sendable {
  /// For each source position, the matched target position, or nil.
  public var sourceToTarget: [Int?]
  /// For each target position, the matched source position, or nil.
  public var targetToSource: [Int?]

  /// Matches `source` with `target` by the k-th occurrence rule.
  ///
  /// - Parameters:
  ///   - source: The list before.
  ///   - target: The list after.
  public init<E: Differentiable>(source: [E], target: [E]) {
    sourceToTarget = Array(repeating: nil, count: source.count)
    targetToSource = Array(repeating: nil, count: target.count)
    var taken = [Bool](repeating: false, count: source.count)
    for (j, element) in target.enumerated() {
      let id = element.differenceIdentifier
      if let i = source.indices.first(where: { !taken[$0] && source[$0].differenceIdentifier == id }
      ) {
        taken[i] = true
        sourceToTarget[i] = j
        targetToSource[j] = i
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

/// The fewest moves under the k-th occurrence matching, for inputs too large for
/// `ReferenceMatching`: each identifier's occurrences are queued, matched in order, and
/// the matched pairs not in a longest increasing subsequence move.
///
/// - Parameters:
///   - source: The identifiers before.
///   - target: The identifiers after.
/// - Returns: The number of moves a minimal diff reports.
public func minimumMoves<ID: Hashable>(source: [ID], target: [ID]) -> Int {
  var queues: [ID: [Int]] = [:]
  for (index, id) in source.enumerated() { queues[id, default: []].append(index) }
  var next: [ID: Int] = [:]
  var targetOfSource = [Int](repeating: -1, count: source.count)
  for (index, id) in target.enumerated() {
    guard let queue = queues[id] else { continue }
    let taken = next[id, default: 0]
    guard taken < queue.count else { continue }
    targetOfSource[queue[taken]] = index
    next[id] = taken + 1
  }
  let matched = targetOfSource.filter { $0 >= 0 }
  return matched.count - longestIncreasingSubsequenceLength(matched)
}

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

/// The length of a longest strictly increasing subsequence, by the quadratic dynamic
/// program: the oracle that the library's O(k log k) algorithm is checked against.
///
/// - Parameter values: The sequence.
/// - Returns: The length.
public func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
  var best = [Int](repeating: 1, count: values.count)
  for i in values.indices {
    for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
  }
  return best.max() ?? 0
}

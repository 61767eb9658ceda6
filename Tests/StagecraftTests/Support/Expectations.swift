import Stagecraft

/// An independent, quadratic reference for what the flat diff must find.
struct FlatReference {
  /// Source index -> target index under the k-th occurrence rule, or nil.
  var sourceToTarget: [Int?]
  var targetToSource: [Int?]

  init<E: Differentiable>(source: [E], target: [E]) {
    sourceToTarget = Array(repeating: nil, count: source.count)
    targetToSource = Array(repeating: nil, count: target.count)
    for j in target.indices {
      let id = target[j].differenceIdentifier
      let k = target[..<j].filter { $0.differenceIdentifier == id }.count
      let occurrences = source.indices.filter { source[$0].differenceIdentifier == id }
      if k < occurrences.count {
        sourceToTarget[occurrences[k]] = j
        targetToSource[j] = occurrences[k]
      }
    }
  }

  var deleted: [Int] { sourceToTarget.indices.filter { sourceToTarget[$0] == nil } }
  var inserted: [Int] { targetToSource.indices.filter { targetToSource[$0] == nil } }

  func updated<E: Differentiable>(source: [E], target: [E]) -> [Int] {
    sourceToTarget.indices.filter { i in
      guard let j = sourceToTarget[i] else { return false }
      return !target[j].isContentEqual(to: source[i])
    }
  }

  /// The minimum number of moves: matched elements minus a longest increasing
  /// subsequence of their target positions in source order (quadratic DP).
  var minimumMoves: Int {
    let values = sourceToTarget.compactMap { $0 }
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
      for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
    }
    return values.count - (best.max() ?? 0)
  }
}

extension StagedChangeset {
  var allDeleted: [ElementPath] { flatMap(\.elementDeleted) }
  var allInserted: [ElementPath] { flatMap(\.elementInserted) }
  var allUpdated: [ElementPath] { flatMap(\.elementUpdated) }
  var allMoved: [Move<ElementPath>] { flatMap(\.elementMoved) }
}

/// Every sequence of length `0...maxLength` over `alphabet`.
func allSequences<T>(over alphabet: [T], maxLength: Int) -> [[T]] {
  var result: [[T]] = [[]]
  var layer: [[T]] = [[]]
  for _ in 0..<maxLength {
    layer = layer.flatMap { prefix in alphabet.map { prefix + [$0] } }
    result += layer
  }
  return result
}

/// An independent, quadratic reference for the sectioned matching: sections k-th by
/// identifier, then elements k-th by identifier among the matched sections only.
struct SectionedReference {
  var sectionTarget: [Int?]
  /// Source path -> target path of each matched element.
  var elementTarget: [ElementPath: ElementPath]

  init<S: DifferentiableSection>(source: [S], target: [S]) {
    let sections = FlatReference(source: source, target: target)
    sectionTarget = sections.sourceToTarget
    func flatten(_ list: [S], _ participating: [Int?]) -> [(ElementPath, S.Collection.Element)] {
      list.indices.filter { participating[$0] != nil }.flatMap { s in
        list[s].elements.enumerated().map { (p(s, $0.offset), $0.element) }
      }
    }
    let from = flatten(source, sections.sourceToTarget)
    let to = flatten(target, sections.targetToSource)
    let elements = FlatReference(source: from.map(\.1), target: to.map(\.1))
    elementTarget = [:]
    for (index, partner) in elements.sourceToTarget.enumerated() {
      if let partner { elementTarget[from[index].0] = to[partner].0 }
    }
  }
}

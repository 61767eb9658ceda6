/// Builds the flat staged changeset: updates, then deletes, then inserts and moves.
///
/// - Complexity: Expected O(n + m) plus O(k log k) for the moves, where k is the number
///   of matched elements between the common prefix and suffix.
@inlinable
internal func _flatStagedChangeset<C: RangeReplaceableCollection>(
  source: C, target: C, section: Int
) -> StagedChangeset<C> where C.Element: Differentiable {
  let sourceElements = ContiguousArray(source)
  let targetElements = ContiguousArray(target)
  let sourceCount = sourceElements.count
  let targetCount = targetElements.count
  func path(_ element: Int) -> ElementPath { ElementPath(element: element, section: section) }

  if sourceCount == 0 || targetCount == 0 {
    if sourceCount == targetCount { return [] }
    return [
      Changeset(
        data: target,
        elementDeleted: (0..<sourceCount).map(path),
        elementInserted: (0..<targetCount).map(path))
    ]
  }

  let matching = _matchFlat(sourceElements, targetElements)
  let prefix = matching.prefix
  let suffix = matching.suffix
  let middle = matching.middle
  let suffixShift = targetCount - sourceCount

  @inline(__always)
  func partner(ofSource position: Int) -> Int {
    if position < prefix { return position }
    if position >= sourceCount - suffix { return position + suffixShift }
    let matched = middle.sourceToTarget[position - prefix]
    return matched < 0 ? -1 : matched + prefix
  }

  var stages = StagedChangeset<C>()

  // Stage 1: content updates, at source indexes.
  var updated: [Int] = []
  for position in 0..<sourceCount {
    let matched = partner(ofSource: position)
    if matched >= 0, !targetElements[matched].isContentEqual(to: sourceElements[position]) {
      updated.append(position)
    }
  }
  var current = sourceElements
  if !updated.isEmpty {
    for position in updated { current[position] = targetElements[partner(ofSource: position)] }
    stages.append(Changeset(data: C(current), elementUpdated: updated.map(path)))
  }

  // Stage 2: deletes, at source indexes.
  var deleted: [Int] = []
  for (offset, matched) in middle.sourceToTarget.enumerated() where matched < 0 {
    deleted.append(prefix + offset)
  }
  if !deleted.isEmpty {
    var kept = ContiguousArray<C.Element>()
    kept.reserveCapacity(sourceCount - deleted.count)
    kept.append(contentsOf: current[..<prefix])
    for (offset, matched) in middle.sourceToTarget.enumerated() where matched >= 0 {
      kept.append(current[prefix + offset])
    }
    kept.append(contentsOf: current[(sourceCount - suffix)...])
    stages.append(Changeset(data: C(kept), elementDeleted: deleted.map(path)))
  }

  // Stage 3: inserts at target indexes, and the moves that are not part of a longest
  // increasing subsequence of target positions (in post-delete order).
  var inserted: [Int] = []
  for (offset, matched) in middle.targetToSource.enumerated() where matched < 0 {
    inserted.append(prefix + offset)
  }
  let moves = _flatMoves(middle, prefix: prefix, section: section)
  if !inserted.isEmpty || !moves.isEmpty {
    stages.append(Changeset(data: target, elementInserted: inserted.map(path), elementMoved: moves))
  }
  return stages
}

/// The minimal moves of a matched middle: every matched element outside one longest
/// increasing subsequence of target positions, from its post-delete index to its target
/// index, in target order.
///
/// - Complexity: O(s + t + k log k).
@inlinable
internal func _flatMoves(
  _ middle: _OccurrenceMatcher<some Hashable>, prefix: Int, section: Int
) -> [Move<ElementPath>] {
  var targets = ContiguousArray<Int>()
  targets.reserveCapacity(middle.matchedCount)
  for matched in middle.sourceToTarget where matched >= 0 { targets.append(matched) }
  let staying = _longestIncreasingSubsequenceMask(targets)
  var moveCount = 0
  for stays in staying where !stays { moveCount += 1 }
  guard moveCount > 0 else { return [] }

  // For each moved source position, its index once the deletes are applied.
  var movedFrom = ContiguousArray<Int>(repeating: -1, count: middle.sourceToTarget.count)
  var rank = 0
  for (offset, matched) in middle.sourceToTarget.enumerated() where matched >= 0 {
    if !staying[rank] { movedFrom[offset] = prefix + rank }
    rank += 1
  }
  var moves: [Move<ElementPath>] = []
  moves.reserveCapacity(moveCount)
  for (offset, source) in middle.targetToSource.enumerated() where source >= 0 {
    let from = movedFrom[source]
    if from >= 0 {
      moves.append(
        Move(
          source: ElementPath(element: from, section: section),
          target: ElementPath(element: prefix + offset, section: section)))
    }
  }
  return moves
}

/// Builds the flat staged changeset: updates, then deletes, then inserts and moves.
///
/// The elements are read in place when both collections have contiguous storage (arrays),
/// and copied once into contiguous storage otherwise.
///
/// - Complexity: Expected O(n + m) plus O(k log k) for the moves, where k is the number
///   of matched elements between the common prefix and suffix.
@inlinable
internal func _flatStagedChangeset<C: RangeReplaceableCollection>(
  source: C, target: C, section: Int
) -> StagedChangeset<C> where C.Element: Differentiable {
  let inPlace = source.withContiguousStorageIfAvailable { sourceBuffer in
    target.withContiguousStorageIfAvailable { targetBuffer in
      _flatStagedChangeset(sourceBuffer, targetBuffer, target: target, section: section)
    }
  }
  if let inPlace = inPlace ?? nil { return inPlace }
  let sourceElements = ContiguousArray(source)
  let targetElements = ContiguousArray(target)
  return sourceElements.withUnsafeBufferPointer { sourceBuffer in
    targetElements.withUnsafeBufferPointer { targetBuffer in
      _flatStagedChangeset(sourceBuffer, targetBuffer, target: target, section: section)
    }
  }
}

/// The flat diff over contiguous elements; `target` is the collection itself, which is
/// the last stage's data.
@inlinable
internal func _flatStagedChangeset<C: RangeReplaceableCollection>(
  _ source: UnsafeBufferPointer<C.Element>, _ target: UnsafeBufferPointer<C.Element>,
  target targetCollection: C, section: Int
) -> StagedChangeset<C> where C.Element: Differentiable {
  let sourceCount = source.count
  let targetCount = target.count
  @inline(__always)
  func path(_ element: Int) -> ElementPath { ElementPath(element: element, section: section) }

  if sourceCount == 0 || targetCount == 0 {
    if sourceCount == targetCount { return [] }
    return [
      Changeset(
        data: targetCollection,
        elementDeleted: (0..<sourceCount).map(path),
        elementInserted: (0..<targetCount).map(path))
    ]
  }

  let matching = _matchFlat(source, target)
  let prefix = matching.prefix
  let suffix = matching.suffix
  let middle = matching.middle
  let middleEnd = sourceCount - suffix
  let suffixShift = targetCount - sourceCount

  var stages = StagedChangeset<C>()

  // One pass in source order finds the updates (with their target versions) and the
  // deletes; the prefix and suffix are matched in place.
  var updated: [ElementPath] = []
  var updatedTo: [Int] = []
  var deleted: [ElementPath] = []
  func compare(_ position: Int, _ partner: Int) {
    if !target[partner].isContentEqual(to: source[position]) {
      updated.append(path(position))
      updatedTo.append(partner)
    }
  }
  for position in 0..<prefix { compare(position, position) }
  for (offset, partner) in middle.sourceToTarget.enumerated() {
    if partner < 0 {
      deleted.append(path(prefix + offset))
    } else {
      compare(prefix + offset, prefix + partner)
    }
  }
  for position in middleEnd..<sourceCount { compare(position, position + suffixShift) }

  /// The source with its updated elements replaced, and without `skipping` (ascending),
  /// copied in runs between the changed positions.
  func data(skipping: [ElementPath]) -> C {
    var data = C()
    data.reserveCapacity(sourceCount - skipping.count)
    var copied = 0
    var nextUpdate = 0
    var nextSkip = 0
    while nextUpdate < updated.count || nextSkip < skipping.count {
      let update = nextUpdate < updated.count ? updated[nextUpdate].element : Int.max
      let skip = nextSkip < skipping.count ? skipping[nextSkip].element : Int.max
      let position = Swift.min(update, skip)
      data.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied..<position]))
      if skip == position {
        nextSkip += 1
      } else {
        data.append(target[updatedTo[nextUpdate]])
      }
      if update == position { nextUpdate += 1 }
      copied = position + 1
    }
    data.append(contentsOf: UnsafeBufferPointer(rebasing: source[copied...]))
    return data
  }

  var inserted: [ElementPath] = []
  for (offset, matched) in middle.targetToSource.enumerated() where matched < 0 {
    inserted.append(path(prefix + offset))
  }
  let moves = _flatMoves(middle, prefix: prefix, section: section)
  let hasLastStage = !inserted.isEmpty || !moves.isEmpty

  // The last stage's data is the target itself: its elements are the target versions even
  // where `isContentEqual` called a changed value equal, and it costs no copy.

  // Stage 1: content updates, at source indexes.
  if !updated.isEmpty {
    let isLast = deleted.isEmpty && !hasLastStage
    stages.append(
      Changeset(
        data: isLast ? targetCollection : data(skipping: []), elementUpdated: updated))
  }

  // Stage 2: deletes, at source indexes.
  if !deleted.isEmpty {
    stages.append(
      Changeset(
        data: hasLastStage ? data(skipping: deleted) : targetCollection, elementDeleted: deleted))
  }

  // Stage 3: inserts at target indexes, and the moves that are not part of a longest
  // increasing subsequence of target positions (in post-delete order).
  if hasLastStage {
    stages.append(Changeset(data: targetCollection, elementInserted: inserted, elementMoved: moves))
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
  _ middle: _OccurrenceMatching, prefix: Int, section: Int
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

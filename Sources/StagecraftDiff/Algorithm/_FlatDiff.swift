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
  _withContiguousElements(source, target) { sourceBuffer, targetBuffer in
    _flatStagedChangeset(
      sourceBuffer, targetBuffer, source: source, target: target, section: section)
  }
}

/// `body` over the elements of `source` and `target` in contiguous storage: in place when
/// both have it (arrays), else copied once into it.
///
/// - Complexity: O(1) plus `body` for collections with contiguous storage; else O(n + m)
///   more, for the copies.
@inlinable
internal func _withContiguousElements<C: Collection, Result>(
  _ source: C, _ target: C,
  _ body: (UnsafeBufferPointer<C.Element>, UnsafeBufferPointer<C.Element>) -> Result
) -> Result {
  let inPlace = source.withContiguousStorageIfAvailable { source in
    target.withContiguousStorageIfAvailable { target in body(source, target) }
  }
  if let inPlace = inPlace ?? nil { return inPlace }
  let (sourceElements, targetElements) = (ContiguousArray(source), ContiguousArray(target))
  return sourceElements.withUnsafeBufferPointer { source in
    targetElements.withUnsafeBufferPointer { target in body(source, target) }
  }
}

/// The flat diff over contiguous elements. `target` is the collection itself, which is the
/// last stage's data; the earlier stages' data are built from `source` and `target` when
/// first read.
@inlinable
internal func _flatStagedChangeset<C: RangeReplaceableCollection>(
  _ source: UnsafeBufferPointer<C.Element>, _ target: UnsafeBufferPointer<C.Element>,
  source sourceCollection: C, target targetCollection: C, section: Int
) -> StagedChangeset<C> where C.Element: Differentiable {
  if source.isEmpty || target.isEmpty {
    if source.count == target.count { return [] }
    return [
      Changeset(
        _canonical: targetCollection,
        elementDeleted: (0..<source.count).map { ElementPath(element: $0, section: section) },
        elementInserted: (0..<target.count).map { ElementPath(element: $0, section: section) })
    ]
  }
  var matching = _matchFlat(source, target)
  // Taken out of `matching`, so that the moves can reuse its storage without a copy.
  var middle = matching.middle
  matching.middle = _OccurrenceMatching(sourceToTarget: [], targetToSource: [], matchedCount: 0)
  let changes = _flatUpdatesAndDeletes(
    source, target, prefix: matching.prefix, suffix: matching.suffix, middle: middle,
    section: section)
  let inserted = _flatInserts(middle, prefix: matching.prefix, section: section)
  let moves = _flatMoves(&middle, prefix: matching.prefix, section: section)
  let hasLastStage = !inserted.isEmpty || !moves.isEmpty
  // An earlier stage's data is copied now when its elements are plain values (a memory
  // copy); elements that are references, or hold them, would be retained one by one, so
  // their copy waits until the data is first read.
  func stage(_ changeset: Changeset<C>, skipping: [ElementPath]) -> Changeset<C> {
    var changeset = changeset
    if _isPOD(C.Element.self) {
      changeset.data = _flatStageData(source, target, updates: changes, skipping: skipping)
    } else {
      changeset._deferData {
        _flatStageData(sourceCollection, targetCollection, updates: changes, skipping: skipping)
      }
    }
    return changeset
  }

  // The last stage's data is the target itself: its elements are the target versions even
  // where `isContentEqual` called a changed value equal, and it costs no copy.
  var stages = StagedChangeset<C>()
  // Stage 1: content updates, at source indexes.
  if !changes.updated.isEmpty {
    let updates = Changeset(_canonical: targetCollection, elementUpdated: changes.updated)
    let isLast = changes.deleted.isEmpty && !hasLastStage
    stages.append(isLast ? updates : stage(updates, skipping: []))
  }
  // Stage 2: deletes, at source indexes.
  if !changes.deleted.isEmpty {
    let deletes = Changeset(_canonical: targetCollection, elementDeleted: changes.deleted)
    stages.append(hasLastStage ? stage(deletes, skipping: changes.deleted) : deletes)
  }
  // Stage 3: inserts at target indexes, and the moves that are not part of a longest
  // increasing subsequence of target positions (in post-delete order).
  if hasLastStage {
    stages.append(
      Changeset(_canonical: targetCollection, elementInserted: inserted, elementMoved: moves))
  }
  return stages
}

/// The updates and deletes of a flat diff, found in one pass in source order.
@usableFromInline
internal struct _FlatUpdatesAndDeletes {
  /// The updated elements, at source indexes.
  @usableFromInline var updated: [ElementPath] = []
  /// The target index of each updated element's new version.
  @usableFromInline var updatedTo: [Int] = []
  /// The deleted elements, at source indexes.
  @usableFromInline var deleted: [ElementPath] = []

  @inlinable init() {}
}

/// The updates (matched elements whose content changed, with their target versions) and
/// the deletes, at source indexes; the common prefix and suffix are matched in place.
///
/// - Complexity: O(n) content comparisons, where n is the length of `source`.
@inlinable
internal func _flatUpdatesAndDeletes<Element: Differentiable>(
  _ source: UnsafeBufferPointer<Element>, _ target: UnsafeBufferPointer<Element>,
  prefix: Int, suffix: Int, middle: _OccurrenceMatching, section: Int
) -> _FlatUpdatesAndDeletes {
  // The lists are locals that no closure captures: a captured variable's accesses would be
  // checked at run time, once per element.
  var updated: [ElementPath] = []
  var updatedTo: [Int] = []
  var deleted: [ElementPath] = []
  @inline(__always)
  func changed(_ position: Int, _ partner: Int) -> Bool {
    !_isContentEqual(target._address(partner), to: source._address(position))
  }
  for position in 0..<prefix where changed(position, position) {
    updated.append(ElementPath(element: position, section: section))
    updatedTo.append(position)
  }
  let sourceToTarget = middle.sourceToTarget
  for offset in sourceToTarget.indices {
    let partner = sourceToTarget[offset]
    if partner < 0 {
      deleted.append(ElementPath(element: prefix &+ offset, section: section))
    } else if changed(prefix &+ offset, prefix &+ partner) {
      updated.append(ElementPath(element: prefix &+ offset, section: section))
      updatedTo.append(prefix &+ partner)
    }
  }
  let suffixShift = target.count - source.count
  for position in (source.count - suffix)..<source.count
  where changed(position, position + suffixShift) {
    updated.append(ElementPath(element: position, section: section))
    updatedTo.append(position + suffixShift)
  }
  var changes = _FlatUpdatesAndDeletes()
  (changes.updated, changes.updatedTo, changes.deleted) = (updated, updatedTo, deleted)
  return changes
}

/// The inserted elements of a matched middle, at target indexes.
///
/// - Complexity: O(m), where m is the length of the target's middle.
@inlinable
internal func _flatInserts(
  _ middle: _OccurrenceMatching, prefix: Int, section: Int
) -> [ElementPath] {
  var inserted: [ElementPath] = []
  middle.targetToSource.withUnsafeBufferPointer { targetToSource in
    for offset in 0..<targetToSource.count where targetToSource[offset] < 0 {
      inserted.append(ElementPath(element: prefix &+ offset, section: section))
    }
  }
  return inserted
}

/// The source with its updated elements replaced by their target versions, and without
/// `skipping` (ascending), copied in runs between the changed positions into uninitialized
/// storage. An array adopts that storage as it is; another collection copies it once.
///
/// - Complexity: O(n), where n is the length of `source`.
@inlinable
internal func _flatStageData<C: RangeReplaceableCollection>(
  _ source: C, _ target: C, updates changes: _FlatUpdatesAndDeletes, skipping: [ElementPath]
) -> C {
  _withContiguousElements(source, target) { source, target in
    _flatStageData(source, target, updates: changes, skipping: skipping)
  }
}

/// `_flatStageData(_:_:updates:skipping:)` over contiguous elements.
///
/// - Complexity: O(n), where n is the length of `source`.
@inlinable
internal func _flatStageData<C: RangeReplaceableCollection>(
  _ source: UnsafeBufferPointer<C.Element>, _ target: UnsafeBufferPointer<C.Element>,
  updates changes: _FlatUpdatesAndDeletes, skipping: [ElementPath]
) -> C {
  let (updated, updatedTo) = (changes.updated, changes.updatedTo)
  let sourceCount = source.count
  let count = sourceCount - skipping.count
  // Empty, the array would be the shared empty storage, which must not be written.
  guard count > 0 else { return C() }
  let elements = ContiguousArray<C.Element>(unsafeUninitializedCapacity: count) {
    buffer, initialized in
    guard let base = buffer.baseAddress, let from = source.baseAddress else { return }
    // No nested function: one that captured the counters would have their accesses
    // checked at run time, once per run.
    var copied = 0
    var written = 0
    var nextUpdate = 0
    var nextSkip = 0
    while nextUpdate < updated.count || nextSkip < skipping.count {
      let update = nextUpdate < updated.count ? updated[nextUpdate].element : Int.max
      let skip = nextSkip < skipping.count ? skipping[nextSkip].element : Int.max
      let position = Swift.min(update, skip)
      (base + written).initialize(from: from + copied, count: position - copied)
      written += position - copied
      if skip == position {
        nextSkip += 1
      } else {
        (base + written).initialize(to: target[updatedTo[nextUpdate]])
        written += 1
      }
      if update == position { nextUpdate += 1 }
      copied = position + 1
    }
    (base + written).initialize(from: from + copied, count: sourceCount - copied)
    initialized = written + sourceCount - copied
  }
  return C(elements)
}

/// The minimal moves of a matched middle: every matched element outside one longest
/// increasing subsequence of target positions, from its post-delete index to its target
/// index, in target order.
///
/// Consumes `middle.sourceToTarget`, which holds each matched source's post-delete index
/// afterwards when there are many moves.
///
/// - Complexity: O(s + t + r log k), for r runs of consecutive target positions among the
///   k matched elements.
@inlinable
internal func _flatMoves(
  _ middle: inout _OccurrenceMatching, prefix: Int, section: Int
) -> [Move<ElementPath>] {
  let (staying, stayCount) = _longestIncreasingSubsequence(
    middle.sourceToTarget, valueLimit: middle.targetToSource.count)
  let moveCount = middle.matchedCount &- stayCount
  guard moveCount > 0 else { return [] }

  // The moved elements, from their index once the deletes are applied (the prefix plus
  // their rank among the matched) to their target index.
  var moves: [Move<ElementPath>] = []
  moves.reserveCapacity(moveCount)
  staying.withUnsafeBufferPointer { staying in
    middle.sourceToTarget.withUnsafeMutableBufferPointer { sourceToTarget in
      if moveCount <= 1_024 {
        // Few moves: list them in source order and sort them by target.
        var rank = prefix
        for offset in 0..<sourceToTarget.count {
          let partner = sourceToTarget[offset]
          guard partner >= 0 else { continue }
          if !staying[partner] {
            moves.append(
              Move(
                source: ElementPath(element: rank, section: section),
                target: ElementPath(element: prefix &+ partner, section: section)))
          }
          rank &+= 1
        }
        moves.sort { $0.target.element < $1.target.element }
        return
      }
      // Many: each matched source's partner is replaced by its post-delete index, and the
      // targets are walked in order.
      var rank = prefix
      for offset in 0..<sourceToTarget.count where sourceToTarget[offset] >= 0 {
        sourceToTarget[offset] = rank
        rank &+= 1
      }
      middle.targetToSource.withUnsafeBufferPointer { targetToSource in
        for offset in 0..<targetToSource.count where !staying[offset] {
          let source = targetToSource[offset]
          guard source >= 0 else { continue }
          moves.append(
            Move(
              source: ElementPath(element: sourceToTarget[source], section: section),
              target: ElementPath(element: prefix &+ offset, section: section)))
        }
      }
    }
  }
  return moves
}

/// A validated batch update: for every position after the batch, where its item comes
/// from (BATCH_UPDATE_RULES.md §2), or that it is fresh (inserted or reloaded).
///
/// Building a plan performs every check of §3–§4 and, in strict mode, the checks for
/// what UIKit accepts but then crashes on. It reads only counts, never elements, and
/// changes nothing, so a refused batch leaves the model exactly as it was.
@usableFromInline
internal struct _BatchPlan {
  /// Per section after the batch: the section before the batch that it continues, or -1
  /// when it is fresh (inserted or reloaded).
  @usableFromInline internal var sectionSource: [Int]
  /// Per section after the batch, per item: the path before the batch that it continues,
  /// or nil when it is fresh (inserted, reloaded, or in a fresh section).
  @usableFromInline internal var itemSource: [[ElementPath?]]
  /// The reconfigured paths, after the batch, without duplicates.
  @usableFromInline internal var reconfigured: [ElementPath]
}

/// A refused batch: the internal error that carries a `BatchUpdateError.Reason` until the
/// model wraps it with the configured wording.
@usableFromInline
internal struct _Refusal: Error {
  @usableFromInline internal var reason: BatchUpdateError.Reason

  @usableFromInline
  internal init(_ reason: BatchUpdateError.Reason) { self.reason = reason }
}

extension _BatchPlan {
  /// Validates `batch` against the item counts before and after it.
  ///
  /// - Complexity: O(S + N + c log c), where S and N are the numbers of items before and
  ///   after, and c the number of calls.
  @usableFromInline
  internal init(
    before: [Int], after: [Int], batch: BatchUpdate, strict: Bool
  ) throws(_Refusal) {
    let sectionsBefore = before.count
    let sectionsAfter = after.count
    func context() -> BatchUpdateError.CountContext {
      .init(itemCountsBefore: before, itemCountsAfter: after, updates: Self.describe(batch))
    }

    // Sections before the batch: deletes, reloads, move sources.
    var deletedSection = [Bool](repeating: false, count: sectionsBefore)
    var reloadedSection = [Bool](repeating: false, count: sectionsBefore)
    for section in batch.deleteSections {
      guard (0..<sectionsBefore).contains(section) else {
        throw _Refusal(.deleteSectionOutOfRange(section: section, sectionCount: sectionsBefore))
      }
      if deletedSection[section], strict {
        throw _Refusal(.duplicateSectionUpdate(section: section))
      }
      deletedSection[section] = true
    }
    for section in batch.reloadSections {
      guard (0..<sectionsBefore).contains(section) else {
        throw _Refusal(.reloadSectionOutOfRange(section: section, sectionCount: sectionsBefore))
      }
      if deletedSection[section] { throw _Refusal(.deleteAndReloadSameSection(section: section)) }
      if reloadedSection[section], strict {
        throw _Refusal(.duplicateSectionUpdate(section: section))
      }
      reloadedSection[section] = true
    }
    var sectionMoveTarget = [Int?](repeating: nil, count: sectionsBefore)
    var sectionMoves: [Move<Int>] = []
    for move in batch.moveSections {
      guard (0..<sectionsBefore).contains(move.source) else {
        throw _Refusal(.moveSectionOutOfRange(section: move.source, sectionCount: sectionsBefore))
      }
      if deletedSection[move.source] || reloadedSection[move.source] {
        throw _Refusal(.deleteAndMoveSameSection(section: move.source))
      }
      if let earlier = sectionMoveTarget[move.source] {
        if earlier == move.target { continue }  // an exact duplicate move is dropped
        throw _Refusal(
          .sectionMovedTwice(section: move.source, first: earlier, second: move.target))
      }
      sectionMoveTarget[move.source] = move.target
      sectionMoves.append(move)
    }

    // Sections after the batch: inserts, move targets.
    let fresh = -1
    let free = -2
    var sectionSource = [Int](repeating: free, count: sectionsAfter)
    var insertedSection = [Bool](repeating: false, count: sectionsAfter)
    for section in batch.insertSections {
      guard (0..<sectionsAfter).contains(section) else {
        throw _Refusal(.insertSectionOutOfRange(section: section, sectionCount: sectionsAfter))
      }
      if insertedSection[section], strict {
        throw _Refusal(.duplicateSectionUpdate(section: section))
      }
      insertedSection[section] = true
      sectionSource[section] = fresh
    }
    var movedIntoSection = [Bool](repeating: false, count: sectionsAfter)
    for move in sectionMoves {
      guard (0..<sectionsAfter).contains(move.target) else {
        throw _Refusal(
          .moveSectionTargetOutOfRange(
            section: move.source, target: move.target, sectionCount: sectionsAfter))
      }
      if insertedSection[move.target] {
        throw _Refusal(.insertAndMoveSameSection(section: move.target))
      }
      if movedIntoSection[move.target] {
        throw _Refusal(
          .sectionsMovedToSameTarget(
            first: sectionSource[move.target], second: move.source, target: move.target))
      }
      movedIntoSection[move.target] = true
      sectionSource[move.target] = move.source
    }

    // The section count rule (§3).
    let deletedSections = deletedSection.count(where: { $0 })
    let insertedSections = insertedSection.count(where: { $0 })
    guard sectionsAfter == sectionsBefore + insertedSections - deletedSections else {
      throw _Refusal(
        .invalidSectionCount(
          after: sectionsAfter, before: sectionsBefore, inserted: insertedSections,
          deleted: deletedSections, context: context()))
    }

    // Reloaded sections are re-inserted at their shifted position, computed without the
    // moves (§2); then the survivors fill the free slots in order.
    let shiftedSection = Self.shiftedPositions(
      deleted: deletedSection, inserted: insertedSection, count: sectionsAfter)
    for section in 0..<sectionsBefore where reloadedSection[section] {
      let target = shiftedSection[section]
      guard target >= 0, target < sectionsAfter, sectionSource[target] == free else {
        throw _Refusal(.sectionReloadLandsOnMoveTarget(reloaded: section, target: target))
      }
      if strict, before[section] != after[target] {
        throw _Refusal(
          .reloadSectionChangesItemCount(
            section: section, before: before[section], after: after[target]))
      }
      sectionSource[target] = fresh
    }
    var nextFree = 0
    for section in 0..<sectionsBefore
    where !deletedSection[section] && !reloadedSection[section] && sectionMoveTarget[section] == nil
    {
      while nextFree < sectionsAfter, sectionSource[nextFree] != free { nextFree += 1 }
      if nextFree < sectionsAfter { sectionSource[nextFree] = section }
    }
    var newIndexOfSection = [Int](repeating: -1, count: sectionsBefore)
    for (index, source) in sectionSource.enumerated() where source >= 0 {
      newIndexOfSection[source] = index
    }

    // Items before the batch: deletes, reloads, move sources.
    func checkBefore(_ path: ElementPath) throws(_Refusal) {
      guard (0..<sectionsBefore).contains(path.section) else {
        throw _Refusal(
          .deleteItemSectionOutOfRange(
            item: path.element, section: path.section, sectionCount: sectionsBefore))
      }
      guard (0..<before[path.section]).contains(path.element) else {
        throw _Refusal(
          .deleteItemOutOfRange(
            item: path.element, section: path.section, itemCount: before[path.section]))
      }
    }
    var deletedItems = Set<ElementPath>()
    for path in batch.deleteItems {
      try checkBefore(path)
      if !deletedItems.insert(path).inserted, strict {
        throw _Refusal(.duplicateItemDelete(path: path))
      }
    }
    var reloadedItems = Set<ElementPath>()
    for path in batch.reloadItems {
      try checkBefore(path)
      if deletedItems.contains(path) { throw _Refusal(.deleteAndReloadSamePath(path: path)) }
      if !reloadedItems.insert(path).inserted, strict {
        throw _Refusal(.duplicateItemReload(path: path))
      }
    }
    var itemMoveTarget: [ElementPath: ElementPath] = [:]
    var itemMoveSource: [ElementPath: ElementPath] = [:]
    for move in batch.moveItems {
      let (source, target) = (move.source, move.target)
      guard (0..<sectionsBefore).contains(source.section) else {
        throw _Refusal(.moveItemSectionOutOfRange(path: source, sectionCount: sectionsBefore))
      }
      guard (0..<before[source.section]).contains(source.element) else {
        throw _Refusal(.moveItemOutOfRange(path: source, itemCount: before[source.section]))
      }
      guard (0..<sectionsAfter).contains(target.section) else {
        throw _Refusal(
          .moveItemTargetSectionOutOfRange(
            path: source, target: target, sectionCount: sectionsAfter))
      }
      guard (0..<after[target.section]).contains(target.element) else {
        throw _Refusal(
          .moveItemTargetOutOfRange(
            path: source, target: target, itemCount: after[target.section]))
      }
      if deletedSection[source.section] || reloadedSection[source.section] {
        throw _Refusal(.moveFromDeletedSection(section: source.section))
      }
      if sectionSource[target.section] == fresh {
        throw _Refusal(.moveIntoInsertedSection(section: target.section))
      }
      if deletedItems.contains(source) || reloadedItems.contains(source) {
        throw _Refusal(.deleteAndMoveSamePath(path: source))
      }
      if let earlier = itemMoveTarget[source] {
        if earlier == target { continue }  // an exact duplicate move is dropped
        throw _Refusal(.itemMovedTwice(path: source, first: earlier, second: target))
      }
      if let other = itemMoveSource[target] {
        throw _Refusal(.itemsMovedToSameTarget(first: other, second: source, target: target))
      }
      itemMoveTarget[source] = target
      itemMoveSource[target] = source
    }

    // Items after the batch: inserts, reconfigures.
    var insertedItems = Set<ElementPath>()
    for path in batch.insertItems {
      guard (0..<sectionsAfter).contains(path.section) else {
        throw _Refusal(
          .insertItemSectionOutOfRange(
            item: path.element, section: path.section, sectionCount: sectionsAfter))
      }
      guard (0..<after[path.section]).contains(path.element) else {
        throw _Refusal(
          .insertItemOutOfRange(
            item: path.element, section: path.section, itemCount: after[path.section]))
      }
      if itemMoveSource[path] != nil { throw _Refusal(.insertAndMoveSamePath(path: path)) }
      if !insertedItems.insert(path).inserted, strict {
        throw _Refusal(.duplicateItemInsert(path: path))
      }
      if strict, movedIntoSection[path.section] {
        throw _Refusal(.insertIntoMovedSection(section: path.section))
      }
    }
    var reconfigured: [ElementPath] = []
    var seenReconfigured = Set<ElementPath>()
    for path in batch.reconfigureItems {
      guard (0..<sectionsAfter).contains(path.section),
        (0..<after[path.section]).contains(path.element)
      else {
        throw _Refusal(
          .reconfigureItemOutOfRange(
            path: path, sectionCount: sectionsAfter,
            itemCount: (0..<sectionsAfter).contains(path.section) ? after[path.section] : 0))
      }
      if seenReconfigured.insert(path).inserted { reconfigured.append(path) }
    }

    // The item count rule (§3), for every section that survives.
    var insertsInto = [Int](repeating: 0, count: sectionsAfter)
    for path in insertedItems where sectionSource[path.section] >= 0 {
      insertsInto[path.section] += 1
    }
    var deletesFrom = [Int](repeating: 0, count: sectionsBefore)
    for path in deletedItems { deletesFrom[path.section] += 1 }
    var movedIn = [Int](repeating: 0, count: sectionsAfter)
    var movedOut = [Int](repeating: 0, count: sectionsBefore)
    for (source, target) in itemMoveTarget where newIndexOfSection[source.section] != target.section
    {
      movedIn[target.section] += 1
      movedOut[source.section] += 1
    }
    for section in 0..<sectionsAfter where sectionSource[section] >= 0 {
      let old = sectionSource[section]
      let expected =
        before[old] + insertsInto[section] - deletesFrom[old] + movedIn[section] - movedOut[old]
      guard after[section] == expected else {
        throw _Refusal(
          .invalidItemCount(
            section: section, after: after[section], before: before[old],
            inserted: insertsInto[section], deleted: deletesFrom[old], movedIn: movedIn[section],
            movedOut: movedOut[old], context: context()))
      }
    }

    // The old -> new map (§2), per surviving section. The calls are grouped by section
    // once, so each section costs its own items and calls, in a deterministic order.
    func bySection<S: Sequence>(_ paths: S) -> [Int: [Int]] where S.Element == ElementPath {
      var groups: [Int: [Int]] = [:]
      for path in paths { groups[path.section, default: []].append(path.element) }
      for key in groups.keys { groups[key]?.sort() }
      return groups
    }
    let insertsBySection = bySection(insertedItems)
    let deletesBySection = bySection(deletedItems)
    let reloadsBySection = bySection(reloadedItems)
    let movesOutBySection = bySection(itemMoveTarget.keys)
    var movesInBySection: [Int: [(target: Int, source: ElementPath)]] = [:]
    for (target, source) in itemMoveSource {
      movesInBySection[target.section, default: []].append((target.element, source))
    }
    var itemSource: [[ElementPath?]] = after.map { [ElementPath?](repeating: nil, count: $0) }
    for section in 0..<sectionsAfter where sectionSource[section] >= 0 {
      let old = sectionSource[section]
      let count = after[section]
      var taken = [Bool](repeating: false, count: count)
      var insertedHere = [Bool](repeating: false, count: count)
      for element in insertsBySection[section] ?? [] {
        taken[element] = true
        insertedHere[element] = true
      }
      for (target, source) in movesInBySection[section] ?? [] {
        taken[target] = true
        itemSource[section][target] = source
      }
      // Old items that do not survive in place: deleted, reloaded or moved away.
      var gone = [Bool](repeating: false, count: before[old])
      var deletedHere = [Bool](repeating: false, count: before[old])
      for element in deletesBySection[old] ?? [] {
        deletedHere[element] = true
        gone[element] = true
      }
      for element in movesOutBySection[old] ?? [] { gone[element] = true }
      // Reloads: re-inserted at old index − deletes before it + inserts at or before it.
      let shifted = Self.shiftedPositions(
        deleted: deletedHere, inserted: insertedHere, count: count)
      for element in reloadsBySection[old] ?? [] {
        gone[element] = true
        let target = shifted[element]
        guard target >= 0, target < count else {
          throw _Refusal(.insertItemOutOfRange(item: target, section: section, itemCount: count))
        }
        if itemSource[section][target] != nil {
          throw _Refusal(
            .reloadLandsOnMoveTarget(
              reloaded: ElementPath(element: element, section: old),
              target: ElementPath(element: target, section: section)))
        }
        taken[target] = true
      }
      var nextSlot = 0
      for element in 0..<before[old] where !gone[element] {
        while nextSlot < count, taken[nextSlot] { nextSlot += 1 }
        guard nextSlot < count else {
          throw _Refusal(.insertItemOutOfRange(item: nextSlot, section: section, itemCount: count))
        }
        taken[nextSlot] = true
        itemSource[section][nextSlot] = ElementPath(element: element, section: old)
      }
    }
    self.sectionSource = sectionSource.map { $0 >= 0 ? $0 : fresh }
    self.itemSource = itemSource
    self.reconfigured = reconfigured
  }

  /// Where each position before lands when only deletes and inserts are applied: the k-th
  /// position that is not deleted goes to the k-th position that is not inserted; -1 for
  /// deleted positions, and past the end when the inserts leave too few positions.
  ///
  /// - Complexity: O(before + after).
  @usableFromInline
  internal static func shiftedPositions(deleted: [Bool], inserted: [Bool], count: Int) -> [Int] {
    var result = [Int](repeating: -1, count: deleted.count)
    var slot = 0
    for position in deleted.indices where !deleted[position] {
      while slot < count, inserted[slot] { slot += 1 }
      result[position] = slot
      slot += 1
    }
    return result
  }

  /// The batch's calls, one line each, in the order UIKit lists them.
  @usableFromInline
  internal static func describe(_ batch: BatchUpdate) -> [String] {
    func path(_ path: ElementPath) -> String { "(\(path.section) - \(path.element))" }
    var lines: [String] = []
    lines += batch.deleteSections.sorted(by: >).map { "Delete section \($0)" }
    lines += batch.deleteItems.sorted(by: >).map { "Delete item \(path($0))" }
    lines += batch.reloadSections.sorted().map { "Reload section \($0)" }
    lines += batch.reloadItems.sorted().map { "Reload item \(path($0))" }
    lines += batch.insertSections.sorted().map { "Insert section \($0)" }
    lines += batch.insertItems.sorted().map { "Insert item \(path($0))" }
    lines += batch.moveSections.map { "Move section \($0.source) to \($0.target)" }
    lines += batch.moveItems.map { "Move item \(path($0.source)) to \(path($0.target))" }
    return lines
  }
}

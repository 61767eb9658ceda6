import StagecraftDiff
import StagecraftReplay

/// A refused batch: carries a `BatchUpdateError.Reason` until the model wraps it with its
/// configured wording.
struct _Refusal: Error {
  var reason: BatchUpdateError.Reason
  init(_ reason: BatchUpdateError.Reason) { self.reason = reason }
}

/// Validates one batch against the item counts before and after it, as UIKit does (the
/// article The Batch-Update Rules, "What UIKit refuses"), in four phases: the section calls, the section
/// count rule with the section map, the item calls, and the item count rule with the
/// reload positions. It reads counts only, never elements, and changes nothing, so a
/// refused batch leaves the model exactly as it was. In strict mode it also refuses what
/// UIKit accepts and then crashes on.
///
/// The checks run in UIKit's order, so that a batch with several faults is refused for the
/// one UIKit names.
struct _BatchValidation {
  let before: [Int]
  let after: [Int]
  let batch: BatchUpdate
  let strict: Bool
  let map: _BatchMap

  // Facts the phases establish for the ones after them.
  var deletedSection: [Bool]
  var reloadedSection: [Bool]
  var insertedSection: [Bool]
  var movedIntoSection: [Bool]
  /// Per section before the batch: whether a section move starts there.
  var movedFromSection: [Bool]
  /// Per section after the batch: the section before that it continues, or -1 (fresh).
  var sectionSource: [Int]
  var itemMoveSource: [ElementPath: ElementPath] = [:]
  var itemMoveTarget: [ElementPath: ElementPath] = [:]
  var deletedItems = Set<ElementPath>()
  var insertedItems = Set<ElementPath>()

  /// Validates `batch`, and returns its old → new map.
  ///
  /// With `quickly` (tests turn it off to compare), the item phases first try
  /// `itemCallsPassQuickly()`.
  ///
  /// - Complexity: O(S + c log c), where S is the number of sections and c the number of
  ///   calls; O(S + c) without hashing for lists sorted without repeats, as the diff's are.
  static func validate(
    before: [Int], after: [Int], batch: BatchUpdate, strict: Bool, quickly: Bool = true
  ) throws(_Refusal) -> _BatchMap {
    var validation = _BatchValidation(before: before, after: after, batch: batch, strict: strict)
    try validation.checkSectionCalls()
    try validation.checkSectionCount()
    if quickly, validation.itemCallsPassQuickly() { return validation.map }
    try validation.checkItemCalls()
    try validation.checkItemCounts()
    return validation.map
  }

  /// Whether the section phases pass and `itemCallsPassQuickly()` answers `true`: for
  /// tests, which check that the quick answer is never wrong and often given.
  static func passesQuickly(
    before: [Int], after: [Int], batch: BatchUpdate, strict: Bool
  ) -> Bool {
    var validation = _BatchValidation(before: before, after: after, batch: batch, strict: strict)
    do {
      try validation.checkSectionCalls()
      try validation.checkSectionCount()
    } catch {
      return false
    }
    return validation.itemCallsPassQuickly()
  }

  private init(before: [Int], after: [Int], batch: BatchUpdate, strict: Bool) {
    self.before = before
    self.after = after
    self.batch = batch
    self.strict = strict
    self.map = _BatchMap(batch)
    deletedSection = [Bool](repeating: false, count: before.count)
    reloadedSection = deletedSection
    insertedSection = [Bool](repeating: false, count: after.count)
    movedIntoSection = insertedSection
    movedFromSection = deletedSection
    sectionSource = [Int](repeating: -1, count: after.count)
  }

  /// The count failure's context: the counts and the calls, for the modern wordings.
  func context() -> BatchUpdateError.CountContext {
    BatchUpdateError.CountContext(itemCountsBefore: before, itemCountsAfter: after, batch: batch)
  }
}

// MARK: Phase 1: the section calls

extension _BatchValidation {
  /// Section deletes, reloads and moves (before the batch), then inserts and move targets
  /// (after it): ranges, conflicts and, in strict mode, repeats.
  mutating func checkSectionCalls() throws(_Refusal) {
    let sectionsBefore = before.count
    let sectionsAfter = after.count
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
    var moveTarget = [Int?](repeating: nil, count: sectionsBefore)
    var moves: [Move<Int>] = []
    for move in batch.moveSections {
      guard (0..<sectionsBefore).contains(move.source) else {
        throw _Refusal(.moveSectionOutOfRange(section: move.source, sectionCount: sectionsBefore))
      }
      if deletedSection[move.source] || reloadedSection[move.source] {
        throw _Refusal(.deleteAndMoveSameSection(section: move.source))
      }
      if let earlier = moveTarget[move.source] {
        if earlier == move.target { continue }  // an exact duplicate move is dropped
        throw _Refusal(
          .sectionMovedTwice(section: move.source, first: earlier, second: move.target))
      }
      moveTarget[move.source] = move.target
      movedFromSection[move.source] = true
      moves.append(move)
    }
    for section in batch.insertSections {
      guard (0..<sectionsAfter).contains(section) else {
        throw _Refusal(.insertSectionOutOfRange(section: section, sectionCount: sectionsAfter))
      }
      if insertedSection[section], strict {
        throw _Refusal(.duplicateSectionUpdate(section: section))
      }
      insertedSection[section] = true
    }
    var movedFrom = [Int](repeating: -1, count: sectionsAfter)
    for move in moves {
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
            first: movedFrom[move.target], second: move.source, target: move.target))
      }
      movedIntoSection[move.target] = true
      movedFrom[move.target] = move.source
    }
  }
}

// MARK: Phase 2: the section count rule and the section map

extension _BatchValidation {
  /// sections after = sections before + inserted − deleted; then where each section goes,
  /// with the reloaded sections' fresh copies at their shifted positions.
  mutating func checkSectionCount() throws(_Refusal) {
    let deleted = deletedSection.count(where: { $0 })
    let inserted = insertedSection.count(where: { $0 })
    guard after.count == before.count + inserted - deleted else {
      throw _Refusal(
        .invalidSectionCount(
          after: after.count, before: before.count, inserted: inserted, deleted: deleted,
          context: context()))
    }
    for section in before.indices where reloadedSection[section] {
      let target = map.reloadedSectionTarget(of: section)
      guard after.indices.contains(target), !movedIntoSection[target] else {
        throw _Refusal(.sectionReloadLandsOnMoveTarget(reloaded: section, target: target))
      }
      if strict, before[section] != after[target] {
        throw _Refusal(
          .reloadSectionChangesItemCount(
            section: section, before: before[section], after: after[target]))
      }
    }
    for section in before.indices {
      if let target = map.sectionTarget(of: section), after.indices.contains(target) {
        sectionSource[target] = section
      }
    }
  }
}

// MARK: Phase 3: the item calls

extension _BatchValidation {
  /// Item deletes, reloads and moves (before the batch), then inserts and reconfigures
  /// (after it): ranges, conflicts and, in strict mode, repeats.
  mutating func checkItemCalls() throws(_Refusal) {
    for path in batch.deleteItems {
      try checkExistsBefore(path)
      if !deletedItems.insert(path).inserted, strict {
        throw _Refusal(.duplicateItemDelete(path: path))
      }
    }
    var reloaded = Set<ElementPath>()
    for path in batch.reloadItems {
      try checkExistsBefore(path)
      if deletedItems.contains(path) { throw _Refusal(.deleteAndReloadSamePath(path: path)) }
      if !reloaded.insert(path).inserted, strict {
        throw _Refusal(.duplicateItemReload(path: path))
      }
    }
    if strict {
      if let path = batch.deleteItems.first(where: { movedFromSection[$0.section] }) {
        throw _Refusal(.deleteFromMovedSection(section: path.section))
      }
      if let path = batch.reloadItems.first(where: { deletedSection[$0.section] }) {
        throw _Refusal(.reloadInDeletedSection(path: path))
      }
    }
    for move in batch.moveItems {
      try checkMove(move, reloaded: reloaded)
    }
    for path in batch.insertItems {
      guard after.indices.contains(path.section) else {
        throw _Refusal(
          .insertItemSectionOutOfRange(
            item: path.element, section: path.section, sectionCount: after.count))
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
    for path in batch.reconfigureItems
    where !after.indices.contains(path.section) || !(0..<after[path.section]).contains(path.element)
    {
      throw _Refusal(
        .reconfigureItemOutOfRange(
          path: path, sectionCount: after.count,
          itemCount: after.indices.contains(path.section) ? after[path.section] : 0))
    }
  }

  /// A deleted or reloaded path exists before the batch.
  func checkExistsBefore(_ path: ElementPath) throws(_Refusal) {
    guard before.indices.contains(path.section) else {
      throw _Refusal(
        .deleteItemSectionOutOfRange(
          item: path.element, section: path.section, sectionCount: before.count))
    }
    guard (0..<before[path.section]).contains(path.element) else {
      throw _Refusal(
        .deleteItemOutOfRange(
          item: path.element, section: path.section, itemCount: before[path.section]))
    }
  }

  /// One item move: both ends exist, it leaves no deleted section and enters no fresh one,
  /// its source is not deleted or reloaded, and no other move shares an end.
  mutating func checkMove(_ move: Move<ElementPath>, reloaded: Set<ElementPath>) throws(_Refusal) {
    let (source, target) = (move.source, move.target)
    guard before.indices.contains(source.section) else {
      throw _Refusal(.moveItemSectionOutOfRange(path: source, sectionCount: before.count))
    }
    guard (0..<before[source.section]).contains(source.element) else {
      throw _Refusal(.moveItemOutOfRange(path: source, itemCount: before[source.section]))
    }
    guard after.indices.contains(target.section) else {
      throw _Refusal(
        .moveItemTargetSectionOutOfRange(path: source, target: target, sectionCount: after.count))
    }
    guard (0..<after[target.section]).contains(target.element) else {
      throw _Refusal(
        .moveItemTargetOutOfRange(path: source, target: target, itemCount: after[target.section]))
    }
    if deletedSection[source.section] || reloadedSection[source.section] {
      throw _Refusal(.moveFromDeletedSection(section: source.section))
    }
    if sectionSource[target.section] < 0 {
      throw _Refusal(.moveIntoInsertedSection(section: target.section))
    }
    if deletedItems.contains(source) || reloaded.contains(source) {
      throw _Refusal(.deleteAndMoveSamePath(path: source))
    }
    if let earlier = itemMoveTarget[source] {
      if earlier == target { return }  // an exact duplicate move is dropped
      throw _Refusal(.itemMovedTwice(path: source, first: earlier, second: target))
    }
    if let other = itemMoveSource[target] {
      throw _Refusal(.itemsMovedToSameTarget(first: other, second: source, target: target))
    }
    if movedFromSection[source.section] {
      throw _Refusal(.moveFromMovedSection(path: source, section: source.section))
    }
    itemMoveTarget[source] = target
    itemMoveSource[target] = source
  }
}

// MARK: Phase 4: the item count rule and the reload positions

extension _BatchValidation {
  /// For every surviving section: items after = before + inserted − deleted + moved in −
  /// moved out (moves within the section count neither way). Then every reloaded item's
  /// fresh copy must land inside its section and on no move's target.
  func checkItemCounts() throws(_Refusal) {
    var insertsInto = [Int](repeating: 0, count: after.count)
    for path in insertedItems where sectionSource[path.section] >= 0 {
      insertsInto[path.section] += 1
    }
    var deletesFrom = [Int](repeating: 0, count: before.count)
    for path in deletedItems { deletesFrom[path.section] += 1 }
    // UIKit places a reload's fresh copy without the section moves (radar 27041784): when
    // the reloaded item's section moves, the reload counts as a delete from that section and
    // an insert into the one at its unmoved position. Without section moves both agree.
    for path in batch.moveSections.isEmpty ? [] : Set(batch.reloadItems) {
      guard let home = map.sectionTarget(of: path.section) else { continue }
      let landing = map.reloadedSectionTarget(of: path.section)
      guard landing != home else { continue }
      deletesFrom[path.section] += 1
      if after.indices.contains(landing), sectionSource[landing] >= 0 { insertsInto[landing] += 1 }
    }
    var movedIn = [Int](repeating: 0, count: after.count)
    var movedOut = [Int](repeating: 0, count: before.count)
    for (source, target) in itemMoveTarget where sectionSource[target.section] != source.section {
      movedIn[target.section] += 1
      movedOut[source.section] += 1
    }
    for section in after.indices where sectionSource[section] >= 0 {
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
    for path in _sortedUnique(batch.reloadItems) {
      guard let target = map.reloadedItemTarget(of: path) else { continue }
      guard after.indices.contains(target.section),
        (0..<after[target.section]).contains(target.element)
      else {
        throw _Refusal(
          .insertItemOutOfRange(
            item: target.element, section: target.section,
            itemCount: after.indices.contains(target.section) ? after[target.section] : 0))
      }
      if itemMoveSource[target] != nil {
        throw _Refusal(.reloadLandsOnMoveTarget(reloaded: path, target: target))
      }
    }
  }
}

// MARK: Phases 3 and 4 without hashing

extension _BatchValidation {
  /// Phases 3 and 4 for the common batch, the diff's: each item list sorted without repeats.
  /// The same checks as `checkItemCalls()` and `checkItemCounts()`, made with merges of
  /// sorted lists and binary searches instead of sets. It only ever answers `true` for a
  /// batch the exact phases accept; on anything else (a list out of order, a repeat, a
  /// fault) it answers `false`, and the exact phases then run and name the fault UIKit
  /// names.
  ///
  /// - Complexity: O(S + c), plus O(m log m) for m item moves.
  func itemCallsPassQuickly() -> Bool {
    let deletes = batch.deleteItems
    let reloads = batch.reloadItems
    let inserts = batch.insertItems
    // Item calls beside section moves take the exact phases, which know those rules.
    guard deletes._isStrictlyAscending, reloads._isStrictlyAscending,
      inserts._isStrictlyAscending,
      batch.moveSections.isEmpty || (deletes.isEmpty && reloads.isEmpty && batch.moveItems.isEmpty)
    else { return false }
    func existsBefore(_ path: ElementPath) -> Bool {
      before.indices.contains(path.section) && (0..<before[path.section]).contains(path.element)
    }
    func existsAfter(_ path: ElementPath) -> Bool {
      after.indices.contains(path.section) && (0..<after[path.section]).contains(path.element)
    }
    guard deletes.allSatisfy(existsBefore), reloads.allSatisfy(existsBefore) else { return false }

    // Moves: both ends exist, no deleted or reloaded source section, no fresh target
    // section.
    let moves = batch.moveItems
    for move in moves {
      let (source, target) = (move.source, move.target)
      guard existsBefore(source), existsAfter(target),
        !deletedSection[source.section], !reloadedSection[source.section],
        sectionSource[target.section] >= 0
      else { return false }
    }
    // No source or target is shared with another call. The map holds each section's
    // deletes, reloads and move sources sorted without repeats, and their union; that the
    // sizes add up means no two share a position. Likewise for the move targets.
    var (sources, targets) = (0, 0)
    for calls in map.before.values {
      sources += calls.moveSources.count
      guard calls.gone.count == calls.deleted.count + calls.reloaded.count + calls.moveSources.count
      else { return false }
    }
    for calls in map.after.values { targets += calls.moveTargets.count }
    guard sources == moves.count, targets == moves.count else { return false }

    // Strict: no reload inside a section the batch deletes (the exact phases'
    // `reloadInDeletedSection`).
    if strict, !batch.deleteSections.isEmpty,
      reloads.contains(where: { deletedSection[$0.section] })
    {
      return false
    }

    // Inserts: they exist after the batch, no move lands on one, and (strict) none goes
    // into a section that is moved.
    guard inserts.allSatisfy(existsAfter),
      !map.after.values.contains(where: { _intersect($0.inserted, $0.moveTargets) }),
      !strict || !inserts.contains(where: { movedIntoSection[$0.section] }),
      batch.reconfigureItems.allSatisfy(existsAfter)
    else { return false }

    guard itemCountsAddUpQuickly() else { return false }

    // Every reloaded item's fresh copy lands inside its section and on no move's target.
    for path in reloads {
      guard let target = map.reloadedItemTarget(of: path) else { continue }
      guard existsAfter(target),
        !(map.after[target.section]?.moveTargets._containsSorted(target.element) ?? false)
      else { return false }
    }
    return true
  }

  /// The item count rule, for every surviving section, for lists sorted without repeats
  /// (`itemCallsPassQuickly()` checked that).
  ///
  /// - Complexity: O(S + c).
  func itemCountsAddUpQuickly() -> Bool {
    var insertsInto = [Int](repeating: 0, count: after.count)
    for path in batch.insertItems where sectionSource[path.section] >= 0 {
      insertsInto[path.section] &+= 1
    }
    var deletesFrom = [Int](repeating: 0, count: before.count)
    for path in batch.deleteItems { deletesFrom[path.section] &+= 1 }
    var movedIn = [Int](repeating: 0, count: after.count)
    var movedOut = [Int](repeating: 0, count: before.count)
    for move in batch.moveItems where sectionSource[move.target.section] != move.source.section {
      movedIn[move.target.section] &+= 1
      movedOut[move.source.section] &+= 1
    }
    for section in after.indices where sectionSource[section] >= 0 {
      let old = sectionSource[section]
      let expected =
        before[old] + insertsInto[section] - deletesFrom[old] + movedIn[section] - movedOut[old]
      guard after[section] == expected else { return false }
    }
    return true
  }
}

/// Whether two strictly ascending lists share an entry, by one merge.
///
/// - Complexity: O(n + m).
func _intersect<T: Comparable>(_ lhs: [T], _ rhs: [T]) -> Bool {
  var (left, right) = (0, 0)
  while left < lhs.count, right < rhs.count {
    if lhs[left] < rhs[right] {
      left += 1
    } else if rhs[right] < lhs[left] {
      right += 1
    } else {
      return true
    }
  }
  return false
}

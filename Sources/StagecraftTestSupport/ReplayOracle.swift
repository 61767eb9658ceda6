import Stagecraft

/// An independent replay of staged changesets with UIKit's batch-update rules
/// (The Batch-Update Rules: index spaces, the old-to-new map, the count rule), written without the library's algorithm or model.
///
/// Each stage is applied to the previous data: deletes and reloads in the before-space,
/// inserts in the after-space, moves from before to after, and every survivor filling the
/// remaining slots in its original order. Fresh slots (inserts, reloads) are configured
/// from `stage.data`; every other slot must then hold an element with the same identity
/// and content as `stage.data` at that slot.
public enum ReplayOracle {
  /// The problems found when replaying `staged` from `source`; empty when it replays
  /// exactly and ends at `target`.
  public static func sectionedProblems<S: DifferentiableSection>(
    _ staged: StagedChangeset<[S]>, from source: [S], to target: [S], sectioned: Bool = true
  ) -> [String] where S.Collection.Element: Equatable, S: Equatable {
    var problems: [String] = []
    var previous = source
    var lastKind = -1
    for (number, stage) in staged.enumerated() {
      let kind = stageKind(stage, sectioned: sectioned)
      if kind == nil { problems.append("stage \(number) mixes changes of different stages") }
      if let kind, kind <= lastKind {
        problems.append("stage \(number) (kind \(kind)) out of order after kind \(lastKind)")
      }
      lastKind = kind ?? lastKind
      if !isCanonical(stage) { problems.append("stage \(number) is not in canonical order") }
      problems += replay(stage, on: previous).map { "stage \(number): \($0)" }
      previous = stage.data
    }
    if previous != target { problems.append("ends at \(previous), expected \(target)") }
    return problems
  }

  /// Flat variant: no section changes, every path in section 0, and each stage replayed by
  /// the same rules as the sectioned one, on the list as one section.
  public static func problems<E: Differentiable & Equatable>(
    _ staged: StagedChangeset<[E]>, from source: [E], to target: [E]
  ) -> [String] {
    var problems: [String] = []
    var previous = source
    var lastKind = -1
    for (number, stage) in staged.enumerated() {
      if stage.hasSectionChanges { problems.append("stage \(number) lists section changes") }
      let kind = stageKind(stage, sectioned: false)
      if kind == nil { problems.append("stage \(number) mixes changes of different stages") }
      if let kind, kind <= lastKind {
        problems.append("stage \(number) (kind \(kind)) out of order after kind \(lastKind)")
      }
      lastKind = kind ?? lastKind
      if !isCanonical(stage) { problems.append("stage \(number) is not in canonical order") }
      problems += replay(oneSection(stage), on: [ArraySection(model: 0, elements: previous)])
        .map { "stage \(number): \($0)" }
      previous = stage.data
    }
    if previous != target { problems.append("ends at \(previous), expected \(target)") }
    return problems
  }

  /// A flat stage as a stage of one section, its paths unchanged.
  static func oneSection<E: Differentiable>(_ stage: Changeset<[E]>)
    -> Changeset<[ArraySection<Int, E>]>
  {
    var lifted = Changeset(data: [ArraySection(model: 0, elements: stage.data)])
    lifted.elementDeleted = stage.elementDeleted
    lifted.elementInserted = stage.elementInserted
    lifted.elementUpdated = stage.elementUpdated
    lifted.elementMoved = stage.elementMoved
    return lifted
  }

  /// Which of the documented stages a changeset is, or nil when it mixes them.
  static func stageKind<C>(_ stage: Changeset<C>, sectioned: Bool) -> Int? {
    let present: [Bool] = [
      !stage.elementUpdated.isEmpty,
      !stage.sectionDeleted.isEmpty || !stage.elementDeleted.isEmpty,
      !stage.sectionInserted.isEmpty || !stage.sectionMoved.isEmpty,
      !stage.elementInserted.isEmpty || !stage.elementMoved.isEmpty,
      !stage.sectionUpdated.isEmpty,
    ]
    let kinds = present.indices.filter { present[$0] }
    guard kinds.count == 1 else { return nil }
    if !sectioned, kinds[0] == 3 { return 2 }
    return kinds[0]
  }

  static func isCanonical<C>(_ stage: Changeset<C>) -> Bool {
    func ascending<T: Comparable>(_ list: [T]) -> Bool {
      for index in list.indices.dropFirst() where !(list[index - 1] < list[index]) { return false }
      return true
    }
    func byTarget<T: Comparable>(_ list: [Move<T>]) -> Bool {
      for index in list.indices.dropFirst() where !(list[index - 1].target < list[index].target) {
        return false
      }
      return true
    }
    return ascending(stage.sectionDeleted) && ascending(stage.sectionInserted)
      && ascending(stage.sectionUpdated) && byTarget(stage.sectionMoved)
      && ascending(stage.elementDeleted) && ascending(stage.elementInserted)
      && ascending(stage.elementUpdated) && byTarget(stage.elementMoved)
  }

  /// Applies one stage to `previous` and compares with `stage.data`.
  static func replay<S: DifferentiableSection>(_ stage: Changeset<[S]>, on previous: [S])
    -> [String]
  {
    var problems: [String] = []
    let data = stage.data
    let oldCount = previous.count
    let newCount = data.count

    // Sections: the old-to-new map.
    let deleted = Set(stage.sectionDeleted)
    let reloaded = Set(stage.sectionUpdated)
    if deleted.contains(where: { $0 < 0 || $0 >= oldCount }) {
      problems.append("section delete out of range")
    }
    if reloaded.contains(where: { $0 < 0 || $0 >= oldCount }) {
      problems.append("section reload out of range")
    }
    if !deleted.isDisjoint(with: reloaded) { problems.append("section deleted and reloaded") }
    let movedSections = Dictionary(
      stage.sectionMoved.map { ($0.source, $0.target) },
      uniquingKeysWith: { a, _ in
        problems.append("section moved twice")
        return a
      })
    if movedSections.keys.contains(where: {
      $0 < 0 || $0 >= oldCount || deleted.contains($0) || reloaded.contains($0)
    }) {
      problems.append("bad section move source")
    }
    let expectedCount = oldCount - deleted.count + stage.sectionInserted.count
    guard expectedCount == newCount else {
      return problems + ["section count \(newCount), expected \(expectedCount)"]
    }
    var sectionFrom = [Int?](repeating: nil, count: newCount)
    var sectionFresh = [Bool](repeating: false, count: newCount)
    var sectionTaken = [Bool](repeating: false, count: newCount)
    func take(_ slot: Int, _ what: String) -> Bool {
      guard slot >= 0, slot < newCount, !sectionTaken[slot] else {
        problems.append("section slot \(slot) taken twice or out of range (\(what))")
        return false
      }
      sectionTaken[slot] = true
      return true
    }
    for index in stage.sectionInserted where take(index, "insert") { sectionFresh[index] = true }
    for index in reloaded.sorted() {
      let shifted =
        index - stage.sectionDeleted.filter { $0 <= index }.count
        + stage.sectionInserted.filter { $0 <= index }.count
      if take(shifted, "reload") { sectionFresh[shifted] = true }
    }
    for (from, to) in movedSections where take(to, "move") { sectionFrom[to] = from }
    var freeSlots = (0..<newCount).filter { !sectionTaken[$0] }.makeIterator()
    for index in 0..<oldCount
    where !deleted.contains(index) && !reloaded.contains(index) && movedSections[index] == nil {
      guard let slot = freeSlots.next() else { return problems + ["too few section slots"] }
      sectionFrom[slot] = index
    }
    guard problems.isEmpty else { return problems }

    // Elements, per new section.
    let deletedPaths = Set(stage.elementDeleted)
    let reloadedPaths = Set(stage.elementUpdated)
    if deletedPaths.count != stage.elementDeleted.count {
      problems.append("duplicate element delete")
    }
    if !deletedPaths.isDisjoint(with: reloadedPaths) {
      problems.append("element deleted and reloaded")
    }
    let movedFrom = Set(stage.elementMoved.map(\.source))
    if movedFrom.count != stage.elementMoved.count { problems.append("element moved twice") }
    if !movedFrom.isDisjoint(with: deletedPaths) || !movedFrom.isDisjoint(with: reloadedPaths) {
      problems.append("element deleted (or reloaded) and moved")
    }
    let freshSections = Set((0..<newCount).filter { sectionFresh[$0] })
    for path in stage.elementInserted where freshSections.contains(path.section) {
      problems.append("element inserted into an inserted section \(path.section)")
    }
    for path in stage.elementDeleted where deleted.contains(path.section) {
      problems.append("element deleted from a deleted section \(path.section)")
    }
    for move in stage.elementMoved {
      if deleted.contains(move.source.section) || reloaded.contains(move.source.section) {
        problems.append("element moved from a deleted section")
      }
      if freshSections.contains(move.target.section) {
        problems.append("element moved into an inserted section")
      }
      if move.source.section < 0 || move.source.section >= oldCount
        || move.source.element < 0
        || move.source.element >= previous[move.source.section].elements.count
      {
        problems.append("move source \(move.source) out of range")
      }
    }
    for path in deletedPaths.union(reloadedPaths) {
      if path.section < 0 || path.section >= oldCount || path.element < 0
        || path.element >= previous[path.section].elements.count
      {
        problems.append("delete/reload \(path) out of range")
      }
    }
    guard problems.isEmpty else { return problems }

    for newSection in 0..<newCount {
      guard let oldSection = sectionFrom[newSection] else { continue }  // fresh from data
      let old = previous[oldSection]
      let new = data[newSection]
      if old.differenceIdentifier != new.differenceIdentifier || !new.isContentEqual(to: old) {
        problems.append("section \(newSection) shows the wrong model")
      }
      let oldElements = Array(old.elements)
      let newElements = Array(new.elements)
      let count = newElements.count
      var taken = [Bool](repeating: false, count: count)
      var from = [Int?](repeating: nil, count: count)
      func takeElement(_ slot: Int, _ what: String) -> Bool {
        guard slot >= 0, slot < count, !taken[slot] else {
          problems.append(
            "element slot [\(newSection), \(slot)] taken twice or out of range (\(what))")
          return false
        }
        taken[slot] = true
        return true
      }
      let inserts = stage.elementInserted.filter { $0.section == newSection }
      for path in inserts { _ = takeElement(path.element, "insert") }
      let reloads = stage.elementUpdated.filter { $0.section == oldSection }.map(\.element).sorted()
      let deletes = stage.elementDeleted.filter { $0.section == oldSection }.map(\.element)
      for index in reloads {
        let shifted =
          index - deletes.filter { $0 <= index }.count
          + inserts.filter { $0.element <= index }.count
        _ = takeElement(shifted, "reload")
      }
      var movedOut = Set<Int>()
      for move in stage.elementMoved {
        if move.source.section == oldSection { movedOut.insert(move.source.element) }
        if move.target.section == newSection, takeElement(move.target.element, "move") {
          from[move.target.element] = -1 - stage.elementMoved.firstIndex(of: move)!
        }
      }
      var free = (0..<count).filter { !taken[$0] }.makeIterator()
      for index in oldElements.indices
      where !deletedPaths.contains(ElementPath(element: index, section: oldSection))
        && !reloadedPaths.contains(ElementPath(element: index, section: oldSection))
        && !movedOut.contains(index)
      {
        guard let slot = free.next() else {
          problems.append("section \(newSection): more survivors than slots")
          break
        }
        from[slot] = index
      }
      if free.next() != nil { problems.append("section \(newSection): fewer survivors than slots") }
      for slot in 0..<count {
        guard let source = from[slot] else { continue }  // fresh from data
        let element: S.Collection.Element
        if source >= 0 {
          element = oldElements[source]
        } else {
          let move = stage.elementMoved[-1 - source]
          element = Array(previous[move.source.section].elements)[move.source.element]
        }
        let shown = newElements[slot]
        if element.differenceIdentifier != shown.differenceIdentifier
          || !shown.isContentEqual(to: element)
        {
          problems.append("[\(newSection), \(slot)] holds \(element), data says \(shown)")
        }
      }
    }
    return problems
  }
}

/// Builds the sectioned staged changeset in five stages: element updates; section and
/// element deletes; section inserts and moves; element inserts and moves; section updates.
///
/// Sections are matched by identifier, then the elements of all matched sections are
/// matched in one pass with one hash table, so an element can move between sections.
///
/// - Complexity: Expected O(S + N) hashing plus O(k log k) for the moves, where S is the
///   number of sections, N the number of elements and k the number of matched ones.
@inlinable
internal func _sectionedStagedChangeset<C: RangeReplaceableCollection>(
  source: C, target: C
) -> StagedChangeset<C> where C.Element: DifferentiableSection {
  typealias Section = C.Element
  typealias Element = Section.Collection.Element
  let sourceSections = ContiguousArray(source)
  let targetSections = ContiguousArray(target)

  let sectionMatch = _matchOccurrences(sourceSections, targetSections)
  let sourceFlat = _SectionedElements(sourceSections, participating: sectionMatch.sourceToTarget)
  let targetFlat = _SectionedElements(targetSections, participating: sectionMatch.targetToSource)
  let elementMatch = _matchOccurrences(sourceFlat.elements, targetFlat.elements)

  func sourcePath(_ flat: Int) -> ElementPath {
    let section = sourceFlat.sectionOf[flat]
    return ElementPath(element: flat - sourceFlat.start[section], section: section)
  }
  func targetPath(_ flat: Int) -> ElementPath {
    let section = targetFlat.sectionOf[flat]
    return ElementPath(element: flat - targetFlat.start[section], section: section)
  }

  // Each stage's data is built only if a later stage follows: the last stage's data is
  // the target itself. `target` stands in until then; the builders capture finished values.
  var stages = StagedChangeset<C>()
  var builders: [() -> C] = []

  // Stage 1: element updates at source paths.
  var current = sourceFlat.elements
  var updated: [ElementPath] = []
  for (flat, partner) in elementMatch.sourceToTarget.enumerated() where partner >= 0 {
    if !targetFlat.elements[partner].isContentEqual(to: sourceFlat.elements[flat]) {
      updated.append(sourcePath(flat))
      current[flat] = targetFlat.elements[partner]
    }
  }
  if !updated.isEmpty {
    stages.append(Changeset(_canonical: target, elementUpdated: updated))
    builders.append { [current] in
      var data = C()
      data.reserveCapacity(sourceSections.count)
      for (index, section) in sourceSections.enumerated() {
        let range = sourceFlat.range(index)
        let partner = sectionMatch.sourceToTarget[index]
        data.append(partner >= 0 ? Section(source: section, elements: current[range]) : section)
      }
      return data
    }
  }

  // Stage 2: section deletes and element deletes, at source indexes and paths. Each kept
  // element's index within its section after the deletes is recorded.
  var sectionDeleted: [Int] = []
  for (index, partner) in sectionMatch.sourceToTarget.enumerated() where partner < 0 {
    sectionDeleted.append(index)
  }
  var elementDeleted: [ElementPath] = []
  var keptIndex = ContiguousArray<Int>(repeating: -1, count: current.count)
  var keptElements = ContiguousArray<ContiguousArray<Element>>(
    repeating: [], count: sourceSections.count)
  for index in sourceSections.indices where sectionMatch.sourceToTarget[index] >= 0 {
    var kept = ContiguousArray<Element>()
    for flat in sourceFlat.range(index) {
      if elementMatch.sourceToTarget[flat] >= 0 {
        keptIndex[flat] = kept.count
        kept.append(current[flat])
      } else {
        elementDeleted.append(sourcePath(flat))
      }
    }
    keptElements[index] = kept
  }
  if !sectionDeleted.isEmpty || !elementDeleted.isEmpty {
    stages.append(
      Changeset(_canonical: target, sectionDeleted: sectionDeleted, elementDeleted: elementDeleted))
    builders.append { [keptElements] in
      var data = C()
      for (index, section) in sourceSections.enumerated()
      where sectionMatch.sourceToTarget[index] >= 0 {
        data.append(Section(source: section, elements: keptElements[index]))
      }
      return data
    }
  }

  // Stage 3: section inserts at target indexes, and minimal section moves from the
  // post-delete index to the target index.
  var sectionInserted: [Int] = []
  for (index, partner) in sectionMatch.targetToSource.enumerated() where partner < 0 {
    sectionInserted.append(index)
  }
  let sectionStays = _longestIncreasingSubsequence(
    sectionMatch.sourceToTarget, valueLimit: targetSections.count
  ).staying
  var sectionRank = ContiguousArray<Int>(repeating: -1, count: sourceSections.count)
  var rank = 0
  for (index, partner) in sectionMatch.sourceToTarget.enumerated() where partner >= 0 {
    sectionRank[index] = rank
    rank += 1
  }
  var sectionMoved: [Move<Int>] = []
  for (index, source) in sectionMatch.targetToSource.enumerated()
  where source >= 0 && !sectionStays[index] {
    sectionMoved.append(Move(source: sectionRank[source], target: index))
  }
  if !sectionInserted.isEmpty || !sectionMoved.isEmpty {
    stages.append(
      Changeset(_canonical: target, sectionInserted: sectionInserted, sectionMoved: sectionMoved))
    builders.append { [keptElements] in
      var data = C()
      data.reserveCapacity(targetSections.count)
      for (index, section) in targetSections.enumerated() {
        let source = sectionMatch.targetToSource[index]
        data.append(
          source >= 0
            ? Section(source: sourceSections[source], elements: keptElements[source]) : section)
      }
      return data
    }
  }

  // Stage 4: element inserts at target paths, and element moves from the path after
  // stage 3 to the target path. Within a section the unmoved elements form a longest
  // increasing subsequence; an element that changes section always moves.
  var elementStays = ContiguousArray<Bool>(repeating: false, count: current.count)
  for index in sourceSections.indices where sectionMatch.sourceToTarget[index] >= 0 {
    let targetSection = sectionMatch.sourceToTarget[index]
    // Target positions within the target section, of the elements that stay in it.
    let targetRange = targetFlat.range(targetSection)
    var targets = ContiguousArray<Int>()
    targets.reserveCapacity(sourceFlat.range(index).count)
    for flat in sourceFlat.range(index) {
      let partner = elementMatch.sourceToTarget[flat]
      let staysInSection = partner >= 0 && targetFlat.sectionOf[partner] == targetSection
      targets.append(staysInSection ? partner - targetRange.lowerBound : -1)
    }
    let stays = _longestIncreasingSubsequence(targets, valueLimit: targetRange.count).staying
    for (offset, flat) in sourceFlat.range(index).enumerated() where targets[offset] >= 0 {
      elementStays[flat] = stays[targets[offset]]
    }
  }
  var elementInserted: [ElementPath] = []
  var elementMoved: [Move<ElementPath>] = []
  for (flat, source) in elementMatch.targetToSource.enumerated() {
    if source < 0 {
      elementInserted.append(targetPath(flat))
    } else if !elementStays[source] {
      let from = ElementPath(
        element: keptIndex[source],
        section: sectionMatch.sourceToTarget[sourceFlat.sectionOf[source]])
      elementMoved.append(Move(source: from, target: targetPath(flat)))
    }
  }
  if !elementInserted.isEmpty || !elementMoved.isEmpty {
    stages.append(
      Changeset(_canonical: target, elementInserted: elementInserted, elementMoved: elementMoved))
    builders.append {
      var data = C()
      data.reserveCapacity(targetSections.count)
      for (index, section) in targetSections.enumerated() {
        let source = sectionMatch.targetToSource[index]
        data.append(
          source >= 0
            ? Section(source: sourceSections[source], elements: section.elements) : section)
      }
      return data
    }
  }

  // Stage 5: section updates (reloadSections), at target indexes.
  var sectionUpdated: [Int] = []
  for (index, source) in sectionMatch.targetToSource.enumerated() where source >= 0 {
    if !targetSections[index].isContentEqual(to: sourceSections[source]) {
      sectionUpdated.append(index)
    }
  }
  if !sectionUpdated.isEmpty {
    stages.append(Changeset(_canonical: target, sectionUpdated: sectionUpdated))
  }
  // Every stage but the last gets its own data; the last keeps the target itself, with the
  // target versions of elements and models even where `isContentEqual` called a changed
  // value equal.
  for index in stages.indices.dropLast() { stages[index].data = builders[index]() }
  return stages
}

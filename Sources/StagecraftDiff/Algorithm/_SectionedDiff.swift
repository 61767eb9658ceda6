/// Builds the sectioned staged changeset in five stages: element updates; section and
/// element deletes; section inserts and moves; element inserts and moves; section updates.
///
/// Sections are matched by identifier. A matched pair of sections whose elements have the
/// same identifiers in the same order keeps them in place: its elements are only compared
/// for content. The elements of every other matched section are laid end to end and
/// matched in one pass by the flat rule, so an element can move between sections, and
/// an edit in one section costs what changed there.
///
/// - Complexity: Expected O(S + N) identifier and content comparisons, plus hashing and
///   O(k log k) for the moves among the k elements of the sections that changed, where S is
///   the number of sections and N the number of elements.
@inlinable
internal func _sectionedStagedChangeset<C: RangeReplaceableCollection>(
  source: C, target: C
) -> StagedChangeset<C> where C.Element: DifferentiableSection {
  typealias Section = C.Element
  typealias Element = Section.Collection.Element
  let sourceSections = ContiguousArray(source)
  let targetSections = ContiguousArray(target)
  let sectionMatch = _matchOccurrences(sourceSections, targetSections)

  // Matched sections whose elements have the same identifiers in the same order.
  var inPlace = ContiguousArray<Bool>(repeating: false, count: sourceSections.count)
  for (index, partner) in sectionMatch.sourceToTarget.enumerated() where partner >= 0 {
    inPlace[index] = _haveEqualIdentifiers(
      sourceSections[index].elements, targetSections[partner].elements)
  }
  var sourceTakesPart = sectionMatch.sourceToTarget
  var targetTakesPart = sectionMatch.targetToSource
  for (index, partner) in sectionMatch.sourceToTarget.enumerated() where inPlace[index] {
    sourceTakesPart[index] = -1
    targetTakesPart[partner] = -1
  }
  let sourceFlat = _SectionedElements(sourceSections, participating: sourceTakesPart)
  let targetFlat = _SectionedElements(targetSections, participating: targetTakesPart)
  // The elements of the other surviving sections, laid end to end, are matched by the flat
  // rule: an unchanged run of them stays in place and is not hashed.
  let elementMatch = _matchFlat(sourceFlat.elements, targetFlat.elements)

  // Each stage's data is built only if a later stage follows: the last stage's data is
  // the target itself. `target` stands in until then; the builders capture finished values.
  var stages = StagedChangeset<C>()
  var builders: [() -> C] = []

  // Stage 1: element updates at source paths. A section with updates gets its elements
  // with the new versions in place; the others keep their own.
  var updated: [ElementPath] = []
  var updatedElements = ContiguousArray<ContiguousArray<Element>?>(
    repeating: nil, count: sourceSections.count)
  for (index, partner) in sectionMatch.sourceToTarget.enumerated() where partner >= 0 {
    var changed: ContiguousArray<Element>?
    func compare(_ offset: Int, _ old: Element, with new: Element) {
      guard !new.isContentEqual(to: old) else { return }
      updated.append(ElementPath(element: offset, section: index))
      if changed == nil { changed = ContiguousArray(sourceSections[index].elements) }
      changed![offset] = new
    }
    if inPlace[index] {
      var offset = 0
      for (old, new) in zip(sourceSections[index].elements, targetSections[partner].elements) {
        compare(offset, old, with: new)
        offset += 1
      }
    } else {
      let start = sourceFlat.start[index]
      for flat in sourceFlat.range(index) where elementMatch.sourceToTarget[flat] >= 0 {
        compare(
          flat - start, sourceFlat.elements[flat],
          with: targetFlat.elements[elementMatch.sourceToTarget[flat]])
      }
    }
    updatedElements[index] = changed
  }
  /// Section `index` of the source after the updates.
  func updatedSection(_ index: Int) -> Section {
    let section = sourceSections[index]
    guard let elements = updatedElements[index] else { return section }
    return Section(source: section, elements: elements)
  }
  if !updated.isEmpty {
    stages.append(Changeset(_canonical: target, elementUpdated: updated))
    builders.append {
      var data = C()
      data.reserveCapacity(sourceSections.count)
      for index in sourceSections.indices {
        data.append(
          sectionMatch.sourceToTarget[index] >= 0 ? updatedSection(index) : sourceSections[index])
      }
      return data
    }
  }

  // Stage 2: section deletes and element deletes, at source indexes and paths. For the
  // sections that lose elements, the kept ones.
  var sectionDeleted: [Int] = []
  for (index, partner) in sectionMatch.sourceToTarget.enumerated() where partner < 0 {
    sectionDeleted.append(index)
  }
  var elementDeleted: [ElementPath] = []
  // The kept elements of the sections that lose some.
  var keptElements = ContiguousArray<ContiguousArray<Element>?>(
    repeating: nil, count: sourceSections.count)
  for index in sourceSections.indices {
    guard sourceTakesPart[index] >= 0 else { continue }
    let range = sourceFlat.range(index)
    guard range.contains(where: { elementMatch.sourceToTarget[$0] < 0 }) else { continue }
    let updates = updatedElements[index]
    var kept = ContiguousArray<Element>()
    kept.reserveCapacity(range.count)
    for flat in range {
      if elementMatch.sourceToTarget[flat] >= 0 {
        kept.append(updates?[flat - range.lowerBound] ?? sourceFlat.elements[flat])
      } else {
        elementDeleted.append(ElementPath(element: flat - range.lowerBound, section: index))
      }
    }
    keptElements[index] = kept
  }
  /// Section `index` of the source after the updates and deletes.
  func keptSection(_ index: Int) -> Section {
    guard let kept = keptElements[index] else { return updatedSection(index) }
    return Section(source: sourceSections[index], elements: kept)
  }
  if !sectionDeleted.isEmpty || !elementDeleted.isEmpty {
    stages.append(
      Changeset(_canonical: target, sectionDeleted: sectionDeleted, elementDeleted: elementDeleted))
    builders.append {
      var data = C()
      for index in sourceSections.indices where sectionMatch.sourceToTarget[index] >= 0 {
        data.append(keptSection(index))
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
    builders.append {
      var data = C()
      data.reserveCapacity(targetSections.count)
      for (index, section) in targetSections.enumerated() {
        let source = sectionMatch.targetToSource[index]
        data.append(source >= 0 ? keptSection(source) : section)
      }
      return data
    }
  }

  // Stage 4: element inserts at target paths, and element moves from the path after
  // stage 3 to the target path. Within a section the unmoved elements form a longest
  // increasing subsequence; an element that changes section always moves. The sections
  // kept in place have neither.
  //
  // Each source section is walked in order, once to find what stays, once more to count
  // its kept elements: the kept index of a moved element (its index after the deletes) is
  // known there and written to its target position, so no search is needed to find where
  // a move comes from. `origin[t]` says, for the flat target position `t`, whether the
  // element there is inserted (`insertedMark`), stays (`staysMark`), or moves from the
  // packed path `section << 32 | element` after stage 3. (A section or element index of
  // 2^32 or more would need more memory for the flat arrays alone than any machine has.)
  let (insertedMark, staysMark) = (UInt64.max, UInt64.max &- 1)
  var origin = ContiguousArray<UInt64>(repeating: insertedMark, count: targetFlat.elements.count)
  // The target offsets within the target section of one source section's elements, or
  // -1 for those that leave it. One buffer serves every section.
  var longest = 0
  for index in sourceSections.indices {
    longest = Swift.max(longest, sourceFlat.range(index).count)
  }
  var targets = ContiguousArray<Int>(repeating: -1, count: longest)
  targets.withUnsafeMutableBufferPointer { targets in
    origin.withUnsafeMutableBufferPointer { origin in
      elementMatch.sourceToTarget.withUnsafeBufferPointer { sourceToTarget in
        for index in sourceSections.indices where sourceTakesPart[index] >= 0 {
          let section = sectionMatch.sourceToTarget[index]
          let targetRange = targetFlat.range(section)
          let range = sourceFlat.range(index)
          var increasing = true
          var last = -1
          for flat in range {
            let offset = sourceToTarget[flat] &- targetRange.lowerBound
            let inside = UInt(bitPattern: offset) < UInt(bitPattern: targetRange.count)
            targets[flat &- range.lowerBound] = inside ? offset : -1
            if inside {
              increasing = increasing && offset > last
              last = offset
            }
          }
          let values = UnsafeBufferPointer(rebasing: targets[0..<range.count])
          // Nothing moves within the section in the common case: no search.
          let staying =
            increasing
            ? nil : _longestIncreasingSubsequence(values, valueLimit: targetRange.count).staying
          var kept = 0
          for (position, flat) in range.enumerated() {
            let partner = sourceToTarget[flat]
            guard partner >= 0 else { continue }
            let offset = values[position]
            if offset >= 0, staying?[offset] ?? true {
              origin[partner] = staysMark
            } else {
              origin[partner] =
                UInt64(truncatingIfNeeded: section) &<< 32
                | UInt64(truncatingIfNeeded: kept)
            }
            kept &+= 1
          }
        }
      }
    }
  }
  // The target, section by section: what does not stay is inserted or moved there.
  var elementInserted: [ElementPath] = []
  var elementMoved: [Move<ElementPath>] = []
  for index in targetSections.indices where targetTakesPart[index] >= 0 {
    let range = targetFlat.range(index)
    for flat in range where origin[flat] != staysMark {
      let to = ElementPath(element: flat - range.lowerBound, section: index)
      let from = origin[flat]
      if from == insertedMark {
        elementInserted.append(to)
      } else {
        let path = ElementPath(
          element: Int(truncatingIfNeeded: from & 0xFFFF_FFFF),
          section: Int(truncatingIfNeeded: from &>> 32))
        elementMoved.append(Move(source: path, target: to))
      }
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

/// Whether two collections have the same identifiers in the same order.
///
/// - Complexity: O(n) identifier comparisons, stopping at the first difference.
@inlinable
internal func _haveEqualIdentifiers<Elements: Collection>(
  _ lhs: Elements, _ rhs: Elements
) -> Bool where Elements.Element: Differentiable {
  guard lhs.count == rhs.count else { return false }
  let inPlace = lhs.withContiguousStorageIfAvailable { lhs in
    rhs.withContiguousStorageIfAvailable { rhs in _commonPrefixLength(lhs, rhs) == lhs.count }
  }
  if let inPlace = inPlace ?? nil { return inPlace }
  return zip(lhs, rhs).allSatisfy { $0.differenceIdentifier == $1.differenceIdentifier }
}

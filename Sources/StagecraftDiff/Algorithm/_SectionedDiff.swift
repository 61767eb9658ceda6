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
  var diff = _SectionedDiff<C>(source: source, target: target)
  var stages = StagedChangeset<C>()
  // The last stage's data is the target itself, with the target versions of elements and
  // models even where `isContentEqual` called a changed value equal. `target` stands in for
  // the earlier stages' data until the end.
  var kinds: [_SectionedDiff<C>.Stage] = []

  let updated = diff.elementUpdates()
  if !updated.isEmpty {
    stages.append(Changeset(_canonical: target, elementUpdated: updated))
    kinds.append(.updates)
  }
  let deleted = diff.deletes()
  if !deleted.sections.isEmpty || !deleted.elements.isEmpty {
    stages.append(
      Changeset(
        _canonical: target, sectionDeleted: deleted.sections, elementDeleted: deleted.elements))
    kinds.append(.deletes)
  }
  let sections = diff.sectionInsertsAndMoves()
  if !sections.inserted.isEmpty || !sections.moved.isEmpty {
    stages.append(
      Changeset(
        _canonical: target, sectionInserted: sections.inserted, sectionMoved: sections.moved))
    kinds.append(.sectionInsertsAndMoves)
  }
  let elements = diff.elementInsertsAndMoves()
  if !elements.inserted.isEmpty || !elements.moved.isEmpty {
    stages.append(
      Changeset(
        _canonical: target, elementInserted: elements.inserted, elementMoved: elements.moved))
    kinds.append(.elementInsertsAndMoves)
  }
  let sectionUpdated = diff.sectionUpdates()
  if !sectionUpdated.isEmpty {
    stages.append(Changeset(_canonical: target, sectionUpdated: sectionUpdated))
  }
  // The earlier stages' data are built when first read, from the state the diff ends in.
  for index in stages.indices.dropLast() {
    let kind = kinds[index]
    stages[index]._deferData { [diff] in diff.data(after: kind) }
  }
  return stages
}

/// The sectioned diff's state between its stages: the matched sections and elements, and
/// the elements of each source section after the updates and after the deletes.
@usableFromInline
internal struct _SectionedDiff<C: RangeReplaceableCollection>
where C.Element: DifferentiableSection {
  @usableFromInline typealias Section = C.Element
  @usableFromInline typealias Element = Section.Collection.Element

  /// A stage whose data is built from the source: the last stage's data is the target.
  @usableFromInline
  internal enum Stage {
    case updates, deletes, sectionInsertsAndMoves, elementInsertsAndMoves
  }

  @usableFromInline let sourceSections: ContiguousArray<Section>
  @usableFromInline let targetSections: ContiguousArray<Section>
  @usableFromInline let sectionMatch: _OccurrenceMatching
  /// Per source section: whether it is matched and keeps its elements' identifiers in order.
  @usableFromInline let inPlace: ContiguousArray<Bool>
  /// The partner of each section whose elements are matched end to end, or -1.
  @usableFromInline let sourceTakesPart: ContiguousArray<Int>
  @usableFromInline let targetTakesPart: ContiguousArray<Int>
  @usableFromInline let sourceFlat: _SectionedElements<Element>
  @usableFromInline let targetFlat: _SectionedElements<Element>
  @usableFromInline let elementMatch: _OccurrenceMatching
  /// Per source section with updates: its elements with the new versions in place.
  @usableFromInline var updatedElements: ContiguousArray<ContiguousArray<Element>?>
  /// Per source section that loses elements: its kept elements, updated.
  @usableFromInline var keptElements: ContiguousArray<ContiguousArray<Element>?>

  /// Matches the sections, then the elements of the sections that do not keep theirs in
  /// place, laid end to end, by the flat rule: an unchanged run stays and is not hashed.
  @inlinable
  internal init(source: C, target: C) {
    sourceSections = ContiguousArray(source)
    targetSections = ContiguousArray(target)
    let sectionMatch = _matchOccurrences(sourceSections, targetSections)
    var inPlace = ContiguousArray<Bool>(repeating: false, count: sourceSections.count)
    var sourceTakesPart = sectionMatch.sourceToTarget
    var targetTakesPart = sectionMatch.targetToSource
    for (index, partner) in sectionMatch.sourceToTarget.enumerated() where partner >= 0 {
      inPlace[index] = _haveEqualIdentifiers(
        sourceSections[index].elements, targetSections[partner].elements)
      if inPlace[index] {
        sourceTakesPart[index] = -1
        targetTakesPart[partner] = -1
      }
    }
    self.sectionMatch = sectionMatch
    self.inPlace = inPlace
    self.sourceTakesPart = sourceTakesPart
    self.targetTakesPart = targetTakesPart
    sourceFlat = _SectionedElements(sourceSections, participating: sourceTakesPart)
    targetFlat = _SectionedElements(targetSections, participating: targetTakesPart)
    elementMatch = _matchFlat(sourceFlat.elements, targetFlat.elements)
    updatedElements = ContiguousArray(repeating: nil, count: sourceSections.count)
    keptElements = updatedElements
  }
}

// MARK: Stages 1 and 2: updates and deletes, at source paths

extension _SectionedDiff {
  /// Stage 1: the matched elements whose content changed, at source paths; each section
  /// with updates gets its elements with the new versions in place.
  @inlinable
  internal mutating func elementUpdates() -> [ElementPath] {
    var updated: [ElementPath] = []
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
    return updated
  }

  /// Stage 2: the deleted sections, and the deleted elements of the others, at source
  /// paths; each section that loses elements keeps the others, updated.
  @inlinable
  internal mutating func deletes() -> (sections: [Int], elements: [ElementPath]) {
    var sections: [Int] = []
    for (index, partner) in sectionMatch.sourceToTarget.enumerated() where partner < 0 {
      sections.append(index)
    }
    var elements: [ElementPath] = []
    for index in sourceSections.indices where sourceTakesPart[index] >= 0 {
      let range = sourceFlat.range(index)
      guard range.contains(where: { elementMatch.sourceToTarget[$0] < 0 }) else { continue }
      let updates = updatedElements[index]
      var kept = ContiguousArray<Element>()
      kept.reserveCapacity(range.count)
      for flat in range {
        if elementMatch.sourceToTarget[flat] >= 0 {
          kept.append(updates?[flat - range.lowerBound] ?? sourceFlat.elements[flat])
        } else {
          elements.append(ElementPath(element: flat - range.lowerBound, section: index))
        }
      }
      keptElements[index] = kept
    }
    return (sections, elements)
  }
}

// MARK: Stage 3: section inserts and moves

extension _SectionedDiff {
  /// Stage 3: section inserts at target indexes, and minimal section moves from the
  /// post-delete index to the target index.
  @inlinable
  internal func sectionInsertsAndMoves() -> (inserted: [Int], moved: [Move<Int>]) {
    var inserted: [Int] = []
    for (index, partner) in sectionMatch.targetToSource.enumerated() where partner < 0 {
      inserted.append(index)
    }
    let stays = _longestIncreasingSubsequence(
      sectionMatch.sourceToTarget, valueLimit: targetSections.count
    ).staying
    var rank = ContiguousArray<Int>(repeating: -1, count: sourceSections.count)
    var kept = 0
    for (index, partner) in sectionMatch.sourceToTarget.enumerated() where partner >= 0 {
      rank[index] = kept
      kept += 1
    }
    var moved: [Move<Int>] = []
    for (index, source) in sectionMatch.targetToSource.enumerated()
    where source >= 0 && !stays[index] {
      moved.append(Move(source: rank[source], target: index))
    }
    return (inserted, moved)
  }

  /// Stage 5: section updates (`reloadSections`), at target indexes.
  @inlinable
  internal func sectionUpdates() -> [Int] {
    var updated: [Int] = []
    for (index, source) in sectionMatch.targetToSource.enumerated() where source >= 0 {
      if !targetSections[index].isContentEqual(to: sourceSections[source]) {
        updated.append(index)
      }
    }
    return updated
  }
}

// MARK: Stage 4: element inserts and moves

extension _SectionedDiff {
  /// Marks in `elementOrigins()`: an inserted element, and one that stays.
  @inlinable internal static var insertedMark: UInt64 { .max }
  @inlinable internal static var staysMark: UInt64 { .max &- 1 }

  /// Stage 4: element inserts at target paths, and element moves from the path after
  /// stage 3 to the target path, read off `elementOrigins()` section by section.
  @inlinable
  internal func elementInsertsAndMoves() -> (inserted: [ElementPath], moved: [Move<ElementPath>]) {
    let origin = elementOrigins()
    var inserted: [ElementPath] = []
    var moved: [Move<ElementPath>] = []
    for index in targetSections.indices where targetTakesPart[index] >= 0 {
      let range = targetFlat.range(index)
      for flat in range where origin[flat] != Self.staysMark {
        let to = ElementPath(element: flat - range.lowerBound, section: index)
        let from = origin[flat]
        if from == Self.insertedMark {
          inserted.append(to)
        } else {
          let path = ElementPath(
            element: Int(truncatingIfNeeded: from & 0xFFFF_FFFF),
            section: Int(truncatingIfNeeded: from &>> 32))
          moved.append(Move(source: path, target: to))
        }
      }
    }
    return (inserted, moved)
  }

  /// For each flat target position: whether the element there is inserted
  /// (`insertedMark`), stays (`staysMark`), or moves from the packed path
  /// `section << 32 | element` after stage 3. Within a section the unmoved elements form a
  /// longest increasing subsequence; an element that changes section always moves; the
  /// sections kept in place have neither.
  ///
  /// Each source section is walked in order, once to find what stays, once more to count
  /// its kept elements: the kept index of a moved element (its index after the deletes) is
  /// known there and written at its target position, so no search finds where a move comes
  /// from. (A section or element index of 2^32 or more would need more memory for the flat
  /// arrays alone than any machine has.)
  @inlinable
  internal func elementOrigins() -> ContiguousArray<UInt64> {
    var origin = ContiguousArray<UInt64>(
      repeating: Self.insertedMark, count: targetFlat.elements.count)
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
            _markOrigins(
              of: index, targets: targets, origin: origin, sourceToTarget: sourceToTarget)
          }
        }
      }
    }
    return origin
  }

  /// `elementOrigins()` for the elements of source section `index`.
  @inlinable
  internal func _markOrigins(
    of index: Int, targets: UnsafeMutableBufferPointer<Int>,
    origin: UnsafeMutableBufferPointer<UInt64>, sourceToTarget: UnsafeBufferPointer<Int>
  ) {
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
        origin[partner] = Self.staysMark
      } else {
        origin[partner] =
          UInt64(truncatingIfNeeded: section) &<< 32 | UInt64(truncatingIfNeeded: kept)
      }
      kept &+= 1
    }
  }
}

// MARK: Stage data

extension _SectionedDiff {
  /// Section `index` of the source after the updates.
  @inlinable
  internal func updatedSection(_ index: Int) -> Section {
    let section = sourceSections[index]
    guard let elements = updatedElements[index] else { return section }
    return Section(source: section, elements: elements)
  }

  /// Section `index` of the source after the updates and deletes.
  @inlinable
  internal func keptSection(_ index: Int) -> Section {
    guard let kept = keptElements[index] else { return updatedSection(index) }
    return Section(source: sourceSections[index], elements: kept)
  }

  /// The data after `stage`, when a later stage follows it.
  @inlinable
  internal func data(after stage: Stage) -> C {
    var data = C()
    switch stage {
    case .updates:
      data.reserveCapacity(sourceSections.count)
      for index in sourceSections.indices {
        data.append(
          sectionMatch.sourceToTarget[index] >= 0 ? updatedSection(index) : sourceSections[index])
      }
    case .deletes:
      for index in sourceSections.indices where sectionMatch.sourceToTarget[index] >= 0 {
        data.append(keptSection(index))
      }
    case .sectionInsertsAndMoves:
      data.reserveCapacity(targetSections.count)
      for (index, section) in targetSections.enumerated() {
        let source = sectionMatch.targetToSource[index]
        data.append(source >= 0 ? keptSection(source) : section)
      }
    case .elementInsertsAndMoves:
      data.reserveCapacity(targetSections.count)
      for (index, section) in targetSections.enumerated() {
        let source = sectionMatch.targetToSource[index]
        data.append(
          source >= 0
            ? Section(source: sourceSections[source], elements: section.elements) : section)
      }
    }
    return data
  }
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

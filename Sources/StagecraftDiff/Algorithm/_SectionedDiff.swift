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
/// the updates and deletes of each source section.
///
/// When one matched pair of sections is all that changes its identifiers (a local edit in
/// one section), the pair keeps its common prefix and suffix in place, as the flat diff keeps
/// its own: only the elements between them (the middle) are copied and matched, so that the
/// edit costs comparisons plus what changed, as it does flat. The matching is the one the
/// whole sections would get.
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
  /// The partner of each section whose middle is matched end to end, or -1.
  @usableFromInline let sourceTakesPart: ContiguousArray<Int>
  @usableFromInline let targetTakesPart: ContiguousArray<Int>
  /// Per section that takes part: the length of the common prefix kept in place, and of
  /// the common suffix; by source section and by target section.
  @usableFromInline let sourceEnds: ContiguousArray<_SectionEnds>
  @usableFromInline let targetEnds: ContiguousArray<_SectionEnds>
  /// The middles of the sections that take part, laid end to end.
  @usableFromInline let sourceFlat: _SectionedElements<Element>
  @usableFromInline let targetFlat: _SectionedElements<Element>
  @usableFromInline let elementMatch: _OccurrenceMatching
  /// Per source section: its updated elements, by offset in the section, ascending.
  @usableFromInline var updates: ContiguousArray<[_SectionUpdate<Element>]>
  /// Per source section: the offsets of its deleted elements, ascending.
  @usableFromInline var deletedOffsets: ContiguousArray<[Int]>

  /// Matches the sections, then the middles of the sections that do not keep their
  /// elements in place, laid end to end, by the flat rule.
  @inlinable
  internal init(source: C, target: C) {
    sourceSections = ContiguousArray(source)
    targetSections = ContiguousArray(target)
    let sectionMatch = _matchOccurrences(sourceSections, targetSections)
    var inPlace = ContiguousArray<Bool>(repeating: false, count: sourceSections.count)
    var sourceTakesPart = sectionMatch.sourceToTarget
    var targetTakesPart = sectionMatch.targetToSource
    var sourceEnds = ContiguousArray(repeating: _SectionEnds(), count: sourceSections.count)
    var targetEnds = ContiguousArray(repeating: _SectionEnds(), count: targetSections.count)
    for (index, partner) in sectionMatch.sourceToTarget.enumerated() where partner >= 0 {
      let ends = _SectionEnds(sourceSections[index].elements, targetSections[partner].elements)
      inPlace[index] = ends.isWhole
      if inPlace[index] {
        sourceTakesPart[index] = -1
        targetTakesPart[partner] = -1
      } else {
        (sourceEnds[index], targetEnds[partner]) = (ends, ends)
      }
    }
    // The ends of one pair are the ends of the sections laid end to end, which the flat
    // rule keeps in place: trimmed, the matching is the same. With more pairs, the ends of
    // each are not those of the whole, and trimming them could match repeated identifiers
    // otherwise: none is trimmed.
    if sourceTakesPart.lazy.filter({ $0 >= 0 }).count > 1 {
      sourceEnds = ContiguousArray(repeating: _SectionEnds(), count: sourceSections.count)
      targetEnds = ContiguousArray(repeating: _SectionEnds(), count: targetSections.count)
    }
    self.sectionMatch = sectionMatch
    self.inPlace = inPlace
    self.sourceTakesPart = sourceTakesPart
    self.targetTakesPart = targetTakesPart
    self.sourceEnds = sourceEnds
    self.targetEnds = targetEnds
    sourceFlat = _SectionedElements(
      sourceSections, participating: sourceTakesPart, ends: sourceEnds)
    targetFlat = _SectionedElements(
      targetSections, participating: targetTakesPart, ends: targetEnds)
    elementMatch = _matchFlat(sourceFlat.elements, targetFlat.elements)
    updates = ContiguousArray(repeating: [], count: sourceSections.count)
    deletedOffsets = ContiguousArray(repeating: [], count: sourceSections.count)
  }
}

/// The common prefix and suffix of two sections' identifiers, kept in place by the diff.
@usableFromInline
internal struct _SectionEnds: Sendable {
  @usableFromInline var prefix = 0
  @usableFromInline var suffix = 0
  /// Whether the prefix is the whole of both sections.
  @usableFromInline var isWhole = false

  @inlinable init() {}

  /// The ends of `source` and `target`: read in place when both have contiguous storage,
  /// and none (or whole, when they have equal identifiers) otherwise.
  ///
  /// - Complexity: O(p + s) identifier comparisons for the p and s elements of the ends.
  @inlinable
  init<Elements: Collection>(_ source: Elements, _ target: Elements)
  where Elements.Element: Differentiable {
    let ends = source.withContiguousStorageIfAvailable { source in
      target.withContiguousStorageIfAvailable { target in
        let prefix = _commonPrefixLength(source, target)
        let suffix = _commonSuffixLength(
          source, target, limit: Swift.min(source.count, target.count) - prefix)
        return (prefix, suffix, prefix == source.count && source.count == target.count)
      }
    }
    if let (prefix, suffix, isWhole) = ends ?? nil {
      (self.prefix, self.suffix, self.isWhole) = (prefix, suffix, isWhole)
    } else {
      isWhole = _haveEqualIdentifiers(source, target)
    }
  }
}

/// One updated element of a section: its offset in the section, and its new version.
@usableFromInline
internal struct _SectionUpdate<Element> {
  @usableFromInline var offset: Int
  @usableFromInline var element: Element

  @inlinable init(_ offset: Int, _ element: Element) {
    (self.offset, self.element) = (offset, element)
  }
}

// MARK: Stages 1 and 2: updates and deletes, at source paths

extension _SectionedDiff {
  /// Stage 1: the matched elements whose content changed, at source paths, ascending: the
  /// ends and the whole of a section in place are compared pairwise, and the middles by the
  /// matching.
  @inlinable
  internal mutating func elementUpdates() -> [ElementPath] {
    var updated: [ElementPath] = []
    for (index, partner) in sectionMatch.sourceToTarget.enumerated() where partner >= 0 {
      var changes: [_SectionUpdate<Element>] = []
      func compare(_ offset: Int, _ old: Element, with new: Element) {
        guard !new.isContentEqual(to: old) else { return }
        updated.append(ElementPath(element: offset, section: index))
        changes.append(_SectionUpdate(offset, new))
      }
      let (old, new) = (sourceSections[index].elements, targetSections[partner].elements)
      var offset = 0
      if inPlace[index] {
        for (old, new) in zip(old, new) {
          compare(offset, old, with: new)
          offset += 1
        }
      } else {
        let ends = sourceEnds[index]
        for (old, new) in zip(old.prefix(ends.prefix), new.prefix(ends.prefix)) {
          compare(offset, old, with: new)
          offset += 1
        }
        let start = sourceFlat.start[index]
        for flat in sourceFlat.range(index) where elementMatch.sourceToTarget[flat] >= 0 {
          compare(
            flat - start + ends.prefix, sourceFlat.elements[flat],
            with: targetFlat.elements[elementMatch.sourceToTarget[flat]])
        }
        offset = old.count - ends.suffix
        for (old, new) in zip(old.suffix(ends.suffix), new.suffix(ends.suffix)) {
          compare(offset, old, with: new)
          offset += 1
        }
      }
      updates[index] = changes
    }
    return updated
  }

  /// Stage 2: the deleted sections, and the deleted elements of the others, at source
  /// paths (only a middle loses elements).
  @inlinable
  internal mutating func deletes() -> (sections: [Int], elements: [ElementPath]) {
    var sections: [Int] = []
    for (index, partner) in sectionMatch.sourceToTarget.enumerated() where partner < 0 {
      sections.append(index)
    }
    var elements: [ElementPath] = []
    for index in sourceSections.indices where sourceTakesPart[index] >= 0 {
      let range = sourceFlat.range(index)
      let prefix = sourceEnds[index].prefix
      for flat in range where elementMatch.sourceToTarget[flat] < 0 {
        let offset = flat - range.lowerBound + prefix
        elements.append(ElementPath(element: offset, section: index))
        deletedOffsets[index].append(offset)
      }
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
      let prefix = targetEnds[index].prefix
      for flat in range where origin[flat] != Self.staysMark {
        let to = ElementPath(element: flat - range.lowerBound + prefix, section: index)
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
    // The kept prefix comes first: a middle element's index after the deletes counts it.
    var kept = sourceEnds[index].prefix
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
  ///
  /// - Complexity: O(1) without updates; else O(m) for the m elements of the section.
  @inlinable
  internal func updatedSection(_ index: Int) -> Section {
    let section = sourceSections[index]
    guard !updates[index].isEmpty else { return section }
    var elements = ContiguousArray(section.elements)
    for update in updates[index] { elements[update.offset] = update.element }
    return Section(source: section, elements: elements)
  }

  /// Section `index` of the source after the updates and deletes.
  ///
  /// - Complexity: O(1) without updates or deletes; else O(m) for the m elements.
  @inlinable
  internal func keptSection(_ index: Int) -> Section {
    let deleted = deletedOffsets[index]
    guard !deleted.isEmpty else { return updatedSection(index) }
    let section = sourceSections[index]
    var kept = ContiguousArray<Element>()
    kept.reserveCapacity(section.elements.count - deleted.count)
    var (next, update) = (0, 0)
    let changes = updates[index]
    for (offset, element) in section.elements.enumerated() {
      if next < deleted.count, deleted[next] == offset {
        next += 1
        continue
      }
      while update < changes.count, changes[update].offset < offset { update += 1 }
      let changed = update < changes.count && changes[update].offset == offset
      kept.append(changed ? changes[update].element : element)
    }
    return Section(source: section, elements: kept)
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

import StagecraftDiff

extension DiffableSnapshot {
  // MARK: Sections

  /// Appends sections at the end.
  ///
  /// - Parameter sections: New, unique section identifiers.
  /// - Throws: `DiffableSnapshotError` (`.duplicateSections`); the snapshot is unchanged.
  /// - Complexity: O(s + k), where s is the number of sections and k of new ones.
  @inlinable
  public mutating func appendSections(_ sections: [SectionIdentifier]) throws {
    try _insertSections(sections, at: _sections.count)
  }

  /// Inserts sections before `before`.
  ///
  /// - Parameters:
  ///   - sections: New, unique section identifiers.
  ///   - before: An existing section.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: O(s + k).
  @inlinable
  public mutating func insertSections(
    _ sections: [SectionIdentifier], beforeSection before: SectionIdentifier
  ) throws {
    try _insertSections(sections, at: try _requireSection(before))
  }

  /// Inserts sections after `after`.
  ///
  /// - Parameters:
  ///   - sections: New, unique section identifiers.
  ///   - after: An existing section.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: O(s + k).
  @inlinable
  public mutating func insertSections(
    _ sections: [SectionIdentifier], afterSection after: SectionIdentifier
  ) throws {
    try _insertSections(sections, at: try _requireSection(after) + 1)
  }

  /// Deletes sections and their items.
  ///
  /// - Parameter sections: Existing section identifiers.
  /// - Throws: `DiffableSnapshotError` (`.missingSections`); the snapshot is unchanged.
  /// - Complexity: O(s + k + d), where d is the number of items the deleted sections hold.
  @inlinable
  public mutating func deleteSections(_ sections: [SectionIdentifier]) throws {
    try _requireSections(sections)
    let doomed = Set(sections.compactMap(indexOfSection))
    for position in doomed.sorted(by: >) {
      for item in _sections[position].elements { _freeSlot(of: item.identifier) }
      _sectionKeyOf[_IdentifierKey(_sections[position].model.identifier)] = nil
      _keyPositions[_sectionKeys[position]] = -1
      _sections.remove(at: position)
      _sectionSlots.remove(at: position)
      _sectionKeys.remove(at: position)
    }
    _renumberSections(from: doomed.min() ?? _sections.count)
    _forgetMarks()
  }

  /// Moves `section` before `before`.
  ///
  /// - Parameters:
  ///   - section: The section to move.
  ///   - before: The section to move it in front of.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: O(s).
  @inlinable
  public mutating func moveSection(
    _ section: SectionIdentifier, beforeSection before: SectionIdentifier
  ) throws {
    try _moveSection(section, relativeTo: before, after: false)
  }

  /// Moves `section` after `after`.
  ///
  /// - Parameters:
  ///   - section: The section to move.
  ///   - after: The section to move it behind.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: O(s).
  @inlinable
  public mutating func moveSection(
    _ section: SectionIdentifier, afterSection after: SectionIdentifier
  ) throws {
    try _moveSection(section, relativeTo: after, after: true)
  }

  /// Marks sections to be reloaded by the next apply.
  ///
  /// - Parameter sections: Existing section identifiers.
  /// - Throws: `DiffableSnapshotError` (`.missingSections`); the snapshot is unchanged.
  /// - Complexity: O(k + r), where r is the number of sections marked already.
  @inlinable
  public mutating func reloadSections(_ sections: [SectionIdentifier]) throws {
    try _requireSections(sections)
    Self._mark(sections, in: &_reloadedSections)
  }

  // MARK: Items

  /// Appends items at the end of `section`, or of the last section.
  ///
  /// - Parameters:
  ///   - items: New, unique item identifiers.
  ///   - section: An existing section; the last one when nil.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: Expected O(s + k): each new identifier is hashed once.
  @inlinable
  public mutating func appendItems(
    _ items: [ItemIdentifier], toSection section: SectionIdentifier? = nil
  ) throws {
    let index: Int
    if let section {
      index = try _requireSection(section)
    } else {
      guard !_sections.isEmpty else {
        throw DiffableSnapshotError(.noSection, identifiers: items.map { "\($0)" })
      }
      index = _sections.count - 1
    }
    try _insertItems(items, section: index, at: _sections[index].elements.count)
  }

  /// Inserts items before `before`, in its section.
  ///
  /// - Parameters:
  ///   - items: New, unique item identifiers.
  ///   - before: An existing item.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: Expected O(s + m + k), where m is the size of the section.
  @inlinable
  public mutating func insertItems(_ items: [ItemIdentifier], beforeItem before: ItemIdentifier)
    throws
  {
    let (section, index) = try _requireItem(before)
    try _insertItems(items, section: section, at: index)
  }

  /// Inserts items after `after`, in its section.
  ///
  /// - Parameters:
  ///   - items: New, unique item identifiers.
  ///   - after: An existing item.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: Expected O(s + m + k).
  @inlinable
  public mutating func insertItems(_ items: [ItemIdentifier], afterItem after: ItemIdentifier)
    throws
  {
    let (section, index) = try _requireItem(after)
    try _insertItems(items, section: section, at: index + 1)
  }

  /// Deletes items.
  ///
  /// - Parameter items: Existing item identifiers.
  /// - Throws: `DiffableSnapshotError` (`.missingItems`); the snapshot is unchanged.
  /// - Complexity: Expected O(s + k + m), where m is the size of the sections that lose
  ///   items: each identifier is hashed once to find it and once to forget it, and each
  ///   section that loses items is compacted in one pass.
  @inlinable
  public mutating func deleteItems(_ items: [ItemIdentifier]) throws {
    var doomed: [Int] = []
    doomed.reserveCapacity(items.count)
    var missing: [ItemIdentifier] = []
    for item in items {
      if let slot = _slotOf[_IdentifierKey(item)] {
        doomed.append(slot)
      } else {
        missing.append(item)
      }
    }
    if !missing.isEmpty {
      throw DiffableSnapshotError(.missingItems, identifiers: missing.map { "\($0)" })
    }
    guard !doomed.isEmpty else { return }
    // Mark each doomed slot by setting its index to -1, then compact each section once.
    var sections: [Int] = []
    for slot in doomed where _slotIndex[slot] >= 0 {
      sections.append(_keyPositions[_slotSection[slot]])
      _slotIndex[slot] = -1
    }
    sections.sort()
    var first = _sections.count
    for (offset, section) in sections.enumerated()
    where offset == 0 || sections[offset - 1] != section {
      first = Swift.min(first, section)
      _compact(section)
    }
    for item in items { _freeSlot(of: item) }
    _recountStarts(from: first)
    _forgetMarks()
  }

  /// Removes the items of the section at `section` whose slot index is -1, and renumbers
  /// the rest.
  @inlinable
  internal mutating func _compact(_ section: Int) {
    let slots = _sectionSlots[section]
    let elements = _sections[section].elements
    var keptSlots: [Int] = []
    var keptElements: [SnapshotItem<ItemIdentifier>] = []
    keptSlots.reserveCapacity(slots.count)
    keptElements.reserveCapacity(slots.count)
    for index in slots.indices where _slotIndex[slots[index]] >= 0 {
      _slotIndex[slots[index]] = keptSlots.count
      keptSlots.append(slots[index])
      keptElements.append(elements[index])
    }
    _sectionSlots[section] = keptSlots
    _sections[section].elements = keptElements
  }

  /// Replaces the items of the section at `section` with `rows`, which keep its first
  /// `prefix` and last `suffix` items: only the items between are looked up, entered or
  /// forgotten.
  ///
  /// The caller has checked that no item of `rows` between the two is in another section.
  ///
  /// - Complexity: Expected O(m + r + d), for m items in the section, r rows and d items
  ///   between the kept ends (the only ones hashed).
  @inlinable
  internal mutating func _replaceItems(
    inSection section: Int, with rows: [ItemIdentifier], prefix: Int, suffix: Int
  ) {
    let key = _sectionKeys[section]
    let oldMiddle = prefix..<_sections[section].elements.count - suffix
    let newMiddle = rows[prefix..<rows.count - suffix]
    // The old middle's slots leave unless a new row takes them (index set back to >= 0).
    for index in oldMiddle { _slotIndex[_sectionSlots[section][index]] = -1 }
    var slots: [Int] = []
    slots.reserveCapacity(newMiddle.count)
    for item in newMiddle {
      if let slot = _slotOf[_IdentifierKey(item)] {
        _slotIndex[slot] = 0
        slots.append(slot)
        continue
      }
      let slot = _freeSlots.popLast() ?? _slotSection.count
      if slot == _slotSection.count {
        _slotSection.append(key)
        _slotIndex.append(0)
      } else {
        _slotSection[slot] = key
      }
      _slotOf[_IdentifierKey(item)] = slot
      slots.append(slot)
    }
    for index in oldMiddle where _slotIndex[_sectionSlots[section][index]] < 0 {
      _freeSlot(of: _sections[section].elements[index].identifier)
    }
    _sections[section].elements.replaceSubrange(
      oldMiddle, with: newMiddle.lazy.map { SnapshotItem($0) })
    _sectionSlots[section].replaceSubrange(oldMiddle, with: slots)
    _renumberItems(inSection: section, from: prefix)
    _recountStarts(from: section)
    if !_reloadedItems.isEmpty || !_reconfiguredItems.isEmpty { _forgetMarks() }
  }

  /// Deletes every item and section.
  ///
  /// - Complexity: O(1) amortized.
  @inlinable
  public mutating func deleteAllItems() {
    self = DiffableSnapshot()
  }

  /// Moves `item` before `before`, possibly into another section.
  ///
  /// - Parameters:
  ///   - item: The item to move.
  ///   - before: The item to move it in front of.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: Expected O(s + m), where m is the size of the sections involved; no
  ///   other section is copied.
  @inlinable
  public mutating func moveItem(_ item: ItemIdentifier, beforeItem before: ItemIdentifier) throws {
    try _moveItem(item, relativeTo: before, after: false)
  }

  /// Moves `item` after `after`, possibly into another section.
  ///
  /// - Parameters:
  ///   - item: The item to move.
  ///   - after: The item to move it behind.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: Expected O(s + m), where m is the size of the sections involved.
  @inlinable
  public mutating func moveItem(_ item: ItemIdentifier, afterItem after: ItemIdentifier) throws {
    try _moveItem(item, relativeTo: after, after: true)
  }

  /// Marks items to be reloaded (new cells, selection dropped) by the next apply.
  ///
  /// - Parameter items: Existing item identifiers.
  /// - Throws: `DiffableSnapshotError` (`.missingItems`); the snapshot is unchanged.
  /// - Complexity: O(k) expected.
  @inlinable
  public mutating func reloadItems(_ items: [ItemIdentifier]) throws {
    try _markItems(items, in: &_reloadedItems)
  }

  /// Marks items to be reconfigured (same cells, selection kept) by the next apply.
  ///
  /// - Parameter items: Existing item identifiers.
  /// - Throws: `DiffableSnapshotError` (`.missingItems`); the snapshot is unchanged.
  /// - Complexity: O(k) expected.
  @inlinable
  public mutating func reconfigureItems(_ items: [ItemIdentifier]) throws {
    try _markItems(items, in: &_reconfiguredItems)
  }

  // MARK: Helpers

  /// Appends to `list` the identifiers not in it yet.
  ///
  /// - Complexity: O(m + k) expected, for the m identifiers in `list` and the k given; each
  ///   hashed once, cheaply for `Int` (`_IdentifierKey`), in a set sized up front.
  @inlinable
  internal static func _mark<T: Hashable>(_ identifiers: [T], in list: inout [T]) {
    var seen = Set<_IdentifierKey<T>>(minimumCapacity: list.count &+ identifiers.count)
    for identifier in list { seen.insert(_IdentifierKey(identifier)) }
    list.reserveCapacity(list.count &+ identifiers.count)
    for identifier in identifiers where seen.insert(_IdentifierKey(identifier)).inserted {
      list.append(identifier)
    }
  }

  /// Appends to `list` the items not in it yet, after checking that every one exists.
  ///
  /// Each item is looked up once, which both checks it and gives its slot; the items already
  /// marked, or given twice, are told apart by slot in a bit set rather than by hashing them
  /// again.
  ///
  /// - Throws: `DiffableSnapshotError` (`.missingItems`); `list` is unchanged then.
  /// - Complexity: O(m + k) expected, for the m items in `list` and the k given, plus
  ///   O(n / 64) for a bit set over the n slots.
  @inlinable
  internal func _markItems(
    _ items: [ItemIdentifier], in list: inout [ItemIdentifier]
  ) throws {
    var slots = ContiguousArray<Int>()
    slots.reserveCapacity(items.count)
    for item in items {
      guard let slot = _slotOf[_IdentifierKey(item)] else {
        let missing = items.filter { _slotOf[_IdentifierKey($0)] == nil }
        throw DiffableSnapshotError(.missingItems, identifiers: missing.map { "\($0)" })
      }
      slots.append(slot)
    }
    var marked = ContiguousArray<UInt64>(repeating: 0, count: (_slotSection.count &+ 63) &>> 6)
    func firstMark(_ slot: Int) -> Bool {
      let (word, bit) = (slot &>> 6, UInt64(1) &<< UInt64(slot & 63))
      defer { marked[word] |= bit }
      return marked[word] & bit == 0
    }
    for item in list {
      if let slot = _slotOf[_IdentifierKey(item)] { _ = firstMark(slot) }
    }
    list.reserveCapacity(list.count &+ items.count)
    for (item, slot) in zip(items, slots) where firstMark(slot) { list.append(item) }
  }

  /// Drops marks whose identifiers are gone.
  @inlinable
  internal mutating func _forgetMarks() {
    _reloadedItems.removeAll { _slotOf[_IdentifierKey($0)] == nil }
    _reconfiguredItems.removeAll { _slotOf[_IdentifierKey($0)] == nil }
    _reloadedSections.removeAll { _sectionKeyOf[_IdentifierKey($0)] == nil }
  }

  @inlinable
  internal func _requireSection(_ section: SectionIdentifier) throws -> Int {
    guard let index = indexOfSection(section) else {
      throw DiffableSnapshotError(.missingSections, identifiers: ["\(section)"])
    }
    return index
  }

  @inlinable
  internal func _requireSections(_ sections: [SectionIdentifier]) throws {
    let missing = sections.filter { _sectionKeyOf[_IdentifierKey($0)] == nil }
    if !missing.isEmpty {
      throw DiffableSnapshotError(.missingSections, identifiers: missing.map { "\($0)" })
    }
  }

  @inlinable
  internal func _requireItem(_ item: ItemIdentifier) throws -> (section: Int, index: Int) {
    guard let location = _location(of: item) else {
      throw DiffableSnapshotError(.missingItems, identifiers: ["\(item)"])
    }
    return location
  }

  @inlinable
  internal mutating func _insertSections(_ sections: [SectionIdentifier], at index: Int) throws {
    let duplicates = _repeatedIdentifiers(sections) { _sectionKeyOf[_IdentifierKey($0)] != nil }
    if !duplicates.isEmpty {
      throw DiffableSnapshotError(.duplicateSections, identifiers: duplicates.map { "\($0)" })
    }
    var keys: [Int] = []
    for section in sections {
      let key = _keyPositions.count
      _keyPositions.append(-1)
      _sectionKeyOf[_IdentifierKey(section)] = key
      keys.append(key)
    }
    _sections.insert(
      contentsOf: sections.map { Section(model: SnapshotSection($0), elements: []) }, at: index)
    _sectionSlots.insert(contentsOf: repeatElement([], count: sections.count), at: index)
    _sectionKeys.insert(contentsOf: keys, at: index)
    _sectionStarts.insert(
      contentsOf: repeatElement(_sectionStarts[index], count: sections.count), at: index)
    _renumberSections(from: index)
  }

  /// Inserts `items` at `index` of the section at `section`. Each identifier is hashed
  /// once: it is entered as it is checked, and the entries are taken back out if one
  /// turns out to be a duplicate.
  @inlinable
  internal mutating func _insertItems(_ items: [ItemIdentifier], section: Int, at index: Int) throws
  {
    _slotOf.reserveCapacity(_slotOf.count + items.count)
    let key = _sectionKeys[section]
    var slots: [Int] = []
    slots.reserveCapacity(items.count)
    for (offset, item) in items.enumerated() {
      let slot = _freeSlots.popLast() ?? _slotSection.count
      if slot == _slotSection.count {
        _slotSection.append(key)
        _slotIndex.append(index + offset)
      } else {
        _slotSection[slot] = key
        _slotIndex[slot] = index + offset
      }
      if let earlier = _slotOf.updateValue(slot, forKey: _IdentifierKey(item)) {
        // Put back what this call changed, then name every duplicate.
        _slotOf[_IdentifierKey(item)] = earlier
        _freeSlots.append(slot)
        for (entered, enteredSlot) in zip(items, slots).reversed() {
          _slotOf[_IdentifierKey(entered)] = nil
          _freeSlots.append(enteredSlot)
        }
        let duplicates = _repeatedIdentifiers(items) { _slotOf[_IdentifierKey($0)] != nil }
        throw DiffableSnapshotError(.duplicateItems, identifiers: duplicates.map { "\($0)" })
      }
      slots.append(slot)
    }
    _sections[section].elements.insert(contentsOf: items.map { SnapshotItem($0) }, at: index)
    _sectionSlots[section].insert(contentsOf: slots, at: index)
    _renumberItems(inSection: section, from: index + items.count)
    _recountStarts(from: section)
  }

  @inlinable
  internal mutating func _moveSection(
    _ section: SectionIdentifier, relativeTo anchor: SectionIdentifier, after: Bool
  ) throws {
    let from = try _requireSection(section)
    _ = try _requireSection(anchor)
    guard section != anchor else {
      throw DiffableSnapshotError(.movedRelativeToItself, identifiers: ["\(section)"])
    }
    let moved = _sections.remove(at: from)
    let slots = _sectionSlots.remove(at: from)
    let key = _sectionKeys.remove(at: from)
    // The entry after the moved section's goes: the starts up to `from` stay right.
    _sectionStarts.remove(at: from + 1)
    _keyPositions[key] = -1
    _renumberSections(from: from)
    let to = try _requireSection(anchor) + (after ? 1 : 0)
    _sections.insert(moved, at: to)
    _sectionSlots.insert(slots, at: to)
    _sectionKeys.insert(key, at: to)
    _sectionStarts.insert(0, at: to + 1)
    _renumberSections(from: Swift.min(from, to))
  }

  @inlinable
  internal mutating func _moveItem(
    _ item: ItemIdentifier, relativeTo anchor: ItemIdentifier, after: Bool
  ) throws {
    let from = try _requireItem(item)
    _ = try _requireItem(anchor)
    guard item != anchor else {
      throw DiffableSnapshotError(.movedRelativeToItself, identifiers: ["\(item)"])
    }
    let element = _sections[from.section].elements.remove(at: from.index)
    let slot = _sectionSlots[from.section].remove(at: from.index)
    _renumberItems(inSection: from.section, from: from.index)
    let to = try _requireItem(anchor)
    let index = to.index + (after ? 1 : 0)
    _sections[to.section].elements.insert(element, at: index)
    _sectionSlots[to.section].insert(slot, at: index)
    _slotSection[slot] = _sectionKeys[to.section]
    _renumberItems(inSection: to.section, from: index)
    _recountStarts(from: Swift.min(from.section, to.section))
  }

  /// Moves the item at `source` to `destination`, an index of its section as it is once
  /// the item has left its own; both paths exist.
  @inlinable
  internal mutating func _moveItem(from source: ElementPath, to destination: ElementPath) {
    let element = _sections[source.section].elements.remove(at: source.element)
    let slot = _sectionSlots[source.section].remove(at: source.element)
    _renumberItems(inSection: source.section, from: source.element)
    _sections[destination.section].elements.insert(element, at: destination.element)
    _sectionSlots[destination.section].insert(slot, at: destination.element)
    _slotSection[slot] = _sectionKeys[destination.section]
    _renumberItems(inSection: destination.section, from: destination.element)
    _recountStarts(from: Swift.min(source.section, destination.section))
  }

  /// Forgets `item` and frees its slot.
  @inlinable
  internal mutating func _freeSlot(of item: ItemIdentifier) {
    if let slot = _slotOf.removeValue(forKey: _IdentifierKey(item)) { _freeSlots.append(slot) }
  }

  /// Records the index of every item of the section at `section` from `start` on.
  @inlinable
  internal mutating func _renumberItems(inSection section: Int, from start: Int) {
    let slots = _sectionSlots[section]
    var index = start
    while index < slots.count {
      _slotIndex[slots[index]] = index
      index += 1
    }
  }

  /// Records the position of every section from `start` on, and recounts their starts.
  @inlinable
  internal mutating func _renumberSections(from start: Int) {
    var position = start
    while position < _sectionKeys.count {
      _keyPositions[_sectionKeys[position]] = position
      position += 1
    }
    _recountStarts(from: start)
  }

  /// Recounts where each section from `start` on begins across all sections.
  @inlinable
  internal mutating func _recountStarts(from start: Int) {
    if _sectionStarts.count != _sections.count + 1 {
      _sectionStarts = Array(repeating: 0, count: _sections.count + 1)
      return _recountStarts(from: 0)
    }
    var position = Swift.max(0, start)
    while position < _sections.count {
      _sectionStarts[position + 1] = _sectionStarts[position] + _sections[position].elements.count
      position += 1
    }
  }
}

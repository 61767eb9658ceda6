import StagecraftDiff

extension DiffableSnapshot {
  // MARK: Sections

  /// Appends sections at the end.
  ///
  /// - Parameter sections: New, unique section identifiers.
  /// - Throws: `DiffableSnapshotError` (`.duplicateSections`); the snapshot is unchanged.
  /// - Complexity: O(s + k), where s is the number of sections and k of new ones.
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
  public mutating func insertSections(
    _ sections: [SectionIdentifier], afterSection after: SectionIdentifier
  ) throws {
    try _insertSections(sections, at: try _requireSection(after) + 1)
  }

  /// Deletes sections and their items.
  ///
  /// - Parameter sections: Existing section identifiers.
  /// - Throws: `DiffableSnapshotError` (`.missingSections`); the snapshot is unchanged.
  /// - Complexity: O(s + n), where n is the number of items.
  public mutating func deleteSections(_ sections: [SectionIdentifier]) throws {
    try _requireSections(sections)
    let doomed = Set(sections)
    for index in _sections.indices.reversed() where doomed.contains(_sections[index]) {
      for item in _items[index] { _sectionOfItem[item] = nil }
      _sections.remove(at: index)
      _items.remove(at: index)
    }
    _forgetMarks()
  }

  /// Moves `section` before `before`.
  ///
  /// - Parameters:
  ///   - section: The section to move.
  ///   - before: The section to move it in front of.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: O(s).
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
  public mutating func moveSection(
    _ section: SectionIdentifier, afterSection after: SectionIdentifier
  ) throws {
    try _moveSection(section, relativeTo: after, after: true)
  }

  /// Marks sections to be reloaded by the next apply.
  ///
  /// - Parameter sections: Existing section identifiers.
  /// - Throws: `DiffableSnapshotError` (`.missingSections`); the snapshot is unchanged.
  /// - Complexity: O(s · k).
  public mutating func reloadSections(_ sections: [SectionIdentifier]) throws {
    try _requireSections(sections)
    for section in sections where !_reloadedSections.contains(section) {
      _reloadedSections.append(section)
    }
  }

  // MARK: Items

  /// Appends items at the end of `section`, or of the last section.
  ///
  /// - Parameters:
  ///   - items: New, unique item identifiers.
  ///   - section: An existing section; the last one when nil.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: O(s + k).
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
    try _insertItems(items, section: index, at: _items[index].count)
  }

  /// Inserts items before `before`, in its section.
  ///
  /// - Parameters:
  ///   - items: New, unique item identifiers.
  ///   - before: An existing item.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: O(s + m + k), where m is the size of the section.
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
  /// - Complexity: O(s + m + k).
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
  /// - Complexity: O(n + k), where n is the number of items.
  public mutating func deleteItems(_ items: [ItemIdentifier]) throws {
    try _requireItems(items)
    let doomed = Set(items)
    for index in _items.indices { _items[index].removeAll { doomed.contains($0) } }
    for item in items { _sectionOfItem[item] = nil }
    _forgetMarks()
  }

  /// Deletes every item and section.
  ///
  /// - Complexity: O(1) amortized.
  public mutating func deleteAllItems() {
    self = DiffableSnapshot()
  }

  /// Moves `item` before `before`, possibly into another section.
  ///
  /// - Parameters:
  ///   - item: The item to move.
  ///   - before: The item to move it in front of.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: O(s + m).
  public mutating func moveItem(_ item: ItemIdentifier, beforeItem before: ItemIdentifier) throws {
    try _moveItem(item, relativeTo: before, after: false)
  }

  /// Moves `item` after `after`, possibly into another section.
  ///
  /// - Parameters:
  ///   - item: The item to move.
  ///   - after: The item to move it behind.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: O(s + m).
  public mutating func moveItem(_ item: ItemIdentifier, afterItem after: ItemIdentifier) throws {
    try _moveItem(item, relativeTo: after, after: true)
  }

  /// Marks items to be reloaded (new cells, selection dropped) by the next apply.
  ///
  /// - Parameter items: Existing item identifiers.
  /// - Throws: `DiffableSnapshotError` (`.missingItems`); the snapshot is unchanged.
  /// - Complexity: O(k) expected.
  public mutating func reloadItems(_ items: [ItemIdentifier]) throws {
    try _requireItems(items)
    Self._mark(items, in: &_reloadedItems)
  }

  /// Marks items to be reconfigured (same cells, selection kept) by the next apply.
  ///
  /// - Parameter items: Existing item identifiers.
  /// - Throws: `DiffableSnapshotError` (`.missingItems`); the snapshot is unchanged.
  /// - Complexity: O(k) expected.
  public mutating func reconfigureItems(_ items: [ItemIdentifier]) throws {
    try _requireItems(items)
    Self._mark(items, in: &_reconfiguredItems)
  }

  // MARK: Helpers

  internal static func _mark(_ items: [ItemIdentifier], in list: inout [ItemIdentifier]) {
    var seen = Set(list)
    for item in items where seen.insert(item).inserted { list.append(item) }
  }

  /// Drops marks whose identifiers are gone.

  internal mutating func _forgetMarks() {
    _reloadedItems.removeAll { _sectionOfItem[$0] == nil }
    _reconfiguredItems.removeAll { _sectionOfItem[$0] == nil }
    _reloadedSections.removeAll { !_sections.contains($0) }
  }

  internal func _requireSection(_ section: SectionIdentifier) throws -> Int {
    guard let index = indexOfSection(section) else {
      throw DiffableSnapshotError(.missingSections, identifiers: ["\(section)"])
    }
    return index
  }

  internal func _requireSections(_ sections: [SectionIdentifier]) throws {
    let known = Set(_sections)
    let missing = sections.filter { !known.contains($0) }
    if !missing.isEmpty {
      throw DiffableSnapshotError(.missingSections, identifiers: missing.map { "\($0)" })
    }
  }

  internal func _requireItem(_ item: ItemIdentifier) throws -> (section: Int, index: Int) {
    guard let section = _sectionOfItem[item], let sectionIndex = indexOfSection(section),
      let index = _items[sectionIndex].firstIndex(of: item)
    else {
      throw DiffableSnapshotError(.missingItems, identifiers: ["\(item)"])
    }
    return (sectionIndex, index)
  }

  internal func _requireItems(_ items: [ItemIdentifier]) throws {
    let missing = items.filter { _sectionOfItem[$0] == nil }
    if !missing.isEmpty {
      throw DiffableSnapshotError(.missingItems, identifiers: missing.map { "\($0)" })
    }
  }

  /// The identifiers that occur twice in `new` or already in `existing`, in order.

  internal static func _duplicates<T: Hashable>(_ new: [T], existing: (T) -> Bool) -> [T] {
    var seen = Set<T>()
    var duplicates: [T] = []
    var reported = Set<T>()
    for value in new where (existing(value) || !seen.insert(value).inserted) {
      if reported.insert(value).inserted { duplicates.append(value) }
    }
    return duplicates
  }

  internal mutating func _insertSections(_ sections: [SectionIdentifier], at index: Int) throws {
    let known = Set(_sections)
    let duplicates = Self._duplicates(sections) { known.contains($0) }
    if !duplicates.isEmpty {
      throw DiffableSnapshotError(.duplicateSections, identifiers: duplicates.map { "\($0)" })
    }
    _sections.insert(contentsOf: sections, at: index)
    _items.insert(contentsOf: repeatElement([], count: sections.count), at: index)
  }

  internal mutating func _insertItems(_ items: [ItemIdentifier], section: Int, at index: Int) throws
  {
    let duplicates = Self._duplicates(items) { _sectionOfItem[$0] != nil }
    if !duplicates.isEmpty {
      throw DiffableSnapshotError(.duplicateItems, identifiers: duplicates.map { "\($0)" })
    }
    _items[section].insert(contentsOf: items, at: index)
    for item in items { _sectionOfItem[item] = _sections[section] }
  }

  internal mutating func _moveSection(
    _ section: SectionIdentifier, relativeTo anchor: SectionIdentifier, after: Bool
  ) throws {
    let from = try _requireSection(section)
    _ = try _requireSection(anchor)
    guard section != anchor else {
      throw DiffableSnapshotError(.movedRelativeToItself, identifiers: ["\(section)"])
    }
    var result = self
    let items = result._items.remove(at: from)
    result._sections.remove(at: from)
    let to = try result._requireSection(anchor) + (after ? 1 : 0)
    result._sections.insert(section, at: to)
    result._items.insert(items, at: to)
    self = result
  }

  internal mutating func _moveItem(
    _ item: ItemIdentifier, relativeTo anchor: ItemIdentifier, after: Bool
  ) throws {
    let from = try _requireItem(item)
    _ = try _requireItem(anchor)
    guard item != anchor else {
      throw DiffableSnapshotError(.movedRelativeToItself, identifiers: ["\(item)"])
    }
    var result = self
    result._items[from.section].remove(at: from.index)
    let to = try result._requireItem(anchor)
    result._items[to.section].insert(item, at: to.index + (after ? 1 : 0))
    result._sectionOfItem[item] = result._sections[to.section]
    self = result
  }
}

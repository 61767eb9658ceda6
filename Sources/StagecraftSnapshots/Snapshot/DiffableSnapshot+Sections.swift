import StagecraftDiff

extension DiffableSnapshot {
  /// The section type a target shows for this snapshot: a `CollectionModel` that plays a
  /// diffable data source's view is a `CollectionModel<DiffableSnapshot.Section>`.
  public typealias Section = ArraySection<
    SnapshotSection<SectionIdentifier>, SnapshotItem<ItemIdentifier>
  >

  /// The snapshot as sections for the diff: with its reload and reconfigure marks when
  /// `marked`, without them otherwise.
  ///
  /// - Parameter marked: Whether to carry the marks (the snapshot being applied does).
  /// - Returns: One section per section identifier.
  /// - Complexity: O(1) unmarked (the snapshot is held this way); marked, O(s + r) plus a
  ///   copy of each section that holds a marked item, where r is the number of marks.
  @inlinable
  public func sections(marked: Bool = false) -> [Section] {
    guard marked else { return _sections }
    var sections = _sections
    for section in _reloadedSections {
      if let position = indexOfSection(section) { sections[position].model.isReloaded = true }
    }
    for item in _reconfiguredItems {
      if let (section, index) = _location(of: item) {
        sections[section].elements[index].mark = .reconfigure
      }
    }
    // A reload wins over a reconfigure of the same item.
    for item in _reloadedItems {
      if let (section, index) = _location(of: item) {
        sections[section].elements[index].mark = .reload
      }
    }
    return sections
  }
}

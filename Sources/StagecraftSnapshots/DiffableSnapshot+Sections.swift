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
  /// - Complexity: O(s + n + r), where r is the number of marks.
  public func sections(marked: Bool = false) -> [Section] {
    let reloaded = marked ? Set(_reloadedItems) : []
    let reconfigured = marked ? Set(_reconfiguredItems) : []
    let reloadedSections = marked ? Set(_reloadedSections) : []
    return zip(_sections, _items).map { section, items in
      Section(
        model: SnapshotSection(section, isReloaded: reloadedSections.contains(section)),
        elements: items.map { item in
          SnapshotItem(
            item,
            mark: reloaded.contains(item)
              ? .reload : reconfigured.contains(item) ? .reconfigure : .none)
        })
    }
  }
}

/// The element-update mode of each updated path of a snapshot's staged changeset, read
/// from the marks of the elements in the update stage.
@usableFromInline
internal struct _ReplayModes<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
  @usableFromInline internal var reconfigured: Set<ElementPath> = []

  @usableFromInline
  internal init(
    staged: StagedChangeset<[DiffableSnapshot<SectionIdentifier, ItemIdentifier>.Section]>
  ) {
    for stage in staged where !stage.elementUpdated.isEmpty {
      for path in stage.elementUpdated
      where stage.data[path.section].elements[path.element].mark == .reconfigure {
        reconfigured.insert(path)
      }
    }
  }

  @usableFromInline
  internal func mode(for path: ElementPath) -> ElementUpdateMode {
    reconfigured.contains(path) ? .reconfigure : .reload
  }
}

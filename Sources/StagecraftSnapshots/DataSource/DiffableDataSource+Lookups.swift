import StagecraftDiff
import StagecraftModel
import StagecraftReplay

extension DiffableDataSource {
  /// The index path at which the view shows `item` (during an apply: in the current stage),
  /// or nil.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its index path.
  /// - Complexity: Expected O(1); O(n) during an apply, when the view shows a stage that is
  ///   not the snapshot.
  @inlinable
  public func indexPath(for item: ItemIdentifier) -> ElementPath? {
    let shown = _shown
    // The snapshot's fields one by one: reading the whole snapshot would copy it.
    if let slot = _snapshot._slotOf[_IdentifierKey(item)] {
      let (section, element) = (
        _snapshot._keyPositions[_snapshot._slotSection[slot]], _snapshot._slotIndex[slot]
      )
      if shown.indices.contains(section), shown[section].elements.indices.contains(element),
        shown[section].elements[element].identifier == item
      {
        return ElementPath(element: element, section: section)
      }
    }
    for (section, shown) in shown.enumerated() {
      if let element = shown.elements.firstIndex(where: { $0.identifier == item }) {
        return ElementPath(element: element, section: section)
      }
    }
    return nil
  }

  /// The identifier of the section the view shows at `index` (during an apply: in the
  /// current stage), or nil.
  ///
  /// - Parameter index: A section index.
  /// - Returns: The section identifier.
  /// - Complexity: O(1).
  @inlinable
  public func sectionIdentifier(for index: Int) -> SectionIdentifier? {
    _shown.indices.contains(index) ? _shown[index].model.identifier : nil
  }

  /// The index at which the view shows `section` (during an apply: in the current stage),
  /// or nil.
  ///
  /// - Parameter section: A section identifier.
  /// - Returns: Its index.
  /// - Complexity: Expected O(1); O(s) during an apply.
  @inlinable
  public func index(for section: SectionIdentifier) -> Int? {
    let shown = _shown
    if let index = _snapshot.indexOfSection(section), shown.indices.contains(index),
      shown[index].model.identifier == section
    {
      return index
    }
    return shown.firstIndex { $0.model.identifier == section }
  }
}

extension DiffableDataSource where Target: ScrollableTarget {
  /// Scrolls the view to the item `item`, aligned as `alignment` says: what
  /// `scrollToItem(at:at:animated:)` does, by identity.
  ///
  /// - Parameters:
  ///   - item: The item's identifier.
  ///   - alignment: Where it ends up in the viewport; `.top` by default.
  ///   - animated: Whether to animate the scroll.
  /// - Returns: Whether the view shows the item.
  /// - Complexity: O(1) expected to find it, and the view's scroll.
  @discardableResult
  public func scrollToItem(
    withIdentifier item: ItemIdentifier, at alignment: ScrollAlignment = .top,
    animated: Bool = true
  ) -> Bool {
    guard let path = indexPath(for: item) else { return false }
    target.scrollToItem(at: path, alignment: alignment, animated: animated)
    return true
  }
}

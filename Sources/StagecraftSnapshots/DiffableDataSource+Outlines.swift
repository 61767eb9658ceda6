import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// What a data source asks, and tells, when the user expands or collapses an item of an
/// outline: the members of `UICollectionViewDiffableDataSource.SectionSnapshotHandlers`.
///
/// Handlers run on the caller's thread, inside `toggleExpansion(of:)`; like the data source,
/// they are not `Sendable`.
public struct SectionSnapshotHandlers<ItemIdentifier: Hashable> {
  /// Whether the item may expand; expands when nil.
  public var shouldExpandItem: ((ItemIdentifier) -> Bool)?
  /// Called before the item expands.
  public var willExpandItem: ((ItemIdentifier) -> Void)?
  /// Whether the item may collapse; collapses when nil.
  public var shouldCollapseItem: ((ItemIdentifier) -> Bool)?
  /// Called before the item collapses.
  public var willCollapseItem: ((ItemIdentifier) -> Void)?
  /// The children to show under an item that expands, given its current children as a
  /// snapshot (levels from 0): for children loaded on demand.
  public var snapshotForExpandingParent:
    (
      (ItemIdentifier, DiffableSectionSnapshot<ItemIdentifier>) -> DiffableSectionSnapshot<
        ItemIdentifier
      >
    )?

  /// Handlers that allow every expansion and collapse.
  ///
  /// - Complexity: O(1).
  public init() {}
}

extension DiffableDataSource {
  /// The outline of `section`: what the last section snapshot applied to it holds, with the
  /// expansion state since. A section filled by a flat snapshot gives its items as root
  /// items; a section the data source does not have gives an empty snapshot.
  ///
  /// - Parameter section: A section identifier.
  /// - Returns: The section snapshot.
  /// - Complexity: Expected O(1) for an outline; O(m) for a flat section of m items.
  @inlinable
  public func snapshot(for section: SectionIdentifier) -> DiffableSectionSnapshot<ItemIdentifier> {
    if let outline = _outlines[section] { return outline }
    var outline = DiffableSectionSnapshot<ItemIdentifier>()
    // The section's items are unique, so this cannot throw.
    try? outline.append(_snapshot.itemIdentifiers(inSection: section))
    return outline
  }

  /// Applies `snapshot` to one section: the section's rows become its `visibleItems`. The
  /// rows are diffed with what the section shows, and the batch is replayed as every apply
  /// is (guarded on a view). A section the data source does not have yet is appended.
  ///
  /// - Parameters:
  ///   - snapshot: The section's outline.
  ///   - section: The section identifier.
  ///   - animatingDifferences: `false` applies the same batches without animation.
  ///   - completion: Called once, when the last batch completes.
  /// - Throws: `DiffableSnapshotError` (`.duplicateItems`) when an item of `snapshot` is in
  ///   another section, and `Target.Failure` when the target refuses a block; nothing changes.
  /// - Complexity: Expected O(s + n + m) for n items in `snapshot` and m rows the section
  ///   shows now, plus the moves' O(k log k) and the replay; other sections are not diffed.
  @inlinable
  public func apply(
    _ snapshot: DiffableSectionSnapshot<ItemIdentifier>, to section: SectionIdentifier,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) throws {
    let conflicts = _itemsElsewhere(snapshot.items, than: section)
    if !conflicts.isEmpty {
      throw DiffableSnapshotError(.duplicateItems, identifiers: conflicts.map { "\($0)" })
    }
    var flat = _snapshot
    let rows = snapshot.visibleItems
    let staged: StagedChangeset<[Section]>
    if let position = flat.indexOfSection(section) {
      try flat._replaceItems(inSection: position, with: rows)
      staged = Self._staged(
        StagedChangeset(
          source: _snapshot.sections()[position].elements,
          target: flat.sections()[position].elements),
        inSection: position, of: _snapshot.sections())
    } else {
      try flat.appendSections([section])
      try flat.appendItems(rows, toSection: section)
      staged = [Changeset(data: flat.sections(), sectionInserted: [flat.numberOfSections - 1])]
    }
    try _apply(
      staged, snapshot: flat, animatingDifferences: animatingDifferences, completion: completion)
    _outlines[section] = snapshot
  }

  /// Expands or collapses `item` as a tap on its disclosure control does: asks
  /// `sectionSnapshotHandlers` whether it may, tells it that it will, takes the children
  /// from `snapshotForExpandingParent` when expanding, and applies the change. The batch is
  /// computed from the outline, not by diffing the section: it inserts or deletes exactly
  /// the rows that appear or disappear.
  ///
  /// - Parameters:
  ///   - item: An item the view shows.
  ///   - animatingDifferences: `false` applies the batch without animation.
  ///   - completion: Called once, when the batch completes (not called when nothing
  ///     changes).
  /// - Returns: Whether the item changed expansion: `false` when the view does not show it
  ///   or a handler said no.
  /// - Throws: `DiffableSnapshotError` when `snapshotForExpandingParent` returns items that
  ///   are elsewhere in the data source, and `Target.Failure` when the target refuses the
  ///   batch; nothing changes.
  /// - Complexity: Expected O(v + d·b + m) for v rows that appear or disappear, the item's
  ///   depth d and the siblings b before it on the way, and m the rows of its section
  ///   (shifted, not hashed); plus the replay.
  @inlinable @discardableResult
  public func toggleExpansion(
    of item: ItemIdentifier, animatingDifferences: Bool = true,
    completion: (() -> Void)? = nil
  ) throws -> Bool {
    guard let section = _snapshot.sectionIdentifier(containingItem: item) else { return false }
    var outline = snapshot(for: section)
    let handlers = sectionSnapshotHandlers
    let expanding = !outline.isExpanded(item)
    if expanding {
      guard handlers.shouldExpandItem?(item) ?? true else { return false }
      handlers.willExpandItem?(item)
      if let provide = handlers.snapshotForExpandingParent {
        let children = provide(item, try outline.snapshot(of: item))
        let conflicts = _itemsElsewhere(children.items, than: section)
        if !conflicts.isEmpty {
          throw DiffableSnapshotError(.duplicateItems, identifiers: conflicts.map { "\($0)" })
        }
        try outline.replace(childrenOf: item, using: children)
      }
    } else {
      guard handlers.shouldCollapseItem?(item) ?? true else { return false }
      handlers.willCollapseItem?(item)
    }
    let slot = try outline._requireSlot(item)
    // The rows below the item that its expansion shows, in order.
    let rows = outline._visibleItems(below: slot)
    let position = _snapshot.indexOfSection(section)!
    let first = outline._row(of: slot) + 1
    var flat = _snapshot
    let paths = (first..<first + rows.count).map { ElementPath(element: $0, section: position) }
    let changeset: Changeset<[Section]>
    if expanding {
      outline.expand([item])
      try flat.insertItems(rows, afterItem: item)
      changeset = Changeset(data: flat.sections(), elementInserted: paths)
    } else {
      outline.collapse([item])
      try flat.deleteItems(rows)
      changeset = Changeset(data: flat.sections(), elementDeleted: paths)
    }
    try _apply(
      rows.isEmpty ? [] : [changeset], snapshot: flat, animatingDifferences: animatingDifferences,
      completion: rows.isEmpty ? nil : completion)
    _outlines[section] = outline
    return true
  }

  /// The items of `items` that the data source holds outside `section`: shown in another
  /// section, or hidden in another section's outline.
  @inlinable
  func _itemsElsewhere(_ items: [ItemIdentifier], than section: SectionIdentifier)
    -> [ItemIdentifier]
  {
    items.filter { item in
      if let other = _snapshot.sectionIdentifier(containingItem: item), other != section {
        return true
      }
      return _outlines.contains { $0.key != section && $0.value.contains(item) }
    }
  }

  /// The flat diff of one section's rows as stages of the whole data: each stage's paths
  /// moved to `section`, its data the other sections as they are.
  @inlinable
  static func _staged(
    _ rows: StagedChangeset<[SnapshotItem<ItemIdentifier>]>, inSection section: Int,
    of sections: [Section]
  ) -> StagedChangeset<[Section]> {
    func moved(_ path: ElementPath) -> ElementPath {
      ElementPath(element: path.element, section: section)
    }
    return StagedChangeset(
      rows.map { stage in
        var data = sections
        data[section].elements = stage.data
        return Changeset(
          data: data, elementDeleted: stage.elementDeleted.map(moved),
          elementInserted: stage.elementInserted.map(moved),
          elementUpdated: stage.elementUpdated.map(moved),
          elementMoved: stage.elementMoved.map {
            Move(source: moved($0.source), target: moved($0.target))
          })
      })
  }

  /// Keeps the outlines of the sections whose rows `snapshot` leaves as they are; any other
  /// section's outline is dropped, and the section is flat from then on.
  ///
  /// - Complexity: O(r + h), for the rows r and hidden items h of the outlines.
  @inlinable
  func _keepOutlines(matching snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>) {
    guard !_outlines.isEmpty else { return }
    _outlines = _outlines.filter { section, outline in
      guard snapshot.indexOfSection(section) != nil,
        snapshot.itemIdentifiers(inSection: section) == outline.visibleItems
      else {
        return false
      }
      // A hidden item that the new snapshot shows elsewhere breaks the outline.
      return outline.numberOfItems == outline.numberOfVisibleItems
        || !outline.items.contains { !outline.isVisible($0) && snapshot.indexOfItem($0) != nil }
    }
  }
}

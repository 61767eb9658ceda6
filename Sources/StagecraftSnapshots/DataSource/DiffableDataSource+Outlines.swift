import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftReplay

/// What a data source asks, and tells, when the user expands or collapses an item of an
/// outline: the members of `UICollectionViewDiffableDataSource.SectionSnapshotHandlers`.
///
/// Handlers run on the caller's thread, inside `toggleExpansion(of:)`; like the data source,
/// they are not `Sendable`. The data source holds them: a handler that uses the data source
/// must capture it weakly.
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
    try? outline.append(Array(_snapshot.itemIdentifiers(inSection: section)))
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
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Throws: `DiffableSnapshotError` (`.duplicateItems`) when an item of `snapshot` is in
  ///   another section, and `Target.Failure` when the target refuses a block; nothing changes.
  /// - Complexity: Expected O(s + n + m) for n items in `snapshot` and m rows the section
  ///   shows now, plus the moves' O(k log k) and the replay; other sections are not diffed.
  @inlinable
  public func apply(
    _ snapshot: DiffableSectionSnapshot<ItemIdentifier>, to section: SectionIdentifier,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) throws {
    _takeViewMove(notifying: false)
    let rows = snapshot.visibleItems
    guard let position = _snapshot.indexOfSection(section) else {
      return try _apply(
        snapshot, rows: rows, toNewSection: section, animatingDifferences: animatingDifferences,
        completion: completion, site: _CallSite(fileID: fileID, line: line))
    }
    let old = _snapshot.sections()[position].elements
    // The rows both ends keep; only those between can come from elsewhere.
    var prefix = 0
    while prefix < Swift.min(old.count, rows.count), old[prefix].identifier == rows[prefix] {
      prefix += 1
    }
    var suffix = 0
    while suffix < Swift.min(old.count, rows.count) - prefix,
      old[old.count - 1 - suffix].identifier == rows[rows.count - 1 - suffix]
    {
      suffix += 1
    }
    let conflicts = _itemsElsewhere(
      rows[prefix..<rows.count - suffix], hiddenIn: snapshot, than: section, at: position)
    if !conflicts.isEmpty {
      throw DiffableSnapshotError(.duplicateItems, identifiers: conflicts.map { "\($0)" })
    }
    let staged = Self._staged(
      StagedChangeset(source: old, target: rows.map { SnapshotItem($0) }), inSection: position,
      of: _snapshot.sections())
    _snapshot._replaceItems(inSection: position, with: rows, prefix: prefix, suffix: suffix)
    do {
      try _apply(
        staged, snapshot: _snapshot, animatingDifferences: animatingDifferences,
        completion: completion, site: _CallSite(fileID: fileID, line: line))
    } catch {
      _snapshot._replaceItems(
        inSection: position, with: old.map(\.identifier), prefix: prefix, suffix: suffix)
      throw error
    }
    _outlines[section] = snapshot
  }

  /// Applies `snapshot` to a section the data source does not have yet, appended.
  @inlinable
  func _apply(
    _ snapshot: DiffableSectionSnapshot<ItemIdentifier>, rows: [ItemIdentifier],
    toNewSection section: SectionIdentifier, animatingDifferences: Bool,
    completion: (() -> Void)?, site: _CallSite?
  ) throws {
    let conflicts = _itemsElsewhere(rows[...], hiddenIn: snapshot, than: section, at: -1)
    if !conflicts.isEmpty {
      throw DiffableSnapshotError(.duplicateItems, identifiers: conflicts.map { "\($0)" })
    }
    var flat = _snapshot
    try flat.appendSections([section])
    try flat.appendItems(rows, toSection: section)
    try _apply(
      [Changeset(data: flat.sections(), sectionInserted: [flat.numberOfSections - 1])],
      snapshot: flat, animatingDifferences: animatingDifferences, completion: completion,
      site: site)
    _outlines[section] = snapshot
  }

  /// The indentation level of the item the view shows at `path`: its level in the outline
  /// applied to its section (0 for a root item), what a list cell's `indentationLevel` is
  /// when Apple's data source sets it; `nil` in a section without an outline, or for a path
  /// the view does not show.
  ///
  /// - Parameter path: An index path the view shows.
  /// - Returns: The level, or nil.
  /// - Complexity: Expected O(1).
  public func outlineLevel(at path: ElementPath) -> Int? {
    guard let item = itemIdentifier(for: path),
      _snapshot.sectionIdentifiers.indices.contains(path.section),
      let outline = _outlines[_snapshot.sectionIdentifiers[path.section]]
    else { return nil }
    let level = outline.level(of: item)
    return level >= 0 ? level : nil
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
  ///   - completion: Called exactly once, as every apply's is: when the batch completes;
  ///     right away when no row appears or disappears, when nothing changes (an item the
  ///     data source does not have, or a handler that says no), and before the error is
  ///     thrown.
  /// - Returns: Whether the item changed expansion: `false` when the data source does not
  ///   have the item (nothing changes, no handler is asked) or a handler said no.
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
    let once = _CompletionOnce(completion)
    do {
      let changed = try _toggleExpansion(
        of: item, animatingDifferences: animatingDifferences, completion: once.call)
      if !changed { once.call() }
      return changed
    } catch {
      once.call()
      throw error
    }
  }

  /// Expands or collapses `item`; `completion` is called when a batch completes.
  @inlinable
  func _toggleExpansion(
    of item: ItemIdentifier, animatingDifferences: Bool, completion: @escaping () -> Void
  ) throws -> Bool {
    guard let section = _snapshot.sectionIdentifier(containingItem: item) else { return false }
    let handlers = sectionSnapshotHandlers
    let expanding = !(_outlines[section]?.isExpanded(item) ?? false)
    if expanding {
      guard handlers.shouldExpandItem?(item) ?? true else { return false }
      handlers.willExpandItem?(item)
    } else {
      guard handlers.shouldCollapseItem?(item) ?? true else { return false }
      handlers.willCollapseItem?(item)
    }
    // Changed in place (taken out of the dictionary, so not copied), and put back as it was
    // if anything fails.
    let stored = _outlines.removeValue(forKey: section)
    var outline = stored ?? snapshot(for: section)
    var original: DiffableSectionSnapshot<ItemIdentifier>?
    do {
      if expanding, let provide = handlers.snapshotForExpandingParent {
        original = outline
        let children = provide(item, try outline.snapshot(of: item))
        let position = _snapshot.indexOfSection(section)!
        let conflicts = _itemsElsewhere(
          children.items[...], hiddenIn: DiffableSectionSnapshot(), than: section, at: position)
        if !conflicts.isEmpty {
          throw DiffableSnapshotError(.duplicateItems, identifiers: conflicts.map { "\($0)" })
        }
        try outline.replace(childrenOf: item, using: children)
      }
      try _toggle(
        item, in: &outline, section: section, expanding: expanding,
        animatingDifferences: animatingDifferences, completion: completion)
    } catch {
      if stored != nil { _outlines[section] = original ?? outline }
      throw error
    }
    _outlines[section] = outline
    return true
  }

  /// Expands or collapses `item` of `outline`, the outline of `section`: inserts or deletes
  /// the rows below it in the flat snapshot, and replays that one batch. When anything
  /// fails, both are put back.
  @inlinable
  func _toggle(
    _ item: ItemIdentifier, in outline: inout DiffableSectionSnapshot<ItemIdentifier>,
    section: SectionIdentifier, expanding: Bool, animatingDifferences: Bool,
    completion: (() -> Void)?
  ) throws {
    let slot = try outline._requireSlot(item)
    // The rows that the item's expansion shows, right after it.
    let rows = outline._visibleItems(below: slot)
    guard !rows.isEmpty else {
      if expanding { outline.expand([item]) } else { outline.collapse([item]) }
      completion?()
      return
    }
    let position = _snapshot.indexOfSection(section)!
    let first = outline._row(of: slot) + 1
    let paths = (first..<first + rows.count).map { ElementPath(element: $0, section: position) }
    let changeset: Changeset<[Section]>
    if expanding {
      try _snapshot.insertItems(rows, afterItem: item)
      outline.expand([item])
      changeset = Changeset(data: _snapshot.sections(), elementInserted: paths)
    } else {
      try _snapshot.deleteItems(rows)
      outline.collapse([item])
      changeset = Changeset(data: _snapshot.sections(), elementDeleted: paths)
    }
    do {
      try _apply(
        [changeset], snapshot: _snapshot, animatingDifferences: animatingDifferences,
        completion: completion)
    } catch {
      if expanding {
        try? _snapshot.deleteItems(rows)
        outline.collapse([item])
      } else {
        try? _snapshot.insertItems(rows, afterItem: item)
        outline.expand([item])
      }
      throw error
    }
  }

  /// The items of `rows`, and the hidden items of `outline`, that the data source holds
  /// outside the section `section` at `position` (-1 when it has no such section yet):
  /// shown in another section, or hidden in another section's outline.
  ///
  /// - Complexity: Expected O(r + n·(1 + o)) for r rows, n items of `outline` and o other
  ///   outlines; only the hidden items are looked up.
  @inlinable
  func _itemsElsewhere(
    _ rows: ArraySlice<ItemIdentifier>, hiddenIn outline: DiffableSectionSnapshot<ItemIdentifier>,
    than section: SectionIdentifier, at position: Int
  ) -> [ItemIdentifier] {
    let others = _outlines.filter { $0.key != section }.map(\.value)
    // Nothing is elsewhere when this section holds every item.
    let here = position >= 0 ? _snapshot.sections()[position].elements.count : 0
    if others.isEmpty && _snapshot.numberOfItems == here { return [] }
    func isElsewhere(_ item: ItemIdentifier) -> Bool {
      if let location = _snapshot._location(of: item), location.section != position {
        return true
      }
      return others.contains { $0.contains(item) }
    }
    var result = rows.filter(isElsewhere)
    for node in outline._nodes where !node.isVisible {
      if let item = node.item, isElsewhere(item) { result.append(item) }
    }
    return result
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
        || !outline._nodes.contains { node in
          !node.isVisible && node.item.map { snapshot.indexOfItem($0) != nil } ?? false
        }
    }
  }
}

/// A completion that runs at most once, however many paths call it.
@usableFromInline
final class _CompletionOnce {
  @usableFromInline var completion: (() -> Void)?

  @usableFromInline
  init(_ completion: (() -> Void)?) { self.completion = completion }

  @usableFromInline
  func call() {
    let pending = completion
    completion = nil
    pending?()
  }
}

import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// What a data source asks, and tells, when the user reorders items by dragging them: the
/// members of `UICollectionViewDiffableDataSource.ReorderingHandlers`.
///
/// Handlers run on the caller's thread, inside `reorderItem(at:to:)`; like the data source,
/// they are not `Sendable`. The data source holds them: a handler that uses the data source
/// must capture it weakly.
public struct ReorderingHandlers<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
  /// Whether the user may drag the item. Reordering is off while this is nil, as in
  /// Apple's data source.
  public var canReorderItem: ((ItemIdentifier) -> Bool)?
  /// Called with the reorder before the data source's snapshot changes.
  public var willReorder:
    ((DiffableDataSourceTransaction<SectionIdentifier, ItemIdentifier>) -> Void)?
  /// Called with the reorder after the data source's snapshot became its final snapshot:
  /// the place to update the app's own data.
  public var didReorder:
    ((DiffableDataSourceTransaction<SectionIdentifier, ItemIdentifier>) -> Void)?

  /// Handlers with reordering off.
  ///
  /// - Complexity: O(1).
  public init() {}
}

/// One reorder, as `NSDiffableDataSourceTransaction` describes it: the snapshots before and
/// after, the difference of their item identifiers, and the same per section.
///
/// `difference` is what Apple's is, a `CollectionDifference` of the item identifiers (all
/// sections, in order), so an app keeps its own store in step as Apple's sample does:
///
/// ```swift
/// import Stagecraft
///
/// var backingStore = ["a", "b", "c"]
/// let dataSource = CollectionModelDataSource<Int, String>()
/// var snapshot = DiffableSnapshot<Int, String>()
/// try snapshot.appendSections([0])
/// try snapshot.appendItems(backingStore)
/// try dataSource.apply(snapshot)
/// dataSource.reorderingHandlers.canReorderItem = { _ in true }
/// dataSource.reorderingHandlers.didReorder = { transaction in
///   if let updated = backingStore.applying(transaction.difference) { backingStore = updated }
/// }
/// try dataSource.reorderItem(
///   at: ElementPath(element: 0, section: 0), to: ElementPath(element: 2, section: 0))
/// print(backingStore)  // prints ["b", "c", "a"]
/// ```
public struct DiffableDataSourceTransaction<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
  /// The data source's snapshot before the reorder.
  public let initialSnapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>
  /// Its snapshot after the reorder.
  public let finalSnapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>
  /// The difference from `initialSnapshot.itemIdentifiers` to `finalSnapshot.itemIdentifiers`:
  /// for a reorder, the item removed at its old offset and inserted at its new one,
  /// associated as a move (empty when its place among all items is unchanged, as when it
  /// moves from the end of a section to the start of the next).
  public let difference: CollectionDifference<ItemIdentifier>
  /// The same change as a staged changeset of the snapshots' sections: one move, which a
  /// `CollectionModel` or a view can replay.
  public let stagedDifference:
    StagedChangeset<[DiffableSnapshot<SectionIdentifier, ItemIdentifier>.Section]>
  /// One transaction per section the reorder changed: the source section, and the
  /// destination section when it is another.
  public let sectionTransactions:
    [DiffableDataSourceSectionTransaction<
      SectionIdentifier, ItemIdentifier
    >]

  /// Creates a transaction.
  ///
  /// - Parameters:
  ///   - initialSnapshot: The snapshot before.
  ///   - finalSnapshot: The snapshot after.
  ///   - difference: The difference of their item identifiers.
  ///   - stagedDifference: The staged changeset from one to the other.
  ///   - sectionTransactions: What happened to each section.
  /// - Complexity: O(1).
  public init(
    initialSnapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>,
    finalSnapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>,
    difference: CollectionDifference<ItemIdentifier>,
    stagedDifference: StagedChangeset<
      [DiffableSnapshot<SectionIdentifier, ItemIdentifier>.Section]
    >,
    sectionTransactions: [DiffableDataSourceSectionTransaction<SectionIdentifier, ItemIdentifier>]
  ) {
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    self.difference = difference
    self.stagedDifference = stagedDifference
    self.sectionTransactions = sectionTransactions
  }
}

/// What a reorder did to one section, as `NSDiffableDataSourceSectionTransaction`
/// describes it.
public struct DiffableDataSourceSectionTransaction<
  SectionIdentifier: Hashable, ItemIdentifier: Hashable
> {
  /// The section.
  public let sectionIdentifier: SectionIdentifier
  /// The section before the reorder.
  public let initialSnapshot: DiffableSectionSnapshot<ItemIdentifier>
  /// The section after the reorder.
  public let finalSnapshot: DiffableSectionSnapshot<ItemIdentifier>
  /// The difference from the section's items before to its items after: a move within the
  /// section, or the item removed from it or inserted into it.
  public let difference: CollectionDifference<ItemIdentifier>
  /// The same change as a staged changeset of the section's items.
  public let stagedDifference: StagedChangeset<[SnapshotItem<ItemIdentifier>]>

  /// Creates a section transaction.
  ///
  /// - Parameters:
  ///   - sectionIdentifier: The section.
  ///   - initialSnapshot: The section before.
  ///   - finalSnapshot: The section after.
  ///   - difference: The difference of its items.
  ///   - stagedDifference: The staged changeset of its items.
  /// - Complexity: O(1).
  public init(
    sectionIdentifier: SectionIdentifier, initialSnapshot: DiffableSectionSnapshot<ItemIdentifier>,
    finalSnapshot: DiffableSectionSnapshot<ItemIdentifier>,
    difference: CollectionDifference<ItemIdentifier>,
    stagedDifference: StagedChangeset<[SnapshotItem<ItemIdentifier>]>
  ) {
    self.sectionIdentifier = sectionIdentifier
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    self.difference = difference
    self.stagedDifference = stagedDifference
  }
}

extension DiffableDataSourceTransaction: Sendable
where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}
extension DiffableDataSourceSectionTransaction: Sendable
where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}

extension DiffableDataSource {
  /// Whether the user may drag the item at `path`: what a view's data source answers to
  /// `collectionView(_:canMoveItemAt:)`. `false` while `reorderingHandlers.canReorderItem`
  /// is nil, or for a path the view does not show.
  ///
  /// - Parameter path: An index path.
  /// - Returns: Whether the item there can be reordered.
  /// - Complexity: O(1) and the handler.
  public func canReorderItem(at path: ElementPath) -> Bool {
    guard let item = itemIdentifier(for: path), let can = reorderingHandlers.canReorderItem
    else { return false }
    return can(item)
  }

  /// Records that the user dragged the item at `source` to `destination`, as a view tells
  /// its data source with `collectionView(_:moveItemAt:to:)`: the view has already moved
  /// the cell, so nothing is applied or animated. The data source's snapshot becomes the
  /// final one, `willReorder` and `didReorder` get the transaction, and a target that holds
  /// its own cells (`CollectionModel`) moves the item, keeping its cell and selection. The
  /// next apply diffs from the reordered snapshot.
  ///
  /// A section that holds an outline becomes flat when an item is dragged in or out of it
  /// or within it: its rows no longer follow the tree.
  ///
  /// - Parameters:
  ///   - source: Where the item was.
  ///   - destination: Where it is after the move: an index of the destination section as it
  ///     is once the item has left its own.
  /// - Returns: Whether the item moved: `false` when `canReorderItem` says no (or is nil),
  ///   when a path does not exist, or when the item stays where it was.
  /// - Throws: `Target.Failure` when the target refuses the move; nothing changes.
  /// - Complexity: O(s + n) to diff the snapshots for the transaction, and the handlers.
  @inlinable @discardableResult
  public func reorderItem(at source: ElementPath, to destination: ElementPath)
    throws(Target.Failure) -> Bool
  {
    guard canReorderItem(at: source) else { return false }
    return try commitReorder(at: source, to: destination)
  }

  /// Records that the view moved the item at `source` to `destination`, whatever
  /// `canReorderItem` says: what a view's data source must do in
  /// `collectionView(_:moveItemAt:to:)` or `tableView(_:moveRowAt:to:)`, once the view (which
  /// asked `canMoveItemAt` before the drag) has moved the cell. Otherwise as
  /// `reorderItem(at:to:)`: the snapshot becomes the final one and the handlers get the
  /// transaction.
  ///
  /// - Parameters:
  ///   - source: Where the item was.
  ///   - destination: Where it is after the move.
  /// - Returns: Whether the item moved: `false` when a path does not exist or the item stays.
  /// - Throws: `Target.Failure` when the target refuses the move; nothing changes.
  /// - Complexity: O(s + n) to diff the snapshots for the transaction, and the handlers.
  @inlinable @discardableResult
  public func commitReorder(at source: ElementPath, to destination: ElementPath)
    throws(Target.Failure) -> Bool
  {
    if let move = _viewMove {
      // Inside the view's call for its own drag (`super` of an override): that move, which
      // the view made, is recorded once, when the call ends, unless an apply took it.
      guard move.source == source, move.destination == destination else { return false }
      _viewMove?.isCommitted = true
      return true
    }
    guard _isMove(from: source, to: destination) else { return false }
    return try _recordReorder(from: source, to: destination) { () throws(Target.Failure) in
      _movingTarget = true
      defer { _movingTarget = false }
      try target._moveItemInteractively(from: source, to: destination)
    }
  }

  /// Records a drag that the view has already made, as UIKit tells a data source with
  /// `tableView(_:moveRowAt:to:)` or `collectionView(_:moveItemAt:to:)` once it moved the
  /// cell: what a drop-in's data-source call and a `HeadlessCollectionView`'s
  /// `moveItemInDataSource` reach first, before any override of the app's.
  ///
  /// `respond` is the app's answer, run while the lookups and
  /// `snapshot()` answer as before the move, as Apple's pattern reads them (the item at
  /// `source`, the item at `destination`), until it applies. Whatever it does, the move is
  /// recorded once:
  /// - an apply within it diffs from what the view shows, the move included, so a snapshot
  ///   that only commits the move sends no block, and one that changes more sends only the
  ///   rest;
  /// - `commitReorder(at:to:)` with the same paths (a `super` call, before or after the
  ///   apply) changes nothing more;
  /// - when `respond` does not apply, the move is committed after it, and the reordering
  ///   handlers get its transaction.
  ///
  /// - Parameters:
  ///   - source: Where the item was.
  ///   - destination: Where the view put it: an index of the destination section as it is
  ///     once the item has left its own.
  ///   - respond: The app's answer: the drop-in's move method, or a subclass's override.
  /// - Returns: Whether the move was recorded (and `respond` run): `false` when a path does
  ///   not exist, when the item stays where it was, or within another such call.
  /// - Complexity: O(s + n) to diff the snapshots, and `respond`.
  @discardableResult
  public func viewDidMoveItem(
    at source: ElementPath, to destination: ElementPath, respond: () -> Void
  ) -> Bool {
    guard !_movingTarget, _viewMove == nil, _isMove(from: source, to: destination) else {
      return false
    }
    _viewMove = _ViewMove(source: source, destination: destination)
    defer { _viewMove = nil }
    respond()
    if _viewMove?.isTaken == false { _takeViewMove(notifying: true) }
    return true
  }

  /// Records a drag that the view has already made, with `moveItemHandler` as the app's
  /// answer: `viewDidMoveItem(at:to:respond:)`, as a `HeadlessCollectionView` calls it.
  ///
  /// - Parameters:
  ///   - source: Where the item was.
  ///   - destination: Where the view put it.
  /// - Returns: Whether the move was recorded.
  /// - Complexity: That of `viewDidMoveItem(at:to:respond:)`.
  @discardableResult
  public func viewDidMoveItem(at source: ElementPath, to destination: ElementPath) -> Bool {
    viewDidMoveItem(at: source, to: destination) { moveItemHandler?(source, destination) }
  }

  /// Takes the view's drag into the snapshot, if one is pending: an apply diffs from it,
  /// with the handlers told only when the move is committed as such (`notifying`).
  @usableFromInline
  func _takeViewMove(notifying: Bool) {
    guard let move = _viewMove, !move.isTaken else { return }
    _viewMove?.isTaken = true
    // The view has moved the item already: nothing to move on the target.
    _recordReorder(from: move.source, to: move.destination, notifying: notifying) {}
  }

  /// Whether the item at `source` can go to `destination`: both exist, and they differ.
  @usableFromInline
  func _isMove(from source: ElementPath, to destination: ElementPath) -> Bool {
    guard source != destination, itemIdentifier(for: source) != nil,
      _shown.indices.contains(destination.section)
    else { return false }
    let count = _shown[destination.section].elements.count
    return destination.element >= 0
      && destination.element < count + (source.section == destination.section ? 0 : 1)
  }

  /// Makes the snapshot the reordered one, around `moveTarget`; the handlers get the
  /// transaction when `notifying`.
  @usableFromInline @discardableResult
  func _recordReorder<Failure: Error>(
    from source: ElementPath, to destination: ElementPath, notifying: Bool = true,
    moveTarget: () throws(Failure) -> Void
  ) throws(Failure) -> Bool {
    var final = _snapshot
    final._moveItem(from: source, to: destination)
    let transaction =
      notifying ? _transaction(from: _snapshot, to: final, moving: source, to: destination) : nil
    if let transaction { reorderingHandlers.willReorder?(transaction) }
    try moveTarget()
    _snapshot = final
    _shown = final.sections()
    for path in [source, destination] {
      _outlines[final.sectionIdentifiers[path.section]] = nil
    }
    if let transaction { reorderingHandlers.didReorder?(transaction) }
    return true
  }

  /// The transaction of the reorder of the item at `source` to `destination`, from `initial`
  /// to `final`.
  @inlinable
  func _transaction(
    from initial: DiffableSnapshot<SectionIdentifier, ItemIdentifier>,
    to final: DiffableSnapshot<SectionIdentifier, ItemIdentifier>,
    moving source: ElementPath, to destination: ElementPath
  ) -> DiffableDataSourceTransaction<SectionIdentifier, ItemIdentifier> {
    let (before, after) = (initial.sections(), final.sections())
    let item = before[source.section].elements[source.element].identifier
    var sectionTransactions:
      [DiffableDataSourceSectionTransaction<
        SectionIdentifier, ItemIdentifier
      >] = []
    for position in Set([source.section, destination.section]).sorted() {
      let section = initial.sectionIdentifiers[position]
      var sectionAfter = DiffableSectionSnapshot<ItemIdentifier>()
      // The section's items are unique, so this cannot throw.
      try? sectionAfter.append(Array(final.itemIdentifiers(inSection: section)))
      let removal = position == source.section ? source.element : nil
      let insertion = position == destination.section ? destination.element : nil
      sectionTransactions.append(
        DiffableDataSourceSectionTransaction(
          sectionIdentifier: section, initialSnapshot: snapshot(for: section),
          finalSnapshot: sectionAfter,
          difference: _moveDifference(item, from: removal, to: insertion),
          stagedDifference: StagedChangeset(
            source: before[position].elements, target: after[position].elements)))
    }
    // Offsets among all items, sections laid end to end.
    func offset(_ path: ElementPath, in sections: [Section]) -> Int {
      sections[..<path.section].reduce(path.element) { $0 + $1.elements.count }
    }
    let (from, to) = (offset(source, in: before), offset(destination, in: after))
    return DiffableDataSourceTransaction(
      initialSnapshot: initial, finalSnapshot: final,
      difference: from == to
        ? _moveDifference(item, from: nil, to: nil)
        : _moveDifference(item, from: from, to: to),
      stagedDifference: StagedChangeset(source: before, target: after),
      sectionTransactions: sectionTransactions)
  }
}

/// The difference that removes `item` at `from` and inserts it at `to`, associated as a move
/// when both are given; either may be missing (the item left or entered), or both (empty).
@usableFromInline
func _moveDifference<Item: Hashable>(_ item: Item, from: Int?, to: Int?)
  -> CollectionDifference<Item>
{
  var changes: [CollectionDifference<Item>.Change] = []
  if let from { changes.append(.remove(offset: from, element: item, associatedWith: to)) }
  if let to { changes.append(.insert(offset: to, element: item, associatedWith: from)) }
  // One removal and one insertion, associated with each other: always a valid difference.
  return CollectionDifference(changes) ?? [Item]().difference(from: [])
}

/// A drag the view made, while the data source's call for it runs.
@usableFromInline
struct _ViewMove {
  @usableFromInline let source: ElementPath
  @usableFromInline let destination: ElementPath
  /// Whether an apply or the end of the call has taken it into the snapshot.
  @usableFromInline var isTaken = false
  /// Whether `commitReorder` was called for it (`super`).
  @usableFromInline var isCommitted = false

  @usableFromInline
  init(source: ElementPath, destination: ElementPath) {
    self.source = source
    self.destination = destination
  }
}

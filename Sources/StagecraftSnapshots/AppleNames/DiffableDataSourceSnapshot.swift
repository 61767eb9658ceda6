import StagecraftDiff

/// `NSDiffableDataSourceSnapshot`'s exact API, for the drop-in data sources: its mutations do
/// not throw, so code written for Apple's snapshot compiles with the type name changed.
///
/// Where Apple's snapshot raises an exception (a duplicate identifier, an identifier it does
/// not hold), this one leaves itself unchanged and records the refused change in
/// `rejectedChanges`; applying it reports them to the data source's
/// `rejectedChangesHandler`. The snapshot underneath is a `DiffableSnapshot` (`base`), whose
/// mutations throw instead, for code written new.
///
/// ```swift
/// import Stagecraft
///
/// var snapshot = DiffableDataSourceSnapshot<String, Int>()
/// snapshot.appendSections(["Main"])
/// snapshot.appendItems([1, 2, 3])
/// // Apple's snapshot raises here: 2 is there already.
/// snapshot.appendItems([2])
/// print(snapshot.itemIdentifiers, snapshot.rejectedChanges.count)  // prints [1, 2, 3] 1
/// ```
public struct DiffableDataSourceSnapshot<
  SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
> {
  /// The snapshot, as the diff reads it.
  public var base: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// The mutations that were refused, in order: each left the snapshot unchanged.
  public var rejectedChanges: [DiffableSnapshotError] = []

  /// Creates an empty snapshot.
  ///
  /// - Complexity: O(1).
  public init() { base = DiffableSnapshot() }

  /// Wraps `base`.
  ///
  /// - Parameter base: A snapshot.
  /// - Complexity: O(1).
  public init(_ base: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>) {
    self.base = base
  }

  /// Runs a throwing mutation of `base`; a refusal is recorded and changes nothing.
  @inlinable
  mutating func _record(
    _ change: (inout DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>) throws -> Void
  ) {
    do {
      try change(&base)
    } catch let error as DiffableSnapshotError {
      rejectedChanges.append(error)
    } catch {
      // The snapshot's mutations throw nothing else.
    }
  }
}

extension DiffableDataSourceSnapshot {
  // MARK: Queries

  /// The number of items in all sections.
  ///
  /// - Complexity: O(1).
  public var numberOfItems: Int { base.numberOfItems }
  /// The number of sections.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { base.numberOfSections }
  /// The section identifiers, in order.
  ///
  /// - Complexity: O(s), where s is the number of sections.
  public var sectionIdentifiers: [SectionIdentifierType] { base.sectionIdentifiers }
  /// The item identifiers of all sections, in order.
  ///
  /// - Complexity: O(n), where n is the number of items.
  public var itemIdentifiers: [ItemIdentifierType] { base.itemIdentifiers }
  /// The items marked with `reloadItems`.
  ///
  /// - Complexity: O(1).
  public var reloadedItemIdentifiers: [ItemIdentifierType] { base.reloadedItemIdentifiers }
  /// The items marked with `reconfigureItems`.
  ///
  /// - Complexity: O(1).
  public var reconfiguredItemIdentifiers: [ItemIdentifierType] {
    base.reconfiguredItemIdentifiers
  }
  /// The sections marked with `reloadSections`.
  ///
  /// - Complexity: O(1).
  public var reloadedSectionIdentifiers: [SectionIdentifierType] {
    base.reloadedSectionIdentifiers
  }

  /// The number of items in `identifier`, or 0 when the snapshot has no such section.
  ///
  /// - Parameter identifier: A section identifier.
  /// - Returns: The item count.
  /// - Complexity: Expected O(1).
  public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    base.numberOfItems(inSection: identifier)
  }

  /// The items of `identifier`, in order; empty when the snapshot has no such section.
  ///
  /// - Parameter identifier: A section identifier.
  /// - Returns: The item identifiers.
  /// - Complexity: O(m), where m is the number of items in the section.
  public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
    Array(base.itemIdentifiers(inSection: identifier))
  }

  /// The section that holds `identifier`, or nil.
  ///
  /// - Parameter identifier: An item identifier.
  /// - Returns: The section identifier.
  /// - Complexity: Expected O(1).
  public func sectionIdentifier(containingItem identifier: ItemIdentifierType)
    -> SectionIdentifierType?
  {
    base.sectionIdentifier(containingItem: identifier)
  }

  /// The index of `identifier` among all items, or nil.
  ///
  /// - Parameter identifier: An item identifier.
  /// - Returns: The index.
  /// - Complexity: Expected O(1) plus O(s) for the sections before it.
  public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
    base.indexOfItem(identifier)
  }

  /// The index of `identifier` among the sections, or nil.
  ///
  /// - Parameter identifier: A section identifier.
  /// - Returns: The index.
  /// - Complexity: Expected O(1).
  public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
    base.indexOfSection(identifier)
  }
}

extension DiffableDataSourceSnapshot {
  // MARK: Sections

  /// Appends sections. Refused (recorded, nothing changes) for a duplicate.
  ///
  /// - Parameter identifiers: New section identifiers.
  /// - Complexity: Expected O(k) for k sections.
  public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
    _record { try $0.appendSections(identifiers) }
  }

  /// Inserts sections before `toIdentifier`. Refused for a duplicate or a missing section.
  ///
  /// - Parameters:
  ///   - identifiers: New section identifiers.
  ///   - toIdentifier: A section of the snapshot.
  /// - Complexity: Expected O(k + s).
  public mutating func insertSections(
    _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
  ) {
    _record { try $0.insertSections(identifiers, beforeSection: toIdentifier) }
  }

  /// Inserts sections after `toIdentifier`. Refused for a duplicate or a missing section.
  ///
  /// - Parameters:
  ///   - identifiers: New section identifiers.
  ///   - toIdentifier: A section of the snapshot.
  /// - Complexity: Expected O(k + s).
  public mutating func insertSections(
    _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
  ) {
    _record { try $0.insertSections(identifiers, afterSection: toIdentifier) }
  }

  /// Deletes sections and their items. Refused for a missing section.
  ///
  /// - Parameter identifiers: Sections of the snapshot.
  /// - Complexity: O(s + m), where m is the number of items deleted.
  public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
    _record { try $0.deleteSections(identifiers) }
  }

  /// Moves a section before another. Refused for a missing section or a move onto itself.
  ///
  /// - Parameters:
  ///   - identifier: The section to move.
  ///   - toIdentifier: The section it goes before.
  /// - Complexity: O(s).
  public mutating func moveSection(
    _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
  ) {
    _record { try $0.moveSection(identifier, beforeSection: toIdentifier) }
  }

  /// Moves a section after another. Refused for a missing section or a move onto itself.
  ///
  /// - Parameters:
  ///   - identifier: The section to move.
  ///   - toIdentifier: The section it goes after.
  /// - Complexity: O(s).
  public mutating func moveSection(
    _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
  ) {
    _record { try $0.moveSection(identifier, afterSection: toIdentifier) }
  }

  /// Marks sections to be reloaded by the next apply. Refused for a missing section.
  ///
  /// - Parameter identifiers: Sections of the snapshot.
  /// - Complexity: Expected O(k).
  public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
    _record { try $0.reloadSections(identifiers) }
  }
}

extension DiffableDataSourceSnapshot {
  // MARK: Items

  /// Appends items to `identifier`, or to the last section when it is nil. Refused for a
  /// duplicate, a missing section, or no section at all.
  ///
  /// - Parameters:
  ///   - identifiers: New item identifiers.
  ///   - identifier: A section of the snapshot, or nil for the last one.
  /// - Complexity: Expected O(k) for k items.
  public mutating func appendItems(
    _ identifiers: [ItemIdentifierType], toSection identifier: SectionIdentifierType? = nil
  ) {
    _record { try $0.appendItems(identifiers, toSection: identifier) }
  }

  /// Inserts items before `beforeIdentifier`, in its section. Refused for a duplicate or a
  /// missing item.
  ///
  /// - Parameters:
  ///   - identifiers: New item identifiers.
  ///   - beforeIdentifier: An item of the snapshot.
  /// - Complexity: Expected O(k + m), for m items in the section.
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
  ) {
    _record { try $0.insertItems(identifiers, beforeItem: beforeIdentifier) }
  }

  /// Inserts items after `afterIdentifier`, in its section. Refused for a duplicate or a
  /// missing item.
  ///
  /// - Parameters:
  ///   - identifiers: New item identifiers.
  ///   - afterIdentifier: An item of the snapshot.
  /// - Complexity: Expected O(k + m), for m items in the section.
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType
  ) {
    _record { try $0.insertItems(identifiers, afterItem: afterIdentifier) }
  }

  /// Deletes items. Refused (nothing deleted) when one is missing.
  ///
  /// - Parameter identifiers: Items of the snapshot.
  /// - Complexity: Expected O(k + m), for m items in the sections concerned.
  public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
    _record { try $0.deleteItems(identifiers) }
  }

  /// Deletes every section and item.
  ///
  /// - Complexity: O(1), and the release of the storage.
  public mutating func deleteAllItems() { base.deleteAllItems() }

  /// Moves an item before another. Refused for a missing item or a move onto itself.
  ///
  /// - Parameters:
  ///   - identifier: The item to move.
  ///   - toIdentifier: The item it goes before.
  /// - Complexity: Expected O(m), for m items in the sections concerned.
  public mutating func moveItem(
    _ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType
  ) {
    _record { try $0.moveItem(identifier, beforeItem: toIdentifier) }
  }

  /// Moves an item after another. Refused for a missing item or a move onto itself.
  ///
  /// - Parameters:
  ///   - identifier: The item to move.
  ///   - toIdentifier: The item it goes after.
  /// - Complexity: Expected O(m), for m items in the sections concerned.
  public mutating func moveItem(
    _ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType
  ) {
    _record { try $0.moveItem(identifier, afterItem: toIdentifier) }
  }

  /// Marks items to be reloaded (new cells) by the next apply. Refused for a missing item.
  ///
  /// - Parameter identifiers: Items of the snapshot.
  /// - Complexity: Expected O(k).
  public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
    _record { try $0.reloadItems(identifiers) }
  }

  /// Marks items to be reconfigured (the same cells, configured anew) by the next apply.
  /// Refused for a missing item.
  ///
  /// - Parameter identifiers: Items of the snapshot.
  /// - Complexity: Expected O(k).
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
    _record { try $0.reconfigureItems(identifiers) }
  }
}

extension DiffableDataSourceSnapshot: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}

import StagecraftDiff

/// A snapshot of a list's section and item identifiers, with the API and semantics of
/// `NSDiffableDataSourceSnapshot`, applied by diffing with Stagecraft's engine.
///
/// Identifiers follow Apple's rules: every section identifier and every item identifier
/// is unique in the snapshot. Where Apple's snapshot crashes on a duplicate or a missing
/// identifier, every mutation here throws a `DiffableSnapshotError` that names them, and
/// leaves the snapshot unchanged.
///
/// ```swift
/// import Stagecraft
///
/// var snapshot = DiffableSnapshot<String, Int>()
/// try snapshot.appendSections(["Main"])
/// try snapshot.appendItems([1, 2, 3])
/// try snapshot.moveItem(3, beforeItem: 1)
/// print(snapshot.itemIdentifiers)  // prints [3, 1, 2]
/// ```
///
/// The snapshot is held as the diff reads it, so applying one converts nothing, and it
/// keeps where each identifier is: finding an item's section or index is a hash lookup,
/// appending hashes each new identifier once, and moving or inserting an item shifts the
/// rest of its section only.
public struct DiffableSnapshot<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
  /// The sections and items, unmarked, as the diff reads them.
  @usableFromInline var _sections: [Section] = []
  /// The stable key of the section at each position, and each key's position (or -1).
  @usableFromInline var _sectionKeys: [Int] = []
  @usableFromInline var _keyPositions: [Int] = []
  /// Each section identifier's key.
  @usableFromInline var _sectionKeyOf: [_IdentifierKey<SectionIdentifier>: Int] = [:]
  /// The first item of each section across all sections; one more entry than sections.
  @usableFromInline var _sectionStarts: [Int] = [0]
  /// Each item identifier's slot, and each slot's section key and index in its section.
  @usableFromInline var _slotOf: [_IdentifierKey<ItemIdentifier>: Int] = [:]
  @usableFromInline var _slotSection: [Int] = []
  @usableFromInline var _slotIndex: [Int] = []
  /// Slots freed by deletes, for reuse.
  @usableFromInline var _freeSlots: [Int] = []
  /// The slots of each section's items, in order.
  @usableFromInline var _sectionSlots: [[Int]] = []
  @usableFromInline var _reloadedItems: [ItemIdentifier] = []
  @usableFromInline var _reconfiguredItems: [ItemIdentifier] = []
  @usableFromInline var _reloadedSections: [SectionIdentifier] = []

  /// Creates an empty snapshot.
  ///
  /// - Complexity: O(1).
  public init() {}
}

extension DiffableSnapshot {
  // MARK: Queries

  /// The section identifiers, in order.
  ///
  /// - Complexity: O(s), where s is the number of sections.
  @inlinable
  public var sectionIdentifiers: [SectionIdentifier] { _sections.map(\.model.identifier) }

  /// Every item identifier, section after section.
  ///
  /// - Complexity: O(n), where n is the number of items.
  @inlinable
  public var itemIdentifiers: [ItemIdentifier] {
    var identifiers: [ItemIdentifier] = []
    identifiers.reserveCapacity(numberOfItems)
    for section in _sections { identifiers += section.elements.lazy.map(\.identifier) }
    return identifiers
  }

  /// The number of sections.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfSections: Int { _sections.count }

  /// The number of items.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfItems: Int { _slotOf.count }

  /// The number of items in `section`, or 0 when the snapshot has no such section.
  ///
  /// - Parameter section: A section identifier.
  /// - Returns: The count.
  /// - Complexity: Expected O(1).
  @inlinable
  public func numberOfItems(inSection section: SectionIdentifier) -> Int {
    indexOfSection(section).map { _sections[$0].elements.count } ?? 0
  }

  /// The items of `section`, in order; empty when there is no such section. The list is
  /// read where the snapshot keeps it, not copied.
  ///
  /// - Parameter section: A section identifier.
  /// - Returns: The item identifiers.
  /// - Complexity: Expected O(1).
  @inlinable
  public func itemIdentifiers(inSection section: SectionIdentifier) -> DiffableSnapshotItems<
    ItemIdentifier
  > {
    DiffableSnapshotItems(indexOfSection(section).map { _sections[$0].elements } ?? [])
  }

  /// The section that holds `item`, or nil.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its section's identifier.
  /// - Complexity: Expected O(1).
  @inlinable
  public func sectionIdentifier(containingItem item: ItemIdentifier) -> SectionIdentifier? {
    _location(of: item).map { _sections[$0.section].model.identifier }
  }

  /// The position of `item` in `itemIdentifiers`, or nil.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its index across all sections.
  /// - Complexity: Expected O(1).
  @inlinable
  public func indexOfItem(_ item: ItemIdentifier) -> Int? {
    _location(of: item).map { _sectionStarts[$0.section] + $0.index }
  }

  /// The position of `section` in `sectionIdentifiers`, or nil.
  ///
  /// - Parameter section: A section identifier.
  /// - Returns: Its index.
  /// - Complexity: Expected O(1).
  @inlinable
  public func indexOfSection(_ section: SectionIdentifier) -> Int? {
    _sectionKeyOf[_IdentifierKey(section)].map { _keyPositions[$0] }
  }

  /// The items marked with `reloadItems`, in the order they were marked.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var reloadedItemIdentifiers: [ItemIdentifier] { _reloadedItems }

  /// The items marked with `reconfigureItems`, in the order they were marked.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var reconfiguredItemIdentifiers: [ItemIdentifier] { _reconfiguredItems }

  /// The sections marked with `reloadSections`, in the order they were marked.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var reloadedSectionIdentifiers: [SectionIdentifier] { _reloadedSections }

  /// The section position and the index in it of `item`, or nil.
  @inlinable
  internal func _location(of item: ItemIdentifier) -> (section: Int, index: Int)? {
    guard let slot = _slotOf[_IdentifierKey(item)] else { return nil }
    return (_keyPositions[_slotSection[slot]], _slotIndex[slot])
  }
}

extension DiffableSnapshot: Equatable {
  /// Whether both have the same sections, the same items in them and the same marks.
  ///
  /// - Parameters:
  ///   - lhs: A snapshot.
  ///   - rhs: Another snapshot.
  /// - Returns: Whether they are equal.
  /// - Complexity: O(s + n + r), for s sections, n items and r marks.
  @inlinable
  public static func == (lhs: DiffableSnapshot, rhs: DiffableSnapshot) -> Bool {
    lhs._sections == rhs._sections && lhs._reloadedItems == rhs._reloadedItems
      && lhs._reconfiguredItems == rhs._reconfiguredItems
      && lhs._reloadedSections == rhs._reloadedSections
  }
}

extension DiffableSnapshot: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}

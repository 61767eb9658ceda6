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
public struct DiffableSnapshot<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
  var _sections: [SectionIdentifier] = []
  var _items: [[ItemIdentifier]] = []
  var _sectionOfItem: [ItemIdentifier: SectionIdentifier] = [:]
  var _reloadedItems: [ItemIdentifier] = []
  var _reconfiguredItems: [ItemIdentifier] = []
  var _reloadedSections: [SectionIdentifier] = []

  /// Creates an empty snapshot.
  ///
  /// - Complexity: O(1).
  public init() {}
}

extension DiffableSnapshot {
  // MARK: Queries

  /// The section identifiers, in order.
  ///
  /// - Complexity: O(1).
  public var sectionIdentifiers: [SectionIdentifier] { _sections }

  /// Every item identifier, section after section.
  ///
  /// - Complexity: O(n), where n is the number of items.
  public var itemIdentifiers: [ItemIdentifier] { _items.flatMap { $0 } }

  /// The number of sections.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { _sections.count }

  /// The number of items.
  ///
  /// - Complexity: O(1).
  public var numberOfItems: Int { _sectionOfItem.count }

  /// The number of items in `section`, or 0 when the snapshot has no such section.
  ///
  /// - Parameter section: A section identifier.
  /// - Returns: The count.
  /// - Complexity: O(s), where s is the number of sections.
  public func numberOfItems(inSection section: SectionIdentifier) -> Int {
    indexOfSection(section).map { _items[$0].count } ?? 0
  }

  /// The items of `section`, in order; empty when there is no such section.
  ///
  /// - Parameter section: A section identifier.
  /// - Returns: The item identifiers.
  /// - Complexity: O(s), where s is the number of sections.
  public func itemIdentifiers(inSection section: SectionIdentifier) -> [ItemIdentifier] {
    indexOfSection(section).map { _items[$0] } ?? []
  }

  /// The section that holds `item`, or nil.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its section's identifier.
  /// - Complexity: Expected O(1).
  public func sectionIdentifier(containingItem item: ItemIdentifier) -> SectionIdentifier? {
    _sectionOfItem[item]
  }

  /// The position of `item` in `itemIdentifiers`, or nil.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its index across all sections.
  /// - Complexity: O(n), where n is the number of items.
  public func indexOfItem(_ item: ItemIdentifier) -> Int? {
    guard let section = _sectionOfItem[item], let sectionIndex = indexOfSection(section) else {
      return nil
    }
    let before = _items[..<sectionIndex].reduce(0) { $0 + $1.count }
    return _items[sectionIndex].firstIndex(of: item).map { before + $0 }
  }

  /// The position of `section` in `sectionIdentifiers`, or nil.
  ///
  /// - Parameter section: A section identifier.
  /// - Returns: Its index.
  /// - Complexity: O(s), where s is the number of sections.
  public func indexOfSection(_ section: SectionIdentifier) -> Int? {
    _sections.firstIndex(of: section)
  }

  /// The items marked with `reloadItems`, in the order they were marked.
  ///
  /// - Complexity: O(1).
  public var reloadedItemIdentifiers: [ItemIdentifier] { _reloadedItems }

  /// The items marked with `reconfigureItems`, in the order they were marked.
  ///
  /// - Complexity: O(1).
  public var reconfiguredItemIdentifiers: [ItemIdentifier] { _reconfiguredItems }

  /// The sections marked with `reloadSections`, in the order they were marked.
  ///
  /// - Complexity: O(1).
  public var reloadedSectionIdentifiers: [SectionIdentifier] { _reloadedSections }
}

extension DiffableSnapshot: Equatable {}
extension DiffableSnapshot: Sendable where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}

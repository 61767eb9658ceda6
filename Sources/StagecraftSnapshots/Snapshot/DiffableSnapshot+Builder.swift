import StagecraftDiff

/// One section of a snapshot written declaratively: its identifier and its items, for
/// `DiffableSnapshot.init(_:)`.
public struct SnapshotSectionContent<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
  /// The section identifier.
  public var identifier: SectionIdentifier
  /// The items, in order.
  public var items: [ItemIdentifier]

  /// A section whose items a builder lists: single items, arrays of them, `if`, `if`-`else`,
  /// `switch`, `for` and optional parts.
  ///
  /// - Parameters:
  ///   - identifier: The section identifier.
  ///   - items: The items.
  /// - Complexity: That of `items`.
  public init(
    _ identifier: SectionIdentifier,
    @SnapshotItemsBuilder<ItemIdentifier> items: () -> [ItemIdentifier]
  ) {
    self.identifier = identifier
    self.items = items()
  }

  /// A section holding `items`.
  ///
  /// - Parameters:
  ///   - identifier: The section identifier.
  ///   - items: The items.
  /// - Complexity: O(1).
  public init(_ identifier: SectionIdentifier, items: [ItemIdentifier]) {
    self.identifier = identifier
    self.items = items
  }
}

extension SnapshotSectionContent: Sendable
where SectionIdentifier: Sendable, ItemIdentifier: Sendable {}

/// Lists the items of a `SnapshotSectionContent`.
@resultBuilder
public enum SnapshotItemsBuilder<ItemIdentifier> {
  /// One item.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: The list.
  /// - Complexity: O(1).
  public static func buildExpression(_ item: ItemIdentifier) -> [ItemIdentifier] { [item] }

  /// Several items.
  ///
  /// - Parameter items: Item identifiers.
  /// - Returns: The list.
  /// - Complexity: O(1).
  public static func buildExpression(_ items: [ItemIdentifier]) -> [ItemIdentifier] { items }

  /// The lists of a block, in order.
  ///
  /// - Parameter lists: The lists.
  /// - Returns: Their concatenation.
  /// - Complexity: O(n).
  public static func buildBlock(_ lists: [ItemIdentifier]...) -> [ItemIdentifier] {
    lists.flatMap { $0 }
  }

  /// An `if` without `else`.
  ///
  /// - Parameter list: The list, when the condition held.
  /// - Returns: The list, or none.
  /// - Complexity: O(1).
  public static func buildOptional(_ list: [ItemIdentifier]?) -> [ItemIdentifier] { list ?? [] }

  /// The first branch of an `if`-`else` or `switch`.
  ///
  /// - Parameter list: The branch's list.
  /// - Returns: The list.
  /// - Complexity: O(1).
  public static func buildEither(first list: [ItemIdentifier]) -> [ItemIdentifier] { list }

  /// The second branch of an `if`-`else` or `switch`.
  ///
  /// - Parameter list: The branch's list.
  /// - Returns: The list.
  /// - Complexity: O(1).
  public static func buildEither(second list: [ItemIdentifier]) -> [ItemIdentifier] { list }

  /// A `for` loop's lists.
  ///
  /// - Parameter lists: One list per iteration.
  /// - Returns: Their concatenation.
  /// - Complexity: O(n).
  public static func buildArray(_ lists: [[ItemIdentifier]]) -> [ItemIdentifier] {
    lists.flatMap { $0 }
  }

  /// An `if #available` branch.
  ///
  /// - Parameter list: The branch's list.
  /// - Returns: The list.
  /// - Complexity: O(1).
  public static func buildLimitedAvailability(_ list: [ItemIdentifier]) -> [ItemIdentifier] {
    list
  }
}

/// Lists the sections of a `DiffableSnapshot` built with `DiffableSnapshot.init(_:)`.
@resultBuilder
public enum DiffableSnapshotBuilder<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
  /// The sections built so far.
  public typealias Sections = [SnapshotSectionContent<SectionIdentifier, ItemIdentifier>]

  /// One section.
  ///
  /// - Parameter section: A section.
  /// - Returns: The list.
  /// - Complexity: O(1).
  public static func buildExpression(
    _ section: SnapshotSectionContent<SectionIdentifier, ItemIdentifier>
  ) -> Sections { [section] }

  /// Several sections.
  ///
  /// - Parameter sections: Sections.
  /// - Returns: The list.
  /// - Complexity: O(1).
  public static func buildExpression(_ sections: Sections) -> Sections { sections }

  /// The sections of a block, in order.
  ///
  /// - Parameter lists: The lists.
  /// - Returns: Their concatenation.
  /// - Complexity: O(s).
  public static func buildBlock(_ lists: Sections...) -> Sections { lists.flatMap { $0 } }

  /// An `if` without `else`.
  ///
  /// - Parameter list: The list, when the condition held.
  /// - Returns: The list, or none.
  /// - Complexity: O(1).
  public static func buildOptional(_ list: Sections?) -> Sections { list ?? [] }

  /// The first branch of an `if`-`else` or `switch`.
  ///
  /// - Parameter list: The branch's list.
  /// - Returns: The list.
  /// - Complexity: O(1).
  public static func buildEither(first list: Sections) -> Sections { list }

  /// The second branch of an `if`-`else` or `switch`.
  ///
  /// - Parameter list: The branch's list.
  /// - Returns: The list.
  /// - Complexity: O(1).
  public static func buildEither(second list: Sections) -> Sections { list }

  /// A `for` loop's lists.
  ///
  /// - Parameter lists: One list per iteration.
  /// - Returns: Their concatenation.
  /// - Complexity: O(s).
  public static func buildArray(_ lists: [Sections]) -> Sections { lists.flatMap { $0 } }

  /// An `if #available` branch.
  ///
  /// - Parameter list: The branch's list.
  /// - Returns: The list.
  /// - Complexity: O(1).
  public static func buildLimitedAvailability(_ list: Sections) -> Sections { list }
}

extension DiffableSnapshot {
  /// Builds a snapshot declaratively: sections holding items, with `if`, `for` and optional
  /// parts. The sections and items are appended in order with `appendSections(_:)` and
  /// `appendItems(_:toSection:)`, so a duplicate throws exactly as those calls do.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// let showArchive = true
  /// let snapshot = try DiffableSnapshot<String, Int> {
  ///   SnapshotSectionContent("Inbox") {
  ///     1
  ///     [2, 3]
  ///   }
  ///   if showArchive {
  ///     SnapshotSectionContent("Archive") {
  ///       for id in 10..<13 { id }
  ///     }
  ///   }
  /// }
  /// print(snapshot.sectionIdentifiers, snapshot.itemIdentifiers)  // prints ["Inbox", "Archive"] [1, 2, 3, 10, 11, 12]
  /// ```
  ///
  /// - Parameter content: The sections.
  /// - Throws: `DiffableSnapshotError` (`.duplicateSections`, `.duplicateItems`).
  /// - Complexity: Expected O(s + n): each identifier is hashed once.
  @inlinable
  public init(
    @DiffableSnapshotBuilder<SectionIdentifier, ItemIdentifier> _ content: () ->
      [SnapshotSectionContent<
        SectionIdentifier, ItemIdentifier
      >]
  ) throws {
    self.init()
    for section in content() {
      try appendSections([section.identifier])
      try appendItems(section.items, toSection: section.identifier)
    }
  }
}

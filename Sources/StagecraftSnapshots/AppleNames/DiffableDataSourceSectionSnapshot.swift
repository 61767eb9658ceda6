import StagecraftDiff

/// `NSDiffableDataSourceSectionSnapshot`'s exact API, for the drop-in data sources: its
/// mutations do not throw, so outline code written for Apple's section snapshot compiles with
/// the type name changed.
///
/// Where Apple's raises an exception, this one leaves itself unchanged and records the refused
/// change in `rejectedChanges`, which the data source's `apply(_:to:animatingDifferences:
/// completion:)` reports. Underneath is a `DiffableSectionSnapshot` (`base`), whose mutations
/// throw instead.
///
/// ```swift
/// import Stagecraft
///
/// var outline = DiffableDataSourceSectionSnapshot<String>()
/// outline.append(["Fruit"])
/// outline.append(["Apple", "Pear"], to: "Fruit")
/// outline.expand(["Fruit"])
/// // Apple's raises here: there is no such parent.
/// outline.append(["Kiwi"], to: "Vegetables")
/// print(outline.visibleItems, outline.rejectedChanges.count)  // prints ["Fruit", "Apple", "Pear"] 1
/// ```
public struct DiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable> {
  /// The outline, as the data source reads it.
  public var base: DiffableSectionSnapshot<ItemIdentifierType>

  /// The mutations that were refused, in order: each left the snapshot unchanged.
  public var rejectedChanges: [DiffableSnapshotError] = []

  /// Creates an empty section snapshot.
  ///
  /// - Complexity: O(1).
  public init() { base = DiffableSectionSnapshot() }

  /// Wraps `base`.
  ///
  /// - Parameter base: A section snapshot.
  /// - Complexity: O(1).
  public init(_ base: DiffableSectionSnapshot<ItemIdentifierType>) { self.base = base }

  /// Runs a throwing mutation of `base`; a refusal is recorded and changes nothing.
  mutating func _record(
    _ change: (inout DiffableSectionSnapshot<ItemIdentifierType>) throws -> Void
  ) {
    do {
      try change(&base)
    } catch let error as DiffableSnapshotError {
      rejectedChanges.append(error)
    } catch {
      // The section snapshot's mutations throw nothing else.
    }
  }
}

extension DiffableDataSourceSectionSnapshot {
  // MARK: Queries

  /// Every item, depth first.
  ///
  /// - Complexity: O(n), where n is the number of items.
  public var items: [ItemIdentifierType] { base.items }
  /// The items without a parent.
  ///
  /// - Complexity: O(r), where r is the number of root items.
  public var rootItems: [ItemIdentifierType] { base.rootItems }
  /// The items whose ancestors are all expanded: the section's rows.
  ///
  /// - Complexity: O(v), where v is the number of visible items.
  public var visibleItems: [ItemIdentifierType] { base.visibleItems }

  /// Whether the snapshot holds `item`.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Whether it is there.
  /// - Complexity: Expected O(1).
  public func contains(_ item: ItemIdentifierType) -> Bool { base.contains(item) }

  /// Whether `item` is expanded.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Whether it is expanded.
  /// - Complexity: Expected O(1).
  public func isExpanded(_ item: ItemIdentifierType) -> Bool { base.isExpanded(item) }

  /// Whether `item` is visible: all its ancestors are expanded.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Whether it is visible.
  /// - Complexity: Expected O(1).
  public func isVisible(_ item: ItemIdentifierType) -> Bool { base.isVisible(item) }

  /// The depth of `item`: 0 for a root item.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its level.
  /// - Complexity: Expected O(1).
  public func level(of item: ItemIdentifierType) -> Int { base.level(of: item) }

  /// The parent of `item`, or nil for a root item.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: The parent.
  /// - Complexity: Expected O(1).
  public func parent(of item: ItemIdentifierType) -> ItemIdentifierType? { base.parent(of: item) }

  /// The index of `item` in `items`, or nil.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: The index.
  /// - Complexity: Expected O(1); O(n) on the first positional query after a change.
  public func index(of item: ItemIdentifierType) -> Int? { base.index(of: item) }

  /// The subtree of `parent`, with or without `parent` itself; empty, with the refusal
  /// recorded in its `rejectedChanges`, when the snapshot does not hold `parent`.
  ///
  /// - Parameters:
  ///   - parent: An item of the snapshot.
  ///   - includingParent: Whether the result's root is `parent` or its children.
  /// - Returns: The subtree, with its expansion state.
  /// - Complexity: Expected O(m), where m is the size of the subtree.
  public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> Self {
    var result = Self()
    result._record { $0 = try base.snapshot(of: parent, includingParent: includingParent) }
    return result
  }

  /// The outline as indented text, one item per line.
  ///
  /// - Returns: The text.
  /// - Complexity: O(n).
  public func visualDescription() -> String { base.visualDescription() }
}

extension DiffableDataSourceSectionSnapshot {
  // MARK: Mutations

  /// Appends items under `parent`, or at the root when it is nil. Refused for a duplicate or
  /// a missing parent.
  ///
  /// - Parameters:
  ///   - items: New item identifiers.
  ///   - parent: An item of the snapshot, or nil.
  /// - Complexity: Expected O(k + c + d), for c children of the parent and its depth d.
  public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
    _record { try $0.append(items, to: parent) }
  }

  /// Inserts items before `item`, at its level. Refused for a duplicate or a missing item.
  ///
  /// - Parameters:
  ///   - items: New item identifiers.
  ///   - item: An item of the snapshot.
  /// - Complexity: Expected O(k + b + d), for b siblings of `item`.
  public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
    _record { try $0.insert(items, before: item) }
  }

  /// Inserts items after `item` and its subtree, at its level. Refused for a duplicate or a
  /// missing item.
  ///
  /// - Parameters:
  ///   - items: New item identifiers.
  ///   - item: An item of the snapshot.
  /// - Complexity: Expected O(k + b + d).
  public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
    _record { try $0.insert(items, after: item) }
  }

  /// Appends the root items of `snapshot`, with their subtrees, under `parent`.
  ///
  /// - Parameters:
  ///   - snapshot: A section snapshot whose items are not in this one.
  ///   - parent: An item of the snapshot, or nil for the root.
  /// - Complexity: Expected O(m + c + d), where m is the size of `snapshot`.
  public mutating func append(_ snapshot: Self, to parent: ItemIdentifierType? = nil) {
    _record { try $0.append(snapshot.base, to: parent) }
  }

  /// Inserts the root items of `snapshot`, with their subtrees, before `item`.
  ///
  /// - Parameters:
  ///   - snapshot: A section snapshot whose items are not in this one.
  ///   - item: An item of the snapshot.
  /// - Complexity: Expected O(m + b + d).
  public mutating func insert(_ snapshot: Self, before item: ItemIdentifierType) {
    _record { try $0.insert(snapshot.base, before: item) }
  }

  /// Inserts the root items of `snapshot`, with their subtrees, after `item`.
  ///
  /// - Parameters:
  ///   - snapshot: A section snapshot whose items are not in this one.
  ///   - item: An item of the snapshot.
  /// - Complexity: Expected O(m + b + d).
  public mutating func insert(_ snapshot: Self, after item: ItemIdentifierType) {
    _record { try $0.insert(snapshot.base, after: item) }
  }

  /// Replaces the children of `parent` with the root items of `snapshot`.
  ///
  /// - Parameters:
  ///   - parent: An item of the snapshot.
  ///   - snapshot: The new children, with their subtrees.
  /// - Complexity: Expected O(m·d + r), where r is the size of the subtree replaced.
  public mutating func replace(childrenOf parent: ItemIdentifierType, using snapshot: Self) {
    _record { try $0.replace(childrenOf: parent, using: snapshot.base) }
  }

  /// Deletes items with their subtrees. Refused (nothing deleted) when one is missing.
  ///
  /// - Parameter items: Items of the snapshot.
  /// - Complexity: Expected O(k·b + r + d·k), for r the items removed.
  public mutating func delete(_ items: [ItemIdentifierType]) {
    _record { try $0.delete(items) }
  }

  /// Deletes every item.
  ///
  /// - Complexity: O(1) amortized.
  public mutating func deleteAll() { base.deleteAll() }

  /// Expands items; items the snapshot does not hold are ignored, as Apple's are.
  ///
  /// - Parameter items: Items of the snapshot.
  /// - Complexity: Expected O(k + v + k·d), for v items that become visible.
  public mutating func expand(_ items: [ItemIdentifierType]) { base.expand(items) }

  /// Collapses items; items the snapshot does not hold are ignored, as Apple's are.
  ///
  /// - Parameter items: Items of the snapshot.
  /// - Complexity: Expected O(k + v + k·d), for v items that stop being visible.
  public mutating func collapse(_ items: [ItemIdentifierType]) { base.collapse(items) }
}

extension DiffableDataSourceSectionSnapshot: Sendable where ItemIdentifierType: Sendable {}

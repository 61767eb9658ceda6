/// A section identifier as the diff sees it: its identity, and whether the snapshot being
/// applied marked it for reload (a marked section never has equal content).
public struct SnapshotSection<Identifier: Hashable>: Differentiable, Hashable {
  /// The section identifier.
  ///
  /// - Complexity: O(1).
  public var identifier: Identifier
  /// Whether the snapshot marked it with `reloadSections`.
  ///
  /// - Complexity: O(1).
  public var isReloaded: Bool

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - identifier: The section identifier.
  ///   - isReloaded: Whether it is marked for reload.
  /// - Complexity: O(1).
  public init(_ identifier: Identifier, isReloaded: Bool = false) {
    self.identifier = identifier
    self.isReloaded = isReloaded
  }

  /// The section identifier.
  ///
  /// - Complexity: O(1).
  public var differenceIdentifier: Identifier { identifier }

  /// `false` when this (new) version is marked for reload and the old one was not.
  ///
  /// - Parameter source: The old version.
  /// - Returns: Whether the section needs no reload.
  /// - Complexity: O(1).
  public func isContentEqual(to source: SnapshotSection) -> Bool {
    !isReloaded || source.isReloaded
  }
}

/// An item identifier as the diff sees it: its identity, and how the snapshot being
/// applied marked it (a marked item never has equal content, so it becomes an update).
public struct SnapshotItem<Identifier: Hashable>: Differentiable, Hashable {
  /// How an item is marked.
  public enum Mark: Hashable, Sendable {
    /// Not marked.
    case none
    /// Marked with `reloadItems`: a new cell.
    case reload
    /// Marked with `reconfigureItems`: the same cell, re-configured.
    case reconfigure
  }

  /// The item identifier.
  ///
  /// - Complexity: O(1).
  public var identifier: Identifier
  /// How the snapshot marked it.
  ///
  /// - Complexity: O(1).
  public var mark: Mark

  /// Creates an item.
  ///
  /// - Parameters:
  ///   - identifier: The item identifier.
  ///   - mark: How it is marked.
  /// - Complexity: O(1).
  public init(_ identifier: Identifier, mark: Mark = .none) {
    self.identifier = identifier
    self.mark = mark
  }

  /// The item identifier.
  ///
  /// - Complexity: O(1).
  public var differenceIdentifier: Identifier { identifier }

  /// `false` when this (new) version carries a mark the old one did not. The diff asks the
  /// new version (`target.isContentEqual(to: source)`), so a newly marked item becomes an
  /// update, while a cell that shows the marked version is not stale afterwards.
  ///
  /// - Parameter source: The old version.
  /// - Returns: Whether the item needs no update.
  /// - Complexity: O(1).
  public func isContentEqual(to source: SnapshotItem) -> Bool {
    mark == .none || mark == source.mark
  }
}

extension SnapshotSection: Sendable where Identifier: Sendable {}
extension SnapshotItem: Sendable where Identifier: Sendable {}

extension DiffableSnapshot {
  /// The section type a target shows for this snapshot: a `CollectionModel` that plays a
  /// diffable data source's view is a `CollectionModel<DiffableSnapshot.Section>`.
  public typealias Section = ArraySection<
    SnapshotSection<SectionIdentifier>, SnapshotItem<ItemIdentifier>
  >

  /// The snapshot as sections for the diff: with its reload and reconfigure marks when
  /// `marked`, without them otherwise.
  ///
  /// - Parameter marked: Whether to carry the marks (the snapshot being applied does).
  /// - Returns: One section per section identifier.
  /// - Complexity: O(s + n + r), where r is the number of marks.
  public func sections(marked: Bool = false) -> [Section] {
    let reloaded = marked ? Set(_reloadedItems) : []
    let reconfigured = marked ? Set(_reconfiguredItems) : []
    let reloadedSections = marked ? Set(_reloadedSections) : []
    return zip(_sections, _items).map { section, items in
      Section(
        model: SnapshotSection(section, isReloaded: reloadedSections.contains(section)),
        elements: items.map { item in
          SnapshotItem(
            item,
            mark: reloaded.contains(item)
              ? .reload : reconfigured.contains(item) ? .reconfigure : .none)
        })
    }
  }
}

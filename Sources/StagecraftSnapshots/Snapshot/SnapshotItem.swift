import StagecraftDiff

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
  public var identifier: Identifier
  /// How the snapshot marked it.
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

extension SnapshotItem: Sendable where Identifier: Sendable {}

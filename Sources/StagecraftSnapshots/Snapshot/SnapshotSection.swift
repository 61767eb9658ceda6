import StagecraftDiff

/// A section identifier as the diff sees it: its identity, and whether the snapshot being
/// applied marked it for reload (a marked section never has equal content).
public struct SnapshotSection<Identifier: Hashable>: Differentiable, Hashable {
  /// The section identifier.
  public var identifier: Identifier
  /// Whether the snapshot marked it with `reloadSections`.
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

extension SnapshotSection: Sendable where Identifier: Sendable {}

import StagecraftDiff

/// A mutation of a `DiffableSnapshot` that Apple's snapshot would crash on.
public struct DiffableSnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// Item identifiers that occur twice (in the call, or already in the snapshot).
    case duplicateItems
    /// Section identifiers that occur twice.
    case duplicateSections
    /// Item identifiers that are not in the snapshot.
    case missingItems
    /// Section identifiers that are not in the snapshot.
    case missingSections
    /// Items were appended without a section to append them to.
    case noSection
    /// An item or section was moved relative to itself.
    case movedRelativeToItself
  }

  /// What went wrong.
  public var kind: Kind
  /// The identifiers concerned, as text.
  public var identifiers: [String]

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - identifiers: The identifiers concerned, as text.
  /// - Complexity: O(1).
  public init(_ kind: Kind, identifiers: [String]) {
    self.kind = kind
    self.identifiers = identifiers
  }

  /// A one-line explanation naming the identifiers.
  ///
  /// - Complexity: O(k), where k is the number of identifiers.
  public var description: String {
    let list = identifiers.joined(separator: ", ")
    switch kind {
    case .duplicateItems:
      return "item identifiers must be unique; duplicated: \(list)"
    case .duplicateSections:
      return "section identifiers must be unique; duplicated: \(list)"
    case .missingItems: return "no such item identifiers in the snapshot: \(list)"
    case .missingSections: return "no such section identifiers in the snapshot: \(list)"
    case .noSection: return "there is no section to append the items to: \(list)"
    case .movedRelativeToItself: return "cannot move an identifier relative to itself: \(list)"
    }
  }
}

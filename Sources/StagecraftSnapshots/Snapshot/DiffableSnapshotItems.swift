import StagecraftDiff

/// The item identifiers of one section of a `DiffableSnapshot`, read where the snapshot
/// keeps them: getting it copies nothing, so a cell provider can ask for it on every cell.
///
/// It is a random-access collection of identifiers; compare it with an array with `==`, or
/// make one with `Array(_:)`.
public struct DiffableSnapshotItems<ItemIdentifier: Hashable>: RandomAccessCollection {
  @usableFromInline let _elements: [SnapshotItem<ItemIdentifier>]

  @inlinable
  init(_ elements: [SnapshotItem<ItemIdentifier>]) { _elements = elements }

  /// 0.
  ///
  /// - Complexity: O(1).
  @inlinable public var startIndex: Int { 0 }

  /// The number of items.
  ///
  /// - Complexity: O(1).
  @inlinable public var endIndex: Int { _elements.count }

  /// The identifier at `position`.
  ///
  /// - Parameter position: An index.
  /// - Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> ItemIdentifier { _elements[position].identifier }
}

extension DiffableSnapshotItems: Equatable {
  /// Whether both list the same identifiers in the same order.
  ///
  /// - Parameters:
  ///   - lhs: A list.
  ///   - rhs: Another list.
  /// - Returns: Whether they are equal.
  /// - Complexity: O(n).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }

  /// Whether the section lists exactly `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: A section's identifiers.
  ///   - rhs: An array of identifiers.
  /// - Returns: Whether they are equal.
  /// - Complexity: O(n).
  @inlinable
  public static func == (lhs: Self, rhs: [ItemIdentifier]) -> Bool { lhs.elementsEqual(rhs) }

  /// Whether the section lists exactly `lhs`.
  ///
  /// - Parameters:
  ///   - lhs: An array of identifiers.
  ///   - rhs: A section's identifiers.
  /// - Returns: Whether they are equal.
  /// - Complexity: O(n).
  @inlinable
  public static func == (lhs: [ItemIdentifier], rhs: Self) -> Bool { rhs.elementsEqual(lhs) }

  /// Whether the section lists anything but exactly `rhs`.
  ///
  /// - Parameters:
  ///   - lhs: A section's identifiers.
  ///   - rhs: An array of identifiers.
  /// - Returns: Whether they differ.
  /// - Complexity: O(n).
  @inlinable
  public static func != (lhs: Self, rhs: [ItemIdentifier]) -> Bool { !(lhs == rhs) }

  /// Whether the section lists anything but exactly `lhs`.
  ///
  /// - Parameters:
  ///   - lhs: An array of identifiers.
  ///   - rhs: A section's identifiers.
  /// - Returns: Whether they differ.
  /// - Complexity: O(n).
  @inlinable
  public static func != (lhs: [ItemIdentifier], rhs: Self) -> Bool { !(lhs == rhs) }
}

extension DiffableSnapshotItems: CustomStringConvertible {
  /// The identifiers as an array prints them.
  ///
  /// - Complexity: O(n).
  public var description: String { Array(self).description }
}

extension DiffableSnapshotItems: Sendable where ItemIdentifier: Sendable {}

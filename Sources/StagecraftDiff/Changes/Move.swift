/// A move from a position before a batch update to a position after it.
///
/// ```swift
/// import Stagecraft
///
/// let move = Move(source: 0, target: 3)
/// print(move)  // prints 0 -> 3
/// ```
public struct Move<Position> {
  /// Where the moved element (or section) is before the update.
  public var source: Position

  /// Where it is after the update.
  public var target: Position

  /// Creates a move.
  ///
  /// - Parameters:
  ///   - source: The position before the update.
  ///   - target: The position after the update.
  /// - Complexity: O(1).
  @inlinable
  public init(source: Position, target: Position) {
    self.source = source
    self.target = target
  }
}

extension Move: Equatable where Position: Equatable {}
extension Move: Hashable where Position: Hashable {}
extension Move: Sendable where Position: Sendable {}

extension Move: CustomStringConvertible, CustomDebugStringConvertible {
  /// `source -> target`.
  ///
  /// - Complexity: O(1) for index and path positions.
  public var description: String { "\(source) -> \(target)" }

  /// `Move(source -> target)`.
  ///
  /// - Complexity: O(1) for index and path positions.
  public var debugDescription: String { "Move(\(source) -> \(target))" }
}

extension Move where Position: Comparable {
  /// The canonical order of moves in a changeset: by target, then by source.
  ///
  /// - Parameters:
  ///   - lhs: A move.
  ///   - rhs: Another move.
  /// - Returns: Whether `lhs` is listed before `rhs`.
  /// - Complexity: O(1) for index and path positions.
  @inlinable
  public static func canonicallyPrecedes(_ lhs: Move, _ rhs: Move) -> Bool {
    lhs.target != rhs.target ? lhs.target < rhs.target : lhs.source < rhs.source
  }
}

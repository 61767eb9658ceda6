/// A type that can say whether two versions of the same item show the same content.
///
/// The diff calls `target.isContentEqual(to: source)` exactly once for each matched pair,
/// with the *target* (new) value as the receiver and the *source* (old) value as the
/// argument. A pair for which it returns `false` is listed in `elementUpdated`.
///
/// ```swift
/// struct Row: ContentEquatable {
///   var title: String
///   func isContentEqual(to source: Row) -> Bool { title == source.title }
/// }
/// Row(title: "a").isContentEqual(to: Row(title: "b"))  // false
/// ```
///
/// The relation need not be symmetric; the diff never calls it the other way round.
public protocol ContentEquatable {
  /// Whether this (new) value shows the same content as `source` (the old value).
  ///
  /// - Parameter source: The old version of the same item.
  /// - Returns: `true` when no cell showing `source` needs to be refreshed.
  /// - Complexity: Called once per matched pair per diff.
  func isContentEqual(to source: Self) -> Bool
}

extension ContentEquatable where Self: Equatable {
  /// Compares with `==`.
  ///
  /// - Parameter source: The old version of the same item.
  /// - Returns: `self == source`.
  /// - Complexity: The cost of `==`.
  @inlinable
  public func isContentEqual(to source: Self) -> Bool { self == source }
}

/// A type that can say whether two versions of the same item show the same content.
///
/// The diff calls `target.isContentEqual(to: source)` exactly once for each matched pair,
/// with the *target* (new) value as the receiver and the *source* (old) value as the
/// argument. A pair for which it returns `false` is listed in `elementUpdated`.
///
/// ```swift
/// import Stagecraft
///
/// struct Row: ContentEquatable {
///   var title: String
///   func isContentEqual(to source: Row) -> Bool { title == source.title }
/// }
/// print(Row(title: "a").isContentEqual(to: Row(title: "b")))  // prints false
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

extension Optional: ContentEquatable where Wrapped: ContentEquatable {
  /// Whether both are nil, or both hold values of equal content.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// let some: Int? = 1
  /// print(some.isContentEqual(to: 1), some.isContentEqual(to: nil))  // prints true false
  /// ```
  ///
  /// - Parameter source: The old value.
  /// - Returns: Whether no cell showing `source` needs to be refreshed.
  /// - Complexity: That of the wrapped comparison.
  @inlinable
  public func isContentEqual(to source: Wrapped?) -> Bool {
    switch (self, source) {
    case (let new?, let old?): new.isContentEqual(to: old)
    case (nil, nil): true
    default: false
    }
  }
}

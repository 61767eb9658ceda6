/// A type whose values carry an identifier that says which values are "the same item"
/// across two versions of a collection.
///
/// The diff matches source and target elements by `differenceIdentifier`. Two elements
/// with equal identifiers are the same item, possibly with changed content.
///
/// ```swift
/// import Stagecraft
///
/// struct Message: ContentIdentifiable {
///   var id: Int
///   var text: String
///   var differenceIdentifier: Int { id }
/// }
/// print(Message(id: 7, text: "hi").differenceIdentifier)  // prints 7
/// ```
///
/// Defaults:
/// - a `Hashable` type is its own identifier;
/// - an `Identifiable` type uses `id`;
/// - a type that is both `Hashable` and `Identifiable` uses `id`, so that a change of
///   any other property is an *update* of the same item rather than a delete and an insert.
public protocol ContentIdentifiable {
  /// The type of the identifier; it must be `Hashable` so that the diff can match in
  /// expected linear time.
  associatedtype DifferenceIdentifier: Hashable

  /// The identifier that matches this value with its counterpart in the other collection.
  ///
  /// - Complexity: Called once per element per diff; keep it O(1).
  var differenceIdentifier: DifferenceIdentifier { get }
}

extension ContentIdentifiable where Self: Hashable {
  /// The value itself: a `Hashable` type is its own identifier.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var differenceIdentifier: Self { self }
}

extension ContentIdentifiable where Self: Identifiable {
  /// The value's `id`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var differenceIdentifier: ID { id }
}

extension ContentIdentifiable where Self: Hashable & Identifiable {
  /// The value's `id`: a type that is both `Hashable` and `Identifiable` is identified by
  /// `id`, and its other properties are content.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var differenceIdentifier: ID { id }
}

/// A type-erased `Differentiable` value, so that one list can hold elements of different
/// types.
///
/// Its identity and content comparisons are those of the wrapped value; two wrapped values
/// of different types never have the same identity, even when their identifiers are equal
/// (an `Int` 1 and an `Int8` 1, say), and never compare equal in content.
///
/// ```swift
/// import Stagecraft
///
/// struct Banner: Differentiable, Hashable { var id: Int }
/// struct Post: Differentiable, Hashable { var id: Int }
/// let feed = [AnyDifferentiable(Banner(id: 1)), AnyDifferentiable(Post(id: 1))]
/// print(feed[0].differenceIdentifier == feed[1].differenceIdentifier)  // prints false
/// ```
///
/// Values of different types are never the same item, even with equal identifiers.
///
/// The wrapper boxes its value once, when it is created, and hashes its identifier then;
/// comparing two wrapped values checks their types with one pointer comparison and calls
/// the wrapped comparison directly, with no dynamic cast.
public struct AnyDifferentiable: Differentiable {
  @usableFromInline
  internal let _box: any _AnyDifferentiableBox

  /// Wraps `base`.
  ///
  /// - Parameter base: The value to wrap.
  /// - Complexity: O(1): one allocation and one hash of the identifier.
  @inlinable
  public init<Base: Differentiable>(_ base: Base) {
    if let already = base as? AnyDifferentiable {
      _box = already._box
    } else {
      _box = _DifferentiableBox(base)
    }
  }

  /// The wrapped value.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var base: Any { _box.base }

  /// The wrapped value's identifier, tagged with its type.
  ///
  /// - Complexity: O(1), plus the wrapped `differenceIdentifier`.
  @inlinable
  public var differenceIdentifier: Identifier { Identifier(_box) }

  /// Whether the wrapped values have the same type and the wrapped comparison says their
  /// contents are equal.
  ///
  /// - Parameter source: The old version.
  /// - Returns: `false` for values of different types.
  /// - Complexity: That of the wrapped `isContentEqual(to:)`.
  @inlinable
  public func isContentEqual(to source: AnyDifferentiable) -> Bool {
    _box.isContentEqual(to: source._box)
  }

  /// The identity of a wrapped value: its type and its identifier.
  public struct Identifier: Hashable {
    @usableFromInline
    internal let _box: any _AnyDifferentiableBox

    @inlinable
    internal init(_ box: any _AnyDifferentiableBox) { _box = box }

    /// Whether both have the same wrapped type and equal identifiers.
    ///
    /// - Parameters:
    ///   - lhs: An identifier.
    ///   - rhs: Another identifier.
    /// - Returns: `false` for values of different types.
    /// - Complexity: That of the wrapped identifier's `==`.
    @inlinable
    public static func == (lhs: Identifier, rhs: Identifier) -> Bool {
      lhs._box.hasEqualIdentifier(to: rhs._box)
    }

    /// Hashes the wrapped type and the wrapped identifier.
    ///
    /// - Parameter hasher: The hasher.
    /// - Complexity: That of the wrapped identifier's `hash(into:)`.
    @inlinable
    public func hash(into hasher: inout Hasher) {
      _box.hashIdentifier(into: &hasher)
    }

    /// The precomputed identifier hash, hashed with the table's seed in one step, as
    /// `Int`'s own hashing does, instead of through a full `Hasher`.
    ///
    /// - Parameter seed: The hash table's seed.
    /// - Returns: The seeded hash value.
    /// - Complexity: O(1).
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
      _box.identifierHash._rawHashValue(seed: seed)
    }
  }
}

extension AnyDifferentiable: CustomDebugStringConvertible {
  /// `AnyDifferentiable(` and the wrapped value's debug description `)`.
  ///
  /// - Complexity: That of the wrapped value's description.
  public var debugDescription: String { "AnyDifferentiable(\(String(reflecting: base)))" }
}

/// The type-erased storage: one class per wrapped type, one instance per wrapped value.
@usableFromInline
internal protocol _AnyDifferentiableBox: AnyObject {
  var base: Any { get }
  var identifierHash: Int { get }
  func isContentEqual(to other: any _AnyDifferentiableBox) -> Bool
  func hasEqualIdentifier(to other: any _AnyDifferentiableBox) -> Bool
  func hashIdentifier(into hasher: inout Hasher)
}

@usableFromInline
internal final class _DifferentiableBox<Base: Differentiable>: _AnyDifferentiableBox {
  @usableFromInline internal let value: Base
  /// The hash of the type and identifier, computed once: the diff hashes each identifier
  /// once per side, and comparisons reject on it before calling the wrapped `==`.
  @usableFromInline internal let identifierHash: Int

  @inlinable
  internal init(_ value: Base) {
    self.value = value
    var hasher = Hasher()
    hasher.combine(ObjectIdentifier(_DifferentiableBox.self))
    hasher.combine(value.differenceIdentifier)
    identifierHash = hasher.finalize()
  }

  @inlinable
  internal var base: Any { value }

  /// The other box as this type, found with one pointer comparison of the classes.
  @inlinable
  internal func sameType(_ other: any _AnyDifferentiableBox) -> _DifferentiableBox? {
    // Reading both classes from the objects avoids looking up generic metadata.
    guard ObjectIdentifier(type(of: other)) == ObjectIdentifier(type(of: self)) else {
      return nil
    }
    return unsafeDowncast(other, to: _DifferentiableBox.self)
  }

  @inlinable
  internal func isContentEqual(to other: any _AnyDifferentiableBox) -> Bool {
    guard let other = sameType(other) else { return false }
    return value.isContentEqual(to: other.value)
  }

  @inlinable
  internal func hasEqualIdentifier(to other: any _AnyDifferentiableBox) -> Bool {
    guard let other = sameType(other), identifierHash == other.identifierHash else {
      return false
    }
    return value.differenceIdentifier == other.value.differenceIdentifier
  }

  @inlinable
  internal func hashIdentifier(into hasher: inout Hasher) {
    hasher.combine(identifierHash)
  }
}

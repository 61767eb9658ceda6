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
/// The wrapper boxes its value once, when it is created, and hashes its identifier then.
/// The hash is kept next to the box, so hashing an identifier, and telling two apart, reads
/// no memory but the wrapper's own; comparing two wrapped values with equal hashes checks
/// their types with one pointer comparison and calls the wrapped comparison directly, with
/// no dynamic cast. A fixed-width integer identifier (`Int`, `Int64`, `UInt64`, `UInt`,
/// `Int32`, `UInt32`) is kept next to the box as it is, and its hash is a bijective mix of
/// it combined with the box's type: two such identifiers with equal hashes and equal bits
/// have the same type, so they are told apart, and found equal, without reading the boxes.
public struct AnyDifferentiable: Differentiable {
  @usableFromInline
  internal let _box: _AnyDifferentiableBox

  /// The hash of the wrapped type and identifier, whose lowest bit says whether the
  /// identifier is a fixed-width integer, kept in `_identifierBits`. Then the hash is
  /// `_mixedHash(bits) ^ the box type's address` with its lowest bit set: given equal bits,
  /// equal hashes mean equal types (the address's low bits are zero).
  @usableFromInline
  internal let _identifierHash: Int

  /// The bits of a fixed-width integer identifier; 0 otherwise.
  @usableFromInline
  internal let _identifierBits: Int

  /// Wraps `base`.
  ///
  /// - Parameter base: The value to wrap.
  /// - Complexity: O(1): one allocation and one hash of the identifier.
  @inlinable
  public init<Base: Differentiable>(_ base: Base) {
    if let already = base as? AnyDifferentiable {
      self = already
    } else {
      let identifier = base.differenceIdentifier
      let type = ObjectIdentifier(_DifferentiableBox<Base>.self)
      _box = _DifferentiableBox(base)
      if let bits = _integerBits(identifier) {
        let mixed = _mixedHash(UInt64(UInt(bitPattern: bits)), seed: 0)
        _identifierHash = (mixed ^ Int(bitPattern: type)) & ~1 | 1
        _identifierBits = bits
      } else {
        var hasher = Hasher()
        hasher.combine(type)
        hasher.combine(identifier)
        _identifierHash = hasher.finalize() & ~1
        _identifierBits = 0
      }
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
  public var differenceIdentifier: Identifier {
    Identifier(_box, hash: _identifierHash, bits: _identifierBits)
  }

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
    internal let _box: _AnyDifferentiableBox

    @usableFromInline
    internal let _hash: Int

    @usableFromInline
    internal let _bits: Int

    @inlinable
    internal init(_ box: _AnyDifferentiableBox, hash: Int, bits: Int) {
      _box = box
      _hash = hash
      _bits = bits
    }

    /// Whether both have the same wrapped type and equal identifiers.
    ///
    /// - Parameters:
    ///   - lhs: An identifier.
    ///   - rhs: Another identifier.
    /// - Returns: `false` for values of different types.
    /// - Complexity: O(1) when the hashes differ; else that of the wrapped identifier's `==`.
    @inlinable
    public static func == (lhs: Identifier, rhs: Identifier) -> Bool {
      lhs._hash == rhs._hash
        && _haveEqualWrappedIdentifiers(
          lhs._box, lhs._bits, rhs._box, rhs._bits, hash: lhs._hash)
    }

    /// Hashes the precomputed hash of the wrapped type and identifier.
    ///
    /// - Parameter hasher: The hasher.
    /// - Complexity: O(1).
    @inlinable
    public func hash(into hasher: inout Hasher) {
      hasher.combine(_hash)
    }

    /// The precomputed identifier hash, hashed with the table's seed in one step, as
    /// `Int`'s own hashing does, instead of through a full `Hasher`.
    ///
    /// - Parameter seed: The hash table's seed.
    /// - Returns: The seeded hash value.
    /// - Complexity: O(1).
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
      _hash._rawHashValue(seed: seed)
    }
  }
}

extension AnyDifferentiable: CustomDebugStringConvertible {
  /// `AnyDifferentiable(` and the wrapped value's debug description `)`.
  ///
  /// - Complexity: That of the wrapped value's description.
  public var debugDescription: String { "AnyDifferentiable(\(String(reflecting: base)))" }
}

/// The bits of `identifier` when it is a fixed-width integer, whose `==` compares exactly
/// its bits; nil for any other type.
///
/// - Complexity: O(1).
@inlinable
package func _integerBits<Identifier: Hashable>(_ identifier: Identifier) -> Int? {
  // Comparing metatypes costs no dynamic cast, even where this is not specialized.
  let type = Identifier.self
  if type == Int.self { return unsafeBitCast(identifier, to: Int.self) }
  if type == Int64.self { return Int(unsafeBitCast(identifier, to: Int64.self)) }
  if type == UInt64.self {
    return Int(truncatingIfNeeded: unsafeBitCast(identifier, to: UInt64.self))
  }
  if type == UInt.self { return Int(bitPattern: unsafeBitCast(identifier, to: UInt.self)) }
  if type == Int32.self { return Int(unsafeBitCast(identifier, to: Int32.self)) }
  if type == UInt32.self { return Int(unsafeBitCast(identifier, to: UInt32.self)) }
  return nil
}

/// Whether two boxes whose wrappers have the same identifier hash, `hash`, wrap the same
/// type and equal identifiers: from the wrappers' integer bits when the hash says they are
/// integers (equal hashes and bits then mean equal types), else by the wrapped type's `==`.
///
/// - Complexity: O(1) for integer identifiers; else that of the wrapped identifier's `==`.
@inlinable
@inline(__always)
internal func _haveEqualWrappedIdentifiers(
  _ lhs: _AnyDifferentiableBox, _ lhsBits: Int, _ rhs: _AnyDifferentiableBox, _ rhsBits: Int,
  hash: Int
) -> Bool {
  // Integer identifiers: with equal hashes, equal bits mean the same type too.
  guard hash & 1 != 0 else { return lhs.hasEqualIdentifier(to: rhs) }
  return lhsBits == rhsBits
}

/// The type-erased storage: one class per wrapped type, one instance per wrapped value. A
/// class rather than a protocol, so that the diffs can call it through an unretained
/// reference.
@usableFromInline
internal class _AnyDifferentiableBox {
  @inlinable
  internal init() {}

  @inlinable
  internal var base: Any { fatalError("abstract") }

  @inlinable
  internal func isContentEqual(to other: _AnyDifferentiableBox) -> Bool { fatalError("abstract") }

  @inlinable
  internal func hasEqualIdentifier(to other: _AnyDifferentiableBox) -> Bool {
    fatalError("abstract")
  }
}

@usableFromInline
internal final class _DifferentiableBox<Base: Differentiable>: _AnyDifferentiableBox {
  @usableFromInline internal let value: Base

  @inlinable
  internal init(_ value: Base) {
    self.value = value
    super.init()
  }

  @inlinable
  override internal var base: Any { value }

  /// The result of `body` on the other box as this type, without retaining it; nil when
  /// it wraps another type, found with one pointer comparison of the classes.
  @inlinable
  internal func withSameType<Result>(
    _ other: _AnyDifferentiableBox, _ body: (_DifferentiableBox) -> Result
  ) -> Result? {
    // Reading both classes from the objects avoids looking up generic metadata.
    guard ObjectIdentifier(type(of: other)) == ObjectIdentifier(type(of: self)) else {
      return nil
    }
    let opaque = Unmanaged.passUnretained(other).toOpaque()
    return Unmanaged<_DifferentiableBox>.fromOpaque(opaque)._withUnsafeGuaranteedRef(body)
  }

  @inlinable
  override internal func isContentEqual(to other: _AnyDifferentiableBox) -> Bool {
    withSameType(other) { value.isContentEqual(to: $0.value) } ?? false
  }

  /// Whether `other` wraps the same type and an equal identifier; the caller has already
  /// compared the hashes.
  @inlinable
  override internal func hasEqualIdentifier(to other: _AnyDifferentiableBox) -> Bool {
    withSameType(other) { value.differenceIdentifier == $0.value.differenceIdentifier } ?? false
  }
}

extension AnyDifferentiable {
  /// Whether the values at `lhs` and `rhs` have equal identifiers, asked of their boxes
  /// without retaining them (the values keep them alive).
  ///
  /// - Complexity: O(1) when the hashes differ; else that of the wrapped identifier's `==`.
  @inlinable
  internal static func _haveEqualIdentifiers(
    _ lhs: UnsafePointer<AnyDifferentiable>, _ rhs: UnsafePointer<AnyDifferentiable>
  ) -> Bool {
    let hash = lhs.pointee._identifierHash
    guard hash == rhs.pointee._identifierHash else { return false }
    // Integer identifiers: the wrappers' own bits decide, and no box is read.
    if hash & 1 != 0 { return lhs.pointee._identifierBits == rhs.pointee._identifierBits }
    return Unmanaged.passUnretained(lhs.pointee._box)._withUnsafeGuaranteedRef { lhsBox in
      Unmanaged.passUnretained(rhs.pointee._box)._withUnsafeGuaranteedRef { rhsBox in
        lhsBox.hasEqualIdentifier(to: rhsBox)
      }
    }
  }

  /// Whether the value at `new` is content-equal to the value at `old`, asked of their
  /// boxes without retaining them.
  ///
  /// - Complexity: That of the wrapped `isContentEqual(to:)`.
  @inlinable
  internal static func _isContentEqual(
    _ new: UnsafePointer<AnyDifferentiable>, to old: UnsafePointer<AnyDifferentiable>
  ) -> Bool {
    Unmanaged.passUnretained(new.pointee._box)._withUnsafeGuaranteedRef { newBox in
      Unmanaged.passUnretained(old.pointee._box)._withUnsafeGuaranteedRef { oldBox in
        newBox.isContentEqual(to: oldBox)
      }
    }
  }
}

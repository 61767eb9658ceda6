/// The identity operations of the diffs, on elements in place.
///
/// Most element types answer them with their `differenceIdentifier`. `AnyDifferentiable`
/// answers from the hash it keeps next to its box and, for equality, from the boxes, read
/// where the elements lie: getting its `differenceIdentifier` would retain and release the
/// box every time, which would cost more than the rest of the diff. The type check is made
/// on the generic parameter, so each specialization keeps only one of the two paths.

/// The hash of the identifier of the element at `element`, as the diffs' tables use it,
/// with `seed` the value of `_mixedHashSeed`, read once by the caller: reading the global
/// itself checks that it is initialized, a call per element.
///
/// - Complexity: O(1), plus the element's `differenceIdentifier` and its hashing.
///
/// `Int` identifiers, the most common kind (database row ids), are hashed by a seeded
/// 64-bit finalizer rather than by `Hasher`'s SipHash, at a sixth of the cost. The seed
/// comes from `Hasher`, which is seeded at random for each process, so identifiers cannot
/// be crafted to collide without knowing it; and a collision only costs time, never
/// correctness, since identifiers are always compared with `==` as well.
@inlinable
@inline(__always)
internal func _identifierHash<E: Differentiable>(_ element: UnsafePointer<E>, seed: UInt64)
  -> Int
{
  if E.self == AnyDifferentiable.self {
    // The wrapper's hash is already `Hasher`'s, of the type and identifier: mixing it with
    // the seed is enough.
    let wrapped = UnsafeRawPointer(element).assumingMemoryBound(to: AnyDifferentiable.self)
    return _mixedHash(UInt64(UInt(bitPattern: wrapped.pointee._identifierHash)), seed: seed)
  }
  return _fastHash(element.pointee.differenceIdentifier, seed: seed)
}

/// The one fast path for integer identifiers, shared by the diff, the snapshots' tables and
/// the prefetch window: a fixed-width integer (`_integerBits`) is its own value, mixed by a
/// bijection (`_mixedHash`: two distinct values never collide) without running the standard
/// hasher; any other identifier, its hash value with `hashSeed`. Specialized for the
/// caller's identifier type, the test of the type is decided when the code is compiled.
///
/// - Complexity: O(1), and the identifier's hashing when it is not an integer.
@inlinable
@inline(__always)
package func _fastHash<ID: Hashable>(_ identifier: ID, seed: UInt64, hashSeed: Int = 0) -> Int {
  if let bits = _integerBits(identifier) {
    return _mixedHash(UInt64(UInt(bitPattern: bits)), seed: seed)
  }
  return identifier._rawHashValue(seed: hashSeed)
}

/// A seed for `_mixedHash(_:seed:)`, drawn once per process from `Hasher`'s random seed.
@usableFromInline
package let _mixedHashSeed: UInt64 = {
  var hasher = Hasher()
  hasher.combine(0x5354_4147_4543_5241 as UInt64)
  return UInt64(UInt(bitPattern: hasher.finalize()))
}()

/// MurmurHash3's 64-bit finalizer of `value` with the process's seed, `seed`: every bit of the
/// input reaches every bit of the result, the high bits (the table's hash bits) as well as
/// the low ones (its bucket).
///
/// - Complexity: O(1).
@inlinable
@inline(__always)
package func _mixedHash(_ value: UInt64, seed: UInt64) -> Int {
  var mixed = value ^ seed
  mixed ^= mixed &>> 33
  mixed &*= 0xFF51_AFD7_ED55_8CCD
  mixed ^= mixed &>> 33
  mixed &*= 0xC4CE_B9FE_1A85_EC53
  mixed ^= mixed &>> 33
  return Int(bitPattern: UInt(truncatingIfNeeded: mixed))
}

/// Whether the elements at `lhs` and `rhs` have equal identifiers.
///
/// - Complexity: O(1), plus the elements' `differenceIdentifier` and their `==`.
@inlinable
@inline(__always)
internal func _haveEqualIdentifiers<E: Differentiable>(
  _ lhs: UnsafePointer<E>, _ rhs: UnsafePointer<E>
) -> Bool {
  if E.self == AnyDifferentiable.self {
    return AnyDifferentiable._haveEqualIdentifiers(
      UnsafeRawPointer(lhs).assumingMemoryBound(to: AnyDifferentiable.self),
      UnsafeRawPointer(rhs).assumingMemoryBound(to: AnyDifferentiable.self))
  }
  return lhs.pointee.differenceIdentifier == rhs.pointee.differenceIdentifier
}

extension UnsafeBufferPointer {
  /// The address of the element at `index`, which must be in bounds.
  @inlinable
  @inline(__always)
  internal func _address(_ index: Int) -> UnsafePointer<Element> {
    baseAddress.unsafelyUnwrapped + index
  }
}

/// Whether the elements at `sourceIndex` of `source` and `targetIndex` of `target` have
/// equal identifiers.
///
/// - Complexity: That of `_haveEqualIdentifiers(_:_:)`.
@inlinable
@inline(__always)
internal func _haveEqualIdentifiers<E: Differentiable>(
  _ source: UnsafeBufferPointer<E>, _ sourceIndex: Int, _ target: UnsafeBufferPointer<E>,
  _ targetIndex: Int
) -> Bool {
  _haveEqualIdentifiers(source._address(sourceIndex), target._address(targetIndex))
}

/// Whether the element at `new` is content-equal to the element at `old`.
///
/// - Complexity: That of the element's `isContentEqual(to:)`.
@inlinable
@inline(__always)
internal func _isContentEqual<E: Differentiable>(_ new: UnsafePointer<E>, to old: UnsafePointer<E>)
  -> Bool
{
  if E.self == AnyDifferentiable.self {
    return AnyDifferentiable._isContentEqual(
      UnsafeRawPointer(new).assumingMemoryBound(to: AnyDifferentiable.self),
      to: UnsafeRawPointer(old).assumingMemoryBound(to: AnyDifferentiable.self))
  }
  return new.pointee.isContentEqual(to: old.pointee)
}

/// An identifier as a dictionary key, hashed cheaply where it can be: an `Int` (the most
/// common identifier, a database row id) by a seeded 64-bit finalizer instead of `Hasher`'s
/// SipHash, at a fraction of the cost; any other type as it hashes itself.
///
/// The seed mixes the process's random seed (from `Hasher`) with the table's own, so keys
/// cannot be crafted to collide without knowing it, and a collision only costs time: keys
/// are always compared with `==` as well.
@usableFromInline
struct _IdentifierKey<Base: Hashable>: Hashable {
  @usableFromInline var base: Base

  @inlinable
  init(_ base: Base) { self.base = base }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.base == rhs.base }

  @inlinable
  func hash(into hasher: inout Hasher) { base.hash(into: &hasher) }

  @inlinable
  func _rawHashValue(seed: Int) -> Int {
    guard Base.self == Int.self else { return base._rawHashValue(seed: seed) }
    var mixed = UInt64(UInt(bitPattern: unsafeBitCast(base, to: Int.self)))
    mixed ^= _identifierKeySeed ^ UInt64(UInt(bitPattern: seed))
    mixed ^= mixed &>> 33
    mixed &*= 0xFF51_AFD7_ED55_8CCD
    mixed ^= mixed &>> 33
    mixed &*= 0xC4CE_B9FE_1A85_EC53
    mixed ^= mixed &>> 33
    return Int(bitPattern: UInt(truncatingIfNeeded: mixed))
  }
}

extension _IdentifierKey: Sendable where Base: Sendable {}

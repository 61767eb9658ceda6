import StagecraftDiff

/// An identifier as a dictionary key, hashed cheaply where it can be: an `Int` (the most
/// common identifier, a database row id) by a seeded 64-bit finalizer instead of `Hasher`'s
/// SipHash, at a fraction of the cost; any other type as it hashes itself.
///
/// The diff's own finalizer, `_mixedHash`: its seed, the process's random seed (from
/// `Hasher`), is mixed with the table's own, so keys
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
    _fastHash(base, seed: _mixedHashSeed ^ UInt64(UInt(bitPattern: seed)), hashSeed: seed)
  }
}

extension _IdentifierKey: Sendable where Base: Sendable {}

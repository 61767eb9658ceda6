import StagecraftDiff

/// The index of an outline: from each item to its node's slot. An open-addressing table with
/// linear probing that keeps each entry's hash, so that growing it hashes nothing again, and
/// that compares keys where the nodes hold them, so that it stores no second copy of them.
///
/// `Int` identifiers (the most common kind, database row ids) are hashed by a seeded 64-bit
/// finalizer instead of `Hasher`'s SipHash, at a fraction of the cost; the seed comes from
/// `Hasher`'s random per-process seed, so keys cannot be crafted to collide without knowing
/// it, and a collision only costs time: keys are always compared with `==` as well. Other
/// types hash as they hash themselves.
@usableFromInline
struct _SlotTable {
  /// Per bucket: the high 32 bits of the entry's hash, which also choose its bucket, and
  /// its slot plus one in the low 32 bits; 0 for an empty bucket.
  @usableFromInline var _buckets: [UInt64] = []
  @usableFromInline var count = 0
  @usableFromInline let _seed: UInt64

  @inlinable
  init() { _seed = _mixedHashSeed }

  /// The 32 hash bits of `key` that the table keeps.
  @inlinable
  func _tag<Key: Hashable>(_ key: Key) -> UInt64 { Self._tag(key, seed: _seed) }

  /// The 32 hash bits of `key` that a table with `seed` keeps.
  @inlinable
  static func _tag<Key: Hashable>(_ key: Key, seed: UInt64) -> UInt64 {
    let hash = _fastHash(key, seed: seed)
    return UInt64(UInt(bitPattern: hash)) & 0xFFFF_FFFF_0000_0000
  }

  /// The bucket that holds `key`, or the empty bucket where it would go.
  @inlinable
  func _bucket<Key: Hashable>(of key: Key, tag: UInt64, in nodes: [_OutlineNode<Key>]) -> Int {
    let mask = _buckets.count - 1
    var bucket = Int(truncatingIfNeeded: tag &>> 32) & mask
    while true {
      let entry = _buckets[bucket]
      if entry == 0
        || (entry & 0xFFFF_FFFF_0000_0000 == tag
          && nodes[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1].item == key)
      {
        return bucket
      }
      bucket = (bucket + 1) & mask
    }
  }

  /// The slot of `key`, or nil.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  func slot<Key: Hashable>(of key: Key, in nodes: [_OutlineNode<Key>]) -> Int? {
    guard !_buckets.isEmpty else { return nil }
    let entry = _buckets[_bucket(of: key, tag: _tag(key), in: nodes)]
    return entry == 0 ? nil : Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
  }

  /// Enters `key` at `slot` unless it is there already; returns the slot it had then.
  ///
  /// - Complexity: Expected O(1) amortized.
  @inlinable
  mutating func enter<Key: Hashable>(_ key: Key, at slot: Int, in nodes: [_OutlineNode<Key>])
    -> Int?
  {
    if (count + 1) * 2 > _buckets.count { _grow() }
    let tag = _tag(key)
    let bucket = _bucket(of: key, tag: tag, in: nodes)
    let entry = _buckets[bucket]
    if entry != 0 { return Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1 }
    _buckets[bucket] = tag | UInt64(slot + 1)
    count += 1
    return nil
  }

  /// Enters each of `keys` at the slot of the same index in `slots`, in one pass over the
  /// buckets; stops at the first key that is there already (or earlier in `keys`) and
  /// returns its index. The keys before it stay entered.
  ///
  /// - Complexity: Expected O(k) amortized.
  @inlinable
  mutating func enter<Key: Hashable, Slots: RandomAccessCollection<Int>>(
    _ keys: [Key], at slots: Slots, in nodes: [_OutlineNode<Key>]
  ) -> Int? where Slots.Index == Int {
    while (count + keys.count) * 2 > _buckets.count { _grow() }
    let seed = _seed
    let result = _buckets.withUnsafeMutableBufferPointer { buckets -> Int? in
      let mask = buckets.count - 1
      for index in keys.indices {
        let tag = Self._tag(keys[index], seed: seed)
        var bucket = Int(truncatingIfNeeded: tag &>> 32) & mask
        while true {
          let entry = buckets[bucket]
          if entry == 0 { break }
          if entry & 0xFFFF_FFFF_0000_0000 == tag
            && nodes[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1].item == keys[index]
          {
            return index
          }
          bucket = (bucket + 1) & mask
        }
        buckets[bucket] = tag | UInt64(slots[slots.startIndex + index] + 1)
      }
      return nil
    }
    count += result ?? keys.count
    return result
  }

  /// Removes `key`; the entries after it move back, so that no probe sequence breaks.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  mutating func remove<Key: Hashable>(_ key: Key, in nodes: [_OutlineNode<Key>]) {
    guard !_buckets.isEmpty else { return }
    let mask = _buckets.count - 1
    var hole = _bucket(of: key, tag: _tag(key), in: nodes)
    guard _buckets[hole] != 0 else { return }
    count -= 1
    var next = (hole + 1) & mask
    while _buckets[next] != 0 {
      // An entry may fill the hole when its own bucket is not between the hole and it.
      let home = Int(truncatingIfNeeded: _buckets[next] &>> 32) & mask
      if (next &- home) & mask >= (next &- hole) & mask {
        _buckets[hole] = _buckets[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    _buckets[hole] = 0
  }

  /// Doubles the buckets, placing each entry by its kept hash bits.
  @inlinable
  mutating func _grow() {
    let old = _buckets
    _buckets = Array(repeating: 0, count: Swift.max(16, old.count * 4))
    let mask = _buckets.count - 1
    for entry in old where entry != 0 {
      var bucket = Int(truncatingIfNeeded: entry &>> 32) & mask
      while _buckets[bucket] != 0 { bucket = (bucket + 1) & mask }
      _buckets[bucket] = entry
    }
  }
}

extension _SlotTable: Sendable {}

/// A set of identifiers' hash values, in an open-addressing table that places each value by
/// its own bits (they are hash values already, so they are not hashed again): what the
/// positional prefetch state checks an entering identifier against, once per item that
/// enters or leaves the window.
///
/// Linear probing, at most half full, and deletion by backward shift, so that no
/// tombstones build up as the window slides.
@usableFromInline
struct _HashValueSet: Sendable {
  private var values: [Int]
  private var occupied: [Bool]
  private(set) var count = 0
  private var mask: Int

  /// An empty set with room for `capacity` values before it grows.
  init(minimumCapacity capacity: Int = 0) {
    var size = 8
    while size < capacity * 2 { size *= 2 }
    values = Array(repeating: 0, count: size)
    occupied = Array(repeating: false, count: size)
    mask = size - 1
  }

  /// The set of `values`.
  init(_ values: some Collection<Int>) {
    self.init(minimumCapacity: values.count)
    for value in values { insert(value) }
  }

  /// The slot a value starts its probe at: its bits, mixed once more (a custom `hashValue`
  /// need not spread its low bits).
  private func home(_ value: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(value)) &* 0x9E37_79B9_7F4A_7C15) >> 32)
      & mask
  }

  /// The slot holding `value`, or the empty slot where it would go.
  private func slot(of value: Int) -> Int {
    var index = home(value)
    while occupied[index], values[index] != value { index = (index + 1) & mask }
    return index
  }

  func contains(_ value: Int) -> Bool { occupied[slot(of: value)] }

  /// Inserts `value`; `false` when it was there already.
  @discardableResult
  mutating func insert(_ value: Int) -> Bool {
    if (count + 1) * 2 > values.count { grow() }
    let index = slot(of: value)
    guard !occupied[index] else { return false }
    values[index] = value
    occupied[index] = true
    count += 1
    return true
  }

  /// Removes `value`, if there, shifting back the values that probed past it.
  mutating func remove(_ value: Int) {
    var hole = slot(of: value)
    guard occupied[hole] else { return }
    var next = hole
    while true {
      next = (next + 1) & mask
      guard occupied[next] else { break }
      let start = home(values[next])
      // The value at `next` may move into the hole when its probe started at or before the
      // hole (cyclically between the hole and `next`, it may not).
      let between = hole <= next ? (hole < start && start <= next) : (hole < start || start <= next)
      if !between {
        values[hole] = values[next]
        hole = next
      }
    }
    occupied[hole] = false
    count -= 1
  }

  private mutating func grow() {
    let old = zip(values, occupied).filter(\.1).map(\.0)
    self = _HashValueSet(minimumCapacity: values.count)
    for value in old { insert(value) }
  }
}

extension _HashValueSet: Equatable {
  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.count == rhs.count else { return false }
    for (value, isOccupied) in zip(lhs.values, lhs.occupied) where isOccupied {
      guard rhs.contains(value) else { return false }
    }
    return true
  }
}

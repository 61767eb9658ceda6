import StagecraftTestSupport
import Testing

@testable import StagecraftModel

/// The positional prefetch state's ring: its set of hash values against the standard
/// library's `Set`, and its copies against the ring they were made from.
@Suite("The prefetch state's ring")
struct PositionalRingTests {
  /// Random inserts and removes over a small range of values that collide in the table
  /// (multiples of a large power of two, near neighbours, and 0, which marks an empty slot
  /// inside the table and is kept apart).
  @Test(arguments: [1, 2, 3])
  func itsHashValuesAreASet(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var reference = Set<Int>()
    let ring = _PositionalRing(capacity: 32)
    let values = (0..<40).map { $0 % 2 == 0 ? $0 << 40 : $0 &* -7 }
    for _ in 0..<TestScale.count(20_000) {
      let value = values[random.next(values.count)]
      if random.next(3) == 0 {
        reference.remove(value)
        ring.removeKey(value)
      } else {
        #expect(ring.insertKey(value) == reference.insert(value).inserted)
      }
      #expect(ring.keyCount == reference.count)
      #expect(ring.containsKey(value) == reference.contains(value))
    }
    for value in values { #expect(ring.containsKey(value) == reference.contains(value)) }
  }

  /// A copy that keeps part of a window holds those items' flags and hash values, and the
  /// set of just those values, in a ring at least as large as asked.
  @Test func aCopyKeepsWhatItIsAskedTo() {
    let window = 100..<120
    let state = _Positional(
      window: window, visible: 105..<110, flags: window.map { UInt8($0 % 4) },
      hashOf: window.map { $0 * 31 })!
    let copy = state.ring.copy(keeping: 110..<120, capacity: 40)
    #expect(copy.capacity >= 40 && copy.capacity & copy.mask == 0 && copy.keyCount == 10)
    for flat in window {
      #expect(copy.containsKey(flat * 31) == (flat >= 110))
      if flat >= 110 {
        #expect(copy.flags[flat & copy.mask] == UInt8(flat % 4))
        #expect(copy.hashOf[flat & copy.mask] == flat * 31)
      }
    }
    // Two equal hash values in one window: no positional state.
    #expect(
      _Positional(window: 0..<3, visible: 0..<1, flags: [0, 0, 0], hashOf: [5, 6, 5]) == nil)
  }
}

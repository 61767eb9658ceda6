import StagecraftTestSupport
import Testing

@testable import StagecraftModel

/// The positional prefetch state's set of hash values, against the standard library's
/// `Set`: random inserts and removes over a small range of values that collide in the table
/// (multiples of a large power of two, and near neighbours), with growth along the way.
@Suite("The prefetch state's set of hash values")
struct HashValueSetTests {
  @Test(arguments: [1, 2, 3])
  func itIsASet(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var reference = Set<Int>()
    var set = _HashValueSet()
    let values = (0..<40).map { $0 % 2 == 0 ? $0 << 40 : $0 &* -7 }
    for _ in 0..<TestScale.count(20_000) {
      let value = values[random.next(values.count)]
      if random.next(3) == 0 {
        reference.remove(value)
        set.remove(value)
      } else {
        #expect(set.insert(value) == reference.insert(value).inserted)
      }
      #expect(set.count == reference.count)
      #expect(set.contains(value) == reference.contains(value))
    }
    for value in values { #expect(set.contains(value) == reference.contains(value)) }
    #expect(set == _HashValueSet(reference))
  }
}

import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftDiff

@Suite("Flat diff: cost and adversarial identifiers")
struct FlatDiffRobustnessTests {
  /// Counts identity and content calls for a 10/10/10/10 edit of `count` elements.
  func calls(count: Int) -> (CallCounter, moves: Int) {
    let counter = CallCounter()
    let (source, target) = tenPercentEdit(count: count, seed: 7)
    let make = { (element: GeneratedElement) in
      CountedItem(id: CountedID(value: element.id, counter: counter), content: element.content)
    }
    let staged = StagedChangeset(source: source.map(make), target: target.map(make))
    return (counter, staged.allMoved.count)
  }

  @Test func identityAndContentCallsGrowLinearly() {
    let small = calls(count: 2_000).0
    let large = calls(count: 16_000).0
    // Linear growth gives a ratio near 8; quadratic growth would give 64.
    let ratio = Double(large.total) / Double(small.total)
    #expect(ratio > 6 && ratio < 10, "ratio \(ratio)")
    // Every identifier is hashed at most once per side, and every matched pair is compared
    // for content exactly once.
    #expect(large.hashes <= 2 * 16_000 + 1_600)
    #expect(large.contentComparisons <= 16_000)
    #expect(large.equalities <= 4 * 16_000)
  }

  @Test func unchangedListsAreNotHashed() {
    let counter = CallCounter()
    let list = (0..<1_000).map {
      CountedItem(id: CountedID(value: $0, counter: counter), content: 0)
    }
    #expect(StagedChangeset(source: list, target: list).isEmpty)
    #expect(counter.hashes == 0)
  }

  @Test func aChangeAtOneEndHashesOnlyThatEnd() {
    let counter = CallCounter()
    let make = { CountedItem(id: CountedID(value: $0, counter: counter), content: 0) }
    let source = (0..<1_000).map(make)
    let appended = source + (1_000..<1_003).map(make)
    let prepended = (1_000..<1_003).map(make) + source
    #expect(StagedChangeset(source: source, target: appended).allInserted.count == 3)
    #expect(StagedChangeset(source: source, target: prepended).allInserted.count == 3)
    #expect(counter.hashes <= 6)
  }

  @Test func tenPercentEditHasTheMinimumMoves() {
    let (source, target) = tenPercentEdit(count: 2_000, seed: 11)
    let sourceItems = source.map { Item($0.id, $0.content) }
    let targetItems = target.map { Item($0.id, $0.content) }
    let staged = StagedChangeset(source: sourceItems, target: targetItems)
    #expect(ReplayOracle.problems(staged, from: sourceItems, to: targetItems).isEmpty)
    let reference = ReferenceMatching(source: sourceItems, target: targetItems)
    #expect(staged.allMoved.count == reference.minimumMoves)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func everyHashCollidingStillDiffsCorrectly(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<200 {
      let make = { (item: Item) in
        CollidingItem(id: CollidingID(value: item.id), content: item.content)
      }
      let source = random.items(count: Int.random(in: 0...40, using: &random), ids: 12, contents: 2)
        .map(make)
      let target = random.items(count: Int.random(in: 0...40, using: &random), ids: 12, contents: 2)
        .map(make)
      let staged = StagedChangeset(source: source, target: target)
      let reference = ReferenceMatching(source: source, target: target)
      #expect(ReplayOracle.problems(staged, from: source, to: target).isEmpty)
      #expect(staged.allDeleted.map(\.element) == reference.deleted)
      #expect(staged.allInserted.map(\.element) == reference.inserted)
      #expect(staged.allMoved.count == reference.minimumMoves)
    }
  }

  @Test func longestIncreasingSubsequenceIsLongest() {
    var random = SplitMix64(seed: 5)
    for round in 0..<600 {
      let limit = Int.random(in: 0...40, using: &random)
      // Shuffled blocks of consecutive values (the runs the search skips), some values
      // left out, and some positions without a value (-1).
      var blocks: [[Int]] = []
      var next = 0
      while next < limit {
        let length = Int.random(in: 1...(round.isMultiple(of: 2) ? 1 : 6), using: &random)
        blocks.append(Array(next..<Swift.min(limit, next + length)))
        next += length
      }
      var values = ContiguousArray(blocks.shuffled(using: &random).joined())
      values.removeAll { _ in Int.random(in: 0..<5, using: &random) == 0 }
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        values.insert(-1, at: Int.random(in: 0...values.count, using: &random))
      }
      let (staying, length) = _longestIncreasingSubsequence(values, valueLimit: limit)
      let chosen = values.filter { $0 >= 0 && staying[$0] }
      let present = values.filter { $0 >= 0 }
      #expect(chosen == chosen.sorted())
      #expect(chosen.count == length)
      #expect(length == longestIncreasingSubsequenceLength(present))
      #expect(staying.indices.allSatisfy { !staying[$0] || present.contains($0) })
      // The 32-bit and the full-width scratch choose the same subsequence.
      let wide = values.withUnsafeBufferPointer {
        _longestIncreasingSubsequence($0, valueLimit: limit, scratch: Int.self)
      }
      #expect(wide.staying == staying && wide.length == length)
    }
  }

  /// Long subsequences, where the search uses every level of its summary: thousands of
  /// tails (several groups of 256, counted without an early exit) and more than 65,536
  /// (groups searched by halving). Values are shuffled within windows, as the k-th
  /// occurrences of repeated identifiers are after an edit, and some are left out; the
  /// 32-bit search must agree with the full-width one and with the reference length.
  @Test(arguments: [(20_000, 24), (60_000, 200), (160_000, 3)])
  func longSubsequencesUseEveryLevelOfTheSearch(count: Int, window: Int) {
    var random = SplitMix64(seed: UInt64(count + window))
    var values = ContiguousArray(0..<count)
    var start = 0
    while start < count {
      let end = Swift.min(count, start + Int.random(in: 1...window, using: &random))
      values[start..<end].shuffle(using: &random)
      start = end
    }
    for index in values.indices where Int.random(in: 0..<10, using: &random) == 0 {
      values[index] = -1
    }
    let (staying, length) = _longestIncreasingSubsequence(values, valueLimit: count)
    let present = values.filter { $0 >= 0 }
    let chosen = present.filter { staying[$0] }
    #expect(chosen == chosen.sorted() && Set(chosen).count == chosen.count)
    #expect(chosen.count == length)
    #expect(length == longestIncreasingSubsequenceLength(present))
    #expect(length > (window == 3 ? 65_536 : 4_096))
    let wide = values.withUnsafeBufferPointer {
      _longestIncreasingSubsequence($0, valueLimit: count, scratch: Int.self)
    }
    #expect(wide.staying == staying && wide.length == length)
  }
}

import StagecraftTestSupport
import Testing

@testable import StagecraftModel

/// The layout's heights tree (`_Heights`) against a plain array: random inserts, removals and
/// changes, with prefix sums read after each, and the cost of one change counted in nodes.
@Suite struct HeightTreeTests {
  /// Random operations at random places, small and large trees, checked against an array
  /// after each: heights, stamps, prefix sums, and the tree's own counts and sums.
  @Test(arguments: [1, 2, 3, 4]) func agreesWithAnArray(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var heights = ContiguousArray(
      (0..<Int.random(in: 0..<300, using: &random)).map { Double($0 % 7) })
    var stamps = ContiguousArray(heights.map { UInt32($0) })
    var tree = _Heights(heights, stamps: stamps)
    for step in 0..<TestScale.count(2_000) {
      switch Int.random(in: 0..<10, using: &random) {
      case 0..<4:
        let flat = Int.random(in: 0...heights.count, using: &random)
        let height = Double(Int.random(in: 0..<100, using: &random))
        heights.insert(height, at: flat)
        stamps.insert(UInt32(step), at: flat)
        tree.insert(height, stamp: UInt32(step), at: flat)
      case 4..<8 where !heights.isEmpty:
        let flat = Int.random(in: 0..<heights.count, using: &random)
        let removed = tree.remove(at: flat)
        #expect(removed.height == heights.remove(at: flat))
        #expect(removed.stamp == stamps.remove(at: flat))
      case 8 where !heights.isEmpty:
        let flat = Int.random(in: 0..<heights.count, using: &random)
        heights[flat] = Double(Int.random(in: 0..<100, using: &random))
        tree.set(heights[flat], at: flat)
      case 9 where !heights.isEmpty:
        let flat = Int.random(in: 0..<heights.count, using: &random)
        stamps[flat] = UInt32(step)
        tree.set(nil, stamp: UInt32(step), at: flat)
      default: break
      }
      #expect(tree.root.checkedDepth(isRoot: true) != nil)
      #expect(tree.allHeights() == heights)
      #expect(tree.allStamps() == stamps)
      #expect(tree.count == heights.count)
      #expect(tree.sum == heights.reduce(0, +))
      if !heights.isEmpty {
        let flat = Int.random(in: 0...heights.count, using: &random)
        #expect(tree.prefix(flat) == heights[..<flat].reduce(0, +))
        // The first item ending past a target, found in one descent, as a scan finds it.
        let target = Double(Int.random(in: -1...(Int(tree.sum) + 1), using: &random))
        var (end, expected) = (0.0, heights.count)
        for (index, height) in heights.enumerated() {
          end += height
          if end > target {
            expected = index
            break
          }
        }
        #expect(tree.firstIndex(endingAfter: target) == expected, "\(target)")
      }
    }
  }

  /// A copy shares the tree; a change to one leaves the other as it was.
  @Test func aCopyIsUnchangedByTheOriginal() {
    var tree = _Heights(ContiguousArray((0..<10_000).map { Double($0 % 5) }))
    let copy = tree
    tree.insert(1_000, stamp: 1, at: 5_000)
    tree.remove(at: 0)
    tree.set(77, at: 9_000)
    #expect(copy.count == 10_000)
    #expect(copy.allHeights() == ContiguousArray((0..<10_000).map { Double($0 % 5) }))
    #expect(tree.count == 10_000)
  }

  /// One insert, removal or change visits O(log n) nodes: as few at 1,000,000 items as a
  /// handful more than at 1,000, not a thousand times as many.
  @Test func oneChangeVisitsLogarithmicallyManyNodes() {
    var visited: [Int] = []
    for count in [1_000, 1_000_000] {
      var tree = _Heights(ContiguousArray(repeating: 44, count: count))
      var most = 0
      for step in 0..<200 {
        let before = tree.touched
        let flat = (step &* 7_919) % tree.count
        switch step % 3 {
        case 0: tree.insert(50, stamp: 1, at: flat)
        case 1: tree.remove(at: flat)
        default: tree.set(60, at: flat)
        }
        most = max(most, tree.touched - before)
      }
      visited.append(most)
    }
    // Depth 2 at 1,000 and 4 at 1,000,000; a rebalance visits two nodes more per level.
    #expect(visited[1] <= 3 * 4, "\(visited)")
    #expect(visited[1] <= visited[0] + 8, "\(visited)")
  }
}

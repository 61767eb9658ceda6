import Stagecraft
import StagecraftTestSupport
import Testing

/// Random operation sequences on `DiffableSectionSnapshot`, each checked against
/// `ReferenceOutline`: every query after every step, and every refused step leaves the
/// snapshot unchanged.
@Suite("Section snapshots against a nested-array reference")
struct SectionSnapshotFuzzTests {
  typealias Outline = DiffableSectionSnapshot<Int>

  /// Compares every query of `outline` with the reference.
  static func check(_ outline: Outline, _ reference: ReferenceOutline, _ step: String) {
    let rows = reference.rows
    #expect(outline.items == rows.map(\.item), "\(step)")
    #expect(outline.visibleItems == rows.filter(\.visible).map(\.item), "\(step)")
    #expect(outline.numberOfVisibleItems == rows.filter(\.visible).count, "\(step)")
    #expect(outline.rootItems == reference.roots.map(\.item), "\(step)")
    #expect(outline.expandedItems == rows.filter(\.expanded).map(\.item), "\(step)")
    #expect(outline.numberOfItems == rows.count, "\(step)")
    for (index, row) in rows.enumerated() {
      #expect(outline.level(of: row.item) == row.level, "\(step)")
      #expect(outline.parent(of: row.item) == row.parent, "\(step)")
      #expect(outline.isVisible(row.item) == row.visible, "\(step)")
      #expect(outline.isExpanded(row.item) == row.expanded, "\(step)")
      #expect(outline.index(of: row.item) == index, "\(step)")
    }
  }

  /// A small random outline of `count` fresh items from `next`, some expanded.
  static func randomTree(
    count: Int, from next: inout Int, using random: inout SplitMix64
  ) -> (Outline, [ReferenceOutline.Node]) {
    var outline = Outline()
    var reference = ReferenceOutline()
    for _ in 0..<count {
      let existing = reference.items
      let parent =
        existing.isEmpty || random.next() % 3 == 0 ? nil : existing.randomElement(using: &random)
      try! outline.append([next], to: parent)
      reference.append([.init(item: next)], to: parent)
      if random.next() % 2 == 0 {
        outline.expand([next])
        reference.setExpanded(next, true)
      }
      next += 1
    }
    return (outline, reference.roots)
  }

  @Test(arguments: 0..<(TestScale.isFull ? 40 : 16))
  func randomOperationsMatchTheReference(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 7)
    var outline = Outline()
    var reference = ReferenceOutline()
    var next = 0
    for step in 0..<120 {
      let present = reference.items
      // Mostly present items, sometimes an absent one, sometimes a duplicate.
      func pick() -> Int {
        if present.isEmpty || random.next() % 8 == 0 { return 10_000 + Int(random.next() % 5) }
        return present.randomElement(using: &random)!
      }
      func fresh(_ count: Int) -> [Int] {
        defer { next += count }
        return Array(next..<next + count)
      }
      let before = outline
      let operation = random.next() % 9
      var refused = false
      do {
        switch operation {
        case 0, 1:
          let parent = random.next() % 3 == 0 || present.isEmpty ? nil : pick()
          var items = fresh(Int(random.next() % 3) + 1)
          if random.next() % 6 == 0, let old = present.randomElement(using: &random) {
            items.append(old)
          }
          let valid =
            (parent.map(reference.contains) ?? true)
            && Set(items).count == items.count && !items.contains(where: reference.contains)
          refused = !valid
          try outline.append(items, to: parent)
          reference.append(items.map { .init(item: $0) }, to: parent)
        case 2:
          let destination = pick()
          let after = random.next() % 2 == 0
          let items = fresh(Int(random.next() % 2) + 1)
          refused = !reference.contains(destination)
          if after {
            try outline.insert(items, after: destination)
          } else {
            try outline.insert(items, before: destination)
          }
          reference.insert(items.map { .init(item: $0) }, at: destination, after: after)
        case 3:
          var doomed = [pick()]
          if random.next() % 2 == 0 { doomed.append(pick()) }
          refused = !doomed.allSatisfy(reference.contains)
          try outline.delete(doomed)
          for item in doomed { reference.delete(item) }
        case 4, 5:
          let items = [pick(), pick()]
          let expand = operation == 4
          if expand { outline.expand(items) } else { outline.collapse(items) }
          for item in items { reference.setExpanded(item, expand) }
        case 6:
          let (tree, nodes) = Self.randomTree(
            count: Int(random.next() % 4) + 1, from: &next, using: &random)
          let destination = present.isEmpty ? nil : pick()
          refused = destination.map { !reference.contains($0) } ?? false
          if let destination, random.next() % 2 == 0 {
            try outline.insert(tree, after: destination)
            reference.insert(nodes, at: destination, after: true)
          } else {
            try outline.append(tree, to: destination)
            reference.append(nodes, to: destination)
          }
        case 7:
          let parent = pick()
          var (tree, nodes) = Self.randomTree(
            count: Int(random.next() % 4), from: &next, using: &random)
          // Sometimes keep one of the parent's descendants, or steal an item from elsewhere.
          if let node = reference.node(parent), random.next() % 2 == 0 {
            let candidates =
              ReferenceOutline.items(of: node.children) + [present.randomElement(using: &random)!]
            let kept = candidates.randomElement(using: &random)!
            if !tree.contains(kept) {
              try! tree.append([kept])
              nodes.append(.init(item: kept))
            }
          }
          let descendants =
            reference.node(parent).map { ReferenceOutline.items(of: $0.children) } ?? []
          refused =
            !reference.contains(parent)
            || ReferenceOutline.items(of: nodes).contains {
              reference.contains($0) && !descendants.contains($0)
            }
          try outline.replace(childrenOf: parent, using: tree)
          reference.withNode(at: reference.path(of: parent)!) { $0.children = nodes }
        default:
          let parent = pick()
          let including = random.next() % 2 == 0
          refused = !reference.contains(parent)
          let subtree = try outline.snapshot(of: parent, includingParent: including)
          let node = reference.node(parent)!
          Self.check(
            subtree, ReferenceOutline(roots: including ? [node] : node.children), "subtree")
        }
        #expect(!refused, "step \(step): operation \(operation) should have thrown")
      } catch {
        #expect(refused, "step \(step): operation \(operation) threw \(error)")
        #expect(outline == before, "step \(step)")
        #expect(outline.visualDescription() == before.visualDescription(), "step \(step)")
      }
      Self.check(outline, reference, "seed \(seed) step \(step) operation \(operation)")
    }
  }

  /// `visibleItems` is computed once per change: asking again returns the same storage.
  @Test func visibleItemsAreNotRecomputedWhenNothingChanged() throws {
    var outline = Outline()
    try outline.append(Array(0..<100))
    try outline.append(Array(100..<200), to: 0)
    outline.expand([0])
    func storage(_ items: [Int]) -> UnsafeRawPointer? {
      items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    let first = outline.visibleItems
    #expect(storage(outline.visibleItems) == storage(first))
    let copy = outline
    #expect(storage(copy.visibleItems) == storage(first))
    outline.collapse([0])
    #expect(outline.visibleItems.count == 100)
    #expect(storage(copy.visibleItems) == storage(first))
  }

  /// A copy keeps its own cached orders when the original changes.
  @Test func copiesDoNotShareCachedOrders() throws {
    var outline = Outline()
    try outline.append([1, 2, 3])
    let copy = outline
    _ = copy.visibleItems
    _ = copy.index(of: 3)
    try outline.delete([2])
    outline.expand([1])
    try outline.append([4], to: 1)
    #expect(copy.visibleItems == [1, 2, 3])
    #expect(copy.index(of: 3) == 2)
    #expect(outline.visibleItems == [1, 4, 3])
    #expect(outline.index(of: 3) == 2)
  }
}

import Stagecraft
import StagecraftTestSupport
import Testing

typealias Outline = DiffableSectionSnapshot<String>

@Suite("Section snapshots: Apple's documented examples and every operation")
struct SectionSnapshotTests {
  /// Apple's example in the `NSDiffableDataSourceSectionSnapshot` overview: two root items,
  /// one with three children.
  @Test func applesOverviewExample() throws {
    var outline = Outline()
    try outline.append(["Food", "Drinks"])
    try outline.append(["Apple", "Strawberry", "Croissant"], to: "Food")
    #expect(outline.items == ["Food", "Apple", "Strawberry", "Croissant", "Drinks"])
    #expect(outline.rootItems == ["Food", "Drinks"])
    #expect(outline.visibleItems == ["Food", "Drinks"])  // new items are collapsed
    #expect(outline.level(of: "Food") == 0)
    #expect(outline.level(of: "Croissant") == 1)
    #expect(outline.parent(of: "Apple") == "Food")
    #expect(outline.parent(of: "Food") == nil)
    #expect(outline.index(of: "Drinks") == 4)
    #expect(!outline.isVisible("Apple"))
    outline.expand(["Food"])
    #expect(outline.isVisible("Apple"))
    #expect(outline.visibleItems == ["Food", "Apple", "Strawberry", "Croissant", "Drinks"])
    #expect(outline.numberOfVisibleItems == 5)
  }

  /// `append(_:to:)` adds after the parent's existing children; `insert(_:after:)` places
  /// items after the destination's whole subtree, at its level.
  @Test func insertAfterGoesPastTheSubtree() throws {
    var outline = Outline()
    try outline.append(["A", "B"])
    try outline.append(["A1"], to: "A")
    try outline.append(["A2"], to: "A")
    try outline.append(["A1a"], to: "A1")
    try outline.insert(["X"], after: "A")
    try outline.insert(["W"], before: "A")
    try outline.insert(["A0"], before: "A1")
    try outline.insert(["A3"], after: "A2")
    #expect(outline.items == ["W", "A", "A0", "A1", "A1a", "A2", "A3", "X", "B"])
    #expect(outline.rootItems == ["W", "A", "X", "B"])
    #expect(outline.level(of: "X") == 0)
    #expect(outline.level(of: "A3") == 1)
    #expect(outline.level(of: "A1a") == 2)
    #expect(outline.parent(of: "A0") == "A")
  }

  /// Expansion is kept for items without children, and while an ancestor is collapsed.
  @Test func expansionPersistsWhileTheParentIsCollapsed() throws {
    var outline = Outline()
    try outline.append(["A"])
    try outline.append(["B"], to: "A")
    try outline.append(["C"], to: "B")
    outline.expand(["B", "C"])  // B under a collapsed A; C has no children
    #expect(outline.isExpanded("B") && outline.isExpanded("C"))
    #expect(outline.visibleItems == ["A"])
    #expect(!outline.isVisible("C"))
    outline.expand(["A"])
    #expect(outline.visibleItems == ["A", "B", "C"])
    outline.collapse(["A"])
    #expect(outline.visibleItems == ["A"])
    #expect(outline.isExpanded("B"))
    outline.expand(["A"])
    #expect(outline.visibleItems == ["A", "B", "C"])
    #expect(outline.expandedItems == ["A", "B", "C"])
    // Missing items change nothing, as in Apple's.
    let before = outline
    outline.expand(["nope"])
    outline.collapse(["nope"])
    #expect(outline == before)
  }

  /// `snapshot(of:)` starts its levels at 0 and keeps expansion; `replace(childrenOf:)`.
  @Test func subtreesAndReplace() throws {
    var outline = Outline()
    try outline.append(["A", "B"])
    try outline.append(["A1", "A2"], to: "A")
    try outline.append(["A1a"], to: "A1")
    outline.expand(["A", "A1"])

    let children = try outline.snapshot(of: "A")
    #expect(children.items == ["A1", "A1a", "A2"])
    #expect(children.rootItems == ["A1", "A2"])
    #expect(children.level(of: "A1a") == 1)
    #expect(children.isExpanded("A1"))
    #expect(children.visibleItems == ["A1", "A1a", "A2"])

    let whole = try outline.snapshot(of: "A", includingParent: true)
    #expect(whole.rootItems == ["A"])
    #expect(whole.level(of: "A1a") == 2)
    #expect(whole.isExpanded("A"))

    var replacement = Outline()
    try replacement.append(["N1", "A2"])  // A2 is among A's descendants: allowed
    try replacement.append(["N1a"], to: "N1")
    try outline.replace(childrenOf: "A", using: replacement)
    #expect(outline.items == ["A", "N1", "N1a", "A2", "B"])
    #expect(!outline.contains("A1a"))
    #expect(outline.isExpanded("A"))  // the parent keeps its expansion
    #expect(outline.visibleItems == ["A", "N1", "A2", "B"])
    #expect(outline.level(of: "N1a") == 2)
  }

  @Test func insertingSnapshots() throws {
    var outline = Outline()
    try outline.append(["A", "B"])
    var more = Outline()
    try more.append(["M"])
    try more.append(["M1"], to: "M")
    more.expand(["M"])
    try outline.insert(more, after: "A")
    var less = Outline()
    try less.append(["L"])
    try outline.insert(less, before: "A")
    var under = Outline()
    try under.append(["U"])
    try outline.append(under, to: "B")
    #expect(outline.items == ["L", "A", "M", "M1", "B", "U"])
    #expect(outline.visibleItems == ["L", "A", "M", "M1", "B"])
    #expect(outline.level(of: "U") == 1)
    #expect(outline.level(of: "M1") == 1)
    outline.expand(["B"])
    #expect(outline.visibleItems.last == "U")
  }

  @Test func deleteTakesTheDescendants() throws {
    var outline = Outline()
    try outline.append(["A", "B"])
    try outline.append(["A1"], to: "A")
    try outline.append(["A1a"], to: "A1")
    outline.expand(["A", "A1"])
    try outline.delete(["A1", "A1a"])  // A1a goes with A1; listing it too is fine
    #expect(outline.items == ["A", "B"])
    #expect(outline.visibleItems == ["A", "B"])
    #expect(!outline.contains("A1a"))
    // A deleted item's expansion state goes with it.
    try outline.append(["A1"], to: "A")
    #expect(!outline.isExpanded("A1"))
    outline.deleteAll()
    #expect(outline.items.isEmpty && outline.expandedItems.isEmpty)
    try outline.append(["A"])
    #expect(!outline.isExpanded("A"))
  }

  @Test func visualDescriptionUsesApplesMarks() throws {
    var outline = Outline()
    try outline.append(["Food", "Drinks"])
    try outline.append(["Apple"], to: "Food")
    try outline.append(["Tea"], to: "Drinks")
    outline.expand(["Food"])
    #expect(
      outline.visualDescription() == """
        DiffableSectionSnapshot: 4 items, 3 visible
        *+ Food
          *- Apple
        *- Drinks
           - Tea
        """)
  }

  /// Every operation that Apple's snapshot crashes on throws, names the identifiers, and
  /// leaves the snapshot exactly as it was.
  @Test func everyErrorPathLeavesTheSnapshotUnchanged() throws {
    var outline = Outline()
    try outline.append(["A", "B"])
    try outline.append(["A1"], to: "A")
    outline.expand(["A"])
    let saved = outline
    var other = Outline()
    try other.append(["B", "Z"])

    let cases: [(String, DiffableSnapshotError.Kind, [String], (inout Outline) throws -> Void)] = [
      ("append a duplicate", .duplicateItems, ["A1"], { try $0.append(["N", "A1"]) }),
      ("append twice in one call", .duplicateItems, ["N"], { try $0.append(["N", "M", "N"]) }),
      ("append to a missing parent", .missingItems, ["P"], { try $0.append(["N"], to: "P") }),
      ("insert before a missing item", .missingItems, ["P"], { try $0.insert(["N"], before: "P") }),
      ("insert after a missing item", .missingItems, ["P"], { try $0.insert(["N"], after: "P") }),
      ("insert a duplicate", .duplicateItems, ["A"], { try $0.insert(["A"], after: "B") }),
      ("delete a missing item", .missingItems, ["P"], { try $0.delete(["A", "P"]) }),
      ("append a snapshot with a duplicate", .duplicateItems, ["B"], { try $0.append(other) }),
      (
        "insert a snapshot with a duplicate", .duplicateItems, ["B"],
        { try $0.insert(other, before: "A") }
      ),
      (
        "insert a snapshot after a missing item", .missingItems, ["P"],
        { try $0.insert(other, after: "P") }
      ),
      (
        "replace the children of a missing item", .missingItems, ["P"],
        { try $0.replace(childrenOf: "P", using: other) }
      ),
      (
        "replace with an item from elsewhere", .duplicateItems, ["B"],
        { try $0.replace(childrenOf: "A", using: other) }
      ),
      ("take a missing subtree", .missingItems, ["P"], { _ = try $0.snapshot(of: "P") }),
    ]
    for (name, kind, identifiers, body) in cases {
      var copy = outline
      #expect(throws: DiffableSnapshotError(kind, identifiers: identifiers), "\(name)") {
        try body(&copy)
      }
      #expect(copy == saved, "\(name)")
      #expect(copy.visualDescription() == saved.visualDescription(), "\(name)")
      #expect(copy.visibleItems == saved.visibleItems, "\(name)")
      // The failed call left no trace: the same call without the bad part works.
      try copy.append(["fresh"], to: "A1")
      #expect(copy.items == ["A", "A1", "fresh", "B"], "\(name)")
    }
  }

  /// A deep chain (5,000 levels at full scale, 2,000 otherwise): nothing recurses, so depth
  /// cannot overflow the stack.
  @Test func aDeepChainNeitherRecursesNorLosesCount() throws {
    let depth = TestScale.isFull ? 5_000 : 2_000
    var outline = DiffableSectionSnapshot<Int>()
    try outline.append([0])
    for level in 1..<depth { try outline.append([level], to: level - 1) }
    outline.expand(Array(0..<depth))
    #expect(outline.numberOfVisibleItems == depth)
    #expect(outline.visibleItems.count == depth)
    #expect(outline.level(of: depth - 1) == depth - 1)
    outline.collapse([0])
    #expect(outline.visibleItems == [0])
    let copy = try outline.snapshot(of: 0, includingParent: true)
    #expect(copy.numberOfItems == depth)
    #expect(copy.visualDescription().split(separator: "\n").count == depth + 1)
  }
}

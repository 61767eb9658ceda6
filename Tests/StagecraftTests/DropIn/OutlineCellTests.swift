import Stagecraft
import StagecraftTestSupport
import Testing

/// Outlines through the drop-ins' cell path, run headlessly: the drop-ins set a list cell's
/// `indentationLevel` to `DiffableDataSource.outlineLevel(at:)` as they hand out the cell, and
/// an `.outlineDisclosure()` tap toggles the item (`outlineDisclosureAction(for:)`, which calls
/// `toggleExpansion(of:)`).
@MainActor
@Suite("Outlines: every realized cell's indentation, after any expand and collapse")
struct OutlineCellTests {
  typealias Section = DiffableSnapshot<String, Int>.Section
  typealias View = HeadlessCollectionView<Section>
  typealias Source = DiffableDataSource<View, String, Int>

  /// A reference tree: each item's parent (nil for a root), in insertion order, and which
  /// items are expanded.
  struct Tree {
    var parent: [Int: Int?] = [:]
    var order: [Int] = []
    var expanded: Set<Int> = []

    func children(of item: Int?) -> [Int] { order.filter { parent[$0] == item } }

    /// The rows the section shows: depth-first, into expanded items only, with their depth.
    func visible(under item: Int? = nil, depth: Int = 0) -> [(item: Int, depth: Int)] {
      children(of: item).flatMap { child in
        [(child, depth)]
          + (expanded.contains(child) ? visible(under: child, depth: depth + 1) : [])
      }
    }
  }

  @Test(arguments: 0..<UInt64(TestScale.count(24)))
  func indentationFollowsTheLevelAfterRandomToggles(seed: UInt64) throws {
    var random = SplitMix64(seed: seed &+ 101)
    var tree = Tree()
    var outline = DiffableSectionSnapshot<Int>()
    for item in 1...Int.random(in: 3...24, using: &random) {
      let parent =
        tree.order.isEmpty || Int.random(in: 0..<3, using: &random) == 0
        ? nil : tree.order.randomElement(using: &random)
      tree.parent[item] = parent
      tree.order.append(item)
      try outline.append([item], to: parent)
    }
    for item in tree.order where Bool.random(using: &random) {
      tree.expanded.insert(item)
      outline.expand([item])
    }
    let view = View(CollectionModel(sections: []))
    let source = Source(target: view)
    let log = FallbackLog()
    source.updateGuard = log.guarding
    var snapshot = DiffableSnapshot<String, Int>()
    try snapshot.appendSections(["flat", "tree"])
    try snapshot.appendItems([1_000, 1_001], toSection: "flat")
    source.apply(snapshot, animatingDifferences: false)
    try source.apply(outline, to: "tree", animatingDifferences: false)
    for step in 0..<16 {
      let parents = tree.visible().map(\.item).filter { !tree.children(of: $0).isEmpty }
      if let item = parents.randomElement(using: &random) {
        // The disclosure's default action: the drop-ins' `outlineDisclosureAction(for:)`.
        #expect(try source.toggleExpansion(of: item, animatingDifferences: step % 2 == 0))
        if tree.expanded.contains(item) {
          tree.expanded.remove(item)
        } else {
          tree.expanded.insert(item)
        }
      }
      let rows = tree.visible()
      #expect(view.model.sections[1].elements.map(\.identifier) == rows.map(\.item))
      #expect(!view.model.cells.isEmpty)
      for path in view.model.cells.keys {
        if path.section == 0 {
          #expect(source.outlineLevel(at: path) == nil, "a flat section has no level")
        } else {
          #expect(source.outlineLevel(at: path) == rows[path.element].depth, "seed \(seed)")
        }
      }
    }
    #expect(log.reports.isEmpty && view.refusals.isEmpty)
  }
}

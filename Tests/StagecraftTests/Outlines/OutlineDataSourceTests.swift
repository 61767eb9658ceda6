import Stagecraft
import StagecraftTestSupport
import Testing

@Suite("Outlines on the data source")
struct OutlineDataSourceTests {
  typealias DataSource = CollectionModelDataSource<String, Int>
  typealias Outline = DiffableSectionSnapshot<Int>

  /// The rows the model shows in `section`.
  static func rows(_ dataSource: DataSource, _ section: Int) -> [Int] {
    dataSource.target.sections[section].elements.map(\.identifier)
  }

  /// The last batch the model applied.
  static func lastBatch(_ dataSource: DataSource) -> BatchUpdate? {
    for event in dataSource.target.events.reversed() {
      if case .batchUpdates(let batch, _) = event { return batch }
    }
    return nil
  }

  /// A two-level outline: roots 1, 2, 3; 1 has 10...12, 11 has 110, 111; 3 has 30.
  static func sample() throws -> Outline {
    var outline = Outline()
    try outline.append([1, 2, 3])
    try outline.append([10, 11, 12], to: 1)
    try outline.append([110, 111], to: 11)
    try outline.append([30], to: 3)
    return outline
  }

  @Test func applyingToANewSectionAppendsItAndShowsTheVisibleItems() throws {
    let dataSource = DataSource()
    var outline = try Self.sample()
    outline.expand([1])
    try dataSource.apply(outline, to: "tree")
    #expect(dataSource.snapshot().sectionIdentifiers == ["tree"])
    #expect(Self.rows(dataSource, 0) == outline.visibleItems)
    #expect(dataSource.snapshot(for: "tree") == outline)
    #expect(dataSource.snapshot(for: "tree").isExpanded(1))
    #expect(dataSource.snapshot().itemIdentifiers == [1, 10, 11, 12, 2, 3])
  }

  @Test func applyDiffsOnlyThatSection() throws {
    let dataSource = DataSource()
    var flat = DiffableSnapshot<String, Int>()
    try flat.appendSections(["top", "tree", "bottom"])
    try flat.appendItems([-1, -2], toSection: "top")
    try flat.appendItems([-3], toSection: "bottom")
    try dataSource.apply(flat)
    var outline = try Self.sample()
    try dataSource.apply(outline, to: "tree")
    #expect(Self.rows(dataSource, 1) == [1, 2, 3])
    outline.expand([1, 11])
    try outline.delete([2])
    let eventsBefore = dataSource.target.events.count
    try dataSource.apply(outline, to: "tree")
    #expect(Self.rows(dataSource, 1) == [1, 10, 11, 110, 111, 12, 3])
    #expect(Self.rows(dataSource, 0) == [-1, -2])
    #expect(Self.rows(dataSource, 2) == [-3])
    let batches = dataSource.target.events[eventsBefore...].compactMap { event in
      if case .batchUpdates(let batch, _) = event { return batch }
      return nil
    }
    #expect(batches.flatMap(\.deleteItems) == [ElementPath(element: 1, section: 1)])
    #expect(batches.flatMap(\.insertItems) == (1...5).map { ElementPath(element: $0, section: 1) })
    #expect(batches.allSatisfy { $0.moveItems.isEmpty && $0.reloadItems.isEmpty })
    #expect(dataSource.target.staleCells.isEmpty)
  }

  @Test func anItemFromAnotherSectionIsRefusedAndNothingChanges() throws {
    let dataSource = DataSource()
    try dataSource.apply(Self.sample(), to: "tree")
    var other = Outline()
    try other.append([7])
    try other.append([110], to: 7)  // hidden in "tree"
    let before = (
      dataSource.snapshot(), dataSource.target.sections, dataSource.snapshot(for: "tree")
    )
    #expect(throws: DiffableSnapshotError(.duplicateItems, identifiers: ["110"])) {
      try dataSource.apply(other, to: "other")
    }
    #expect(dataSource.snapshot() == before.0)
    #expect(dataSource.target.sections == before.1)
    #expect(dataSource.snapshot(for: "tree") == before.2)
  }

  /// The tap: the batch inserts exactly the rows that appear, after the item, and deletes
  /// exactly those that disappear; cells and selection of the other rows stay.
  @Test func toggleExpansionBatchesExactlyTheRowsThatAppear() throws {
    let dataSource = DataSource()
    var outline = try Self.sample()
    outline.expand([11])  // expanded under a collapsed parent
    try dataSource.apply(outline, to: "tree")
    let selected = dataSource.target.selectItem(at: ElementPath(element: 2, section: 0))  // 3
    #expect(selected)
    let cellOf3 = try #require(dataSource.target.cell(at: ElementPath(element: 2, section: 0)))

    #expect(try dataSource.toggleExpansion(of: 1))
    #expect(Self.rows(dataSource, 0) == [1, 10, 11, 110, 111, 12, 2, 3])
    let expand = try #require(Self.lastBatch(dataSource))
    #expect(expand.insertItems == (1...5).map { ElementPath(element: $0, section: 0) })
    #expect(expand.deleteItems.isEmpty && expand.moveItems.isEmpty && expand.reloadItems.isEmpty)
    #expect(dataSource.target.indexPathsForSelectedItems == [ElementPath(element: 7, section: 0)])
    #expect(dataSource.target.cell(at: ElementPath(element: 7, section: 0))?.id == cellOf3.id)

    #expect(try dataSource.toggleExpansion(of: 11))  // collapse a nested item
    #expect(Self.rows(dataSource, 0) == [1, 10, 11, 12, 2, 3])
    let collapse = try #require(Self.lastBatch(dataSource))
    #expect(collapse.deleteItems == [3, 4].map { ElementPath(element: $0, section: 0) })
    #expect(collapse.insertItems.isEmpty)
    #expect(dataSource.snapshot(for: "tree").visibleItems == Self.rows(dataSource, 0))
    #expect(!dataSource.snapshot(for: "tree").isExpanded(11))
    #expect(dataSource.target.staleCells.isEmpty)

    // A hidden item cannot be tapped.
    #expect(try !dataSource.toggleExpansion(of: 30))
    #expect(Self.rows(dataSource, 0) == [1, 10, 11, 12, 2, 3])
  }

  @Test func handlersAreAskedToldAndCanRefuse() throws {
    let dataSource = DataSource()
    try dataSource.apply(Self.sample(), to: "tree")
    var log: [String] = []
    var allowCollapse = false
    dataSource.sectionSnapshotHandlers.shouldExpandItem = {
      log.append("should expand \($0)"); return $0 != 2
    }
    dataSource.sectionSnapshotHandlers.willExpandItem = { log.append("will expand \($0)") }
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = {
      log.append("should collapse \($0)"); return allowCollapse
    }
    dataSource.sectionSnapshotHandlers.willCollapseItem = { log.append("will collapse \($0)") }

    #expect(try !dataSource.toggleExpansion(of: 2))
    #expect(try dataSource.toggleExpansion(of: 3))
    #expect(try !dataSource.toggleExpansion(of: 3))
    allowCollapse = true
    #expect(try dataSource.toggleExpansion(of: 3))
    #expect(
      log == [
        "should expand 2", "should expand 3", "will expand 3", "should collapse 3",
        "should collapse 3", "will collapse 3",
      ])
    #expect(Self.rows(dataSource, 0) == [1, 2, 3])
  }

  /// Children loaded on demand: `snapshotForExpandingParent` is given the current children
  /// (levels from 0) and its answer replaces them.
  @Test func childrenLoadedOnDemand() throws {
    let dataSource = DataSource()
    try dataSource.apply(Self.sample(), to: "tree")
    var given: [Int] = []
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
      given = children.items
      var loaded = DiffableSectionSnapshot<Int>()
      try? loaded.append([parent * 100 + 1, parent * 100 + 2])
      return loaded
    }
    #expect(try dataSource.toggleExpansion(of: 3))
    #expect(given == [30])
    #expect(Self.rows(dataSource, 0) == [1, 2, 3, 301, 302])
    #expect(dataSource.snapshot(for: "tree").level(of: 302) == 1)
    #expect(!dataSource.snapshot(for: "tree").contains(30))

    // Children that are elsewhere are refused; nothing changes.
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { _, _ in
      var loaded = DiffableSectionSnapshot<Int>()
      try? loaded.append([1])
      return loaded
    }
    let before = dataSource.snapshot(for: "tree")
    #expect(throws: DiffableSnapshotError(.duplicateItems, identifiers: ["1"])) {
      try dataSource.toggleExpansion(of: 2)
    }
    #expect(dataSource.snapshot(for: "tree") == before)
    #expect(Self.rows(dataSource, 0) == [1, 2, 3, 301, 302])
  }

  /// The completion is called exactly once on every path: a change, an unknown item, a
  /// handler that says no, an item whose children make no row appear, and a throw.
  @Test func toggleExpansionCompletesExactlyOnceOnEveryPath() throws {
    let dataSource = DataSource()
    try dataSource.apply(Self.sample(), to: "tree")
    var calls = 0
    #expect(try dataSource.toggleExpansion(of: 1, completion: { calls += 1 }))
    #expect(calls == 1)
    #expect(try !dataSource.toggleExpansion(of: 999, completion: { calls += 1 }))
    #expect(calls == 2)
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { _ in false }
    #expect(try !dataSource.toggleExpansion(of: 1, completion: { calls += 1 }))
    #expect(calls == 3)
    #expect(try dataSource.toggleExpansion(of: 2, completion: { calls += 1 }))  // no children
    #expect(calls == 4)
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { _, _ in
      var loaded = DiffableSectionSnapshot<Int>()
      try? loaded.append([1])
      return loaded
    }
    #expect(throws: DiffableSnapshotError.self) {
      try dataSource.toggleExpansion(of: 3, completion: { calls += 1 })
    }
    #expect(calls == 5)
  }

  /// A full apply of a flat snapshot: a section whose rows it leaves as they are keeps its
  /// outline (so `apply(snapshot())` with reload marks is harmless); any other becomes flat.
  @Test func aFlatApplyKeepsOnlyTheOutlinesItLeavesAlone() throws {
    let dataSource = DataSource()
    var tree = try Self.sample()
    tree.expand([1])
    try dataSource.apply(tree, to: "tree")
    var second = Outline()
    try second.append([500, 501])
    try second.append([5000], to: 500)
    try dataSource.apply(second, to: "second")

    var snapshot = dataSource.snapshot()
    #expect(snapshot.itemIdentifiers(inSection: "tree") == [1, 10, 11, 12, 2, 3])
    try snapshot.reconfigureItems([10])
    try snapshot.appendItems([502], toSection: "second")
    try dataSource.apply(snapshot)
    #expect(dataSource.snapshot(for: "tree") == tree)
    let flattened = dataSource.snapshot(for: "second")
    #expect(flattened.rootItems == [500, 501, 502])
    #expect(flattened.items == [500, 501, 502])

    // An item hidden in an outline that a flat snapshot shows elsewhere ends the outline.
    var again = dataSource.snapshot()
    try again.appendItems([110], toSection: "second")
    try dataSource.apply(again)
    #expect(dataSource.snapshot(for: "tree").items == [1, 10, 11, 12, 2, 3])
    #expect(dataSource.snapshot(for: "tree").rootItems == [1, 10, 11, 12, 2, 3])

    // The old outline is refused now: 110 is in "second".
    #expect(throws: DiffableSnapshotError(.duplicateItems, identifiers: ["110"])) {
      try dataSource.apply(tree, to: "tree")
    }
    // A section the flat snapshot drops loses its outline.
    var dropped = dataSource.snapshot()
    try dropped.deleteSections(["tree"])
    try dataSource.apply(dropped)
    #expect(dataSource.snapshot(for: "tree").items.isEmpty)
    #expect(dataSource.snapshot().sectionIdentifiers == ["second"])
  }

  /// Random edits, applies and taps on two outline sections beside a flat one, mirrored in
  /// a nested-array reference: after every step the model's rows equal the reference's
  /// visible items, no cell is stale, and the flat section is untouched.
  @Test(arguments: 0..<12)
  func randomEditsAppliesAndTapsMatchTheReference(seed: Int) throws {
    var random = SplitMix64(seed: UInt64(seed) &+ 0xA5A5)
    let dataSource = DataSource()
    var flat = DiffableSnapshot<String, Int>()
    try flat.appendSections(["flat"])
    try flat.appendItems([-1, -2, -3])
    try dataSource.apply(flat)
    let sections = ["a", "b"]
    var references = [ReferenceOutline(), ReferenceOutline()]
    var next = 0
    for step in 0..<80 {
      let which = Int(random.next() % 2)
      let section = sections[which]
      var outline = dataSource.snapshot(for: section)
      let present = references[which].items
      switch random.next() % 4 {
      case 0:
        let parent =
          present.isEmpty || random.next() % 3 == 0 ? nil : present.randomElement(using: &random)
        let items = Array(next..<next + Int(random.next() % 3) + 1)
        next += items.count
        try outline.append(items, to: parent)
        references[which].append(items.map { .init(item: $0) }, to: parent)
        try dataSource.apply(outline, to: section, animatingDifferences: random.next() % 2 == 0)
      case 1:
        guard let doomed = present.randomElement(using: &random) else { continue }
        try outline.delete([doomed])
        references[which].delete(doomed)
        try dataSource.apply(outline, to: section)
      default:
        let shown = references[which].rows.filter(\.visible).map(\.item)
        guard let tapped = shown.randomElement(using: &random) else { continue }
        #expect(try dataSource.toggleExpansion(of: tapped))
        references[which].setExpanded(tapped, !references[which].node(tapped)!.expanded)
      }
      let position = try #require(dataSource.snapshot().indexOfSection(section))
      #expect(
        Self.rows(dataSource, position) == references[which].rows.filter(\.visible).map(\.item),
        "seed \(seed) step \(step)")
      #expect(dataSource.snapshot(for: section).items == references[which].items)
      #expect(dataSource.target.staleCells.isEmpty, "seed \(seed) step \(step)")
      #expect(Self.rows(dataSource, 0) == [-1, -2, -3])
    }
  }
}

import Stagecraft
import StagecraftTestSupport
import Testing

@Suite("Interactive reordering and the data source's lookups")
struct ReorderingTests {
  typealias DataSource = CollectionModelDataSource<String, Int>

  /// Two sections: "a" holds 1...4, "b" holds 5...6.
  static func dataSource() throws -> DataSource {
    let dataSource = DataSource()
    var snapshot = DiffableSnapshot<String, Int>()
    try snapshot.appendSections(["a", "b"])
    try snapshot.appendItems([1, 2, 3, 4], toSection: "a")
    try snapshot.appendItems([5, 6], toSection: "b")
    try dataSource.apply(snapshot)
    dataSource.reorderingHandlers.canReorderItem = { $0 != 4 }
    return dataSource
  }

  static func path(_ element: Int, _ section: Int) -> ElementPath {
    ElementPath(element: element, section: section)
  }

  @Test func aReorderWithinASectionKeepsCellAndSelection() throws {
    let dataSource = try Self.dataSource()
    let cell = try #require(dataSource.target.cell(at: Self.path(0, 0)))
    dataSource.target.selectItem(at: Self.path(0, 0))
    let events = dataSource.target.events.count
    var seen: [String] = []
    // The handlers read the data source weakly, as an app's would (it holds them).
    dataSource.reorderingHandlers.willReorder = { [weak dataSource] transaction in
      seen.append("will \(transaction.initialSnapshot.itemIdentifiers)")
      // The data source still holds the initial snapshot.
      seen.append(
        "now " + (dataSource.map { "\($0.snapshot().itemIdentifiers(inSection: "a"))" } ?? "gone"))
    }
    dataSource.reorderingHandlers.didReorder = { [weak dataSource] transaction in
      seen.append("did \(transaction.finalSnapshot.itemIdentifiers)")
      seen.append(
        "now " + (dataSource.map { "\($0.snapshot().itemIdentifiers(inSection: "a"))" } ?? "gone"))
    }

    #expect(try dataSource.reorderItem(at: Self.path(0, 0), to: Self.path(2, 0)))
    #expect(
      seen == [
        "will [1, 2, 3, 4, 5, 6]", "now [1, 2, 3, 4]", "did [2, 3, 1, 4, 5, 6]",
        "now [2, 3, 1, 4]",
      ])
    #expect(dataSource.target.items == [2, 3, 1, 4].map { SnapshotItem($0) })
    #expect(dataSource.target.cell(at: Self.path(2, 0))?.id == cell.id)
    #expect(dataSource.target.indexPathsForSelectedItems == [Self.path(2, 0)])
    #expect(dataSource.itemIdentifier(for: Self.path(2, 0)) == 1)
    // No batch: the view had already moved the cell.
    #expect(
      Array(dataSource.target.events[events...])
        == [.interactiveMove(Move(source: Self.path(0, 0), target: Self.path(2, 0)))])
    #expect(dataSource.target.staleCells.isEmpty)
  }

  @Test func aReorderAcrossSectionsAndItsTransaction() throws {
    let dataSource = try Self.dataSource()
    var transactions: [DiffableDataSourceTransaction<String, Int>] = []
    dataSource.reorderingHandlers.didReorder = { transactions.append($0) }
    #expect(try dataSource.reorderItem(at: Self.path(1, 0), to: Self.path(2, 1)))
    #expect(dataSource.snapshot().itemIdentifiers(inSection: "a") == [1, 3, 4])
    #expect(dataSource.snapshot().itemIdentifiers(inSection: "b") == [5, 6, 2])
    #expect(dataSource.target.numberOfItems(inSection: 0) == 3)
    #expect(dataSource.target.numberOfItems(inSection: 1) == 3)

    let transaction = try #require(transactions.first)
    #expect(transaction.finalSnapshot == dataSource.snapshot())
    #expect(transaction.stagedDifference.count == 1)
    #expect(
      transaction.stagedDifference.first?.elementMoved
        == [Move(source: Self.path(1, 0), target: Self.path(2, 1))])
    // Apple's difference: item 2 leaves offset 1 of all items for offset 5.
    #expect(
      Array(transaction.difference) == [
        .remove(offset: 1, element: 2, associatedWith: 5),
        .insert(offset: 5, element: 2, associatedWith: 1),
      ])
    #expect(
      transaction.initialSnapshot.itemIdentifiers.applying(transaction.difference)
        == transaction.finalSnapshot.itemIdentifiers)
    // The staged difference replays from the initial snapshot to the final one.
    var model = CollectionModel(sections: transaction.initialSnapshot.sections())
    try model.reload(using: transaction.stagedDifference)
    #expect(model.sections == transaction.finalSnapshot.sections())
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == ["a", "b"])
    #expect(transaction.sectionTransactions[0].initialSnapshot.items == [1, 2, 3, 4])
    #expect(transaction.sectionTransactions[0].finalSnapshot.items == [1, 3, 4])
    #expect(transaction.sectionTransactions[1].finalSnapshot.items == [5, 6, 2])
    #expect(
      transaction.sectionTransactions[1].stagedDifference.flatMap(\.elementInserted)
        == [Self.path(2, 0)])
    #expect(
      Array(transaction.sectionTransactions[0].difference) == [
        .remove(offset: 1, element: 2, associatedWith: nil)
      ])
    #expect(
      Array(transaction.sectionTransactions[1].difference) == [
        .insert(offset: 2, element: 2, associatedWith: nil)
      ])
  }

  /// Apple's sample keeps the app's own store in step with
  /// `backingStore.applying(transaction.difference)`; so does it here, over random reorders
  /// within and across sections, each section's store by its section transaction too.
  @Test func applesBackingStorePatternStaysInStep() throws {
    let dataSource = try Self.dataSource()
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    var backingStore = dataSource.snapshot().itemIdentifiers
    var sectionStores = Dictionary(
      uniqueKeysWithValues: dataSource.snapshot().sectionIdentifiers.map {
        ($0, Array(dataSource.snapshot().itemIdentifiers(inSection: $0)))
      })
    var failures = 0
    dataSource.reorderingHandlers.didReorder = { transaction in
      if let updated = backingStore.applying(transaction.difference) {
        backingStore = updated
      } else {
        failures += 1
      }
      for sectionTransaction in transaction.sectionTransactions {
        let id = sectionTransaction.sectionIdentifier
        if let updated = sectionStores[id]?.applying(sectionTransaction.difference) {
          sectionStores[id] = updated
        } else {
          failures += 1
        }
      }
    }
    var random = SplitMix64(seed: 77)
    var moved = 0
    for _ in 0..<300 {
      let shown = dataSource.snapshot()
      let sections = shown.sectionIdentifiers
      let from = Int.random(in: 0..<sections.count, using: &random)
      let to = Int.random(in: 0..<sections.count, using: &random)
      let count = shown.numberOfItems(inSection: sections[from])
      guard count > 0 else { continue }
      let limit = shown.numberOfItems(inSection: sections[to]) + (from == to ? 0 : 1)
      let source = Self.path(Int.random(in: 0..<count, using: &random), from)
      let destination = Self.path(Int.random(in: 0..<limit, using: &random), to)
      if try dataSource.reorderItem(at: source, to: destination) { moved += 1 }
      #expect(backingStore == dataSource.snapshot().itemIdentifiers)
      for id in sections {
        #expect(sectionStores[id] == Array(dataSource.snapshot().itemIdentifiers(inSection: id)))
      }
    }
    #expect(failures == 0 && moved > 150, "\(moved)")
  }

  @Test func aRefusedReorderMovesNothing() throws {
    let dataSource = try Self.dataSource()
    var called = false
    dataSource.reorderingHandlers.willReorder = { _ in called = true }
    let before = (dataSource.snapshot(), dataSource.target.sections, dataSource.target.events)
    #expect(!dataSource.canReorderItem(at: Self.path(3, 0)))
    #expect(try !dataSource.reorderItem(at: Self.path(3, 0), to: Self.path(0, 0)))  // item 4
    #expect(try !dataSource.reorderItem(at: Self.path(0, 0), to: Self.path(9, 0)))  // no such place
    #expect(try !dataSource.reorderItem(at: Self.path(0, 0), to: Self.path(0, 3)))
    #expect(try !dataSource.reorderItem(at: Self.path(0, 0), to: Self.path(0, 0)))  // stays
    dataSource.reorderingHandlers.canReorderItem = nil  // reordering off, as in Apple's
    #expect(!dataSource.canReorderItem(at: Self.path(0, 0)))
    #expect(try !dataSource.reorderItem(at: Self.path(0, 0), to: Self.path(1, 0)))
    #expect(!called)
    #expect(dataSource.snapshot() == before.0)
    #expect(dataSource.target.sections == before.1)
    #expect(dataSource.target.events == before.2)
  }

  @Test func anApplyAfterAReorderDiffsFromTheReorderedState() throws {
    let dataSource = try Self.dataSource()
    #expect(try dataSource.reorderItem(at: Self.path(3, 0), to: Self.path(0, 0)) == false)
    #expect(try dataSource.reorderItem(at: Self.path(2, 0), to: Self.path(0, 0)))  // 3 first
    var next = dataSource.snapshot()
    #expect(next.itemIdentifiers(inSection: "a") == [3, 1, 2, 4])
    try next.deleteItems([1])
    let events = dataSource.target.events.count
    try dataSource.apply(next)
    let batches = dataSource.target.events[events...].compactMap { event -> BatchUpdate? in
      if case .batchUpdates(let batch, _) = event { return batch }
      return nil
    }
    // Diffed from [3, 1, 2, 4]: one delete, nothing moves back.
    #expect(batches.flatMap(\.deleteItems) == [Self.path(1, 0)])
    #expect(batches.allSatisfy { $0.moveItems.isEmpty })
    #expect(dataSource.target.items == [3, 2, 4].map { SnapshotItem($0) })
  }

  @Test func theModelRefusesMovesFromOrToNowhereAndStaysAsItWas() throws {
    var model = CollectionModel(
      sections: [ArraySection(model: 0, elements: [1, 2]), ArraySection(model: 1, elements: [3])])
    let saved = model
    let cases: [(ElementPath, ElementPath)] = [
      (Self.path(0, 2), Self.path(0, 0)), (Self.path(2, 0), Self.path(0, 0)),
      (Self.path(0, 0), Self.path(0, 5)), (Self.path(0, 0), Self.path(2, 0)),
      (Self.path(0, 1), Self.path(2, 1)),
    ]
    for (source, destination) in cases {
      #expect(throws: BatchUpdateError.self, "\(source) -> \(destination)") {
        try model.moveItemInteractively(from: source, to: destination)
      }
      #expect(model.sections == saved.sections && model.events == saved.events)
    }
    // The last index of another section is a valid destination: the item goes at its end.
    try model.moveItemInteractively(from: Self.path(0, 0), to: Self.path(1, 1))
    #expect(model.sections.map(\.elements) == [[2], [3, 1]])
  }

  @Test func lookupsInBothDirections() throws {
    let dataSource = try Self.dataSource()
    #expect(dataSource.indexPath(for: 6) == Self.path(1, 1))
    #expect(dataSource.indexPath(for: 99) == nil)
    #expect(dataSource.sectionIdentifier(for: 1) == "b")
    #expect(dataSource.sectionIdentifier(for: 2) == nil)
    #expect(dataSource.index(for: "b") == 1)
    #expect(dataSource.index(for: "z") == nil)
    // During an apply they answer for the stage the view shows.
    var next = dataSource.snapshot()
    try next.deleteSections(["a"])
    var seenDuringApply: [ElementPath?] = []
    try dataSource.apply(next) { seenDuringApply.append(dataSource.indexPath(for: 6)) }
    #expect(seenDuringApply == [Self.path(1, 0)])
    #expect(dataSource.index(for: "b") == 0)
  }

  @Test func asyncApplyReturnsWhenTheBatchCompleted() async throws {
    let dataSource = try Self.dataSource()
    var next = dataSource.snapshot()
    try next.deleteItems([2])
    try await dataSource.apply(next, animatingDifferences: false)
    #expect(dataSource.target.numberOfItems(inSection: 0) == 3)
    try await dataSource.applySnapshotUsingReloadData(next)
    #expect(dataSource.target.events.last == .reloadData)
    var outline = DiffableSectionSnapshot<Int>()
    try outline.append([7, 8])
    try await dataSource.apply(outline, to: "c")
    #expect(dataSource.snapshot().sectionIdentifiers == ["a", "b", "c"])
    await #expect(throws: DiffableSnapshotError.self) {
      try await dataSource.apply(outline, to: "d")
    }
  }
}

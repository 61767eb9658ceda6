import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftDiff

@Suite("CollectionModel: map, cells and selection")
struct CollectionModelTests {
  @Test func survivorsFillTheRemainingSlotsInOrder() throws {
    // [1 2 3 4 5]: delete 2 (index 1), insert 9 at 0, move 4 (index 3) to 4.
    var model = CollectionModel(
      items: items(1, 2, 3, 4, 5), configuration: .init(allowsMultipleSelection: true))
    let ids = (0..<5).map { model.cell(at: p(0, $0))!.id }
    model.selectItem(at: p(0, 1))
    model.selectItem(at: p(0, 2))
    model.selectItem(at: p(0, 3))
    try model.performBatchUpdates(
      BatchUpdate(
        deleteItems: [p(0, 1)], insertItems: [p(0, 0)], moveItems: [mv(p(0, 3), p(0, 4))]),
      newItems: items(9, 1, 3, 5, 4))
    #expect(model.items == items(9, 1, 3, 5, 4))
    #expect(model.cell(at: p(0, 1))?.id == ids[0])
    #expect(model.cell(at: p(0, 2))?.id == ids[2])
    #expect(model.cell(at: p(0, 3))?.id == ids[4])
    #expect(model.cell(at: p(0, 4))?.id == ids[3])
    #expect(!ids.contains(model.cell(at: p(0, 0))!.id))
    #expect(model.staleCells.isEmpty)
    // 2 was deleted: its selection goes silently; 3 shifted to 2; 4 moved to 4.
    #expect(model.indexPathsForSelectedItems == [p(0, 2), p(0, 4)])
  }

  @Test func reloadIsReinsertedAtItsShiftedPosition() throws {
    // [1 2 3]: delete index 0, reload index 2, insert at 0. The reload lands at
    // 2 − 1 (deletes before) + 1 (inserts at or before) = 2.
    var model = CollectionModel(items: items(1, 2, 3))
    let ids = (0..<3).map { model.cell(at: p(0, $0))!.id }
    model.selectItem(at: p(0, 2))
    try model.performBatchUpdates(
      BatchUpdate(deleteItems: [p(0, 0)], insertItems: [p(0, 0)], reloadItems: [p(0, 2)]),
      newItems: [Item(9), Item(2), Item(3, 1)])
    #expect(model.cell(at: p(0, 1))?.id == ids[1])
    #expect(model.cell(at: p(0, 2))?.id != ids[2])
    #expect(model.cell(at: p(0, 2))?.element == Item(3, 1))
    #expect(model.indexPathsForSelectedItems.isEmpty)
    #expect(model.staleCells.isEmpty)
  }

  @Test func sectionMovesCarryTheirItemsCellsAndSelection() throws {
    var model = CollectionModel(sections: [section(0, [1, 2]), section(1, [3])])
    let cellID = model.cell(at: p(0, 1))!.id
    model.selectItem(at: p(0, 1))
    try model.performBatchUpdates(
      BatchUpdate(moveSections: [Move(source: 0, target: 1)]),
      newSections: [section(1, [3]), section(0, [1, 2])])
    #expect(model.cell(at: p(1, 1))?.id == cellID)
    #expect(model.indexPathsForSelectedItems == [p(1, 1)])
    #expect(model.staleCells.isEmpty)
  }

  @Test func deletedAndReloadedSectionsDropTheirCellsAndSelection() throws {
    var model = CollectionModel(
      sections: [section(0, [1, 2]), section(1, [3]), section(2, [4])],
      configuration: .init(allowsMultipleSelection: true))
    model.selectItem(at: p(0, 0))
    model.selectItem(at: p(1, 0))
    model.selectItem(at: p(2, 0))
    #expect(model.indexPathsForSelectedItems.count == 3)
    let kept = model.cell(at: p(2, 0))!.id
    let reloaded = model.cell(at: p(1, 0))!.id
    try model.performBatchUpdates(
      BatchUpdate(deleteSections: [0], reloadSections: [1]),
      newSections: [section(1, [5], content: 1), section(2, [4])])
    #expect(model.indexPathsForSelectedItems == [p(1, 0)])
    #expect(model.cell(at: p(1, 0))?.id == kept)
    #expect(model.cell(at: p(0, 0))?.id != reloaded)
    #expect(model.staleCells.isEmpty)
  }

  @Test func aMovedCellKeepsItsOldContentUntilRefreshed() throws {
    var model = CollectionModel(items: [Item(1), Item(2)])
    let movedCell = model.cell(at: p(0, 0))!.id
    model.selectItem(at: p(0, 0))
    try model.performBatchUpdates(
      BatchUpdate(moveItems: [mv(p(0, 0), p(0, 1))]), newItems: [Item(2), Item(1, 1)])
    #expect(model.staleCells == [p(0, 1)])
    #expect(model.cell(at: p(0, 1))?.element == Item(1))
    // Reconfiguring keeps the cell and its selection and shows the new content.
    try model.reconfigureItems(at: [p(0, 1)])
    #expect(model.staleCells.isEmpty)
    #expect(model.cell(at: p(0, 1))?.id == movedCell)
    #expect(model.indexPathsForSelectedItems == [p(0, 1)])
    #expect(model.events.last == .reconfigureItems([p(0, 1)]))
  }

  @Test func reloadReplacesTheCellReconfigureKeepsIt() throws {
    var model = CollectionModel(
      items: [Item(1), Item(2)], configuration: .init(allowsMultipleSelection: true))
    let first = model.cell(at: p(0, 0))!.id
    let second = model.cell(at: p(0, 1))!.id
    model.selectItem(at: p(0, 0))
    model.selectItem(at: p(0, 1))
    try model.performBatchUpdates(
      BatchUpdate(reloadItems: [p(0, 0)], reconfigureItems: [p(0, 1)]),
      newItems: [Item(1, 1), Item(2, 1)])
    #expect(model.cell(at: p(0, 0))?.id != first)
    #expect(model.cell(at: p(0, 1))?.id == second)
    #expect(model.cell(at: p(0, 1))?.element == Item(2, 1))
    #expect(model.indexPathsForSelectedItems == [p(0, 1)])
    #expect(model.staleCells.isEmpty)
  }

  @Test func viewportRealizesOnlyVisibleCellsAndScrollingConfiguresNewOnes() throws {
    var model = CollectionModel(items: (0..<100).map { Item($0) }, viewport: .items(0..<10))
    #expect(model.realizedPaths == (0..<10).map { p(0, $0) })
    try model.performBatchUpdates(
      BatchUpdate(insertItems: [p(0, 0)]), newItems: [Item(-1)] + (0..<100).map { Item($0) })
    #expect(model.realizedPaths == (0..<10).map { p(0, $0) })
    #expect(model.cell(at: p(0, 0))?.element == Item(-1))
    // An item that changed while off screen is configured from the data when it appears.
    var changed = model.items
    changed[50].content = 7
    try model.performBatchUpdates(BatchUpdate(reloadItems: [p(0, 50)]), newItems: changed)
    model.viewport = .items(45..<55)
    #expect(model.cell(at: p(0, 50))?.element == Item(49, 7))
    #expect(model.cell(at: p(0, 0)) == nil)
    #expect(model.staleCells.isEmpty)
    model.viewport = .paths([p(0, 3), p(0, 1_000)])
    #expect(model.realizedPaths == [p(0, 3)])
    model.viewport = .none
    #expect(model.cells.isEmpty)
  }

  @Test func reloadDataReconfiguresEverythingAndClearsSelectionByDefault() throws {
    var model = CollectionModel(items: items(1, 2, 3))
    let old = Set(model.cells.values.map(\.id))
    model.selectItem(at: p(0, 2))
    try model.reloadData(newItems: items(3, 4))
    #expect(model.items == items(3, 4))
    #expect(Set(model.cells.values.map(\.id)).isDisjoint(with: old))
    #expect(model.indexPathsForSelectedItems.isEmpty)
    #expect(model.events == [.reloadData])

    var keeping = CollectionModel(
      items: items(1, 2, 3),
      configuration: .init(keepsSelectionOnReloadData: true, allowsMultipleSelection: true))
    keeping.selectItem(at: p(0, 1))
    keeping.selectItem(at: p(0, 2))
    try keeping.reloadData(newItems: items(3, 4))
    #expect(keeping.indexPathsForSelectedItems == [p(0, 1)])
  }

  @Test func selectionRespectsSingleSelectionAndIgnoresMissingPaths() {
    var model = CollectionModel(
      items: items(1, 2, 3), configuration: .init(allowsMultipleSelection: false))
    #expect(CollectionModel(items: [1]).configuration.allowsMultipleSelection == false)
    let selectedFirst = model.selectItem(at: p(0, 0))
    #expect(selectedFirst)
    let selectedLast = model.selectItem(at: p(0, 2))
    #expect(selectedLast)
    let outOfRange = model.selectItem(at: p(0, 3))
    #expect(!outOfRange)
    let missingSection = model.selectItem(at: p(1, 0))
    #expect(!missingSection)
    #expect(model.indexPathsForSelectedItems == [p(0, 2)])
    let deselected = model.deselectItem(at: p(0, 2))
    #expect(deselected)
    let deselectedAgain = model.deselectItem(at: p(0, 2))
    #expect(!deselectedAgain)
    #expect(model.indexPathsForSelectedItems.isEmpty)
  }

  @Test func eventLogRecordsWhatWasApplied() throws {
    var model = CollectionModel(items: items(1, 2))
    let batch = BatchUpdate(deleteItems: [p(0, 0)])
    try model.performBatchUpdates(batch, newItems: items(2), animated: false)
    model.reloadData()
    #expect(model.events == [.batchUpdates(batch, animated: false), .reloadData])
    #expect(throws: BatchUpdateError.self) { try model.reconfigureItems(at: [p(0, 5)]) }
    #expect(model.events.count == 2)
  }

  /// Staged changesets of random flat and sectioned pairs replay with no error, end at the
  /// target, and leave no stale cell, whatever the viewport.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomStagedChangesetsReplayCleanly(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for round in 0..<TestScale.count(400) {
      let source = random.items(count: Int.random(in: 0...20, using: &random), ids: 10, contents: 2)
      let target = random.items(count: Int.random(in: 0...20, using: &random), ids: 10, contents: 2)
      let start = Int.random(in: 0...10, using: &random)
      let viewport: Viewport = round.isMultiple(of: 2) ? .all : .items(start..<(start + 6))
      var model = CollectionModel(items: source, viewport: viewport)
      try model.reload(using: StagedChangeset(source: source, target: target))
      #expect(model.items == target)
      #expect(model.staleCells.isEmpty)

      let sourceSections = random.sections(
        maxSections: 4, sectionIDs: 5, maxItems: 5, ids: 8, contents: 2)
      let targetSections = random.sections(
        maxSections: 4, sectionIDs: 5, maxItems: 5, ids: 8, contents: 2)
      var sectioned = CollectionModel(sections: sourceSections, viewport: viewport)
      try sectioned.reload(using: StagedChangeset(source: sourceSections, target: targetSections))
      #expect(sectioned.sections == targetSections)
      #expect(sectioned.staleCells.isEmpty)
    }
  }

  /// Random, mostly corrupted batches: each is either refused, leaving the model exactly as
  /// it was, or applied consistently. None traps.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomCorruptedBatchesNeverTrap(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var refused = 0
    var applied = 0
    let rounds = TestScale.count(1_500)
    for _ in 0..<rounds {
      let sections = random.sections(
        maxSections: 3, sectionIDs: 4, maxItems: 4, ids: 6, contents: 2)
      let targets = random.sections(maxSections: 3, sectionIDs: 4, maxItems: 4, ids: 6, contents: 2)
      var model = CollectionModel(
        sections: sections, configuration: .init(isStrict: Bool.random(using: &random)))
      for _ in 0..<3 {
        model.selectItem(
          at: p(Int.random(in: 0..<3, using: &random), Int.random(in: 0..<4, using: &random)))
      }
      let staged = StagedChangeset(source: sections, target: targets)
      var batch = BatchUpdate()
      var newSections = targets
      if let stage = staged.first, Bool.random(using: &random) {
        batch = BatchUpdate(
          deleteSections: stage.sectionDeleted, insertSections: stage.sectionInserted,
          reloadSections: stage.sectionUpdated, moveSections: stage.sectionMoved,
          deleteItems: stage.elementDeleted, insertItems: stage.elementInserted,
          reloadItems: stage.elementUpdated, moveItems: stage.elementMoved)
        newSections = stage.data
      }
      random.corrupt(&batch)
      let before = model
      do {
        try model.performBatchUpdates(batch, newSections: newSections)
        applied += 1
        #expect(model.sections == newSections)
        #expect(model.realizedPaths.count == newSections.reduce(0) { $0 + $1.elements.count })
        #expect(model.indexPathsForSelectedItems.allSatisfy { model.element(at: $0) != nil })
      } catch {
        refused += 1
        #expect(model == before)
      }
    }
    #expect(
      refused > rounds / 15 && applied > rounds / 15, "refused \(refused), applied \(applied)")
  }
}

extension SplitMix64 {
  /// Randomly damages a batch: drops, duplicates or shifts a call, or adds a random one.
  mutating func corrupt(_ batch: inout BatchUpdate) {
    func index() -> Int { Int.random(in: -1...4, using: &self) }
    func path() -> ElementPath { p(Int.random(in: -1...3, using: &self), index()) }
    for _ in 0..<Int.random(in: 0...2, using: &self) {
      switch Int.random(in: 0..<12, using: &self) {
      case 0: batch.deleteItems.append(path())
      case 1: batch.insertItems.append(path())
      case 2: batch.reloadItems.append(path())
      case 3: batch.moveItems.append(mv(path(), path()))
      case 4: batch.deleteSections.append(index())
      case 5: batch.insertSections.append(index())
      case 6: batch.moveSections.append(Move(source: index(), target: index()))
      case 7: batch.reloadSections.append(index())
      case 8: if !batch.deleteItems.isEmpty { batch.deleteItems.removeLast() }
      case 9: if let last = batch.insertItems.last { batch.insertItems.append(last) }
      case 10: batch.reconfigureItems.append(path())
      default:
        if let last = batch.moveItems.popLast() { batch.moveItems.append(mv(last.source, path())) }
      }
    }
  }
}

import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftDiff

typealias Snapshot = DiffableSnapshot<String, Int>

/// The model's view of a snapshot: section identifiers and item identifiers.
func shown(_ model: CollectionModel<Snapshot.Section>) -> [[String: [Int]]] {
  model.sections.map { [$0.model.identifier: $0.elements.map(\.identifier)] }
}

func expected(_ snapshot: Snapshot) -> [[String: [Int]]] {
  snapshot.sectionIdentifiers.map { [$0: Array(snapshot.itemIdentifiers(inSection: $0))] }
}

@Suite("Diffable snapshots")
struct SnapshotTests {
  /// The seed scenario: one section of 1...100, replaced by a changed one.
  @Test func seedScenarioEndsEqualToTheNewSnapshot() throws {
    let dataSource = CollectionModelDataSource<String, Int>()
    var first = Snapshot()
    try first.appendSections(["main"])
    try first.appendItems(Array(1...100))
    try dataSource.apply(first)
    #expect(shown(dataSource.target) == expected(first))

    var second = Snapshot()
    try second.appendSections(["main"])
    try second.appendItems(Array(stride(from: 100, through: 1, by: -3)) + Array(101...120))
    try dataSource.apply(second)
    #expect(shown(dataSource.target) == expected(second))
    #expect(dataSource.target.staleCells.isEmpty)
    #expect(dataSource.snapshot().itemIdentifiers == second.itemIdentifiers)
    #expect(dataSource.itemIdentifier(for: ElementPath(element: 0, section: 0)) == 100)
  }

  @Test func everyMutationMethod() throws {
    var snapshot = Snapshot()
    try snapshot.appendSections(["a", "c"])
    try snapshot.insertSections(["b"], beforeSection: "c")
    try snapshot.insertSections(["d"], afterSection: "c")
    #expect(snapshot.sectionIdentifiers == ["a", "b", "c", "d"])
    try snapshot.appendItems([1, 2], toSection: "a")
    try snapshot.appendItems([9])  // the last section
    try snapshot.insertItems([3], afterItem: 2)
    try snapshot.insertItems([0], beforeItem: 1)
    #expect(snapshot.itemIdentifiers(inSection: "a") == [0, 1, 2, 3])
    #expect(snapshot.itemIdentifiers(inSection: "d") == [9])
    try snapshot.moveItem(3, beforeItem: 0)
    try snapshot.moveItem(9, afterItem: 1)  // across sections
    #expect(snapshot.itemIdentifiers(inSection: "a") == [3, 0, 1, 9, 2])
    #expect(snapshot.sectionIdentifier(containingItem: 9) == "a")
    try snapshot.deleteItems([0, 2])
    #expect(snapshot.itemIdentifiers == [3, 1, 9])
    try snapshot.moveSection("d", beforeSection: "a")
    try snapshot.moveSection("a", afterSection: "c")
    #expect(snapshot.sectionIdentifiers == ["d", "b", "c", "a"])
    try snapshot.appendItems([7], toSection: "b")
    #expect(snapshot.indexOfItem(7) == 0)
    #expect(snapshot.indexOfItem(9) == 3)
    #expect(snapshot.indexOfSection("c") == 2)
    #expect(snapshot.numberOfItems == 4)
    #expect(snapshot.numberOfSections == 4)
    #expect(snapshot.numberOfItems(inSection: "a") == 3)
    #expect(snapshot.numberOfItems(inSection: "zzz") == 0)
    try snapshot.reloadItems([1, 1])
    try snapshot.reconfigureItems([9])
    try snapshot.reloadSections(["b"])
    #expect(snapshot.reloadedItemIdentifiers == [1])
    #expect(snapshot.reconfiguredItemIdentifiers == [9])
    #expect(snapshot.reloadedSectionIdentifiers == ["b"])
    try snapshot.deleteSections(["b"])
    #expect(snapshot.itemIdentifiers == [3, 1, 9])
    #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0)
  }

  @Test func duplicatesAndMissingIdentifiersAreRefusedAndLeaveTheSnapshotUnchanged() throws {
    var snapshot = Snapshot()
    try snapshot.appendSections(["a"])
    try snapshot.appendItems([1, 2, 3])
    let before = snapshot
    func refusal(_ body: (inout Snapshot) throws -> Void) -> DiffableSnapshotError? {
      var copy = snapshot
      do {
        try body(&copy)
      } catch let error as DiffableSnapshotError {
        #expect(copy.itemIdentifiers == before.itemIdentifiers)
        #expect(copy.sectionIdentifiers == before.sectionIdentifiers)
        return error
      } catch {
        Issue.record("\(error)")
      }
      return nil
    }
    #expect(
      refusal { try $0.appendItems([4, 2, 5, 4]) }?.description
        == "item identifiers must be unique; duplicated: 2, 4")
    #expect(refusal { try $0.appendSections(["b", "a"]) }?.kind == .duplicateSections)
    #expect(
      refusal { try $0.insertItems([8], beforeItem: 42) }?.description
        == "no such item identifiers in the snapshot: 42")
    #expect(refusal { try $0.deleteItems([1, 99]) }?.identifiers == ["99"])
    #expect(refusal { try $0.appendItems([8], toSection: "nope") }?.kind == .missingSections)
    #expect(refusal { try $0.moveItem(1, beforeItem: 1) }?.kind == .movedRelativeToItself)
    #expect(refusal { try $0.reloadItems([77]) }?.kind == .missingItems)
    // A refused mark, after a known identifier in the same call, marks nothing.
    var marked = snapshot
    try marked.reloadItems([3])
    for mark in [
      { (copy: inout Snapshot) in try copy.reloadItems([1, 77, 2]) },
      { (copy: inout Snapshot) in try copy.reconfigureItems([2, 78]) },
    ] {
      var copy = marked
      #expect(throws: DiffableSnapshotError.self) { try mark(&copy) }
      #expect(copy == marked)
      #expect(copy.reloadedItemIdentifiers == [3] && copy.reconfiguredItemIdentifiers.isEmpty)
    }
    var empty = Snapshot()
    #expect(throws: DiffableSnapshotError.self) { try empty.appendItems([1]) }
  }

  @Test func reloadAndReconfigureMarksReachTheCells() throws {
    let dataSource = CollectionModelDataSource<String, Int>(
      configuration: .init(allowsMultipleSelection: true))
    var snapshot = Snapshot()
    try snapshot.appendSections(["main"])
    try snapshot.appendItems([1, 2, 3])
    try dataSource.apply(snapshot)
    let cells = (0..<3).map { dataSource.target.cell(at: ElementPath(element: $0, section: 0))!.id }
    for index in 0..<3 { dataSource.target.selectItem(at: ElementPath(element: index, section: 0)) }

    var marked = dataSource.snapshot()
    try marked.reloadItems([1])
    try marked.reconfigureItems([2])
    try dataSource.apply(marked)
    let model = dataSource.target
    #expect(model.cell(at: ElementPath(element: 0, section: 0))?.id != cells[0])  // reloaded
    #expect(model.cell(at: ElementPath(element: 1, section: 0))?.id == cells[1])  // reconfigured
    #expect(model.cell(at: ElementPath(element: 2, section: 0))?.id == cells[2])  // untouched
    #expect(
      model.indexPathsForSelectedItems == [
        ElementPath(element: 1, section: 0), ElementPath(element: 2, section: 0),
      ])
    #expect(model.staleCells.isEmpty)
    guard case .batchUpdates(let batch, _) = model.events.last else {
      Issue.record("no batch")
      return
    }
    #expect(batch.reloadItems == [ElementPath(element: 0, section: 0)])
    #expect(batch.reconfigureItems == [ElementPath(element: 1, section: 0)])
    // The marks are consumed: the data source's snapshot carries none.
    #expect(dataSource.snapshot().reloadedItemIdentifiers.isEmpty)
  }

  @Test func nonAnimatedAndReloadDataApplies() throws {
    let dataSource = CollectionModelDataSource<String, Int>()
    var snapshot = Snapshot()
    try snapshot.appendSections(["s"])
    try snapshot.appendItems([1, 2])
    var completions = 0
    try dataSource.apply(snapshot, animatingDifferences: false) { completions += 1 }
    #expect(
      dataSource.target.events.last
        == .batchUpdates(BatchUpdate(insertSections: [0]), animated: false))
    try snapshot.appendItems([3])
    try dataSource.applySnapshotUsingReloadData(snapshot) { completions += 1 }
    #expect(dataSource.target.events.last == .reloadData)
    #expect(shown(dataSource.target) == expected(snapshot))
    #expect(completions == 2)
  }

  /// `applySnapshotUsingReloadData` always reloads, even when nothing changed: every cell
  /// is configured anew and, as in UIKit, the selection is cleared.
  @Test func aReloadDataApplyReloadsEvenWhenNothingChanged() throws {
    let dataSource = CollectionModelDataSource<String, Int>()
    var snapshot = Snapshot()
    try snapshot.appendSections(["s"])
    try snapshot.appendItems([1, 2])
    try dataSource.apply(snapshot)
    let first = ElementPath(element: 0, section: 0)
    let cell = dataSource.target.cell(at: first)!.id
    dataSource.target.selectItem(at: first)
    let events = dataSource.target.events.count
    var completions = 0
    try dataSource.applySnapshotUsingReloadData(snapshot) { completions += 1 }
    #expect(dataSource.target.events.count == events + 1)
    #expect(dataSource.target.events.last == .reloadData)
    #expect(dataSource.target.cell(at: first)!.id != cell)
    #expect(dataSource.target.indexPathsForSelectedItems.isEmpty)
    #expect(completions == 1)
  }

  /// After an apply with marks, the model shows the snapshot's items, not their marks.
  @Test func theModelShowsTheSnapshotsItemsNotTheirMarks() throws {
    let dataSource = CollectionModelDataSource<String, Int>()
    var snapshot = Snapshot()
    try snapshot.appendSections(["s"])
    try snapshot.appendItems([1, 2, 3])
    try dataSource.apply(snapshot)
    try snapshot.reloadItems([1])
    try snapshot.reconfigureItems([2])
    try snapshot.reloadSections(["s"])
    try dataSource.apply(snapshot)
    #expect(dataSource.target.sections == dataSource.snapshot().sections())
    #expect(dataSource.target.staleCells.isEmpty)
  }

  /// A refused apply leaves the data source's snapshot, the identifiers it reports and the
  /// model exactly as they were.
  @Test func aRefusedApplyChangesNothing() throws {
    let dataSource = CollectionModelDataSource<String, Int>()
    var snapshot = Snapshot()
    try snapshot.appendSections(["s"])
    try snapshot.appendItems([1, 2, 3])
    try dataSource.apply(snapshot)
    // The view loses its data behind the data source's back, as when an app calls
    // `reloadData` with other data: the next diff no longer fits what the view shows.
    dataSource.target.reloadData(newSections: [Snapshot.Section]())
    let model = dataSource.target
    try snapshot.deleteItems([2])
    #expect(throws: BatchUpdateError.self) { try dataSource.apply(snapshot) }
    #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 3])
    #expect(dataSource.itemIdentifier(for: ElementPath(element: 1, section: 0)) == 2)
    #expect(dataSource.target == model)
  }

  /// Seeded random sequences of snapshot edits, each applied in turn.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func randomEditSequencesKeepTheModelEqualToTheLatestSnapshot(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let dataSource = CollectionModelDataSource<String, Int>(viewport: .items(0..<8))
    var snapshot = Snapshot()
    var nextItem = 0
    var nextSection = 0
    for _ in 0..<TestScale.count(150) {
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let items = snapshot.itemIdentifiers
        let sections = snapshot.sectionIdentifiers
        switch Int.random(in: 0..<10, using: &random) {
        case 0 where sections.count < 5:
          try snapshot.appendSections(["s\(nextSection)"])
          nextSection += 1
        case 1 where !sections.isEmpty:
          try snapshot.deleteSections([sections.randomElement(using: &random)!])
        case 2 where sections.count > 1:
          let pair = sections.shuffled(using: &random)
          try snapshot.moveSection(pair[0], afterSection: pair[1])
        case 3 where !sections.isEmpty, 4 where !sections.isEmpty:
          let count = Int.random(in: 1...3, using: &random)
          try snapshot.appendItems(
            Array(nextItem..<(nextItem + count)), toSection: sections.randomElement(using: &random)!
          )
          nextItem += count
        case 5 where !items.isEmpty:
          try snapshot.deleteItems([items.randomElement(using: &random)!])
        case 6 where items.count > 1:
          let pair = items.shuffled(using: &random)
          try snapshot.moveItem(pair[0], beforeItem: pair[1])
        case 7 where !items.isEmpty:
          try snapshot.reloadItems([items.randomElement(using: &random)!])
        case 8 where !items.isEmpty:
          try snapshot.reconfigureItems([items.randomElement(using: &random)!])
        case 9 where !sections.isEmpty:
          try snapshot.reloadSections([sections.randomElement(using: &random)!])
        default:
          break
        }
      }
      try dataSource.apply(snapshot, animatingDifferences: Bool.random(using: &random))
      #expect(shown(dataSource.target) == expected(snapshot))
      #expect(dataSource.target.staleCells.isEmpty)
      snapshot = dataSource.snapshot()
    }
  }

  @Test func heterogeneousSectionsThroughAnyDifferentiable() throws {
    struct Banner: Differentiable, Hashable {
      var id: Int
      var text: String
      var differenceIdentifier: Int { id }
      func isContentEqual(to source: Banner) -> Bool { text == source.text }
    }
    typealias Mixed = ArraySection<String, AnyDifferentiable>
    let source = [
      Mixed(
        model: "top",
        elements: [AnyDifferentiable(Banner(id: 1, text: "hi")), AnyDifferentiable(1)]),
      Mixed(model: "rest", elements: [AnyDifferentiable(2), AnyDifferentiable("two")]),
    ]
    let target = [
      Mixed(
        model: "top",
        elements: [AnyDifferentiable(Banner(id: 1, text: "hello")), AnyDifferentiable(2)]),
      Mixed(
        model: "rest",
        elements: [AnyDifferentiable("two"), AnyDifferentiable(Int8(1)), AnyDifferentiable(1)]),
    ]
    let staged = StagedChangeset(source: source, target: target)
    // Int8(1) is not Int 1: it is an insert, and Int 1 moves.
    #expect(staged.allInserted == [ElementPath(element: 1, section: 1)])
    #expect(staged.allUpdated == [ElementPath(element: 0, section: 0)])
    var model = CollectionModel(sections: source)
    try model.reload(using: staged)
    #expect(model.staleCells.isEmpty)
    #expect(
      model.sections.map { $0.elements.map { "\($0.base)" } }
        == [["Banner(id: 1, text: \"hello\")", "2"], ["two", "1", "1"]])
    #expect(
      AnyDifferentiable(AnyDifferentiable(5)).differenceIdentifier
        == AnyDifferentiable(5).differenceIdentifier)
    #expect(
      AnyDifferentiable(5).differenceIdentifier != AnyDifferentiable(Int8(5)).differenceIdentifier)
    #expect(!AnyDifferentiable(5).isContentEqual(to: AnyDifferentiable(Int8(5))))
  }
}

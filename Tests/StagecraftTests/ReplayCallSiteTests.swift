import Stagecraft
import StagecraftTestSupport
import Testing

/// A view-like target: a final class that records each block and never throws, as a
/// `UICollectionView` conforms. Its "cells" are names; a silent refresh hands the app's
/// configuration the realized cell and the item's position after the block. It counts the
/// items of section 0 from each block's calls; `nil` counts stand for a view that cannot
/// tell them.
final class RecordingView: BatchUpdateTarget {
  var blocks: [BatchUpdate] = []
  var reloads = 0
  var isOnScreen = true
  var counts: [Int]?
  init(count: Int?) { counts = count.map { [$0] } }
  var displayedItemCounts: [Int]? { counts }

  func reloadData(_ snapshot: Void, setData: () -> Void) {
    setData()
    reloads += 1
  }

  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<String>,
    completion: ((Bool) -> Void)?
  ) {
    let batch = setData() ?? batch
    blocks.append(batch)
    counts = counts.map { [$0[0] + batch.insertItems.count - batch.deleteItems.count] }
    if case .silent(let configure) = elementUpdates {
      for refresh in refreshing { configure("cell at \(refresh.source)", refresh.target) }
    }
    completion?(true)
  }
}

@Suite("Replay: call sites, shapes and layers")
struct ReplayCallSiteTests {
  // MARK: Call sites

  /// The forms an app writes. This file compiles only if a view held in a `let` replays
  /// without `try`, and the model replays with it.
  @Test func aViewInALetReplaysWithoutTryAndTheModelWithIt() throws {
    let view = RecordingView(count: 3)
    var items = ["a", "b", "c"]
    let staged = StagedChangeset(source: items, target: ["c", "a", "d"])
    view.reload(using: staged, setData: { items = $0 })
    #expect(items == ["c", "a", "d"])
    #expect(view.blocks.count == staged.count)

    var model = CollectionModel(items: ["a", "b", "c"])
    try model.reload(using: staged)
    #expect(model.items == ["c", "a", "d"])
  }

  /// A silent refresh on a view carries the app's configuration: it is called with each
  /// realized cell, found before the block, and the item's position after it.
  @Test func aSilentRefreshOnAViewCallsTheAppsConfiguration() {
    let view = RecordingView(count: 3)
    let source = [Item(1), Item(2), Item(3)]
    let target = [Item(2), Item(3, 1)]  // 1 deleted, 3 changed: at 2 before, at 1 after
    var items = source
    var configured: [String: Item] = [:]
    view.reload(
      using: StagedChangeset(source: source, target: target),
      strategy: UpdateStrategy().elementUpdates(.silent),
      configureCell: { cell, path in configured[cell] = items[path.element] },
      setData: { items = $0 })
    #expect(configured == ["cell at [0, 2]": Item(3, 1)])
    #expect(view.blocks == [BatchUpdate(deleteItems: [p(0, 0)])])
  }

  @Test func anOffScreenViewSetsTheDataOnceAndReloads() {
    let view = RecordingView(count: 2)
    view.isOnScreen = false
    var sets = 0
    view.reload(
      using: StagedChangeset(source: [1, 2], target: [2, 3]), setData: { _ in sets += 1 })
    #expect(sets == 1 && view.reloads == 1 && view.blocks.isEmpty)
  }

  /// A view that cannot tell its counts is not handed a block blind: the guard reloads it
  /// with the final data, reported once per update, and the silent refresh is not made.
  @Test func aViewThatCannotTellItsCountsIsReloadedAndTheGuardSaysWhy() {
    let view = RecordingView(count: nil)
    var items = ["a", "b", "c"]
    let log = FallbackLog()
    var outcomes: [ReplayOutcome] = []
    let check = log.guarding
    for target in [["c", "a", "d"], ["d"]] {
      view.reload(
        using: StagedChangeset(source: items, target: target), guard: check,
        setData: { items = $0 }, completion: { outcomes.append($0) })
    }
    #expect(items == ["d"] && view.blocks.isEmpty && view.reloads == 2)
    #expect(log.reports.map(\.cause) == [.countsUnknown, .countsUnknown])
    #expect(log.reports.first?.description.contains("could not tell its item counts") == true)
    #expect(log.reports.first?.json.contains(#""cause":"countsUnknown""#) == true)
    #expect(outcomes == [.fellBack, .fellBack])
  }

  // MARK: Shapes follow the types

  /// A flat list whose elements happen to be sections (a list of headers) replays as a
  /// flat list into section 0, in every mode; a sectioned changeset of the same values
  /// replays as sections.
  @Test(arguments: ElementUpdateMode.allCases)
  func aFlatListOfSectionsReplaysAsAFlatList(mode: ElementUpdateMode) throws {
    typealias Header = ArraySection<String, Int>
    let source = [
      Header(model: "A", elements: [1]), Header(model: "B", elements: [2, 3]),
      Header(model: "C", elements: []),
    ]
    let target = [
      Header(model: "C", elements: []), Header(model: "B'", elements: [2]),
      Header(model: "A", elements: [1, 4]), Header(model: "D", elements: [5, 6, 7]),
    ]
    // Flat: the headers are the items of section 0.
    let flat = StagedChangeset(source: source, target: target, section: 0)
    var list = CollectionModel(items: source)
    try list.reload(using: flat, strategy: UpdateStrategy().elementUpdates(mode))
    #expect(list.items == target)
    #expect(list.numberOfSections == 1)
    #expect(list.staleCells.isEmpty)
    // Sectioned: the headers are sections.
    let sectioned = StagedChangeset(source: source, target: target)
    var sections = CollectionModel(sections: source)
    try sections.reload(using: sectioned, strategy: UpdateStrategy().elementUpdates(mode))
    #expect(sections.sections == target)
    #expect(sections.numberOfSections == 4)
    #expect(sections.staleCells.isEmpty)
  }

  // MARK: Blocks

  /// An update stage followed by a section reload stays a block of its own: no source shows
  /// that UIKit accepts a reconfigure in a block that reloads a section.
  @Test(arguments: [ElementUpdateMode.reconfigure, .silent])
  func updatesNeverRideWithASectionReload(mode: ElementUpdateMode) throws {
    let source = [ArraySection(model: Header(1, 0), elements: [Item(23, 0)])]
    let target = [ArraySection(model: Header(1, 1), elements: [Item(23, 1)])]
    var model = CollectionModel(sections: source)
    try model.reload(
      using: StagedChangeset(source: source, target: target),
      strategy: UpdateStrategy().elementUpdates(mode))
    #expect(model.sections == target)
    let batches = model.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdates(let batch, _) = event { batch } else { nil }
    }
    #expect(batches.count == 2)
    #expect(batches.allSatisfy { $0.reloadSections.isEmpty || $0.reconfigureItems.isEmpty })
    #expect(batches.last == BatchUpdate(reloadSections: [0]))
  }

  /// With `.reconfigure`, the updates follow the structural block in a block of their own,
  /// at their positions after it (Apple advises reconfiguring outside a batch; Lists and
  /// Composed reconfigure in a second block).
  @Test func reconfiguresFollowTheStructuralBlockAtTheirPositionAfterIt() throws {
    let source = [Item(1), Item(2), Item(3), Item(4)]
    let target = [Item(4, 1), Item(5), Item(3, 1)]  // 1 and 2 deleted; 3 and 4 swap
    var model = CollectionModel(items: source)
    let cells = [model.cell(at: p(0, 2))!.id, model.cell(at: p(0, 3))!.id]
    try model.reload(
      using: StagedChangeset(source: source, target: target),
      strategy: UpdateStrategy().elementUpdates(.reconfigure))
    let batches = model.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdates(let batch, _) = event { batch } else { nil }
    }
    #expect(batches.count == 3)
    #expect(batches[0] == BatchUpdate(deleteItems: [p(0, 0), p(0, 1)]))
    #expect(batches[1] == BatchUpdate(reconfigureItems: [p(0, 0), p(0, 1)]))
    #expect(batches[2].reconfigureItems.isEmpty)
    #expect(model.items == target)
    #expect(model.staleCells.isEmpty)
    // The reconfigured cells are the cells of 3 and 4, kept.
    #expect(Set([model.cell(at: p(0, 0))!.id, model.cell(at: p(0, 2))!.id]) == Set(cells))
  }

  /// Opted in, the reconfigures ride inside the structural block: a flat changeset takes at
  /// most two blocks.
  @Test func reconfiguresRideInsideTheStructuralBlockWhenAskedTo() throws {
    let source = [Item(1), Item(2), Item(3), Item(4)]
    let target = [Item(4, 1), Item(5), Item(3, 1)]
    var model = CollectionModel(items: source)
    try model.reload(
      using: StagedChangeset(source: source, target: target),
      strategy: UpdateStrategy(reconfiguresInsideStructuralBlock: true).elementUpdates(.reconfigure)
    )
    let batches = model.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdates(let batch, _) = event { batch } else { nil }
    }
    #expect(batches.count == 2)
    #expect(batches[0].deleteItems == [p(0, 0), p(0, 1)])
    #expect(batches[0].reconfigureItems == [p(0, 0), p(0, 1)])
    #expect(model.items == target)
    #expect(model.staleCells.isEmpty)
  }

  /// Moves replayed as deletes and inserts: no move reaches the view, the data ends the
  /// same, and the moved items get new cells (and lose their selection).
  @Test func movesCanBeReplayedAsDeletesAndInserts() throws {
    let source = [Item(1), Item(2), Item(3), Item(4)]
    let target = [Item(4), Item(2), Item(3), Item(1)]
    var model = CollectionModel(items: source)
    model.selectItem(at: p(0, 0))
    let cellOf2 = model.cell(at: p(0, 1))!.id
    try model.reload(
      using: StagedChangeset(source: source, target: target),
      strategy: UpdateStrategy(replaysMovesAsDeletesAndInserts: true))
    let batches = model.events.compactMap { event -> BatchUpdate? in
      if case .batchUpdates(let batch, _) = event { batch } else { nil }
    }
    #expect(batches.allSatisfy { $0.moveItems.isEmpty })
    #expect(batches.contains { !$0.deleteItems.isEmpty && !$0.insertItems.isEmpty })
    #expect(model.items == target)
    #expect(model.staleCells.isEmpty)
    #expect(model.indexPathsForSelectedItems.isEmpty)
    #expect(model.cell(at: p(0, 1))?.id == cellOf2)
  }

  // MARK: Refusals lose nothing

  /// A replay that a block refuses leaves the model exactly as it was before the replay,
  /// even when earlier blocks were valid.
  @Test func aRefusedReplayLeavesTheModelAsItWas() {
    var model = CollectionModel(items: items(1, 2, 3))
    model.selectItem(at: p(0, 1))
    let before = model
    let staged: StagedChangeset<[Item]> = [
      Changeset(data: items(2, 3), elementDeleted: [p(0, 0)]),
      Changeset(data: items(2, 3, 4), elementInserted: [p(0, 7)]),
    ]
    var completions: [ReplayOutcome] = []
    #expect(throws: BatchUpdateError.self) {
      try model.reload(using: staged, completion: { completions.append($0) })
    }
    #expect(model == before)
    #expect(completions == [.refused])
  }

  /// Replaying items into a model without a section is refused with a clear error.
  @Test func itemsIntoAModelWithoutASectionAreRefused() {
    var model = CollectionModel<ArraySection<Int, Int>>(sections: [])
    #expect(throws: BatchUpdateError(.noSectionForItems)) {
      try model.reload(using: StagedChangeset(source: [1], target: [2]))
    }
    #expect(model.events.isEmpty)
  }
}

import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftDiff

@Suite("Replay: strategies, element updates, interrupt, completion")
struct ReplayTests {
  static let strategies: [UpdateStrategy] = [
    .animatedBatchUpdates, .nonanimatedBatchUpdates, .reloadData,
  ]
  static let modes: [ElementUpdateMode] = [.reload, .reconfigure, .silent]

  /// Where the selected source paths end up under the rules for `mode`: deleted items and
  /// reloaded items lose their selection, as do the items of reloaded sections; everything
  /// else keeps it at its target path. `reloadData` clears it.
  func expectedSelection(
    _ selected: [ElementPath], source: [Section], target: [Section], strategy: UpdateStrategy,
    mode: ElementUpdateMode, flat: Bool = false
  ) -> [ElementPath] {
    guard strategy != .reloadData else { return [] }
    var reference = SectionedReference(source: source, target: target)
    if flat {
      // The flat diff keeps the common prefix and suffix in place.
      let elements = ReferenceMatching(source: source[0].elements, target: target[0].elements)
      reference.elementTarget = [:]
      for (from, to) in elements.sourceToTarget.enumerated() {
        if let to { reference.elementTarget[p(0, from)] = p(0, to) }
      }
    }
    return selected.compactMap { path -> ElementPath? in
      guard let to = reference.elementTarget[path],
        let reloadedFrom = reference.sectionTarget.firstIndex(of: to.section)
      else { return nil }
      // The section the item ends up in is reloaded (stage 5) when its model changed.
      if !target[to.section].isContentEqual(to: source[reloadedFrom]) { return nil }
      let old = source[path.section].elements[path.element]
      let new = target[to.section].elements[to.element]
      if mode == .reload, !new.isContentEqual(to: old) { return nil }
      return to
    }.sorted()
  }

  @Test(arguments: strategies, modes)
  func randomSectionedPairsEveryStrategyAndMode(strategy: UpdateStrategy, mode: ElementUpdateMode)
    throws
  {
    var random = SplitMix64(seed: 42)
    for round in 0..<TestScale.count(300) {
      let source = random.sections(maxSections: 4, sectionIDs: 5, maxItems: 5, ids: 8, contents: 2)
      let target = random.sections(maxSections: 4, sectionIDs: 5, maxItems: 5, ids: 8, contents: 2)
      let viewport: Viewport = round.isMultiple(of: 3) ? .items(2..<7) : .all
      var model = CollectionModel(
        sections: source, configuration: .init(allowsMultipleSelection: true), viewport: viewport)
      for _ in 0..<4 {
        model.selectItem(
          at: p(Int.random(in: 0..<4, using: &random), Int.random(in: 0..<5, using: &random)))
      }
      let selected = model.indexPathsForSelectedItems
      var appData: [Section] = source
      var completions = 0
      try model.reload(
        using: StagedChangeset(source: source, target: target),
        strategy: strategy.elementUpdates(mode), setData: { appData = $0 },
        completion: { _ in completions += 1 })
      #expect(model.sections == target)
      #expect(model.staleCells.isEmpty, "\(source) -> \(target) \(model.staleCells)")
      #expect(source == target || appData == target)
      #expect(completions == 1)
      let expected = expectedSelection(
        selected, source: source, target: target, strategy: strategy, mode: mode)
      #expect(
        model.indexPathsForSelectedItems == expected, "\(source) -> \(target), selected \(selected)"
      )
    }
  }

  @Test(arguments: strategies, modes)
  func randomFlatPairsEveryStrategyAndMode(strategy: UpdateStrategy, mode: ElementUpdateMode) throws
  {
    var random = SplitMix64(seed: 7)
    for _ in 0..<TestScale.count(300) {
      let source = random.items(count: Int.random(in: 0...12, using: &random), ids: 8, contents: 2)
      let target = random.items(count: Int.random(in: 0...12, using: &random), ids: 8, contents: 2)
      var model = CollectionModel(
        items: source, configuration: .init(allowsMultipleSelection: true))
      for _ in 0..<3 { model.selectItem(at: p(0, Int.random(in: 0..<12, using: &random))) }
      let selected = model.indexPathsForSelectedItems
      let staged = StagedChangeset(source: source, target: target)
      try model.reload(using: staged, strategy: strategy.elementUpdates(mode))
      #expect(model.items == target)
      #expect(model.staleCells.isEmpty)
      let expected = expectedSelection(
        selected, source: [section(0, []).with(source)], target: [section(0, []).with(target)],
        strategy: strategy, mode: mode, flat: true)
      #expect(model.indexPathsForSelectedItems == expected)
      // Silent updates ride inside the next stage's block: at most two blocks. Reconfigures
      // take a block of their own right after it instead of one before it: as many blocks
      // as stages, the last of them only reconfigures.
      let blocks = model.events.compactMap { event -> BatchUpdate? in
        if case .batchUpdates(let batch, _) = event { batch } else { nil }
      }
      if strategy != .reloadData {
        let updateStageFollowed = staged.count > 1 && !staged[0].elementUpdated.isEmpty
        #expect(blocks.count == staged.count - (mode == .silent && updateStageFollowed ? 1 : 0))
        #expect(blocks.count <= (mode == .silent ? 2 : 3))
        if mode == .reconfigure, updateStageFollowed {
          #expect(blocks[1] == BatchUpdate(reconfigureItems: blocks[1].reconfigureItems))
          #expect(blocks[0].reconfigureItems.isEmpty)
        }
      }
    }
  }

  /// An updated item behind a deleted one: its position before (1) and after (0) differ.
  @Test(arguments: modes)
  func updatedItemBehindADeletedOne(mode: ElementUpdateMode) throws {
    let source = [Item(1), Item(2), Item(3)]
    let target = [Item(2, 1), Item(3)]
    var model = CollectionModel(items: source)
    let cellOf2 = model.cell(at: p(0, 1))!.id
    model.selectItem(at: p(0, 1))
    try model.reload(
      using: StagedChangeset(source: source, target: target),
      strategy: UpdateStrategy().elementUpdates(mode))
    #expect(model.cell(at: p(0, 0))?.element == Item(2, 1))
    #expect(model.cell(at: p(0, 1))?.element == Item(3))
    #expect(model.staleCells.isEmpty)
    switch mode {
    case .reload:
      #expect(model.cell(at: p(0, 0))?.id != cellOf2)
      #expect(model.indexPathsForSelectedItems.isEmpty)
    case .reconfigure, .silent:
      #expect(model.cell(at: p(0, 0))?.id == cellOf2)
      #expect(model.indexPathsForSelectedItems == [p(0, 0)])
      // A silent refresh rides inside the delete's block; a reconfigure follows it.
      let batches = model.events.compactMap { event -> BatchUpdate? in
        if case .batchUpdates(let batch, _) = event { batch } else { nil }
      }
      #expect(batches.count == (mode == .silent ? 1 : 2))
      if mode == .reconfigure {
        #expect(
          batches == [
            BatchUpdate(deleteItems: [p(0, 0)]), BatchUpdate(reconfigureItems: [p(0, 0)]),
          ])
      }
    }
  }

  /// The hand-written silent refresh looks the new element up at the path *before* the
  /// batch; with a delete in the same block the cell then shows the wrong element, and the
  /// model says so.
  @Test func silentRefreshWithTheBeforeIndexShowsTheWrongElement() throws {
    var model = CollectionModel(items: [Item(1), Item(2), Item(3)])
    let newItems = [Item(2, 1), Item(3)]
    try model.performBatchUpdates(
      BatchUpdate(deleteItems: [p(0, 0)]), snapshot: [ArraySection(model: 0, elements: newItems)],
      animated: true, setData: { nil }, refreshing: [mv(p(0, 1), p(0, 1))], by: .silent,
      completion: nil)
    #expect(model.cell(at: p(0, 0))?.element == Item(3))
    #expect(model.staleCells == [p(0, 0)])
  }

  @Test func interruptReloadsTheRestAndCompletesOnce() throws {
    let source = items(1, 2, 3, 4)
    let target = [Item(4), Item(1, 1), Item(5)]
    let staged = StagedChangeset(source: source, target: target)
    #expect(staged.count == 3)
    var model = CollectionModel(items: source)
    var seen = 0
    var completions: [ReplayOutcome] = []
    var appData: [Item] = []
    try model.reload(
      using: staged,
      interrupt: { _ in
        seen += 1
        return seen == 2
      }, setData: { appData = $0 }, completion: { completions.append($0) })
    #expect(seen == 2)
    #expect(model.items == target)
    #expect(appData == target)
    #expect(completions == [.reloaded])
    #expect(model.events.count == 2)
    #expect(model.events.last == .reloadData)
    #expect(model.staleCells.isEmpty)
  }

  @Test func interruptSeesEveryBlockWhenItNeverFires() throws {
    var model = CollectionModel(items: items(1, 2, 3))
    var seen: [Changeset<[Item]>] = []
    let staged = StagedChangeset(source: items(1, 2, 3), target: items(3, 4))
    try model.reload(
      using: staged,
      interrupt: {
        seen.append($0); return false
      })
    #expect(seen == Array(staged))
  }

  @Test func offScreenSetsTheDataOnceAndReloads() throws {
    var model = CollectionModel(items: items(1, 2), configuration: .init(isOnScreen: false))
    var sets = 0
    var completions = 0
    try model.reload(
      using: StagedChangeset(source: items(1, 2), target: items(2, 3)),
      setData: { _ in sets += 1 }, completion: { _ in completions += 1 })
    #expect(sets == 1)
    #expect(completions == 1)
    #expect(model.events == [.reloadData])
    #expect(model.items == items(2, 3))
  }

  @Test func emptyChangesetCompletesOnceAndTouchesNothing() throws {
    var model = CollectionModel(items: items(1, 2))
    var completions = 0
    try model.reload(using: StagedChangeset<[Item]>(), completion: { _ in completions += 1 })
    #expect(completions == 1)
    #expect(model.events.isEmpty)
  }

  @Test func aRefusedBlockCompletesOnceWithFalseAndThrows() {
    var model = CollectionModel(items: items(1, 2))
    let bogus: StagedChangeset<[Item]> = [Changeset(data: items(1), elementDeleted: [p(0, 5)])]
    var completions: [ReplayOutcome] = []
    #expect(throws: BatchUpdateError.self) {
      try model.reload(using: bogus, completion: { completions.append($0) })
    }
    #expect(completions == [.refused])
    #expect(model.items == items(1, 2))
  }

  /// Updates ride with the next stage for any collection of sections, not only arrays.
  @Test func mergingWorksForOtherCollectionsOfSections() throws {
    let source: ContiguousArray<Section> = [section(0, [1, 2, 3]), section(1, [4])]
    // 1 is deleted, so the updated 3 is at [0, 2] before the block and [0, 1] after it;
    // 2 moves to the other section in the last stage.
    var target: ContiguousArray<Section> = [section(0, [3]), section(1, [4, 2])]
    target[0].elements[0].content = 5
    let staged = StagedChangeset(source: source, target: target)
    #expect(staged.count == 3)
    for mode in [ElementUpdateMode.reconfigure, .silent] {
      for inside in [false, true] {
        var model = CollectionModel(sections: Array(source))
        try model.reload(
          using: staged,
          strategy: UpdateStrategy(reconfiguresInsideStructuralBlock: inside).elementUpdates(mode))
        #expect(model.sections == Array(target))
        #expect(model.staleCells.isEmpty)
        let blocks = model.events.filter { if case .batchUpdates = $0 { true } else { false } }
        #expect(blocks.count == (mode == .reconfigure && !inside ? 3 : 2))
      }
    }
  }

  @Test func setDataIsCalledInsideEachBlockBeforeTheCalls() throws {
    var model = CollectionModel(items: items(1, 2, 3))
    var log: [[Item]] = []
    let staged = StagedChangeset(source: items(1, 2, 3), target: items(3, 4))
    try model.reload(using: staged, setData: { log.append($0) })
    #expect(log == staged.map(\.data))
  }
}

extension ArraySection where Model == Header, Element == Item {
  func with(_ elements: [Item]) -> Self { Self(model: model, elements: elements) }
}

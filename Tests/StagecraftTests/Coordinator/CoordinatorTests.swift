import Stagecraft
import StagecraftCoordinator
import StagecraftTestSupport
import Testing

typealias FlatSection = ArraySection<Int, Item>
typealias HeadlessFlat = HeadlessCollectionView<FlatSection>

/// A headless view and its coordinator, wired as a representable wires them.
@MainActor
func makeCoordinator(
  strategy: UpdateStrategy = UpdateStrategy().elementUpdates(.reconfigure),
  configureCell: ((HeadlessFlat.ElementUpdates.Cell, ElementPath) -> Void)? = nil
) -> (HeadlessFlat, CollectionCoordinator<HeadlessFlat, FlatSection>) {
  let view = HeadlessFlat(
    CollectionModel(items: [Item](), configuration: .init(allowsMultipleSelection: true)),
    items: { [] })
  let coordinator = CollectionCoordinator(
    target: view, strategy: strategy, configureCell: configureCell, guard: UpdateGuard())
  return (view, coordinator)
}

/// The batch updates a model recorded since `start`.
func batches<S>(_ model: CollectionModel<S>, since start: Int) -> [(BatchUpdate, Bool)] {
  model.events[start...].compactMap {
    if case .batchUpdates(let batch, let animated) = $0 { (batch, animated) } else { nil }
  }
}

/// The reloads a model recorded since `start`.
func reloads<S>(_ model: CollectionModel<S>, since start: Int) -> Int {
  model.events[start...].filter { $0 == .reloadData }.count
}

@Suite("CollectionCoordinator: updates")
@MainActor
struct CoordinatorUpdateTests {
  @Test func theFirstDataIsOneReloadAndUnchangedDataTouchesNothing() {
    let (view, coordinator) = makeCoordinator()
    coordinator.update(items: items(1, 2, 3), animated: true)
    #expect(view.model.items == items(1, 2, 3))
    #expect(view.model.events == [.reloadData])
    let start = view.model.events.count
    let cells = view.model.cells
    coordinator.update(items: items(1, 2, 3), animated: true)
    #expect(view.model.events.count == start)
    #expect(view.model.cells.mapValues(\.id) == cells.mapValues(\.id))
    #expect(view.verdicts.isEmpty)
  }

  @Test(arguments: [true, false])
  func aChangeIsReplayedAsStagedBatchesAnimatedOrNot(animated: Bool) {
    let (view, coordinator) = makeCoordinator()
    coordinator.update(items: items(1, 2, 3), animated: true)
    let start = view.model.events.count
    let cellOfThree = view.model.cell(at: p(0, 2))?.id
    coordinator.update(items: items(3, 1, 4), animated: animated)
    #expect(view.model.items == items(3, 1, 4))
    let made = batches(view.model, since: start)
    #expect(!made.isEmpty && made.allSatisfy { $0.1 == animated })
    #expect(reloads(view.model, since: start) == 0)
    // The moved item kept its cell: a batch, not a reload.
    #expect(view.model.cell(at: p(0, 0))?.id == cellOfThree)
    #expect(view.refusals.isEmpty && view.model.staleCells.isEmpty)
  }

  @Test func aChangeAboveTheThresholdAndAViewOffScreenReload() {
    let (view, coordinator) = makeCoordinator(
      strategy: UpdateStrategy().reloading(above: 2).elementUpdates(.reconfigure))
    coordinator.update(items: items(1, 2, 3), animated: true)
    var start = view.model.events.count
    coordinator.update(items: items(4, 5, 6), animated: true)
    #expect(reloads(view.model, since: start) == 1 && batches(view.model, since: start).isEmpty)
    view.isOnScreen = false
    start = view.model.events.count
    coordinator.update(items: items(4, 5), animated: true)
    #expect(reloads(view.model, since: start) == 1 && batches(view.model, since: start).isEmpty)
    #expect(view.model.items == items(4, 5))
  }

  /// Data that arrives while an animation runs waits; only the newest is replayed, when the
  /// animation ends; no two replays overlap.
  @Test func updatesDuringAnAnimationAreCoalescedAndTheLatestWins() {
    let (view, coordinator) = makeCoordinator()
    coordinator.update(items: items(1, 2, 3), animated: true)
    view.holdsAnimations = true
    coordinator.update(items: items(1, 2), animated: true)
    #expect(view.animationsInFlight == 1)
    coordinator.update(items: items(1, 2, 5), animated: true)
    coordinator.update(items: items(2, 1, 6), animated: true)
    #expect(view.model.items == items(1, 2))
    let start = view.model.events.count
    view.finishAnimations()
    #expect(view.model.items == items(2, 1, 6))
    // One replay, from what the view showed to the newest data; the middle one skipped.
    #expect(coordinator.statistics.superseded == 1)
    #expect(!batches(view.model, since: start).isEmpty)
    view.finishAnimations()
    #expect(view.overlappingBlocks == 0 && view.refusals.isEmpty)
    // Every request is counted, those that started at once on an idle pipeline (the first
    // two) as well as those that waited; three reached the view.
    #expect(coordinator.statistics.requests == 4 && coordinator.statistics.replays == 3)
  }

  /// A view that leaves its window ends its animations (Core Animation removes them), so the
  /// data queued behind one is not stuck; off screen it is reloaded at once, and back in
  /// the window the view shows the newest data.
  @Test func leavingTheWindowDuringAnAnimationLosesNoUpdate() {
    let (view, coordinator) = makeCoordinator()
    coordinator.update(items: items(1, 2, 3), animated: true)
    view.holdsAnimations = true
    coordinator.update(items: items(3, 2, 1), animated: true)
    coordinator.update(items: items(3, 2, 1, 7), animated: true)
    view.isOnScreen = false
    #expect(view.model.items == items(3, 2, 1, 7))
    coordinator.update(items: items(9), animated: true)
    #expect(view.model.items == items(9))
    view.isOnScreen = true
    coordinator.windowDidChange()
    #expect(view.model.items == items(9) && view.refusals.isEmpty)
  }

  /// Large data is diffed off the main actor (the element count, not the section count,
  /// decides), then replayed; every update still reaches the view.
  @Test func largeDataIsDiffedInTheBackground() async {
    let (view, coordinator) = makeCoordinator(
      strategy: UpdateStrategy(reloadAboveChanges: nil, inlineDiffBelow: 100))
    let big = (0..<1_000).map { Item($0) }
    coordinator.update(items: big, animated: true)
    var changed = big
    changed[500] = Item(500, 1)
    changed.insert(Item(5_000), at: 10)
    coordinator.update(items: changed, animated: true)
    #expect(view.model.items == big)  // not yet: the diff runs on a background task
    await coordinator.waitForBackgroundDiffs()
    #expect(view.model.items == changed)
    #expect(view.refusals.isEmpty && view.model.staleCells.isEmpty)
  }

  @Test func sectionsWithHeadersAreShownAndDiffed() {
    let view = HeadlessCollectionView(CollectionModel(sections: [Section]()), dataSource: { [] })
    let coordinator = CollectionCoordinator(target: view)
    coordinator.update(sections: [section(1, [1, 2]), section(2, [3])], animated: true)
    coordinator.update(
      sections: [section(2, [3, 1]), section(3, [4]), section(1, [2], content: 1)], animated: true)
    #expect(view.model.sections == coordinator.latestSections)
    #expect(coordinator.numberOfSections == 3)
    #expect(coordinator.sections[2].model == Header(1, 1))
    #expect(coordinator.item(at: p(0, 1)) == Item(1))
    #expect(view.refusals.isEmpty && view.model.staleCells.isEmpty)
  }

  /// The coordinator runs on `CollectionModelView` too, which holds its data itself.
  @Test func aCollectionModelViewWorksAsWell() {
    let view = CollectionModelView(CollectionModel(items: [Item]()))
    let coordinator = CollectionCoordinator(target: view)
    coordinator.update(items: items(1, 2, 3), animated: true)
    coordinator.selection = [2]
    coordinator.update(items: items(2, 4), animated: true)
    #expect(view.model.items == items(2, 4))
    #expect(view.model.indexPathsForSelectedItems == [p(0, 0)])
    #expect(coordinator.selection == [2])
  }
}

@Suite("CollectionCoordinator: only changed items are refreshed")
@MainActor
struct CoordinatorRefreshTests {
  /// A silent refresh reaches exactly the realized cells whose item changed: never every
  /// visible cell.
  @Test func aSilentRefreshTouchesOnlyTheChangedItems() {
    var configured: [(shown: Item, new: Item?)] = []
    // Weak, as an app's must be: the coordinator holds its refresh, which reads it.
    weak var coordinator: CollectionCoordinator<HeadlessFlat, FlatSection>?
    let (view, made) = makeCoordinator(
      strategy: UpdateStrategy().elementUpdates(.silent),
      configureCell: { cell, path in
        // Inside the block the data source holds the block's data: the new item is there.
        configured.append((cell.element, coordinator?.item(at: path)))
      })
    coordinator = made
    made.update(items: (0..<20).map { Item($0) }, animated: true)
    var next = (0..<20).map { Item($0) }
    next[3] = Item(3, 1)
    next[17] = Item(17, 2)
    next.remove(at: 10)
    next.insert(Item(99), at: 0)
    made.update(items: next, animated: true)
    #expect(configured.map(\.shown) == [Item(3), Item(17)])
    #expect(configured.map(\.new) == [Item(3, 1), Item(17, 2)])
    #expect(view.model.items == next && view.model.staleCells.isEmpty)
    // No reload, no reconfigure: the cells were refreshed in place.
    for (batch, _) in batches(view.model, since: 0) {
      #expect(batch.reloadItems.isEmpty && batch.reconfigureItems.isEmpty)
    }
  }

  @Test func aReconfigureNamesOnlyTheChangedItems() {
    let (view, coordinator) = makeCoordinator()
    coordinator.update(items: (0..<10).map { Item($0) }, animated: true)
    let start = view.model.events.count
    var next = (0..<10).map { Item($0) }
    next[6] = Item(6, 1)
    coordinator.update(items: next, animated: false)
    let reconfigured = batches(view.model, since: start).flatMap(\.0.reconfigureItems)
    #expect(reconfigured == [p(0, 6)])
    #expect(view.model.staleCells.isEmpty)
  }
}

@Suite("CollectionCoordinator: selection by identity")
@MainActor
struct CoordinatorSelectionTests {
  @Test func aTapIsWrittenBackAndABindingWriteSelects() async {
    let (view, coordinator) = makeCoordinator()
    var written: [Set<Int>] = []
    coordinator.onSelectionChange = { written.append($0) }
    coordinator.update(items: items(1, 2, 3), animated: true)
    coordinator.didSelectItem(at: p(0, 1))
    // A tap is not a view update: written back at once.
    #expect(coordinator.selection == [2] && written == [[2]])
    #expect(view.model.indexPathsForSelectedItems == [p(0, 1)])
    coordinator.selection = [1, 3]
    #expect(view.model.indexPathsForSelectedItems == [p(0, 0), p(0, 2)])
    await coordinator.waitForCallbacks()
    #expect(written == [[2]])  // the app's own write is not echoed
    coordinator.didDeselectItem(at: p(0, 0))
    #expect(coordinator.selection == [3] && written.last == [3])
    // An identifier the data does not hold is dropped, and the binding hears of it, after
    // the view update that wrote it.
    coordinator.selection = [3, 42]
    #expect(coordinator.selection == [3] && written.count == 2)
    await coordinator.waitForCallbacks()
    #expect(written == [[2], [3], [3]])
  }

  @Test func movedItemsStaySelectedAndDeletedOnesLeaveTheBinding() async {
    let (view, coordinator) = makeCoordinator()
    var written: [Set<Int>] = []
    coordinator.onSelectionChange = { written.append($0) }
    coordinator.update(items: items(1, 2, 3, 4), animated: true)
    coordinator.selection = [1, 3]
    coordinator.update(items: items(4, 3, 2), animated: true)
    #expect(view.model.indexPathsForSelectedItems == [p(0, 1)])
    #expect(coordinator.selection == [3] && written.isEmpty)
    await coordinator.waitForCallbacks()
    #expect(written == [[3]])
  }

  /// A reload (first data, threshold, off screen) clears a view's selection; the coordinator
  /// selects the bound items again.
  @Test func theSelectionSurvivesAReload() {
    let (view, coordinator) = makeCoordinator(
      strategy: UpdateStrategy().reloading(above: 1).elementUpdates(.reconfigure))
    coordinator.update(items: items(1, 2, 3), animated: true)
    coordinator.selection = [2]
    coordinator.update(items: items(3, 2, 1, 5), animated: true)
    #expect(view.model.events.last == .reloadData)
    #expect(view.model.indexPathsForSelectedItems == [p(0, 1)])
    #expect(coordinator.selection == [2])
  }

  @Test func singleSelectionKeepsOneItem() {
    let (view, coordinator) = makeCoordinator()
    coordinator.allowsMultipleSelection = false
    view.allowsMultipleSelection = false
    coordinator.update(items: items(1, 2, 3), animated: true)
    coordinator.selectedItem = 1
    coordinator.didSelectItem(at: p(0, 2))
    #expect(coordinator.selectedItem == 3)
    #expect(view.model.indexPathsForSelectedItems == [p(0, 2)])
    coordinator.selectedItem = nil
    #expect(view.model.indexPathsForSelectedItems.isEmpty)
  }

  /// What `StagedCollection` does with its binding on every update, decided by the
  /// coordinator: one identifier, a set, or none (a tap is an action).
  @Test func aBindingIsFollowedBothWaysAndItsKindDecidesTheSelection() async {
    let (view, coordinator) = makeCoordinator()
    coordinator.update(items: items(1, 2, 3), animated: true)
    // Each binding comes in an input that holds the same data, as SwiftUI hands it over.
    func follow(_ binding: SelectionBinding<Int>) {
      var input = CollectionInput<FlatSection>(items: items(1, 2, 3))
      input.selection = binding
      coordinator.apply(input)
    }
    var one: Int? = 1
    var written: [String] = []
    let single = SelectionBinding<Int>.one(one) {
      one = $0
      written.append("one \($0.map(String.init) ?? "nil")")
    }
    #expect(!single.allowsMultipleSelection)
    follow(single)
    #expect(view.model.indexPathsForSelectedItems == [p(0, 0)])
    coordinator.didSelectItem(at: p(0, 2))
    #expect(one == 3 && view.model.indexPathsForSelectedItems == [p(0, 2)])
    // The same value again, as SwiftUI hands it on an update that changed nothing else.
    let start = view.model.events.count
    follow(.one(one) { one = $0 })
    #expect(view.model.events.count == start)

    var many: Set<Int> = [1, 2]
    let set = SelectionBinding<Int>.many(many) { many = $0 }
    #expect(set.allowsMultipleSelection)
    follow(set)
    #expect(view.model.indexPathsForSelectedItems == [p(0, 0), p(0, 1)])
    coordinator.didSelectItem(at: p(0, 2))
    #expect(many == [1, 2, 3] && coordinator.allowsMultipleSelection)

    follow(.none)
    #expect(!coordinator.allowsMultipleSelection && !coordinator.selectsOnTap)
    var tapped: [Int] = []
    coordinator.onSelectItem = { tapped.append($0.id) }
    coordinator.didDeselectItem(at: p(0, 0))
    coordinator.didSelectItem(at: p(0, 0))
    // Nothing is written back, and the tapped item does not stay selected.
    #expect(tapped == [1] && many == [1, 2, 3] && written == ["one 3"])
    #expect(!view.model.indexPathsForSelectedItems.contains(p(0, 0)))
  }
}

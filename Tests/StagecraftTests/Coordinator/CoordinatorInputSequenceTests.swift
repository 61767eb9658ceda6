import Stagecraft
import StagecraftTestSupport
import Testing

/// Random sequences of inputs, each applied through the one call a representable makes
/// (`apply(_:)`): inputs that add items and select them in the same state change, remove
/// selected items, name a new item as the scrolled item, change the strategy and the
/// handlers. After each input and one turn of the main actor, the view selects exactly the
/// bound items the new data holds (an added one at its new path), the binding heard only
/// that selection, nothing was refused, and the app's prefetches agree with the model's.
@Suite("CollectionCoordinator: random inputs through apply(_:)")
@MainActor
struct CoordinatorInputSequenceTests {
  enum Kind: String, CaseIterable, CustomStringConvertible {
    case headlessMany, headlessOne, modelViewMany, modelViewOne
    var description: String { rawValue }
    var multiple: Bool { self == .headlessMany || self == .modelViewMany }
  }

  /// What the app holds: its items, its bound selection, and what it heard.
  final class App {
    var items: [Item] = []
    var bound: Set<Int> = []
    var writes: [Set<Int>] = []
    var scrolled: Int?
    var prefetched: [Int] = []
    var inViewUpdate = false
    var heardInViewUpdate = 0
  }

  @Test(arguments: Kind.allCases)
  func everyInputLeavesTheBoundItemsSelected(kind: Kind) async {
    var random = SplitMix64(seed: 0x1A9E7 &+ UInt64(Kind.allCases.firstIndex(of: kind)!))
    var addedAndSelected = 0
    for _ in 0..<TestScale.count(40) {
      addedAndSelected += await runSequence(&random, kind: kind)
    }
    #expect(addedAndSelected > TestScale.count(40))
  }

  /// The batch updates a model recorded.
  func batches(_ model: CollectionModel<FlatSection>) -> [BatchUpdate] {
    model.events.compactMap { if case .batchUpdates(let batch, _) = $0 { batch } else { nil } }
  }

  /// One sequence of 30 inputs; returns how many added an item and selected it at once.
  func runSequence(_ random: inout SplitMix64, kind: Kind) async -> Int {
    let app = App()
    var nextID = 0
    var model = CollectionModel(
      items: [Item](), configuration: .init(allowsMultipleSelection: kind.multiple))
    switch kind {
    case .headlessMany, .headlessOne:
      model.geometry = .init(viewportHeight: 200, itemHeight: 50)
      let view = HeadlessFlat(model)
      view.prefetching = PrefetchBuffers(leading: 1, trailing: 1)
      let coordinator = CollectionCoordinator(target: view)
      var scrolls = SplitMix64(seed: random.next())
      return await run(&random, app, coordinator, &nextID, kind, events: { batches(view.model) }) {
        let refusals = view.refusals.map(\.description)
        #expect(refusals.isEmpty)
        // The app's outstanding prefetches are the model's, after the input and after each
        // scroll or resize that follows it.
        #expect(coordinator.prefetchedItems.sorted() == view.model.prefetchedItems.sorted())
        let shown = (view.model.items, view.model.indexPathsForSelectedItems)
        for _ in 0..<2 {
          if scrolls.next(4) == 0 {
            view.geometry?.viewportHeight = Double(100 + scrolls.next(300))
          } else {
            let height = view.model.scrollMetrics?.contentHeight ?? 0
            view.setContentOffset(Double(scrolls.next(Int(height) + 1)))
          }
          #expect(coordinator.prefetchedItems.sorted() == view.model.prefetchedItems.sorted())
        }
        return shown
      }
    case .modelViewMany, .modelViewOne:
      let view = CollectionModelView(model)
      let coordinator = CollectionCoordinator(target: view)
      return await run(&random, app, coordinator, &nextID, kind, events: { batches(view.model) }) {
        (view.model.items, view.model.indexPathsForSelectedItems)
      }
    }
  }

  func run<Target>(
    _ random: inout SplitMix64, _ app: App,
    _ coordinator: CollectionCoordinator<Target, FlatSection>, _ nextID: inout Int,
    _ kind: Kind, events: () -> [BatchUpdate], shown: () -> ([Item], [ElementPath])
  ) async -> Int {
    var addedAndSelected = 0
    for _ in 0..<30 {
      // The app's state change: new items, some selected in the same change; removals,
      // often of selected items; a content change; a scrolled item.
      let before = app.items
      var items = before
      var added: [Int] = []
      for _ in 0..<random.next(4) {
        let item = Item(nextID)
        nextID += 1
        items.insert(item, at: random.next(items.count + 1))
        added.append(item.id)
      }
      for _ in 0..<random.next(3) where !items.isEmpty {
        let selected = items.indices.filter { app.bound.contains(items[$0].id) }
        let index = selected.randomElement(using: &random) ?? random.next(items.count)
        items.remove(at: index)
      }
      var changed: Int?
      if !items.isEmpty, random.next(3) == 0 {
        let index = random.next(items.count)
        items[index].content += 1
        if app.items.contains(where: { $0.id == items[index].id }) { changed = items[index].id }
      }
      var bound = app.bound
      if let new = added.randomElement(using: &random), random.next(3) > 0 {
        bound = kind.multiple ? bound.union([new]) : [new]
        addedAndSelected += 1
      } else if random.next(6) == 0 {
        bound = []
      }
      app.items = items
      app.bound = bound
      var input = CollectionInput<FlatSection>(
        items: items, animated: random.next(2) == 0,
        strategy: [
          UpdateStrategy(), .nonanimatedBatchUpdates, .alwaysAnimated(below: 20), .reloadData,
        ][
          random.next(4)
        ].elementUpdates(.reconfigure))
      if kind.multiple {
        input.selection = .many(bound) { [app] in
          if app.inViewUpdate { app.heardInViewUpdate += 1 }
          app.writes.append($0)
          app.bound = $0
        }
      } else {
        input.selection = .one(bound.first) { [app] in
          if app.inViewUpdate { app.heardInViewUpdate += 1 }
          app.writes.append($0.map { [$0] } ?? [])
          app.bound = $0.map { [$0] } ?? []
        }
      }
      let named = added.randomElement(using: &random)
      if let named, random.next(2) == 0 {
        input.scrolledItem = ScrolledItemBinding(named) { [app] in app.scrolled = $0 }
      }
      if random.next(2) == 0 {
        input.prefetch = .init(prefetch: { [app] in app.prefetched += $0 })
      }
      if random.next(3) == 0 { input.reachEnd = .init { [app] in app.prefetched.append(-1) } }
      app.writes = []
      let batchesBefore = events().count
      app.inViewUpdate = true
      coordinator.apply(input)
      app.inViewUpdate = false
      await coordinator.waitForCallbacks()

      // The view shows the new data, and selects exactly the bound items it holds.
      let (data, selectedPaths) = shown()
      #expect(data == items)
      let expected = bound.filter { id in items.contains { $0.id == id } }
      let paths = expected.map { id in
        ElementPath(element: items.firstIndex { $0.id == id }!, section: 0)
      }
      #expect(Set(selectedPaths) == Set(paths), "bound \(bound) in \(items)")
      #expect(coordinator.selection == expected)
      // The binding heard only that selection, never during the call.
      #expect(app.writes.allSatisfy { $0 == expected }, "\(app.writes) vs \(expected)")
      #expect(app.bound == expected)
      #expect(app.heardInViewUpdate == 0)
      // Only the changed item is refreshed: reconfigured once by batch updates, not at all
      // by a reload (the first data, or the reload strategy).
      let refreshed = events().dropFirst(batchesBefore).flatMap(\.reconfigureItems)
      let batched = changed != nil && input.strategy.reloadAboveChanges != 0
      #expect(refreshed.count == (batched ? 1 : 0), "\(before) -> \(items)")
      if let named, input.scrolledItem != nil, items.contains(where: { $0.id == named }) {
        #expect(coordinator.scrolledItem == named)
      }
    }
    return addedAndSelected
  }
}

import Stagecraft
import Testing

/// What an update costs the main actor does not grow with the list when the change is fixed:
/// the selection and the prefetch relay find items in an index built beside the diff, off
/// the main actor, not by indexing the data on it.
@Suite("CollectionCoordinator: the main actor's share of an update")
@MainActor
struct CoordinatorMainActorTests {
  @Test(arguments: [5_000, 50_000])
  func theBookkeepingIndexesNothingOnTheMainActor(count: Int) async {
    var model = CollectionModel(
      items: [Item](), configuration: .init(allowsMultipleSelection: true))
    model.geometry = .init(viewportHeight: 200, itemHeight: 50)
    let view = HeadlessCollectionView(model)
    view.prefetching = PrefetchBuffers(leading: 1, trailing: 0)
    let coordinator = CollectionCoordinator(target: view)  // diffs off the main actor
    var items = (0..<count).map { Item($0) }
    coordinator.update(items: items, animated: false)
    coordinator.selection = [1, 2, count - 1]
    #expect(!coordinator.prefetchedItems.isEmpty)
    let built = coordinator._indexesBuilt
    for round in 1...5 {
      // One change: an item near the top, and one selected item deleted in round 3.
      items[10].content = round
      if round == 3 { items.removeLast() }
      coordinator.update(items: items, animated: false)
      await coordinator.waitForBackgroundDiffs()
      #expect(view.model.items == items)
    }
    await coordinator.waitForCallbacks()
    // The selection followed (the deleted item left it) and prefetches are still relayed,
    // with no index of the data built on the main actor after any of the five updates.
    #expect(coordinator.selection == [1, 2])
    #expect(Set(view.model.indexPathsForSelectedItems) == [p(0, 1), p(0, 2)])
    #expect(coordinator.prefetchedItems.sorted() == view.model.prefetchedItems.sorted())
    #expect(coordinator._indexesBuilt == built)
  }
}

import Foundation
import Stagecraft
import Synchronization
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
    let built = coordinator._index.built
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
    #expect(coordinator._index.built == built)
  }
}

/// An element that counts what is asked of it (its identifier, its content, its hash and
/// equality) on the main actor's thread; what the diff and the index ask on their task is
/// not counted.
struct MainThreadCountedItem: Differentiable, Hashable, Sendable {
  let id: Int
  var content: Int
  let counter: _MainThreadCounter

  var differenceIdentifier: Int {
    counter.touch()
    return id
  }
  func isContentEqual(to source: MainThreadCountedItem) -> Bool {
    counter.touch()
    return content == source.content
  }
  static func == (lhs: MainThreadCountedItem, rhs: MainThreadCountedItem) -> Bool {
    lhs.counter.touch()
    return lhs.id == rhs.id && lhs.content == rhs.content
  }
  func hash(into hasher: inout Hasher) {
    counter.touch()
    hasher.combine(id)
  }
}

/// Counts the calls made on the thread that created it (the main actor's, in a test).
final class _MainThreadCounter: Sendable {
  private let thread = pthread_self()
  private let stored = Mutex(0)
  func touch() {
    if pthread_equal(pthread_self(), thread) != 0 { stored.withLock { $0 += 1 } }
  }
  var count: Int { stored.withLock { $0 } }
  func reset() { stored.withLock { $0 = 0 } }
}

/// Counted growth: with the change fixed, what the main actor asks of the elements in an
/// update through the coordinator (the request, the planned blocks' replay through the
/// guard, the selection and prefetch bookkeeping, the callbacks) stays under one bound at
/// 2,000 and at 60,000 items. Any main-actor step that walked the list (indexing it,
/// comparing it, hashing it) would ask each element.
@Suite("CollectionCoordinator: no main-actor step grows with the list")
@MainActor
struct CoordinatorMainActorGrowthTests {
  func mainActorTouches(count: Int) async -> [Int] {
    let counter = _MainThreadCounter()
    var model = CollectionModel(
      items: [MainThreadCountedItem](), configuration: .init(allowsMultipleSelection: true))
    model.geometry = .init(viewportHeight: 200, itemHeight: 50)
    let view = HeadlessCollectionView(model)
    view.prefetching = PrefetchBuffers(leading: 1, trailing: 0)
    let coordinator = CollectionCoordinator(target: view)
    var items = (0..<count).map { MainThreadCountedItem(id: $0, content: 0, counter: counter) }
    coordinator.update(items: items, animated: false)
    await coordinator.waitForBackgroundDiffs()
    coordinator.selection = [1, 2, count - 1]
    await coordinator.waitForCallbacks()
    var touches: [Int] = []
    for round in 1...4 {
      // A fixed change: three contents, a move near the top, a delete and an insert.
      for index in [3, 10, count / 2] { items[index].content = round }
      items.swapAt(5, 8)
      items.remove(at: count / 3)
      items.insert(MainThreadCountedItem(id: count + round, content: 0, counter: counter), at: 20)
      counter.reset()
      coordinator.update(items: items, animated: true)
      await coordinator.waitForBackgroundDiffs()
      await coordinator.waitForCallbacks()
      touches.append(counter.count)
      #expect(view.model.items.map(\.id) == items.map(\.id))
    }
    #expect(coordinator.selection == [1, 2, count - 1])
    return touches
  }

  @Test func theMainActorsShareDoesNotGrowWithTheList() async {
    let small = await mainActorTouches(count: 2_000)
    let large = await mainActorTouches(count: 60_000)
    // The same bound at both sizes, far below either list: a step that walked the list
    // would ask 2,000 or 60,000 elements. (Which rounds ask the few elements they ask
    // depends on whether the bookkeeping's index was ready, not on the list.)
    #expect((small + large).allSatisfy { $0 <= 64 }, "\(small) \(large)")
  }
}

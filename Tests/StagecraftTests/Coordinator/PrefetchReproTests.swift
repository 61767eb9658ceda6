import Stagecraft
import StagecraftTestSupport
import Testing

/// The coordinator relays prefetching as the view tells it (prefetch, cancel, and the
/// `willDisplay` of the cell that uses a prefetch), so what the app hears agrees with what
/// the model behind a `HeadlessCollectionView` asked for, at every step.
@Suite("CollectionCoordinator: one keeper of prefetches")
@MainActor
struct CoordinatorPrefetchAgreementTests {
  /// The reproduction: items 0–19, 100 points tall, a 300-point viewport, one
  /// screen ahead and none behind. Deleting item 0 slides item 3 on screen: its cell uses
  /// the prefetch. Scrolling away and back asks for it again, and the app hears it.
  @Test func anItemAnUpdateBringsOnScreenUsedItsPrefetch() async {
    var model = CollectionModel(items: [Item](), configuration: .init())
    model.geometry = .init(viewportHeight: 300, itemHeight: 100)
    let view = HeadlessFlat(model)
    let coordinator = CollectionCoordinator(target: view, guard: UpdateGuard())
    let app = AppLog()
    app.listen(to: coordinator)
    (coordinator.onReachEnd, coordinator.onReachStart) = (nil, nil)
    var displayed: [Int] = []
    let wired = view.onWillDisplayItem
    // Weak, as an app's delegate is: the coordinator holds the view.
    view.onWillDisplayItem = { [weak coordinator] path in
      displayed.append(coordinator?.item(at: path)?.id ?? -1)
      wired?(path)
    }
    func agree() {
      #expect(coordinator.prefetchedItems.sorted() == view.model.prefetchedItems.sorted())
    }
    coordinator.update(items: (0..<20).map { Item($0) }, animated: true)
    #expect(displayed == [0, 1, 2])
    view.prefetching = PrefetchBuffers(leading: 1, trailing: 0)
    #expect(app.heard == ["prefetch [3, 4, 5]"])
    agree()
    coordinator.update(items: (1..<20).map { Item($0) }, animated: true)
    await coordinator.waitForCallbacks()
    // Item 3's cell was made by the update: displayed, its prefetch used.
    #expect(displayed == [0, 1, 2, 3])
    #expect(app.heard == ["prefetch [3, 4, 5]", "prefetch [6]"])
    #expect(coordinator.prefetchedItems == [4, 5, 6])
    agree()
    view.setContentOffset(1_000)
    agree()
    view.setContentOffset(350)
    agree()
    view.setContentOffset(1_000)
    agree()
    await coordinator.waitForCallbacks()
    #expect(
      app.heard == [
        "prefetch [3, 4, 5]", "prefetch [6]", "cancel [4, 5, 6]", "prefetch [14, 15, 16]",
        "cancel [14, 15, 16]", "prefetch [3, 2, 1]", "cancel [1, 2, 3]", "prefetch [14, 15, 16]",
      ])
    // No cancel ever names an item whose cell used its prefetch: every cancel follows a
    // prefetch of that item that no display came between.
    #expect(view.refusals.isEmpty)
  }

  /// A resize that shows more items displays their cells: each is heard once.
  @Test func aResizeDisplaysTheCellsItBringsOnScreen() async {
    var model = CollectionModel(items: [Item](), configuration: .init())
    model.geometry = .init(viewportHeight: 200, itemHeight: 100)
    let view = HeadlessFlat(model)
    let coordinator = CollectionCoordinator(target: view)
    var displayed: [ElementPath] = []
    view.onWillDisplayItem = { displayed.append($0) }
    coordinator.update(items: (0..<10).map { Item($0) }, animated: false)
    #expect(displayed == [p(0, 0), p(0, 1)])
    view.geometry?.viewportHeight = 400
    #expect(displayed == [p(0, 0), p(0, 1), p(0, 2), p(0, 3)])
    // A move keeps the cell: nothing is displayed again.
    coordinator.update(items: [0, 2, 1, 3, 4, 5, 6, 7, 8, 9].map { Item($0) }, animated: false)
    #expect(view.model.events.count == 2)  // the first reload, one batch
    #expect(displayed.count == 4)
    _ = coordinator
  }
}

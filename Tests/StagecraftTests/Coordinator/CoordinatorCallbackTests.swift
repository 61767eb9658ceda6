import Stagecraft
import StagecraftTestSupport
import Testing

/// A headless view with a vertical geometry (50 points an item, a 200-point viewport) and its
/// coordinator, wired as a representable wires them.
@MainActor
func makeScrollingCoordinator(
  viewport: Double = 200, multiple: Bool = true
) -> (HeadlessFlat, CollectionCoordinator<HeadlessFlat, FlatSection>) {
  var model = CollectionModel(
    items: [Item](), configuration: .init(allowsMultipleSelection: multiple))
  model.geometry = .init(viewportHeight: viewport, itemHeight: 50)
  let view = HeadlessFlat(model, items: { [] })
  let coordinator = CollectionCoordinator(target: view, guard: UpdateGuard())
  return (view, coordinator)
}

/// What an app hears from a coordinator, and whether it heard it inside a call made as
/// SwiftUI's `updateUIViewController` makes it.
@MainActor
final class AppLog {
  var inViewUpdate = false
  var heardInside: [String] = []
  var heard: [String] = []
  var binding: Set<Int> = []

  func hear(_ event: String) {
    if inViewUpdate { heardInside.append(event) }
    heard.append(event)
  }

  /// Runs `call` as a view update.
  func viewUpdate(_ call: () -> Void) {
    inViewUpdate = true
    call()
    inViewUpdate = false
  }

  func listen(to coordinator: CollectionCoordinator<HeadlessFlat, FlatSection>) {
    coordinator.onSelectionChange = { [unowned self] in
      binding = $0
      hear("selection \($0.sorted())")
    }
    coordinator.onReachEnd = { [unowned self] in hear("reach end") }
    coordinator.onReachStart = { [unowned self] in hear("reach start") }
    coordinator.onPrefetch = { [unowned self] in hear("prefetch \($0)") }
    coordinator.onCancelPrefetch = { [unowned self] in hear("cancel \($0)") }
    coordinator.onSelectItem = { [unowned self] in hear("tap \($0.id)") }
  }
}

@Suite("CollectionCoordinator: no state written during a view update")
@MainActor
struct CoordinatorCallbackTests {
  /// Driven as the shell drives it: the first data of a short list, binding writes with an
  /// identifier the data lacks, an update without animation that deletes a selected item, an
  /// animated one. No app callback runs inside those calls; one turn of the main actor
  /// delivers every one that was due, in order; the binding ends at the coordinator's
  /// selection.
  @Test func callbacksArriveAfterTheViewUpdateInOneTurn() async {
    let (view, coordinator) = makeScrollingCoordinator()
    let app = AppLog()
    app.listen(to: coordinator)
    coordinator.onReachStart = nil  // a feed: pages at the end only
    // A short list asks for more at once: not inside the update.
    app.viewUpdate { coordinator.update(items: items(1, 2, 3), animated: true) }
    #expect(app.heard.isEmpty && coordinator.hasPendingCallbacks)
    await Task.yield()
    #expect(app.heard == ["reach end"] && !coordinator.hasPendingCallbacks)
    // A binding write with an identifier the data lacks: the binding hears the set that
    // stands, after the update.
    app.binding = [3, 99]
    app.viewUpdate { coordinator.selection = app.binding }
    #expect(view.model.indexPathsForSelectedItems == [p(0, 2)])
    await Task.yield()
    #expect(app.heard.last == "selection [3]" && app.binding == coordinator.selection)
    // An update without animation that deletes the selected item; the reach handler has
    // completed, and the page that arrives (4 items, still shorter than the screen) asks
    // again.
    app.viewUpdate { coordinator.update(items: items(1, 2, 4, 5), animated: false) }
    #expect(app.heard.count == 2)
    await Task.yield()
    #expect(app.heard.suffix(2) == ["selection []", "reach end"])
    #expect(app.binding == coordinator.selection && coordinator.selection.isEmpty)
    #expect(app.heardInside.isEmpty)
    #expect(view.refusals.isEmpty)
  }

  /// A later value of the binding supersedes one not yet delivered; the report of a tap,
  /// made outside a view update, comes at once, after what was pending.
  @Test func aLaterValueSupersedesAndATapFlushesInOrder() async {
    let (_, coordinator) = makeScrollingCoordinator()
    let app = AppLog()
    app.listen(to: coordinator)
    (coordinator.onReachEnd, coordinator.onReachStart) = (nil, nil)
    app.viewUpdate {
      coordinator.update(items: items(1, 2, 3, 4), animated: true)
      coordinator.selection = [1, 77]
      coordinator.selection = [2, 88]
    }
    #expect(app.heard.isEmpty)
    coordinator.didSelectItem(at: p(0, 3))
    #expect(app.heard == ["selection [2]", "tap 4", "selection [2, 4]"])
    await Task.yield()
    #expect(app.heard.count == 3, "\(app.heard)")
    #expect(app.heardInside.isEmpty)
  }

  /// `performViewUpdate` holds back what UIKit calls back during the rest of
  /// `updateUIViewController`: here a scroll that new insets cause.
  @Test func aViewUpdateHoldsBackWhatUIKitCallsMeanwhile() async {
    let (view, coordinator) = makeScrollingCoordinator()
    let app = AppLog()
    app.listen(to: coordinator)
    coordinator.onReachStart = nil
    coordinator.update(items: (0..<40).map { Item($0) }, animated: true)
    app.viewUpdate {
      coordinator.performViewUpdate {
        view.setContentOffset(1_700)  // 100 points from the end
      }
    }
    #expect(app.heard.isEmpty)
    await coordinator.waitForCallbacks()
    #expect(app.heard.contains("reach end") && app.heardInside.isEmpty)
  }
}

@Suite("CollectionCoordinator: taps, selection and strategies")
@MainActor
struct CoordinatorTapAndStrategyTests {
  /// A tap reaches `onSelectItem` with the element, with a binding or without one; without
  /// (`selectsOnTap` off) the item does not stay selected.
  @Test func aTapReportsTheElementWithOrWithoutABinding() {
    let (view, coordinator) = makeCoordinator()
    var tapped: [Item] = []
    coordinator.onSelectItem = { tapped.append($0) }
    coordinator.update(items: items(1, 2, 3), animated: true)
    view.selectItem(at: p(0, 1), animated: true)  // UIKit selects, then tells the delegate
    coordinator.didSelectItem(at: p(0, 1))
    #expect(tapped == [Item(2)] && coordinator.selection == [2])
    coordinator.selectsOnTap = false
    view.selectItem(at: p(0, 2), animated: true)
    coordinator.didSelectItem(at: p(0, 2))
    #expect(tapped == [Item(2), Item(3)])
    #expect(coordinator.selection == [2])
    #expect(view.model.indexPathsForSelectedItems == [p(0, 1)])
  }

  /// A cell deselects itself (LazyCollection's `deselect`), and the binding hears it.
  @Test func aCellDeselectsItself() {
    let (view, coordinator) = makeCoordinator()
    var written: [Set<Int>] = []
    coordinator.onSelectionChange = { written.append($0) }
    coordinator.update(items: items(1, 2, 3), animated: true)
    coordinator.didSelectItem(at: p(0, 0))
    coordinator.didSelectItem(at: p(0, 2))
    #expect(coordinator.deselectItem(withIdentifier: 3))
    #expect(!coordinator.deselectItem(withIdentifier: 2))
    #expect(written.last == [1] && view.model.indexPathsForSelectedItems == [p(0, 0)])
  }

  /// Single selection binds sections too.
  @Test func singleSelectionInSections() {
    let view = HeadlessCollectionView(CollectionModel(sections: [Section]()), dataSource: { [] })
    let coordinator = CollectionCoordinator(target: view)
    #expect(!coordinator.allowsMultipleSelection)  // as the view
    coordinator.update(sections: [section(1, [1, 2]), section(2, [3, 4])], animated: true)
    coordinator.selectedItem = 3
    coordinator.didSelectItem(at: p(0, 1))
    #expect(coordinator.selectedItem == 2)
    #expect(view.model.indexPathsForSelectedItems == [p(0, 1)])
  }

  /// The coordinator's `allowsMultipleSelection` follows the view's until set.
  @Test func multipleSelectionFollowsTheView() {
    let (view, coordinator) = makeCoordinator()
    #expect(coordinator.allowsMultipleSelection)
    view.allowsMultipleSelection = false
    #expect(!coordinator.allowsMultipleSelection)
    coordinator.allowsMultipleSelection = true
    #expect(coordinator.allowsMultipleSelection)
    let bare = CollectionCoordinator(target: CollectionModelView(CollectionModel(items: [Item]())))
    #expect(!bare.allowsMultipleSelection)
  }

  /// An item that moves into a section the same update inserts is deleted and inserted; it
  /// is selected again as soon as the blocks are performed, while the animation still runs.
  @Test func aSelectedItemMovedByDeleteAndInsertStaysSelectedDuringTheAnimation() async {
    let view = HeadlessCollectionView(
      CollectionModel(sections: [Section](), configuration: .init(allowsMultipleSelection: true)),
      dataSource: { [] })
    let coordinator = CollectionCoordinator(target: view, guard: UpdateGuard())
    var written: [Set<Int>] = []
    coordinator.onSelectionChange = { written.append($0) }
    coordinator.update(sections: [section(1, [1, 2, 3])], animated: true)
    coordinator.selection = [2]
    view.holdsAnimations = true
    coordinator.update(sections: [section(1, [1, 3]), section(2, [2])], animated: true)
    #expect(view.animationsInFlight > 0)
    #expect(view.model.indexPathsForSelectedItems == [p(1, 0)])
    await coordinator.waitForCallbacks()
    #expect(written.isEmpty && coordinator.selection == [2])
    view.finishAnimations()
    #expect(view.model.indexPathsForSelectedItems == [p(1, 0)])
  }

  /// Each strategy, decided headlessly: the transaction, never, always, below a number of
  /// items, reload above a number of changes, always reload.
  @Test func theUpdateStrategyDecidesAnimationAndReloads() {
    func run(_ strategy: UpdateStrategy, animated: Bool, to new: [Item]) -> (
      animated: [Bool], reloads: Int
    ) {
      let (view, coordinator) = makeCoordinator()
      coordinator.strategy = strategy
      coordinator.update(items: items(1, 2, 3), animated: true)
      let start = view.model.events.count
      coordinator.update(items: new, animated: animated)
      return (batches(view.model, since: start).map(\.1), reloads(view.model, since: start))
    }
    let small = items(3, 1, 2, 4)
    #expect(run(UpdateStrategy(), animated: true, to: small).animated.allSatisfy { $0 })
    #expect(run(UpdateStrategy(), animated: false, to: small).animated.allSatisfy { !$0 })
    // One block: 4 inserted, 3 moved.
    #expect(run(.nonanimatedBatchUpdates, animated: true, to: small).animated == [false])
    #expect(run(.animatedBatchUpdates, animated: false, to: small).animated == [true])
    #expect(run(.animated(below: 5), animated: true, to: small).animated == [true])
    let long = (1...6).map { Item($0) }
    #expect(run(.animated(below: 5), animated: true, to: long).animated == [false])
    #expect(run(.reloadData, animated: true, to: small) == ([], 1))
    #expect(run(UpdateStrategy().reloading(above: 1), animated: true, to: small) == ([], 1))
    #expect(run(UpdateStrategy().reloading(above: 2), animated: true, to: small).reloads == 0)
  }
}

@Suite("CollectionCoordinator: reach triggers and prefetching")
@MainActor
struct CoordinatorReachTests {
  /// `onReachEnd` fires near the end, once per page: busy while the handler runs, again when
  /// the page arrives; not on content that loads nothing.
  @Test func reachEndFiresOncePerPage() async {
    let (view, coordinator) = makeScrollingCoordinator()
    var calls = 0
    var page = (0..<20).map { Item($0) }  // 1,000 points
    coordinator.reachEndDistance = .viewports(1)
    coordinator.onReachEnd = { calls += 1 }
    coordinator.update(items: page, animated: true)
    view.setContentOffset(500)  // 300 left
    view.setContentOffset(650)  // 150 left
    await coordinator.waitForCallbacks()
    #expect(calls == 1)
    await Task.yield()  // the handler has returned: idle, no new page
    view.setContentOffset(700)
    await coordinator.waitForCallbacks()
    #expect(calls == 1)
    page += (20..<30).map { Item($0) }
    coordinator.update(items: page, animated: true)
    view.setContentOffset(1_250)
    await coordinator.waitForCallbacks()
    #expect(calls == 2)
    #expect(coordinator.scrollDirection == .forward)
  }

  /// `onReachStart` fires scrolling toward the top; the older page arrives above while the
  /// anchor is kept, which is not a scroll.
  @Test func reachStartLoadsOlderMessagesKeepingTheAnchor() async {
    let (view, coordinator) = makeScrollingCoordinator()
    var older = 0
    coordinator.reachStartDistance = .points(100)
    coordinator.onReachStart = { older += 1 }
    coordinator.update(items: (100..<140).map { Item($0) }, animated: true)
    view.setContentOffset(1_000)
    view.setContentOffset(80)
    await coordinator.waitForCallbacks()
    #expect(older == 1 && coordinator.scrollDirection == .backward)
    coordinator.update(items: (80..<140).map { Item($0) }, animated: true)
    #expect(view.model.geometry?.contentOffset == 1_080)
    #expect(coordinator.scrollDirection == .backward)
  }

  /// Prefetching reaches the app by identity: the model's requests, mapped through the data
  /// the view shows; an update that deletes an outstanding item cancels it though the view
  /// cannot name it; a stale cancel for an item never asked for is dropped.
  @Test func prefetchingReachesTheAppByIdentity() async {
    let (view, coordinator) = makeScrollingCoordinator()
    let app = AppLog()
    app.listen(to: coordinator)
    (coordinator.onReachEnd, coordinator.onReachStart) = (nil, nil)
    coordinator.update(items: (0..<30).map { Item($0) }, animated: true)
    view.prefetching = PrefetchBuffers(leading: 1, trailing: 0)
    #expect(app.heard == ["prefetch [4, 5, 6, 7]"])
    #expect(coordinator.prefetchedItems == [4, 5, 6, 7])
    var next = (0..<30).map { Item($0) }
    next.remove(at: 5)
    next.insert(Item(99), at: 0)
    app.viewUpdate { coordinator.update(items: next, animated: true) }
    #expect(app.heard.count == 1)
    await Task.yield()
    // The anchor (item 0) is kept: the viewport moves to [50, 250) and the window to
    // [50, 450). 5 was deleted: the view cannot name it, the coordinator cancels it; 8
    // entered the window.
    #expect(view.model.geometry?.contentOffset == 50)
    #expect(app.heard == ["prefetch [4, 5, 6, 7]", "cancel [5]", "prefetch [8]"])
    #expect(app.heardInside.isEmpty)
    #expect(coordinator.prefetchedItems == [4, 6, 7, 8])
    #expect(view.model.prefetchedItems == [4, 6, 7, 8])
    coordinator.cancelPrefetchingForItems(at: [p(0, 20)])  // never asked for
    coordinator.prefetchItems(at: [p(0, 500)])  // not in the data
    #expect(app.heard.count == 3 && coordinator.prefetchedItems == [4, 6, 7, 8])
    // Scrolling on: the items shown use their prefetch; those that enter are asked for.
    view.setContentOffset(250)
    #expect(app.heard.last == "prefetch [9, 10, 11, 12]")
    #expect(view.model.prefetchedItems == [9, 10, 11, 12])
    #expect(coordinator.prefetchedItems == [9, 10, 11, 12])
  }
}

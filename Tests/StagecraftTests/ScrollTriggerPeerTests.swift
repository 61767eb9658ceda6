import Stagecraft
import StagecraftTestSupport
import Testing

/// The failures other lists' prefetching and pagination were reported for, each replayed on
/// the model (or the coordinator) and shown not to happen here.
@Suite("Prefetching and reach triggers: the peers' failures")
struct ScrollTriggerPeerTests {
  /// IGListKit #1581: load more fired many times, from visible indices gone stale across
  /// updates. Updates that do not bring a page (content changes, reorders) while the list
  /// sits in the zone do not fire again.
  @Test func updatesWithoutANewPageDoNotFireAgain() throws {
    var model = listModel(Array(0..<20), viewport: 100, offset: 900)
    #expect(recorded(&model) { $0.reachEnd = .viewports(1) } == ["reach end"])
    model.completeReach(.end)
    for round in 1...5 {
      var next = model.items
      next.swapAt(round, round + 5)
      next[round].content += 1
      let update = try recorded(&model) {
        try $0.reload(using: StagedChangeset(source: $0.items, target: next))
      }
      #expect(update.isEmpty)
    }
  }

  /// KarrotListKit's trigger keeps no state and fires on every qualifying scroll callback;
  /// ASDK #199 repeated while the list bounced at its end. Offsets that go back and forth
  /// past the end, and a handler that is still running, fire once.
  @Test func bouncingAtTheEndFiresOnce() {
    var model = listModel(Array(0..<20), viewport: 100)
    _ = recorded(&model) { $0.reachEnd = .points(50) }
    var fired: [String] = []
    for offset in [880.0, 900, 930, 960, 905, 940, 900, 920] {
      fired += recorded(&model) { $0.setContentOffset(offset) }
    }
    #expect(fired == ["reach end"])
    model.completeReach(.end)
    for offset in [930.0, 900, 950, 910] {
      #expect(recorded(&model) { $0.setContentOffset(offset) }.isEmpty)
    }
  }

  /// ASDK #1515: a fetch loop at the end, on content that loads nothing. Completing the
  /// handler without a page does not fire again, however often.
  @Test func aHandlerThatLoadsNothingDoesNotLoop() {
    var model = listModel([0, 1], viewport: 400)
    #expect(recorded(&model) { $0.reachEnd = .standard } == ["reach end"])
    for _ in 0..<10 {
      #expect(recorded(&model) { $0.completeReach(.end) }.isEmpty)
    }
  }

  /// KarrotListKit checks only on scroll: an update that brings the end into the zone (the
  /// list shrank) is not noticed until the user scrolls. Here the update is evaluated.
  @Test func anUpdateThatBringsTheEndCloseFires() throws {
    var model = listModel(Array(0..<40), viewport: 100, offset: 500)
    _ = recorded(&model) { $0.reachEnd = .viewports(1) }
    let shorter = Array(model.items.prefix(13))  // 650 points: 50 left below the viewport
    let update = try recorded(&model) {
      try $0.reload(using: StagedChangeset(source: $0.items, target: shorter))
    }
    #expect(update == ["reach end"])
  }

  /// KarrotListKit dropped its row-count trigger (its PRs #43 and #44) because the point
  /// where it fired moved with the cells' heights. A distance in points fires at the same
  /// place whatever the heights: rows of 20 or of 200 points.
  @Test func theTriggerPointDoesNotMoveWithCellHeights() {
    for height in [20.0, 37, 200] {
      let count = Int((4_000 / height).rounded(.up))
      var model = listModel(Array(0..<count), viewport: 500, height: height)
      _ = recorded(&model) { $0.reachEnd = .points(300) }
      let content = model.scrollMetrics!.contentHeight
      let justOutside = content - 500 - 301
      #expect(recorded(&model) { $0.setContentOffset(justOutside) }.isEmpty, "\(height)")
      #expect(recorded(&model) { $0.setContentOffset(justOutside + 2) } == ["reach end"])
    }
  }

  /// InfiniteLayout #26: prefetch and cancel of the same items over and over. A scroll that
  /// jitters by a few points, without taking an item across an edge of the window, prefetches
  /// and cancels nothing; the items already asked for stay asked for, whichever way it goes.
  @Test func jitterCausesNoChurn() {
    var model = listModel(Array(0..<100), viewport: 300, offset: 1_010)
    _ = recorded(&model) { $0.prefetching = PrefetchBuffers(leading: 1, trailing: 1) }
    let asked = model.prefetchedItems
    var events: [String] = []
    for offset in [1_013.0, 1_008, 1_040, 1_001, 1_027, 1_049, 1_002] {
      events += recorded(&model) { $0.setContentOffset(offset) }
    }
    #expect(events.isEmpty)
    #expect(model.prefetchedItems == asked)
  }

  /// IGListKit's working-range callbacks come in an undefined order. Here prefetches come
  /// nearest first, ties in data order, and cancels in data order, every time.
  @Test func eventsComeInADefinedOrder() {
    var model = listModel(Array(0..<100), viewport: 100, offset: 2_000)
    let first = recorded(&model) { $0.prefetching = PrefetchBuffers(leading: 1, trailing: 1) }
    // Behind [1,900, 2,000) and ahead [2,100, 2,200): 39 and 42 touch the viewport (0), then
    // 38 and 43 (50).
    #expect(
      first == [
        "prefetch 39 at [0, 39]", "prefetch 42 at [0, 42]", "prefetch 38 at [0, 38]",
        "prefetch 43 at [0, 43]",
      ])
    let away = recorded(&model) { $0.setContentOffset(4_000) }
    #expect(
      Array(away.prefix(4)) == [
        "cancel 38 at [0, 38]", "cancel 39 at [0, 39]", "cancel 42 at [0, 42]",
        "cancel 43 at [0, 43]",
      ])
  }

  /// openradar 30632322 and KarrotListKit's `[IndexPath: [AnyCancellable]]`: UIKit's paths go
  /// stale across an update, so a cancel may name another item. Through the coordinator, a
  /// stale path cancels nothing it did not ask for, and the deleted item's work is cancelled.
  @MainActor @Test func aStalePathNeverCancelsAnotherItemsWork() async {
    let (_, coordinator) = makeCoordinator()
    var cancelled: [[Int]] = []
    var started: [[Int]] = []
    coordinator.onPrefetch = { started.append($0) }
    coordinator.onCancelPrefetch = { cancelled.append($0) }
    coordinator.update(items: items(1, 2, 3, 4, 5), animated: true)
    coordinator.prefetchItems(at: [p(0, 3), p(0, 4)])  // 4 and 5
    coordinator.update(items: items(0, 1, 2, 3, 5), animated: true)  // 0 in, 4 out
    await coordinator.waitForCallbacks()
    #expect(cancelled == [[4]])  // the deleted item, by identity
    // UIKit cancels what it asked for at [0, 3], which now names 3: never asked for.
    coordinator.cancelPrefetchingForItems(at: [p(0, 3)])
    #expect(cancelled == [[4]] && coordinator.prefetchedItems == [5])
    // And a path it asks for again is asked once.
    coordinator.prefetchItems(at: [p(0, 4), p(0, 4)])
    #expect(started == [[4, 5]])
  }
}

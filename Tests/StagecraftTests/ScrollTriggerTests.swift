import Stagecraft
import StagecraftTestSupport
import Testing

typealias FlatModel = CollectionModel<ArraySection<Int, Item>>

/// A one-section model of items 0..<count, 50 points each, with a viewport of `viewport`.
func listModel(
  _ ids: [Int], viewport: Double = 100, offset: Double = 0, height: Double = 50
) -> FlatModel {
  var model = CollectionModel(items: ids.map { Item($0) })
  model.geometry = .init(viewportHeight: viewport, contentOffset: offset, itemHeight: height)
  return model
}

/// The events `body` made the model record, as text.
func recorded(_ model: inout FlatModel, _ body: (inout FlatModel) throws -> Void) rethrows
  -> [String]
{
  let start = model.scrollEvents.count
  try body(&model)
  return model.scrollEvents[start...].map(\.description)
}

@Suite("Prefetching on the model: each rule")
struct PrefetchRuleTests {
  /// Items that enter the window without being visible are prefetched, nearest first; items
  /// that appear visible at once get nothing; an item that becomes visible uses its prefetch
  /// silently; an item that leaves the window is cancelled.
  @Test func enteringTheWindowPrefetchesAndLeavingItCancels() {
    var model = listModel(Array(0..<40))
    let first = recorded(&model) { $0.prefetching = PrefetchBuffers(leading: 1, trailing: 1) }
    // Viewport [0, 100): 0 and 1 visible; window [-100, 200): 2 and 3 prefetched.
    #expect(first == ["prefetch 2 at [0, 2]", "prefetch 3 at [0, 3]"])
    let step = recorded(&model) { $0.setContentOffset(100) }
    // Viewport [100, 200): 2 and 3 visible (their prefetch used); window [0, 300).
    #expect(step == ["prefetch 4 at [0, 4]", "prefetch 5 at [0, 5]"])
    #expect(model.prefetchedItems == [4, 5])
    // A jump far down: 4 and 5 leave the window; items appear visible at once (nothing),
    // and the new window's others are prefetched, nearest first.
    let jump = recorded(&model) { $0.setContentOffset(1_000) }
    #expect(
      jump == [
        "cancel 4 at [0, 4]", "cancel 5 at [0, 5]", "prefetch 19 at [0, 19]",
        "prefetch 22 at [0, 22]", "prefetch 18 at [0, 18]", "prefetch 23 at [0, 23]",
      ])
  }

  /// Going backward the buffers swap, and an item that leaves the visible area into the
  /// window gets nothing: it was just shown.
  @Test func goingBackwardSwapsTheBuffersAndJustShownItemsGetNothing() {
    var model = listModel(Array(0..<40), offset: 1_000)
    _ = recorded(&model) { $0.prefetching = PrefetchBuffers(leading: 2, trailing: 0) }
    #expect(model.prefetchedItems == [22, 23, 24, 25])
    let back = recorded(&model) { $0.setContentOffset(950) }
    // Backward, the buffers swap: nothing ahead (`trailing`, 0), two screens behind: the
    // window is [750, 1050). 22..25 leave it; 19, now visible, appears at once (nothing);
    // 15..18 enter, nearest first; 21 leaves the visible area: it was just shown, nothing.
    #expect(
      back == [
        "cancel 22 at [0, 22]", "cancel 23 at [0, 23]", "cancel 24 at [0, 24]",
        "cancel 25 at [0, 25]", "prefetch 18 at [0, 18]", "prefetch 17 at [0, 17]",
        "prefetch 16 at [0, 16]", "prefetch 15 at [0, 15]",
      ])
    #expect(model.scrollDirection == .backward)
  }

  /// An update: a deleted item's prefetch is cancelled (no path); an item inserted into the
  /// window is prefetched; a changed item whose prefetch is outstanding is cancelled and
  /// prefetched again; an item that moves keeps its prefetch and gets nothing.
  @Test func updatesCancelDeletedItemsAndRefetchChangedOnes() throws {
    var model = listModel(Array(0..<20))
    _ = recorded(&model) { $0.prefetching = PrefetchBuffers(leading: 2, trailing: 0) }
    #expect(model.prefetchedItems == [2, 3, 4, 5])
    var new = model.items
    new.remove(at: 3)  // 3 deleted
    new[3] = Item(4, 1)  // 4 changed
    new.swapAt(1, 4)  // 5 moves up (and becomes visible) and 1 moves down
    new.insert(Item(99), at: 2)  // inserted into the window
    // [0, 5, 99, 2, 4', 1, 6, ...]: the window [0, 300) holds the first six; 0 and 5 are
    // visible (5 uses its prefetch), 1 was just shown (nothing), 2 keeps its prefetch.
    let update = try recorded(&model) {
      try $0.reload(using: StagedChangeset(source: $0.items, target: new))
    }
    #expect(
      update == [
        "cancel 3, deleted", "cancel 4 at [0, 4]", "prefetch 99 at [0, 2]",
        "prefetch 4 at [0, 4]",
      ])
    #expect(model.prefetchedItems == [99, 2, 4])
  }

  /// Identity decides: an outstanding item that an update moves within the window keeps its
  /// prefetch and gets no event, even though its index changed.
  @Test func aMovedItemKeepsItsPrefetch() throws {
    var model = listModel(Array(0..<20))
    _ = recorded(&model) { $0.prefetching = PrefetchBuffers(leading: 2, trailing: 0) }
    var new = model.items
    new.swapAt(2, 5)
    let update = try recorded(&model) {
      try $0.reload(using: StagedChangeset(source: $0.items, target: new))
    }
    #expect(update.isEmpty)
    #expect(model.prefetchedItems == [5, 3, 4, 2])
  }

  /// An update is evaluated once, after its last block: stages in between (a delete stage
  /// shifts items into the window, an insert stage shifts them out) cause nothing.
  @Test func anUpdateIsEvaluatedOnceAfterItsLastBlock() throws {
    var model = listModel(Array(0..<20))
    _ = recorded(&model) { $0.prefetching = PrefetchBuffers(leading: 1, trailing: 0) }
    var new = model.items
    new.remove(at: 0)
    new.insert(Item(50), at: 0)
    new[1] = Item(1, 1)
    let staged = StagedChangeset(source: model.items, target: new)
    #expect(staged.count == 3)
    let update = try recorded(&model) { try $0.reload(using: staged) }
    // After it, the window [0, 200) holds 50, 1', 2, 3, as before it held 0..3.
    #expect(update.isEmpty)
  }

  /// A resize moves the window; a scroll that an update makes to keep the anchor is not a
  /// scroll: the direction stays forward.
  @Test func resizingMovesTheWindowAndKeepingTheAnchorIsNotAScroll() throws {
    var model = listModel(Array(0..<30), offset: 500)
    _ = recorded(&model) { $0.prefetching = PrefetchBuffers(leading: 1, trailing: 0) }
    #expect(model.prefetchedItems == [12, 13])
    let taller = recorded(&model) { $0.geometry?.viewportHeight = 200 }
    // Viewport [500, 700): 10..13 visible; window [500, 900): 14..17.
    #expect(
      taller == [
        "prefetch 14 at [0, 14]", "prefetch 15 at [0, 15]",
        "prefetch 16 at [0, 16]", "prefetch 17 at [0, 17]",
      ])
    let prepended = (100..<110).map { Item($0) } + model.items
    try model.reload(
      using: StagedChangeset(source: model.items, target: prepended),
      strategy: UpdateStrategy(anchoring: .keepAnchor))
    #expect(model.geometry?.contentOffset == 1_000)
    #expect(model.scrollDirection == .forward)
  }

  /// Identifiers that repeat count as one item: in the window if any occurrence is, visible
  /// if any is; prefetched once.
  @Test func aRepeatedIdentifierIsOneItem() {
    var model = CollectionModel(items: [0, 1, 2, 3, 2, 5, 6, 7].map { Item($0) })
    model.geometry = .init(viewportHeight: 100, itemHeight: 50)
    let first = recorded(&model) { $0.prefetching = PrefetchBuffers(leading: 2, trailing: 0) }
    #expect(first == ["prefetch 2 at [0, 2]", "prefetch 3 at [0, 3]", "prefetch 5 at [0, 5]"])
    // 2 becomes visible at [0, 2]: its prefetch is used, though [0, 4] is still ahead.
    let step = recorded(&model) { $0.setContentOffset(100) }
    #expect(step == ["prefetch 6 at [0, 6]", "prefetch 7 at [0, 7]"])
  }

  /// Turning prefetching off cancels what is outstanding; without a geometry nothing happens.
  @Test func turningItOffCancelsAndNoGeometryDoesNothing() {
    var model = listModel(Array(0..<10))
    _ = recorded(&model) { $0.prefetching = PrefetchBuffers(leading: 1, trailing: 0) }
    let off = recorded(&model) { $0.prefetching = nil }
    #expect(off == ["cancel 2 at [0, 2]", "cancel 3 at [0, 3]"])
    var bare = CollectionModel(items: (0..<10).map { Item($0) })
    let none = recorded(&bare) { $0.prefetching = PrefetchBuffers() }
    #expect(none.isEmpty)
  }

  /// A copy of a model is a value: the copy and the original scroll apart, each recording
  /// what a model that made only its own scrolls records (their prefetch state shares
  /// storage until one of them changes it).
  @Test(arguments: [1, 2, 3] as [UInt64])
  func aCopyScrollsApartFromItsOriginal(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    func fresh() -> FlatModel {
      var model = listModel(Array(0..<400), viewport: 300)
      model.prefetching = PrefetchBuffers()
      return model
    }
    var original = fresh()
    var offsets: [Double] = []
    func step() -> Double { Double(random.next(60)) * 13 + Double(offsets.count % 5) * 90 }
    for _ in 0..<30 {
      offsets.append(step())
      original.setContentOffset(offsets.last!)
    }
    var copy = original
    var (originalOffsets, copyOffsets) = (offsets, offsets)
    for round in 0..<60 {
      // Small steps (the same window, or an item in and out) and jumps, to each in turn.
      let offset = round % 3 == 0 ? Double(random.next(15_000)) : step() + 2_000
      if random.next(2) == 0 {
        original.setContentOffset(offset)
        originalOffsets.append(offset)
      } else {
        copy.setContentOffset(offset)
        copyOffsets.append(offset)
      }
    }
    for (model, path) in [(original, originalOffsets), (copy, copyOffsets)] {
      var alone = fresh()
      for offset in path { alone.setContentOffset(offset) }
      #expect(model.scrollEvents == alone.scrollEvents)
      #expect(model.prefetchedItems == alone.prefetchedItems)
    }
  }

  /// A scroll step costs what the window holds, not what the list holds: the heights are
  /// laid out once per data, and a step reads none of them again.
  @Test func aScrollStepDoesNotGrowWithTheList() {
    let counter = HeightCalls()
    let count = 20_000
    var model = CollectionModel(items: (0..<count).map { Item($0) })
    model.geometry = .init(viewportHeight: 500) { _ in
      counter.count += 1
      return 50
    }
    model.prefetching = PrefetchBuffers()
    let laidOut = counter.count
    #expect(laidOut == count)
    for step in 1...20 { model.setContentOffset(Double(step) * 500) }
    #expect(counter.count == laidOut)
    #expect(model.prefetchedItems.count == 20)
  }
}

@Suite("Prefetching: cost")
struct PrefetchCostTests {
  /// An update's evaluation hashes the identifiers of the window (and of the items it
  /// tracked), not of the list: its cost does not grow with the list.
  @Test(arguments: [2_000, 20_000])
  func anUpdateHashesTheWindowNotTheList(count: Int) throws {
    let counter = CallCounter()
    let items = (0..<count).map {
      CountedItem(id: CountedID(value: $0, counter: counter), content: 0)
    }
    var model = CollectionModel(items: items)
    model.geometry = .init(viewportHeight: 500, contentOffset: 5_000, itemHeight: 50)
    model.prefetching = PrefetchBuffers()
    var batch = BatchUpdate()
    batch.deleteItems = [p(0, 101), p(0, 104)]
    var next = items
    next.remove(at: 104)
    next.remove(at: 101)
    counter.hashes = 0
    try model.performBatchUpdates(batch, newItems: next)
    // The window, [4,500, 6,500), holds 40 items; each is hashed a handful of times,
    // whatever the count. The 30 of them not visible are prefetched.
    #expect(counter.hashes < 40 * 8, "\(counter.hashes) hashes for \(count) items")
    #expect(model.prefetchedItems.count == 30)
  }

  /// A scroll that keeps the same items in the window hashes nothing at all.
  @Test func aScrollWithinTheSameWindowHashesNothing() {
    let counter = CallCounter()
    let items = (0..<1_000).map {
      CountedItem(id: CountedID(value: $0, counter: counter), content: 0)
    }
    var model = CollectionModel(items: items)
    model.geometry = .init(viewportHeight: 500, contentOffset: 5_000, itemHeight: 50)
    model.prefetching = PrefetchBuffers()
    model.setContentOffset(5_010)  // the window is items 90...130 for offsets in (5,000, 5,050)
    counter.hashes = 0
    for offset in stride(from: 5_011.0, to: 5_050, by: 7) { model.setContentOffset(offset) }
    #expect(counter.hashes == 0)
    model.setContentOffset(5_600)  // items 102...141: 131...141 enter, each hashed once
    #expect(counter.hashes == 11)
  }
}

/// Counts the calls of a height function. Unchecked: one test calls it, on one thread.
final class HeightCalls: @unchecked Sendable {
  var count = 0
}

@Suite("Reach triggers on the model")
struct ReachTriggerTests {
  /// The end: fires within the distance, once per page, not again until a page arrives.
  @Test func theEndFiresOncePerPage() {
    var model = listModel(Array(0..<20), viewport: 100)  // content 1,000
    let set = recorded(&model) { $0.reachEnd = .viewports(2) }
    #expect(set.isEmpty)  // 900 left, beyond 200
    #expect(recorded(&model) { $0.setContentOffset(650) }.isEmpty)  // 250 left
    #expect(recorded(&model) { $0.setContentOffset(720) } == ["reach end"])  // 180 left
    #expect(model.isReaching(.end))
    #expect(recorded(&model) { $0.setContentOffset(750) }.isEmpty)  // busy
    #expect(recorded(&model) { $0.completeReach(.end) }.isEmpty)  // no page arrived
    #expect(recorded(&model) { $0.setContentOffset(800) }.isEmpty)
    // The page arrives: the trigger is armed again, and is still in the zone.
    let page = (0..<22).map { Item($0) }
    let update = try? recorded(&model) {
      try $0.reload(using: StagedChangeset(source: $0.items, target: page))
    }
    #expect(update == ["reach end"])  // 1,100 − 900 = 200 left
  }

  /// The page may arrive before the handler completes (SwiftUI's update after the load):
  /// the trigger fires again once idle.
  @Test func aPageThatArrivesBeforeTheHandlerCompletesCounts() throws {
    var model = listModel(Array(0..<20), viewport: 100, offset: 850)
    #expect(recorded(&model) { $0.reachEnd = .points(100) } == ["reach end"])
    try model.reload(
      using: StagedChangeset(source: model.items, target: (0..<21).map { Item($0) }))
    #expect(model.scrollEvents.count == 1)
    #expect(recorded(&model) { $0.completeReach(.end) } == ["reach end"])
  }

  /// Content shorter than the viewport fires (ASDK #341) and, when the page that arrives
  /// still does not fill the screen, fires again (#2714); content that loads nothing does
  /// not loop.
  @Test func shortContentFiresAndRefiresUntilTheScreenIsFull() throws {
    var model = listModel([0], viewport: 300)
    #expect(recorded(&model) { $0.reachEnd = .viewports(1) } == ["reach end"])
    try model.reload(using: StagedChangeset(source: model.items, target: [Item(0), Item(1)]))
    #expect(recorded(&model) { $0.completeReach(.end) } == ["reach end"])
    // Nothing arrives this time: no loop.
    #expect(recorded(&model) { $0.completeReach(.end) }.isEmpty)
    #expect(recorded(&model) { $0.setContentOffset(0) }.isEmpty)
  }

  /// Leaving the zone and coming back arms the trigger again without a new page; moving
  /// away from the end does not fire; a programmatic scroll counts (ASDK #1697).
  @Test func comingBackToTheZoneFiresAgainAndGoingAwayDoesNot() {
    var model = listModel(Array(0..<40), viewport: 100)  // content 2,000
    _ = recorded(&model) { $0.reachEnd = .points(150) }
    #expect(recorded(&model) { $0.scrollToItem(at: p(0, 36)) } == ["reach end"])
    _ = recorded(&model) { $0.completeReach(.end) }
    // Backward within the zone: nothing. Out of it and back: fires.
    #expect(recorded(&model) { $0.setContentOffset(1_780) }.isEmpty)
    #expect(recorded(&model) { $0.setContentOffset(1_500) }.isEmpty)
    #expect(recorded(&model) { $0.setContentOffset(1_790) } == ["reach end"])
    _ = recorded(&model) { $0.completeReach(.end) }
    // Coming back into the zone while going backward: armed, not fired, until forward.
    #expect(recorded(&model) { $0.setContentOffset(1_000) }.isEmpty)
    #expect(recorded(&model) { $0.setContentOffset(1_900) } == ["reach end"])
  }

  /// The start, for a chat: fires near the top going backward, not going forward; the page
  /// of older messages arrives above and the anchor is kept.
  @Test func theStartFiresNearTheTopGoingBackward() throws {
    var model = listModel(Array(100..<140), viewport: 100, offset: 1_900)
    _ = recorded(&model) { $0.reachStart = .viewports(1) }
    #expect(recorded(&model) { $0.setContentOffset(50) } == ["reach start"])
    let older = (80..<100).map { Item($0) } + model.items
    let update = try recorded(&model) {
      try $0.reload(
        using: StagedChangeset(source: $0.items, target: older),
        strategy: UpdateStrategy(anchoring: .keepAnchor))
    }
    #expect(update.isEmpty)  // 1,050 from the top now: out of the zone
    #expect(model.geometry?.contentOffset == 1_050)
    #expect(recorded(&model) { $0.completeReach(.start) }.isEmpty)
    // Going forward at the top does not ask for older messages.
    var fresh = listModel(Array(0..<40), viewport: 100)
    #expect(recorded(&fresh) { $0.reachStart = .viewports(1) }.isEmpty)
  }
}

@Suite("Prefetching and reach triggers against a reference")
struct ScrollTriggerReferenceTests {
  /// Random scrolls (steps and jumps, both ways), resizes, updates (inserts, deletes, moves
  /// and changes in and around the window, with each scroll-position policy), completed
  /// handlers and changes of the buffers; after each, the model's events are the
  /// reference's, in order, with their paths, and the outstanding prefetches agree.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func everyEventMatchesTheReference(seed: UInt64) throws {
    var random = SplitMix64(seed: seed &* 0x9E37_79B9)
    var tally = [String: Int]()
    for _ in 0..<TestScale.count(120) {
      try runSequence(&random, repeats: false, tally: &tally)
    }
    for kind in ["prefetch", "cancel", "reach end", "reach start", "deleted"] {
      #expect(tally[kind, default: 0] > TestScale.count(120), "\(kind): \(tally)")
    }
  }

  /// With repeated identifiers: an identifier is one item, wherever it occurs; the events
  /// and the outstanding prefetches match the reference's (the paths of cancels, which name
  /// one occurrence among several, are not compared).
  @Test(arguments: [4, 5] as [UInt64])
  func repeatedIdentifiersMatchTheReference(seed: UInt64) throws {
    var random = SplitMix64(seed: seed &* 0x9E37_79B9)
    var tally = [String: Int]()
    for _ in 0..<TestScale.count(120) {
      try runSequence(&random, repeats: true, tally: &tally)
    }
    #expect(tally["prefetch", default: 0] > TestScale.count(120), "\(tally)")
    #expect(tally["cancel", default: 0] > TestScale.count(120), "\(tally)")
  }

  func runSequence(_ random: inout SplitMix64, repeats: Bool, tally: inout [String: Int]) throws {
    var next = 200
    let ids = (0..<(random.next(60) + 1)).map { repeats ? random.next(25) : $0 }
    let viewport = Double(60 + random.next(300))
    var model = CollectionModel(items: ids.map { Item($0) })
    model.geometry = .init(viewportHeight: viewport, itemHeight: prefetchHeight)
    let (leading, trailing) = (Double(random.next(5)) / 2, Double(random.next(5)) / 2)
    var reference = ScrollTriggerReference(
      items: model.items, offset: 0, viewport: viewport, leading: leading, trailing: trailing)
    func check(_ start: Int, _ expected: [ScrollTriggerReference.Event], _ step: String) {
      var made = referenceEvents(model, since: start)
      var expected = expected
      if repeats {
        // With repeats, a cancel's path names one occurrence among several.
        func unplaced(_ event: ScrollTriggerReference.Event) -> ScrollTriggerReference.Event {
          if case .cancel(let id, _) = event { .cancel(id, at: nil) } else { event }
        }
        made = made.map(unplaced)
        expected = expected.map(unplaced)
      }
      #expect(made == expected, "\(step)")
      #expect(model.prefetchedItems == reference.outstandingInOrder, "\(step)")
      for event in model.scrollEvents[start...] {
        tally[String(event.description.prefix { $0 != " " }), default: 0] += 1
        if case .cancelPrefetch(_, nil) = event { tally["deleted", default: 0] += 1 }
        if case .reachEnd = event { tally["reach end", default: 0] += 1 }
        if case .reachStart = event { tally["reach start", default: 0] += 1 }
      }
    }
    var start = model.scrollEvents.count
    model.prefetching = PrefetchBuffers(leading: leading, trailing: trailing)
    let end = Double(random.next(4)) / 2
    let begin = Double(random.next(4)) / 2
    model.reachEnd = .viewports(end)
    model.reachStart = .viewports(begin)
    reference.end = .init(distance: end)
    reference.start = .init(distance: begin)
    check(start, reference.evaluate(), "setup")
    for step in 0..<30 {
      start = model.scrollEvents.count
      let content = model.scrollMetrics!.contentHeight
      switch random.next(10) {
      case 0...2:
        // A step of up to a screen, either way.
        let offset = max(0, model.geometry!.contentOffset + Double(random.next(401)) - 200)
        model.setContentOffset(offset)
        check(start, reference.scroll(to: offset), "step \(step): scroll to \(offset)")
      case 3:
        let offset = Double(random.next(Int(content) + 1))
        model.setContentOffset(offset)
        check(start, reference.scroll(to: offset), "step \(step): jump to \(offset)")
      case 4:
        let height = Double(60 + random.next(300))
        model.geometry?.viewportHeight = height
        check(start, reference.resize(to: height), "step \(step): resize to \(height)")
      case 5...7:
        var new = edit(model.items, around: model, &random, next: &next)
        if repeats, !new.isEmpty, random.next(2) == 0 {
          // Another occurrence of an identifier the data holds.
          new.insert(new[random.next(new.count)], at: random.next(new.count + 1))
        }
        let policies: [ScrollAnchoring] = [.none, .keepAnchor, .stickToBottom]
        try model.reload(
          using: StagedChangeset(source: model.items, target: new),
          strategy: (random.next(4) == 0 ? UpdateStrategy.reloadData : .animatedBatchUpdates)
            .anchoring(policies[random.next(3)]))
        check(
          start, reference.update(to: new, offset: model.geometry!.contentOffset),
          "step \(step): update to \(new.map(\.description))")
      case 8:
        let completesEnd = random.next(2) == 0
        model.completeReach(completesEnd ? .end : .start)
        check(start, reference.complete(end: completesEnd), "step \(step): complete")
      default:
        // A scroll to where it is: not a scroll in either direction, but evaluated.
        let offset = model.geometry!.contentOffset
        model.setContentOffset(offset)
        check(start, reference.scroll(to: offset), "step \(step): stay")
      }
    }
  }

  /// An edit of `items`, mostly around the viewport: deletes, inserts, a move, changes.
  func edit(
    _ items: [Item], around model: FlatModel, _ random: inout SplitMix64, next: inout Int
  ) -> [Item] {
    var result = items
    let center = model.realizedPaths.first?.element ?? 0
    func near() -> Int { max(0, min(result.count, center + random.next(16) - 6)) }
    for _ in 0..<random.next(4) where !result.isEmpty {
      result.remove(at: min(near(), result.count - 1))
    }
    for _ in 0..<random.next(5) {
      result.insert(Item(next), at: near())
      next += 1
    }
    if result.count > 1, random.next(2) == 0 {
      let moved = result.remove(at: min(near(), result.count - 1))
      result.insert(moved, at: near())
    }
    for _ in 0..<random.next(4) where !result.isEmpty {
      let index = min(near(), result.count - 1)
      result[index].content += 1
    }
    return result
  }
}

/// The items a viewport shows are found from where the last step found them; whatever the
/// step (a frame, a screen, a jump back to the top, beyond the end), they are the items a
/// layout written apart says overlap it, with zero-height items and section headers.
@Suite struct ScrollStepLookupTests {
  @Test(arguments: 0..<12)
  func theShownItemsAreTheOnesThatOverlapTheViewport(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let heights = (0..<300).map { _ in Double([0, 0, 10, 30, 55, 90][Int(random.next() % 6)]) }
    let sections = [0..<40, 40..<41, 41..<41, 41..<300].map { range in
      ArraySection(model: range.lowerBound, elements: Array(range))
    }
    var model = CollectionModel(sections: sections)
    let header = 12.0
    model.geometry = .init(
      viewportHeight: 200, sectionHeaderHeight: header, itemHeight: { heights[$0] })
    // The layout written apart: each section's header, then its items.
    var extents: [ElementPath: ItemExtent] = [:]
    var top = 0.0
    for (section, items) in sections.enumerated() {
      top += header
      for (index, item) in items.elements.enumerated() {
        extents[ElementPath(element: index, section: section)] = ItemExtent(
          top: top, height: heights[item])
        top += heights[item]
      }
    }
    let content = top
    for _ in 0..<300 {
      let offset = model.geometry!.contentOffset
      let next: Double =
        switch random.next() % 5 {
        case 0: offset + 16
        case 1: offset - 16
        case 2: offset + 200
        case 3: Double(random.next() % UInt64(content + 300))
        default: offset + Double(random.next() % 7)
        }
      model.setContentOffset(next)
      let start = model.geometry!.contentOffset
      let expected = extents.filter { $0.value.overlaps(start..<(start + 200)) }.keys.sorted()
      #expect(model.realizedPaths == expected, "offset \(start)")
    }
  }
}

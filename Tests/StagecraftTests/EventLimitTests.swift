import Stagecraft
import Testing

@Suite("CollectionModel: the event logs, kept whole or bounded")
struct EventLimitTests {
  /// Without a limit every event is kept; with one, the newest `limit` at least and twice as
  /// many at most, and the discarded ones are counted, so that a reader's position in the
  /// whole log stays valid.
  @Test func aLimitKeepsTheNewestAndCountsTheRest() throws {
    for limit in [nil, 2, 3, 10] as [Int?] {
      var model = CollectionModel(
        items: [0, 1], configuration: .init(eventLimit: limit))
      var whole: [CollectionModel<ArraySection<Int, Int>>.Event] = []
      var items = [0, 1]
      for step in 0..<50 {
        let next = step.isMultiple(of: 2) ? items + [step + 2] : Array(items.dropFirst())
        let before = model.discardedEventCount + model.events.count
        try model.reload(using: StagedChangeset(source: items, target: next))
        // What this step appended, read by its position in the whole log.
        let start = before - model.discardedEventCount
        #expect(start >= 0)
        whole += model.events[Swift.max(start, 0)...]
        items = next
        #expect(model.discardedEventCount + model.events.count == whole.count)
        #expect(Array(whole.suffix(model.events.count)) == model.events)
        if let limit {
          #expect(model.events.count >= Swift.min(whole.count, limit))
          #expect(model.events.count <= 2 * Swift.max(limit, 1))
        } else {
          #expect(model.discardedEventCount == 0)
        }
      }
      #expect(whole.count == 50)
    }
    // A bound below one operation's events loses some of them, but never traps.
    var model = CollectionModel(items: [0], configuration: .init(eventLimit: 0))
    for step in 1...20 {
      try model.reload(using: StagedChangeset(source: model.items, target: Array(0...step)))
      #expect(model.events.count <= 2)
    }
    #expect(model.discardedEventCount + model.events.count == 20)
  }

  /// The prefetch log too: a headless view forwards every prefetch exactly once, whether its
  /// model keeps the log whole or bounded above what one operation appends.
  @Test @MainActor func theHeadlessViewForwardsEveryPrefetchOnceWithABoundedLog() {
    // A bound above what one scroll appends: a reader after each operation then sees all.
    for limit in [nil, 8, 20] as [Int?] {
      var model = CollectionModel(
        items: Array(0..<200), configuration: .init(eventLimit: limit))
      model.geometry = .init(viewportHeight: 100, itemHeight: 10)
      model.prefetching = PrefetchBuffers(leading: 1, trailing: 0)
      let view = HeadlessCollectionView(model)
      var heard: [ElementPath] = []
      view.onPrefetchItems = { heard += $0 }
      // The view passes on what its model asked for before it, at its first change.
      var expected: [ElementPath] = view.model.scrollEvents.compactMap {
        if case .prefetch(_, let path) = $0 { path } else { nil }
      }
      for offset in stride(from: 0.0, through: 1_500, by: 37) {
        let before = view.model.discardedScrollEventCount + view.model.scrollEvents.count
        view.setContentOffset(offset)
        let start = before - view.model.discardedScrollEventCount
        #expect(start >= 0)
        for event in view.model.scrollEvents[Swift.max(start, 0)...] {
          if case .prefetch(_, let path) = event { expected.append(path) }
        }
      }
      #expect(!expected.isEmpty)
      #expect(heard == expected)
      if let limit { #expect(view.model.scrollEvents.count <= 2 * limit) }
    }
  }
}

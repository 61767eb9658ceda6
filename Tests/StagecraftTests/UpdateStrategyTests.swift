import Stagecraft
import Testing

@Suite("UpdateStrategy: one settings value, its defaults stated once")
struct UpdateStrategyTests {
  /// The defaults: animate as requested, never reload for size, diff inline below 2,000,
  /// the offset left alone, updated elements reloaded, reconfigures apart, moves as moves;
  /// the coordinator's preset differs in its anchoring and its element updates only.
  @Test func theDefaultsAreTheOnesTheTypeStates() {
    let strategy = UpdateStrategy()
    #expect(strategy.animation == .asRequested)
    #expect(strategy.reloadAboveChanges == nil && strategy.reloadAboveCount == nil)
    #expect(strategy.inlineDiffBelow == 2_000 && strategy.anchoring == .none)
    #expect(strategy.elementUpdates == .reload)
    #expect(
      UpdateStrategy.coordinator == strategy.anchoring(.keepAnchor).elementUpdates(.reconfigure))
    #expect(!strategy.reconfiguresInsideStructuralBlock)
    #expect(!strategy.replaysMovesAsDeletesAndInserts)
    #expect(!strategy.reloads(changes: 1_000_000, itemCount: 1_000_000))
    #expect(strategy.animates(requested: true, itemCount: 1))
    #expect(!strategy.animates(requested: false, itemCount: 1))
  }

  /// Each preset, replayed on a model: animated blocks, plain blocks, or one reload.
  @Test func eachPresetReplaysAsItsNameSays() throws {
    #expect(
      UpdateStrategy.presets == [.animatedBatchUpdates, .nonanimatedBatchUpdates, .reloadData])
    var seen: [String] = []
    for strategy in UpdateStrategy.presets {
      var model = CollectionModel(items: [1, 2, 3])
      try model.reload(
        using: StagedChangeset(source: [1, 2, 3], target: [3, 4]), strategy: strategy)
      #expect(model.items == [3, 4])
      seen.append(
        model.events.map { event in
          switch event {
          case .batchUpdates(_, let animated): animated ? "animated" : "plain"
          case .reloadData: "reload"
          default: "other"
          }
        }.joined(separator: " "))
    }
    #expect(seen == ["animated animated", "plain plain", "reload"])
  }

  /// The size thresholds: above the change count or the item count, a reload.
  @Test func aThresholdTurnsAnUpdateIntoAReload() throws {
    let strategy = UpdateStrategy(reloadAboveChanges: 2, reloadAboveCount: 10)
    #expect(!strategy.reloads(changes: 2, itemCount: 10))
    #expect(strategy.reloads(changes: 3, itemCount: 10))
    #expect(strategy.reloads(changes: 1, itemCount: 11))
    var model = CollectionModel(items: [1, 2, 3])
    try model.reload(
      using: StagedChangeset(source: [1, 2, 3], target: [4, 5, 6]), strategy: strategy)
    #expect(model.events == [.reloadData] && model.items == [4, 5, 6])
  }
}

@Suite("UpdateStrategy.anchoring means the same at every entry point")
@MainActor
struct UpdateStrategyAnchoringTests {
  /// The distance of the item the user reads after ten items arrive above it, through a
  /// coordinator with `strategy` (its default when `nil`).
  func readItemAfterPrepending(_ strategy: UpdateStrategy?) -> String {
    var model = CollectionModel(items: [Int]())
    model.geometry = .init(viewportHeight: 200, itemHeight: 50)
    let view = HeadlessCollectionView(model)
    let coordinator =
      strategy.map { CollectionCoordinator(target: view, strategy: $0) }
      ?? CollectionCoordinator(target: view)
    coordinator.update(items: Array(0..<40), animated: false)
    view.setContentOffset(500)
    coordinator.update(items: Array(-10..<40), animated: true)
    return "\(view.model.scrollAnchor!)"
  }

  /// The coordinator's default, `.coordinator`, keeps the anchor; the defaults and the
  /// presets leave the offset alone there as on a replay (the content moves down under it),
  /// until they say `.keepAnchor`. (Before 2.0, their `nil` anchoring kept the anchor on the
  /// coordinator and left the offset on a replay.)
  @Test func anchoringMeansTheSameOnTheCoordinatorAndOnAReplay() {
    #expect(readItemAfterPrepending(nil) == "10 at 0.0")
    #expect(readItemAfterPrepending(.coordinator) == "10 at 0.0")
    #expect(readItemAfterPrepending(.animatedBatchUpdates.anchoring(.keepAnchor)) == "10 at 0.0")
    #expect(readItemAfterPrepending(UpdateStrategy()) == "0 at 0.0")
    #expect(readItemAfterPrepending(.animatedBatchUpdates) == "0 at 0.0")
    // A replay with the same strategies ends where the coordinator does.
    for (strategy, expected) in [(UpdateStrategy(), "0 at 0.0"), (.coordinator, "10 at 0.0")] {
      var model = CollectionModel(items: Array(0..<40))
      model.geometry = .init(viewportHeight: 200, contentOffset: 500, itemHeight: 50)
      try? model.reload(
        using: StagedChangeset(source: model.items, target: Array(-10..<40)), strategy: strategy)
      #expect("\(model.scrollAnchor!)" == expected)
    }
  }
}

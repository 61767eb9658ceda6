import Stagecraft
import Testing

@Suite("UpdateStrategy: one settings value, its defaults stated once")
struct UpdateStrategyTests {
  /// The defaults: animate as requested, never reload for size, diff inline below 2,000,
  /// automatic anchoring, reconfigures apart, moves as moves.
  @Test func theDefaultsAreTheOnesTheTypeStates() {
    let strategy = UpdateStrategy()
    #expect(strategy.animation == .asRequested)
    #expect(strategy.reloadAboveChanges == nil && strategy.reloadAboveCount == nil)
    #expect(strategy.inlineDiffBelow == 2_000 && strategy.anchoring == .automatic)
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

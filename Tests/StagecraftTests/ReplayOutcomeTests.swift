import Stagecraft
import StagecraftTestSupport
import Testing

/// A replay's completion says how it ended (`ReplayOutcome`), where a `Bool` meant both
/// UIKit's interrupted animation and the guard's reload: at the model, at a view, and through
/// a pipeline (`UpdateOutcome.fellBack`).
@MainActor
@Suite("A replay's completion tells how it ended")
struct ReplayOutcomeTests {
  @Test func theModelTellsAppliedReloadedAndRefused() throws {
    var model = CollectionModel(items: [1, 2, 3])
    var outcomes: [ReplayOutcome] = []
    let record = { (outcome: ReplayOutcome) in outcomes.append(outcome) }
    try model.reload(
      using: StagedChangeset(source: [1, 2, 3], target: [3, 1]), completion: record)
    try model.reload(
      using: StagedChangeset(source: [3, 1], target: [1]), strategy: .reloadData,
      completion: record)
    try model.reload(
      using: StagedChangeset(source: [1], target: [1, 2, 3]), interrupt: { _ in true },
      completion: record)
    model.configuration.isOnScreen = false
    try model.reload(using: StagedChangeset(source: [1, 2, 3], target: [2]), completion: record)
    model.configuration.isOnScreen = true
    let before = model
    let bogus: StagedChangeset<[Int]> = [Changeset(data: [2], elementDeleted: [p(0, 4)])]
    #expect(throws: BatchUpdateError.self) {
      try model.reload(using: bogus, completion: record)
    }
    #expect(outcomes == [.applied, .reloaded, .reloaded, .reloaded, .refused])
    #expect(model == before)
    #expect(outcomes.map(\.showsFinalData) == [true, true, true, true, false])
  }

  @Test func aViewTellsItsAnimationCutShortFromTheGuardsReload() {
    var items = [1, 2, 3]
    var model = CollectionModel(items: items)
    model.geometry = .init(viewportHeight: 200, itemHeight: 50)
    let view = HeadlessCollectionView(model, items: { items })
    var outcomes: [ReplayOutcome] = []
    let record = { (outcome: ReplayOutcome) in outcomes.append(outcome) }
    func replay(to target: [Int], strategy: UpdateStrategy = UpdateStrategy()) {
      view.reload(
        using: StagedChangeset(source: items, target: target), strategy: strategy,
        guard: UpdateGuard(), setData: { items = $0 }, completion: record)
    }
    replay(to: [3, 1])
    // The animation runs until the view leaves its window: UIKit's `false`.
    view.holdsAnimations = true
    replay(to: [3, 1, 4])
    #expect(outcomes == [.applied])
    view.isOnScreen = false
    #expect(outcomes == [.applied, .interrupted])
    // Off screen, the view takes the data by a reload: nothing was refused.
    replay(to: [4])
    view.isOnScreen = true
    view.holdsAnimations = false
    // The data source changed behind the view's back: the guard reloads instead.
    items.append(9)
    replay(to: [4, 9, 5])
    replay(to: [5], strategy: .reloadData)
    #expect(outcomes == [.applied, .interrupted, .reloaded, .fellBack, .reloaded])
    #expect(view.model.items == [5] && view.refusals.isEmpty)
  }

  @Test func aPipelineTellsTheGuardsFallbackFromAnAppliedRequest() async {
    var model = CollectionModel(items: [Int]())
    model.geometry = .init(viewportHeight: 200, itemHeight: 50)
    let view = HeadlessCollectionView(model, items: { [] })
    let log = FallbackLog()
    let pipeline = UpdatePipeline(target: view, items: [Int](), guard: log.guarding)
    view.dataSource = { [weak pipeline] in [ArraySection(model: 0, elements: pipeline?.data ?? [])]
    }
    #expect(await pipeline.apply(Array(0..<10)) == .applied)
    let reloads = pipeline.statistics.reloads
    // The data source changes without an update: the next request falls back.
    view.dataSource = { [ArraySection(model: 0, elements: Array(0..<11))] }
    #expect(await pipeline.apply(Array(0..<9)) == .fellBack)
    #expect(log.reports.map(\.cause) == [.dataSourceChanged])
    #expect(pipeline.statistics.reloads == reloads + 1)
    // The app puts its data source back and reloads: the next request is applied.
    view.dataSource = { [weak pipeline] in [ArraySection(model: 0, elements: pipeline?.data ?? [])]
    }
    view.reloadData((), setData: {})
    #expect(await pipeline.apply(Array(0..<8)) == .applied)
    #expect(pipeline.statistics.reloads == reloads + 1)
  }
}

import Stagecraft
import StagecraftTestSupport
import Testing

@Suite("Guarded replay: no refusal reaches a view")
struct GuardTests {
  typealias Sections = ViewDouble.Sections

  /// One section holding `ids`.
  static func list(_ ids: [Int]) -> Sections {
    [ArraySection(model: Header(0), elements: ids.map { Item($0) })]
  }

  // MARK: Data changed behind the view's back

  /// The app changed its data without telling the view (as iOS 16.4+ reports a "before
  /// updates" inconsistency): the view holds 3 items, the app diffs from 4. The block is
  /// refused before the view sees it, the view reloads once to the final data, the report
  /// carries UIKit's text, and the completion is called once, with `false`.
  @Test func dataChangedBehindTheViewsBackFallsBackToOneReload() {
    var app = [1, 2, 3]
    let view = ViewDouble(showing: Self.list(app), dataSource: { Self.list(app) })
    app = [1, 2, 3, 4]  // behind the view's back
    let log = FallbackLog()
    var completions: [ReplayOutcome] = []
    view.reload(
      using: StagedChangeset(source: app, target: [1, 2, 3, 4, 5].map { $0 }),
      guard: log.guarding, setData: { app = $0 }, completion: { completions.append($0) })
    #expect(view.raised.isEmpty)
    #expect(view.blocks.isEmpty)
    #expect(view.reloads == 1)
    #expect(view.shown.items == [1, 2, 3, 4, 5].map { Item($0) })
    #expect(completions == [.fellBack])
    #expect(log.reports.count == 1)
    // The text is what UIKit raises for this block: the model refuses it with the same one.
    var model = CollectionModel(sections: Self.list([1, 2, 3]))
    var batch = BatchUpdate()
    batch.insertItems = [ElementPath(element: 4, section: 0)]
    #expect(throws: BatchUpdateError.self) {
      try model.performBatchUpdates(batch, newSections: Self.list([1, 2, 3, 4, 5]))
    }
    let expected = BatchUpdateError(
      .invalidItemCount(
        section: 0, after: 5, before: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0,
        context: .init(itemCountsBefore: [3], itemCountsAfter: [5], batch: batch)),
      wording: .classic)
    #expect(log.reports.first?.error == expected)
    #expect(log.reports.first?.description.hasPrefix("Invalid update: invalid number") == true)
    #expect(log.reports.first?.itemCountsBefore == [3])
    #expect(log.reports.first?.itemCountsAfter == [5])
    #expect(log.reports.first?.batch == batch)
    // The replay started from 4 items where the view showed 3: the report proves the
    // cause, and its explanation names it first, above the refusal's own lines.
    #expect(log.reports.first?.dataItemCountsBefore == [4])
    #expect(log.reports.first?.hasStaleViewCounts == true)
    let explanation = log.reports.first?.explanation
    #expect(explanation?.causes.first?.hasPrefix("The view's counts were stale") == true)
    #expect(explanation.map { Array($0.causes.dropFirst()) } == expected.explanation.causes)
    #expect(
      explanation.map { Array($0.disagreement.dropFirst()) } == expected.explanation.disagreement)
  }

  // MARK: Refused blocks

  /// A hand-made stage that deletes past the end: the double would raise exactly there
  /// (it is a `CollectionModel`); the guard refuses it first with the same text.
  @Test func aBlockTheModelRefusesNeverReachesTheView() {
    var app = [1, 2, 3]
    let view = ViewDouble(showing: Self.list(app), dataSource: { Self.list(app) })
    let staged: StagedChangeset<[Int]> = [
      Changeset(data: [1, 2], elementDeleted: [ElementPath(element: 5, section: 0)])
    ]
    let log = FallbackLog()
    view.reload(using: staged, guard: log.guarding, setData: { app = $0 })
    #expect(view.raised.isEmpty && view.blocks.isEmpty && view.reloads == 1)
    #expect(view.shown.items == [Item(1), Item(2)])
    #expect(
      log.reports.map(\.description) == [
        "attempt to delete item 5 from section 0 which only contains 3 items before the update"
      ])
  }

  /// Strict rules are included: deleting one index path twice is accepted by UIKit's
  /// checks, then corrupts it; the guard refuses it too.
  @Test func strictRulesAreGuardedToo() {
    var app = [1, 2, 3]
    let view = ViewDouble(showing: Self.list(app), dataSource: { Self.list(app) })
    view.raisingIsExpected = true
    let staged: StagedChangeset<[Int]> = [
      Changeset(
        data: [2, 3],
        elementDeleted: [ElementPath(element: 0, section: 0), ElementPath(element: 0, section: 0)])
    ]
    let log = FallbackLog()
    view.reload(using: staged, guard: log.guarding, setData: { app = $0 })
    #expect(view.blocks.isEmpty && view.reloads == 1)
    #expect(
      log.reports.first?.error?.reason
        == .duplicateItemDelete(path: ElementPath(element: 0, section: 0)))
  }

  /// A refusal in the middle of a five-stage sectioned replay: the two blocks before it
  /// are applied, then one reload to the final data; nothing is lost.
  @Test func aRefusalInTheMiddleOfFiveStagesAppliesTheEarlierBlocksThenReloads() throws {
    let source: Sections = [
      section(1, [1, 2]), section(2, [3]), section(3, [4]),
    ]
    var target: Sections = [
      section(3, [4], content: 1), section(1, [2, 5]), section(4, [6]),
    ]
    target[1].elements[0].content = 1
    var staged = StagedChangeset(source: source, target: target)
    try #require(staged.count == 5)
    // The third stage's data has an item too many: the data the app would switch to does
    // not match the calls.
    staged[2].data[0].elements.append(Item(99))
    var app = source
    let view = ViewDouble(showing: source, dataSource: { app })
    let log = FallbackLog()
    var completions: [ReplayOutcome] = []
    view.reload(
      using: staged, guard: log.guarding, setData: { app = $0 },
      completion: { completions.append($0) })
    #expect(view.raised.isEmpty)
    #expect(view.blocks.count == 2)
    #expect(view.reloads == 1)
    #expect(view.shown.sections == target)
    #expect(app == target)
    #expect(completions == [.fellBack])
    #expect(log.reports.count == 1)
    #expect(
      log.reports.first?.error.map { "\($0)" }?.contains("Invalid update: invalid number") == true)
  }

  /// The same replay without the corruption reaches the view block by block: the guard
  /// refuses nothing valid, reports nothing, and completes with `true`.
  @Test func aValidReplayPassesUntouched() throws {
    let source: Sections = [section(1, [1, 2]), section(2, [3]), section(3, [4])]
    var target: Sections = [section(3, [4], content: 1), section(1, [2, 5]), section(4, [6])]
    target[1].elements[0].content = 1
    let staged = StagedChangeset(source: source, target: target)
    var app = source
    let view = ViewDouble(showing: source, dataSource: { app })
    let log = FallbackLog()
    var completions: [ReplayOutcome] = []
    view.reload(
      using: staged, guard: log.guarding, setData: { app = $0 },
      completion: { completions.append($0) })
    #expect(view.blocks.count == staged.count && view.reloads == 0)
    #expect(view.shown.sections == target && view.shown.staleCells.isEmpty)
    #expect(log.reports.isEmpty)
    #expect(completions == [.applied])
  }

  /// Random flat and sectioned pairs, each replayed onto a double whose data was changed
  /// behind its back half the time: the double never raises, and always ends on the target.
  @Test func randomPairsNeverRaiseAndAlwaysEndOnTheTarget() {
    var random = SplitMix64(seed: 21)
    for _ in 0..<TestScale.count(300) {
      let source = random.items(count: Int.random(in: 0...10, using: &random), ids: 6, contents: 2)
      let target = random.items(count: Int.random(in: 0...10, using: &random), ids: 6, contents: 2)
      var app = source
      let view = ViewDouble(showing: Self.wrap(source), dataSource: { Self.wrap(app) })
      let tampered = Bool.random(using: &random) && !source.isEmpty
      if tampered { app.removeLast() }  // behind the view's back
      let log = FallbackLog()
      let staged = StagedChangeset(source: app, target: target)
      view.reload(using: staged, guard: log.guarding, setData: { app = $0 })
      #expect(view.raised.isEmpty)
      // An empty changeset replays nothing: the view keeps what it showed.
      if !staged.isEmpty { #expect(view.shown.items == target) }
      #expect(log.reports.count <= 1)
      #expect(view.reloads == log.reports.count)
    }
  }

  static func wrap(_ items: [Item]) -> Sections {
    [ArraySection(model: Header(0), elements: items)]
  }

  // MARK: Off screen

  /// A view without a window reloads once with the final data, and says so once.
  @Test func anOffScreenViewReloadsOnceAndReportsIt() {
    var app = [1, 2, 3]
    let view = ViewDouble(showing: Self.list(app), dataSource: { Self.list(app) })
    view.isOnScreen = false
    view.isTableView = true
    let log = FallbackLog()
    var completions: [ReplayOutcome] = []
    view.reload(
      using: StagedChangeset(source: app, target: [3, 1]), guard: log.guarding,
      setData: { app = $0 }, completion: { completions.append($0) })
    #expect(view.blocks.isEmpty && view.reloads == 1)
    #expect(view.shown.items == [Item(3), Item(1)])
    #expect(completions == [.reloaded])
    #expect(log.reports.map(\.cause) == [.offScreen])
    #expect(log.reports.first?.error == nil)
    #expect(
      log.reports.first?.description
        == "the table view is not on screen (no window, or no size): it was reloaded with the "
        + "final data instead of animated")
  }

  /// Asking for a reload is not a fallback: nothing is reported.
  @Test func aRequestedReloadIsNotReported() {
    var app = [1, 2, 3]
    let view = ViewDouble(showing: Self.list(app), dataSource: { Self.list(app) })
    view.isOnScreen = false
    let log = FallbackLog()
    view.reload(
      using: StagedChangeset(source: app, target: [3]), strategy: .reloadData,
      guard: log.guarding, setData: { app = $0 })
    #expect(view.reloads == 1 && log.reports.isEmpty)
  }

  // MARK: Options

  /// Turned off for a call, the guard lets the block through: the view raises, as a real
  /// one would.
  @Test func theGuardCanBeTurnedOffForACall() {
    var app = [1, 2, 3]
    let view = ViewDouble(showing: Self.list(app), dataSource: { Self.list(app) })
    view.raisingIsExpected = true
    app = [1, 2, 3, 4]
    view.reload(
      using: StagedChangeset(source: app, target: [1, 2, 3, 4, 5]), guard: .off,
      setData: { app = $0 })
    #expect(view.raised.count == 1)
    #expect(view.reloads == 0)
  }

  /// The standard guard is the default of every view replay. The test sets its own, for its
  /// task alone (`withStandard`): the tests running beside it keep theirs.
  @Test func theStandardGuardIsTheDefault() {
    let log = FallbackLog()
    var app = [1, 2, 3]
    let view = ViewDouble(showing: Self.list(app), dataSource: { Self.list(app) })
    app = [1, 2]
    UpdateGuard.withStandard(log.guarding) {
      #expect(UpdateGuard.standard.onFallback != nil)
      view.reload(using: StagedChangeset(source: app, target: [1]), setData: { app = $0 })
    }
    #expect(view.raised.isEmpty && view.reloads == 1)
    #expect(log.reports.count == 1)
    #expect(UpdateGuard.standard.onFallback == nil)
  }

  /// Trapping in debug builds: the process stops, after the report, instead of recovering.
  @Test func aGuardThatTrapsInDebugBuildsStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      var app = [1, 2, 3]
      let view = ViewDouble(showing: GuardTests.list(app), dataSource: { GuardTests.list(app) })
      app = [1, 2]
      view.reload(
        using: StagedChangeset(source: app, target: [1]),
        guard: UpdateGuard(trapsInDebugBuilds: true), setData: { app = $0 })
    }
  }

  // MARK: The pipeline

  /// An `UpdatePipeline` onto a view replays through the guard: after the view's data was
  /// changed behind the pipeline's back, the next request falls back to one reload, is
  /// reported once, and the view ends on the request's data.
  @MainActor @Test func thePipelineReplaysThroughTheGuard() async {
    let log = FallbackLog()
    var source: () -> [Item] = { [] }
    let view = ViewDouble(
      showing: Self.wrap([Item(1), Item(2), Item(3)]), dataSource: { Self.wrap(source()) })
    let pipeline = UpdatePipeline(
      target: view, items: [Item(1), Item(2), Item(3)], guard: log.guarding)
    source = { [weak pipeline] in pipeline?.data ?? [] }  // weak: the pipeline holds the view
    // Something else reloaded the view with one item, without telling the pipeline.
    view.shown.reloadData(newSections: Self.wrap([Item(9)]))
    let outcome = await pipeline.apply([Item(1), Item(2), Item(3), Item(4)])
    #expect(outcome == .fellBack)
    #expect(view.raised.isEmpty)
    #expect(view.shown.items == [Item(1), Item(2), Item(3), Item(4)])
    #expect(view.reloads == 1)
    #expect(log.reports.count == 1)
    #expect(log.reports.first?.itemCountsBefore == [1])
    #expect(pipeline.statistics.reloads == 1)
    // The next request diffs from what the view now shows, and animates.
    let next = await pipeline.apply([Item(4), Item(1)])
    #expect(next == .applied)
    #expect(view.shown.items == [Item(4), Item(1)])
    #expect(view.reloads == 1 && log.reports.count == 1 && !view.blocks.isEmpty)
  }

  // MARK: The diffable data source

  /// A `DiffableDataSource` on a view applies through the guard: a valid apply animates,
  /// and after the view's counts went astray behind the data source's back, the next apply
  /// falls back to one reload, reported once.
  @Test func diffableDataSourceAppliesAreGuarded() throws {
    let view = CountsView()
    view.validates = true
    let dataSource = DiffableDataSource<CountsView, String, Int>(target: view)
    // Weak: the data source holds the view, as a real view's data source is held weakly.
    view.dataCounts = { [weak dataSource] in
      guard let dataSource else { return [] }
      return (0..<dataSource.numberOfSections).map(dataSource.numberOfItems)
    }
    let log = FallbackLog()
    dataSource.updateGuard = log.guarding
    var snapshot = DiffableSnapshot<String, Int>()
    try snapshot.appendSections(["A", "B"])
    try snapshot.appendItems([1, 2, 3], toSection: "A")
    dataSource.apply(snapshot)
    try snapshot.moveItem(3, beforeItem: 1)
    try snapshot.appendItems([4], toSection: "B")
    dataSource.apply(snapshot)
    #expect(!view.blocks.isEmpty && view.reloads == 0 && log.reports.isEmpty)
    #expect(view.counts == [3, 1])
    view.counts = [2, 1]  // the view lost an item behind the data source's back
    try snapshot.deleteItems([2])
    dataSource.apply(snapshot)
    #expect(view.refusals.isEmpty)
    #expect(view.reloads == 1 && log.reports.count == 1)
    #expect(view.counts == [2, 1])
    #expect(dataSource.snapshot().itemIdentifiers == [3, 1, 4])
  }

  // MARK: The report

  /// The report's JSON carries the view's counts, the data's counts and the batch, in the
  /// format `stagecraft check` reads.
  @Test func theReportWritesItsCountsAndBatchAsJSON() {
    var app = [1, 2, 3]
    let view = ViewDouble(showing: Self.list(app), dataSource: { Self.list(app) })
    view.isTableView = true
    app = [1, 2, 3, 4]
    let log = FallbackLog()
    view.reload(
      using: StagedChangeset(source: app, target: [2, 3, 4, 5]),
      guard: log.guarding(wording: .iOS17), setData: { app = $0 })
    let json = log.reports.first?.json ?? ""
    #expect(
      json.hasPrefix(#"{"cause":"refused","view":"tableView","error":"Invalid batch updates"#))
    // The first block, the delete, is the one refused: the view holds 3 rows, the data 3.
    #expect(json.contains(#""itemCountsBefore":[3],"itemCountsAfter":[3]"#))
    #expect(json.contains(#""dataItemCountsBefore":[4]"#))
    #expect(json.hasSuffix(#""batch":{"deleteItems":[[0,0]]}}"#))
    #expect(json.contains(#"\n"#) && !json.contains("\n"))
  }

  /// Validation from counts alone never traps, whatever the counts.
  @Test func validatingFromCountsNeverTraps() {
    var random = SplitMix64(seed: 5)
    for _ in 0..<TestScale.count(2_000) {
      var batch = BatchUpdate()
      func index() -> Int { Int.random(in: -2...4, using: &random) }
      func path() -> ElementPath { ElementPath(element: index(), section: index()) }
      batch.deleteSections = (0..<Int.random(in: 0...1, using: &random)).map { _ in index() }
      batch.moveSections = (0..<Int.random(in: 0...1, using: &random)).map { _ in
        Move(source: index(), target: index())
      }
      batch.deleteItems = (0..<Int.random(in: 0...2, using: &random)).map { _ in path() }
      batch.insertItems = (0..<Int.random(in: 0...2, using: &random)).map { _ in path() }
      batch.reloadItems = (0..<Int.random(in: 0...1, using: &random)).map { _ in path() }
      batch.moveItems = (0..<Int.random(in: 0...1, using: &random)).map { _ in
        Move(source: path(), target: path())
      }
      let before = (0..<Int.random(in: 0...3, using: &random)).map { _ in index() }
      let after = (0..<Int.random(in: 0...3, using: &random)).map { _ in index() }
      _ = try? batch.validate(itemCountsBefore: before, itemCountsAfter: after)
    }
  }
}

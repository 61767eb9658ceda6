import StagecraftTestSupport
import Testing

@testable import Stagecraft
@testable import StagecraftGuard
@testable import StagecraftModel
@testable import StagecraftReplay

/// The guard's check made where a pipeline plans the blocks (off the main actor), and what
/// the main actor then trusts of it: a block whose view reports the counts it was checked
/// with, and nothing else.
@Suite("The guard's check, made where the blocks are planned")
struct CheckedPlanTests {
  typealias Sections = [ArraySection<Header, Item>]

  /// Random sections (some empty) and a random edit of them: items deleted, inserted, moved
  /// within and across sections and changed, sections deleted, inserted and moved.
  static func edit(_ random: inout SplitMix64) -> (source: Sections, target: Sections) {
    var next = 0
    func items(_ count: Int) -> [Item] {
      defer { next += count }
      return (next..<(next + count)).map { Item($0) }
    }
    let source = (0..<(random.next(4) + 1)).map {
      ArraySection(model: Header($0), elements: items(random.next(6)))
    }
    var target = source
    for _ in 0..<random.next(8) {
      let section = random.next(target.count)
      switch random.next(7) {
      case 0 where !target[section].elements.isEmpty:
        target[section].elements.remove(at: random.next(target[section].elements.count))
      case 1:
        let count = target[section].elements.count
        target[section].elements.insert(contentsOf: items(1), at: random.next(count + 1))
      case 2 where !target[section].elements.isEmpty:
        let item = target[section].elements.remove(
          at: random.next(target[section].elements.count))
        let into = random.next(target.count)
        target[into].elements.insert(item, at: random.next(target[into].elements.count + 1))
      case 3 where !target[section].elements.isEmpty:
        target[section].elements[random.next(target[section].elements.count)].content += 1
      case 4 where target.count > 1:
        target.remove(at: section)
      case 5:
        target.insert(
          ArraySection(model: Header(100 + next), elements: items(random.next(3))),
          at: random.next(target.count + 1))
        next += 1
      default:
        target.swapAt(section, random.next(target.count))
      }
    }
    return (source, target)
  }

  /// Every block of a diff passes its check where it is planned, against the counts of the
  /// data before it: the source's for the first, the last block's for each next one.
  @Test(arguments: 0..<40)
  func theDiffsBlocksPassWhereTheyArePlanned(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let (source, target) = Self.edit(&random)
    let staged = StagedChangeset(source: source, target: target)
    let checked = _CheckedPlan<Sections, ElementUpdateMode>(
      staged, source: source, strategy: UpdateStrategy(), configuringCell: nil,
      counts: { _BlockCounts.sections(of: $0) })
    let counts = { (data: Sections) in data.map(\.elements.count) }
    #expect(checked.passed.count == checked.plan.blocks.count)
    var shown = counts(source)
    for (index, block) in checked.plan.blocks.enumerated() {
      let passed = checked.passed[index]
      #expect(passed?.before == shown, "block \(index) of \(staged)")
      #expect(passed?.after == counts(block.changeset.data), "block \(index) of \(staged)")
      shown = counts(block.changeset.data)
    }
    #expect(shown == counts(target))
  }

  /// The main actor trusts a block's check only with the counts it was made with: checked
  /// against counts the view does not report, a block is checked again (and refused, when
  /// the view's counts refuse it); with the counts the view reports, it is trusted and not
  /// checked again.
  @Test func aCheckIsTrustedOnlyWithTheCountsItWasMadeWith() {
    var batch = BatchUpdate()
    batch.insertItems = [ElementPath(element: 1, section: 0)]
    let data = [ArraySection(model: Header(0), elements: [Item(1), Item(2)])]
    func replay(passing pair: _PassedCounts) -> (performed: Bool, fellBack: Bool) {
      let view = ViewDouble(
        showing: [ArraySection(model: Header(0), elements: [Item(1)])], dataSource: { data })
      view.raisingIsExpected = true
      var guarded = _GuardedTarget(base: view, check: UpdateGuard(), passed: [pair])
      do {
        try guarded.performBatchUpdates(
          batch, snapshot: .sections([2]), animated: false, setData: { nil }, refreshing: [],
          by: .reload, completion: nil)
      } catch {
        return (!view.blocks.isEmpty, guarded.fallback != nil)
      }
      return (!view.blocks.isEmpty, guarded.fallback != nil)
    }
    // The view shows one item and the data two: one insert is right.
    #expect(replay(passing: _PassedCounts(before: [1], after: [2])) == (true, false))
    // A check made for a view showing two items does not hold for one showing one: the
    // block is checked again and passes on its own merits.
    #expect(replay(passing: _PassedCounts(before: [2], after: [3])) == (true, false))
    // The same claim for a batch the view's counts refuse: checked again, refused.
    batch.insertItems = [ElementPath(element: 1, section: 0), ElementPath(element: 2, section: 0)]
    #expect(replay(passing: _PassedCounts(before: [2], after: [3])) == (false, true))
    // A claim made with the counts the view reports is trusted without a second check: here
    // a false one, so the guard lets the bad block through and the view itself raises.
    #expect(replay(passing: _PassedCounts(before: [1], after: [2])) == (false, false))
  }

  /// Through a pipeline that diffs off the main actor (and so checks the blocks there), a
  /// view whose data was changed behind the pipeline's back is still refused on the main
  /// actor: one reload, reported once, with the view's own counts; the next request is
  /// trusted and animates.
  @MainActor @Test func aViewChangedBehindThePlansBackIsStillRefused() async {
    let log = FallbackLog()
    var source: () -> [Item] = { [] }
    let view = ViewDouble(
      showing: GuardTests.wrap([Item(1), Item(2), Item(3)]),
      dataSource: { GuardTests.wrap(source()) })
    let pipeline = UpdatePipeline(
      target: view, items: [Item(1), Item(2), Item(3)],
      strategy: UpdateStrategy(inlineDiffBelow: 0),
      guard: log.guarding)
    source = { [weak pipeline] in pipeline?.data ?? [] }
    view.shown.reloadData(newSections: GuardTests.wrap([Item(9)]))
    #expect(await pipeline.apply([Item(1), Item(2), Item(3), Item(4)]) == .fellBack)
    #expect(view.raised.isEmpty)
    #expect(view.shown.items == [Item(1), Item(2), Item(3), Item(4)])
    #expect(view.reloads == 1 && log.reports.count == 1)
    #expect(log.reports.first?.itemCountsBefore == [1])
    #expect(await pipeline.apply([Item(4), Item(1), Item(5)]) == .applied)
    #expect(view.shown.items == [Item(4), Item(1), Item(5)])
    #expect(view.reloads == 1 && log.reports.count == 1 && !view.blocks.isEmpty)
  }

  /// The same random requests, and the same changes behind the pipeline's back, through a
  /// pipeline that diffs inline (the main actor checks every block) and one that diffs off
  /// the main actor (the blocks come checked): the two guards decide alike at every step.
  @MainActor @Test(arguments: 0..<8)
  func checkedAheadOrNotTheGuardDecidesAlike(seed: UInt64) async {
    var random = SplitMix64(seed: seed)
    struct Run {
      let log: FallbackLog
      let view: ViewDouble
      let pipeline: UpdatePipeline<Sections, Never>
    }
    let (start, _) = Self.edit(&random)
    var runs: [Run] = []
    for inline in [Int.max, 0] {
      var source: () -> Sections = { [] }
      let view = ViewDouble(showing: start, dataSource: { source() })
      view.raisingIsExpected = false
      let log = FallbackLog()
      let pipeline = UpdatePipeline(
        target: view, sections: start, strategy: UpdateStrategy(inlineDiffBelow: inline),
        guard: log.guarding)
      source = { [weak pipeline] in pipeline?.data ?? [] }
      runs.append(Run(log: log, view: view, pipeline: pipeline))
    }
    var current = start
    for step in 0..<12 {
      if step == 2 || random.next(4) == 0 {
        // Something else reloads both views with data of its own.
        let (other, _) = Self.edit(&random)
        for run in runs { run.view.shown.reloadData(newSections: other) }
      }
      var (_, next) = Self.edit(&random)
      if random.next(3) != 0 {
        // Mostly an edit of what the pipeline shows, so that blocks animate.
        next = Self.edited(current, &random)
      }
      var outcomes: [UpdateOutcome<Never>] = []
      for run in runs { outcomes.append(await run.pipeline.apply(next)) }
      current = next
      let (inline, ahead) = (runs[0], runs[1])
      #expect(outcomes[0] == outcomes[1], "step \(step)")
      #expect(inline.view.shown.sections == ahead.view.shown.sections, "step \(step)")
      #expect(inline.view.shown.sections == next, "step \(step)")
      #expect(inline.view.reloads == ahead.view.reloads, "step \(step)")
      #expect(inline.view.blocks == ahead.view.blocks, "step \(step)")
      #expect(
        inline.log.reports.map(\.itemCountsBefore) == ahead.log.reports.map(\.itemCountsBefore),
        "step \(step)")
      #expect(ahead.view.raised.isEmpty && inline.view.raised.isEmpty, "step \(step)")
    }
    // The sequence both refused blocks and animated others.
    #expect(!runs[1].log.reports.isEmpty && !runs[1].view.blocks.isEmpty)
  }

  /// An edit of `sections`: an item deleted, one moved, one changed, one inserted.
  static func edited(_ sections: Sections, _ random: inout SplitMix64) -> Sections {
    var result = sections
    let fresh = 1_000 + random.next(1_000_000)
    let section = random.next(result.count)
    if !result[section].elements.isEmpty {
      result[section].elements.remove(at: random.next(result[section].elements.count))
    }
    let into = random.next(result.count)
    result[into].elements.insert(Item(fresh), at: random.next(result[into].elements.count + 1))
    if let nonEmpty = result.indices.first(where: { !result[$0].elements.isEmpty }) {
      let index = random.next(result[nonEmpty].elements.count)
      result[nonEmpty].elements[index].content += 1
      let item = result[nonEmpty].elements.remove(at: index)
      let to = random.next(result.count)
      result[to].elements.insert(item, at: random.next(result[to].elements.count + 1))
    }
    return result
  }
}

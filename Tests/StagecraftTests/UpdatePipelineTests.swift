import Foundation
import Stagecraft
import StagecraftTestSupport
import Synchronization
import Testing

typealias ItemsView = CollectionModelView<ArraySection<Int, Item>>
typealias Outcome = UpdateOutcome<BatchUpdateError>

/// Lets the main actor run until `condition` holds (or fails the test after many turns).
@MainActor
func until(
  _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) async {
  for _ in 0..<100_000 where !condition() { await Task.yield() }
  #expect(condition(), "never: \(what)", sourceLocation: sourceLocation)
}

/// Outcomes in the order their completions were called.
@MainActor
final class OutcomeLog {
  var entries: [(request: Int, outcome: Outcome)] = []
  func record(_ request: Int) -> @MainActor @Sendable (Outcome) -> Void {
    { outcome in self.entries.append((request, outcome)) }
  }
  var requests: [Int] { entries.map(\.request) }
  func outcome(_ request: Int) -> Outcome? { entries.first { $0.request == request }?.outcome }
}

@MainActor
@Suite("UpdatePipeline: any thread, latest wins, in order")
struct UpdatePipelineTests {
  func pipeline(_ items: [Item], holds: Bool = true, strategy: UpdateStrategy = UpdateStrategy())
    -> (ItemsView, UpdatePipeline<[Item], BatchUpdateError>)
  {
    let view = CollectionModelView(CollectionModel(items: items))
    view.holdsAnimations = holds
    return (view, UpdatePipeline(target: view, items: items, strategy: strategy))
  }

  /// Requests that arrive while a replay animates wait; when it finishes, only the newest
  /// is replayed, the others are superseded, and every outcome comes in request order.
  @Test func theLatestRequestWinsAndOutcomesComeInOrder() async {
    let (view, pipeline) = pipeline(items(1, 2, 3))
    let log = OutcomeLog()
    pipeline.apply(items(3, 2, 1), completion: log.record(0))
    await until("the first replay animates") { view.animationsInFlight == 1 }
    pipeline.apply(items(1), completion: log.record(1))
    pipeline.apply(items(1, 4), completion: log.record(2))
    pipeline.apply(items(4, 5, 1), completion: log.record(3))
    for _ in 0..<50 { await Task.yield() }
    // Nothing else starts, and nothing is reported before the first request.
    #expect(view.animationsInFlight == 1)
    #expect(log.entries.isEmpty)
    #expect(view.model.items == items(3, 2, 1))
    view.finishAnimations()
    await until("the newest replay animates") { view.animationsInFlight > 0 }
    #expect(log.requests == [0, 1, 2])
    #expect(log.outcome(0) == .applied)
    #expect(log.outcome(1) == .superseded && log.outcome(2) == .superseded)
    #expect(view.model.items == items(4, 5, 1))
    view.finishAnimations()
    await until("the newest is reported") { log.entries.count == 4 }
    #expect(log.outcome(3) == .applied)
    #expect(view.overlappingBlocks == 0)
    #expect(view.model.staleCells.isEmpty)
    #expect(pipeline.data == items(4, 5, 1))
    #expect(pipeline.statistics.replays == 2 && pipeline.statistics.superseded == 2)
  }

  /// A request cancelled before its replay starts leaves the view untouched.
  @Test func cancellingBeforeTheReplayLeavesTheViewUntouched() async {
    let (view, pipeline) = pipeline(items(1, 2, 3))
    let log = OutcomeLog()
    pipeline.apply(items(2, 3), completion: log.record(0))
    await until("the first replay animates") { view.animationsInFlight == 1 }
    let ticket = pipeline.apply(items(9), completion: log.record(1))
    ticket.cancel()
    let events = view.model.events.count
    view.finishAnimations()
    await until("both reported") { log.entries.count == 2 }
    #expect(log.outcome(1) == .cancelled)
    #expect(view.model.events.count == events)
    #expect(view.model.items == items(2, 3))
    #expect(pipeline.data == items(2, 3))
  }

  /// A request cancelled during its replay finishes the block in progress, then reloads the
  /// view with its data instead of animating the rest.
  @Test func cancellingDuringTheReplayReloadsTheRest() async {
    let source = items(1, 2, 3, 4)
    let target = [Item(4), Item(1, 1), Item(5)]
    #expect(StagedChangeset(source: source, target: target).count == 3)
    // A view that cancels the request while it applies the first block, as a cancel from
    // another thread could arrive.
    let view = CollectionModelView(CollectionModel(items: source))
    let cancelling = CancellingView(view)
    let pipeline = UpdatePipeline(
      target: cancelling, data: source, diff: { StagedChangeset(source: $0, target: $1) },
      snapshot: { [ArraySection(model: 0, elements: $0)] })
    let log = OutcomeLog()
    cancelling.ticket = pipeline.apply(target, completion: log.record(0))
    await until("reported") { log.entries.count == 1 }
    #expect(log.outcome(0) == .cancelled)
    #expect(view.model.items == target)
    #expect(view.model.staleCells.isEmpty)
    let kinds = view.model.events.map { event -> String in
      if case .batchUpdates = event { "batch" } else { "\(event)" }
    }
    #expect(kinds == ["batch", "reloadData"])
    #expect(pipeline.data == target)
    #expect(pipeline.statistics.reloads == 1)
    // Its data reached the view: it is a replay, and a cancelled request.
    #expect(pipeline.statistics.replays == 1 && pipeline.statistics.cancelled == 1)
    #expect(pipeline.statistics.cancelledDuringReplay == 1)
  }

  /// A refused block reports the error, and the view is brought back to what it showed.
  @Test func aRefusedReplayFailsAndTheViewShowsItsDataAgain() async {
    let (view, pipeline) = pipeline(items(1, 2, 3), holds: false)
    // The model loses an item behind the pipeline's back.
    view.model.reloadData(newSections: [ArraySection(model: 0, elements: items(1, 2))])
    let log = OutcomeLog()
    pipeline.apply(items(2, 3), completion: log.record(0))
    await until("reported") { log.entries.count == 1 }
    guard case .failed(let error) = log.outcome(0) else {
      Issue.record("not failed: \(log.entries) \(view.model.events)")
      return
    }
    #expect(error.description.hasPrefix("Invalid update"))
    #expect(view.model.items == items(1, 2, 3))
    #expect(pipeline.data == items(1, 2, 3))
    #expect(pipeline.statistics.failed == 1)
  }

  /// Above the policy's change count the pipeline reloads instead of animating.
  @Test func aLargeChangeReloadsByPolicy() async {
    let (view, pipeline) = pipeline(
      items(1, 2, 3), holds: false, strategy: UpdateStrategy(reloadAboveChanges: 2))
    let log = OutcomeLog()
    pipeline.apply(items(1, 2, 3, 4), completion: log.record(0))
    pipeline.apply(items(5, 6, 7), completion: log.record(1))
    await until("reported") { log.entries.count == 2 }
    #expect(view.model.items == items(5, 6, 7))
    #expect(view.model.events.last == .reloadData)
    #expect(view.model.indexPathsForSelectedItems.isEmpty)
  }

  /// Above the inline size the diff runs off the main actor; below it, on it.
  @Test func largeDiffsRunOffTheMainActor() async {
    // The main actor need not run on the main thread (it does not under `swift test` on
    // Linux), so the diff's thread is compared with the main actor's.
    let mainActorThread = pthread_self()
    let onMain = _Flags()
    let view = CollectionModelView(CollectionModel(items: [Item]()))
    let pipeline = UpdatePipeline(
      target: view, data: [Item](), strategy: UpdateStrategy(inlineDiffBelow: 10),
      diff: { source, target in
        onMain.record(pthread_equal(pthread_self(), mainActorThread) != 0)
        return StagedChangeset(source: source, target: target)
      },
      snapshot: { [ArraySection(model: 0, elements: $0)] })
    #expect(await pipeline.apply(items(1, 2)) == .applied)
    #expect(await pipeline.apply(Array((0..<20).map { Item($0) })) == .applied)
    #expect(onMain.values == [true, false])
    #expect(view.model.items.count == 20)
  }

  /// Requests a task awaits one after another keep their order, from any task.
  @Test func awaitedRequestsFromABackgroundTaskKeepTheirOrder() async {
    let (view, pipeline) = pipeline(items(1), holds: false)
    let outcomes = await Task.detached {
      var outcomes: [Outcome] = []
      for count in 2...6 { outcomes.append(await pipeline.apply((1...count).map { Item($0) })) }
      return outcomes
    }.value
    #expect(outcomes == Array(repeating: .applied, count: 5))
    #expect(view.model.items == items(1, 2, 3, 4, 5, 6))
  }

  /// A cancelled awaiting task cancels its request.
  @Test func cancellingTheAwaitingTaskCancelsTheRequest() async {
    let (view, pipeline) = pipeline(items(1, 2))
    pipeline.apply(items(2, 1)) { _ in }
    await until("the first replay animates") { view.animationsInFlight > 0 }
    let waiting = Task { await pipeline.apply(items(9)) }
    for _ in 0..<20 { await Task.yield() }
    waiting.cancel()
    view.finishAnimations()
    #expect(await waiting.value == .cancelled)
    #expect(view.model.items == items(2, 1))
  }

  /// From many tasks at once, with random cancellations: the view ends at the last
  /// request, no replay overlaps another, none is refused, no cell is stale, and every
  /// request reports exactly once, in request order.
  @Test func manyConcurrentRequestsEndAtTheLastOne() async {
    let (view, pipeline) = pipeline(items(0, 1, 2), strategy: UpdateStrategy(inlineDiffBelow: 16))
    let total = TestScale.count(10_000)
    let reported = _Counter()
    let finisher = Task { @MainActor in
      while !Task.isCancelled {
        view.finishAnimations()
        await Task.yield()
      }
    }
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          var random = SplitMix64(seed: UInt64(worker))
          for index in 0..<(total / 8) {
            let data = random.items(
              count: Int.random(in: 0...12, using: &random), ids: 10, contents: 2)
            let ticket = pipeline.apply(data, animated: Bool.random(using: &random)) { outcome in
              reported.add(outcome, worker: worker, index: index)
            }
            if Int.random(in: 0..<5, using: &random) == 0 { ticket.cancel() }
            if Int.random(in: 0..<50, using: &random) == 0 { await Task.yield() }
          }
        }
      }
    }
    let last = items(7, 3, 7, 1)
    let outcome = await pipeline.apply(last)
    finisher.cancel()
    #expect(outcome == .applied)
    #expect(view.model.items == last)
    #expect(pipeline.data == last)
    #expect(view.model.staleCells.isEmpty)
    #expect(view.overlappingBlocks == 0)
    #expect(reported.count == total / 8 * 8)
    #expect(reported.failures == 0)
    #expect(reported.inRequestOrder)
    #expect(pipeline.statistics.replays > 1)
    #expect(pipeline.statistics.requests == total / 8 * 8 + 1)
    // A request cancelled while its replay ran counts as replayed and as cancelled.
    #expect(
      pipeline.statistics.replays + pipeline.statistics.superseded
        + pipeline.statistics.cancelled - pipeline.statistics.cancelledDuringReplay
        == total / 8 * 8 + 1)
  }
}

/// A view that cancels its pipeline's request while it applies the first block.
@MainActor
final class CancellingView {
  let view: ItemsView
  var ticket: UpdateTicket?
  init(_ view: ItemsView) { self.view = view }
}

extension CancellingView: @MainActor BatchUpdateTarget {
  typealias Failure = BatchUpdateError
  typealias Snapshot = [ArraySection<Int, Item>]
  typealias ElementUpdates = ElementUpdateMode
  var isOnScreen: Bool { true }
  var displayedItemCounts: [Int]? { view.displayedItemCounts }
  func reloadData(_ snapshot: [ArraySection<Int, Item>], setData: () -> Void) {
    view.reloadData(snapshot, setData: setData)
  }
  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: [ArraySection<Int, Item>], animated: Bool,
    setData: () -> BatchUpdate?, refreshing: [Move<ElementPath>],
    by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) throws(BatchUpdateError) {
    try view.performBatchUpdates(
      batch, snapshot: snapshot, animated: animated, setData: setData, refreshing: refreshing,
      by: elementUpdates, completion: completion)
    ticket?.cancel()
  }
}

/// Booleans recorded from any thread.
final class _Flags: Sendable {
  private let stored = Mutex<[Bool]>([])
  func record(_ value: Bool) { stored.withLock { $0.append(value) } }
  var values: [Bool] { stored.withLock { $0 } }
}

/// Outcomes counted on the main actor, with whether each worker's requests reported in
/// the order it made them.
@MainActor
final class _Counter: Sendable {
  var count = 0
  var failures = 0
  var inRequestOrder = true
  private var lastIndex: [Int: Int] = [:]
  nonisolated init() {}
  func add(_ outcome: Outcome, worker: Int, index: Int) {
    count += 1
    if case .failed = outcome { failures += 1 }
    if let last = lastIndex[worker], last >= index { inRequestOrder = false }
    lastIndex[worker] = index
  }
}

/// A request is diffed, planned and replayed with one strategy: the one of its submission,
/// even when the app changes the strategy while its diff runs off the main actor.
@MainActor
@Suite("A request keeps its strategy")
struct RequestStrategyTests {
  @Test func aStrategyChangedWhileTheDiffRunsDoesNotReachTheRequest() async {
    var model = CollectionModel(items: [Item](), viewport: .none)
    model.geometry = .init(viewportHeight: 400, itemHeight: 40)
    let view = HeadlessCollectionView(model, dataSource: { [] })
    let coordinator = CollectionCoordinator(target: view)
    coordinator.strategy = UpdateStrategy(anchoring: .keepAnchor)
    let items = (0..<3_000).map { Item($0) }
    coordinator.update(items: items, animated: false)
    view.setContentOffset(40 * 1_500)
    let anchor = view.model.scrollAnchor!
    // 100 new items on top, diffed off the main actor (3,100 elements is above the inline
    // threshold); the app then turns anchoring off, for later updates.
    coordinator.update(items: (10_000..<10_100).map { Item($0) } + items, animated: false)
    coordinator.strategy = UpdateStrategy(anchoring: ScrollAnchoring.none)
    await coordinator.waitForBackgroundDiffs()
    #expect(view.model.items.count == 3_100)
    #expect(view.model.scrollAnchor == anchor, "the update kept the anchor it was asked to")
  }
}

/// A completion's `false` is UIKit's "the animation was interrupted"; a fallback is the guard's
/// to say. The pipeline counts a reload for the one, not for the other.
@MainActor
@Suite("A pipeline tells an interrupted animation from a fallback")
struct InterruptedAnimationTests {
  @Test func anInterruptedAnimationIsNotAReload() async {
    var model = CollectionModel(items: [Int]())
    model.geometry = .init(viewportHeight: 200, itemHeight: 50)
    let view = HeadlessCollectionView(model, items: { [] })
    let pipeline = UpdatePipeline(target: view, items: [Int](), guard: UpdateGuard())
    view.dataSource = { [weak pipeline] in [ArraySection(model: 0, elements: pipeline?.data ?? [])]
    }
    _ = await pipeline.apply(Array(0..<10), animated: false)
    let reloadsBefore = pipeline.statistics.reloads
    view.holdsAnimations = true
    var outcome: UpdateOutcome<Never>?
    pipeline.apply(Array(0..<12), animated: true) { outcome = $0 }
    while view.animationsInFlight == 0 { await Task.yield() }
    // The view leaves its window: the animation ends unfinished, its completion gets `false`.
    view.isOnScreen = false
    while outcome == nil { await Task.yield() }
    #expect(outcome == .applied)
    #expect(view.model.items == Array(0..<12))
    #expect(pipeline.statistics.reloads == reloadsBefore)
    // A block the guard keeps from the view is one.
    view.isOnScreen = true
    var items = Array(0..<12)
    view.dataSource = { [ArraySection(model: 0, elements: items)] }
    items.append(99)  // the data source changed without an update
    _ = await pipeline.apply(Array(0..<11), animated: false)
    #expect(pipeline.statistics.reloads == reloadsBefore + 1)
  }
}

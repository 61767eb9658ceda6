import Stagecraft
import StagecraftTestSupport

/// A `CollectionModelView` that adds up the time its replay work takes: the work an update
/// pipeline does on the main actor.
@MainActor final class TimedView {
  let view: CollectionModelView<ArraySection<Int, BenchItem>>
  var busy = Duration.zero
  let clock = ContinuousClock()

  init(_ items: [BenchItem]) {
    view = CollectionModelView(CollectionModel(items: items, viewport: .items(0..<20)))
  }

  func timed<T, Failure: Error>(_ work: () throws(Failure) -> T) throws(Failure) -> T {
    let start = clock.now
    defer { busy += clock.now - start }
    return try work()
  }
}

extension TimedView: @MainActor BatchUpdateTarget {
  typealias Failure = BatchUpdateError
  typealias Snapshot = [ArraySection<Int, BenchItem>]
  typealias ElementUpdates = ElementUpdateMode

  var isOnScreen: Bool { true }
  var displayedItemCounts: [Int]? { view.displayedItemCounts }

  func reloadData(_ snapshot: Snapshot, setData: () -> Void) {
    timed { view.reloadData(snapshot, setData: setData) }
  }

  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Snapshot, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) throws(BatchUpdateError) {
    try timed { () throws(BatchUpdateError) in
      try view.performBatchUpdates(
        batch, snapshot: snapshot, animated: animated, setData: setData, refreshing: refreshing,
        by: elementUpdates, completion: completion)
    }
  }
}

@MainActor func pipeline(
  on view: TimedView, items: [BenchItem], strategy: UpdateStrategy = UpdateStrategy()
) -> UpdatePipeline<[BenchItem], BatchUpdateError> {
  UpdatePipeline(
    target: view, data: items, strategy: strategy,
    diff: { StagedChangeset(source: $0, target: $1) },
    snapshot: { items in view.timed { [ArraySection(model: 0, elements: items)] } })
}

/// The main actor's share of one apply of a 10/10/10/10 change, next to the whole diff and
/// replay done on it, in interleaved rounds; and a burst of requests from a background task.
@MainActor func runPipeline(count: Int, burst: Int, runs: Int) async -> [String] {
  let scenario = Inputs.tenPercent(count)
  let (source, target) = (scenario.source, scenario.target)
  let clock = ContinuousClock()
  var busy: [Duration] = []
  var whole: [Duration] = []
  var endToEnd: [Duration] = []
  var ok = true
  for _ in 0...runs {
    let view = TimedView(source)
    let stream = pipeline(on: view, items: source)
    let start = clock.now
    let outcome = await stream.apply(target)
    ok = ok && outcome == .applied
    endToEnd.append(clock.now - start)
    busy.append(view.busy)
    let direct = CollectionModelView(CollectionModel(items: source, viewport: .items(0..<20)))
    let directStart = clock.now
    try? direct.reload(using: StagedChangeset(source: source, target: target))
    whole.append(clock.now - directStart)
    ok = ok && view.view.model.items == target && direct.model.items == target
  }
  let mainActor = Timing(samples: Array(busy.dropFirst()))
  let sync = Timing(samples: Array(whole.dropFirst()))
  let total = Timing(samples: Array(endToEnd.dropFirst()))
  var lines = [
    "update pipeline, \(count) elements, 10/10/10/10, CollectionModelView with 20 cells:",
    "  main actor busy per apply \(mainActor.median.formatted) (the replay); diff and replay "
      + "both on the main actor \(sync.median.formatted): \(format(medianRatio(mainActor, sync), 2))x; "
      + "request to outcome \(total.median.formatted)\(ok ? "" : "  CHECK FAILED")",
  ]

  // A burst: one small change per request, sent from a background task without waiting.
  let base = (0..<10_000).map { BenchItem(id: $0, content: 0) }
  var replays: [Int] = []
  var latencies: [Duration] = []
  for _ in 0...runs {
    let view = TimedView(base)
    let stream = pipeline(on: view, items: base)
    let done = Arrival()
    let (sent, final) = await Task.detached { () -> (ContinuousClock.Instant, [BenchItem]) in
      var items = base
      var sent = ContinuousClock().now
      for index in 0..<burst {
        items[(index * 7919) % items.count].content += 1
        let isLast = index == burst - 1
        // The last request's time is taken before it is made: it may be replayed before
        // this task runs again.
        if isLast { sent = ContinuousClock().now }
        stream.apply(items) { _ in if isLast { done.at = ContinuousClock().now } }
      }
      return (sent, items)
    }.value
    while done.at == nil { await Task.yield() }
    latencies.append(done.at! - sent)
    replays.append(stream.statistics.replays)
    ok = ok && view.view.model.items == final
  }
  let latency = Timing(samples: Array(latencies.dropFirst()))
  let sorted = replays.dropFirst().sorted()
  lines.append(
    "  burst of \(burst) requests from a background task (10000 elements, one change each): "
      + "\(sorted[sorted.count / 2]) replays ran (median), last request to final state "
      + latency.median.formatted + (ok ? "" : "  CHECK FAILED"))
  return lines
}

/// When the last request of a burst reported.
@MainActor final class Arrival: Sendable {
  var at: ContinuousClock.Instant?
  nonisolated init() {}
}

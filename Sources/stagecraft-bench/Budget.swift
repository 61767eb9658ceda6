import Stagecraft
import StagecraftTestSupport

/// A view double whose own calls cost O(1), standing in for UIKit's internal work: it reads
/// its one section's count from the data source, and does nothing else.
final class BudgetView: BatchUpdateTarget {
  var count = 0
  var dataSource: () -> Int = { 0 }
  var isOnScreen: Bool { true }
  var displayedItemCounts: [Int]? { [count] }

  func reloadData(_ snapshot: Void, setData: () -> Void) {
    setData()
    count = dataSource()
  }

  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> Void,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) {
    setData()
    count = dataSource()
    completion?(true)
  }
}

/// What Stagecraft itself costs the main thread in an update of a large list once the diff
/// runs off the main actor: a 10/10/10/10 change of `count` items through
/// `CollectionCoordinator`, batch updates all the way (no reload for size), onto a view whose
/// calls cost O(1). The diff is made beforehand, as the background task makes it, and handed
/// to the coordinator, which runs it inline (the request's diff returns at once), so the time
/// is the main actor's share alone, as `_run` spends it after a background diff: the request, the guard,
/// the block plans, the calls, the bookkeeping of the selection, the scrolled item, prefetches
/// and reach triggers, and the report. Alternates between the two versions, each a change.
///
/// `withBookkeeping` binds ten selected items and asks for ten prefetches first, so that the
/// selection and the prefetch relay have work after each update. The double carries no
/// selection (that is UIKit's work), so the coordinator looks each selected item up again.
@MainActor func runBudget(counts: [Int]) -> [String] {
  guard selected("budget") else { return [] }
  var lines = [
    "the main thread's budget: a 10/10/10/10 change through the coordinator, diffed "
      + "beforehand, batch updates onto a view double (8.3 ms is a frame at 120 Hz):"
  ]
  for count in counts {
    for withBookkeeping in options.profile ? [false] : [false, true] {
      lines.append(budgetLine(count: count, withBookkeeping: withBookkeeping))
    }
  }
  return lines
}

@MainActor private func budgetLine(count: Int, withBookkeeping: Bool) -> String {
  let scenario = Inputs.tenPercent(count)
  let versions = [scenario.source, scenario.target].map {
    [ArraySection(model: 0, elements: $0)]
  }
  let diffs = [(versions[0], versions[1]), (versions[1], versions[0])].map { source, target in
    let staged = _coordinatorDiff(source, target)
    staged._buildData()
    return staged
  }
  let view = BudgetView()
  let coordinator = CollectionCoordinator<BudgetView, BenchSection>(
    target: view,
    strategy: CollectionUpdateStrategy(reloadAboveChanges: nil, inlineDiffBelow: .max))
  view.dataSource = { [unowned coordinator] in coordinator.numberOfItems(inSection: 0) }
  coordinator.update(sections: versions[0], animated: false)
  coordinator.allowsMultipleSelection = true
  if withBookkeeping {
    // Items that both versions hold, so that they stay selected and outstanding.
    let kept = Set(scenario.target.map(\.id))
    let shared = scenario.source.prefix(count / 2).filter { kept.contains($0.id) }.prefix(20)
    coordinator.selection = Set(shared.prefix(10).map(\.id))
    coordinator.prefetchItems(
      at: shared.suffix(10).compactMap { item in coordinator.indexPath(of: item.id) })
  }
  let clock = ContinuousClock()
  var samples: [Duration] = []
  var shown = 0
  for round in 0...(options.runs * 2) {
    shown = (round + 1) % 2
    let diff = diffs[1 - shown]
    let start = clock.now
    coordinator._update(sections: versions[shown], animated: true) { _, _ in diff }
    let elapsed = clock.now - start
    if round > 0 { samples.append(elapsed) }
  }
  let timing = Timing(samples: samples)
  let ok =
    coordinator.sections == versions[shown] && view.count == versions[shown][0].elements.count
    && coordinator.statistics.reloads == 1
    && (!withBookkeeping || coordinator.selection.count == 10)
  let frame =
    Double(timing.median.components.attoseconds) / 1e18 * 1e3 / 8.3
    + Double(timing.median.components.seconds) * 1e3 / 8.3
  return "  \(count) items\(withBookkeeping ? ", 10 selected and 10 prefetched" : ""): "
    + "\(timing.median.formatted) on the main actor, \(format(frame * 100, 1))% of a frame"
    + (ok ? "" : "  CHECK FAILED")
}

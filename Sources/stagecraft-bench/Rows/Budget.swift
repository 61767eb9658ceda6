import Stagecraft
import StagecraftTestSupport

/// What Stagecraft itself costs the main thread in an update of a large list once the diff
/// runs off the main actor: a 10/10/10/10 change of `count` items through
/// `CollectionCoordinator`, batch updates all the way (no reload for size), onto a view whose
/// calls cost O(1). The coordinator diffs on its background task, as in an app (and plans
/// and checks the blocks there, and indexes the new data when the bookkeeping needs it);
/// the time is the main actor's: the request (`update`), then from the replay's start to the
/// awaited end of the update (the guard, the calls, the bookkeeping of the selection, the
/// scrolled item, prefetches and reach triggers, the report, what the update lets go of,
/// and one hop back to the caller). Alternates between the two versions.
///
/// `withBookkeeping` binds ten selected items and asks for ten prefetches first, so that the
/// selection and the prefetch relay have work after each update. The double carries no
/// selection (that is UIKit's work), so the coordinator looks each selected item up again.
@MainActor func runBudget(counts: [Int], sizedCounts: [Int]) async -> [String] {
  guard selected("budget") else { return [] }
  var lines = [
    "the main thread's budget: one changed item through the coordinator on a view whose "
      + "model sizes its cells (self-sizing, a viewport in the middle of the list), the "
      + "main actor's time apart from the diff (8.3 ms is a frame at 120 Hz):"
  ]
  for count in sizedCounts { lines.append(sizedBudgetLine(count: count)) }
  lines.append(
    "the main thread's budget: a 10/10/10/10 change through the coordinator, diffed off "
      + "the main actor, batch updates onto a view double:")
  for count in counts {
    for withBookkeeping in options.profile ? [true] : [false, true] {
      lines.append(await budgetLine(count: count, withBookkeeping: withBookkeeping))
    }
  }
  return lines
}

@MainActor private func budgetLine(count: Int, withBookkeeping: Bool) async -> String {
  let scenario = Inputs.tenPercent(count)
  let versions = [scenario.source, scenario.target].map {
    [ArraySection(model: 0, elements: $0)]
  }
  let view = CountsView(counts: [0])
  view.recordsBlocks = false
  let coordinator = CollectionCoordinator<CountsView, BenchSection>(
    target: view,
    strategy: UpdateStrategy(reloadAboveChanges: nil))
  view.dataCounts = { [unowned coordinator] in [coordinator.numberOfItems(inSection: 0)] }
  coordinator.update(sections: versions[0], animated: false)
  await coordinator.waitForBackgroundDiffs()
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
    view.replayBegan = nil
    let start = clock.now
    coordinator.update(sections: versions[shown], animated: true)
    let submitted = clock.now - start
    await coordinator.waitForBackgroundDiffs()
    let end = clock.now
    if round > 0, let began = view.replayBegan { samples.append(submitted + (end - began)) }
  }
  let timing = Timing(samples: samples)
  let ok =
    coordinator.sections == versions[shown] && view.counts == [versions[shown][0].elements.count]
    && coordinator.statistics.reloads == 1
    && (!withBookkeeping || coordinator.selection.count == 10)
  let frame =
    Double(timing.median.components.attoseconds) / 1e18 * 1e3 / 8.3
    + Double(timing.median.components.seconds) * 1e3 / 8.3
  return "  \(count) items\(withBookkeeping ? ", 10 selected and 10 prefetched" : ""): "
    + "\(timing.median.formatted) on the main actor, \(format(frame * 100, 1))% of a frame"
    + (ok ? "" : "  CHECK FAILED")
}

/// One changed item through the coordinator on a self-sizing `HeadlessCollectionView`: the
/// update with the diff on the main actor, less the same diff timed in the same round, so
/// that what is left is the main actor's share of an app's update whose diff runs off it
/// (the guard, the replay onto the view, the layout, the measuring of what the update
/// shows, the bookkeeping).
@MainActor func sizedBudgetLine(count: Int) -> String {
  let (update, diff, ok) = coordinatorRow(count: count, selfSizing: true)
  let timing = Timing(samples: zip(update.samples, diff.samples).map { max(.zero, $0 - $1) })
  return "  \(count) items, self-sizing: \(timing.median.formatted) on the main actor, "
    + "\(format(timing.median.seconds * 1e3 / 8.3 * 100, 1))% of a frame"
    + (ok ? "" : "  CHECK FAILED")
}

import Stagecraft
import StagecraftTestSupport

/// A view double that reports its counts, as a real view does for the guard, and does
/// nothing else: what the guard costs Stagecraft itself.
final class CountingView: BatchUpdateTarget {
  var counts: [Int]
  var isOnScreen: Bool { true }
  var displayedItemCounts: [Int]? { counts }
  /// The data source the guard asks before each block; none by default (the guard then
  /// checks the view's counts alone).
  var dataSource: (() -> [Int])?
  var dataSourceItemCounts: [Int]? { dataSource?() }

  init(count: Int) { counts = [count] }

  func reloadData(_ snapshot: Void, setData: () -> Void) { setData() }

  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> Void,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) {
    setData()
    counts[0] += batch.insertItems.count - batch.deleteItems.count
    completion?(true)
  }
}

/// The guard's cost: diff plus guarded replay onto a view double, against diff plus the same
/// replay unguarded, in the same rounds.
@MainActor func runGuard(count: Int) -> [String] {
  guard selected("guard") else { return [] }
  let scenario = Inputs.tenPercent(count)
  let (source, target) = (scenario.source, scenario.target)
  func replay(_ check: UpdateGuard, asking: Bool = false) -> Int {
    let view = CountingView(count: source.count)
    var shown = source
    if asking { view.dataSource = { [shown.count] } }
    var fellBack = false
    view.reload(
      using: StagedChangeset(source: source, target: target), guard: check,
      setData: { shown = $0 }, completion: { fellBack = !$0 })
    return fellBack ? -1 : shown.count + view.counts[0]
  }
  if options.profile {
    profile("guard") { replay(UpdateGuard()) }
    return []
  }
  let ok =
    replay(UpdateGuard()) == 2 * target.count
    && replay(UpdateGuard(), asking: true) == 2 * target.count
  let timings = measureInterleaved(
    runs: options.runs,
    [{ replay(UpdateGuard()) }, { replay(.off) }, { replay(UpdateGuard(), asking: true) }])
  return [
    "the guard, diff and replay of a 10/10/10/10 change of \(count) items onto a view double:",
    "  diff + guarded replay \(timings[0].median.formatted), unguarded \(timings[1].median.formatted), "
      + "\(format(medianRatio(timings[0], timings[1]), 3))x; asking the data source too "
      + "\(timings[2].median.formatted), \(format(medianRatio(timings[2], timings[1]), 3))x "
      + "\(ok ? "ok" : "FAILED: a valid block was refused")",
  ]
}

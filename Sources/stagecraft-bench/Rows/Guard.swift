import Stagecraft
import StagecraftTestSupport

/// The guard's cost: diff plus guarded replay onto a view double, against diff plus the same
/// replay unguarded, in the same rounds.
@MainActor func runGuard(count: Int) -> [String] {
  guard selected("guard") else { return [] }
  let scenario = Inputs.tenPercent(count)
  let (source, target) = (scenario.source, scenario.target)
  func replay(_ check: UpdateGuard, asking: Bool = false) -> Int {
    let view = CountsView(counts: [source.count])
    view.recordsBlocks = false
    var shown = source
    if asking {
      view.dataCounts = { [shown.count] }
      view.answersDataSource = true
    }
    var fellBack = false
    view.reload(
      using: StagedChangeset(source: source, target: target), guard: check,
      setData: { shown = $0 }, completion: { fellBack = $0 == .fellBack })
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

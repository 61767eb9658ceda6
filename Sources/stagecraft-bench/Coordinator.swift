import Stagecraft
import StagecraftTestSupport

/// A view double for the coordinator: it reads its counts from the data source, as a view
/// does for the guard, and does nothing else.
final class CoordinatedView: BatchUpdateTarget {
  var counts: [Int] = []
  var isOnScreen: Bool { true }
  var displayedItemCounts: [Int]? { counts }
  var dataSource: () -> [Int] = { [] }

  func reloadData(_ snapshot: Void, setData: () -> Void) {
    setData()
    counts = dataSource()
  }

  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> Void,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) {
    setData()
    counts = dataSource()
    completion?(true)
  }
}

/// What the coordinator adds to an update: 10,000 items with one change, handed to a
/// `CollectionCoordinator` onto a view double (diff, guarded replay, selection and load-more
/// bookkeeping), against the bare diff plus the same guarded replay (the changed item
/// reconfigured, the coordinator's default), in the same rounds.
/// Each round alternates between two versions, so every update is a change.
@MainActor func runCoordinator(count: Int) -> [String] {
  guard selected("coordinator") else { return [] }
  let first = (0..<count).map { BenchItem(id: $0, content: 0) }
  var second = first
  second[count / 2].content = 1
  let versions = [first, second]

  let view = CoordinatedView()
  let coordinator = CollectionCoordinator<CoordinatedView, BenchSection>(
    target: view, policy: UpdatePolicy(reloadAboveChanges: 1_000, inlineDiffBelow: .max))
  view.dataSource = { [unowned coordinator] in coordinator.sections.map(\.elements.count) }
  coordinator.update(items: first, animated: true)
  var coordinated = 0
  func throughCoordinator() -> Int {
    coordinated += 1
    coordinator.update(items: versions[coordinated % 2], animated: true)
    return coordinator.sections[0].elements[count / 2].content
  }

  let bare = CountingView(count: count)
  var shown = first
  var replayed = 0
  func bareDiffAndReplay() -> Int {
    replayed += 1
    let next = versions[replayed % 2]
    bare.reload(
      using: StagedChangeset(source: shown, target: next), elementUpdates: .reconfigure,
      setData: { shown = $0 })
    return shown[count / 2].content
  }
  if options.profile {
    profile("coordinator") { throughCoordinator() }
    return []
  }
  let timings = measureInterleaved(
    runs: options.runs * 5, [{ throughCoordinator() }, { bareDiffAndReplay() }])
  // Both ended at the version of their last update, with nothing refused or reloaded.
  let ok =
    coordinator.sections[0].elements == versions[coordinated % 2]
    && shown == versions[replayed % 2] && coordinator.statistics.reloads == 1
  return [
    "the coordinator, an update of \(count) items with one change onto a view double:",
    "  through CollectionCoordinator \(timings[0].median.formatted), bare diff + replay "
      + "\(timings[1].median.formatted), \(format(medianRatio(timings[0], timings[1]), 3))x "
      + (ok ? "ok" : "FAILED: the view did not end at the latest data"),
  ]
}

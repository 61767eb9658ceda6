import Stagecraft
import StagecraftTestSupport

/// A view that does nothing but take the data: what an apply costs Stagecraft itself,
/// without a view's own work.
final class NullView: BatchUpdateTarget {
  var isOnScreen: Bool { true }

  func reloadData(_ snapshot: Void, setData: () -> Void) { setData() }

  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> Void,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) {
    setData()
    completion?(true)
  }
}

/// Diffable snapshots of `count` items in one section: building one, looking items up,
/// moving one, and applying a 10/10/10/10 change through a data source, each against its
/// own baseline in the same rounds.
@MainActor func runSnapshots(count: Int) -> [String] {
  guard selected("snapshot") else { return [] }
  let scenario = Inputs.tenPercent(count)
  let sourceIDs = scenario.source.map(\.id)
  let targetIDs = scenario.target.map(\.id)
  func build(_ ids: [Int]) -> DiffableSnapshot<Int, Int> {
    var snapshot = DiffableSnapshot<Int, Int>()
    try? snapshot.appendSections([0])
    try? snapshot.appendItems(ids)
    return snapshot
  }
  let items = scenario.source
  var lines = ["diffable snapshots of \(count) items in one section:"]
  var ok = true

  // Building: appendItems of every identifier, against the floor of hashing them.
  let building = measureInterleaved(
    runs: options.runs, [{ build(sourceIDs) }, { floorWork(items, items) }])
  ok = ok && build(sourceIDs).itemIdentifiers == sourceIDs
  lines.append(
    "  appendItems: \(building[0].median.formatted), \(format(medianRatio(building[0], building[1]), 2))x the floor"
  )

  // Lookups: indexOfItem and sectionIdentifier(containingItem:) of 1,000 items.
  let built = build(sourceIDs)
  let probes = (0..<1_000).map { sourceIDs[($0 * 7_919) % sourceIDs.count] }
  let lookups = measureInterleaved(
    runs: options.runs,
    [
      { probes.reduce(0) { $0 &+ (built.indexOfItem($1) ?? 0) } },
      { probes.reduce(0) { $0 &+ (built.sectionIdentifier(containingItem: $1) ?? 0) } },
    ])
  ok = ok && probes.allSatisfy { built.indexOfItem($0) == sourceIDs.firstIndex(of: $0) }
  func perLookup(_ timing: Timing) -> String {
    format(timing.median.seconds * 1e9 / Double(probes.count), 0) + " ns"
  }
  lines.append(
    "  a lookup: indexOfItem \(perLookup(lookups[0])), sectionIdentifier(containingItem:) "
      + perLookup(lookups[1]))

  // A move: the last item before the first, on a copy (which the move does not copy).
  let moves = measureInterleaved(
    runs: options.runs,
    [
      { () -> Int in
        var copy = built
        try? copy.moveItem(sourceIDs[sourceIDs.count - 1], beforeItem: sourceIDs[0])
        return copy.numberOfItems
      },
      { () -> Int in
        var copy = built
        try? copy.moveItem(sourceIDs[1], beforeItem: sourceIDs[0])
        return copy.numberOfItems
      },
    ])
  lines.append(
    "  moveItem: last to first \(moves[0].median.formatted), second to first \(moves[1].median.formatted)"
  )

  // An apply: a data source on a view that only takes the data, against the diff of the
  // same sections.
  let old = build(sourceIDs)
  let new = build(targetIDs)
  let applies = measureInterleaved(
    runs: options.runs,
    [
      { () -> Int in
        let dataSource = DiffableDataSource<NullView, Int, Int>(target: NullView())
        dataSource.applySnapshotUsingReloadData(old)
        dataSource.apply(new)
        return dataSource.snapshot().numberOfItems
      },
      { () -> Int in
        let dataSource = DiffableDataSource<NullView, Int, Int>(target: NullView())
        dataSource.applySnapshotUsingReloadData(old)
        return dataSource.snapshot().numberOfItems
      },
      { StagedChangeset(source: old.sections(), target: new.sections(marked: true)) },
    ])
  let check = DiffableDataSource<NullView, Int, Int>(target: NullView())
  check.applySnapshotUsingReloadData(old)
  check.apply(new)
  ok = ok && check.snapshot() == new
  // The apply's own share: the apply less the reload that sets up the old snapshot.
  let apply = Timing(samples: zip(applies[0].samples, applies[1].samples).map { $0 - $1 })
  lines.append(
    "  apply of a 10/10/10/10 change: \(apply.median.formatted), \(format(medianRatio(apply, applies[2]), 2))x the diff of the same sections"
      + (ok ? "" : "  CHECK FAILED"))
  if !ok { snapshotFailed = true }
  return lines
}

@MainActor var snapshotFailed = false

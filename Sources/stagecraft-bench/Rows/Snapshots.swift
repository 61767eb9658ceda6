import Stagecraft
import StagecraftTestSupport

/// A view that does nothing but take the data: what an apply costs Stagecraft itself,
/// without a view's own work.
final class NullView: BatchUpdateTarget {
  var isOnScreen: Bool { true }
  // No counts: its data sources are not guarded (`UpdateGuard.off`), so that the row
  // measures the data source alone.
  var displayedItemCounts: [Int]? { nil }

  func reloadData(_ snapshot: Void, setData: () -> Void) { setData() }

  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) {
    _ = setData()  // the bench's views are never guarded with a data source to ask
    completion?(true)
  }
}

/// A data source on a `NullView`, unguarded.
@MainActor func nullDataSource() -> DiffableDataSource<NullView, Int, Int> {
  let dataSource = DiffableDataSource<NullView, Int, Int>(target: NullView())
  dataSource.updateGuard = .off
  return dataSource
}

/// A snapshot of one section holding `ids`.
func buildSnapshot(_ ids: [Int]) -> DiffableSnapshot<Int, Int> {
  var snapshot = DiffableSnapshot<Int, Int>()
  try? snapshot.appendSections([0])
  try? snapshot.appendItems(ids)
  return snapshot
}

/// Each operation of a diffable snapshot of `count` items in one section, against hashing
/// every identifier once (`hashFloor`) in the same rounds: building, lookups, deleting,
/// moving, marking, applying.
@MainActor func runSnapshots(count: Int) -> [String] {
  guard selected("snapshot") else { return [] }
  let scenario = Inputs.tenPercent(count)
  let sourceIDs = scenario.source.map(\.id)
  var lines = [
    "diffable snapshots of \(count) items in one section (x floor: hashing every identifier once):"
  ]
  var ok = true

  // Building: appendItems of every identifier.
  // Building: appendItems of every identifier; and an append that neither checks for
  // duplicates nor indexes (a plain array), what a snapshot without the check would do.
  let building = measureInterleaved(
    runs: options.runs,
    [
      { buildSnapshot(sourceIDs) }, { hashFloor(sourceIDs) },
      { () -> Int in
        var plain: [Int] = []
        plain.append(contentsOf: sourceIDs)
        return plain.count
      },
    ])
  ok = ok && buildSnapshot(sourceIDs).itemIdentifiers == sourceIDs
  let floor = building[1]
  lines.append(
    "  appendItems: \(building[0].median.formatted), \(format(medianRatio(building[0], floor), 2))x;"
      + " appending to an array without the duplicate check: \(building[2].median.formatted)")
  let built = buildSnapshot(sourceIDs)
  let (lookupLines, lookupsOK) = snapshotLookups(built, ids: sourceIDs, floor: floor)
  lines += lookupLines
  let (editLines, editsOK) = snapshotEdits(built, ids: sourceIDs)
  lines += editLines
  let (applyLine, applyOK) = snapshotApply(scenario)
  lines.append(applyLine)
  ok = ok && lookupsOK && editsOK && applyOK
  if !ok {
    lines[lines.count - 1] += "  CHECK FAILED"
    snapshotFailed = true
  }
  return lines
}

/// Lookups of 1,000 items: per call, and as a ratio to hashing one identifier (the floor
/// divided by the count).
@MainActor func snapshotLookups(
  _ built: DiffableSnapshot<Int, Int>, ids: [Int], floor: Timing
) -> ([String], Bool) {
  let probes = (0..<1_000).map { ids[($0 * 7_919) % ids.count] }
  let dataSource = nullDataSource()
  dataSource.applySnapshotUsingReloadData(built)
  let lookups = measureInterleaved(
    runs: options.runs,
    [
      { probes.reduce(0) { $0 &+ (built.indexOfItem($1) ?? 0) } },
      { probes.reduce(0) { $0 &+ (built.sectionIdentifier(containingItem: $1) ?? 0) } },
      { probes.reduce(0) { $0 &+ built.itemIdentifiers(inSection: $1 & 0).count } },
      { probes.reduce(0) { $0 &+ (dataSource.indexPath(for: $1)?.element ?? 0) } },
      {
        probes.reduce(0) {
          $0
            &+ (dataSource.itemIdentifier(for: ElementPath(element: $1 % ids.count, section: 0))
              ?? 0)
        }
      },
    ])
  let ok =
    probes.allSatisfy { built.indexOfItem($0) == ids.firstIndex(of: $0) }
    && probes.allSatisfy { dataSource.indexPath(for: $0)?.element == ids.firstIndex(of: $0) }
  let perIdentifier = floor.median.seconds / Double(ids.count)
  func perLookup(_ timing: Timing) -> String {
    let seconds = timing.median.seconds / Double(probes.count)
    return format(seconds * 1e9, 0) + " ns (" + format(seconds / perIdentifier, 2) + "x)"
  }
  return (
    [
      "  a lookup (x: hashing one identifier): indexOfItem \(perLookup(lookups[0])), "
        + "sectionIdentifier(containingItem:) \(perLookup(lookups[1])),",
      "    itemIdentifiers(inSection:) \(perLookup(lookups[2])), "
        + "data source indexPath(for:) \(perLookup(lookups[3])), itemIdentifier(for:) "
        + perLookup(lookups[4]),
    ], ok
  )
}

/// A snapshot to change in place: the timed closures mutate it without copying it.
final class SnapshotBox {
  var snapshot: DiffableSnapshot<Int, Int>
  init(_ snapshot: DiffableSnapshot<Int, Int>) { self.snapshot = snapshot }
}

/// Deleting, marking and moving, each on a snapshot of its own that nothing else shares (made
/// by an untimed step before it in the same round), against hashing every identifier once.
@MainActor func snapshotEdits(_ built: DiffableSnapshot<Int, Int>, ids: [Int]) -> ([String], Bool) {
  let doomed = (0..<1_000).map { ids[($0 * 7_919) % ids.count] }
  let box = SnapshotBox(built)
  // A copy that shares no storage with `built`: a change and its undo touch every part.
  let prepare: () -> Any = {
    box.snapshot = built
    try? box.snapshot.appendItems([-1])
    try? box.snapshot.deleteItems([-1])
    return box.snapshot.numberOfItems
  }
  let edits: [() -> Any] = [
    { (try? box.snapshot.deleteItems(doomed)) != nil },
    { (try? box.snapshot.reloadItems(doomed)) != nil },
    { (try? box.snapshot.reconfigureItems(doomed)) != nil },
    { (try? box.snapshot.moveItem(ids[ids.count - 1], beforeItem: ids[0])) != nil },
    { (try? box.snapshot.moveItem(ids[1], beforeItem: ids[0])) != nil },
  ]
  let timings = measureInterleaved(
    runs: options.runs, edits.flatMap { [prepare, $0] } + [{ hashFloor(ids) }])
  let floor = timings[timings.count - 1]
  var check = built
  try? check.deleteItems(doomed)
  let gone = Set(doomed)
  let ok = check.itemIdentifiers == ids.filter { !gone.contains($0) }
  func row(_ edit: Int) -> String {
    let timing = timings[2 * edit + 1]
    return "\(timing.median.formatted) (\(format(medianRatio(timing, floor), 3))x)"
  }
  return (
    [
      "  deleteItems of 1,000 \(row(0)), reloadItems of 1,000 \(row(1)), "
        + "reconfigureItems of 1,000 \(row(2)),",
      "    moveItem last to first \(row(3)), second to first \(row(4))",
    ], ok
  )
}

/// Applying a 10/10/10/10 change through a data source on a view that only takes the data,
/// against the diff of the same sections.
@MainActor func snapshotApply(_ scenario: FlatScenario) -> (String, Bool) {
  let old = buildSnapshot(scenario.source.map(\.id))
  let new = buildSnapshot(scenario.target.map(\.id))
  let applies = measureInterleaved(
    runs: options.runs,
    [
      { () -> Int in
        let dataSource = nullDataSource()
        dataSource.applySnapshotUsingReloadData(old)
        dataSource.apply(new)
        return dataSource.snapshot().numberOfItems
      },
      { () -> Int in
        let dataSource = nullDataSource()
        dataSource.applySnapshotUsingReloadData(old)
        return dataSource.snapshot().numberOfItems
      },
      { StagedChangeset(source: old.sections(), target: new.sections(marked: true)) },
      { hashFloor(scenario.source.map(\.id)) },
    ])
  let check = nullDataSource()
  check.applySnapshotUsingReloadData(old)
  check.apply(new)
  // The apply's own share: the apply less the reload that sets up the old snapshot.
  let apply = Timing(samples: zip(applies[0].samples, applies[1].samples).map { $0 - $1 })
  return (
    "  apply of a 10/10/10/10 change: \(apply.median.formatted), "
      + "\(format(medianRatio(apply, applies[2]), 2))x the diff of the same sections, "
      + "\(format(medianRatio(apply, applies[3]), 2))x the floor",
    check.snapshot() == new
  )
}

@MainActor var snapshotFailed = false

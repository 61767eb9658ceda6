import Stagecraft
import StagecraftTestSupport

/// The appends that build an outline four levels deep: `roots` root items, each with 10
/// children, each of those with 10, each of those with 9 (1,010 descendants a root);
/// identifiers are numbered depth first.
func outlineAppends(roots: Int) -> [(parent: Int?, items: [Int])] {
  var next = 0
  func take(_ count: Int) -> [Int] {
    defer { next += count }
    return Array(next..<next + count)
  }
  var appends: [(parent: Int?, items: [Int])] = [(nil, take(roots))]
  var level = appends[0].items
  for fanOut in [10, 10, 9] {
    var below: [Int] = []
    for parent in level {
      let children = take(fanOut)
      appends.append((parent, children))
      below += children
    }
    level = below
  }
  return appends
}

/// The outline that `appends` builds.
func buildOutline(_ appends: [(parent: Int?, items: [Int])]) -> DiffableSectionSnapshot<Int> {
  var outline = DiffableSectionSnapshot<Int>()
  for (parent, items) in appends { try? outline.append(items, to: parent) }
  return outline
}

/// Hashes every identifier once into a table with its capacity reserved: the floor of
/// building anything keyed by them.
@inline(never)
func hashFloor(_ ids: [Int]) -> Int {
  var table = [Int: Int](minimumCapacity: ids.count)
  for (index, id) in ids.enumerated() { table[id] = index }
  return table.count
}

/// A reference to an outline, so that timed closures mutate it in place.
final class OutlineBox {
  var outline: DiffableSectionSnapshot<Int>
  init(_ outline: DiffableSectionSnapshot<Int>) { self.outline = outline }
}

/// Outlines of about `count` items, four levels deep: building one, expanding and collapsing
/// a root of 1,010 descendants (on the snapshot and through a data source), and applying a
/// small edit to a section, each against its baseline in the same rounds.
@MainActor func runOutlines(count: Int) -> [String] {
  guard selected("outline") else { return [] }
  let appends = outlineAppends(roots: max(1, count / 1_000))
  let ids = appends.flatMap(\.items)
  var lines = ["outline of \(ids.count) items, 4 levels, a root with 1,010 descendants:"]
  var ok = true

  // Building, against hashing every identifier once.
  let building = measureInterleaved(
    runs: options.runs, [{ buildOutline(appends) }, { hashFloor(ids) }])
  if options.profile {
    profile("outline build") { buildOutline(appends) }
    profile("hash floor") { hashFloor(ids) }
  }
  // Numbered level by level, the identifiers come out depth first in another order.
  ok = ok && buildOutline(appends).items.sorted() == ids
  lines.append(
    "  build (append to each parent): \(building[0].median.formatted), "
      + "\(format(medianRatio(building[0], building[1]), 2))x hashing every identifier")

  // Expanding and collapsing the first root, whose descendants are all expanded: 1,010 rows
  // appear and disappear among the others' 99% of the rows.
  var full = buildOutline(appends)
  full.expand(ids)
  let root = appends[0].items[0]
  full.collapse([root])
  let box = OutlineBox(full)
  let rows = try! box.outline.snapshot(of: root).items  // the rows that appear
  let toggles = measureInterleaved(
    runs: options.runs,
    [
      { box.outline.expand([root]) }, { box.outline.collapse([root]) }, { hashFloor(rows) },
      { hashFloor(ids) },
    ])
  box.outline.expand([root])
  ok =
    ok && box.outline.numberOfVisibleItems == ids.count
    && box.outline.visibleItems == box.outline.items
  box.outline.collapse([root])
  func ratios(_ timing: Timing) -> String {
    "\(timing.median.formatted), \(format(medianRatio(timing, toggles[2]), 2))x hashing the "
      + "1,010 rows, \(format(medianRatio(timing, toggles[3]), 4))x hashing every identifier"
  }
  lines.append("  expand: \(ratios(toggles[0]))")
  lines.append("  collapse: \(ratios(toggles[1]))")

  // The same tap through a data source on a view that only takes the data: the snapshot's
  // change, the batch from the tree, the flat snapshot's rows, the replay.
  let dataSource = nullDataSource()
  try? dataSource.apply(box.outline, to: 0, animatingDifferences: false)
  let taps = measureInterleaved(
    runs: options.runs,
    [
      { (try? dataSource.toggleExpansion(of: root)) ?? false },
      { (try? dataSource.toggleExpansion(of: root)) ?? false },
      { hashFloor(rows) }, { hashFloor(ids) },
    ])
  ok = ok && dataSource.snapshot().numberOfItems == ids.count - 1_010
  lines.append(
    "  toggleExpansion on a data source: expand \(taps[0].median.formatted), collapse "
      + "\(taps[1].median.formatted); \(format(medianRatio(taps[0], taps[2]), 2))x and "
      + "\(format(medianRatio(taps[1], taps[2]), 2))x hashing the 1,010 rows, "
      + "\(format(medianRatio(taps[0], taps[3]), 3))x hashing every identifier")

  // A small edit (10 leaves added under one parent, 10 deleted under another) applied to the
  // section, against applying the same rows as a flat snapshot; each data source goes back
  // and forth between the two versions.
  var edited = full
  edited.expand([root])
  let base = edited
  let parents = appends.filter { $0.items.count == 9 }
  try? edited.append(Array(ids.count..<ids.count + 10), to: parents[parents.count / 3].parent)
  try? edited.delete(Array(parents[2 * parents.count / 3].items.prefix(10)))
  let outlineSource = nullDataSource()
  try? outlineSource.apply(base, to: 0, animatingDifferences: false)
  func flat(_ outline: DiffableSectionSnapshot<Int>) -> DiffableSnapshot<Int, Int> {
    var snapshot = DiffableSnapshot<Int, Int>()
    try? snapshot.appendSections([0])
    try? snapshot.appendItems(outline.visibleItems)
    return snapshot
  }
  let (flatBase, flatEdited) = (flat(base), flat(edited))
  let flatSource = nullDataSource()
  flatSource.apply(flatBase)
  if options.profile {
    profile("toggle") { (try? dataSource.toggleExpansion(of: root)) ?? false }
    profile("outline apply") {
      (try? outlineSource.apply(edited, to: 0)) != nil
        && (try? outlineSource.apply(base, to: 0)) != nil
    }
    profile("flat apply") {
      flatSource.apply(flatEdited)
      flatSource.apply(flatBase)
      return 0
    }
  }
  let applies = measureInterleaved(
    runs: options.runs,
    [
      { (try? outlineSource.apply(edited, to: 0)) != nil },
      { (try? outlineSource.apply(base, to: 0)) != nil },
      { flatSource.apply(flatEdited) }, { flatSource.apply(flatBase) },
    ])
  try? outlineSource.apply(edited, to: 0)
  ok = ok && outlineSource.snapshot() == flatEdited && outlineSource.snapshot(for: 0) == edited
  lines.append(
    "  apply(_:to:) of a 10 + 10 edit: \(applies[0].median.formatted), "
      + "\(format(medianRatio(applies[0], applies[2]), 2))x the flat apply of the same rows"
      + (ok ? "" : "  CHECK FAILED"))
  if !ok { snapshotFailed = true }
  return lines
}

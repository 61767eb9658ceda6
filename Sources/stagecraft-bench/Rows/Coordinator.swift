import Stagecraft
import StagecraftTestSupport

/// What the coordinator adds to an update: 10,000 items with one change, handed to a
/// `CollectionCoordinator` (diff, guarded replay, the concerns' bookkeeping), against the bare
/// diff plus the same guarded replay (the changed item reconfigured, the coordinator's
/// default), in the same rounds, each onto a view double of the same kind (`CountingView`,
/// which keeps its counts from the batches it performs), so that the ratio is the
/// coordinator's alone. Each round alternates between two versions, so every update is a
/// change.
@MainActor func runCoordinator(count: Int) -> [String] {
  guard selected("coordinator") else { return [] }
  let first = (0..<count).map { BenchItem(id: $0, content: 0) }
  var second = first
  second[count / 2].content = 1
  let versions = [first, second]

  let view = CountsView(counts: [count])
  view.recordsBlocks = false
  let coordinator = CollectionCoordinator<CountsView, BenchSection>(
    target: view, strategy: UpdateStrategy().diffingInline(below: .max))
  coordinator.update(items: first, animated: true)
  var coordinated = 0
  func throughCoordinator() -> Int {
    coordinated += 1
    coordinator.update(items: versions[coordinated % 2], animated: true)
    return coordinator.sections[0].elements[count / 2].content
  }

  let bare = CountsView(counts: [count])
  bare.recordsBlocks = false
  var shown = first
  var replayed = 0
  func bareDiffAndReplay() -> Int {
    replayed += 1
    let next = versions[replayed % 2]
    bare.reload(
      using: StagedChangeset(source: shown, target: next),
      strategy: UpdateStrategy().elementUpdates(.reconfigure),
      setData: { shown = $0 })
    return shown[count / 2].content
  }
  if options.profile {
    profile("coordinator") { throughCoordinator() }
    profile("coordinator, bare diff and replay") { bareDiffAndReplay() }
    return []
  }
  let timings = measureInterleaved(
    runs: options.runs * 5, [{ throughCoordinator() }, { bareDiffAndReplay() }])
  // Both ended at the version of their last update, with nothing refused or reloaded.
  let ok =
    coordinator.sections[0].elements == versions[coordinated % 2]
    && shown == versions[replayed % 2] && coordinator.statistics.reloads == 1
    && view.counts == [count]
  return [
    "the coordinator, an update of \(count) items with one change onto a view double:",
    "  through CollectionCoordinator \(timings[0].median.formatted), bare diff + replay "
      + "\(timings[1].median.formatted), \(format(medianRatio(timings[0], timings[1]), 3))x "
      + (ok ? "ok" : "FAILED: the view did not end at the latest data"),
  ]
}

/// A view double with a list layout of equal rows, as a table view keeps its geometry:
/// an item's extent and the rows on screen cost O(1) and O(visible).
final class RowsView: BatchUpdateTarget {
  var count: Int
  var offset: Double
  let rowHeight = 44.0
  let height = 800.0

  init(count: Int, offset: Double) {
    self.count = count
    self.offset = offset
  }

  var isOnScreen: Bool { true }
  var displayedItemCounts: [Int]? { [count] }

  func reloadData(_ snapshot: Void, setData: () -> Void) { setData() }

  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) {
    let batch = setData() ?? batch
    count += batch.insertItems.count - batch.deleteItems.count
    completion?(true)
  }
}

extension RowsView: ScrollableTarget {
  var visibleItemPaths: [ElementPath] {
    let first = max(0, Int(offset / rowHeight))
    let last = min(count, Int((offset + height) / rowHeight) + 1)
    return first < last ? (first..<last).map { ElementPath(element: $0, section: 0) } : []
  }
  var scrollMetrics: ScrollMetrics? {
    ScrollMetrics(
      contentOffset: offset, viewportHeight: height, contentHeight: Double(count) * rowHeight)
  }
  func extentOfItem(at path: ElementPath) -> ItemExtent? {
    ItemExtent(top: Double(path.element) * rowHeight, height: rowHeight)
  }
  func setContentOffset(_ offset: Double) { self.offset = offset }
  func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {
    offset = Double(path.element) * rowHeight
  }
}

/// What keeping the scroll position costs: 10,000 items, 100 prepended while the user reads
/// the middle of the list. The diff alone, the diff and replay with the position left
/// alone, and the same with the anchor captured before and restored after each block, in
/// the same rounds. The anchoring's cost is reported against the diff.
@MainActor func runScrollAnchor(count: Int) -> [String] {
  guard selected("anchor") else { return [] }
  let old = (0..<count).map { BenchItem(id: $0, content: 0) }
  let new = (count..<(count + 100)).map { BenchItem(id: $0, content: 0) } + old
  let start = Double(count / 2) * 44 + 10
  func diff() -> Int { StagedChangeset(source: old, target: new).count }
  func replay(_ policy: ScrollAnchoring) -> Double {
    let view = RowsView(count: count, offset: start)
    var shown = old
    view.reload(
      using: StagedChangeset(source: old, target: new), strategy: UpdateStrategy(anchoring: policy),
      setData: { shown = $0 })
    return view.offset + Double(shown.count)
  }
  // The anchor, 10 points into the row at the middle, is 100 rows further down after.
  let ok = replay(.keepAnchor) == start + 100 * 44 + Double(new.count)
  let timings = measureInterleaved(
    runs: options.runs * 5, [{ diff() }, { replay(.none) }, { replay(.keepAnchor) }])
  let anchoring = timings[2].median - timings[1].median
  let ratio = (timings[0].median + anchoring).seconds / timings[0].median.seconds
  return [
    "the scroll anchor, \(count) items with 100 prepended, read in the middle:",
    "  diff \(timings[0].median.formatted), diff + replay \(timings[1].median.formatted), "
      + "with the anchor kept \(timings[2].median.formatted): capturing and restoring it "
      + "costs \(format(ratio, 3))x the diff \(ok ? "ok" : "FAILED: the anchor moved")",
  ]
}

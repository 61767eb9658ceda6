import Stagecraft
import StagecraftTestSupport

/// An item of the prefetch rows: its height varies with its identity.
@Sendable func benchHeight(_ item: BenchItem) -> Double { Double(30 + (item.id % 7) * 10) }

/// Prefetching and the reach triggers on the model, for `count` items of varying heights
/// and an 800-point viewport:
///
/// - a scroll of one screen at a time down the list with prefetching (two screens ahead,
///   one behind) and a reach-end trigger on, against the same scroll without them (the
///   viewport computation and its cells alone), 200 steps a round;
/// - an update that changes 100 items around the viewport (50 deleted, 50 inserted),
///   replayed with prefetching on and off: what evaluating the triggers after the update
///   adds to the update.
@MainActor func runPrefetch(count: Int) -> [String] {
  guard selected("prefetch") else { return [] }
  let items = (0..<count).map { BenchItem(id: $0, content: 0) }
  var plain = CollectionModel(items: items)
  plain.geometry = .init(viewportHeight: 800, itemHeight: benchHeight)
  var watched = plain
  watched.prefetching = PrefetchBuffers()
  watched.reachEnd = .standard
  let content = plain.scrollMetrics!.contentHeight

  func scroll(_ model: inout CollectionModel<BenchSection>, by step: Double) -> Int {
    for _ in 0..<200 {
      let next = model.geometry!.contentOffset + step
      model.setContentOffset(next + 800 > content ? 0 : next)
    }
    return model.realizedPaths.count
  }
  if options.profile {
    profile("prefetch") { scroll(&watched, by: 800) }
    return []
  }
  // Each row starts from the same two models: the frame row does not inherit the event log
  // and the heap the screen row left.
  var (watchedFrames, plainFrames) = (watched, plain)
  let steps = measureInterleaved(
    runs: options.runs * 5, [{ scroll(&watched, by: 800) }, { scroll(&plain, by: 800) }])
  // A finger's scroll: 16 points a frame.
  let frames = measureInterleaved(
    runs: options.runs * 5,
    [{ scroll(&watchedFrames, by: 16) }, { scroll(&plainFrames, by: 16) }])
  let prefetched = watched.prefetchedItems.count
  let stepsOK = prefetched > 0 && watched.scrollEvents.count > 1_000

  // An update around the viewport, back and forth.
  let middle = count / 2
  var changed = items
  changed.removeSubrange(middle..<(middle + 50))
  changed.insert(
    contentsOf: (0..<50).map { BenchItem(id: count + $0, content: 0) }, at: middle + 10)
  let forward = StagedChangeset(source: items, target: changed)
  let backward = StagedChangeset(source: changed, target: items)
  var updatedPlain = plain
  var updatedWatched = watched
  func update(_ model: inout CollectionModel<BenchSection>, _ flip: inout Bool) -> Int {
    flip.toggle()
    try? model.reload(
      using: flip ? forward : backward, strategy: UpdateStrategy(anchoring: .keepAnchor))
    return model.items.count
  }
  updatedPlain.setContentOffset(Double(middle) * 60)
  updatedWatched.setContentOffset(Double(middle) * 60)
  var (flipPlain, flipWatched) = (false, false)
  let updates = measureInterleaved(
    runs: options.runs * 3,
    [{ update(&updatedWatched, &flipWatched) }, { update(&updatedPlain, &flipPlain) }])
  let updatesOK = updatedWatched.items == updatedPlain.items && flipPlain == flipWatched
  return [
    "prefetching on the model, \(count) items of varying heights, an 800-point viewport:",
    "  a scroll step of one screen: with prefetching and a reach trigger "
      + "\((steps[0].median / 200).formatted), without \((steps[1].median / 200).formatted), "
      + "\(format(medianRatio(steps[0], steps[1]), 3))x "
      + (stepsOK ? "ok" : "FAILED: nothing was prefetched"),
    "  a scroll step of 16 points (a frame): with prefetching and a reach trigger "
      + "\((frames[0].median / 200).formatted), without \((frames[1].median / 200).formatted), "
      + "\(format(medianRatio(frames[0], frames[1]), 3))x",
    "  an update of 100 items around the viewport: with prefetching \(updates[0].median.formatted)"
      + ", without \(updates[1].median.formatted), "
      + "\(format(medianRatio(updates[0], updates[1]), 3))x "
      + (updatesOK ? "ok" : "FAILED: the two models differ"),
  ]
}

import Stagecraft
import StagecraftTestSupport

/// Updates through a layout, each timed against the diff of the same change in the same
/// rounds, at each of `counts` items in one section, a self-sizing list (estimates of 44
/// points, the cells in an 800-point viewport in the middle of the list measured):
///
/// - `ListLayoutState.update(to:)` for one item's content, one append, one delete, and a
///   10/10/10/10 change, against the sectioned diff it runs;
/// - `coordinator.update(items:)` on a `HeadlessCollectionView` whose model sizes its cells,
///   and on one with fixed heights, diffed on the main actor, against the flat diff;
/// - `CollectionModel.reload(using:)` with a self-sizing geometry, against the flat diff;
/// - the sectioned diff of one append against the flat diff.
///
/// Each change is timed forward only: the change back, which restores the state, runs outside
/// the clock. Each row prints the median of the round-by-round ratios and how the update's
/// median grows from the first count to the last.
@MainActor func runLayoutUpdates(counts: [Int]) -> [String] {
  guard selected("layout") else { return [] }
  var lines = [
    "updates through a layout (medians; the ratio is to the diff of the same change, round by "
      + "round):"
  ]
  var growth: [String: [(Int, Duration, Duration)]] = [:]
  func add(_ name: String, _ count: Int, _ update: Timing, _ diff: Timing, _ ok: Bool) {
    growth[name, default: []].append((count, update.median, diff.median))
    lines.append(
      "  \(name) at \(count): \(update.median.formatted), diff \(diff.median.formatted), "
        + "\(format(medianRatio(update, diff), 2))x" + (ok ? " ok" : "  FAILED"))
  }
  for count in counts {
    for kind in LayoutChange.allCases {
      let (update, diff, ok) = layoutStateRow(kind, count: count)
      add("ListLayoutState.update(to:), \(kind.rawValue)", count, update, diff, ok)
    }
    for sizing in [true, false] {
      let (update, diff, ok) = coordinatorRow(count: count, selfSizing: sizing)
      add(
        "coordinator.update(items:), \(sizing ? "self-sizing" : "fixed heights"), one content",
        count, update, diff, ok)
    }
    let (model, modelDiff, modelOK) = modelRow(count: count)
    add(
      "CollectionModel.reload(using:), self-sizing, one content", count, model, modelDiff, modelOK)
    let (sectioned, flat, sectionedOK) = sectionedAppendRow(count: count)
    add("sectioned diff of one append, against the flat diff", count, sectioned, flat, sectionedOK)
  }
  if let last = counts.last { lines += layoutMemory(count: last) }
  if let first = counts.first, let last = counts.last, counts.count > 1 {
    lines.append("  growth from \(first) to \(last) items (the update's, the diff's):")
    for (name, entries) in growth.sorted(by: { $0.key < $1.key }) {
      guard let low = entries.first(where: { $0.0 == first }),
        let high = entries.first(where: { $0.0 == last })
      else { continue }
      lines.append(
        "    \(name): \(format(high.1.seconds / low.1.seconds, 1))x, "
          + "\(format(high.2.seconds / low.2.seconds, 1))x")
    }
  }
  return lines
}

/// The changes of the layout rows.
enum LayoutChange: String, CaseIterable {
  case content = "one content"
  case append = "one append"
  case delete = "one delete"
  case tenPercent = "10/10/10/10"

  /// The list before and after the change.
  func versions(_ count: Int) -> (before: [BenchItem], after: [BenchItem]) {
    let items = (0..<count).map { BenchItem(id: $0, content: 0) }
    switch self {
    case .content:
      var after = items
      after[count / 2].content = 1
      return (items, after)
    case .append: return (items, items + [BenchItem(id: count, content: 0)])
    case .delete:
      var after = items
      after.remove(at: count / 2)
      return (items, after)
    case .tenPercent:
      let scenario = Inputs.tenPercent(count)
      return (scenario.source, scenario.target)
    }
  }
}

/// Times `forward` (and `diff`) round by round; `back` restores the state between rounds,
/// off the clock.
@MainActor func timeForward(
  runs: Int, forward: () -> Void, back: () -> Void, diff: () -> Any
) -> (Timing, Timing) {
  let clock = ContinuousClock()
  var (updates, diffs) = ([Duration](), [Duration]())
  for round in 0...runs {
    let start = clock.now
    forward()
    let mid = clock.now
    back()
    let diffStart = clock.now
    blackHole(diff())
    let end = clock.now
    if round > 0 {
      updates.append(mid - start)
      diffs.append(end - diffStart)
    }
  }
  return (Timing(samples: updates), Timing(samples: diffs))
}

/// How a self-sizing cell measures in the layout rows: by content, so that a change of
/// content changes the size.
@Sendable func benchCellHeight(_ item: BenchItem) -> Double {
  44 + Double((item.id &+ item.content) % 4) * 11
}

/// `ListLayoutState.update(to:)`, a self-sizing list with the viewport's cells measured.
@MainActor func layoutStateRow(_ kind: LayoutChange, count: Int) -> (Timing, Timing, Bool) {
  let (before, after) = kind.versions(count)
  let sections = [
    [ArraySection(model: 0, elements: before)], [ArraySection(model: 0, elements: after)],
  ]
  var layout = ListLayoutState(sections: sections[0], estimatedItemHeight: 44)
  layout.setBounds(width: 390, height: 800, offset: Double(count / 2) * 44)
  for (element, frame) in layout.elements(
    from: layout.contentOffset, to: layout.contentOffset + 800)
  {
    if case .item(let path) = element {
      _ = frame
      layout.recordPreferredHeight(benchCellHeight(before[path.element]), forItemAt: path)
    }
  }
  let (update, diff) = timeForward(
    runs: options.runs, forward: { layout.update(to: sections[1]) },
    back: { layout.update(to: sections[0]) },
    diff: { StagedChangeset(source: sections[0], target: sections[1]) })
  layout.update(to: sections[1])
  let ok = layout.sections == sections[1] && layout.keptSizeCount > 0
  return (update, diff, ok)
}

/// A self-sizing (or fixed-height) `HeadlessCollectionView` under a coordinator.
@MainActor func sizedCoordinator(
  _ items: [BenchItem], selfSizing: Bool
) -> CollectionCoordinator<HeadlessCollectionView<BenchSection>, BenchSection> {
  var model = CollectionModel(items: [BenchItem](), viewport: .none)
  model.geometry =
    selfSizing
    ? .init(
      viewportHeight: 800, viewportWidth: 390, estimatedItemHeight: 44,
      selfSizing: { item, _ in benchCellHeight(item) })
    : .init(viewportHeight: 800, itemHeight: 44)
  let view = HeadlessCollectionView(model, dataSource: { [] })
  let coordinator = CollectionCoordinator(target: view)
  coordinator.strategy.inlineDiffBelow = .max
  coordinator.update(items: items, animated: false)
  view.setContentOffset(Double(items.count / 2) * 44)
  return coordinator
}

/// `coordinator.update(items:)` of one changed item, diffed on the main actor.
@MainActor func coordinatorRow(count: Int, selfSizing: Bool) -> (Timing, Timing, Bool) {
  let (before, after) = LayoutChange.content.versions(count)
  let coordinator = sizedCoordinator(before, selfSizing: selfSizing)
  let (update, diff) = timeForward(
    runs: options.runs, forward: { coordinator.update(items: after, animated: true) },
    back: { coordinator.update(items: before, animated: true) },
    diff: { StagedChangeset(source: before, target: after) })
  coordinator.update(items: after, animated: true)
  let ok =
    coordinator.target.model.items == after && coordinator.statistics.reloads == 1
    && coordinator.target.model.staleCells.isEmpty
  return (update, diff, ok)
}

/// `CollectionModel.reload(using:)` of one changed item with a self-sizing geometry.
@MainActor func modelRow(count: Int) -> (Timing, Timing, Bool) {
  let (before, after) = LayoutChange.content.versions(count)
  var model = CollectionModel(items: before)
  model.geometry = .init(
    viewportHeight: 800, viewportWidth: 390, contentOffset: Double(count / 2) * 44,
    estimatedItemHeight: 44, selfSizing: { item, _ in benchCellHeight(item) })
  let forward = StagedChangeset(source: before, target: after)
  let back = StagedChangeset(source: after, target: before)
  let (update, diff) = timeForward(
    runs: options.runs, forward: { try? model.reload(using: forward) },
    back: { try? model.reload(using: back) },
    diff: { StagedChangeset(source: before, target: after) })
  try? model.reload(using: forward)
  return (update, diff, model.items == after && model.staleCells.isEmpty)
}

/// The sectioned diff of one append to one section, against the flat diff of the same.
@MainActor func sectionedAppendRow(count: Int) -> (Timing, Timing, Bool) {
  let (before, after) = LayoutChange.append.versions(count)
  let sections = [
    [ArraySection(model: 0, elements: before)], [ArraySection(model: 0, elements: after)],
  ]
  let timings = measureInterleaved(
    runs: options.runs,
    [
      { StagedChangeset(source: sections[0], target: sections[1]) },
      { StagedChangeset(source: before, target: after) },
    ])
  let staged = StagedChangeset(source: sections[0], target: sections[1])
  return (timings[0], timings[1], staged.last?.data == sections[1])
}

/// The resident bytes per item a layout adds to the data it lays out, at `count` items: a
/// `ListLayoutState` and a self-sizing `CollectionModel`, each of the same list, its viewport
/// measured (the list itself is the app's, built first and not counted: each holds it, shared,
/// not copied).
@MainActor func layoutMemory(count: Int) -> [String] {
  let items = (0..<count).map { BenchItem(id: $0, content: 0) }
  func added(_ build: () -> Any) -> String {
    ResidentMemory.resetPeak()
    guard let before = ResidentMemory.read() else { return "-" }
    let built = build()
    // What the building freed goes back first: what is left is what the layout holds.
    ResidentMemory.resetPeak()
    guard let after = ResidentMemory.read() else { return "-" }
    blackHole(built)
    return format(Double(after.current - before.current) / Double(count), 1)
  }
  var treeBytes = 0
  let state = added {
    var layout = ListLayoutState(
      sections: [ArraySection(model: 0, elements: items)], estimatedItemHeight: 44)
    layout.setBounds(width: 390, height: 800, offset: Double(count / 2) * 44)
    let shown = layout.elements(from: layout.contentOffset, to: layout.contentOffset + 800)
    for case (.item(let path), _) in shown {
      layout.recordPreferredHeight(benchCellHeight(items[path.element]), forItemAt: path)
    }
    treeBytes = layout._layoutBytes
    return layout
  }
  // The realized cells are the viewport's (without a viewport, a model realizes every item).
  let model = added {
    var model = CollectionModel(items: items, viewport: .none)
    model.geometry = .init(
      viewportHeight: 800, viewportWidth: 390, contentOffset: Double(count / 2) * 44,
      estimatedItemHeight: 44, selfSizing: { item, _ in benchCellHeight(item) })
    return model
  }
  return [
    "  memory at \(count) items, resident bytes per item beyond the app's list of "
      + "\(MemoryLayout<BenchItem>.stride)-byte items: ListLayoutState \(state), "
      + "a self-sizing CollectionModel \(model); the layout's storage (the heights' tree and the tops' cache), counted: "
      + "\(format(Double(treeBytes) / Double(count), 1))"
  ]
}

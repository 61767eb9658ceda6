import Stagecraft
import StagecraftTestSupport

/// A streamed answer through the doors an app uses, at each of `counts` items: one token of
/// the last message, kept at the bottom of a list whose view sizes its cells
/// (`.stickToBottom`),
///
/// - through the coordinator's `updateItem(_:)` on a `HeadlessCollectionView` that measures
///   its cells: the main actor's whole cost of a token (the data in place, the cell
///   reconfigured, the item measured and the offset followed);
/// - through `ListLayoutState`, as `CollectionListLayout` runs it: `updateItem(_:)` and the
///   cell's size recorded;
/// - and, at the middle count only, through `coordinator.update(items:)`, which diffs the
///   whole list at each token (on the main actor here, to time it to the view): the
///   baseline the first two replace.
///
/// Each row gives the median µs per token and how it grows from the first count to the last.
@MainActor func runStreaming(counts: [Int]) -> [String] {
  guard selected("streaming") else { return [] }
  var lines = ["a streamed token, the last message growing at the bottom of a self-sizing list:"]
  let tokensPerRound = 1_000
  typealias View = HeadlessCollectionView<BenchSection>
  var coordinators: [CollectionCoordinator<View, BenchSection>] = []
  var layouts: [ListLayoutState<BenchSection>] = []
  var tokens = [Int](repeating: 0, count: counts.count)
  for count in counts {
    let items = (0..<count).map { BenchItem(id: $0, content: 0) }
    var model = CollectionModel(items: [BenchItem](), viewport: .none)
    model.geometry = .init(
      viewportHeight: 800, viewportWidth: 390, estimatedItemHeight: 44, anchoring: .stickToBottom,
      selfSizing: { item, _ in 44 + Double(item.content / 8) * 20 })
    let view = View(model, dataSource: { [] })
    let coordinator = CollectionCoordinator(target: view)
    coordinator.update(items: items, animated: false)
    view.setContentOffset(view.model.scrollMetrics!.bottomOffset)
    // The first token indexes the data and copies what the view shares with it: once.
    coordinator.updateItem(BenchItem(id: count - 1, content: 1))
    coordinators.append(coordinator)
    var layout = ListLayoutState(
      sections: [ArraySection(model: 0, elements: items)], estimatedItemHeight: 44,
      anchoring: .stickToBottom)
    layout.setBounds(width: 390, height: 800, offset: 0)
    layout.scrollToItem(at: ElementPath(element: count - 1, section: 0), alignment: .bottom)
    layout.updateItem(BenchItem(id: count - 1, content: 1))
    layouts.append(layout)
  }
  func coordinatorTokens(_ index: Int) -> Int {
    let id = counts[index] - 1
    for _ in 0..<tokensPerRound {
      tokens[index] += 1
      coordinators[index].updateItem(BenchItem(id: id, content: tokens[index]))
    }
    return tokens[index]
  }
  func layoutTokens(_ index: Int) -> Int {
    let id = counts[index] - 1
    for _ in 0..<tokensPerRound {
      tokens[index] += 1
      let item = BenchItem(id: id, content: tokens[index])
      layouts[index].updateItem(item)
      layouts[index].recordPreferredHeight(44 + Double(item.content / 8) * 20, forItem: id)
    }
    return tokens[index]
  }
  let throughCoordinator = measureInterleaved(
    runs: options.runs, counts.indices.map { index in { coordinatorTokens(index) } })
  let throughLayout = measureInterleaved(
    runs: options.runs, counts.indices.map { index in { layoutTokens(index) } })
  for (name, timings, followed) in [
    (
      "coordinator.updateItem", throughCoordinator,
      coordinators.allSatisfy { $0.target.model.scrollMetrics!.isAtBottom }
    ),
    (
      "ListLayoutState.updateItem", throughLayout,
      layouts.allSatisfy { $0.model.scrollMetrics!.isAtBottom }
    ),
  ] {
    let each = counts.indices.map { index in
      "\(format(timings[index].median.seconds / Double(tokensPerRound) * 1e6, 3)) µs at \(counts[index])"
    }
    let growth =
      counts.count > 1 ? ", \(format(medianRatio(timings[counts.count - 1], timings[0]), 2))x" : ""
    lines.append(
      "  \(name): \(each.joined(separator: ", "))\(growth) "
        + (followed ? "ok" : "FAILED: the list left its bottom"))
  }
  lines.append(contentsOf: diffingBaseline(count: counts.count > 1 ? counts[1] : counts[0]))
  return lines
}

/// A token through `coordinator.update(items:)`: the whole list diffed at each token.
@MainActor private func diffingBaseline(count: Int) -> [String] {
  var model = CollectionModel(items: [BenchItem](), viewport: .none)
  model.geometry = .init(
    viewportHeight: 800, viewportWidth: 390, estimatedItemHeight: 44, anchoring: .stickToBottom,
    selfSizing: { item, _ in 44 + Double(item.content / 8) * 20 })
  let view = HeadlessCollectionView(model, dataSource: { [] })
  let coordinator = CollectionCoordinator(target: view)
  // Diffed on the main actor, so that a token is timed to the view.
  coordinator.strategy.inlineDiffBelow = .max
  var items = (0..<count).map { BenchItem(id: $0, content: 0) }
  coordinator.update(items: items, animated: false)
  let tokens = 5
  func stream() -> Int {
    for _ in 0..<tokens {
      items[count - 1].content += 1
      coordinator.update(items: items, animated: false)
    }
    return items[count - 1].content
  }
  let timing = measureInterleaved(runs: max(3, options.runs / 4), [{ stream() }])[0]
  let shown = view.model.items.last == items.last
  return [
    "  coordinator.update(items:), the list diffed at each token: "
      + "\(format(timing.median.seconds / Double(tokens) * 1e6, 1)) µs at \(count) "
      + (shown ? "ok" : "FAILED: the view does not show the last token")
  ]
}

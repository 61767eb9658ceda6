import Stagecraft
import StagecraftTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Self-sizing on the model:
///
/// - one measured height, of an item not measured before, at each of `counts` items (an
///   800-point viewport in the middle of the list; the items measured are spread over the
///   list, above and below it): its cost, and the ratio between the largest and the smallest
///   count, which O(log n) keeps near 1;
/// - a streamed answer: 1,000 growth events of the last item of a list kept at its bottom
///   (`.stickToBottom`), each a silent refresh that the model measures again, against the
///   same refreshes on a model that does not size its items.
@MainActor func runSizing(counts: [Int]) -> [String] {
  guard selected("sizing") else { return [] }
  var lines = ["self-sizing on the model, an 800-point viewport:"]
  var models = counts.map { count in
    var model = CollectionModel(items: (0..<count).map { BenchItem(id: $0, content: 0) })
    model.geometry = .init(
      viewportHeight: 800, contentOffset: Double(count / 2) * 44, itemHeight: 44)
    // The first measurement builds the prefix sums: O(n) once, outside the rounds.
    model.recordMeasuredHeight(50, forItemAt: ElementPath(element: 0, section: 0))
    return model
  }
  var rounds = [Int](repeating: 0, count: counts.count)
  // 1,000 items a round, each measured once: spread over the list by a stride.
  func measure(_ index: Int) -> Int {
    rounds[index] += 1
    let count = counts[index]
    var recorded = 0
    for step in 0..<1_000 {
      let element = ((rounds[index] * 1_000 + step) &* 7_919) % count
      let height = Double(30 + (element % 5) * 10)
      if models[index].recordMeasuredHeight(
        height, forItemAt: ElementPath(element: element, section: 0))
      {
        recorded += 1
      }
    }
    return recorded
  }
  // The sizes in the same rounds: their ratio is taken round by round.
  let timings = measureInterleaved(
    runs: options.runs, counts.indices.map { index in { measure(index) } })
  for (index, count) in counts.enumerated() {
    let ok = models[index].measurementCount == 1_000 * (options.runs + 1) + 1
    lines.append(
      "  one measured height at \(count) items: "
        + "\(format(timings[index].median.seconds / 1_000 * 1e6, 3)) µs "
        + (ok ? "ok" : "FAILED: \(models[index].measurementCount) measurements recorded"))
  }
  if let first = counts.first, let last = counts.last, counts.count > 1 {
    lines.append(
      "  \(last) items against \(first): "
        + "\(format(medianRatio(timings[counts.count - 1], timings[0]), 2))x "
        + "(log n grows \(format(log2(Double(last)) / log2(Double(first)), 2))x, "
        + "n \(last / first)x)")
  }
  lines += streaming(count: counts.first ?? 100_000)
  return lines
}

/// 1,000 growth events of the last item, measured (`selfSizing`) and not.
@MainActor private func streaming(count: Int) -> [String] {
  let items = (0..<count).map { BenchItem(id: $0, content: 0) }
  let last = ElementPath(element: count - 1, section: 0)
  var sized = CollectionModel(items: items)
  sized.geometry = .init(
    viewportHeight: 800, viewportWidth: 390, estimatedItemHeight: 44, anchoring: .stickToBottom,
    selfSizing: { item, _ in 44 + Double(item.content / 8) * 20 })
  sized.scrollToItem(at: last, alignment: .bottom)
  var plain = CollectionModel(items: items)
  plain.geometry = .init(viewportHeight: 800, itemHeight: 44)
  plain.scrollToItem(at: last, alignment: .bottom)
  var tokens = (sized: 0, plain: 0)
  func grow(_ model: inout CollectionModel<BenchSection>, _ token: inout Int) -> Int {
    for _ in 0..<1_000 {
      token += 1
      model.refreshCell(at: last, with: BenchItem(id: count - 1, content: token))
    }
    return token
  }
  let timings = measureInterleaved(
    runs: options.runs, [{ grow(&sized, &tokens.sized) }, { grow(&plain, &tokens.plain) }])
  let followed = sized.scrollMetrics!.isAtBottom
  return [
    "  a streamed answer at \(count) items, 1,000 growth events of the last item: "
      + "\(format(timings[0].median.seconds * 1e3, 3)) µs each measured and followed, "
      + "\(format(timings[1].median.seconds * 1e3, 3)) µs each as a plain silent refresh, "
      + "\(format(medianRatio(timings[0], timings[1]), 2))x "
      + (followed ? "ok" : "FAILED: the list left its bottom")
  ]
}

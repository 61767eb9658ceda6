import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftModel

/// Random sequences of updates, scrolls, reloads, width changes, keyboard insets, streamed
/// growth and scrolls to an item, on a self-sizing model, each step held against
/// `SizingReference` and the anchor rule.
@Suite("Self-sizing: random sequences against a reference layout")
struct SelfSizingRandomTests {
  static let header = 12.0

  /// The next data: some items deleted, some inserted (fresh identities), some moved, some
  /// with new content; sometimes a section more or less.
  static func next(_ sections: [Section], _ rng: inout SplitMix64, _ fresh: inout Int) -> [Section]
  {
    var result = sections
    if result.count < 3, Int.random(in: 0..<6, using: &rng) == 0 {
      result.append(Section(model: Header(100 + fresh, 0), elements: []))
      fresh += 1
    } else if result.count > 1, Int.random(in: 0..<8, using: &rng) == 0 {
      result.remove(at: Int.random(in: 0..<result.count, using: &rng))
    }
    for s in result.indices {
      var items = result[s].elements
      for _ in 0..<Int.random(in: 0...3, using: &rng) where !items.isEmpty {
        items.remove(at: Int.random(in: 0..<items.count, using: &rng))
      }
      for _ in 0..<Int.random(in: 0...4, using: &rng) {
        items.insert(Item(fresh), at: Int.random(in: 0...items.count, using: &rng))
        fresh += 1
      }
      if items.count > 1, Bool.random(using: &rng) {
        let moved = items.remove(at: Int.random(in: 0..<items.count, using: &rng))
        items.insert(moved, at: Int.random(in: 0...items.count, using: &rng))
      }
      for _ in 0..<Int.random(in: 0...2, using: &rng) where !items.isEmpty {
        items[Int.random(in: 0..<items.count, using: &rng)].content += 1
      }
      result[s] = Section(model: result[s].model, elements: items)
    }
    return result
  }

  /// Runs one sequence; returns the rules broken, each once.
  static func run(seed: UInt64, steps: Int, faults: _SizingFaults = []) -> Set<String> {
    trace(seed: seed, steps: steps, faults: faults).rules
  }

  /// Runs one sequence; returns the rules broken, each once, and the first problem in full
  /// with the step that caused it.
  static func trace(seed: UInt64, steps: Int, faults: _SizingFaults = []) -> (
    rules: Set<String>, first: String?
  ) {
    var rng = SplitMix64(seed: seed)
    var fresh = 0
    var initial: [Section] = []
    for s in 0..<Int.random(in: 1...3, using: &rng) {
      let count = Int.random(in: 5...30, using: &rng)
      initial.append(Section(model: Header(s, 0), elements: (0..<count).map { Item(fresh + $0) }))
      fresh += count
    }
    let log = MeasureLog()
    var model = SizedModel(sections: initial, viewport: .none)
    model._sizes.faults = faults
    model.geometry = .init(
      viewportHeight: 300, viewportWidth: 320, sectionHeaderHeight: header,
      estimatedItemHeight: estimate, selfSizing: log.sizing)
    var reference = SizingReference()
    var broken = Set(reference.check(model, header: header).map(rule))
    _ = log.take()
    var first: String? = broken.first.map { "initial: \($0)" }
    for step in 0..<steps {
      let rulesBefore = broken.count
      var kind = 0
      let before = anchor(of: model)
      let viewportHeight = model.geometry!.viewportHeight
      let count = model.measurementCount
      var keepsAnchor = true
      var landing: (ElementPath, ScrollAlignment)?
      kind = Int.random(in: 0..<11, using: &rng)
      var problems: [String] = []
      // A pin on screen holds through the step; while one is set, it governs, not the anchor.
      let wasPinned = model.pinnedItem != nil
      // A list scrolled past its end (a shrink left it there) may come back to it.
      let wasPastEnd =
        model.geometry!.contentOffset
        > model.scrollMetrics!.contentHeight - model.geometry!.viewportHeight
      let pinned = model.pinnedItem.flatMap { id in distance(of: id, in: model).map { (id, $0) } }
        .flatMap { $0.1 >= 0 && $0.1 < viewportHeight ? $0 : nil }
      switch kind {
      case 0, 1:
        let target = next(model.sections, &rng, &fresh)
        try? model.reload(
          using: StagedChangeset(source: model.sections, target: target),
          strategy: UpdateStrategy().anchoring(.keepAnchor))
        reference.dataChanged(model)
      case 2:
        keepsAnchor = false
        let end = max(0, model.scrollMetrics!.contentHeight - 300)
        model.setContentOffset(Double.random(in: 0...end, using: &rng).rounded())
      case 3:
        // A reload (a snapshot applied without animation) keeps every surviving size.
        keepsAnchor = false
        model.reloadData(newSections: model.sections.shuffled(using: &rng))
        reference.dataChanged(model)
      case 4:
        model.geometry!.viewportWidth = [320, 375, 414].randomElement(using: &rng)!
      case 5:
        model.geometry!.viewportHeight = [300, 200, 260].randomElement(using: &rng)!
      case 6:
        // A streamed message grows: its cell shows more, in place.
        guard let last = model.realizedPaths.last, let shown = model.cell(at: last)?.element
        else { continue }
        model.refreshCell(at: last, with: Item(shown.id, shown.content + 1))
      case 7:
        let paths = model.sections.enumerated().flatMap { s, section in
          section.elements.indices.map { ElementPath(element: $0, section: s) }
        }
        guard let path = paths.randomElement(using: &rng) else { continue }
        let alignment = [ScrollAlignment.top, .bottom, .centeredVertically]
          .randomElement(using: &rng)!
        keepsAnchor = false
        model.scrollToItem(at: path, alignment: alignment)
        landing = (path, alignment)
      case 9:
        // A token: one item's content, in the data, in place.
        let paths = model.sections.enumerated().flatMap { s, section in
          section.elements.indices.map { ElementPath(element: $0, section: s) }
        }
        guard let path = paths.randomElement(using: &rng), var item = model.element(at: path)
        else { continue }
        item.content += 1
        try? model.updateItem(at: path, with: item)
        reference.dataChanged(model)
      case 10:
        // A prompt pinned, or let go.
        model.pinnedItem =
          Bool.random(using: &rng)
          ? model.realizedPaths.first.map { model.element(at: $0)!.id } : nil
        continue
      default:
        // Measurements arriving late, for an item now elsewhere: ignored when stale.
        if let path = model.realizedPaths.randomElement(using: &rng) {
          let item = model.element(at: path)!
          let other = Item(item.id + 1, item.content)
          if model.recordMeasuredHeight(999, forItemAt: path, showing: other) {
            problems.append("stale: a measurement for another item was taken")
          }
          if model.recordMeasuredHeight(999, forItemAt: path, width: 1) {
            problems.append("stale: a measurement at another width was taken")
          }
        }
      }
      model._checkInvariants()
      let measured = log.take()
      problems += reference.check(model, header: header, measured: measured)
      // Measured: exactly the keys that are new.
      problems += reference.checkMeasurements(measured)
      if model.measurementCount - count != measured.count {
        problems.append("count: \(model.measurementCount - count) counted for \(measured.count)")
      }
      // An anchor is an item the viewport shows (a list scrolled past its content has none).
      if let (id, was) = pinned, keepsAnchor, model.pinnedItem == id,
        let now = distance(of: id, in: model), abs(now - was) > 0.5,
        model.geometry!.contentOffset
          < model.scrollMetrics!.contentHeight - model.geometry!.viewportHeight
      {
        problems.append("pin: \(id) moved \(now - was)")
      }
      if !wasPinned, !wasPastEnd, keepsAnchor, let before, before.distance < viewportHeight,
        let after = distance(of: before.id, in: model),
        abs(after - before.distance) > 0.5,
        // Held, unless the content's end came up to the viewport's bottom (never blank).
        model.geometry!.contentOffset
          < model.scrollMetrics!.contentHeight - model.geometry!.viewportHeight
      {
        problems.append("anchor: moved \(after - before.distance)")
      }
      if let (path, alignment) = landing, let problem = landingProblem(model, path, alignment) {
        problems.append(problem)
      }
      broken.formUnion(problems.map(rule))
      if first == nil, broken.count > rulesBefore {
        first = "step \(step), kind \(kind): \(problems.prefix(3))"
      }
    }
    return (broken, first)
  }

  /// The rule a problem names: its text before the colon.
  static func rule(_ problem: String) -> String {
    String(problem.prefix { $0 != ":" })
  }

  @Test("every rule holds on random sequences", arguments: 0..<4)
  func holds(batch: Int) {
    expectEveryRuleHolds(batch: batch, count: TestScale.isFull ? 160 : 16) {
      Self.trace(seed: $0, steps: 40)
    }
  }

  /// Each planted mistake is caught by the rule it breaks.
  @Test(
    "each planted mistake is caught", .plantsMistakes,
    arguments: [
      (_SizingFaults.indexKeyedSizes, "size"), (.noEviction, "eviction"),
      (.widthOutOfKey, "size"), (.noAnchorCorrection, "anchor"),
      (.estimateAfterContentChange, "height"), (.pinIgnoredByUpdates, "pin"),
    ])
  func plantedMistake(fault: _SizingFaults, rule: String) {
    #expect(
      isCaught(rule, seeds: 40) { Self.run(seed: $0, steps: 40, faults: fault) },
      "the \(rule) rule never caught \(fault)")
  }

}

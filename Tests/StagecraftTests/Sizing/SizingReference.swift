import Stagecraft
import StagecraftTestSupport
import Synchronization
import Testing

@testable import StagecraftModel

/// What a cell showing `item` measures at `width`: a function of identity, content and width
/// alone (half points, 20...110.5), standing in for Auto Layout.
@Sendable func trueHeight(_ item: Item, _ width: Double) -> Double {
  let mix = (item.id &* 31 &+ item.content &* 17 &+ Int(width) &* 7) & 0xFFFF
  return 20 + Double(mix % 10) * 10 + (item.id.isMultiple(of: 2) ? 0.5 : 0)
}

/// What a model's `selfSizing` measured, in order.
final class MeasureLog: Sendable {
  let measured = Mutex<[(Item, Double)]>([])

  /// `trueHeight`, logged.
  var sizing: @Sendable (Item, Double) -> Double {
    { item, width in
      self.measured.withLock { $0.append((item, width)) }
      return trueHeight(item, width)
    }
  }

  /// Takes what was logged.
  func take() -> [(Item, Double)] {
    measured.withLock { log in
      defer { log = [] }
      return log
    }
  }
}

/// The estimate of an item not measured.
let estimate = 44.0

typealias SizedModel = CollectionModel<Section>

/// A self-sizing list layout written apart from the model: what every item's height and top
/// must be, from the data, the width, and the history of what was measured, which it keeps
/// by identity on its own. `check` compares it with the model and returns the rules broken.
struct SizingReference {
  /// What was last measured for each identity: the content shown and the width.
  var history: [Int: (content: Int, width: Double, height: Double)] = [:]
  /// What each identity had measured before the last check.
  var before: [Int: (content: Int, width: Double, height: Double)] = [:]

  /// Forgets the sizes of items the data no longer holds. An item whose content changed
  /// keeps its last size, as its estimate until it is measured showing the new content.
  mutating func dataChanged(_ model: SizedModel) {
    let live = Set(model.sections.flatMap { $0.elements.map(\.id) })
    history = history.filter { live.contains($0.key) }
  }

  /// The element the item at `path` shows: its cell's, or the data's.
  func shown(_ model: SizedModel, _ path: ElementPath) -> Item {
    model.cell(at: path)?.element ?? model.element(at: path)!
  }

  /// The rules the model breaks now; records what it measured.
  mutating func check(
    _ model: SizedModel, header: Double, measured log: [(Item, Double)] = [],
    shownAreMeasured: Bool = true
  ) -> [String] {
    var problems: [String] = []
    guard let geometry = model.geometry, let metrics = model.scrollMetrics else {
      return ["no geometry"]
    }
    let width = geometry.viewportWidth
    var top = 0.0
    before = history
    // One size per identity: the last one measured, also mid-step.
    for (item, width) in log { history[item.id] = (item.content, width, trueHeight(item, width)) }
    for (s, section) in model.sections.enumerated() {
      top += header
      for index in section.elements.indices {
        let path = ElementPath(element: index, section: s)
        let item = shown(model, path)
        let extent = model.extentOfItem(at: path)!
        let expected: Double
        if let measured = model.measuredHeight(ofItemAt: path) {
          // A measured size is the one for this identity, content and width.
          if measured != trueHeight(item, width) {
            problems.append("size: \(item) measured \(measured), not \(trueHeight(item, width))")
          }
          expected = measured
          history[item.id] = (item.content, width, measured)
        } else if let old = history[item.id] {
          // Measured at another width, or showing other content: the last size is the
          // estimate.
          expected = old.height
        } else {
          expected = estimate
        }
        if abs(extent.height - expected) > 1e-9 {
          problems.append("height: \(item) at \(path) is \(extent.height), not \(expected)")
        }
        if abs(extent.top - top) > 1e-6 {
          problems.append("top: \(item) at \(path) is \(extent.top), not \(top)")
        }
        top += expected
      }
    }
    if abs(metrics.contentHeight - top) > 1e-6 {
      problems.append("content: \(metrics.contentHeight), not measured + estimates \(top)")
    }
    // Every item shown is measured.
    for path in model.realizedPaths
    where shownAreMeasured && model.measuredHeight(ofItemAt: path) == nil {
      problems.append("shown but not measured: \(path)")
    }
    // The sizes die with their items.
    let live = Set(model.sections.flatMap { $0.elements.map(\.id) })
    if model._sizes.entries.count > live.count {
      problems.append("eviction: \(model._sizes.entries.count) sizes for \(live.count) items")
    }
    for entry in model._sizes.entries.values where !live.contains(entry.element.id) {
      problems.append("eviction: a size outlives \(entry.element)")
    }
    return problems
  }

  /// The rules the measurements of one step break: each is of an item whose identity has no
  /// size for this content and width at that moment (or was invalidated by the step).
  func checkMeasurements(_ log: [(Item, Double)], invalidated: Set<Int> = []) -> [String] {
    var problems: [String] = []
    // The size each identity has as the step goes: one per identity, the last measured.
    var current = before
    for (item, width) in log {
      if let old = current[item.id], old.content == item.content, old.width == width,
        !invalidated.contains(item.id)
      {
        problems.append("count: \(item) measured again at \(width)")
      }
      current[item.id] = (item.content, width, trueHeight(item, width))
    }
    return problems
  }
}

/// Where the first visible item is: its identity and its distance from the viewport's top.
func anchor(of model: SizedModel) -> (id: Int, distance: Double)? {
  model.scrollAnchor.map { ($0.identifier, $0.distance) }
}

/// The distance of the item `id` from the viewport's top now.
func distance(of id: Int, in model: SizedModel) -> Double? {
  for (s, section) in model.sections.enumerated() {
    if let index = section.elements.firstIndex(where: { $0.id == id }) {
      let extent = model.extentOfItem(at: ElementPath(element: index, section: s))!
      return extent.top - model.geometry!.contentOffset
    }
  }
  return nil
}

/// The problem, if any, with where a scroll to the item at `path` left `model`: it must be
/// where `alignment` puts it, clamped to the content and to the room a pin makes (never past
/// either end), after whatever sizes arrived since.
func landingProblem(_ model: SizedModel, _ path: ElementPath, _ alignment: ScrollAlignment)
  -> String?
{
  let extent = model.extentOfItem(at: path)!
  let geometry = model.geometry!
  let viewport = geometry.viewportHeight
  let want =
    switch alignment {
    case .top: extent.top
    case .bottom: extent.bottom - viewport
    case .centeredVertically: extent.top + extent.height / 2 - viewport / 2
    }
  let pinTop = model.pinnedItem.flatMap { id in
    distance(of: id, in: model).map { $0 + geometry.contentOffset }
  }
  let highest = max(0, model.scrollMetrics!.contentHeight - viewport, pinTop ?? 0)
  let landed = max(0, min(want, highest))
  guard abs(landed - geometry.contentOffset) > 1e-6 else { return nil }
  return "scrollTo: off by \(geometry.contentOffset - landed)"
}

/// Runs the seeded sequences of one batch (seeds `batch * 1_000 + 0..<count`), expecting
/// each to break no rule, and stops at the first that does, with its first problem.
func expectEveryRuleHolds(
  batch: Int, count: Int, _ trace: (UInt64) -> (rules: Set<String>, first: String?)
) {
  for seed in 0..<count {
    let (broken, first) = trace(UInt64(batch * 1_000 + seed))
    #expect(broken.isEmpty, "seed \(batch * 1_000 + seed): \(first ?? "")")
    if !broken.isEmpty { return }
  }
}

/// Whether some seed below `seeds` breaks `rule` with a mistake planted: the rule can fail.
func isCaught(_ rule: String, seeds: Int, _ rules: (UInt64) -> Set<String>) -> Bool {
  (0..<UInt64(seeds)).contains { rules($0).contains(rule) }
}

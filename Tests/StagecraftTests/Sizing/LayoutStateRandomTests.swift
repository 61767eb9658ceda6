import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftModel

/// `ListLayoutState` as `CollectionListLayout` drives it on a device: updates (content
/// changes among them) by diff and by identifier, scrolls, rotations, keyboard insets,
/// scrolls to an item, pins, follow and read, and after each step the device's pass: every
/// item in and around the viewport without a measured size reports `trueHeight` for the
/// data it shows,
/// in any order, until none is left. Held to the reference layout and to the rules of the
/// issue: the anchor (or the pin) moves at most 0.5 pt, the viewport is never blank past the
/// content, a scroll to an item lands in one call.
@Suite("ListLayoutState driven by updates: random sequences against a reference layout")
struct LayoutStateRandomTests {
  typealias State = ListLayoutState<Section>

  /// The device's pass: the cells in the viewport report their sizes, in a random order,
  /// until every one is measured; returns what was measured.
  static func devicePass(_ state: inout State, _ rng: inout SplitMix64) -> [(Item, Double)] {
    var log: [(Item, Double)] = []
    for _ in 0..<100 {
      // UIKit lays out a band larger than the viewport: cells just above and below it
      // report their sizes too.
      let top = state.contentOffset - 100
      let band = state.elements(from: top, to: top + state.model.geometry!.viewportHeight + 200)
      let pending = band.compactMap { element, _ -> ElementPath? in
        guard case .item(let path) = element, state.measuredHeight(ofItemAt: path) == nil
        else { return nil }
        return path
      }.shuffled(using: &rng)
      guard !pending.isEmpty else { return log }
      let width = state.model.geometry!.viewportWidth
      for path in pending {
        let item = state.sections[path.section].elements[path.element]
        log.append((item, width))
        if Bool.random(using: &rng) {
          state.recordPreferredHeight(trueHeight(item, width), forItemAt: path)
        } else {
          state.recordPreferredHeight(trueHeight(item, width), forItem: item.id)
        }
      }
    }
    return log
  }

  /// The first visible item, by identity, and its distance from the viewport's top.
  static func anchor(_ state: State) -> (id: Int, distance: Double)? {
    state.model.scrollAnchor.map { ($0.identifier, $0.distance) }
  }

  /// The distance of item `id` from the viewport's top.
  static func distance(_ id: Int, _ state: State) -> Double? {
    StagecraftTests.distance(of: id, in: state.model)
  }

  /// Runs one sequence; returns the rules broken and the first problem in full.
  static func trace(seed: UInt64, steps: Int, faults: _SizingFaults = []) -> (
    rules: Set<String>, first: String?
  ) {
    var rng = SplitMix64(seed: seed)
    var fresh = 0
    var initial: [Section] = []
    for s in 0..<Int.random(in: 1...2, using: &rng) {
      let count = Int.random(in: 5...40, using: &rng)
      initial.append(Section(model: Header(s), elements: (0..<count).map { Item(fresh + $0) }))
      fresh += count
    }
    let follows = Bool.random(using: &rng)
    var state = State(
      sections: initial, estimatedItemHeight: estimate,
      anchoring: follows ? .stickToBottom : .keepAnchor)
    state._core.sizes.faults = faults
    state.setBounds(width: 320, height: 300, offset: 0)
    var reference = SizingReference()
    _ = reference.check(state.model, header: 0, measured: devicePass(&state, &rng))
    var broken = Set<String>()
    var first: String?
    for step in 0..<steps {
      let rulesBefore = broken.count
      let before = anchor(state)
      let wasAtBottom = state.model.scrollMetrics!.isAtBottom
      let wasPinned = state.pinnedItem != nil
      // A pin on screen holds (one scrolled far off it may give way to a blank viewport).
      let pinned = state.pinnedItem.flatMap { id in distance(id, state).map { (id, $0) } }
        .flatMap { $0.1 >= 0 && $0.1 < state.model.geometry!.viewportHeight ? $0 : nil }
      var keepsAnchor = true
      var landing: (ElementPath, ScrollAlignment)?
      let kind = Int.random(in: 0..<10, using: &rng)
      var problems: [String] = []
      switch kind {
      case 0, 1:
        // An update by diff: deletes, inserts, moves and new content.
        state.update(to: SelfSizingRandomTests.next(state.sections, &rng, &fresh))
      case 2, 3:
        // A token: one item's content changes, by identifier or by diff.
        let all = state.sections.flatMap(\.elements)
        guard var item = (Bool.random(using: &rng) ? all.last : all.randomElement(using: &rng))
        else { continue }
        item.content += 1
        if Bool.random(using: &rng) {
          if state.updateItem(item) == nil { problems.append("update: \(item) not found") }
        } else {
          state.update(
            to: state.sections.map { section in
              Section(
                source: section, elements: section.elements.map { $0.id == item.id ? item : $0 })
            })
        }
      case 4:
        keepsAnchor = false
        let end = max(0, state.contentHeight - 300)
        state.setBounds(
          width: state.model.geometry!.viewportWidth, height: state.model.geometry!.viewportHeight,
          offset: Double.random(in: 0...end, using: &rng).rounded())
      case 5:
        // A rotation.
        let width = [320.0, 375, 700].randomElement(using: &rng)!
        state.setBounds(
          width: width, height: state.model.geometry!.viewportHeight, offset: state.contentOffset)
      case 6:
        // A keyboard's inset comes or goes.
        let height = [300.0, 150].randomElement(using: &rng)!
        state.setBounds(
          width: state.model.geometry!.viewportWidth, height: height, offset: state.contentOffset)
      case 7:
        let paths = state.sections.enumerated().flatMap { s, section in
          section.elements.indices.map { ElementPath(element: $0, section: s) }
        }
        guard let path = paths.randomElement(using: &rng) else { continue }
        let alignment = [ScrollAlignment.top, .bottom, .centeredVertically]
          .randomElement(using: &rng)!
        keepsAnchor = false
        state.scrollToItem(at: path, alignment: alignment)
        landing = (path, alignment)
      case 8:
        // A prompt pinned (or the pin let go).
        let all = state.sections.flatMap(\.elements)
        state.pinnedItem = Bool.random(using: &rng) ? all.randomElement(using: &rng)?.id : nil
        continue
      default:
        // A report for an item now elsewhere, or at another width: stale, ignored.
        break
      }
      reference.dataChanged(state.model)
      state._checkInvariants()
      let measured = devicePass(&state, &rng)
      // The next layout pass begins (`prepare()`): the view's bounds are read again.
      state.setBounds(
        width: state.model.geometry!.viewportWidth, height: state.model.geometry!.viewportHeight,
        offset: state.contentOffset)
      problems += reference.check(state.model, header: 0, measured: measured)
      problems += reference.checkMeasurements(measured)
      let metrics = state.model.scrollMetrics!
      // Never blank past the content.
      if metrics.contentHeight > 0, state.contentOffset >= state.contentHeight {
        problems.append("blank: offset \(state.contentOffset) past \(state.contentHeight)")
      }
      if let (id, distance) = pinned, kind != 4, kind != 7, kind != 6, state.pinnedItem == id,
        let after = Self.distance(id, state), abs(after - distance) > 0.5
      {
        problems.append("pin: \(id) moved \(after - distance)")
      } else if !wasPinned, follows, wasAtBottom, kind != 4, kind != 7,
        !metrics.isAtBottom
      {
        problems.append("follow: left the bottom")
      } else if !wasPinned, !follows || !wasAtBottom, keepsAnchor, kind != 5,
        let before,
        before.distance < metrics.viewportHeight, before.distance > -1_000,
        let after = Self.distance(before.id, state), abs(after - before.distance) > 0.5,
        state.contentOffset < metrics.contentHeight - metrics.viewportHeight
      {
        problems.append("anchor: \(before.id) moved \(after - before.distance)")
      }
      if let (path, alignment) = landing, let problem = landingProblem(state.model, path, alignment)
      {
        problems.append(problem)
      }
      broken.formUnion(problems.map(SelfSizingRandomTests.rule))
      if first == nil, broken.count > rulesBefore {
        first = "step \(step), kind \(kind): \(problems.prefix(3))"
      }
    }
    return (broken, first)
  }

  @Test("every rule holds on random sequences", arguments: 0..<4)
  func holds(batch: Int) {
    expectEveryRuleHolds(batch: batch, count: TestScale.isFull ? 240 : 24) {
      Self.trace(seed: $0, steps: 40)
    }
  }

  /// Each planted mistake is caught by the rule it breaks.
  @Test(
    "each planted mistake is caught", .plantsMistakes,
    arguments: [
      (_SizingFaults.estimateAfterContentChange, "height"), (.scrollInOnePass, "scrollTo"),
      (.noAnchorCorrection, "anchor"), (.indexKeyedSizes, "size"),
      (.pinIgnoredByUpdates, "pin"), (.widthOutOfKey, "size"),
    ])
  func plantedMistake(fault: _SizingFaults, rule: String) {
    #expect(
      isCaught(rule, seeds: 60) { Self.trace(seed: $0, steps: 40, faults: fault).rules },
      "the \(rule) rule never caught \(fault)")
  }

}

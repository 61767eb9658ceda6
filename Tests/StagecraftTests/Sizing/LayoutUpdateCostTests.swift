import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftModel

/// An update through a layout costs what it changes: counted in heights written and tree
/// nodes visited, not timed. One content change, one append and one delete, through
/// `ListLayoutState.update(to:)` and through a self-sizing model's `reload(using:)`, write
/// one height and visit O(log n) nodes at 1,000 items as at 100,000; a planted relayout per
/// update is caught by the same count.
@Suite("Updates through a layout cost what they change")
struct LayoutUpdateCostTests {
  enum Change: CaseIterable { case content, append, delete }

  static func versions(_ change: Change, count: Int) -> ([Item], [Item]) {
    let items = (0..<count).map { Item($0) }
    var after = items
    switch change {
    case .content: after[count / 2].content += 1
    case .append: after.append(Item(count))
    case .delete: after.remove(at: count / 2)
    }
    return (items, after)
  }

  /// The heights written and nodes visited by one update of `change` through
  /// `ListLayoutState`, its viewport in the middle of the list and measured.
  static func throughLayoutState(_ change: Change, count: Int, faults: _SizingFaults = [])
    -> (writes: Int, visited: Int, state: ListLayoutState<Section>)
  {
    let (before, after) = versions(change, count: count)
    var state = ListLayoutState(
      sections: [Section(model: Header(0), elements: before)], estimatedItemHeight: estimate)
    state._core.sizes.faults = faults
    state.setBounds(width: 320, height: 300, offset: Double(count / 2) * estimate)
    for (element, _) in state.elements(from: state.contentOffset, to: state.contentOffset + 300) {
      guard case .item(let path) = element else { continue }
      state.recordPreferredHeight(trueHeight(before[path.element], 320), forItemAt: path)
    }
    let (writes, visited) = (state._core.layout!.writes, state._core.layout!.tree.touched)
    state.update(to: [Section(model: Header(0), elements: after)])
    return (
      state._core.layout!.writes - writes, state._core.layout!.tree.touched - visited, state
    )
  }

  /// The same through a model that sizes its cells (`selfSizing`), replaying the diff.
  static func throughModel(_ change: Change, count: Int, faults: _SizingFaults = [])
    -> (writes: Int, visited: Int, model: SizedModel)
  {
    let (before, after) = versions(change, count: count)
    var model = SizedModel(sections: [Section(model: Header(0), elements: before)], viewport: .none)
    model._sizes.faults = faults
    model.geometry = .init(
      viewportHeight: 300, viewportWidth: 320, contentOffset: Double(count / 2) * estimate,
      estimatedItemHeight: estimate, selfSizing: { trueHeight($0, $1) })
    let (writes, visited) = (model._layout!.writes, model._layout!.tree.touched)
    let staged = StagedChangeset(source: before, target: after)
    try? model.reload(using: staged)
    return (model._layout!.writes - writes, model._layout!.tree.touched - visited, model)
  }

  @Test(arguments: Change.allCases)
  func oneChangeWritesOneHeightAndVisitsLogarithmicallyManyNodes(change: Change) {
    for door in ["ListLayoutState", "model"] {
      var visited: [Int] = []
      for count in [1_000, 100_000] {
        let (writes, nodes) =
          door == "model"
          ? {
            let r = Self.throughModel(change, count: count); return (r.writes, r.visited)
          }()
          : {
            let r = Self.throughLayoutState(change, count: count); return (r.writes, r.visited)
          }()
        // An append or delete writes one height; a content change keeps the last size as its
        // estimate (the model then measures the item, on screen: a second write).
        #expect(writes <= 2, "\(door) \(change) at \(count): \(writes) heights written")
        visited.append(nodes)
      }
      // Depth 2 at 1,000 and 3 at 100,000; a few paths down the tree per update (the change,
      // and a stamp and a height for an item measured again).
      #expect(visited[1] <= 60, "\(door) \(change): \(visited) nodes visited")
      #expect(visited[1] <= visited[0] + 20, "\(door) \(change): \(visited) nodes visited")
    }
  }

  /// The planted relayout per update writes every height, and the count sees it.
  @Test(.plantsMistakes) func aRelayoutPerUpdateIsCaught() {
    #expect(
      Self.throughLayoutState(.append, count: 20_000, faults: .relayoutPerUpdate).writes
        >= 20_000)
    #expect(
      Self.throughModel(.append, count: 20_000, faults: .relayoutPerUpdate).writes
        >= 20_000)
  }

  /// The in-place update ends where a relayout of the same data with the same sizes ends:
  /// each item's frame, what is measured, the offset.
  @Test(arguments: Change.allCases)
  func theUpdateInPlaceEndsAsARelayout(change: Change) {
    let (_, _, state) = Self.throughLayoutState(change, count: 2_000)
    var relaid = state
    relaid._core.relayout(relaid._elements)
    for index in 0..<state.sections[0].elements.count {
      let path = ElementPath(element: index, section: 0)
      #expect(state.frameOfItem(at: path) == relaid.frameOfItem(at: path), "\(path)")
      #expect(state.measuredHeight(ofItemAt: path) == relaid.measuredHeight(ofItemAt: path))
    }
    #expect(state.keptSizeCount == relaid.keptSizeCount)
  }
}

/// Sizes that arrive in one layout pass, in any order, hold the pass's anchor: the first
/// visible item when the pass's first size arrives keeps its distance from the viewport's
/// top after every size, even when an earlier size of the pass (an item above it shrinking)
/// pushed another item off the screen before that item's own size arrived. Checked against
/// a layout computed here from the heights alone.
@Suite("A layout pass holds its anchor whatever the order of its sizes")
struct LayoutPassAnchorTests {
  /// One pass over a random list, scrolled to a random offset: its items measured once at
  /// one width, then the view rotated (each size becomes its item's estimate) and the
  /// items in and around the viewport measured again at the new width, in a random order;
  /// returns the problems found after each size of the second pass.
  static func pass(seed: UInt64, faults: _SizingFaults = []) -> [String] {
    var rng = SplitMix64(seed: seed)
    let count = Int.random(in: 10...60, using: &rng)
    let items = (0..<count).map { Item($0) }
    let header = [0.0, 30].randomElement(using: &rng)!
    var state = ListLayoutState(
      sections: [Section(model: Header(0), elements: items)], estimatedItemHeight: 44,
      sectionHeaderHeight: header)
    state._core.sizes.faults = faults
    state.setBounds(
      width: 320, height: 300, offset: Double(Int.random(in: 0...(count * 30), using: &rng)))
    // The reference: every height by position, from the sizes alone.
    var heights = [Double](repeating: 44, count: count)
    func top(_ index: Int) -> Double { header + heights[..<index].reduce(0, +) }
    let sizes = [5.0, 20, 44, 110, 180]
    for index in 0..<count {
      heights[index] = sizes.randomElement(using: &rng)!
      state.recordPreferredHeight(
        heights[index], forItemAt: ElementPath(element: index, section: 0))
    }
    // A rotation: the next pass measures again, the sizes before it the estimates.
    state.setBounds(width: 375, height: 300, offset: state.contentOffset)
    let offset = state.contentOffset
    guard let anchor = heights.indices.first(where: { top($0) + heights[$0] > offset }) else {
      return []
    }
    let distance = top(anchor) - offset
    let band = Array(max(0, anchor - 4)..<min(count, anchor + 8)).shuffled(using: &rng)
    var problems: [String] = []
    for index in band {
      heights[index] = sizes.randomElement(using: &rng)!
      state.recordPreferredHeight(
        heights[index], forItemAt: ElementPath(element: index, section: 0))
      let frame = state.frameOfItem(at: ElementPath(element: anchor, section: 0))!
      if abs(frame.top - top(anchor)) > 1e-9 { problems.append("layout: item \(anchor) top") }
      let now = frame.top - state.contentOffset
      if abs(now - distance) > 0.5 {
        problems.append("anchor: \(anchor) moved \(now - distance) after \(index)'s size")
      }
    }
    return problems
  }

  @Test func theAnchorHoldsAfterEverySizeInAnyOrder() {
    for seed in 0..<UInt64(TestScale.count(2_000)) {
      let problems = Self.pass(seed: seed)
      #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
      if !problems.isEmpty { return }
    }
  }

  /// Each size deciding by where its item is when it arrives (the rule before) moves the
  /// anchor in some orders.
  @Test(.plantsMistakes) func anchorDecidedPerSizeIsCaught() {
    let caught = (0..<UInt64(2_000)).contains {
      !Self.pass(seed: $0, faults: .anchorPerMeasurement).isEmpty
    }
    #expect(caught)
  }
}

/// A layout that follows a coordinator (`CollectionListLayout` in `prepare()`, the SwiftUI
/// collection's self-sizing list) takes the coordinator's changes for an update, and lays
/// them out in place: the coordinator's diff is asked once per update, never for a token.
@Suite("A layout following the coordinator takes its changes")
struct FollowingTheCoordinatorTests {
  @MainActor @Test func anUpdateIsTheCoordinatorsChangesLaidOutInPlace() async {
    let view = HeadlessCollectionView(CollectionModel(items: [Item]()), dataSource: { [] })
    let coordinator = CollectionCoordinator(target: view)
    var items = (0..<5_000).map { Item($0) }
    coordinator.update(items: items, animated: false)
    await coordinator.waitForBackgroundDiffs()
    var layout = ListLayoutState(sections: coordinator.sections, estimatedItemHeight: 44)
    layout.setBounds(width: 320, height: 600, offset: 44 * 2_000)
    var asked = 0
    func follow() -> Bool {
      layout.follow(
        shown: coordinator.shownData, itemsChanged: coordinator.itemsChanged(since:),
        changes: {
          asked += 1; return coordinator.changes(toShownDataFrom: $0)
        })
    }
    #expect(follow())
    let laidOut = ObjectIdentifier(layout._core.layout!)
    for step in 0..<20 {
      let writes = layout._core.layout!.writes
      let before = asked
      if step.isMultiple(of: 2) {
        items.insert(Item(10_000 + step), at: 2_100)
      } else {
        items.remove(at: 1_000)
      }
      coordinator.update(items: items, animated: true)
      await coordinator.waitForBackgroundDiffs()
      #expect(follow())
      #expect(asked == before + 1, "the coordinator's changes, once")
      #expect(layout._core.layout!.writes - writes <= 1, "one height written")
      #expect(layout.sections == coordinator.sections)
    }
    // A token by identity: no diff at all.
    let before = asked
    items[2_000].content += 1
    coordinator.updateItem(items[2_000])
    #expect(follow())
    #expect(asked == before)
    #expect(ObjectIdentifier(layout._core.layout!) == laidOut)
    #expect(layout.sections == coordinator.sections)
  }
}

/// A large update of several stages that changes no section is laid out in one merge
/// (`_LayoutCore.applyComposed`): each item is followed by position through the stages, and
/// the layout ends as a relayout of the same data with the same sizes would: each item's
/// height and measured size. Random lists of one to three sections, with shared identifiers,
/// measured in part, changed by deletes, inserts, moves within and across sections and new
/// content.
@Suite("A large update is laid out in one merge, as a relayout would lay it out")
struct ComposedLayoutTests {
  /// One random list and update; the problems found after it, and whether the update was
  /// large enough to be merged.
  static func problems(seed: UInt64, faults: _SizingFaults = []) -> (
    problems: [String], merged: Bool
  ) {
    var rng = SplitMix64(seed: seed)
    var fresh = 0
    func item() -> Item {
      // One in eight shares an identifier with an earlier item.
      if fresh > 0, Int.random(in: 0..<8, using: &rng) == 0 {
        return Item(Int.random(in: 0..<fresh, using: &rng))
      }
      fresh += 1
      return Item(fresh - 1)
    }
    let sectionCount = Int.random(in: 1...3, using: &rng)
    let before = (0..<sectionCount).map { s in
      Section(
        model: Header(s), elements: (0..<Int.random(in: 0...30, using: &rng)).map { _ in item() })
    }
    var state = ListLayoutState(sections: before, estimatedItemHeight: estimate)
    state._core.sizes.faults = faults
    state.setBounds(width: 320, height: 300, offset: 0)
    for (s, section) in before.enumerated() {
      for (index, element) in section.elements.enumerated() where Bool.random(using: &rng) {
        state.recordPreferredHeight(
          trueHeight(element, 320), forItemAt: ElementPath(element: index, section: s))
      }
    }
    // The update: a third deleted, content changed, items moved across sections, inserts.
    var pool: [Item] = []
    var after = before.map { section -> [Item] in
      section.elements.compactMap { element in
        switch Int.random(in: 0..<6, using: &rng) {
        case 0, 1: return nil
        case 2: return Item(element.id, element.content + 1)
        case 3:
          pool.append(element)
          return nil
        default: return element
        }
      }
    }
    for _ in 0..<Int.random(in: 0...10, using: &rng) { pool.append(item()) }
    for element in pool {
      let s = Int.random(in: 0..<sectionCount, using: &rng)
      after[s].insert(element, at: Int.random(in: 0...after[s].count, using: &rng))
    }
    let target = zip(before, after).map { Section(model: $0.model, elements: $1) }
    let changes = StagedChangeset(source: before, target: target)
    let (writes, count) = (state._core.layout!.writes, target.reduce(0) { $0 + $1.elements.count })
    state.update(to: target)
    var problems: [String] = []
    let touched = changes.reduce(0) {
      $0 + $1.elementChangeCount + $1.elementMoved.count
    }
    let merged = changes.count >= 2 && touched * 16 > before.reduce(0) { $0 + $1.elements.count }
    if merged, state._core.layout!.writes - writes != count {
      problems.append("not one merge: \(state._core.layout!.writes - writes) writes for \(count)")
    }
    var relaid = state
    relaid._core.relayout(relaid._elements)
    // Items that share an identifier, before or after, share its size: the update that
    // deletes one of them takes it, and the others keep their heights until measured again
    // (`_LayoutCore._checkInvariants`), where a relayout gives them the estimate.
    func sharedIDs(_ sections: [Section]) -> Set<Int> {
      Set(
        Dictionary(grouping: sections.flatMap(\.elements), by: \.id).filter { $0.value.count > 1 }
          .keys)
    }
    let shared = sharedIDs(before).union(sharedIDs(target))
    for (s, section) in target.enumerated() {
      for (index, element) in section.elements.enumerated() where !shared.contains(element.id) {
        let path = ElementPath(element: index, section: s)
        if state.frameOfItem(at: path)?.height != relaid.frameOfItem(at: path)?.height
          || state.measuredHeight(ofItemAt: path) != relaid.measuredHeight(ofItemAt: path)
        {
          problems.append("\(element) at \(path): not as a relayout")
        }
      }
    }
    return (problems, merged)
  }

  @Test func aLargeUpdateEndsAsARelayout() {
    var merged = 0
    for seed in 0..<UInt64(TestScale.count(400)) {
      let found = Self.problems(seed: seed)
      #expect(found.problems.isEmpty, "seed \(seed): \(found.problems.prefix(3))")
      if !found.problems.isEmpty { return }
      merged += found.merged ? 1 : 0
    }
    // Most updates are large enough to merge.
    #expect(merged * 2 > TestScale.count(400), "\(merged) merged")
  }

  /// The merge planted by index, not by item, is caught.
  @Test(.plantsMistakes) func aMergeByIndexIsCaught() {
    #expect(
      (0..<UInt64(50)).contains { !Self.problems(seed: $0, faults: .mergeByIndex).problems.isEmpty }
    )
  }
}

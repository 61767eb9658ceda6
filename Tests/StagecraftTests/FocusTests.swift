import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftModel

/// Focus by identity: random updates with a focused item or header, through the model and a
/// headless view, each step checked against a reference that reads only identities.
@MainActor
@Suite("Focus follows its item through every update")
struct FocusTests {
  typealias Section = ArraySection<Int, Int>

  /// Random sections (identifiers 0–4, in random order) of distinct items (0–29).
  static func data(_ random: inout SplitMix64) -> [Section] {
    let ids = Array(0..<5).shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random))
    var items = Array(0..<30).shuffled(using: &random)[...]
    return ids.map { id in
      let count = Int.random(in: 0...6, using: &random)
      defer { items = items.dropFirst(count) }
      return Section(model: id, elements: Array(items.prefix(count)))
    }
  }

  /// Where focus belongs after `before` became `after`, by identity alone: the same item; else
  /// the nearest item after it in its section that is still in that section, else the nearest
  /// before it, else the section's header, else nothing.
  ///
  /// `byPosition`: as a view's replay follows it, through the blocks, where an item whose
  /// section is deleted, or which goes into an inserted section, is deleted too (UIKit cannot
  /// move an item out of a deleted section or into an inserted one: the diff deletes it and
  /// inserts it).
  static func expected(
    _ focus: FocusTarget?, _ before: [Section], _ after: [Section], byPosition: Bool = false
  ) -> FocusTarget? {
    func sectionIndex(_ id: Int) -> Int? { after.firstIndex { $0.model == id } }
    func path(_ item: Int) -> ElementPath? {
      if byPosition,
        let old = before.first(where: { $0.elements.contains(item) }),
        let new = after.first(where: { $0.elements.contains(item) }),
        sectionIndex(old.model) == nil || !before.contains(where: { $0.model == new.model })
      {
        return nil
      }
      for (section, content) in after.enumerated() {
        if let index = content.elements.firstIndex(of: item) {
          return ElementPath(element: index, section: section)
        }
      }
      return nil
    }
    switch focus {
    case nil: return nil
    case .sectionHeader(let section):
      return sectionIndex(before[section].model).map(FocusTarget.sectionHeader)
    case .item(let old):
      let items = before[old.section].elements
      if let found = path(items[old.element]) { return .item(found) }
      guard let section = sectionIndex(before[old.section].model) else { return nil }
      let neighbours = Array(items[(old.element + 1)...]) + items[..<old.element].reversed()
      for neighbour in neighbours {
        if let found = path(neighbour), found.section == section { return .item(found) }
      }
      return .sectionHeader(section)
    }
  }

  /// A random focus on `sections`: an item, a header, or nothing.
  static func randomFocus(_ sections: [Section], _ random: inout SplitMix64) -> FocusTarget? {
    let paths = sections.enumerated().flatMap { section, content in
      content.elements.indices.map { ElementPath(element: $0, section: section) }
    }
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return .sectionHeader(Int.random(in: 0..<sections.count, using: &random))
    case 1: return nil
    default: return paths.randomElement(using: &random).map(FocusTarget.item)
    }
  }

  /// Runs random updates; the steps where focus is not where the reference says.
  static func mismatches(seeds: Range<UInt64>, planted: Bool = false) -> [String] {
    let strategies = [
      UpdateStrategy(), UpdateStrategy(replaysMovesAsDeletesAndInserts: true), .reloadData,
    ]
    var problems: [String] = []
    for seed in seeds {
      var random = SplitMix64(seed: seed &* 7 &+ 3)
      var model = CollectionModel(sections: data(&random))
      if planted { model._sizes.faults = .focusByIndexPath }
      var focus: FocusTarget?
      for step in 0..<20 {
        if step % 5 == 0 || focus == nil {
          focus = randomFocus(model.sections, &random)
          switch focus {
          case .item(let path): model.focusItem(at: path)
          case .sectionHeader(let section): model.focusHeader(ofSection: section)
          case nil: model.focusItem(at: nil)
          }
        }
        #expect(model.focus == focus)
        let (before, after) = (model.sections, data(&random))
        let strategy = strategies[Int.random(in: 0..<strategies.count, using: &random)]
        do {
          try model.reload(
            using: StagedChangeset(source: before, target: after), strategy: strategy)
        } catch {
          problems.append("seed \(seed) step \(step): \(error)")
          continue
        }
        focus = expected(focus, before, after)
        if model.focus != focus {
          problems.append(
            "seed \(seed) step \(step): \(String(describing: model.focus)), not \(String(describing: focus))"
          )
          focus = model.focus
        }
      }
    }
    return problems
  }

  @Test func focusFollowsItsItemOrItsNeighbour() {
    let problems = Self.mismatches(seeds: 0..<UInt64(TestScale.count(240)))
    #expect(problems.isEmpty, "\(problems.prefix(3))")
  }

  /// Planted: focus kept by index path, as UIKit keeps it. The reference disagrees.
  @Test(.plantsMistakes) func focusKeptByIndexPathIsCaught() {
    #expect(!Self.mismatches(seeds: 0..<20, planted: true).isEmpty)
  }

  /// The headless view reports the model's focus through a data source's applies: deleting
  /// the focused item moves focus to the item after it, and a drag carries it along.
  @Test func theHeadlessViewReportsFocusThroughADataSource() throws {
    let view = HeadlessCollectionView(
      CollectionModel(sections: [DiffableSnapshot<String, Int>.Section]()))
    let source = DiffableDataSource(target: view)
    var snapshot = DiffableSnapshot<String, Int>()
    try snapshot.appendSections(["a", "b"])
    try snapshot.appendItems([1, 2, 3], toSection: "a")
    try snapshot.appendItems([4], toSection: "b")
    source.apply(snapshot, animatingDifferences: false)
    #expect(view.focusItem(at: ElementPath(element: 1, section: 0)))
    try snapshot.insertItems([0], beforeItem: 1)
    source.apply(snapshot)
    #expect(view.focus == .item(ElementPath(element: 2, section: 0)), "item 2 stays focused")
    try snapshot.deleteItems([2])
    source.apply(snapshot)
    #expect(view.focus == .item(ElementPath(element: 2, section: 0)), "item 3, after 2")
    view.moveItemInteractively(
      from: ElementPath(element: 2, section: 0), to: ElementPath(element: 0, section: 1))
    #expect(view.focus == .item(ElementPath(element: 0, section: 1)), "the drag carries it")
    snapshot = source.snapshot()
    try snapshot.deleteItems([3, 4])
    source.apply(snapshot)
    #expect(view.focus == .sectionHeader(1), "section b is empty: its header")
    try snapshot.deleteSections(["b"])
    source.apply(snapshot)
    #expect(view.focus == nil)
  }
}

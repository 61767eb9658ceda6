import Stagecraft
import StagecraftTestSupport
import Testing

/// A drag that reorders, as UIKit makes it: the view moves the row first, then tells its data
/// source (`tableView(_:moveRowAt:to:)`, `collectionView(_:moveItemAt:to:)`; UIKit's header
/// for `UITableViewDataSource` says of that method: "Data manipulation - reorder / moving
/// support"; the move is the user's, already shown). Apple's pattern for a table overrides
/// that method in its diffable data source subclass: it reads the item at the old path and at
/// the new one, builds a snapshot with the item deleted and inserted before or after the
/// destination's item, and applies it without animation. Here the `HeadlessCollectionView`
/// plays UIKit (`moveItemInteractively` moves the row, then tells the data source) and
/// `moveItemHandler` plays the override.
@MainActor
@Suite("A drag the view made, under Apple's override pattern")
struct ViewMoveTests {
  typealias Section = DiffableSnapshot<String, Int>.Section
  typealias View = HeadlessCollectionView<Section>
  typealias Source = DiffableDataSource<View, String, Int>

  /// What the app's override of the data source's move method does.
  enum Override: CaseIterable, Sendable {
    /// Apple's pattern, applied without animation.
    case pattern
    /// Apple's pattern, animated.
    case animatedPattern
    /// `super` first, then Apple's pattern.
    case superThenPattern
    /// Apple's pattern, then `super`.
    case patternThenSuper
    /// Only `super`.
    case superOnly
    /// No override: the data source's own method.
    case none
  }

  /// Apple's pattern: the snapshot with the item deleted and inserted before or after the
  /// item the view put it next to (appended when it went to the end of another section).
  static func applesPattern(
    _ source: Source, from: ElementPath, to: ElementPath, animated: Bool
  ) {
    guard let item = source.itemIdentifier(for: from), from != to else { return }
    let neighbour = source.itemIdentifier(for: to)
    var snapshot = source.snapshot()
    do {
      if let neighbour, let itemIndex = snapshot.indexOfItem(item),
        let neighbourIndex = snapshot.indexOfItem(neighbour)
      {
        let isAfter =
          neighbourIndex > itemIndex
          && snapshot.sectionIdentifier(containingItem: item)
            == snapshot.sectionIdentifier(containingItem: neighbour)
        try snapshot.deleteItems([item])
        if isAfter {
          try snapshot.insertItems([item], afterItem: neighbour)
        } else {
          try snapshot.insertItems([item], beforeItem: neighbour)
        }
      } else {
        try snapshot.deleteItems([item])
        try snapshot.appendItems([item], toSection: snapshot.sectionIdentifiers[to.section])
      }
    } catch {
      Issue.record("the pattern's snapshot: \(error)")
    }
    source.apply(snapshot, animatingDifferences: animated)
  }

  /// Random tables of 1–4 sections of 0–5 items, each dragged 12 times, within and across
  /// sections; after each drag, what is wrong: cells showing other items than the data, a
  /// fallback, or a block (the view made the move: a snapshot that commits it sends none).
  static func problems(_ override: Override, told: Bool = true, seeds: Range<UInt64>)
    -> [String]
  {
    var problems: [String] = []
    for seed in seeds {
      var random = SplitMix64(seed: seed &* 31 &+ 7)
      let view = View(CollectionModel(sections: []))
      let source = Source(target: view)
      if !told { view.moveItemInDataSource = nil }
      let log = FallbackLog()
      source.updateGuard = log.guarding
      var snapshot = DiffableSnapshot<String, Int>()
      var next = 1
      for section in 0..<Int.random(in: 1...4, using: &random) {
        try? snapshot.appendSections(["s\(section)"])
        let count = Int.random(in: 0...5, using: &random)
        try? snapshot.appendItems(Array(next..<next + count), toSection: "s\(section)")
        next += count
      }
      source.apply(snapshot, animatingDifferences: false)
      source.moveItemHandler = { [unowned source] from, to in
        switch override {
        case .pattern, .animatedPattern:
          applesPattern(source, from: from, to: to, animated: override == .animatedPattern)
        case .superThenPattern:
          _ = source.commitReorder(at: from, to: to)
          applesPattern(source, from: from, to: to, animated: false)
        case .patternThenSuper:
          applesPattern(source, from: from, to: to, animated: false)
          _ = source.commitReorder(at: from, to: to)
        case .superOnly: _ = source.commitReorder(at: from, to: to)
        case .none: break
        }
      }
      if override == .none { source.moveItemHandler = nil }
      for step in 0..<12 {
        let counts = view.model.sections.map(\.elements.count)
        let filled = counts.indices.filter { counts[$0] > 0 }
        guard let fromSection = filled.randomElement(using: &random) else { break }
        let from = ElementPath(
          element: Int.random(in: 0..<counts[fromSection], using: &random), section: fromSection)
        let toSection = Int.random(in: 0..<counts.count, using: &random)
        let room = counts[toSection] + (toSection == fromSection ? 0 : 1)
        let to = ElementPath(element: Int.random(in: 0..<room, using: &random), section: toSection)
        guard from != to else { continue }
        let (blocks, before) = (view.verdicts.count, source.snapshot())
        view.moveItemInteractively(from: from, to: to)
        // Planted: UIKit calls the override, and the data source never hears of the move.
        if !told { source.moveItemHandler?(from, to) }
        let label = "\(override) seed \(seed) step \(step) \(from) -> \(to)"
        let shown = view.model.sections.map { $0.elements.map(\.identifier) }
        let data = source.snapshot().sectionIdentifiers.map {
          Array(source.snapshot().itemIdentifiers(inSection: $0))
        }
        if shown != data { problems.append("\(label): shows \(shown), data \(data)") }
        if !view.model.staleCells.isEmpty { problems.append("\(label): stale cells") }
        if !log.reports.isEmpty { problems.append("\(label): \(log.reports.count) fallbacks") }
        if view.verdicts.count != blocks { problems.append("\(label): a block repeated it") }
        if source.snapshot() == before { problems.append("\(label): the data did not move") }
      }
    }
    return problems
  }

  @Test(arguments: Override.allCases)
  func theCellsShowTheDataAfterEveryDrag(override: Override) {
    let problems = Self.problems(override, seeds: 0..<UInt64(TestScale.count(60)))
    #expect(problems.isEmpty, "\(problems.prefix(3))")
  }

  /// The smallest cases of the report: `[[1, 2, 3]]`, a drag from `[0, 0]` to `[0, 2]`
  /// (before, the cells showed 3, 1, 2 where the data was 2, 3, 1), and `[[1, 2], [3]]`, a
  /// drag from `[0, 1]` to `[1, 0]` (before, refused and reloaded).
  @Test func theReportsSmallestCases() throws {
    for (sections, from, to, expected) in [
      ([[1, 2, 3]], p(0, 0), p(0, 2), [[2, 3, 1]]),
      ([[1, 2], [3]], p(0, 1), p(1, 0), [[1], [2, 3]]),
    ] {
      let view = View(CollectionModel(sections: []))
      let source = Source(target: view)
      let log = FallbackLog()
      source.updateGuard = log.guarding
      var snapshot = DiffableSnapshot<String, Int>()
      for (index, items) in sections.enumerated() {
        try snapshot.appendSections(["s\(index)"])
        try snapshot.appendItems(items, toSection: "s\(index)")
      }
      source.apply(snapshot, animatingDifferences: false)
      source.moveItemHandler = { [unowned source] from, to in
        Self.applesPattern(source, from: from, to: to, animated: false)
      }
      let blocks = view.verdicts.count
      view.moveItemInteractively(from: from, to: to)
      #expect(view.model.sections.map { $0.elements.map(\.identifier) } == expected)
      #expect(source.snapshot().itemIdentifiers == expected.flatMap { $0 })
      #expect(view.verdicts.count == blocks && log.reports.isEmpty)
    }
  }

  /// Planted: the data source is not told of the view's move. Apple's pattern then sends the
  /// move a second time (cells showing other items) or is refused.
  @Test func withoutBeingToldTheDataSourceRepeatsTheMove() {
    let problems = Self.problems(.pattern, told: false, seeds: 0..<8)
    // The move sent again as a block, or (in a debug build, where the data source sees the
    // cells' order) a reload in its place, reported.
    #expect(problems.contains { $0.contains("a block repeated it") || $0.contains("fallbacks") })
  }

  /// A view that moved a row its data source never heard of: the counts agree, so the
  /// guard's count checks pass, but the data source can say which item each cell shows, and
  /// in a debug build an apply that would move cells onto other items reloads instead,
  /// reported as `.itemsOutOfOrder`. Planted off (the data source cannot see the cells), the
  /// same apply leaves cells showing other items than the data.
  @Test(arguments: [true, false])
  func anOrderTheViewHasAndTheDataHasNotIsCaught(seeing: Bool) throws {
    let view = View(CollectionModel(sections: []))
    let source = Source(target: view)
    let log = FallbackLog()
    source.updateGuard = log.guarding
    if !seeing { source.itemsShownByView = nil }
    var snapshot = DiffableSnapshot<String, Int>()
    try snapshot.appendSections(["a"])
    try snapshot.appendItems([1, 2, 3, 4])
    source.apply(snapshot, animatingDifferences: false)
    // The view moves row 0 to 2 and tells nobody.
    view.moveItemInDataSource = nil
    view.moveItemInteractively(from: p(0, 0), to: p(0, 2))
    #expect(view.model.sections[0].elements.map(\.identifier) == [2, 3, 1, 4])
    try snapshot.deleteItems([4])
    source.apply(snapshot, animatingDifferences: true)
    let shown = view.model.sections[0].elements.map(\.identifier)
    #if DEBUG
      if seeing {
        #expect(log.reports.map(\.cause) == [.itemsOutOfOrder])
        #expect(shown == [1, 2, 3] && view.model.staleCells.isEmpty)
        return
      }
    #endif
    // The view reads its items from the data source, but its cells are where the drag and
    // the blocks put them: some show other items.
    #expect(log.reports.isEmpty)
    #expect(!view.model.staleCells.isEmpty, "without the check: \(shown)")
  }
}

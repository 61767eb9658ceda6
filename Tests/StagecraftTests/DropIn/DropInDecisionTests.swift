import Stagecraft
import StagecraftTestSupport
import Testing

/// What the drop-in data sources (`CollectionViewDiffableDataSource`,
/// `TableViewDiffableDataSource` and their AppKit counterparts) decide, run headlessly: they
/// forward each data-source call to these members of `DiffableDataSource`, here on a
/// `HeadlessCollectionView`, which reads its data from the data source as UIKit does.
@MainActor
@Suite struct DropInDecisionTests {
  typealias Source = DiffableDataSource<
    HeadlessCollectionView<DiffableSnapshot<String, Int>.Section>, String, Int
  >

  /// A data source on a headless view that reads the data source's sections, as a
  /// collection view reads its data source.
  static func make(
    _ view: HeadlessCollectionView<DiffableSnapshot<String, Int>.Section>? = nil
  ) -> (Source, HeadlessCollectionView<DiffableSnapshot<String, Int>.Section>) {
    let view = view ?? HeadlessCollectionView(CollectionModel(sections: []))
    let dataSource = Source(target: view)
    // Weak: the data source holds the view; the view's data source is held weakly.
    view.dataSource = { [weak dataSource] in dataSource?.shownSections ?? [] }
    return (dataSource, view)
  }

  static func snapshot(_ sections: [(String, [Int])]) -> DiffableDataSourceSnapshot<String, Int> {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    for (section, items) in sections {
      snapshot.appendSections([section])
      snapshot.appendItems(items, toSection: section)
    }
    return snapshot
  }

  /// Every path the view holds, with the identifier the view shows there.
  static func shown(
    _ view: HeadlessCollectionView<DiffableSnapshot<String, Int>.Section>
  ) -> [ElementPath: Int] {
    var result: [ElementPath: Int] = [:]
    for (section, content) in view.model.sections.enumerated() {
      for (index, item) in content.elements.enumerated() {
        result[ElementPath(element: index, section: section)] = item.identifier
      }
    }
    return result
  }

  /// The cell provider gets, for every path the view holds, the item the view shows there:
  /// after an animated apply and after a guarded fallback to a reload (the view's counts
  /// went astray behind the data source's back), where it gets the final data.
  @Test func cellProviderAnswersWhatTheViewShowsAfterAFallback() {
    let (dataSource, view) = Self.make()
    let log = FallbackLog()
    dataSource.updateGuard = log.guarding
    dataSource.apply(Self.snapshot([("A", [1, 2, 3]), ("B", [4, 5])]))
    #expect(log.reports.isEmpty && view.refusals.isEmpty)
    for (path, item) in Self.shown(view) {
      #expect(dataSource.cell(at: path) { $1 } == item)
    }
    // The view loses a section behind the data source's back: the next block would be
    // refused, so the guard reloads instead.
    view.dataSource = { [] }
    view.reloadData((), setData: {})
    view.dataSource = { [weak dataSource] in dataSource?.shownSections ?? [] }
    dataSource.apply(Self.snapshot([("A", [3, 1, 6]), ("B", [5])]))
    #expect(log.reports.count == 1)
    #expect(view.refusals.isEmpty)
    let shown = Self.shown(view)
    #expect(shown.count == 4)
    for (path, item) in shown {
      #expect(dataSource.cell(at: path) { $1 } == item)
    }
    #expect(dataSource.cell(at: ElementPath(element: 3, section: 0)) { $1 } == nil)
    #expect(dataSource.cell(at: ElementPath(element: 0, section: 2)) { $1 } == nil)
  }

  /// During a multi-stage apply the cell provider answers for the stage the view shows: a
  /// view that asks for every cell after each block gets what the block's data holds.
  @Test func cellProviderAnswersForTheCurrentStage() {
    let (dataSource, view) = Self.make()
    dataSource.apply(Self.snapshot([("A", [1, 2, 3, 4]), ("B", [5, 6])]))
    var mismatches = 0
    var blocks = 0
    let read = view.dataSource
    view.dataSource = { [weak dataSource] in
      let sections = read()
      blocks += 1
      for (s, section) in sections.enumerated() {
        for (e, item) in section.elements.enumerated()
        where dataSource?.cell(at: ElementPath(element: e, section: s), provider: { $1 })
          != item.identifier
        {
          mismatches += 1
        }
      }
      return sections
    }
    // Deletes, inserts, moves across sections and an update: several stages.
    var next = Self.snapshot([("B", [6, 2, 7]), ("A", [4, 1, 8])])
    next.reloadItems([4])
    dataSource.apply(next)
    #expect(blocks >= 2)
    #expect(mismatches == 0)
    #expect(view.refusals.isEmpty)
    #expect(dataSource.snapshot().itemIdentifiers == [6, 2, 7, 4, 1, 8])
  }

  /// The supplementary view provider gets the kind and the path, and only for a section the
  /// view shows; `sectionIdentifier(for:)` names that section in the same data.
  @Test func supplementaryProviderGetsKindAndShownSection() {
    let (dataSource, _) = Self.make()
    dataSource.apply(Self.snapshot([("A", [1]), ("B", [])]))
    var asked: [String] = []
    let provider: (String, ElementPath) -> String? = { kind, path in
      asked.append("\(kind)@\(path.section)")
      return dataSource.sectionIdentifier(for: path.section).map { "\(kind) of \($0)" }
    }
    let header = dataSource.supplementaryView(
      ofKind: "header", at: ElementPath(element: 0, section: 1), provider: provider)
    #expect(header == "header of B")
    let missing = dataSource.supplementaryView(
      ofKind: "header", at: ElementPath(element: 0, section: 2), provider: provider)
    #expect(missing == nil)
    #expect(asked == ["header@1"])
    let none: ((String, ElementPath) -> String?)? = nil
    #expect(
      dataSource.supplementaryView(
        ofKind: "footer", at: ElementPath(element: 0, section: 0), provider: none) == nil)
  }

  /// A reorder the view made commits whatever `canReorderItem` says (the view asked before
  /// the drag): the snapshot, the view's model and the transaction agree; paths that do not
  /// exist commit nothing.
  @Test func reorderCommitsTheViewsMove() {
    let (dataSource, view) = Self.make()
    dataSource.apply(Self.snapshot([("A", [1, 2, 3]), ("B", [4])]))
    var transactions: [DiffableDataSourceTransaction<String, Int>] = []
    dataSource.reorderingHandlers.didReorder = { transactions.append($0) }
    // No canReorderItem: the permission check of reorderItem says no ...
    #expect(
      !dataSource.reorderItem(
        at: ElementPath(element: 0, section: 0), to: ElementPath(element: 1, section: 1)))
    // ... but the view's own drag commits.
    #expect(
      dataSource.commitReorder(
        at: ElementPath(element: 0, section: 0), to: ElementPath(element: 1, section: 1)))
    #expect(dataSource.snapshot().itemIdentifiers(inSection: "A") == [2, 3])
    #expect(dataSource.snapshot().itemIdentifiers(inSection: "B") == [4, 1])
    #expect(transactions.count == 1)
    #expect(transactions.first?.finalSnapshot == dataSource.snapshot())
    #expect(view.model.sections.map { $0.elements.map(\.identifier) } == [[2, 3], [4, 1]])
    let before = dataSource.snapshot()
    #expect(
      !dataSource.commitReorder(
        at: ElementPath(element: 5, section: 0), to: ElementPath(element: 0, section: 0)))
    #expect(
      !dataSource.commitReorder(
        at: ElementPath(element: 0, section: 0), to: ElementPath(element: 0, section: 7)))
    #expect(
      !dataSource.commitReorder(
        at: ElementPath(element: 0, section: 0), to: ElementPath(element: 3, section: 1)))
    #expect(dataSource.snapshot() == before && transactions.count == 1)
  }

  /// A table edit deletes the item the view shows at the row, and the view follows; a row
  /// the view does not show deletes nothing. Seeded: random rows of random sections.
  @Test(arguments: 0..<8)
  func tableEditDeletesTheRowsItem(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let (dataSource, view) = Self.make()
    var sections: [(String, [Int])] = []
    var next = 0
    for name in ["A", "B", "C"] {
      let count = Int(random.next() % 6)
      sections.append((name, Array(next..<next + count)))
      next += count
    }
    dataSource.apply(Self.snapshot(sections))
    for _ in 0..<12 {
      let section = Int(random.next() % 4)  // one past the last section, at times
      let row = Int(random.next() % 7)
      let path = ElementPath(element: row, section: section)
      let expected = dataSource.itemIdentifier(for: path)
      let before = dataSource.snapshot().itemIdentifiers
      let deleted = dataSource.deleteItem(at: path, animatingDifferences: random.next() % 2 == 0)
      #expect(deleted == expected)
      #expect(
        dataSource.snapshot().itemIdentifiers == before.filter { $0 != expected })
      #expect(
        view.model.sections.map { $0.elements.map(\.identifier) }
          == dataSource.snapshot().sectionIdentifiers.map {
            dataSource.snapshot().itemIdentifiers(inSection: $0).map { $0 }
          })
    }
    #expect(view.refusals.isEmpty)
  }

  /// A snapshot's refused changes go to `rejectedChangesHandler` before the apply, which
  /// applies what the snapshot holds; an outline whose items another section holds is
  /// refused too, and changes nothing.
  @Test func rejectedChangesAreReportedAndNothingElseIsLost() {
    let (dataSource, view) = Self.make()
    var reported: [DiffableSnapshotError] = []
    dataSource.rejectedChangesHandler = { reported += $0 }
    var snapshot = Self.snapshot([("A", [1, 2])])
    snapshot.appendItems([2, 3])  // 2 is there already
    snapshot.deleteItems([9])
    snapshot.appendItems([3])
    dataSource.apply(snapshot)
    #expect(reported.map(\.kind) == [.duplicateItems, .missingItems])
    #expect(dataSource.snapshot().itemIdentifiers == [1, 2, 3])
    #expect(view.model.sections.map { $0.elements.count } == [3])
    var outline = DiffableDataSourceSectionSnapshot<Int>()
    outline.append([1, 7])  // 1 is in section A
    dataSource.apply(outline, to: "B")
    #expect(reported.count == 3 && reported.last?.kind == .duplicateItems)
    #expect(dataSource.snapshot().sectionIdentifiers == ["A"])
    #expect(view.refusals.isEmpty)
  }
}

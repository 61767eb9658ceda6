import Stagecraft
import StagecraftReplay
import StagecraftTestSupport
import Testing

/// The rows of a table without sections (`NSTableView`), which applies each call to the rows
/// as they are when it is made: a double that plays it, running each block's
/// `_TableRowUpdates` call by call and checking every index it is given.
final class RowTableDouble: BatchUpdateTarget {
  enum Row: Hashable { case header(String), item(Int), fresh }

  var headerRows: Bool
  var rows: [Row] = []
  var counts: [Int] = []
  var data: () -> [DiffableSnapshot<String, Int>.Section] = { [] }
  private(set) var failures: [String] = []
  private(set) var moveCount = 0

  init(headerRows: Bool) { self.headerRows = headerRows }

  var isOnScreen: Bool { true }
  var displayedItemCounts: [Int]? { counts }

  /// The rows `sections` lay out.
  func expected(_ sections: [DiffableSnapshot<String, Int>.Section]) -> [Row] {
    sections.flatMap { section in
      (headerRows ? [Row.header(section.model.identifier)] : [])
        + section.elements.map { Row.item($0.identifier) }
    }
  }

  func reloadData(_ snapshot: Void, setData: () -> Void) {
    setData()
    rows = expected(data())
    counts = data().map(\.elements.count)
  }

  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<Int>,
    completion: ((Bool) -> Void)?
  ) {
    let batch = setData() ?? batch
    let after = data()
    let updates = _TableRowUpdates(
      batch, countsBefore: counts, countsAfter: after.map(\.elements.count),
      headerRows: headerRows)
    for row in updates.removed.reversed() {
      guard rows.indices.contains(row) else { return fail("removed \(row) of \(rows.count)") }
      rows.remove(at: row)
    }
    for move in updates.moves {
      guard rows.indices.contains(move.source), rows.indices.contains(move.target) else {
        return fail("moved \(move) in \(rows.count)")
      }
      rows.insert(rows.remove(at: move.source), at: move.target)
    }
    moveCount += updates.moves.count
    for row in updates.inserted {
      guard row <= rows.count else { return fail("inserted \(row) in \(rows.count)") }
      rows.insert(.fresh, at: row)
    }
    let expected = expected(after)
    // Every row kept is where the data puts it; every inserted row is one the view did not
    // have before (new, or reloaded), and no row is reloaded out of range.
    for (row, shown) in rows.enumerated() where shown != .fresh {
      if !expected.indices.contains(row) || expected[row] != shown {
        return fail("row \(row) shows \(shown), the data \(expected)")
      }
    }
    if rows.count != expected.count {
      return fail("\(rows.count) rows, \(expected.count) expected")
    }
    if updates.reloaded.contains(where: { !expected.indices.contains($0) }) {
      return fail("reloaded out of range")
    }
    rows = expected
    counts = after.map(\.elements.count)
    completion?(true)
  }

  func fail(_ message: String) { failures.append(message) }
}

/// `NSTableView` gets, for every block, calls that take its rows where the data puts them;
/// seeded random snapshots with moves across sections, section moves, reloads and
/// reconfigures, with and without a header row per section.
@Suite struct TableRowUpdateTests {
  @Test(arguments: [false, true], 0..<12)
  func rowsFollowTheData(headerRows: Bool, seed: UInt64) {
    var random = SplitMix64(seed: seed &+ (headerRows ? 1000 : 0))
    let table = RowTableDouble(headerRows: headerRows)
    let dataSource = DiffableDataSource<RowTableDouble, String, Int>(target: table)
    table.data = { [weak dataSource] in dataSource?.shownSections ?? [] }
    for _ in 0..<TestScale.count(40) {
      var snapshot = DiffableSnapshot<String, Int>()
      let names = ["A", "B", "C", "D"].shuffled(using: &random)
        .prefix(Int(random.next() % 4) + 1)
      var pool = Array(0..<16).shuffled(using: &random)[...]
      for name in names {
        try? snapshot.appendSections([name])
        let count = min(Int(random.next() % 6), pool.count)
        try? snapshot.appendItems(Array(pool.prefix(count)), toSection: name)
        pool = pool.dropFirst(count)
      }
      let marked = snapshot.itemIdentifiers.filter { _ in random.next() % 6 == 0 }
      if random.next() % 2 == 0 {
        try? snapshot.reloadItems(marked)
      } else {
        try? snapshot.reconfigureItems(marked)
      }
      dataSource.apply(snapshot)
      #expect(table.failures.isEmpty)
      #expect(table.rows == table.expected(snapshot.sections()))
    }
  }

  /// A single item moved from the front to the back is one move, not one per row it passes.
  @Test func oneDisplacedRowIsOneMove() {
    var rows = [1, 2, 3, 4, 0]
    #expect(_TableRowUpdates.sortingMoves(&rows).count == 1)
    #expect(rows == [0, 1, 2, 3, 4])
    var reversed = [3, 2, 1, 0]
    #expect(_TableRowUpdates.sortingMoves(&reversed).count == 3)
    #expect(reversed == [0, 1, 2, 3])
  }
}

/// The row of each item and the item of each row agree, empty sections and header rows
/// included, and paths or rows out of range have none.
@Suite struct TableRowLayoutTests {
  @Test(arguments: [false, true])
  func rowsAndPathsAgree(headerRows: Bool) {
    let counts = [2, 0, 3, 0, 0, 1]
    let layout = _TableRowLayout(counts: counts, headerRows: headerRows)
    var rows: [Int] = []
    var headers: [Int] = []
    var row = 0
    for (section, count) in counts.enumerated() {
      if headerRows {
        headers.append(row)
        #expect(layout.location(ofRow: row)?.section == section)
        #expect(layout.location(ofRow: row)?.item == nil)
        row += 1
      }
      for item in 0..<count {
        let path = ElementPath(element: item, section: section)
        #expect(layout.row(of: path) == row)
        #expect(layout.location(ofRow: row)?.section == section)
        #expect(layout.location(ofRow: row)?.item == item)
        rows.append(row)
        row += 1
      }
      #expect(layout.row(of: ElementPath(element: count, section: section)) == nil)
    }
    #expect(layout.rowCount == row && rows.count == 6 && headers.count == (headerRows ? 6 : 0))
    #expect(layout.location(ofRow: row) == nil && layout.location(ofRow: -1) == nil)
    #expect(layout.row(of: ElementPath(element: 0, section: 6)) == nil)
    #expect(layout.row(of: ElementPath(element: -1, section: 0)) == nil)
  }
}

/// A table that holds the rows its counts lay out reports those counts; one changed behind
/// its owner's back reports counts the guard refuses a block against, so the replay reloads.
@Suite struct TableDisplayedCountsTests {
  @Test(arguments: [false, true])
  func aTableChangedBehindItsOwnersBackIsRefused(headerRows: Bool) throws {
    let counts = [2, 0, 3]
    let layout = _TableRowLayout(counts: counts, headerRows: headerRows)
    #expect(layout.displayedCounts(counts, tableRows: layout.rowCount) == counts)
    let stale = layout.displayedCounts(counts, tableRows: layout.rowCount + 1)
    #expect(stale != counts)
    // A block computed from the data (one item inserted in section 0) is refused against
    // what the stale table reports, and taken against the counts it holds.
    let batch = BatchUpdate(insertItems: [ElementPath(element: 0, section: 0)])
    #expect(throws: BatchUpdateError.self) {
      try batch.validate(itemCountsBefore: stale, itemCountsAfter: [3, 0, 3])
    }
    try batch.validate(itemCountsBefore: counts, itemCountsAfter: [3, 0, 3])
  }
}

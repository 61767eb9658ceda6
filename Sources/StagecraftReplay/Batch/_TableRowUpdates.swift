import StagecraftDiff

/// One batch update as a table without sections (AppKit's `NSTableView`) performs it: the
/// sections laid end to end as rows, each preceded by a header row when `headerRows` is set.
///
/// UIKit reads a whole batch against the rows before it (deletes, reloads, move sources) and
/// after it (inserts, move targets). `NSTableView` applies each call to the rows as they are
/// when it is made. So the batch becomes, in this order: one removal of the rows that do not
/// survive (positions before), moves that put the survivors in their final order (each
/// against the rows as they are then), one insertion of the new rows (positions after), and
/// the reloads of reconfigured rows (positions after). A reloaded item is removed and
/// inserted, as UIKit replaces its cell. Where each row goes is UIKit's old-to-new map
/// (`_BatchMap`).
package struct _TableRowUpdates: Hashable, Sendable {
  /// Rows to remove, positions before the batch, ascending.
  package var removed: [Int] = []
  /// Moves, each from and to a position in the rows as they are when it is made.
  package var moves: [Move<Int>] = []
  /// Rows to insert, positions after the batch, ascending.
  package var inserted: [Int] = []
  /// Rows to reload in place, positions after the batch, ascending.
  package var reloaded: [Int] = []

  /// The row operations of `batch`, for sections holding `countsBefore` items before it and
  /// `countsAfter` after it.
  ///
  /// - Complexity: O((r + c) log c) for r rows and c calls, plus O(m · r) for m moves.
  package init(
    _ batch: BatchUpdate, countsBefore: [Int], countsAfter: [Int], headerRows: Bool
  ) {
    let map = _BatchMap(batch)
    let header = headerRows ? 1 : 0
    let startsAfter = Self.starts(countsAfter, header: header)
    func rowAfter(_ path: ElementPath) -> Int? {
      guard countsAfter.indices.contains(path.section) else { return nil }
      return startsAfter[path.section] + header + path.element
    }
    // Where each row before the batch goes, or nil when it is removed.
    var targets: [Int?] = []
    for (section, count) in countsBefore.enumerated() {
      let sectionTarget = map.sectionTarget(of: section)
      if headerRows {
        targets.append(
          sectionTarget.flatMap { countsAfter.indices.contains($0) ? startsAfter[$0] : nil })
      }
      let paths = (0..<count).map { ElementPath(element: $0, section: section) }
      targets += map.itemTargets(ofSorted: paths).map { $0.flatMap(rowAfter) }
    }
    removed = targets.indices.filter { targets[$0] == nil }
    var survivors = targets.compactMap { $0 }
    moves = Self.sortingMoves(&survivors)
    let rowsAfter = (startsAfter.last ?? 0)
    var kept = [Bool](repeating: false, count: rowsAfter)
    for row in survivors where kept.indices.contains(row) { kept[row] = true }
    inserted = kept.indices.filter { !kept[$0] }
    reloaded = _sortedUnique(batch.reconfigureItems.compactMap(rowAfter))
  }

  /// The first row of each section, and one more entry: the number of rows.
  static func starts(_ counts: [Int], header: Int) -> [Int] {
    var starts = [0]
    starts.reserveCapacity(counts.count + 1)
    for count in counts { starts.append(starts[starts.count - 1] + header + max(count, 0)) }
    return starts
  }

  /// Moves that sort `rows` ascending, made one after the other: each takes the row that
  /// belongs at the first position out of order to that position.
  package static func sortingMoves(_ rows: inout [Int]) -> [Move<Int>] {
    let sorted = rows.sorted()
    var moves: [Move<Int>] = []
    var position = 0
    while position < rows.count {
      if rows[position] == sorted[position] {
        position += 1
        continue
      }
      // Rows are unique, so the one that belongs here is further on.
      guard let from = rows[(position + 1)...].firstIndex(of: sorted[position]) else { break }
      rows.insert(rows.remove(at: from), at: position)
      moves.append(Move(source: from, target: position))
      position += 1
    }
    return moves
  }
}

/// Where sections laid end to end put each item, in a table without sections: each section
/// is its header row (when `headerRows` is set) and then its items.
package struct _TableRowLayout: Hashable, Sendable {
  /// The first row of each section, and one more entry: the number of rows.
  package let starts: [Int]
  package let headerRows: Bool

  /// The layout of sections holding `counts` items.
  ///
  /// - Complexity: O(s) for s sections.
  package init(counts: [Int], headerRows: Bool) {
    self.headerRows = headerRows
    starts = _TableRowUpdates.starts(counts, header: headerRows ? 1 : 0)
  }

  /// The number of rows.
  package var rowCount: Int { starts[starts.count - 1] }

  /// The counts a table reports to the guard: `counts` while the table holds the rows they
  /// lay out, and otherwise one section more than any data can have (the table was changed
  /// behind its owner's back), which the guard refuses every block against, so the replay
  /// reloads.
  ///
  /// - Complexity: O(s).
  package func displayedCounts(_ counts: [Int], tableRows: Int) -> [Int] {
    rowCount == tableRows ? counts : counts + [tableRows]
  }

  /// The row of the item at `path`, or nil when there is no such item.
  ///
  /// - Complexity: O(1).
  package func row(of path: ElementPath) -> Int? {
    guard path.section >= 0, path.section + 1 < starts.count, path.element >= 0 else { return nil }
    let row = starts[path.section] + (headerRows ? 1 : 0) + path.element
    return row < starts[path.section + 1] ? row : nil
  }

  /// The section whose rows include `row`, and the item there (nil for a header row); nil
  /// for a row out of range.
  ///
  /// - Complexity: O(log s).
  package func location(ofRow row: Int) -> (section: Int, item: Int?)? {
    guard row >= 0, row < rowCount else { return nil }
    // The last section that starts at or before `row` and is not empty.
    var (low, high) = (0, starts.count - 2)
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= row { low = middle } else { high = middle - 1 }
    }
    let offset = row - starts[low] - (headerRows ? 1 : 0)
    return (low, offset < 0 ? nil : offset)
  }
}

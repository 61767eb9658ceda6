import Stagecraft
import StagecraftTestSupport
import Testing

/// Growth, counted: the identifier hashes that snapshot and outline operations make do not
/// grow with the items they leave alone. (Comparisons with `==` depend on how full a hash
/// table happens to be, so they are not counted; and a `Dictionary` that removes a key
/// rehashes the few keys after it in its run, so counts are bounded, not equal.)
@Suite("Snapshot and outline operations: work counted, not timed")
struct SnapshotGrowthTests {
  /// The hashes `body` makes of identifiers counted by `counter`.
  static func count(_ counter: CallCounter, _ body: () throws -> Void) rethrows -> Int {
    let before = counter.hashes
    try body()
    return counter.hashes - before
  }

  static func snapshot(_ n: Int, _ counter: CallCounter) throws -> DiffableSnapshot<Int, CountedID>
  {
    var snapshot = DiffableSnapshot<Int, CountedID>()
    try snapshot.appendSections([0])
    try snapshot.appendItems((0..<n).map { CountedID(value: $0, counter: counter) })
    return snapshot
  }

  @Test func deletingAndReadingDoNotGrowWithTheSection() throws {
    for n in [1_000, 20_000] {
      let counter = CallCounter()
      var snapshot = try Self.snapshot(n, counter)
      let doomed = stride(from: 0, to: n, by: n / 200).map {
        CountedID(value: $0, counter: counter)
      }
      let work = try Self.count(counter) { try snapshot.deleteItems(doomed) }
      // Each of the 200 is found once and forgotten once, and the table rehashes the few keys
      // after it in its run: a bound per item, whatever the section's size (a pass over the
      // section would hash 1,000 or 20,000 identifiers).
      #expect(work <= 200 * 16, "n = \(n): \(work) hashes")
      // Reading a section's identifiers touches none of them.
      #expect(Self.count(counter) { _ = snapshot.itemIdentifiers(inSection: 0).count } == 0)
      #expect(snapshot.numberOfItems == n - 200)
    }
  }

  /// An outline of `roots` roots, each with 10 children of 10 children; every item expanded
  /// but the first root.
  static func outline(roots: Int, _ counter: CallCounter) throws
    -> (DiffableSectionSnapshot<CountedID>, CountedID)
  {
    var outline = DiffableSectionSnapshot<CountedID>()
    var next = 0
    func take(_ count: Int) -> [CountedID] {
      defer { next += count }
      return (next..<next + count).map { CountedID(value: $0, counter: counter) }
    }
    let top = take(roots)
    try outline.append(top)
    for root in top {
      let children = take(10)
      try outline.append(children, to: root)
      for child in children { try outline.append(take(10), to: child) }
    }
    outline.expand(outline.items)
    outline.collapse([top[0]])
    return (outline, top[0])
  }

  @Test func expandingAndCollapsingCostWhatTheyShow() throws {
    var snapshotWork: [Int] = []
    var dataSourceWork: [Int] = []
    for roots in [10, 100] {
      let counter = CallCounter()
      var (outline, root) = try Self.outline(roots: roots, counter)
      // On the snapshot: the item's own lookup, whatever the size of the tree.
      snapshotWork.append(
        Self.count(counter) {
          outline.expand([root])
          outline.collapse([root])
        })
      // Through a data source: the 110 rows that appear are entered in the flat snapshot,
      // and the others are not looked at.
      let dataSource = CollectionModelDataSource<Int, CountedID>()
      try dataSource.apply(outline, to: 0)
      // Once first, so that the flat snapshot's table has grown to hold the rows.
      try dataSource.toggleExpansion(of: root)
      try dataSource.toggleExpansion(of: root)
      dataSourceWork.append(
        try Self.count(counter) {
          try dataSource.toggleExpansion(of: root)
          try dataSource.toggleExpansion(of: root)
        })
      #expect(dataSource.snapshot().numberOfItems == outline.numberOfVisibleItems)
    }
    #expect(snapshotWork[0] == snapshotWork[1])
    #expect(snapshotWork[0] <= 2)  // the item's own lookup, twice
    // 110 rows appear and disappear; the 11,100 visible rows of the larger tree are not
    // hashed (a pass over them would be).
    #expect(dataSourceWork.allSatisfy { $0 <= 110 * 20 }, "\(dataSourceWork)")
  }
}

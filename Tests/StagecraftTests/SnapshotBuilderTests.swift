import Stagecraft
import Testing

@Suite("Building snapshots with result builders")
struct SnapshotBuilderTests {
  enum Filter { case all, unread, none }

  static func build(_ filter: Filter, pinned: Int?, pages: Int) throws -> DiffableSnapshot<
    String, Int
  > {
    try DiffableSnapshot<String, Int> {
      if let pinned {
        SnapshotSectionContent("Pinned") { pinned }
      }
      SnapshotSectionContent("Mail") {
        switch filter {
        case .all: [1, 2, 3]
        case .unread: 2
        case .none: [Int]()
        }
        if pages > 1 {
          100
        } else {
          200
        }
      }
      for page in 0..<pages {
        SnapshotSectionContent("Page \(page)") {
          for item in 0..<2 { 1_000 * (page + 1) + item }
        }
      }
      [SnapshotSectionContent("Footer", items: [-1])]
    }
  }

  /// The same snapshot made with the imperative calls.
  static func imperative(_ filter: Filter, pinned: Int?, pages: Int) throws
    -> DiffableSnapshot<String, Int>
  {
    var snapshot = DiffableSnapshot<String, Int>()
    if let pinned {
      try snapshot.appendSections(["Pinned"])
      try snapshot.appendItems([pinned])
    }
    try snapshot.appendSections(["Mail"])
    switch filter {
    case .all: try snapshot.appendItems([1, 2, 3])
    case .unread: try snapshot.appendItems([2])
    case .none: break
    }
    try snapshot.appendItems([pages > 1 ? 100 : 200])
    for page in 0..<pages {
      try snapshot.appendSections(["Page \(page)"])
      try snapshot.appendItems([1_000 * (page + 1), 1_000 * (page + 1) + 1])
    }
    try snapshot.appendSections(["Footer"])
    try snapshot.appendItems([-1])
    return snapshot
  }

  @Test(arguments: [Filter.all, .unread, .none], [nil, 7, 9])
  func everyControlFlowFormMatchesTheImperativeCalls(filter: Filter, pinned: Int?) throws {
    for pages in 0..<3 {
      let built = try Self.build(filter, pinned: pinned, pages: pages)
      #expect(built == (try Self.imperative(filter, pinned: pinned, pages: pages)))
    }
  }

  @Test func duplicatesThrowAsTheImperativeCallsDo() throws {
    // 3 is pinned and in "Mail".
    let error = DiffableSnapshotError(.duplicateItems, identifiers: ["3"])
    #expect(throws: error) { try Self.build(.all, pinned: 3, pages: 1) }
    #expect(throws: error) { try Self.imperative(.all, pinned: 3, pages: 1) }
    #expect(throws: DiffableSnapshotError(.duplicateSections, identifiers: ["A"])) {
      try DiffableSnapshot<String, Int> {
        SnapshotSectionContent("A") { 1 }
        SnapshotSectionContent("A") { 2 }
      }
    }
  }
}

import Stagecraft
import StagecraftTestSupport
import Testing

/// A plain reference for `DiffableSnapshot`: sections as an array of identifiers and item
/// arrays, each mutation written the obvious way, with the error Apple's rules call for.
struct ReferenceSnapshot: Equatable {
  var sections: [(id: String, items: [Int])] = []
  var reloadedItems: [Int] = []
  var reconfiguredItems: [Int] = []
  var reloadedSections: [String] = []

  static func == (lhs: ReferenceSnapshot, rhs: ReferenceSnapshot) -> Bool {
    lhs.sections.map(\.id) == rhs.sections.map(\.id)
      && lhs.sections.map(\.items) == rhs.sections.map(\.items)
      && lhs.reloadedItems == rhs.reloadedItems && lhs.reconfiguredItems == rhs.reconfiguredItems
      && lhs.reloadedSections == rhs.reloadedSections
  }

  var items: [Int] { sections.flatMap(\.items) }
  func position(of section: String) -> Int? { sections.firstIndex { $0.id == section } }
  func location(of item: Int) -> (Int, Int)? {
    for (s, section) in sections.enumerated() {
      if let i = section.items.firstIndex(of: item) { return (s, i) }
    }
    return nil
  }

  static func duplicates<T: Hashable>(_ new: [T], existing: Set<T>) -> [T] {
    var seen = Set<T>()
    var reported: [T] = []
    for value in new where existing.contains(value) || !seen.insert(value).inserted {
      if !reported.contains(value) { reported.append(value) }
    }
    return reported
  }

  func missingSections(_ list: [String]) -> DiffableSnapshotError? {
    let missing = list.filter { position(of: $0) == nil }
    return missing.isEmpty ? nil : DiffableSnapshotError(.missingSections, identifiers: missing)
  }

  func missingItems(_ list: [Int]) -> DiffableSnapshotError? {
    let missing = list.filter { location(of: $0) == nil }
    return missing.isEmpty
      ? nil : DiffableSnapshotError(.missingItems, identifiers: missing.map { "\($0)" })
  }

  mutating func forgetMarks() {
    let present = Set(items)
    reloadedItems.removeAll { !present.contains($0) }
    reconfiguredItems.removeAll { !present.contains($0) }
    let names = Set(sections.map(\.id))
    reloadedSections.removeAll { !names.contains($0) }
  }

  mutating func insertSections(_ new: [String], at index: Int) -> DiffableSnapshotError? {
    let duplicates = Self.duplicates(new, existing: Set(sections.map(\.id)))
    guard duplicates.isEmpty else {
      return DiffableSnapshotError(.duplicateSections, identifiers: duplicates)
    }
    sections.insert(contentsOf: new.map { ($0, []) }, at: index)
    return nil
  }

  mutating func insertItems(_ new: [Int], section: Int, at index: Int) -> DiffableSnapshotError? {
    let duplicates = Self.duplicates(new, existing: Set(items))
    guard duplicates.isEmpty else {
      return DiffableSnapshotError(.duplicateItems, identifiers: duplicates.map { "\($0)" })
    }
    sections[section].items.insert(contentsOf: new, at: index)
    return nil
  }
}

@Suite("Diffable snapshots against a plain reference")
struct SnapshotModelTests {
  typealias Snapshot = DiffableSnapshot<String, Int>

  /// Thousands of random mutations, valid and not, each made on the snapshot and on the
  /// reference: the same error or none, an unchanged snapshot after an error, and the same
  /// answers to every query after each step.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomMutationsMatchTheReference(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var snapshot = Snapshot()
    var reference = ReferenceSnapshot()
    var (succeeded, largest) = (0, 0)
    var (nextSection, nextItem) = (0, 0)
    // Mostly existing identifiers for anchors and targets, mostly new ones for inserts, and
    // sometimes the other kind, so that both outcomes occur.
    func anySection() -> String {
      if reference.sections.isEmpty || Int.random(in: 0..<8, using: &random) == 0 {
        return "s\(Int.random(in: 0...nextSection, using: &random))"
      }
      return reference.sections.randomElement(using: &random)!.id
    }
    func newSection() -> String {
      if Int.random(in: 0..<8, using: &random) == 0 { return anySection() }
      nextSection += 1
      return "s\(nextSection)"
    }
    func anyItem() -> Int {
      if reference.items.isEmpty || Int.random(in: 0..<8, using: &random) == 0 {
        return Int.random(in: 0...nextItem, using: &random)
      }
      return reference.items.randomElement(using: &random)!
    }
    func newItems() -> [Int] {
      (0..<Int.random(in: 0...4, using: &random)).map { _ in
        if Int.random(in: 0..<12, using: &random) == 0 { return anyItem() }
        nextItem += 1
        return nextItem
      }
    }
    func someItems() -> [Int] { (0..<Int.random(in: 0...3, using: &random)).map { _ in anyItem() } }
    // At least 300 steps, also at reduced scale: fewer would not grow a snapshot of size.
    let steps = max(300, TestScale.count(1_000))
    for step in 0..<steps {
      let before = snapshot
      var expected: DiffableSnapshotError?
      var caught: DiffableSnapshotError?
      func attempt(_ body: () throws -> Void) {
        do { try body() } catch let error as DiffableSnapshotError { caught = error } catch {
          Issue.record("unexpected \(error)")
        }
      }
      switch Int.random(in: 0..<14, using: &random) {
      case 0:
        let new = (0..<Int.random(in: 1...2, using: &random)).map { _ in newSection() }
        expected = reference.insertSections(new, at: reference.sections.count)
        attempt { try snapshot.appendSections(new) }
      case 1:
        let new = [newSection()]
        let anchor = anySection()
        let after = Bool.random(using: &random)
        if let position = reference.position(of: anchor) {
          expected = reference.insertSections(new, at: position + (after ? 1 : 0))
        } else {
          expected = reference.missingSections([anchor])
        }
        attempt {
          if after {
            try snapshot.insertSections(new, afterSection: anchor)
          } else {
            try snapshot.insertSections(new, beforeSection: anchor)
          }
        }
      case 2:
        let doomed = [anySection()]
        expected = reference.missingSections(doomed)
        if expected == nil {
          reference.sections.removeAll { doomed.contains($0.id) }
          reference.forgetMarks()
        }
        attempt { try snapshot.deleteSections(doomed) }
      case 3:
        let (moved, anchor) = (anySection(), anySection())
        let after = Bool.random(using: &random)
        expected = reference.missingSections([moved]) ?? reference.missingSections([anchor])
        if expected == nil, moved == anchor {
          expected = DiffableSnapshotError(.movedRelativeToItself, identifiers: [moved])
        }
        if expected == nil {
          let section = reference.sections.remove(at: reference.position(of: moved)!)
          reference.sections.insert(section, at: reference.position(of: anchor)! + (after ? 1 : 0))
        }
        attempt {
          if after {
            try snapshot.moveSection(moved, afterSection: anchor)
          } else {
            try snapshot.moveSection(moved, beforeSection: anchor)
          }
        }
      case 4, 5:
        let new = newItems()
        let section: String? = Bool.random(using: &random) ? anySection() : nil
        if let section {
          expected = reference.missingSections([section])
          if expected == nil {
            let position = reference.position(of: section)!
            expected = reference.insertItems(
              new, section: position, at: reference.sections[position].items.count)
          }
        } else if reference.sections.isEmpty {
          expected = DiffableSnapshotError(.noSection, identifiers: new.map { "\($0)" })
        } else {
          let last = reference.sections.count - 1
          expected = reference.insertItems(
            new, section: last, at: reference.sections[last].items.count)
        }
        attempt { try snapshot.appendItems(new, toSection: section) }
      case 6:
        let new = newItems()
        let anchor = anyItem()
        let after = Bool.random(using: &random)
        if let (section, index) = reference.location(of: anchor) {
          expected = reference.insertItems(new, section: section, at: index + (after ? 1 : 0))
        } else {
          expected = reference.missingItems([anchor])
        }
        attempt {
          if after {
            try snapshot.insertItems(new, afterItem: anchor)
          } else {
            try snapshot.insertItems(new, beforeItem: anchor)
          }
        }
      case 7:
        let doomed = someItems()
        expected = reference.missingItems(doomed)
        if expected == nil {
          for s in reference.sections.indices {
            reference.sections[s].items.removeAll(where: doomed.contains)
          }
          reference.forgetMarks()
        }
        attempt { try snapshot.deleteItems(doomed) }
      case 8, 9:
        let (moved, anchor) = (anyItem(), anyItem())
        let after = Bool.random(using: &random)
        expected = reference.missingItems([moved]) ?? reference.missingItems([anchor])
        if expected == nil, moved == anchor {
          expected = DiffableSnapshotError(.movedRelativeToItself, identifiers: ["\(moved)"])
        }
        if expected == nil {
          let (s, i) = reference.location(of: moved)!
          reference.sections[s].items.remove(at: i)
          let (t, j) = reference.location(of: anchor)!
          reference.sections[t].items.insert(moved, at: j + (after ? 1 : 0))
        }
        attempt {
          if after {
            try snapshot.moveItem(moved, afterItem: anchor)
          } else {
            try snapshot.moveItem(moved, beforeItem: anchor)
          }
        }
      case 10:
        let marked = someItems()
        expected = reference.missingItems(marked)
        if expected == nil {
          for item in marked where !reference.reloadedItems.contains(item) {
            reference.reloadedItems.append(item)
          }
        }
        attempt { try snapshot.reloadItems(marked) }
      case 11:
        let marked = someItems()
        expected = reference.missingItems(marked)
        if expected == nil {
          for item in marked where !reference.reconfiguredItems.contains(item) {
            reference.reconfiguredItems.append(item)
          }
        }
        attempt { try snapshot.reconfigureItems(marked) }
      case 12:
        let marked = [anySection()]
        expected = reference.missingSections(marked)
        if expected == nil {
          for section in marked where !reference.reloadedSections.contains(section) {
            reference.reloadedSections.append(section)
          }
        }
        attempt { try snapshot.reloadSections(marked) }
      default:
        if Int.random(in: 0..<40, using: &random) == 0 {
          reference = ReferenceSnapshot()
          snapshot.deleteAllItems()
        }
      }
      #expect(caught == expected, "step \(step)")
      if caught == nil { succeeded += 1 }
      largest = max(largest, reference.items.count)
      if caught != nil { #expect(snapshot == before, "step \(step): changed by a refused call") }
      try check(snapshot, against: reference, step: step)
    }
    // Both kinds of call are exercised, on snapshots of some size.
    #expect(succeeded > steps / 4 && succeeded < steps, "\(succeeded) of \(steps)")
    #expect(largest >= 10, "at most \(largest) items")
  }

  func check(_ snapshot: Snapshot, against reference: ReferenceSnapshot, step: Int) throws {
    #expect(snapshot.sectionIdentifiers == reference.sections.map(\.id), "step \(step)")
    #expect(snapshot.itemIdentifiers == reference.items, "step \(step)")
    #expect(snapshot.numberOfSections == reference.sections.count)
    #expect(snapshot.numberOfItems == reference.items.count)
    for (position, section) in reference.sections.enumerated() {
      #expect(snapshot.indexOfSection(section.id) == position)
      #expect(snapshot.itemIdentifiers(inSection: section.id) == section.items)
      #expect(snapshot.numberOfItems(inSection: section.id) == section.items.count)
    }
    let items = reference.items
    #expect(items.map { snapshot.indexOfItem($0) } == Array(items.indices), "step \(step)")
    #expect(
      items.map { snapshot.sectionIdentifier(containingItem: $0) }
        == reference.sections.flatMap { section in section.items.map { _ in section.id } })
    #expect(snapshot.indexOfItem(-1) == nil && snapshot.indexOfSection("zzz") == nil)
    #expect(snapshot.reloadedItemIdentifiers == reference.reloadedItems)
    #expect(snapshot.reconfiguredItemIdentifiers == reference.reconfiguredItems)
    #expect(snapshot.reloadedSectionIdentifiers == reference.reloadedSections)
    let marked = snapshot.sections(marked: true)
    #expect(marked.map(\.model.identifier) == reference.sections.map(\.id))
    let (reloaded, reconfigured) = (Set(reference.reloadedItems), Set(reference.reconfiguredItems))
    #expect(
      marked.map(\.model.isReloaded)
        == reference.sections.map { reference.reloadedSections.contains($0.id) })
    #expect(
      marked.flatMap { $0.elements.map(\.mark) }
        == items.map {
          reloaded.contains($0) ? .reload : reconfigured.contains($0) ? .reconfigure : .none
        })
  }

  /// Building, looking up and moving cost in proportion to what they touch: appending hashes
  /// each new identifier once, a lookup hashes one, and a move hashes two.
  @Test func costGrowsWithWhatIsTouched() throws {
    let counter = CallCounter()
    func id(_ value: Int) -> CountedID { CountedID(value: value, counter: counter) }
    var snapshot = DiffableSnapshot<Int, CountedID>()
    try snapshot.appendSections([0, 1])
    try snapshot.appendItems((0..<20_000).map(id), toSection: 0)
    #expect(counter.hashes <= 20_000, "\(counter.hashes) hashes to append 20,000")
    counter.hashes = 0
    for value in stride(from: 0, to: 20_000, by: 97) {
      #expect(snapshot.indexOfItem(id(value)) == value)
      #expect(snapshot.sectionIdentifier(containingItem: id(value)) == 0)
    }
    #expect(counter.hashes <= 2 * 207, "\(counter.hashes) hashes for 207 lookups of each kind")
    counter.hashes = 0
    try snapshot.moveItem(id(19_999), beforeItem: id(0))
    try snapshot.moveItem(id(5), afterItem: id(19_999))
    #expect(counter.hashes <= 8, "\(counter.hashes) hashes for two moves")
    #expect(snapshot.indexOfItem(id(19_999)) == 0 && snapshot.indexOfItem(id(5)) == 1)
    #expect(snapshot.indexOfItem(id(0)) == 2)
  }
}

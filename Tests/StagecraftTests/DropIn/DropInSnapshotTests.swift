import Stagecraft
import StagecraftTestSupport
import Testing

/// `DiffableDataSourceSnapshot` and `DiffableDataSourceSectionSnapshot` do what the throwing
/// snapshots do, without throwing: a mutation that throws there is recorded here and changes
/// nothing, and every other one changes both alike.
@Suite struct DropInSnapshotTests {
  /// Seeded random mutations over small alphabets, so duplicates and missing identifiers are
  /// common: after each, the wrapper equals the throwing snapshot, and it recorded a refusal
  /// exactly when the throwing one threw.
  @Test(arguments: 0..<20)
  func flatSnapshotMatchesTheThrowingOne(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var wrapper = DiffableDataSourceSnapshot<Int, Int>()
    var reference = DiffableSnapshot<Int, Int>()
    var thrown = 0
    for _ in 0..<TestScale.count(400) {
      let (a, b) = (Int(random.next() % 6), Int(random.next() % 6))
      let items = (0..<Int(random.next() % 3)).map { _ in Int(random.next() % 12) }
      let before = wrapper.rejectedChanges.count
      do {
        switch random.next() % 14 {
        case 0: wrapper.appendSections([a]); try reference.appendSections([a])
        case 1:
          wrapper.insertSections([a], beforeSection: b)
          try reference.insertSections([a], beforeSection: b)
        case 2:
          wrapper.insertSections([a], afterSection: b)
          try reference.insertSections([a], afterSection: b)
        case 3: wrapper.deleteSections([a]); try reference.deleteSections([a])
        case 4:
          wrapper.moveSection(a, beforeSection: b)
          try reference.moveSection(a, beforeSection: b)
        case 5:
          wrapper.moveSection(a, afterSection: b)
          try reference.moveSection(a, afterSection: b)
        case 6: wrapper.reloadSections([a]); try reference.reloadSections([a])
        case 7:
          let section = random.next() % 3 == 0 ? nil : a
          wrapper.appendItems(items, toSection: section)
          try reference.appendItems(items, toSection: section)
        case 8:
          wrapper.insertItems(items, beforeItem: b)
          try reference.insertItems(items, beforeItem: b)
        case 9:
          wrapper.insertItems(items, afterItem: b)
          try reference.insertItems(items, afterItem: b)
        case 10: wrapper.deleteItems(items); try reference.deleteItems(items)
        case 11: wrapper.moveItem(a, beforeItem: b); try reference.moveItem(a, beforeItem: b)
        case 12: wrapper.moveItem(a, afterItem: b); try reference.moveItem(a, afterItem: b)
        default:
          wrapper.reconfigureItems(items)
          try reference.reconfigureItems(items)
        }
        #expect(wrapper.rejectedChanges.count == before)
      } catch {
        thrown += 1
        #expect(wrapper.rejectedChanges.count == before + 1)
        #expect(wrapper.rejectedChanges.last == error as? DiffableSnapshotError)
      }
      #expect(wrapper.base == reference)
      #expect(wrapper.itemIdentifiers == reference.itemIdentifiers)
      #expect(wrapper.sectionIdentifiers == reference.sectionIdentifiers)
    }
    // The alphabets are small: both outcomes happen.
    #expect(thrown > 0 && wrapper.rejectedChanges.count == thrown)
  }

  /// The queries answer as the throwing snapshot's do.
  @Test func queriesForward() {
    var snapshot = DiffableDataSourceSnapshot<String, Int>()
    snapshot.appendSections(["A", "B"])
    snapshot.appendItems([1, 2], toSection: "A")
    snapshot.appendItems([3])
    snapshot.reloadItems([2])
    snapshot.reloadSections(["B"])
    #expect(snapshot.numberOfItems == 3 && snapshot.numberOfSections == 2)
    #expect(snapshot.itemIdentifiers(inSection: "B") == [3])
    #expect(snapshot.numberOfItems(inSection: "A") == 2)
    #expect(snapshot.sectionIdentifier(containingItem: 3) == "B")
    #expect(snapshot.indexOfItem(3) == 2 && snapshot.indexOfSection("B") == 1)
    #expect(snapshot.reloadedItemIdentifiers == [2])
    #expect(snapshot.reloadedSectionIdentifiers == ["B"])
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfItems == 0 && snapshot.numberOfSections == 0)
    #expect(snapshot.rejectedChanges.isEmpty)
  }

  /// The section snapshot: refused mutations (a duplicate, a missing parent or item) are
  /// recorded and change nothing; the rest builds the same outline as the throwing one.
  @Test func sectionSnapshotMatchesTheThrowingOne() throws {
    var wrapper = DiffableDataSourceSectionSnapshot<String>()
    var reference = DiffableSectionSnapshot<String>()
    wrapper.append(["Fruit", "Vegetables"])
    try reference.append(["Fruit", "Vegetables"])
    wrapper.append(["Apple", "Pear"], to: "Fruit")
    try reference.append(["Apple", "Pear"], to: "Fruit")
    wrapper.insert(["Fig"], before: "Pear")
    try reference.insert(["Fig"], before: "Pear")
    wrapper.insert(["Kiwi"], after: "Pear")
    try reference.insert(["Kiwi"], after: "Pear")
    wrapper.expand(["Fruit"])
    reference.expand(["Fruit"])
    wrapper.append(["Apple"], to: "Vegetables")  // duplicate
    wrapper.append(["Leek"], to: "Meat")  // missing parent
    wrapper.delete(["Plum"])  // missing item
    wrapper.insert(["Plum"], before: "Cherry")  // missing item
    #expect(
      wrapper.rejectedChanges.map(\.kind) == [
        .duplicateItems, .missingItems, .missingItems, .missingItems,
      ])
    #expect(wrapper.base == reference)
    #expect(wrapper.visibleItems == ["Fruit", "Apple", "Fig", "Pear", "Kiwi", "Vegetables"])
    #expect(wrapper.level(of: "Fig") == 1 && wrapper.parent(of: "Fig") == "Fruit")
    #expect(wrapper.isExpanded("Fruit") && wrapper.isVisible("Kiwi") && wrapper.contains("Pear"))
    #expect(wrapper.index(of: "Vegetables") == 5)
    let fruit = wrapper.snapshot(of: "Fruit", includingParent: true)
    #expect(
      fruit.items == ["Fruit", "Apple", "Fig", "Pear", "Kiwi"] && fruit.rejectedChanges.isEmpty)
    let none = wrapper.snapshot(of: "Meat")
    #expect(none.items.isEmpty && none.rejectedChanges.map(\.kind) == [.missingItems])
    var children = DiffableDataSourceSectionSnapshot<String>()
    children.append(["Leek"])
    wrapper.replace(childrenOf: "Vegetables", using: children)
    wrapper.delete(["Fig"])
    #expect(wrapper.items == ["Fruit", "Apple", "Pear", "Kiwi", "Vegetables", "Leek"])
    #expect(wrapper.rootItems == ["Fruit", "Vegetables"])
    #expect(wrapper.rejectedChanges.count == 4)
    wrapper.deleteAll()
    #expect(wrapper.items.isEmpty)
  }
}

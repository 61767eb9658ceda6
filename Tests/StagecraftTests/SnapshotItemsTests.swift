import Stagecraft
import Testing

@testable import StagecraftSnapshots

@Suite("A section's item identifiers, read in place")
struct SnapshotItemsTests {
  @Test func itemIdentifiersInSectionCopiesNothing() throws {
    var snapshot = DiffableSnapshot<String, Int>()
    try snapshot.appendSections(["main", "other"])
    try snapshot.appendItems(Array(0..<10_000), toSection: "main")
    let items = snapshot.itemIdentifiers(inSection: "main")
    #expect(items.count == 10_000)
    #expect(items[1_234] == 1_234)
    #expect(items.last == 9_999)
    // The list reads the snapshot's own storage: the same buffer, not a copy.
    let listed = items._elements.withUnsafeBufferPointer { $0.baseAddress }
    let held = snapshot.sections()[0].elements.withUnsafeBufferPointer { $0.baseAddress }
    #expect(listed == held)
    #expect(snapshot.itemIdentifiers(inSection: "other").isEmpty)
    #expect(snapshot.itemIdentifiers(inSection: "missing").isEmpty)
  }

  @Test func itComparesAndPrintsAsAnArrayDoes() throws {
    var snapshot = DiffableSnapshot<String, Int>()
    try snapshot.appendSections(["main"])
    try snapshot.appendItems([3, 1, 2])
    let items = snapshot.itemIdentifiers(inSection: "main")
    #expect(items == [3, 1, 2])
    #expect([3, 1, 2] == items)
    #expect(items != [1, 2, 3])
    #expect(items.description == "[3, 1, 2]")
    #expect(Array(items) == [3, 1, 2])
    // A later change to the snapshot does not reach a list already read.
    try snapshot.deleteItems([1])
    #expect(items == [3, 1, 2])
    #expect(snapshot.itemIdentifiers(inSection: "main") == [3, 2])
  }
}

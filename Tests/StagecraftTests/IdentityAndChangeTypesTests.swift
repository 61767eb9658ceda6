import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftDiff

private struct HashableOnly: Hashable, Differentiable {
  var name: String
  var likes: Int
}

private struct IdentifiableOnly: Identifiable, Differentiable {
  var id: String
  var likes: Int
  func isContentEqual(to source: IdentifiableOnly) -> Bool { likes == source.likes }
}

/// Both `Hashable` and `Identifiable`: identified by `id`, compared with `==`.
private struct HashableAndIdentifiable: Hashable, Identifiable, Differentiable {
  var id: Int
  var likes: Int
}

@Suite("Identity defaults and change types")
struct IdentityAndChangeTypesTests {
  @Test func defaultIdentifiers() {
    #expect(
      HashableOnly(name: "a", likes: 1).differenceIdentifier == HashableOnly(name: "a", likes: 1))
    #expect(IdentifiableOnly(id: "x", likes: 1).differenceIdentifier == "x")
    let both = HashableAndIdentifiable(id: 7, likes: 1)
    let id: Int = both.differenceIdentifier
    #expect(id == 7)
    #expect(!both.isContentEqual(to: HashableAndIdentifiable(id: 7, likes: 2)))
    #expect(both.isContentEqual(to: HashableAndIdentifiable(id: 7, likes: 1)))
  }

  @Test func hashableAndIdentifiableChangesAreUpdates() {
    let staged = StagedChangeset(
      source: [HashableAndIdentifiable(id: 1, likes: 0)],
      target: [HashableAndIdentifiable(id: 1, likes: 5)])
    #expect(staged.count == 1)
    #expect(staged[0].elementUpdated == [p(0, 0)])
  }

  @Test func elementPathOrderAndDescription() {
    #expect(p(0, 9) < p(1, 0))
    #expect(p(1, 0) < p(1, 1))
    #expect(!(p(1, 1) < p(1, 1)))
    #expect(p(2, 5).description == "[2, 5]")
    #expect("\(mv(p(0, 1), p(2, 3)))" == "[0, 1] -> [2, 3]")
    #expect(Move(source: 1, target: 2).debugDescription == "Move(1 -> 2)")
  }

  @Test func changesetInitPutsListsInCanonicalOrder() {
    let changeset = Changeset(
      data: [1, 2],
      sectionDeleted: [3, 1],
      sectionMoved: [Move(source: 0, target: 5), Move(source: 4, target: 2)],
      elementDeleted: [p(1, 0), p(0, 4), p(0, 1)],
      elementMoved: [mv(p(0, 0), p(1, 1)), mv(p(0, 3), p(0, 2))])
    #expect(changeset.sectionDeleted == [1, 3])
    #expect(changeset.sectionMoved == [Move(source: 4, target: 2), Move(source: 0, target: 5)])
    #expect(changeset.elementDeleted == [p(0, 1), p(0, 4), p(1, 0)])
    #expect(changeset.elementMoved == [mv(p(0, 3), p(0, 2)), mv(p(0, 0), p(1, 1))])
    #expect(changeset.changeCount == 9)
    #expect(changeset.hasChanges && changeset.hasSectionChanges && changeset.hasElementChanges)
    #expect(!Changeset(data: [Int]()).hasChanges)
  }

  @Test func changedListsKeepTheirOrderAndCompareInCanonicalOrder() {
    var built = Changeset(data: [1, 2])
    built.elementInserted.append(p(0, 2))
    built.elementInserted.append(p(0, 0))
    built.sectionMoved.append(Move(source: 0, target: 5))
    built.sectionMoved.append(Move(source: 4, target: 2))
    // Appends stay where they are put: no re-sorting per change.
    #expect(built.elementInserted == [p(0, 2), p(0, 0)])
    let sorted = Changeset(
      data: [1, 2], sectionMoved: [Move(source: 4, target: 2), Move(source: 0, target: 5)],
      elementInserted: [p(0, 0), p(0, 2)])
    #expect(built == sorted)
    #expect(built.debugDescription == sorted.debugDescription)
    #expect(built.debugDescription.contains("elementInserted: [[0, 0], [0, 2]]"))
    // The same entries in any order are equal; different entries are not.
    var other = built
    other.elementInserted[1] = p(0, 1)
    #expect(other != sorted)
    other.elementInserted = [p(0, 2), p(0, 0), p(0, 0)]
    #expect(other != sorted)
  }

  /// Building a changeset change by change: 200,000 appends to each list, in order and in
  /// reverse, end with lists that compare equal to the sorted ones.
  @Test func buildingALargeChangesetChangeByChange() {
    var built = Changeset(data: [Int]())
    for index in 0..<TestScale.count(200_000) {
      built.elementDeleted.append(p(0, index))
      built.elementInserted.append(p(0, TestScale.count(200_000) - 1 - index))
    }
    let all = (0..<TestScale.count(200_000)).map { p(0, $0) }
    #expect(built == Changeset(data: [], elementDeleted: all, elementInserted: all))
  }

  @Test func debugDescriptionListsNonEmptyChanges() {
    let staged = StagedChangeset(source: [1, 2], target: [2])
    #expect(
      staged[0].debugDescription == "Changeset(\n  data: [2],\n  elementDeleted: [[0, 0]]\n)")
    #expect(staged.debugDescription.hasPrefix("StagedChangeset([\nChangeset("))
    #expect(StagedChangeset<[Int]>().debugDescription == "StagedChangeset([])")
  }

  @Test func stagedChangesetIsARangeReplaceableCollection() {
    var staged: StagedChangeset<[Int]> = [Changeset(data: [1]), Changeset(data: [2])]
    #expect(staged.count == 2)
    staged.append(Changeset(data: [3], elementInserted: [p(0, 0)]))
    staged.remove(at: 0)
    #expect(staged.map(\.data) == [[2], [3]])
    #expect(staged.changeCount == 1)
    staged[0].data = [9]
    #expect(staged.first?.data == [9])
  }

  /// Compile-only: the types that must be `Sendable` when their contents are.
  @Test func sendableConformances() {
    func requireSendable<T: Sendable>(_: T.Type) {}
    requireSendable(ElementPath.self)
    requireSendable(Move<ElementPath>.self)
    requireSendable(Move<Int>.self)
    requireSendable(Changeset<[Int]>.self)
    requireSendable(StagedChangeset<[Section]>.self)
    requireSendable(ArraySection<Header, Item>.self)
    requireSendable(BatchUpdate.self)
    requireSendable(BatchUpdateError.self)
    requireSendable(CollectionModel<Section>.self)
    requireSendable(CollectionModel<Section>.Cell.self)
    requireSendable(CollectionModel<Section>.Configuration.self)
    requireSendable(CollectionModel<Section>.Event.self)
    requireSendable(Viewport.self)
    requireSendable(UpdateStrategy.self)
    requireSendable(ElementUpdateMode.self)
  }
}

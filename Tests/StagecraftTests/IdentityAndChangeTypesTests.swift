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

  @Test func changesetListsAreKeptInCanonicalOrder() {
    var changeset = Changeset(
      data: [1, 2],
      sectionDeleted: [3, 1],
      sectionMoved: [Move(source: 0, target: 5), Move(source: 4, target: 2)],
      elementDeleted: [p(1, 0), p(0, 4), p(0, 1)],
      elementMoved: [mv(p(0, 0), p(1, 1)), mv(p(0, 3), p(0, 2))])
    #expect(changeset.sectionDeleted == [1, 3])
    #expect(changeset.sectionMoved == [Move(source: 4, target: 2), Move(source: 0, target: 5)])
    #expect(changeset.elementDeleted == [p(0, 1), p(0, 4), p(1, 0)])
    #expect(changeset.elementMoved == [mv(p(0, 3), p(0, 2)), mv(p(0, 0), p(1, 1))])
    changeset.elementInserted = [p(0, 2), p(0, 0)]
    #expect(changeset.elementInserted == [p(0, 0), p(0, 2)])
    #expect(changeset.changeCount == 11)
    #expect(changeset.hasChanges && changeset.hasSectionChanges && changeset.hasElementChanges)
    #expect(
      changeset
        == Changeset(
          data: [1, 2], sectionDeleted: [1, 3],
          sectionMoved: [Move(source: 4, target: 2), Move(source: 0, target: 5)],
          elementDeleted: [p(0, 1), p(0, 4), p(1, 0)], elementInserted: [p(0, 0), p(0, 2)],
          elementMoved: [mv(p(0, 3), p(0, 2)), mv(p(0, 0), p(1, 1))]))
    #expect(!Changeset(data: [Int]()).hasChanges)
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

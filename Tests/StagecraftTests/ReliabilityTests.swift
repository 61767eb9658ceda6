import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftDiff

/// An identifier whose `==` is expensive: long strings that share a long prefix.
struct LongID: Hashable {
  var text: String
  init(_ value: Int) { text = String(repeating: "x", count: 2_000) + String(value) }
}

struct LongItem: Differentiable, Equatable {
  var id: LongID
  var content: Int
  var differenceIdentifier: LongID { id }
  func isContentEqual(to source: LongItem) -> Bool { content == source.content }
}

/// Content "equal" only when the new value is at least the old one: not symmetric.
struct Ratchet: Differentiable, Equatable, CustomStringConvertible {
  var id: Int
  var level: Int
  var differenceIdentifier: Int { id }
  func isContentEqual(to source: Ratchet) -> Bool { level >= source.level }
  var description: String { "\(id):\(level)" }
}

@Suite("Reliability: adversarial identifiers, concurrency, bad input")
struct ReliabilityTests {
  @Test func expensiveEqualityStillGivesTheRightAnswer() {
    var random = SplitMix64(seed: 21)
    let source = random.items(count: 200, ids: 60, contents: 2).map {
      LongItem(id: LongID($0.id), content: $0.content)
    }
    let target = random.items(count: 200, ids: 60, contents: 2).map {
      LongItem(id: LongID($0.id), content: $0.content)
    }
    let staged = StagedChangeset(source: source, target: target)
    let reference = ReferenceMatching(source: source, target: target)
    #expect(ReplayOracle.problems(staged, from: source, to: target).isEmpty)
    #expect(staged.allDeleted.map(\.element) == reference.deleted)
    #expect(staged.allMoved.count == reference.minimumMoves)
  }

  @Test func identityAndContentAreIndependent() {
    // Same identity, other content: an update. Other identity, same content: a delete and
    // an insert.
    let updated = StagedChangeset(source: [Item(1, 0)], target: [Item(1, 5)])
    #expect(updated == [Changeset(data: [Item(1, 5)], elementUpdated: [p(0, 0)])])
    let replaced = StagedChangeset(source: [Item(1, 5)], target: [Item(2, 5)])
    #expect(replaced.allDeleted == [p(0, 0)] && replaced.allInserted == [p(0, 0)])
    #expect(replaced.allUpdated.isEmpty)
  }

  /// `isContentEqual` is called as `target.isContentEqual(to: source)`, never the other way.
  @Test func asymmetricContentEqualityIsAskedOfTheNewValue() {
    let source = [Ratchet(id: 1, level: 5), Ratchet(id: 2, level: 5), Ratchet(id: 3, level: 5)]
    let target = [Ratchet(id: 1, level: 4), Ratchet(id: 2, level: 6), Ratchet(id: 3, level: 5)]
    let staged = StagedChangeset(source: source, target: target)
    // Only id 1 went down: 4 >= 5 is false.
    #expect(staged.allUpdated == [p(0, 0)])
    var model = CollectionModel(items: source)
    #expect(throws: Never.self) { try model.reload(using: staged) }
    #expect(model.items == target)
  }

  /// When `isContentEqual` calls a changed value equal, no update is listed, but the last
  /// stage's data is still exactly the target.
  @Test func lastStageDataIsTheTargetEvenWhenContentEqualityIsLoose() {
    struct Loose: Differentiable, Hashable {
      var id: Int
      var note: String
      var differenceIdentifier: Int { id }
      func isContentEqual(to source: Loose) -> Bool { true }
    }
    let source = [
      ArraySection(model: Loose(id: 0, note: "a"), elements: [Ratchet(id: 1, level: 1)])
    ]
    let target = [
      ArraySection(model: Loose(id: 0, note: "b"), elements: [Ratchet(id: 1, level: 2)])
    ]
    let staged = StagedChangeset(source: source, target: target)
    #expect(staged.isEmpty)
    let moved = target + [ArraySection(model: Loose(id: 9, note: "new"), elements: [])]
    let withInsert = StagedChangeset(source: source, target: moved)
    #expect(withInsert.last?.data == moved)
    let flat = StagedChangeset(
      source: [Ratchet(id: 1, level: 1), Ratchet(id: 2, level: 1)],
      target: [Ratchet(id: 1, level: 3)])
    #expect(flat.last?.data == [Ratchet(id: 1, level: 3)])
  }

  /// Diffs and replays on many tasks at once; every task must get the sequential answer.
  @Test func concurrentDiffsAndReplaysAgree() async {
    var random = SplitMix64(seed: 77)
    let pairs = (0..<64).map { _ in
      (
        random.sections(maxSections: 4, sectionIDs: 5, maxItems: 6, ids: 9, contents: 2),
        random.sections(maxSections: 4, sectionIDs: 5, maxItems: 6, ids: 9, contents: 2)
      )
    }
    let expected = pairs.map { StagedChangeset(source: $0.0, target: $0.1) }
    let shared = expected  // one value read by every task
    let results = await withTaskGroup(of: (Int, Bool).self) { group in
      for (index, pair) in pairs.enumerated() {
        group.addTask {
          let staged = StagedChangeset(source: pair.0, target: pair.1)
          var model = CollectionModel(sections: pair.0)
          let replayed = (try? model.reload(using: shared[index])) != nil
          return (index, staged == shared[index] && replayed && model.sections == pair.1)
        }
      }
      var all: [(Int, Bool)] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results.count == pairs.count)
    #expect(results.allSatisfy { $0.1 })
  }

  @Test func emptySectionsAndDuplicateOperationsNeverTrap() {
    let before = CollectionModel(sections: [section(0, []), section(1, []), section(2, [1])])
    let batches: [BatchUpdate] = [
      BatchUpdate(deleteItems: [p(0, 0)]),
      BatchUpdate(moveItems: [mv(p(1, 0), p(2, 0))]),
      BatchUpdate(deleteSections: [1, 1]),
      BatchUpdate(insertSections: [3, 3]),
      BatchUpdate(reloadItems: [p(2, 0), p(2, 0)]),
      BatchUpdate(moveSections: [Move(source: 0, target: 2), Move(source: 0, target: 2)]),
    ]
    for batch in batches {
      var model = before
      do {
        try model.performBatchUpdates(batch, newSections: before.sections)
      } catch {
        #expect(model == before, "\(batch)")
      }
    }
    // Inserting into an empty section, and emptying one, are valid.
    var valid = before
    #expect(throws: Never.self) {
      try valid.performBatchUpdates(
        BatchUpdate(deleteItems: [p(2, 0)], insertItems: [p(0, 0)]),
        newSections: [section(0, [1]), section(1, []), section(2, [])])
    }
    #expect(valid.staleCells.isEmpty)
  }
}

import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftDiff

@Suite("Flat diff")
struct FlatDiffTests {
  func check(_ source: [Item], _ target: [Item]) -> StagedChangeset<[Item]> {
    let staged = StagedChangeset(source: source, target: target)
    let problems = ReplayOracle.problems(staged, from: source, to: target)
    #expect(problems.isEmpty, "\(source) -> \(target): \(problems)")
    return staged
  }

  @Test func emptyToNonEmptyIsOneInsertStage() {
    let staged = check([], items(1, 2))
    #expect(staged == [Changeset(data: items(1, 2), elementInserted: [p(0, 0), p(0, 1)])])
  }

  @Test func nonEmptyToEmptyIsOneDeleteStage() {
    let staged = check(items(1, 2), [])
    #expect(staged == [Changeset(data: [], elementDeleted: [p(0, 0), p(0, 1)])])
  }

  @Test func nothingChangedHasNoStage() {
    #expect(check(items(1, 2, 3), items(1, 2, 3)).isEmpty)
    #expect(check([], []).isEmpty)
  }

  @Test func onlyContentChangesIsOneUpdateStage() {
    let source = [Item(1), Item(2), Item(3)]
    let target = [Item(1), Item(2, 9), Item(3, 9)]
    let staged = check(source, target)
    #expect(staged == [Changeset(data: target, elementUpdated: [p(0, 1), p(0, 2)])])
  }

  @Test func rotationIsOneMove() {
    let staged = check(items(1, 2, 3, 4), items(2, 3, 4, 1))
    #expect(staged == [Changeset(data: items(2, 3, 4, 1), elementMoved: [mv(p(0, 0), p(0, 3))])])
  }

  @Test func reversalIsNMinusOneMoves() {
    let staged = check(items(1, 2, 3, 4), items(4, 3, 2, 1))
    #expect(
      staged == [
        Changeset(
          data: items(4, 3, 2, 1),
          elementMoved: [mv(p(0, 2), p(0, 1)), mv(p(0, 1), p(0, 2)), mv(p(0, 0), p(0, 3))])
      ])
    let long = Array(0..<100).map { Item($0) }
    #expect(check(long, long.reversed()).allMoved.count == 99)
  }

  @Test func insertAtTheFront() {
    let staged = check(items(1, 2), items(9, 1, 2))
    #expect(staged == [Changeset(data: items(9, 1, 2), elementInserted: [p(0, 0)])])
  }

  @Test func duplicatesOnBothSides() {
    // k-th occurrence matches k-th: the first two 1s stay, the third is inserted, and the
    // 2 moves in front of them.
    let staged = check(items(1, 1, 2), items(2, 1, 1, 1))
    #expect(
      staged == [
        Changeset(
          data: items(2, 1, 1, 1), elementInserted: [p(0, 3)], elementMoved: [mv(p(0, 2), p(0, 0))])
      ])
    // The common suffix stays in place: the last 1 is the one kept, and the surplus 1 is
    // the one before it.
    let trimmed = check(items(2, 1, 1), items(1))
    #expect(trimmed == [Changeset(data: items(1), elementDeleted: [p(0, 0), p(0, 1)])])
    let grown = check(items(2, 1), items(1, 1))
    #expect(
      grown == [
        Changeset(data: items(1), elementDeleted: [p(0, 0)]),
        Changeset(data: items(1, 1), elementInserted: [p(0, 0)]),
      ])
  }

  @Test func everyElementReplaced() {
    let staged = check(items(1, 2), items(3, 4))
    #expect(
      staged == [
        Changeset(data: [], elementDeleted: [p(0, 0), p(0, 1)]),
        Changeset(data: items(3, 4), elementInserted: [p(0, 0), p(0, 1)]),
      ])
  }

  @Test func allThreeStagesInOrder() {
    let source = [Item(1), Item(2), Item(3), Item(4)]
    let target = [Item(4, 1), Item(1), Item(5), Item(3)]
    let staged = check(source, target)
    #expect(
      staged == [
        Changeset(
          data: [Item(1), Item(2), Item(3), Item(4, 1)], elementUpdated: [p(0, 3)]),
        Changeset(data: [Item(1), Item(3), Item(4, 1)], elementDeleted: [p(0, 1)]),
        Changeset(data: target, elementInserted: [p(0, 2)], elementMoved: [mv(p(0, 2), p(0, 0))]),
      ])
  }

  @Test func sectionParameterIsUsedInEveryPath() {
    let staged = StagedChangeset(source: items(1, 2), target: items(2, 3), section: 4)
    #expect(staged.allDeleted == [p(4, 0)])
    #expect(staged.allInserted == [p(4, 1)])
  }

  @Test func standardLibraryTypesAreDifferentiable() {
    let staged = StagedChangeset(source: ["a", "b", "c"], target: ["c", "a"])
    #expect(staged.count == 2)
    #expect(staged[0].elementDeleted == [p(0, 1)])
    #expect(staged[1].elementMoved == [mv(p(0, 0), p(0, 1))])
    #expect(staged[1].data == ["c", "a"])
  }

  @Test func worksOnOtherRangeReplaceableCollections() {
    let source: ContiguousArray<Int> = [1, 2, 3]
    let target: ContiguousArray<Int> = [3, 1, 2, 4]
    let staged = StagedChangeset(source: source, target: target)
    #expect(staged.last?.data == target)
    #expect(staged.allMoved.count == 1)
  }

  /// A collection without contiguous storage takes the path that copies it first; every
  /// stage's data must come out the same as for an array.
  @Test func collectionsWithoutContiguousStorageAreCopiedOnce() {
    var random = SplitMix64(seed: 31)
    for _ in 0..<TestScale.count(500) {
      let source = random.items(count: Int.random(in: 0...14, using: &random), ids: 6, contents: 2)
      let target = random.items(count: Int.random(in: 0...14, using: &random), ids: 6, contents: 2)
      let minimal = StagedChangeset(
        source: MinimalCollection(source), target: MinimalCollection(target))
      let array = StagedChangeset(source: source, target: target)
      #expect(minimal.count == array.count)
      for (stage, expected) in zip(minimal, array) {
        #expect(Array(stage.data) == expected.data)
        #expect(stage.elementDeleted == expected.elementDeleted)
        #expect(stage.elementInserted == expected.elementInserted)
        #expect(stage.elementUpdated == expected.elementUpdated)
        #expect(stage.elementMoved == expected.elementMoved)
      }
    }
  }

  /// Every pair of sequences of length ≤ 4 over 3 identifiers with 2 contents each (unless
  /// `STAGECRAFT_TEST_SCALE=full`, length ≤ 3, each source with every eighth target, a
  /// different eighth for consecutive sources, so that every target is still met).
  @Test(arguments: 0..<6)
  func exhaustiveSmallPairs(sourceSlice: Int) {
    let alphabet = (0..<3).flatMap { id in (0..<2).map { Item(id, $0) } }
    let all = allSequences(over: alphabet, maxLength: TestScale.isFull ? 4 : 3)
    let step = TestScale.isFull ? 1 : 8
    let chunk = (all.count + 5) / 6
    var cases = 0
    for (offset, source) in all.enumerated().dropFirst(sourceSlice * chunk).prefix(chunk) {
      for index in stride(from: offset % step, to: all.count, by: step) {
        cases += 1
        let target = all[index]
        let staged = StagedChangeset(source: source, target: target)
        if !verify(staged, source, target) { return }
      }
    }
    #expect(cases >= min(chunk, all.count - sourceSlice * chunk) * (all.count / step))
  }

  /// 10,000 seeded random pairs over small alphabets, so identifiers repeat. Every other
  /// pair shares a long common tail, often repeating identifiers of the middle, which stays
  /// matched in place.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func seededRandomPairs(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for round in 0..<TestScale.count(2_500) {
      let ids = Int.random(in: 1...8, using: &random)
      var source = random.items(
        count: Int.random(in: 0...16, using: &random), ids: ids, contents: 2)
      var target = random.items(
        count: Int.random(in: 0...16, using: &random), ids: ids, contents: 2)
      if round.isMultiple(of: 2) {
        let tail = random.items(
          count: Int.random(in: 32...40, using: &random), ids: ids + 2, contents: 2)
        source += tail
        target += tail
      }
      if !verify(StagedChangeset(source: source, target: target), source, target) { return }
    }
  }

  @Test func theCommonSuffixStaysInPlaceEvenWhenItRepeatsAnIdentifier() {
    let tail = (100..<139).map { Item($0) } + [Item(1)]
    // The 1 of the target's middle could also have been matched with the 1 at the end of
    // the source (a move, plus a delete and an insert at the end); the common suffix stays
    // in place instead, an equally maximal matching with no move.
    let staged = check([Item(5)] + tail, [Item(1)] + tail)
    #expect(staged.allDeleted == [p(0, 0)])
    #expect(staged.allInserted == [p(0, 0)])
    #expect(staged.allMoved.isEmpty)
    // A nine-element change at the front, past the old check of eight: still in place.
    let nine = check((200..<209).map { Item($0) } + tail, (300..<309).map { Item($0) } + tail)
    #expect(nine.allDeleted.count == 9 && nine.allInserted.count == 9 && nine.allMoved.isEmpty)
  }

  /// Replays exactly, matches maximally by the reference rule (common ends in place, k-th
  /// occurrence between them), and moves minimally.
  func verify(_ staged: StagedChangeset<[Item]>, _ source: [Item], _ target: [Item]) -> Bool {
    let problems = ReplayOracle.problems(staged, from: source, to: target)
    let reference = ReferenceMatching(source: source, target: target)
    let ok =
      problems.isEmpty
      && staged.allDeleted.map(\.element) == reference.deleted
      && staged.allInserted.map(\.element) == reference.inserted
      && staged.allUpdated.map(\.element) == reference.updated(source: source, target: target)
      && staged.allMoved.count == reference.minimumMoves
    #expect(ok, "\(source) -> \(target): \(problems) \(staged)")
    return ok
  }
}

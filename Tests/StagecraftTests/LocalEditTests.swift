import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftDiff

/// A local edit on counted elements with distinct identifiers.
func localEdit(_ kind: LocalEdit, count: Int, k: Int, counter: CallCounter) -> (
  source: [CountedItem], target: [CountedItem]
) {
  let (source, target) = kind.edit(count: count, k: k)
  let make = { (element: GeneratedElement) in
    CountedItem(id: CountedID(value: element.id, counter: counter), content: element.content)
  }
  return (source.map(make), target.map(make))
}

@Suite("Local edits: cost in proportion to the edit")
struct LocalEditTests {
  static let kinds = LocalEdit.allCases

  /// Each edit of k contiguous elements (plus, for some, one moved element) in a list of
  /// 4,000 hashes a number of identifiers that depends on k, not on the list, and the diff
  /// is exact: it replays, its matching is the only one (identifiers are distinct) and its
  /// moves are the fewest.
  @Test(arguments: kinds)
  func hashesOnlyWhatChanged(kind: LocalEdit) {
    // Below full scale, without the largest edit (which hashes the most).
    for k in TestScale.isFull ? [1, 8, 9, 100, 1_000] : [1, 8, 9, 100] {
      let counter = CallCounter()
      let (source, target) = localEdit(kind, count: 4_000, k: k, counter: counter)
      let staged = StagedChangeset(source: source, target: target)
      let hashes = counter.hashes
      #expect(ReplayOracle.problems(staged, from: source, to: target).isEmpty, "\(kind) \(k)")
      #expect(matchingProblems(staged, source: source, target: target).isEmpty, "\(kind) \(k)")
      let ids = { (list: [CountedItem]) in list.map(\.id.value) }
      #expect(staged.allMoved.count == minimumMoves(source: ids(source), target: ids(target)))
      // At most the changed elements and the moved one on each side, hashed once.
      #expect(hashes <= 2 * k + 4, "\(kind), k = \(k): \(hashes) hashes")
      // A list four times as long costs the same hashing.
      let longer = CallCounter()
      let (longSource, longTarget) = localEdit(kind, count: 16_000, k: k, counter: longer)
      _ = StagedChangeset(source: longSource, target: longTarget)
      #expect(longer.hashes == hashes, "\(kind), k = \(k): \(longer.hashes) and \(hashes)")
    }
  }

  /// Long runs kept in order are matched as runs even when identifiers repeat, and the
  /// matching stays maximal with the fewest moves for it.
  @Test(arguments: [1, 2, 3] as [UInt64])
  func runsAmongRepeatedIdentifiersStayMaximal(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<TestScale.count(40) {
      let ids = Int.random(in: 2...40, using: &random)
      let body = random.items(
        count: Int.random(in: 150...600, using: &random), ids: ids, contents: 2)
      var source = body
      var target = body
      // A few local edits and moves at random places, with identifiers from the same small
      // alphabet, so that runs and repeats meet.
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let edit = Int.random(in: 0..<4, using: &random)
        let at = Int.random(in: 0...target.count, using: &random)
        let fresh = random.items(
          count: Int.random(in: 1...20, using: &random), ids: ids, contents: 2)
        switch edit {
        case 0: target.insert(contentsOf: fresh, at: at)
        case 1 where at < target.count:
          target.removeSubrange(at..<min(target.count, at + fresh.count))
        case 2 where !target.isEmpty:
          let moved = target.remove(at: min(at, target.count - 1))
          target.insert(moved, at: Int.random(in: 0...target.count, using: &random))
        default: source.insert(contentsOf: fresh, at: min(at, source.count))
        }
      }
      let staged = StagedChangeset(source: source, target: target)
      #expect(ReplayOracle.problems(staged, from: source, to: target).isEmpty)
      let problems = matchingProblems(staged, source: source, target: target)
      #expect(problems.isEmpty, "\(problems)")
    }
  }

  /// A list of 200 whose identifiers repeat, with its last element moved to the top under
  /// 10 new ones: the list is found as one run, and the moved element is the one that moves.
  /// The k-th occurrence rule alone would pair the top 1 with the first 1 of the list and
  /// move more.
  @Test func aRunIsKeptWhenItsIdentifiersRepeat() {
    let run = (0..<200).map { Item($0 % 50) }
    let source = run + [Item(1)]
    let target = [Item(1)] + (100..<110).map { Item($0) } + run
    let staged = StagedChangeset(source: source, target: target)
    #expect(ReplayOracle.problems(staged, from: source, to: target).isEmpty)
    #expect(matchingProblems(staged, source: source, target: target).isEmpty)
    #expect(staged.allMoved == [mv(p(0, 200), p(0, 0))])
    #expect(staged.allInserted == (1...10).map { p(0, $0) })
    #expect(ReferenceMatching(source: source, target: target).minimumMoves > 1)
  }

  /// The matching by `Dictionary`, for sources past the table's 32-bit positions, agrees
  /// with the table's, repeats and colliding hashes included.
  @Test func theDictionaryMatchingAgreesWithTheTable() {
    var random = SplitMix64(seed: 9)
    for round in 0..<300 {
      let ids = Int.random(in: 1...30, using: &random)
      let source = random.items(
        count: Int.random(in: 0...60, using: &random), ids: ids, contents: 1)
      let target = random.items(
        count: Int.random(in: 0...60, using: &random), ids: ids, contents: 1)
      func match<E: Differentiable>(_ source: [E], _ target: [E], limit: Int) -> _OccurrenceMatching
      {
        var matching = _OccurrenceMatching(
          sourceToTarget: ContiguousArray(repeating: -1, count: source.count),
          targetToSource: ContiguousArray(repeating: -1, count: target.count), matchedCount: 0)
        source.withUnsafeBufferPointer { sourceBuffer in
          target.withUnsafeBufferPointer { targetBuffer in
            // Two ranges on each side, as the flat diff leaves around a matched run.
            let sourceSplit = sourceBuffer.count / 3
            let targetSplit = targetBuffer.count / 2
            _matchOccurrences(
              sourceBuffer, [0..<sourceSplit, sourceSplit..<sourceBuffer.count], targetBuffer,
              [0..<targetSplit, targetSplit..<targetBuffer.count], into: &matching,
              positionLimit: limit)
          }
        }
        return matching
      }
      let table = match(source, target, limit: Int(UInt32.max))
      let dictionary = match(source, target, limit: 0)
      #expect(table.sourceToTarget == dictionary.sourceToTarget, "round \(round)")
      #expect(table.matchedCount == dictionary.matchedCount)
      let reference = ReferenceMatching(source: source, target: target, trimmingCommonEnds: false)
      #expect(table.sourceToTarget.map { $0 >= 0 ? $0 : nil } == reference.sourceToTarget)
      let colliding = { (list: [Item]) in
        list.map { CollidingItem(id: CollidingID(value: $0.id), content: $0.content) }
      }
      #expect(
        match(colliding(source), colliding(target), limit: Int(UInt32.max)).sourceToTarget
          == table.sourceToTarget)
    }
  }
}

@Suite("Type-erased elements in the diff")
struct TypeErasedDiffTests {
  struct Left: Differentiable, Hashable {
    var id: Int
    var content: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Left) -> Bool { content == source.content }
  }

  struct Right: Differentiable, Hashable {
    var id: Int
    var content: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Right) -> Bool { content == source.content }
  }

  /// Lists mixing two types with the same identifier values, repeats included, long
  /// enough for runs: the diff of the wrapped values matches only values of one type with
  /// equal identifiers, maximally, with the fewest moves and the right updates.
  @Test func mixedTypesAreMatchedByTypeAndIdentifier() {
    var random = SplitMix64(seed: 21)
    for _ in 0..<TestScale.count(60) {
      func list(_ count: Int) -> [AnyDifferentiable] {
        (0..<count).map { _ in
          let id = Int.random(in: 0..<12, using: &random)
          let content = Int.random(in: 0..<2, using: &random)
          return Bool.random(using: &random)
            ? AnyDifferentiable(Left(id: id, content: content))
            : AnyDifferentiable(Right(id: id, content: content))
        }
      }
      let shared = list(Int.random(in: 0...200, using: &random))
      let source = list(Int.random(in: 0...20, using: &random)) + shared
      let target = Array(shared.shuffled(using: &random).prefix(20)) + shared + list(5)
      let staged = StagedChangeset(source: source, target: target)
      let problems = matchingProblems(staged, source: source, target: target)
      #expect(problems.isEmpty, "\(problems)")
      #expect(staged.last.map { $0.data.count == target.count } ?? (source.count == target.count))
    }
  }
}

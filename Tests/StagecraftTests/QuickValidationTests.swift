import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftModel

@Suite("Batch validation: the quick item checks agree with the exact ones")
struct QuickValidationTests {
  /// A random batch against random counts: mostly the diff's shape (each list sorted
  /// without repeats, the counts adding up), sometimes out of order, repeated, out of
  /// range or miscounted.
  func randomCase(_ random: inout SplitMix64) -> (before: [Int], after: [Int], BatchUpdate) {
    let sectionsBefore = Int.random(in: 1...3, using: &random)
    var before = (0..<sectionsBefore).map { _ in Int.random(in: 0...8, using: &random) }
    var batch = BatchUpdate()
    func paths(_ counts: [Int], _ count: Int) -> [ElementPath] {
      (0..<count).compactMap { _ -> ElementPath? in
        let section = Int.random(in: 0..<counts.count, using: &random)
        guard counts[section] > 0 else { return nil }
        return ElementPath(
          element: Int.random(in: 0..<counts[section], using: &random), section: section)
      }
    }
    batch.deleteItems = paths(before, Int.random(in: 0...4, using: &random))
    batch.reloadItems = paths(before, Int.random(in: 0...2, using: &random))
    let sources = paths(before, Int.random(in: 0...3, using: &random))
    // The counts after, as the calls so far would make them, then the moves and inserts.
    var after = before
    for path in Set(batch.deleteItems) { after[path.section] -= 1 }
    for source in sources {
      let section = Int.random(in: 0..<after.count, using: &random)
      after[source.section] -= 1
      after[section] += 1
      batch.moveItems.append(
        Move(source: source, target: ElementPath(element: 0, section: section)))
    }
    let insertCount = Int.random(in: 0...4, using: &random)
    for _ in 0..<insertCount { after[Int.random(in: 0..<after.count, using: &random)] += 1 }
    after = after.map { max(0, $0) }
    batch.insertItems = paths(after, insertCount)
    batch.moveItems = batch.moveItems.map { move in
      let count = after[move.target.section]
      return Move(
        source: move.source,
        target: ElementPath(
          element: count > 0 ? Int.random(in: 0..<count, using: &random) : 0,
          section: move.target.section))
    }
    batch.reconfigureItems = paths(after, Int.random(in: 0...1, using: &random))
    // Mostly sorted without repeats, as the diff makes them.
    if Int.random(in: 0..<4, using: &random) > 0 {
      batch.deleteItems = Array(Set(batch.deleteItems)).sorted()
      batch.reloadItems = Array(Set(batch.reloadItems)).sorted()
      batch.insertItems = Array(Set(batch.insertItems)).sorted()
      batch.moveItems.sort { $0.target < $1.target }
    }
    if Int.random(in: 0..<8, using: &random) == 0 {
      after[Int.random(in: 0..<after.count, using: &random)] += 1
    }
    if Int.random(in: 0..<8, using: &random) == 0 { before.append(0) }
    return (before, after, batch)
  }

  @Test(arguments: [false, true])
  func quickAndExactAgree(strict: Bool) {
    var random = SplitMix64(seed: strict ? 2 : 1)
    var accepted = 0
    var quicklyAccepted = 0
    var acceptedWithoutMap = 0
    for _ in 0..<TestScale.count(20_000) {
      let (before, after, batch) = randomCase(&random)
      func outcome(quickly: Bool) -> BatchUpdateError.Reason? {
        do {
          _ = try _BatchValidation.validate(
            before: before, after: after, batch: batch, strict: strict, quickly: quickly)
          return nil
        } catch {
          return error.reason
        }
      }
      let quick = outcome(quickly: true)
      let exact = outcome(quickly: false)
      #expect(quick == exact, "\(before) -> \(after): \(batch)")
      if exact == nil { accepted += 1 }
      if _BatchValidation.passesQuickly(before: before, after: after, batch: batch, strict: strict)
      {
        quicklyAccepted += 1
        #expect(exact == nil, "accepted quickly: \(before) -> \(after): \(batch)")
      }
      if _BatchValidation.passesWithoutMap(before: before, after: after, batch: batch) {
        acceptedWithoutMap += 1
        #expect(exact == nil, "accepted without a map: \(before) -> \(after): \(batch)")
      }
    }
    // The guard's map-free check answers most of the accepted ones too.
    #expect(acceptedWithoutMap > accepted / 2, "\(acceptedWithoutMap) of \(accepted)")
    // Both kinds of batch are exercised, and the quick checks answer most accepted ones.
    #expect(accepted > TestScale.count(20_000) / 10)
    #expect(accepted < TestScale.count(20_000) * 9 / 10)
    #expect(quicklyAccepted > accepted / 2, "\(quicklyAccepted) of \(accepted)")
  }

  /// Every block of a flat diff, duplicates included, passes the guard's map-free check:
  /// the guard never falls back to the full validation for the diff's own blocks.
  @Test func theDiffsBlocksPassWithoutAMap() {
    var random = SplitMix64(seed: 9)
    for _ in 0..<TestScale.count(2_000) {
      let source = random.items(count: Int.random(in: 0...40, using: &random), ids: 12, contents: 2)
      let target = random.items(count: Int.random(in: 0...40, using: &random), ids: 12, contents: 2)
      var count = source.count
      for stage in StagedChangeset(source: source, target: target) {
        let batch = BatchUpdate(
          deleteItems: stage.elementDeleted, insertItems: stage.elementInserted,
          reloadItems: stage.elementUpdated, moveItems: stage.elementMoved)
        #expect(
          _BatchValidation.passesWithoutMap(
            before: [count], after: [stage.data.count], batch: batch),
          "\(source) -> \(target): \(batch)")
        count = stage.data.count
      }
    }
  }
}

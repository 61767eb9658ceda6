import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftModel

@Suite("Batch validation: one verdict, whichever way it is reached")
struct QuickValidationTests {
  /// Random batches with section calls beside item calls, strict and lenient, sorted and
  /// not, with counts that add up and counts that don't: the quick validation gives the
  /// exact one's verdict and reason, and neither shortcut (the quick item checks, the
  /// guard's map-free check) ever accepts what the exact phases refuse.
  @Test func everyPathGivesTheExactVerdict() {
    var random = SplitMix64(seed: 0x5EC7_1045)
    let total = TestScale.isFull ? 60_000 : 5_000
    var accepted = 0
    var acceptedWithSectionCalls = 0
    var quicklyAccepted = 0
    var acceptedWithoutMap = 0
    var reloadsInDeletedSections = 0
    for _ in 0..<total {
      let drawn = RandomBatch(&random)
      let paths = _ValidationPaths(
        before: drawn.before, after: drawn.after, batch: drawn.batch, strict: drawn.isStrict)
      #expect(paths.disagreement == nil, "\(drawn): \(paths.disagreement ?? "")")
      let batch = drawn.batch
      let sectionCalls =
        !(batch.deleteSections + batch.insertSections + batch.reloadSections).isEmpty
        || !batch.moveSections.isEmpty
      if paths.exact == nil {
        accepted += 1
        if sectionCalls { acceptedWithSectionCalls += 1 }
      }
      if paths.passesQuickly { quicklyAccepted += 1 }
      if paths.passesWithoutMap { acceptedWithoutMap += 1 }
      if case .reloadInDeletedSection? = paths.exact { reloadsInDeletedSections += 1 }
    }
    // Both verdicts are common, section calls take part in accepted batches, the shortcuts
    // answer a good share of the accepted ones, and the rule that the quick checks once
    // missed is met many times.
    #expect(accepted > total / 10, "\(accepted) of \(total)")
    #expect(accepted < total * 9 / 10, "\(accepted) of \(total)")
    #expect(acceptedWithSectionCalls > accepted / 5, "\(acceptedWithSectionCalls) of \(accepted)")
    #expect(quicklyAccepted > accepted / 2, "\(quicklyAccepted) of \(accepted)")
    #expect(acceptedWithoutMap > accepted / 5, "\(acceptedWithoutMap) of \(accepted)")
    #expect(reloadsInDeletedSections > total / 200, "\(reloadsInDeletedSections)")
  }

  /// The batch that the quick item checks once let through: a reload inside a section the
  /// same block deletes. The exact phases refuse it in strict mode; so must every path.
  @Test func aReloadInADeletedSectionIsRefusedEverywhere() throws {
    let batch = BatchUpdate(deleteSections: [2], reloadItems: [ElementPath(element: 0, section: 2)])
    let paths = _ValidationPaths(before: [1, 1, 1], after: [1, 1], batch: batch, strict: true)
    #expect(paths.exact == .reloadInDeletedSection(path: ElementPath(element: 0, section: 2)))
    #expect(paths.quick == paths.exact)
    #expect(!paths.passesQuickly)
    #expect(!paths.passesWithoutMap)
    // Lenient validation accepts it: UIKit's own checks let it through.
    let lenient = _ValidationPaths(before: [1, 1, 1], after: [1, 1], batch: batch, strict: false)
    #expect(lenient.exact == nil && lenient.quick == nil)
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

import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftModel

@Suite("The model against verdicts others recorded")
struct EvidenceTests {
  @Test func theCorpusIsLargeAndEveryCaseHasASource() {
    #expect(recordedVerdicts.count >= 25)
    #expect(recordedVerdicts.allSatisfy { $0.url.hasPrefix("https://") })
    #expect(Set(recordedVerdicts.map(\.name)).count == recordedVerdicts.count)
  }

  /// Accepted blocks are accepted; raises are refused, with UIKit's text where the source
  /// quotes it; corruptions are refused in strict mode, with a text that says UIKit does not
  /// check it, and accepted otherwise.
  @Test(arguments: recordedVerdicts)
  func theModelAgrees(with recorded: RecordedVerdict) {
    func verdict(strict: Bool) -> BatchUpdateError? {
      do {
        try recorded.batch.validate(
          itemCountsBefore: recorded.before, itemCountsAfter: recorded.after, isStrict: strict,
          view: recorded.view)
        return nil
      } catch {
        return error
      }
    }
    switch recorded.verdict {
    case .accepted:
      #expect(verdict(strict: true) == nil)
      #expect(verdict(strict: false) == nil)
    case .raises(let text):
      for strict in [true, false] {
        let error = verdict(strict: strict)
        #expect(error != nil)
        if let text { #expect(error?.description == text) }
      }
    case .corrupts:
      let error = verdict(strict: true)
      #expect(error != nil)
      #expect(error?.description.contains("UIKit does not check this") == true)
      #expect(verdict(strict: false) == nil)
    case .avoided:
      let error = verdict(strict: true)
      #expect(error != nil)
      #expect(error?.description.contains("so strict validation refuses it") == true)
      #expect(verdict(strict: false) == nil)
    }
    // Every way the library decides a batch gives the same verdict on it.
    for strict in [true, false] {
      let paths = _ValidationPaths(
        before: recorded.before, after: recorded.after, batch: recorded.batch, strict: strict)
      #expect(paths.disagreement == nil, "\(paths.disagreement ?? "")")
    }
  }
}

@Suite("The model: reloads beside section moves")
struct ReloadBesideSectionMoveTests {
  /// A reload whose section moves, or is displaced by another section's move, places its
  /// fresh copy without the moves (radar 27041784). Whatever the model then accepts, every
  /// realized cell and selected item lies inside the data, in strict mode and out of it.
  /// (A fuzzer found cells outside the data when the map placed the re-insert one way and
  /// the fresh copy another.)
  @Test(arguments: [false, true])
  func acceptedBlocksKeepEveryCellInsideTheData(strict: Bool) {
    var random = SplitMix64(seed: strict ? 31 : 32)
    var accepted = 0
    for _ in 0..<TestScale.count(20_000) {
      func counts() -> [Int] {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 0...3, using: &random)
        }
      }
      let before = counts()
      var after = counts()
      if Bool.random(using: &random) { after = before }
      func sections(_ counts: [Int]) -> [ArraySection<Int, Int>] {
        counts.enumerated().map { ArraySection(model: $0.offset, elements: Array(0..<$0.element)) }
      }
      var model = CollectionModel(
        sections: sections(before),
        configuration: .init(isStrict: strict, allowsMultipleSelection: true))
      for section in before.indices where before[section] > 0 {
        model.selectItem(at: ElementPath(element: 0, section: section))
      }
      func index(_ limit: Int) -> Int { Int.random(in: 0..<max(limit, 1), using: &random) }
      var batch = BatchUpdate()
      batch.moveSections = [Move(source: index(before.count), target: index(after.count))]
      let section = index(before.count)
      batch.reloadItems = [ElementPath(element: index(before[section]), section: section)]
      if Bool.random(using: &random) {
        let from = index(before.count)
        batch.deleteItems = [ElementPath(element: index(before[from]), section: from)]
      }
      guard (try? model.performBatchUpdates(batch, newSections: sections(after))) != nil else {
        continue
      }
      accepted += 1
      #expect(
        model.realizedPaths.allSatisfy { model.element(at: $0) != nil },
        "\(before) -> \(after): \(batch)")
      #expect(model.indexPathsForSelectedItems.allSatisfy { model.element(at: $0) != nil })
    }
    #expect(accepted > 0)
  }
}

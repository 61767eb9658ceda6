import Stagecraft
import Testing

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
    }
  }
}

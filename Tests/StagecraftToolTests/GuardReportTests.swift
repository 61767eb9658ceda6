import Foundation
import Stagecraft
import Testing

@testable import StagecraftTool

@Suite("stagecraft check: a guard's report from the field")
struct GuardReportTests {
  /// A report's JSON, checked on a laptop, gives the same refusal with the same text; and
  /// the explanation it carries is the one `stagecraft explain` prints for that text.
  @Test(arguments: [ListViewKind.collectionView, .tableView])
  func aReportReplaysToTheSameRefusal(view: ListViewKind) throws {
    let batch = BatchUpdate(
      deleteItems: [ElementPath(element: 0, section: 0)],
      insertItems: [ElementPath(element: 3, section: 0)])
    var refusal: BatchUpdateError?
    do {
      try batch.validate(itemCountsBefore: [3], itemCountsAfter: [4], view: view)
    } catch {
      refusal = error
    }
    let error = try #require(refusal)
    let fallback = BatchUpdateFallback(
      cause: .refused(error), view: view, itemCountsBefore: [3], itemCountsAfter: [4],
      batch: batch)
    let result = run("check", "report.json", files: ["report.json": fallback.json])
    #expect(result.status == 1)
    #expect(result.output.hasPrefix("refused: \(error.description)\n"))
    #expect(result.output.contains(error.explanation.description))

    let explained = run("explain", "--text", error.description)
    #expect(explained.status == 0)
    for line in error.explanation.disagreement + error.explanation.causes {
      #expect(explained.output.contains(line))
    }
  }

  @Test func aValidReportAndABadOneAreToldApart() {
    let valid =
      #"{"cause":"refused","itemCountsBefore":[3],"itemCountsAfter":[4],"batch":{"insertItems":[[0,3]]}}"#
    #expect(run("check", "r.json", files: ["r.json": valid]).status == 0)
    let offScreen = #"{"cause":"offScreen","view":"collectionView"}"#
    let result = run("check", "r.json", files: ["r.json": offScreen])
    #expect(result.status != 0)
    #expect(result.error.contains("off-screen report has none to check"))
  }
}

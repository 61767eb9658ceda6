import Foundation
import Stagecraft
import StagecraftTestSupport
import Synchronization
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

@Suite("A guard's report names stale view counts first")
@MainActor
struct StaleCountsReportTests {
  /// The data changed behind the view's back: the view shows 3 items, the app diffs from
  /// 4 to 3 (one delete). The guard refuses the block, and its report carries the counts the
  /// replay started from, so the report alone proves the cause.
  func staleReport() throws -> BatchUpdateFallback {
    let view = CountsView(counts: [3])
    var data = [1, 2, 3, 4]
    view.dataCounts = { [data.count] }
    let reports = Mutex<[BatchUpdateFallback]>([])
    let check = UpdateGuard(onFallback: { report in reports.withLock { $0.append(report) } })
    view.reload(
      using: StagedChangeset(source: data, target: [1, 2, 3]), guard: check,
      setData: { data = $0 })
    #expect(data == [1, 2, 3])
    return try #require(reports.withLock { $0.first })
  }

  @Test func theReportCarriesTheDataCountsAndSaysStaleFirst() throws {
    let report = try staleReport()
    #expect(report.itemCountsBefore == [3])
    #expect(report.dataItemCountsBefore == [4])
    #expect(report.hasStaleViewCounts)
    let explanation = try #require(report.explanation)
    #expect(explanation.causes[0].hasPrefix("The view's counts were stale"))
    #expect(
      explanation.disagreement[0]
        .hasPrefix("Before the block the view showed [3] items per section, but the data"))
    #expect(report.json.contains(#""dataItemCountsBefore":[4]"#))
    // Without the data's counts, the same refusal is explained without the diagnosis.
    #expect(report.error?.explanation.causes[0].hasPrefix("The view's counts were stale") == false)
  }

  @Test func checkAndExplainStateTheCauseFirstInTextAndJSON() throws {
    let report = try staleReport()
    let files = ["report.json": report.json]
    let text = run("check", "report.json", files: files)
    #expect(text.status == 1)
    let causes = text.output.components(separatedBy: "Typical causes:\n")[1]
    #expect(causes.hasPrefix("  - The view's counts were stale"))

    let json = run("check", "report.json", "--format", "json", files: files)
    #expect(json.status == 1)
    let document = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    let explanation = try #require(document?["explanation"] as? [String: [String]])
    #expect(explanation["causes"]?.first?.hasPrefix("The view's counts were stale") == true)
    #expect(document?["staleViewCounts"] as? Bool == true)

    let explained = run("explain", "report.json", files: files)
    #expect(explained.status == 0)
    let explainedCauses = explained.output.components(separatedBy: "Typical causes:\n")[1]
    #expect(explainedCauses.hasPrefix("  - The view's counts were stale"))
    let explainedJSON = run("explain", "report.json", "--format", "json", files: files)
    let explainedDocument =
      try JSONSerialization.jsonObject(with: Data(explainedJSON.output.utf8)) as? [String: Any]
    let firstCause = (explainedDocument?["causes"] as? [String])?.first
    #expect(firstCause?.hasPrefix("The view's counts were stale") == true)
  }

  /// A block wrong for its own data, on a view that shows that data: not stale, and not
  /// said to be.
  @Test func aWrongBlockOnAnUpToDateViewIsNotCalledStale() throws {
    let view = CountsView(counts: [3])
    var data = [1, 2, 3]
    view.dataCounts = { [data.count] }
    let reports = Mutex<[BatchUpdateFallback]>([])
    let check = UpdateGuard(onFallback: { report in reports.withLock { $0.append(report) } })
    // A hand-made stage that deletes index 3 of three items.
    let stage = Changeset(data: [1, 2], elementDeleted: [ElementPath(element: 3, section: 0)])
    view.reload(using: StagedChangeset([stage]), guard: check, setData: { data = $0 })
    let report = try #require(reports.withLock { $0.first })
    #expect(report.dataItemCountsBefore == [3])
    #expect(!report.hasStaleViewCounts)
    let text = run("check", "report.json", files: ["report.json": report.json])
    #expect(!text.output.contains("The view's counts were stale: the data changed"))
  }
}

import Foundation
import Stagecraft
import StagecraftTestSupport
import Synchronization
import Testing

@testable import StagecraftPipeline

/// Sections whose item counts are `counts`, each item its own identifier.
private func sections(_ counts: [Int], offset: Int = 0) -> [ArraySection<Int, Int>] {
  counts.enumerated().map { section, count in
    ArraySection(model: section, elements: (0..<count).map { offset + section * 1_000 + $0 })
  }
}

/// One block holding exactly `batch`'s calls (no reconfigures), with `data` after it.
private func oneBlock(_ batch: BatchUpdate, data: [ArraySection<Int, Int>])
  -> StagedChangeset<[ArraySection<Int, Int>]>
{
  var stage = Changeset(data: data)
  // Set after `init`, which would sort them: the lists stay as the batch has them.
  stage.sectionDeleted = batch.deleteSections
  stage.sectionInserted = batch.insertSections
  stage.sectionUpdated = batch.reloadSections
  stage.sectionMoved = batch.moveSections
  stage.elementDeleted = batch.deleteItems
  stage.elementInserted = batch.insertItems
  stage.elementUpdated = batch.reloadItems
  stage.elementMoved = batch.moveItems
  return StagedChangeset([stage])
}

@Suite("One verdict: every entry point decides a batch alike")
@MainActor
struct OneVerdictTests {
  /// The batch of issue reports: a reload inside a section the same block deletes.
  static let reloadInDeletedSection = RandomBatchCase(
    before: [1, 1, 1], after: [1, 1],
    batch: BatchUpdate(deleteSections: [2], reloadItems: [ElementPath(element: 0, section: 2)]))

  /// The same batches through `BatchUpdate.validate`, `CollectionModel`, the guard of a
  /// collection view and of a table view, `UpdatePipeline`, `stagecraft check` with the
  /// data and the calls, and `stagecraft check` with a guard's report: one verdict, with
  /// UIKit's text, for each.
  @Test func everyEntryPointAgrees() async throws {
    var random = SplitMix64(seed: 0x0E_7E7D)
    var cases = [Self.reloadInDeletedSection]
    while cases.count < 400 {
      var drawn = RandomBatch(&random)
      drawn.batch.reconfigureItems = []  // a changeset's blocks carry no hand-made reconfigure
      guard drawn.isStrict, !drawn.batch.isEmpty else { continue }
      cases.append(RandomBatchCase(before: drawn.before, after: drawn.after, batch: drawn.batch))
    }
    var refused = 0
    for testCase in cases {
      let expected = testCase.verdict()
      if expected != nil { refused += 1 }
      let label = Comment(rawValue: "\(testCase)")
      #expect(testCase.modelVerdict() == expected, label)
      for kind in ListViewKind.allCases {
        #expect(testCase.guardVerdict(kind) == expected, label)
      }
      #expect(await testCase.pipelineVerdict() == expected, label)
      let text = expected.map { "refused: \($0.description)" } ?? "valid"
      #expect(testCase.checkVerdict() == text, label)
      #expect(testCase.reportVerdict() == text, label)
    }
    #expect(refused > 40 && refused < 360, "\(refused) of \(cases.count)")
    // The batch the issue named is refused, with the strict rule's text.
    let refusal = try #require(Self.reloadInDeletedSection.verdict())
    #expect(refusal.reason == .reloadInDeletedSection(path: ElementPath(element: 0, section: 2)))
  }
}

/// Counts before and after, and a batch: what every entry point is asked about.
struct RandomBatchCase: CustomStringConvertible {
  var before: [Int]
  var after: [Int]
  var batch: BatchUpdate

  var description: String { "\(before) -> \(after): \(batch)" }

  /// `BatchUpdate.validate`, strict, in the classic wording.
  func verdict() -> BatchUpdateError? {
    do {
      try batch.validate(itemCountsBefore: before, itemCountsAfter: after)
      return nil
    } catch {
      return error
    }
  }

  /// `CollectionModel.performBatchUpdates`.
  func modelVerdict() -> BatchUpdateError? {
    var model = CollectionModel(sections: sections(before))
    do {
      try model.performBatchUpdates(batch, newSections: sections(after, offset: 500_000))
      return nil
    } catch {
      return error
    }
  }

  /// The guard of a replay onto a view of `kind`: its report's refusal, or nil when the
  /// block reached the view unchanged.
  @MainActor func guardVerdict(_ kind: ListViewKind) -> BatchUpdateError? {
    let data = sections(after, offset: 500_000)
    let view = CountsView(counts: before)
    view.kind = kind
    var shown = sections(before)
    view.dataCounts = { shown.map(\.elements.count) }
    let reports = Mutex<[BatchUpdateFallback]>([])
    let check = UpdateGuard(
      wording: .classic, onFallback: { report in reports.withLock { $0.append(report) } })
    view.reload(using: oneBlock(batch, data: data), guard: check, setData: { shown = $0 })
    let reported = reports.withLock { $0 }
    if let report = reported.first {
      #expect(view.blocks.isEmpty && reported.count == 1)
      // A table view's text says rows; the verdict is the same refusal.
      return report.error.map { BatchUpdateError($0.reason) }
    }
    #expect(view.blocks == [batch])
    return nil
  }

  /// `UpdatePipeline` onto a view, guarded: its guard's refusal, or nil.
  @MainActor func pipelineVerdict() async -> BatchUpdateError? {
    let data = sections(after, offset: 500_000)
    let view = CountsView(counts: before)
    let reports = Mutex<[BatchUpdateFallback]>([])
    let check = UpdateGuard(
      wording: .classic, onFallback: { report in reports.withLock { $0.append(report) } })
    let staged = oneBlock(batch, data: data)
    let pipeline = UpdatePipeline<[ArraySection<Int, Int>], Never>(
      view: view, data: sections(before), strategy: UpdateStrategy().elementUpdates(.reload),
      guard: check, counts: { .sections($0.map(\.elements.count)) }, diff: { _, _ in staged })
    view.dataCounts = { [weak pipeline] in pipeline?.data.map(\.elements.count) ?? [] }
    _ = await pipeline.apply(data)
    #expect(pipeline.data.map(\.elements.count) == after)
    return reports.withLock { $0.first?.error }
  }

  /// `stagecraft check OLD.json NEW.json BATCH.json --sections`: its first line.
  func checkVerdict() -> String {
    func json(_ counts: [Int], offset: Int) -> String {
      let list = sections(counts, offset: offset).map { section in
        #"{"id":\#(section.model),"items":\#(section.elements)}"#
      }
      return "[" + list.joined(separator: ",") + "]"
    }
    let report = BatchUpdateFallback(cause: .offScreen, batch: batch).json
    let batchJSON = String(report[report.range(of: #""batch":"#)!.upperBound...].dropLast())
    let files = [
      "old.json": json(before, offset: 0), "new.json": json(after, offset: 500_000),
      "batch.json": batchJSON,
    ]
    let result = run("check", "old.json", "new.json", "batch.json", "--sections", files: files)
    let first = result.output.prefix { $0 != "\n" }
    return first.hasPrefix("valid") ? "valid" : String(first)
  }

  /// `stagecraft check REPORT.json`: its first line.
  func reportVerdict() -> String {
    let report = BatchUpdateFallback(
      cause: .offScreen, itemCountsBefore: before, itemCountsAfter: after, batch: batch)
    let result = run("check", "report.json", files: ["report.json": report.json])
    let first = result.output.prefix { $0 != "\n" }
    return first.hasPrefix("valid") ? "valid" : String(first)
  }
}

import Stagecraft
import StagecraftTestSupport
import Testing

/// The texts of each view and wording, from hand-built batches (the real texts these were
/// checked against are in the tool's crash corpus).
@Suite("UIKit's texts: table views and wordings by era")
struct UIKitTextTests {
  func refusal(
    _ batch: BatchUpdate, before: [Int], after: [Int], wording: BatchUpdateError.Wording = .classic,
    view: BatchUpdateError.ViewKind = .collectionView
  ) -> String? {
    func sections(_ counts: [Int]) -> [ArraySection<Int, Int>] {
      counts.enumerated().map { ArraySection(model: $0.offset, elements: Array(0..<$0.element)) }
    }
    var model = CollectionModel(
      sections: sections(before), configuration: .init(wording: wording, view: view))
    do {
      try model.performBatchUpdates(batch, newSections: sections(after))
      return nil
    } catch {
      #expect(model.sections == sections(before))
      return error.description
    }
  }

  @Test func aTableViewSpeaksOfRows() {
    #expect(
      refusal(BatchUpdate(deleteItems: [p(0, 99)]), before: [20], after: [19], view: .tableView)
        == "attempt to delete row 99 from section 0 which only contains 20 rows before the update")
    #expect(
      refusal(BatchUpdate(insertItems: [p(0, 100)]), before: [20], after: [21], view: .tableView)
        == "attempt to insert row 100 into section 0, but there are only 21 rows in section 0 "
        + "after the update")
    #expect(
      refusal(
        BatchUpdate(insertSections: [1], moveItems: [mv(p(0, 0), p(1, 0))]), before: [1],
        after: [0, 1], view: .tableView)
        == "cannot move a row into a newly inserted section (1)")
    #expect(
      refusal(BatchUpdate(deleteSections: [0]), before: [20], after: [20], view: .tableView)
        == "Invalid update: invalid number of sections.  The number of sections contained in the "
        + "table view after the update (1) must be equal to the number of sections contained in "
        + "the table view before the update (1), plus or minus the number of sections inserted "
        + "or deleted (0 inserted, 1 deleted).")
  }

  @Test func theClassicCountTextInEveryEra() {
    let batch = BatchUpdate(deleteItems: [p(0, 0)])
    let rest =
      "The number of rows contained in an existing section after the update (20) must be "
      + "equal to the number of rows contained in that section before the update (20), plus "
      + "or minus the number of rows inserted or deleted from that section (0 inserted, 1 "
      + "deleted)"
    let moves =
      " and plus or minus the number of rows moved into or out of that section (0 moved in, "
      + "0 moved out)."
    let head = "Invalid update: invalid number of rows in section 0."
    #expect(
      refusal(batch, before: [20], after: [20], wording: .classic, view: .tableView)
        == head + "  " + rest + moves)
    #expect(
      refusal(batch, before: [20], after: [20], wording: .iOS13, view: .tableView)
        == head + " " + rest + moves)
    #expect(
      refusal(batch, before: [20], after: [20], wording: .iOS4, view: .tableView)
        == head + "  " + rest + ".")
  }

  /// The batch-updates text lists a reload as a delete and an insert, deletes descending,
  /// and an empty list as `[ ]`; on several lines as UIKit logs it, or on one.
  @Test func theBatchUpdatesTextOnSeveralLinesOrOne() {
    let batch = BatchUpdate(deleteItems: [p(0, 1)], reloadItems: [p(0, 3)])
    let multiline = refusal(batch, before: [4], after: [4], wording: .iOS17, view: .tableView)
    #expect(
      multiline
        == """
        Invalid batch updates detected: the number of sections and/or rows returned by the data \
        source before and after performing the batch updates are inconsistent with the updates.
        Data source before updates = { 1 section with row counts: [4] }
        Data source after updates = { 1 section with row counts: [4] }
        Updates = [
        \tDelete row (0 - 3),
        \tDelete row (0 - 1),
        \tInsert row (0 - 2)
        ]
        """)
    let andOr = refusal(batch, before: [4], after: [4], wording: .iOS16_4)
    #expect(andOr?.contains("items returned by the data source before and/or after") == true)
    #expect(andOr?.contains("{ 1 section with item counts: [4] }\n") == true)
    #expect(
      refusal(BatchUpdate(), before: [4, 2], after: [1, 2], wording: .modern)
        == "Invalid batch updates detected: the number of sections and/or items returned by the "
        + "data source before and after performing the batch updates are inconsistent with the "
        + "updates. Data source before updates = { 2 sections with item counts: [4, 2] } Data "
        + "source after updates = { 2 sections with item counts: [1, 2] } Updates = [ ]")
  }

  @Test func updateListsOrderDeletesThenInsertsThenMoves() {
    let batch = BatchUpdate(
      deleteSections: [0], insertSections: [2], reloadSections: [1],
      moveSections: [Move(source: 3, target: 0)], deleteItems: [p(2, 0)],
      insertItems: [p(1, 0)], moveItems: [mv(p(2, 1), p(1, 1))])
    #expect(
      BatchUpdateError.Update.list(batch).map { $0.line(view: .collectionView) } == [
        "Delete section 1", "Delete section 0", "Delete item (2 - 0)", "Insert section 0",
        "Insert section 2", "Insert item (1 - 0)", "Move section 3 to 0",
        "Move item (2 - 1) to (1 - 1)",
      ])
  }
}

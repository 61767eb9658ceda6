import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftDiff

/// Every refusal of The Batch-Update Rules, "What UIKit refuses", as exact text, from a minimal batch.
@Suite("CollectionModel: UIKit's refusals")
struct CollectionModelErrorTests {
  typealias Model = CollectionModel<Section>

  /// Two sections: S0 with items 1, 2, 3 and S1 with items 4, 5.
  func twoSections(strict: Bool = true) -> Model {
    Model(
      sections: [section(0, [1, 2, 3]), section(1, [4, 5])],
      configuration: .init(isStrict: strict))
  }

  /// Applies `batch` and returns the error text; the model must be left unchanged.
  func refusal(
    _ batch: BatchUpdate, _ newSections: [Section], model: Model? = nil
  ) -> String? {
    var model = model ?? twoSections()
    let before = model
    do {
      try model.performBatchUpdates(batch, newSections: newSections)
      return nil
    } catch {
      #expect(model == before, "a refused batch changed the model")
      return error.description
    }
  }

  let unchanged = [section(0, [1, 2, 3]), section(1, [4, 5])]

  @Test func invalidNumberOfSections() {
    let expected: String =
      "Invalid update: invalid number of sections.  The number of sections contained in the "
      + "collection view after the update (2) must be equal to the number of sections "
      + "contained in the collection view before the update (2), plus or minus the number of "
      + "sections inserted or deleted (0 inserted, 1 deleted)."
    #expect(refusal(BatchUpdate(deleteSections: [0]), unchanged) == expected)
  }

  @Test func invalidNumberOfItems() {
    var model = CollectionModel(items: [1, 2, 3, 4])
    #expect(throws: BatchUpdateError.self) {
      try model.performBatchUpdates(BatchUpdate(), newItems: [1])
    }
    do {
      try model.performBatchUpdates(
        BatchUpdate(deleteItems: [p(0, 0)], insertItems: [p(0, 0)]), newItems: [1])
    } catch {
      let expected: String =
        "Invalid update: invalid number of items in section 0.  The number of items "
        + "contained in an existing section after the update (1) must be equal to the number "
        + "of items contained in that section before the update (4), plus or minus the number "
        + "of items inserted or deleted from that section (1 inserted, 1 deleted) and plus or "
        + "minus the number of items moved into or out of that section (0 moved in, 0 moved "
        + "out)."
      #expect("\(error)" == expected)
    }
    #expect(model.items == [1, 2, 3, 4])
  }

  @Test func invalidNumberOfItemsCountsMovesBetweenSections() {
    let batch = BatchUpdate(moveItems: [mv(p(0, 0), p(1, 0))])
    let expected: String =
      "Invalid update: invalid number of items in section 0.  The number of items "
      + "contained in an existing section after the update (3) must be equal to the number "
      + "of items contained in that section before the update (3), plus or minus the number "
      + "of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or "
      + "minus the number of items moved into or out of that section (0 moved in, 1 moved "
      + "out)."
    #expect(refusal(batch, unchanged) == expected)
  }

  @Test func modernWordingOfCountFailures() {
    var model = CollectionModel(items: [1, 2, 3, 4], configuration: .init(wording: .modern))
    do {
      try model.performBatchUpdates(BatchUpdate(insertItems: [p(0, 0)]), newItems: [1])
      Issue.record("accepted")
    } catch {
      let expected: String =
        "Invalid batch updates detected: the number of sections and/or items returned by "
        + "the data source before and after performing the batch updates are inconsistent "
        + "with the updates. Data source before updates = { 1 section with item counts: [4] } "
        + "Data source after updates = { 1 section with item counts: [1] } Updates = [ Insert "
        + "item (0 - 0) ]"
      #expect("\(error)" == expected)
    }
    var sectioned = Model(
      sections: [section(0, [1]), section(1, [])], configuration: .init(wording: .modern))
    do {
      try sectioned.performBatchUpdates(
        BatchUpdate(deleteSections: [1]), newSections: [section(0, [1])] + [section(1, [])])
      Issue.record("accepted")
    } catch {
      #expect(
        "\(error)".hasSuffix(
          "Data source before updates = { 2 sections with item counts: [1, 0] } Data source "
            + "after updates = { 2 sections with item counts: [1, 0] } Updates = [ Delete "
            + "section 1 ]"))
    }
  }

  @Test func perOperationMessages() {
    let cases: [(BatchUpdate, [Section], String)] = [
      (
        BatchUpdate(deleteSections: [2]), [section(0, [1, 2, 3])],
        "attempt to delete section 2, but there are only 2 sections before the update"
      ),
      (
        BatchUpdate(deleteItems: [p(2, 0)]), unchanged,
        "attempt to delete item 0 from section 2, but there are only 2 sections before the update"
      ),
      (
        BatchUpdate(deleteItems: [p(0, 3)]), unchanged,
        "attempt to delete item 3 from section 0 which only contains 3 items before the update"
      ),
      (
        BatchUpdate(reloadItems: [p(1, 7)]), unchanged,
        "attempt to delete item 7 from section 1 which only contains 2 items before the update"
      ),
      (
        BatchUpdate(insertSections: [3]), unchanged + [section(2, [])],
        "attempt to insert section 3 but there are only 3 sections after the update"
      ),
      (
        BatchUpdate(insertItems: [p(2, 0)]), unchanged,
        "attempt to insert item 0 into section 2, but there are only 2 sections after the update"
      ),
      (
        BatchUpdate(insertItems: [p(1, 3)]), [section(0, [1, 2, 3]), section(1, [4, 5, 6])],
        "attempt to insert item 3 into section 1, but there are only 3 items in section 1 after the update"
      ),
      (
        BatchUpdate(deleteItems: [p(0, 1)], reloadItems: [p(0, 1)]), unchanged,
        "attempt to delete and reload the same index path ({length = 2, path = 0 - 1})"
      ),
      (
        BatchUpdate(deleteItems: [p(0, 1)], moveItems: [mv(p(0, 1), p(0, 0))]), unchanged,
        "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})"
      ),
      (
        BatchUpdate(reloadItems: [p(0, 1)], moveItems: [mv(p(0, 1), p(0, 0))]), unchanged,
        "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})"
      ),
      (
        BatchUpdate(deleteSections: [0], moveSections: [Move(source: 0, target: 0)]), unchanged,
        "attempt to perform a delete and a move from the same section (0)"
      ),
      (
        BatchUpdate(insertItems: [p(0, 0)], moveItems: [mv(p(0, 2), p(0, 0))]), unchanged,
        "attempt to perform an insert and a move to the same index path ({length = 2, path = 0 - 0})"
      ),
      (
        BatchUpdate(insertSections: [1], moveSections: [Move(source: 0, target: 1)]), unchanged,
        "attempt to perform an insert and a move to the same section (1)"
      ),
      (
        BatchUpdate(deleteSections: [0], moveItems: [mv(p(0, 0), p(0, 0))]), [section(1, [4, 5])],
        "cannot move an item from a deleted section (0)"
      ),
      (
        BatchUpdate(insertSections: [2], moveItems: [mv(p(0, 0), p(2, 0))]),
        unchanged + [section(2, [1])],
        "cannot move an item into a newly inserted section (2)"
      ),
      (
        BatchUpdate(moveSections: [Move(source: 5, target: 0)]), unchanged,
        "attempt to move section 5, but there are only 2 sections before the update"
      ),
      (
        BatchUpdate(moveItems: [mv(p(0, 3), p(0, 0))]), unchanged,
        "attempt to move index path ({length = 2, path = 0 - 3}) that does not exist - there are only 3 items in section 0 before the update"
      ),
      (
        BatchUpdate(moveItems: [mv(p(0, 0), p(0, 3))]), unchanged,
        "attempt to move index path ({length = 2, path = 0 - 0}) to index path ({length = 2, path = 0 - 3}) that does not exist - there are only 3 items in section 0 after the update"
      ),
      (
        BatchUpdate(moveItems: [mv(p(4, 0), p(0, 0))]), unchanged,
        "attempt to move index path ({length = 2, path = 4 - 0}) from a section that does not exist - there are only 2 sections before the update"
      ),
      (
        BatchUpdate(moveItems: [mv(p(0, 0), p(4, 0))]), unchanged,
        "attempt to move index path ({length = 2, path = 0 - 0}) to index path ({length = 2, path = 4 - 0}) in section that does not exist - there are only 2 sections after the update"
      ),
      (
        BatchUpdate(moveSections: [Move(source: 0, target: 1), Move(source: 0, target: 0)]),
        unchanged,
        "attempt to move section 0 to both section 1 and section 0"
      ),
      (
        BatchUpdate(moveSections: [Move(source: 0, target: 1), Move(source: 1, target: 1)]),
        unchanged,
        "attempt to move both section 0 and section 1 to section 1"
      ),
      (
        BatchUpdate(moveItems: [mv(p(0, 0), p(0, 1)), mv(p(0, 0), p(0, 2))]), unchanged,
        "attempt to move item at index path {length = 2, path = 0 - 0} to both {length = 2, path = 0 - 1} and {length = 2, path = 0 - 2}"
      ),
      (
        BatchUpdate(moveItems: [mv(p(0, 0), p(0, 2)), mv(p(0, 1), p(0, 2))]), unchanged,
        "attempt to move both item at index path {length = 2, path = 0 - 0} and {length = 2, path = 0 - 1} to {length = 2, path = 0 - 2}"
      ),
    ]
    for (batch, newSections, message) in cases {
      #expect(refusal(batch, newSections) == message, "\(batch)")
    }
  }

  @Test func anExactDuplicateMoveIsDropped() throws {
    var model = twoSections()
    let move = mv(p(0, 0), p(0, 2))
    try model.performBatchUpdates(
      BatchUpdate(moveItems: [move, move]),
      newSections: [section(0, [2, 3, 1]), section(1, [4, 5])])
    #expect(model.sections == [section(0, [2, 3, 1]), section(1, [4, 5])])
    #expect(model.staleCells.isEmpty)
  }

  @Test func aReloadWhoseShiftedInsertLandsOnAMoveTargetIsRefused() {
    // Reload of item 0 is re-inserted at 0 − 0 + 0 = 0 (moves are not considered), where the
    // move of item 2 lands.
    let batch = BatchUpdate(reloadItems: [p(0, 0)], moveItems: [mv(p(0, 2), p(0, 0))])
    #expect(
      refusal(batch, [section(0, [3, 1, 2]), section(1, [4, 5])])
        == "attempt to perform an insert and a move to the same index path ({length = 2, path = 0 - 0})"
    )
    var model = twoSections()
    #expect(throws: BatchUpdateError.self) {
      try model.performBatchUpdates(
        batch, newSections: [section(0, [3, 1, 2]), section(1, [4, 5])])
    }
    do {
      try model.performBatchUpdates(
        batch, newSections: [section(0, [3, 1, 2]), section(1, [4, 5])])
    } catch {
      #expect(error.reason == .reloadLandsOnMoveTarget(reloaded: p(0, 0), target: p(0, 0)))
    }
  }

  @Test func strictModeRefusesWhatUIKitCrashesOn() {
    let cases: [(BatchUpdate, [Section], BatchUpdateError.Reason)] = [
      (
        BatchUpdate(deleteItems: [p(0, 1), p(0, 1)]), [section(0, [1, 3]), section(1, [4, 5])],
        .duplicateItemDelete(path: p(0, 1))
      ),
      (
        BatchUpdate(insertItems: [p(0, 3), p(0, 3)]),
        [section(0, [1, 2, 3, 9]), section(1, [4, 5])],
        .duplicateItemInsert(path: p(0, 3))
      ),
      (
        BatchUpdate(moveSections: [Move(source: 0, target: 1)], insertItems: [p(1, 0)]),
        [section(1, [4, 5]), section(0, [9, 1, 2, 3])],
        .insertIntoMovedSection(section: 1)
      ),
      (
        BatchUpdate(reloadSections: [1]), [section(0, [1, 2, 3]), section(1, [4])],
        .reloadSectionChangesItemCount(section: 1, before: 2, after: 1)
      ),
    ]
    for (batch, newSections, reason) in cases {
      var strict = twoSections()
      let before = strict
      do {
        try strict.performBatchUpdates(batch, newSections: newSections)
        Issue.record("strict mode accepted \(batch)")
      } catch {
        #expect(error.reason == reason)
        #expect(error.description.contains("UIKit does not check this"))
        #expect(strict == before)
      }
    }
    // Without strict mode, the same batches are applied: duplicates count once.
    var lenient = twoSections(strict: false)
    #expect(throws: Never.self) {
      try lenient.performBatchUpdates(
        BatchUpdate(deleteItems: [p(0, 1), p(0, 1)]),
        newSections: [section(0, [1, 3]), section(1, [4, 5])])
      try lenient.performBatchUpdates(
        BatchUpdate(moveSections: [Move(source: 0, target: 1)], insertItems: [p(1, 0)]),
        newSections: [section(1, [4, 5]), section(0, [9, 1, 3])])
      try lenient.performBatchUpdates(
        BatchUpdate(reloadSections: [1]), newSections: [section(1, [4, 5]), section(0, [1])])
    }
    #expect(lenient.sections == [section(1, [4, 5]), section(0, [1])])
    #expect(lenient.staleCells.isEmpty)
  }

  @Test func badInputGivesErrorsNeverTraps() {
    let negative: [BatchUpdate] = [
      BatchUpdate(deleteSections: [-1]),
      BatchUpdate(insertSections: [-1]),
      BatchUpdate(reloadSections: [-3]),
      BatchUpdate(moveSections: [Move(source: -1, target: 0)]),
      BatchUpdate(moveSections: [Move(source: 0, target: -1)]),
      BatchUpdate(deleteItems: [p(0, -1)]),
      BatchUpdate(deleteItems: [p(-1, 0)]),
      BatchUpdate(insertItems: [p(0, -1)]),
      BatchUpdate(reloadItems: [p(0, Int.min)]),
      BatchUpdate(moveItems: [mv(p(0, -1), p(0, 0))]),
      BatchUpdate(moveItems: [mv(p(0, 0), p(0, Int.max))]),
      BatchUpdate(reconfigureItems: [p(0, -1)]),
      BatchUpdate(reconfigureItems: [p(9, 0)]),
    ]
    for batch in negative {
      #expect(refusal(batch, unchanged) != nil, "\(batch)")
    }
    var empty = Model(sections: [])
    #expect(throws: BatchUpdateError.self) {
      try empty.performBatchUpdates(BatchUpdate(insertItems: [p(0, 0)]), newSections: [])
    }
    var noSection = CollectionModel<ArraySection<Int, Int>>(sections: [])
    #expect(throws: BatchUpdateError.self) {
      try noSection.performBatchUpdates(BatchUpdate(), newItems: [1])
    }
  }
}

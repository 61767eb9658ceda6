import Stagecraft

/// A batch whose UIKit verdict someone other than us recorded, with where they recorded it.
struct RecordedVerdict: Sendable, CustomStringConvertible {
  enum Verdict: Sendable {
    /// UIKit accepted the block.
    case accepted
    /// UIKit raised; the text, where the source quotes it, is what the model must say too.
    case raises(text: String?)
    /// UIKit accepted the block, then crashed, corrupted itself or rendered it wrongly: the
    /// model refuses it in strict mode and accepts it otherwise.
    case corrupts
    /// A library that drives UIKit removes the call before UIKit sees it, so UIKit's own
    /// verdict is not recorded: the model refuses it in strict mode, saying so, and accepts
    /// it otherwise.
    case avoided
  }

  var name: String
  var url: String
  var view: ListViewKind = .collectionView
  var before: [Int]
  var after: [Int]
  var batch: BatchUpdate
  var verdict: Verdict

  var description: String { name }
}

/// Every recorded verdict we found: UIKit's own tests in other projects, their comments and
/// issues, radars, and Apple's documentation. The Batch-Update Rules article cites each.
let recordedVerdicts: [RecordedVerdict] = [
  // IGListKit's collection-view tests run these blocks on a real UICollectionView.
  .init(
    name: "insert a section",
    url: "https://github.com/Instagram/IGListKit/blob/main/Tests/IGListCollectionViewTests.m",
    before: [1], after: [1, 1], batch: BatchUpdate(insertSections: [1]), verdict: .accepted),
  .init(
    name: "delete a section",
    url: "https://github.com/Instagram/IGListKit/blob/main/Tests/IGListCollectionViewTests.m",
    before: [1, 1], after: [1], batch: BatchUpdate(deleteSections: [1]), verdict: .accepted),
  .init(
    name: "reload a section",
    url: "https://github.com/Instagram/IGListKit/blob/main/Tests/IGListCollectionViewTests.m",
    before: [1, 1], after: [1, 1], batch: BatchUpdate(reloadSections: [1]), verdict: .accepted),
  .init(
    name: "move a section",
    url: "https://github.com/Instagram/IGListKit/blob/main/Tests/IGListCollectionViewTests.m",
    before: [1, 1, 1], after: [1, 1, 1],
    batch: BatchUpdate(moveSections: [Move(source: 1, target: 2)]),
    verdict: .accepted),
  .init(
    name: "delete, move and insert sections in one block",
    url: "https://github.com/Instagram/IGListKit/blob/main/Tests/IGListCollectionViewTests.m",
    before: [1, 1, 1, 1], after: [1, 1, 1, 1],
    batch: BatchUpdate(
      deleteSections: [1], insertSections: [3], moveSections: [Move(source: 3, target: 1)]),
    verdict: .accepted),
  // IGListKit's IGListBatchUpdateData rewrites what UIKit mishandles, and says why.
  .init(
    name: "delete items from a moved section (a cell animated twice, its snapshot left)",
    url:
      "https://github.com/Instagram/IGListKit/blob/main/Source/IGListDiffKit/IGListBatchUpdateData.mm",
    before: [2, 2], after: [2, 1],
    batch: BatchUpdate(moveSections: [Move(source: 0, target: 1)], deleteItems: [p(0, 0)]),
    verdict: .corrupts),
  .init(
    name: "insert items into a moved section (heap corruption)",
    url:
      "https://github.com/Instagram/IGListKit/blob/main/Source/IGListDiffKit/IGListBatchUpdateData.mm",
    before: [2, 2], after: [2, 3],
    batch: BatchUpdate(moveSections: [Move(source: 0, target: 1)], insertItems: [p(1, 2)]),
    verdict: .corrupts),
  .init(
    name: "move an item out of a moved section",
    url:
      "https://github.com/Instagram/IGListKit/blob/main/Source/IGListDiffKit/IGListBatchUpdateData.mm",
    before: [2, 2], after: [3, 1],
    batch: BatchUpdate(
      moveSections: [Move(source: 0, target: 1)],
      moveItems: [Move(source: p(0, 0), target: p(0, 2))]),
    verdict: .raises(text: nil)),
  .init(
    name: "move a section that is also deleted",
    url:
      "https://github.com/Instagram/IGListKit/blob/main/Source/IGListDiffKit/IGListBatchUpdateData.mm",
    before: [1, 1], after: [1],
    batch: BatchUpdate(deleteSections: [0], moveSections: [Move(source: 0, target: 0)]),
    verdict: .raises(text: "attempt to perform a delete and a move from the same section (0)")),
  .init(
    name: "reload an item in a section deleted in the same block (IGListKit: delete wins)",
    url:
      "https://github.com/Instagram/IGListKit/blob/0105d9acf0dc5450ae3c9ce479ef3ac5137b51a1/Tests/IGListBatchUpdateDataTests.m",
    before: [1, 1, 1], after: [1, 1],
    batch: BatchUpdate(deleteSections: [2], reloadItems: [p(2, 0)]), verdict: .avoided),
  .init(
    name: "delete one index path twice (EXC_BAD_ACCESS)",
    url: "https://github.com/Instagram/IGListKit/pull/657",
    before: [3], after: [2], batch: BatchUpdate(deleteItems: [p(0, 1), p(0, 1)]), verdict: .corrupts
  ),
  .init(
    name: "reload a section displaced into a move's target (radar, Apple bug)",
    url: "https://github.com/Instagram/IGListKit/issues/690",
    before: [1, 1, 1, 1, 1], after: [1, 1, 1, 1, 1],
    batch: BatchUpdate(
      deleteSections: [4], insertSections: [2], reloadSections: [3],
      moveSections: [Move(source: 2, target: 4)]),
    verdict: .raises(text: "attempt to perform an insert and a move to the same section (4)")),
  .init(
    name: "reload and move the same index path",
    url: "https://github.com/Instagram/IGListKit/pull/948",
    before: [3], after: [3],
    batch: BatchUpdate(reloadItems: [p(0, 0)], moveItems: [Move(source: p(0, 0), target: p(0, 2))]),
    verdict: .raises(
      text:
        "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 0})"
    )),
  // RxDataSources' differentiator lists three blocks that crash a table view.
  .init(
    name: "move a section, delete items in both, insert into the moved one",
    url:
      "https://github.com/RxSwiftCommunity/RxDataSources/blob/main/Sources/Differentiator/Diff.swift",
    view: .tableView, before: [1, 1], after: [1, 0],
    batch: BatchUpdate(
      moveSections: [Move(source: 1, target: 0)], deleteItems: [p(0, 0), p(1, 0)],
      insertItems: [p(0, 0)]),
    verdict: .corrupts),
  .init(
    name: "move a section, delete an item, reload an item of the moved section",
    url:
      "https://github.com/RxSwiftCommunity/RxDataSources/blob/main/Sources/Differentiator/Diff.swift",
    view: .tableView, before: [1, 1], after: [1, 0],
    batch: BatchUpdate(
      moveSections: [Move(source: 1, target: 0)], deleteItems: [p(0, 0)], reloadItems: [p(1, 0)]),
    verdict: .raises(text: nil)),
  .init(
    name: "move a section, delete and reload the same index path",
    url:
      "https://github.com/RxSwiftCommunity/RxDataSources/blob/main/Sources/Differentiator/Diff.swift",
    view: .tableView, before: [1, 1], after: [1, 0],
    batch: BatchUpdate(
      moveSections: [Move(source: 1, target: 0)], deleteItems: [p(0, 0)], reloadItems: [p(0, 0)]),
    verdict: .raises(
      text: "attempt to delete and reload the same index path ({length = 2, path = 0 - 0})")),
  // Radars, mirrored.
  .init(
    name: "reload a row and move its section (radar 27041784)",
    url: "https://github.com/lionheart/openradar-mirror/issues/15192",
    view: .tableView, before: [3, 3], after: [3, 3],
    batch: BatchUpdate(moveSections: [Move(source: 1, target: 0)], reloadItems: [p(1, 0)]),
    verdict: .raises(
      text: "Invalid update: invalid number of rows in section 0.  The number of rows contained in "
        + "an existing section after the update (3) must be equal to the number of rows contained "
        + "in that section before the update (3), plus or minus the number of rows inserted or "
        + "deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows "
        + "moved into or out of that section (0 moved in, 0 moved out).")),
  .init(
    name: "move a section to its own index and an item out of it (radar 48941906)",
    url: "https://github.com/lionheart/openradar-mirror/issues/21097",
    before: [0, 1], after: [1, 0],
    batch: BatchUpdate(
      moveSections: [Move(source: 1, target: 1)],
      moveItems: [Move(source: p(1, 0), target: p(0, 0))]),
    verdict: .raises(text: nil)),
  // Index spaces: reloads name positions before the batch.
  .init(
    name: "insert at 0 and reload at the item's position after the batch",
    url: "https://github.com/andre-alves/PHDiff/issues/3",
    before: [1], after: [2], batch: BatchUpdate(insertItems: [p(0, 0)], reloadItems: [p(0, 1)]),
    verdict: .raises(
      text: "attempt to delete item 1 from section 0 which only contains 1 items before the update")
  ),
  .init(
    name:
      "insert at 0 and reload at the item's position before the batch (Apple: changes are in the before state)",
    url: "https://github.com/mikaoj/BSImagePicker/pull/279",
    before: [1], after: [2], batch: BatchUpdate(insertItems: [p(0, 0)], reloadItems: [p(0, 0)]),
    verdict: .accepted),
  .init(
    name: "twenty inserts and a reload at its position after them",
    url: "https://github.com/onmyway133/DeepDiff/issues/54",
    before: [20], after: [40],
    batch: BatchUpdate(insertItems: (0..<20).map { p(0, $0) }, reloadItems: [p(0, 20)]),
    verdict: .raises(
      text:
        "attempt to delete item 20 from section 0 which only contains 20 items before the update")),
  // Data switched before the block: the view reads the new count as the old.
  .init(
    name: "data source switched before performBatchUpdates",
    url: "https://github.com/spotify/HubFramework/pull/59",
    before: [2], after: [2], batch: BatchUpdate(insertItems: [p(0, 0), p(0, 1)]),
    verdict: .raises(
      text: "Invalid update: invalid number of items in section 0.  The number of items contained "
        + "in an existing section after the update (2) must be equal to the number of items "
        + "contained in that section before the update (2), plus or minus the number of items "
        + "inserted or deleted from that section (2 inserted, 0 deleted) and plus or minus the "
        + "number of items moved into or out of that section (0 moved in, 0 moved out).")),
  // Moves across sections.
  .init(
    name: "move an item into a section inserted in the same block",
    url: "https://github.com/SwiftKickMobile/TLIndexPathTools/issues/18",
    before: [2], after: [1, 1],
    batch: BatchUpdate(insertSections: [1], moveItems: [Move(source: p(0, 1), target: p(1, 0))]),
    verdict: .raises(text: "cannot move an item into a newly inserted section (1)")),
  .init(
    name: "move a row from an empty section",
    url: "https://github.com/RxSwiftCommunity/RxDataSources/issues/35",
    view: .tableView, before: [1, 1, 0], after: [2, 1, 0],
    batch: BatchUpdate(moveItems: [Move(source: p(2, 0), target: p(0, 0))]),
    verdict: .raises(
      text: "attempt to move index path ({length = 2, path = 2 - 0}) that does not exist - there "
        + "are only 0 rows in section 2 before the update")),
  // Apple's documentation: deletes before the batch, inserts after it.
  .init(
    name: "delete and insert at the same index (deletes before, inserts after)",
    url:
      "https://developer.apple.com/documentation/uikit/uicollectionview/performbatchupdates(_:completion:)",
    before: [3], after: [3], batch: BatchUpdate(deleteItems: [p(0, 0)], insertItems: [p(0, 2)]),
    verdict: .accepted),
  .init(
    name: "move with deletes and inserts around it",
    url:
      "https://developer.apple.com/documentation/uikit/uicollectionview/performbatchupdates(_:completion:)",
    before: [4], after: [4],
    batch: BatchUpdate(
      deleteItems: [p(0, 0)], insertItems: [p(0, 3)],
      moveItems: [Move(source: p(0, 1), target: p(0, 2))]),
    verdict: .accepted),
  .init(
    name: "reconfigure at the position after the block (reconfigureItems)",
    url: "https://developer.apple.com/documentation/uikit/uicollectionview/reconfigureitems(at:)",
    before: [3], after: [2],
    batch: BatchUpdate(deleteItems: [p(0, 0)], reconfigureItems: [p(0, 1)]),
    verdict: .accepted),
]

// swift-format-ignore-file
// Real crash reasons that UIKit raised on batch updates, as people posted them in public
// issue threads, with the thread each comes from. They are UIKit's output, kept verbatim
// with whatever noise surrounded them (console prefixes, object addresses, view
// descriptions), because that is what `stagecraft explain` is given.
import Testing

/// One reported crash reason.
struct ReportedCrash: Sendable, CustomTestStringConvertible {
  var source: String
  var text: String
  var testDescription: String { source }
}

let crashCorpus: [ReportedCrash] = [
  // UITableView, "Invalid update", one space.
  ReportedCrash(
    source: "https://github.com/tonyarnold/Differ/issues/76",
    text: "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (35) must be equal to the number of rows contained in that section before the update (36), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."),
  ReportedCrash(
    source: "https://github.com/woocommerce/woocommerce-ios/issues/2617",
    text: "NSInternalInconsistencyException: Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (12) must be equal to the number of rows contained in that section before the update (11), plus or minus the number of rows inserted or deleted from that section (2 inserted, 2 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).\n  ?, in <redacted>"),
  ReportedCrash(
    source: "https://github.com/3lvis/DATASource/issues/123",
    text: "Invalid update: invalid number of rows in section 2. The number of rows contained in an existing section after the update (1) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."),
  ReportedCrash(
    source: "https://github.com/Automattic/simplenote-ios/issues/730",
    text: "Application Specific Information:\nInvalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (5) must be equal to the number of rows contained in that section before the update (5), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).\n\nThread 0 Crashed:"),
  ReportedCrash(
    source: "https://github.com/nghialv/Hakuba/issues/27",
    text: "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (1) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."),
  ReportedCrash(
    source: "https://github.com/ra1028/DifferenceKit/issues/102",
    text: "2020-05-05 13:24:03.457331+0200 TestApp[86075:4912222] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (10) must be equal to the number of rows contained in that section before the update (10), plus or minus the number of rows inserted or deleted from that section (0 inserted, 10 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).'\n*** First throw call stack:"),
  // UITableView, "Invalid update", two spaces.
  ReportedCrash(
    source: "https://github.com/rondinellimorais/ExpandableTableView/issues/4",
    text: "Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 1.  The number of rows contained in an existing section after the update (0) must be equal to the number of rows contained in that section before the update (297), plus or minus the number of rows inserted or deleted from that section (0 inserted, 295 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."),
  ReportedCrash(
    source: "https://github.com/CodeWicky/DWLogger/issues/1",
    text: "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (82) must be equal to the number of rows contained in that section before the update (80), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).."),
  ReportedCrash(
    source: "https://github.com/element-hq/element-ios/issues/1033",
    text: "Invalid update: invalid number of rows in section 9.  The number of rows contained in an existing section after the update (5) must be equal to the number of rows contained in that section before the update (0), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).\nApplication: Vector (im.vector.app)"),
  ReportedCrash(
    source: "https://github.com/lionheart/openradar-mirror/issues/15192",
    text: "Assertion failure: \"Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).\""),
  ReportedCrash(
    source: "https://github.com/forkingdog/UITableView-FDTemplateLayoutCell/issues/40",
    text: "Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (1) must be equal to the number of sections contained in the table view before the update (0), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).'\n*** First throw call stack:"),
  ReportedCrash(
    source: "https://github.com/Stan-Ost/ReloadableTableView/issues/1",
    text: "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (6) must be equal to the number of sections contained in the table view before the update (0), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."),
  // UICollectionView, "Invalid update", two spaces.
  ReportedCrash(
    source: "https://github.com/wordpress-mobile/WordPress-iOS/issues/10073",
    text: "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (0) must be equal to the number of items contained in that section before the update (2941), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."),
  ReportedCrash(
    source: "https://github.com/lionheart/openradar-mirror/issues/1632",
    text: "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (2) must be equal to the number of items contained in that section before the update (2), plus or minus the number of items inserted or deleted from that section (2 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).'"),
  ReportedCrash(
    source: "https://github.com/CatchChat/Yep/issues/687",
    text: "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (2), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."),
  ReportedCrash(
    source: "https://github.com/gsyhei/GXSegmentPageView/issues/2",
    text: "Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (8) must be equal to the number of items contained in that section before the update (7), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).'"),
  ReportedCrash(
    source: "https://github.com/paulsumit1993/DailyFeed/issues/19",
    text: "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (1) must be equal to the number of items contained in that section before the update (1), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."),
  ReportedCrash(
    source: "https://github.com/Provenance-Emu/Provenance/issues/1120",
    text: "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of items in section 3.  The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (4), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).'"),
  ReportedCrash(
    source: "https://github.com/mikaoj/BSImagePicker/issues/113",
    text: "Detailed exception text: Invalid update: invalid number of items in section 1.  The number of items contained in an existing section after the update (1543) must be equal to the number of items contained in that section before the update (1543), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).'"),
  ReportedCrash(
    source: "https://github.com/paulsumit1993/DailyFeed/issues/24",
    text: "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (4), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."),
  ReportedCrash(
    source: "https://github.com/RocketChat/Rocket.Chat.iOS/issues/363",
    text: "2017-03-21 14:23:56.960 Rocket.Chat[9639:1834480] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (62) must be equal to the number of items contained in that section before the update (60), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).'\n*** First throw call stack:"),
  ReportedCrash(
    source: "https://github.com/Instagram/IGListKit/issues/1132",
    text: "Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (2), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).'"),
  ReportedCrash(
    source: "https://github.com/yapstudios/YapDatabase/issues/380",
    text: "Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (6) must be equal to the number of sections contained in the collection view before the update (0), plus or minus the number of sections inserted or deleted (5 inserted, 0 deleted).'"),
  ReportedCrash(
    source: "https://github.com/onmyway133/DeepDiff/issues/56",
    text: "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (2) must be equal to the number of sections contained in the collection view before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."),
  // UICollectionView, "Invalid update", one space.
  ReportedCrash(
    source: "https://github.com/mikaoj/BSImagePicker/issues/329",
    text: "Fatal Exception: NSInternalInconsistencyException\nInvalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (1260) must be equal to the number of items contained in that section before the update (1245), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."),
  // "Invalid batch updates detected", as UIKit logs it and as crash reporters show it.
  ReportedCrash(
    source: "https://github.com/deltachat/deltachat-ios/issues/1901",
    text: "2023-06-09 11:48:18.028724+0200 deltachat-ios[95805:10650944] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates.\nData source before updates = { 1 section with item counts: [1] }\nData source after updates = { 1 section with item counts: [1] }\nUpdates = [\n\tInsert item (0 - 0)\n]\nCollection view: <UICollectionView: 0x135a32c00; frame = (0 0; 0 0); clipsToBounds = YES>"),
  ReportedCrash(
    source: "https://github.com/xmartlabs/XLPagerTabStrip/issues/859",
    text: "Fatal Exception: NSInternalInconsistencyException\nInvalid batch updates detected: the number of sections and/or items returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [4] } Data source after updates = { 1 section with item counts: [1] } Updates = [ ] Collection view: <XLPagerTabStrip.ButtonBarView: 0x10585f000; baseClass = UICollectionView; frame = (0 168; 393 40)>"),
  ReportedCrash(
    source: "https://github.com/exyte/Chat/issues/56",
    text: "Fatal Exception: NSInternalInconsistencyException\nInvalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with row counts: [3] } Data source after updates = { 1 section with row counts: [0] } Updates = [ Delete row (0 - 1), Delete row (0 - 0) ] "),
  // Per-operation refusals.
  ReportedCrash(
    source: "https://github.com/wordpress-mobile/WordPress-iOS/issues/10073",
    text: "attempt to insert item 0 into section 0, but there are only 0 items in section 0 after the update"),
  ReportedCrash(
    source: "https://github.com/wordpress-mobile/WordPress-iOS/issues/10073",
    text: "attempt to insert item 2 into section 0, but there are only 0 items in section 0 after the update"),
  ReportedCrash(
    source: "https://github.com/onmyway133/DeepDiff/issues/45",
    text: "attempt to delete row 2 from section 0 which only contains 1 rows before the update"),
  ReportedCrash(
    source: "https://github.com/yapstudios/YapDatabase/issues/185",
    text: "=> 'NSInternalInconsistencyException', reason: 'attempt to delete row 154 from section 0 which only contains 154 rows before the update'"),
  ReportedCrash(
    source: "https://github.com/jayhickey/Longboxed-iOS/issues/23",
    text: "Fatal Exception: NSInternalInconsistencyException\nattempt to delete row 9 from section 0 which only contains 0 rows before the update"),
  ReportedCrash(
    source: "https://github.com/forkingdog/UITableView-FDTemplateLayoutCell/issues/366",
    text: "attempt to delete row 2 from section 1 which only contains 2 rows before the update"),
  ReportedCrash(
    source: "https://github.com/onmyway133/DeepDiff/issues/8",
    text: "Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to delete row 0 from section 0, but there are only 0 sections before the update'"),
  ReportedCrash(
    source: "https://github.com/5calls/ios/issues/57",
    text: "attempt to insert row 8 into section 0, but there are only 8 rows in section 0 after the update "),
  ReportedCrash(
    source: "https://github.com/AlexBarinov/UIBubbleTableView/issues/5",
    text: "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to insert row 1 into section 1, but there are only 1 rows in section 1 after the update'"),
  ReportedCrash(
    source: "https://github.com/TextureGroup/Texture/pull/507",
    text: "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to perform a delete and a move from the same index path (<NSIndexPath: 0x6180000291c0> {length = 2, path = 0 - 1})'"),
  ReportedCrash(
    source: "https://github.com/xmartlabs/XLData/pull/15",
    text: "CoreData: error: Serious application error.  An exception was caught from the delegate of NSFetchedResultsController during a call to -controllerDidChangeContent:.  attempt to delete and reload the same index path (<NSIndexPath: 0x79eae9c0> {length = 2, path = 0 - 0}) with userInfo (null)"),
  // More texts, found while checking `explain` against reports it had not seen.
  ReportedCrash(
    source: "https://github.com/ChatSecure/ChatSecure-iOS/issues/347",
    text: "Application Specific Information:\n*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to delete item 1 from section 0 which only contains 0 items before the update'\n\nLast Exception Backtrace:"),
  ReportedCrash(
    source: "https://github.com/firebase/friendlypix-ios/issues/43",
    text: "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to delete item 2 from section 0 which only contains 1 items before the update'"),
  ReportedCrash(
    source: "https://github.com/firebase/friendlypix-ios/issues/43",
    text: "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (16) must be equal to the number of sections contained in the collection view before the update (18), plus or minus the number of sections inserted or deleted (1 inserted, 1 deleted).'"),
  ReportedCrash(
    source: "https://github.com/firebase/friendlypix-ios/issues/43",
    text: "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to delete section 4, but there are only 4 sections before the update'"),
  ReportedCrash(
    source: "https://github.com/CatchChat/Yep/issues/673",
    text: "attempt to delete row 1 from section 0 which only contains 1 rows before the update"),
  ReportedCrash(
    source: "https://github.com/RxSwiftCommunity/RxDataSources/issues/35",
    text: "2016-05-12 12:46:40.265 Example[23517:225683] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to move index path (<NSIndexPath: 0xc000000000000216> {length = 2, path = 2 - 0}) that does not exist - there are only 0 rows in section 2 before the update'\n*** First throw call stack:"),
  ReportedCrash(
    source: "https://github.com/DeclarativeHub/Bond/issues/593",
    text: "'NSInternalInconsistencyException', reason: 'attempt to move index path (<NSIndexPath: 0x600002626fa0> {length = 2, path = 1 - 0}) to index path (<NSIndexPath: 0x600002626dc0> {length = 2, path = 0 - 2}) that does not exist - there are only 2 rows in section 0 after the update"),
  ReportedCrash(
    source: "https://github.com/lightsprint09/Sourcing/pull/54",
    text: "CoreData: error: Serious application error.  An exception was caught from the delegate of NSFetchedResultsController during a call to -controllerDidChangeContent:.  attempt to perform an insert and a move to the same index path (<NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 0}) with userInfo (null)"),
  ReportedCrash(
    source: "https://github.com/okhanokbay/ExpyTableView/issues/20",
    text: "2018-02-06 13:02:19.171764-0500 ExpyTableView_Example[1501:53913] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (4) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).'\n*** First throw call stack:"),
  ReportedCrash(
    source: "https://github.com/mmick66/KDRearrangeableCollectionViewFlowLayout/issues/1",
    text: "KDRearrangeableCollectionViewFlowLayout[49431:10825225] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (165) must be equal to the number of items contained in that section before the update (165), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (1 moved in, 0 moved out).'"),
  ReportedCrash(
    source: "http://stackoverflow.com/questions/10134841/assertion-failure-in-uitableview-endcellanimationswithcontext",
    text: "2012-04-12 21:11:52.669 Chanda[75100:f803] --- Assertion failure in -[UITableView _endCellAnimationsWithContext:], /SourceCache/UIKit_Sim/UIKit-1914.84/UITableView.m:1037 2012-04-12 21:11:52.671 Chanda[75100:f803] --- Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (2) must be equal to the number of rows contained in that section before the update (2), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).'"),
  ReportedCrash(
    source: "https://link.sov5.org/l/1Y6Y8hflxY",
    text: "'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of sections. The number of sections contained in the table view after the update (1) must be equal to the number of sections contained in the table view before the update (0), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).'"),
]

/// Texts from the same threads that are not batch-update refusals: `explain` must say it
/// cannot read them, not guess.
let notBatchUpdateRefusals: [ReportedCrash] = [
  ReportedCrash(
    source: "https://github.com/DenTelezhkin/DTCollectionViewManager/issues/12",
    text: "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'request for number of items in section 0 when there are only 0 sections in the collection view'"),
  ReportedCrash(
    source: "https://github.com/tristanhimmelman/THSpringyCollectionView/issues/12",
    text: "reason: 'no UICollectionViewLayoutAttributes instance for -layoutAttributesForItemAtIndexPath: <NSIndexPath: 0xc89c390> {length = 2, path = 0 - 5}'"),
]

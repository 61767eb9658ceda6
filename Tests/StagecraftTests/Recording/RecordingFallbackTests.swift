import Stagecraft
import StagecraftTestSupport
import Testing

/// The recording views (`RecordingCollectionView`, `RecordingTableView`) decide through
/// `BatchUpdateRecording`: a block the guard refuses and turns into a reload is reported to
/// `onFallback` once, as the other doors report theirs; a block that passes, or one passed on
/// to UIKit with the guard off, reports nothing.
@Suite("A recording view reports its fallbacks")
struct RecordingFallbackTests {
  @Test(arguments: [ListViewKind.collectionView, .tableView])
  func aRefusedBlockIsReportedOnce(view: ListViewKind) {
    let log = FallbackLog()
    let recording = BatchUpdateRecording(view: view, guard: log.guarding)
    // Deleting one of 3 items while the data source still has 3: UIKit would raise.
    recording.beginBatch()
    recording.add(BatchUpdate(deleteItems: [ElementPath(element: 0, section: 0)]))
    #expect(recording.endBatch(viewCounts: [3], dataCounts: [3]) == .reloadData)
    #expect(log.reports.count == 1)
    let report = log.reports.first
    guard case .refused(let error)? = report?.cause else {
      Issue.record("no refusal reported: \(log.reports)")
      return
    }
    #expect("\(error)".contains("invalid number of"), "\(error)")
    #expect(report?.view == view)
    #expect(report?.itemCountsBefore == [3] && report?.itemCountsAfter == [3])
    #expect(report?.batch == BatchUpdate(deleteItems: [ElementPath(element: 0, section: 0)]))
    // A block that adds up reports nothing more.
    recording.beginBatch()
    recording.add(BatchUpdate(deleteItems: [ElementPath(element: 0, section: 0)]))
    #expect(recording.endBatch(viewCounts: [3], dataCounts: [2]) == .perform)
    #expect(log.reports.count == 1)
  }

  @Test func aBlockPassedOnToUIKitWithTheGuardOffIsNotAFallback() {
    let log = FallbackLog()
    var check = log.guarding
    check.isEnabled = false
    let recording = BatchUpdateRecording(guard: check)
    recording.beginBatch()
    recording.add(BatchUpdate(deleteItems: [ElementPath(element: 0, section: 0)]))
    guard case .raise = recording.endBatch(viewCounts: [3], dataCounts: [3]) else {
      Issue.record("the refused block was not passed on")
      return
    }
    #expect(log.reports.isEmpty)
  }
}

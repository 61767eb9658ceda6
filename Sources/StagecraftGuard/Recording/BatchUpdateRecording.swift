import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// What a recording view does with the batch updates an app makes on it itself (with
/// DifferenceKit's `reload(using:)`, IGListKit's updater, or by hand): it collects each
/// block's calls, checks the block as `CollectionModel` does against the counts the view held
/// before it and the counts the data source reports after it, records it in the flight
/// recorder, and says whether to pass it on.
///
/// `RecordingCollectionView` and `RecordingTableView` (UIKit subclasses) forward every
/// `performBatchUpdates`, insert, delete, move, reload and `reloadData` here. A block UIKit
/// would refuse is recorded first, so the recorder's `onIncident` has the log before anything
/// else happens; then the view raises as UIKit does (`.raise`) or reloads instead
/// (`.reloadData`, the default).
///
/// ```swift
/// import Stagecraft
///
/// let recorder = FlightRecorder()
/// let recording = BatchUpdateRecording(recorder: recorder)
/// recording.beginBatch()
/// recording.add(BatchUpdate(insertItems: [ElementPath(element: 2, section: 0)]))
/// // The view held 2 items; the data source reports 4 after the block.
/// print(recording.endBatch(viewCounts: [2], dataCounts: [4]))  // prints reloadData
/// print(recorder.records.map(\.kind.rawValue))  // prints ["block", "reload"]
/// // The data source held 3 items before the block: it changed outside an update.
/// print(recorder.records[0].dataCounts ?? [])  // prints [Optional(3)]
/// ```
public final class BatchUpdateRecording {
  /// What a recording view does with a block UIKit would refuse.
  public enum RefusalPolicy: Hashable, Sendable {
    /// Pass it on: UIKit raises, as without the recording view.
    case raise
    /// Drop it and reload the view: the app goes on, the log says what happened.
    case reloadData
  }

  /// What the view does with a block.
  public enum Decision: Hashable, Sendable, CustomStringConvertible {
    /// Pass the calls on to UIKit.
    case perform
    /// Drop the calls and reload the view.
    case reloadData
    /// Pass the calls on to UIKit, which will raise with this error.
    case raise(BatchUpdateError)

    /// The decision's name.
    ///
    /// - Complexity: O(1).
    public var description: String {
      switch self {
      case .perform: "perform"
      case .reloadData: "reloadData"
      case .raise: "raise"
      }
    }
  }

  /// The recorder the blocks go to; nil uses `UpdateGuard.standard.recorder` at each block
  /// (and records nothing when that is nil too: the blocks are still checked).
  public var recorder: FlightRecorder?
  /// What to do with a block UIKit would refuse; `.reloadData` by default.
  public var refusalPolicy: RefusalPolicy
  /// The view the recording is for.
  public var view: ListViewKind
  /// The text of count failures; `.iOS17` by default.
  public var wording: BatchUpdateError.Wording = .iOS17

  /// Whether a block is open: calls are collected until `endBatch`.
  public private(set) var isCollecting = false
  /// The calls of the open block so far.
  public private(set) var pending = BatchUpdate()

  /// Creates a recording.
  ///
  /// - Parameters:
  ///   - view: The view it is for.
  ///   - recorder: The recorder; nil uses `UpdateGuard.standard.recorder`.
  ///   - refusalPolicy: What to do with a block UIKit would refuse.
  /// - Complexity: O(1).
  public init(
    view: ListViewKind = .collectionView, recorder: FlightRecorder? = nil,
    refusalPolicy: RefusalPolicy = .reloadData
  ) {
    self.view = view
    self.recorder = recorder
    self.refusalPolicy = refusalPolicy
  }

  /// Opens a block (`performBatchUpdates` was called).
  ///
  /// - Complexity: O(1).
  public func beginBatch() {
    isCollecting = true
    pending = BatchUpdate()
  }

  /// Adds calls to the open block.
  ///
  /// - Parameter calls: The calls, as the view received them.
  /// - Complexity: O(c) for c calls.
  public func add(_ calls: BatchUpdate) {
    pending.deleteSections += calls.deleteSections
    pending.insertSections += calls.insertSections
    pending.reloadSections += calls.reloadSections
    pending.moveSections += calls.moveSections
    pending.deleteItems += calls.deleteItems
    pending.insertItems += calls.insertItems
    pending.reloadItems += calls.reloadItems
    pending.moveItems += calls.moveItems
    pending.reconfigureItems += calls.reconfigureItems
  }

  /// Closes the block: checks it, records it, and decides.
  ///
  /// - Parameters:
  ///   - viewCounts: The item count of each section the view held before the block.
  ///   - dataCounts: The item count of each section the data source reports after it.
  ///   - selection: The selected items before the block, if known.
  ///   - contentOffset: The scroll offset before the block, if known.
  /// - Returns: Whether to pass the calls on, reload, or pass them on to a raise.
  /// - Complexity: O(S + c log c) for S sections and c calls.
  @discardableResult
  public func endBatch(
    viewCounts: [Int], dataCounts: [Int], selection: [ElementPath]? = nil,
    contentOffset: Double? = nil
  ) -> Decision {
    let batch = pending
    isCollecting = false
    pending = BatchUpdate()
    let recorder = recorder ?? UpdateGuard.standard.recorder
    let decision: Decision
    let verdict: FlightRecord.Verdict
    do {
      try batch.validate(
        itemCountsBefore: viewCounts, itemCountsAfter: dataCounts, wording: wording, view: view)
      (decision, verdict) = (.perform, .performed)
    } catch {
      switch refusalPolicy {
      case .raise: (decision, verdict) = (.raise(error), .refused(error))
      case .reloadData: (decision, verdict) = (.reloadData, .fellBack(.refused(error)))
      }
    }
    recorder?._record {
      FlightRecord(
        sequence: $0, entry: .recordingView, view: view, kind: .block, batch: batch,
        viewCounts: viewCounts,
        dataCounts: _countsAccountedBefore(after: dataCounts, batch: batch),
        countsAfter: dataCounts,
        verdict: verdict, selection: selection, contentOffset: contentOffset)
    }
    if decision == .reloadData { didReloadData(counts: dataCounts) }
    return decision
  }

  /// Records a `reloadData()`: the view now holds `counts`.
  ///
  /// - Parameter counts: The item count of each section the data source reports.
  /// - Complexity: O(S).
  public func didReloadData(counts: [Int]) {
    let recorder = recorder ?? UpdateGuard.standard.recorder
    recorder?._record {
      FlightRecord(
        sequence: $0, entry: .recordingView, view: view, kind: .reload, countsAfter: counts)
    }
  }
}

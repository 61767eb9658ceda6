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
/// else happens; then the view reloads instead, or, under a guard that is off, passes it on
/// and UIKit raises.
///
/// What to do with such a block, the text of its refusal and the recorder are an
/// `UpdateGuard`'s, as for a replay: the recording's own, or `UpdateGuard.standard` read at
/// each block, so that a recorder the app sets on it later is picked up.
///
/// ```swift
/// import Stagecraft
///
/// let recorder = FlightRecorder()
/// let recording = BatchUpdateRecording(guard: UpdateGuard(recorder: recorder))
/// recording.beginBatch()
/// recording.add(BatchUpdate(insertItems: [ElementPath(element: 2, section: 0)]))
/// // The view held 2 items; the data source reports 4 after the block.
/// print(recording.endBatch(viewCounts: [2], dataCounts: [4]))  // prints reloadData
/// print(recorder.records.map(\.kind.rawValue))  // prints ["block", "reload"]
/// // The data source held 3 items before the block: it changed outside an update.
/// print(recorder.records[0].dataCounts ?? [])  // prints [Optional(3)]
/// ```
public final class BatchUpdateRecording {
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

  /// What to do with a block UIKit would refuse, and where its record goes: a block the
  /// guard refuses is dropped and the view reloaded when the guard `isEnabled`, and passed
  /// on to UIKit, which raises, when it is off; its `wording` is the refusal's text and its
  /// `recorder` takes the records (none, when it has none: the blocks are still checked).
  /// `nil` (the default) reads `UpdateGuard.standard` at each block.
  public var updateGuard: UpdateGuard?
  /// The view the recording is for.
  public var view: ListViewKind

  /// Whether a block is open: calls are collected until `endBatch`.
  public private(set) var isCollecting = false
  /// The calls of the open block so far.
  public private(set) var pending = BatchUpdate()

  /// Creates a recording.
  ///
  /// - Parameters:
  ///   - view: The view it is for.
  ///   - check: What to do with a block UIKit would refuse, its text and its recorder;
  ///     `nil` reads `UpdateGuard.standard` at each block.
  /// - Complexity: O(1).
  public init(view: ListViewKind = .collectionView, guard check: UpdateGuard? = nil) {
    self.view = view
    self.updateGuard = check
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

  /// Closes the block: checks it, records it, and decides. A block refused and reloaded
  /// instead is reported once to the guard (`UpdateGuard.onFallback`), as every door reports
  /// its fallbacks.
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
    let check = updateGuard ?? UpdateGuard.standard
    let decision: Decision
    let verdict: FlightRecord.Verdict
    do {
      try batch.validate(
        itemCountsBefore: viewCounts, itemCountsAfter: dataCounts, wording: check.wording,
        view: view)
      (decision, verdict) = (.perform, .performed)
    } catch {
      (decision, verdict) =
        check.isEnabled
        ? (.reloadData, .fellBack(.refused(error))) : (.raise(error), .refused(error))
    }
    let accounted = _countsAccountedBefore(after: dataCounts, batch: batch)
    check.recorder?._record {
      FlightRecord(
        sequence: $0, entry: .recordingView, view: view, kind: .block, batch: batch,
        viewCounts: viewCounts, dataCounts: accounted, countsAfter: dataCounts,
        verdict: verdict, selection: selection, contentOffset: contentOffset)
    }
    if case .fellBack(.refused(let error)) = verdict {
      // Reported once, as every other door reports its fallback (`onFallback`, and the trap
      // of `trapsInDebugBuilds`).
      check._report(
        BatchUpdateFallback(
          cause: .refused(error), view: view, itemCountsBefore: viewCounts,
          itemCountsAfter: dataCounts, batch: batch, dataItemCountsBefore: accounted))
    }
    if decision == .reloadData { didReloadData(counts: dataCounts) }
    return decision
  }

  /// Records a `reloadData()`: the view now holds `counts`.
  ///
  /// - Parameter counts: The item count of each section the data source reports.
  /// - Complexity: O(S).
  public func didReloadData(counts: [Int]) {
    (updateGuard ?? UpdateGuard.standard).recorder?._record {
      FlightRecord(
        sequence: $0, entry: .recordingView, view: view, kind: .reload, countsAfter: counts)
    }
  }
}

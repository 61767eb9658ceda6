import StagecraftDiff
import StagecraftReplay

/// What the view showed before a block or a reload: its selection and its scroll offset.
@usableFromInline
struct _Observed {
  let selection: [ElementPath]?
  let offset: Double?

  @usableFromInline
  init<Target: BatchUpdateTarget>(_ target: Target) {
    selection = target.selectedItemPaths
    offset = target.scrollMetrics?.contentOffset
  }
}

/// What a block's record keeps that must be read before the block reaches the view, and the
/// recorder it goes to. The record is encoded into the ring, with the counts the guard
/// already holds, once its verdict is known.
@usableFromInline
struct _RecordDraft {
  let recorder: FlightRecorder
  let entry: FlightRecord.EntryPoint
  let view: ListViewKind
  let observed: _Observed
  /// -1 for a count that is not known.
  let storedDataCounts: [Int]?

  @usableFromInline
  init(
    recorder: FlightRecorder, entry: FlightRecord.EntryPoint, view: ListViewKind,
    observed: _Observed, storedDataCounts: [Int]?
  ) {
    self.recorder = recorder
    self.entry = entry
    self.view = view
    self.observed = observed
    self.storedDataCounts = storedDataCounts
  }

  /// Records `batch` with `verdict`. Not generic, so that the guard's call looks up no
  /// metadata.
  ///
  /// - Returns: Whether the end of the update should write a keyframe.
  @usableFromInline @discardableResult
  func record(
    _ batch: BatchUpdate, _ verdict: FlightRecord.Verdict, viewCounts: [Int]?,
    countsAfter: [Int]
  ) -> Bool {
    recorder._recordBlock(
      _RecordCoding.Fields(
        sequence: 0, entry: entry, view: view, kind: .block, verdict: verdict,
        offset: observed.offset),
      batch: batch, viewCounts: viewCounts, storedDataCounts: storedDataCounts,
      countsAfter: countsAfter, selection: observed.selection)
  }
}

extension _GuardedTarget {
  /// Records a reload with `verdict`: the counts before and after it.
  @usableFromInline
  func _recordReload(
    into recorder: FlightRecorder, _ observed: _Observed, _ verdict: FlightRecord.Verdict
  ) {
    recorder._record {
      FlightRecord(
        sequence: $0, entry: entry, view: base.viewKind, kind: .reload,
        countsAfter: base.displayedItemCounts, verdict: verdict,
        selection: observed.selection, contentOffset: observed.offset)
    }
  }
}

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

/// A block's record, made before the block reaches the view, and the recorder it goes to.
@usableFromInline
struct _RecordDraft {
  let recorder: FlightRecorder
  @usableFromInline var record: FlightRecord

  @usableFromInline
  init(recorder: FlightRecorder, record: FlightRecord) {
    self.recorder = recorder
    self.record = record
  }

  /// Records the block with `verdict`. Not generic, so that the guard's call looks up no
  /// metadata.
  ///
  /// - Returns: Whether the end of the update should write a keyframe.
  @usableFromInline @discardableResult
  consuming func record(_ verdict: FlightRecord.Verdict) -> Bool {
    var record = record
    record.verdict = verdict
    return recorder._append(record)
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

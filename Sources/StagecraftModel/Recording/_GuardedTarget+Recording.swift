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

/// What the guard saw of a block before it reached the view.
@usableFromInline
struct _BlockObservation {
  let batch: BatchUpdate
  let observed: _Observed
  let viewCounts: [Int]?
  let dataCounts: [Int?]?
  let countsAfter: [Int]

  @usableFromInline
  init<Base>(_ target: _GuardedTarget<Base>, _ batch: BatchUpdate, _ counts: _BlockCounts) {
    self.batch = batch
    observed = _Observed(target.base)
    viewCounts = target.base.displayedItemCounts
    switch (viewCounts, counts) {
    case (let shown?, _): countsAfter = counts.after(shown: shown, batch: batch)
    case (nil, .sections(let sections)): countsAfter = sections
    case (nil, .items(let count)): countsAfter = [count]
    }
    // The data the block was computed from: the last block's, or the changeset's source as
    // the first block accounts for it.
    dataCounts =
      target.previousCounts.map { $0.map(Optional.some) }
      ?? _countsAccountedBefore(after: countsAfter, batch: batch)
  }
}

extension _GuardedTarget {
  /// Records a block with `verdict`.
  @usableFromInline
  func _recordBlock(
    into recorder: FlightRecorder, _ block: _BlockObservation, _ verdict: FlightRecord.Verdict
  ) {
    recorder._record {
      FlightRecord(
        sequence: $0, entry: entry, view: base.viewKind, kind: .block, batch: block.batch,
        viewCounts: block.viewCounts, dataCounts: block.dataCounts,
        countsAfter: block.countsAfter, verdict: verdict, selection: block.observed.selection,
        contentOffset: block.observed.offset)
    }
  }

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

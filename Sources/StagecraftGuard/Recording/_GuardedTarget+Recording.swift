import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// What the view showed before a block or a reload: its selection and its scroll offset.
@usableFromInline
struct _Observed {
  @usableFromInline let selection: [ElementPath]?
  @usableFromInline let offset: Double?

  @usableFromInline
  init<Target: BatchUpdateTarget>(_ target: Target) {
    selection = target._selectedItemPaths
    offset = target._scrollMetrics?.contentOffset
  }
}

/// What the view showed before a reload: its selection, scroll offset and counts (a keyframe
/// to start the log from, when the reload opens it).
@usableFromInline
struct _ObservedBeforeReload {
  @usableFromInline let observed: _Observed
  @usableFromInline let counts: [Int]?

  @usableFromInline
  init<Target: BatchUpdateTarget>(_ target: Target) {
    observed = _Observed(target)
    counts = target.displayedItemCounts
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
  /// What the view's data source answered before the block, where it can be asked.
  let dataSourceCounts: [Int]?
  /// The app's call that made the update.
  let site: _CallSite?

  @usableFromInline
  init(
    recorder: FlightRecorder, entry: FlightRecord.EntryPoint, view: ListViewKind,
    observed: _Observed, storedDataCounts: [Int]?, dataSourceCounts: [Int]?, site: _CallSite?
  ) {
    self.recorder = recorder
    self.entry = entry
    self.view = view
    self.observed = observed
    self.storedDataCounts = storedDataCounts
    self.dataSourceCounts = dataSourceCounts
    self.site = site
  }

  /// Records `batch` with `verdict`. Not generic, so that the guard's call looks up no
  /// metadata.
  ///
  /// - Returns: The record's sequence number, and the app's call's.
  @usableFromInline @discardableResult
  func record(
    _ batch: BatchUpdate, _ verdict: FlightRecord.Verdict, viewCounts: [Int]?,
    countsAfter: [Int]
  ) -> _RecordedBlock {
    record(
      batch, code: verdict._code, error: verdict._error, viewCounts: viewCounts,
      countsAfter: countsAfter, inFlight: false)
  }

  /// Records `batch` before the view sees it, as performed and in flight: the log shows it
  /// `pending` until the update ends (`FlightRecorder._endUpdate`), and a refusal amends it.
  ///
  /// - Returns: The record's sequence number, and the app's call's.
  @usableFromInline
  func recordInFlight(
    _ batch: BatchUpdate, viewCounts: [Int]?, countsAfter: [Int]
  ) -> _RecordedBlock {
    record(
      batch, code: FlightRecord.Verdict.performed._code, error: nil, viewCounts: viewCounts,
      countsAfter: countsAfter, inFlight: true)
  }

  func record(
    _ batch: BatchUpdate, code: Int, error: BatchUpdateError?, viewCounts: [Int]?,
    countsAfter: [Int], inFlight: Bool
  ) -> _RecordedBlock {
    recorder._recordBlock(
      _RecordCoding.Fields(
        sequence: 0, entry: entry, view: view, kind: .block, verdictCode: code,
        offset: observed.offset, site: site),
      error: error, batch: batch, viewCounts: viewCounts, dataSourceCounts: dataSourceCounts,
      storedDataCounts: storedDataCounts, countsAfter: countsAfter,
      selection: observed.selection, inFlight: inFlight)
  }

  /// Sets the verdict of the record `sequence`, written in flight: the view refused it.
  @usableFromInline
  func amend(_ sequence: Int, _ verdict: FlightRecord.Verdict) {
    recorder._amend(sequence, code: verdict._code, error: verdict._error)
  }
}

/// Records a reload made outside a replay (a pipeline's first data), around `reload`: opens
/// the app's call (with a keyframe of what the view showed before, when the log has none),
/// makes the reload, records it with the counts the view shows after it, and writes a
/// keyframe of `data` when one is due.
///
/// - Complexity: O(S) for S sections, and O(n) for a keyframe's identifiers.
@inlinable
package func _recordFirstReload<Target: BatchUpdateTarget, C: Collection>(
  _ data: C, on target: Target, guard check: UpdateGuard, entry: FlightRecord.EntryPoint,
  site: _CallSite?, reload: () -> Void
) {
  guard let recorder = check.recorder else { return reload() }
  let before = _ObservedBeforeReload(target)
  reload()
  let counts = target.displayedItemCounts
  let opened = recorder._record(
    site: site ?? _CallSite(fileID: "", line: 0),
    opening: _Opening(entry: entry, view: target.viewKind, counts: before.counts)
  ) {
    FlightRecord(
      sequence: $0, entry: entry, view: target.viewKind, kind: .reload, countsAfter: counts,
      selection: before.observed.selection, contentOffset: before.observed.offset)
  }
  let (counted, due) = recorder._endUpdate(opened)
  if due {
    recorder._keyframe(
      entry: entry, view: target.viewKind, counts: counts, data: data, site: counted)
  }
}

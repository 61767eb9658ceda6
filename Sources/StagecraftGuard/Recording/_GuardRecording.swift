import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// What the guard decided, in the order it decides it: all that the flight recorder hears of
/// a guarded replay. The guard decides and never writes a record; the recorder
/// (`_GuardRecording`) writes and never decides.
@usableFromInline
enum _GuardEvent {
  /// A block arrives, before anything reaches the view: its calls, what the view shows (its
  /// kind, selection and offset), the counts of the block's data, the counts of the data it
  /// was computed from (the last block's, once one reached the view) and what the data
  /// source answered.
  case blockArrived(
    BatchUpdate, view: ListViewKind, shown: _Observed, countsAfter: [Int], dataCounts: [Int]?,
    dataSourceCounts: [Int]?)
  /// The guard kept the block from the view, for `cause`: it falls back. With the block's
  /// calls and counts, as it arrived.
  case blockKept(BatchUpdateFallback.Cause, BatchUpdate, viewCounts: [Int]?, countsAfter: [Int])
  /// The guard hands the block to the view: written ahead, `pending` until the update ends,
  /// so that a log read while UIKit raises ends with it.
  case blockHandedOver(BatchUpdate, viewCounts: [Int], countsAfter: [Int])
  /// The view came back from the block with another verdict than performed: it refused it,
  /// or the data source had changed with the block's data (the guard falls back next).
  case blockCameBack(FlightRecord.Verdict)
  /// A reload is about to replace the blocks: what the view shows before it.
  case reloadWillBegin(_ObservedBeforeReload)
  /// The reload was made, with this verdict: the view's kind and its counts after it.
  case reloadDidEnd(FlightRecord.Verdict, view: ListViewKind, countsAfter: [Int]?)
}

/// The flight recorder's side of a guarded replay: it hears the guard's events
/// (`_GuardEvent`) and writes the records, with what it reads of the view before the view
/// changes. The write-ahead promise (a block is written before the view sees it) and the
/// call-site promise (every record of an update names the app's call, numbered by its first
/// record) are kept here.
@usableFromInline
struct _GuardRecording {
  @usableFromInline let recorder: FlightRecorder
  /// Where the update entered.
  @usableFromInline let entry: FlightRecord.EntryPoint
  /// The app's call that made the update: numbered by the first record of the update (0
  /// until then).
  @usableFromInline var site: _CallSite?
  /// The block being decided: what its record keeps, read before the view changes.
  @usableFromInline var draft: _RecordDraft?
  /// The record of the block handed to the view, written ahead.
  @usableFromInline var ahead: _RecordedBlock?
  /// What the view showed before the reload under way.
  @usableFromInline var beforeReload: _ObservedBeforeReload?

  @usableFromInline
  init(recorder: FlightRecorder, entry: FlightRecord.EntryPoint, site: _CallSite?) {
    self.recorder = recorder
    self.entry = entry
    // An update that changed nothing is counted too: the call is numbered at its end.
    self.site = site ?? _CallSite(fileID: "", line: 0)
  }

  /// Writes what `event` calls for. Not generic, so that the guard's call looks up no
  /// metadata.
  ///
  /// - Complexity: O(S + c + k) for a block's record of S sections, c calls and k selected
  ///   items; O(1) for the others.
  @usableFromInline
  mutating func observe(_ event: _GuardEvent) {
    switch event {
    case .blockArrived(
      let batch, let view, let shown, let countsAfter, let dataCounts, let answered):
      ahead = nil
      draft = _RecordDraft(
        recorder: recorder, entry: entry, view: view, observed: shown,
        storedDataCounts: dataCounts ?? _storedCountsBefore(after: countsAfter, batch: batch),
        dataSourceCounts: answered, site: site)
    case .blockKept(let cause, let batch, let viewCounts, let countsAfter):
      guard let draft else { return }
      let recorded = draft.record(
        batch, .fellBack(cause), viewCounts: viewCounts, countsAfter: countsAfter)
      site?.call = recorded.call
    case .blockHandedOver(let batch, let viewCounts, let countsAfter):
      guard let draft else { return }
      let written = draft.recordInFlight(batch, viewCounts: viewCounts, countsAfter: countsAfter)
      site?.call = written.call
      ahead = written
    case .blockCameBack(let verdict):
      if let ahead { draft?.amend(ahead.sequence, verdict) }
    case .reloadWillBegin(let before):
      beforeReload = before
    case .reloadDidEnd(let verdict, let view, let counts):
      guard let before = beforeReload else { return }
      beforeReload = nil
      site = recorder._record(
        site: site, opening: _Opening(entry: entry, view: view, counts: before.counts)
      ) {
        FlightRecord(
          sequence: $0, entry: entry, view: view, kind: .reload, countsAfter: counts,
          verdict: verdict, selection: before.observed.selection,
          contentOffset: before.observed.offset)
      }
    }
  }

  /// Ends the update: counts the app's call if nothing recorded it, clears the block in
  /// flight (the view returned), and writes a keyframe of `final` when one is due.
  ///
  /// - Complexity: O(S), and O(n) for a keyframe's identifiers.
  @inlinable
  func end<Target: BatchUpdateTarget, C: Collection>(final: C, on target: Target) {
    let (site, keyframeIsDue) = recorder._endUpdate(site)
    if keyframeIsDue {
      recorder._keyframe(
        entry: entry, view: target.viewKind, counts: target.displayedItemCounts, data: final,
        site: site)
    }
  }
}

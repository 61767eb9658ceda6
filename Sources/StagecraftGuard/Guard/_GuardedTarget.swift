import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// A view as the guarded replay sees it: it checks each block before the view does, and
/// refuses (throws `.fallback`) what `CollectionModel` refuses. It decides; what it decided
/// reaches the flight recorder as events (`_GuardEvent`), which `recording` writes.
@usableFromInline
struct _GuardedTarget<Base: BatchUpdateTarget>: BatchUpdateTarget where Base.Snapshot == Void {
  @usableFromInline typealias Failure = _GuardedFailure<Base.Failure>
  @usableFromInline typealias Snapshot = _BlockCounts
  @usableFromInline typealias ElementUpdates = Base.ElementUpdates

  @usableFromInline var base: Base
  @usableFromInline let check: UpdateGuard
  /// `fellBack` is set when a block is refused, before the replay reports its completion;
  /// `interrupted` when the replay's interrupt asks for a reload.
  @usableFromInline let state = _GuardState()
  /// The report of the block the guard kept from the view, for `onFallback`.
  @usableFromInline var fallback: BatchUpdateFallback?
  /// The counts of the last block's data, once a block has reached the view.
  @usableFromInline var previousCounts: [Int]?
  /// Why a reload replaces the blocks, when it is the guard's doing (a view off screen).
  @usableFromInline var reloadVerdict: FlightRecord.Verdict = .performed
  /// The counts each block passed the check with where it was planned (`_CheckedPlan`), in
  /// the order the replay performs them; `nil` without a plan checked ahead.
  @usableFromInline let passed: [_PassedCounts?]?
  /// How many blocks reached `performBatchUpdates`.
  @usableFromInline var blockIndex = 0
  /// The flight recorder's side, when the guard has a recorder.
  @usableFromInline var recording: _GuardRecording?

  @usableFromInline
  init(
    base: Base, check: UpdateGuard, entry: FlightRecord.EntryPoint = .reload,
    passed: [_PassedCounts?]? = nil, site: _CallSite? = nil
  ) {
    self.base = base
    self.check = check
    self.passed = passed
    self.recording = check.recorder.map { _GuardRecording(recorder: $0, entry: entry, site: site) }
  }

  @usableFromInline var isOnScreen: Bool { base.isOnScreen }
  @inlinable var displayedItemCounts: [Int]? { base.displayedItemCounts }
  @usableFromInline var viewKind: ListViewKind { base.viewKind }
  // The view's capabilities, as the replay reads them, forwarded.
  @usableFromInline var _visibleItemPaths: [ElementPath]? { base._visibleItemPaths }
  @inlinable var _scrollMetrics: ScrollMetrics? { base._scrollMetrics }
  @inlinable func _extentOfItem(at path: ElementPath) -> ItemExtent? {
    base._extentOfItem(at: path)
  }
  @inlinable func _firstVisibleItem(_ metrics: ScrollMetrics) -> (ElementPath, ItemExtent)? {
    base._firstVisibleItem(metrics)
  }
  @inlinable mutating func _setContentOffset(_ offset: Double) {
    base._setContentOffset(offset)
  }
  @inlinable mutating func _replayWillBegin() { base._replayWillBegin() }
  @inlinable mutating func _replayDidEnd() { base._replayDidEnd() }

  /// Tells the flight recorder, if there is one, what the guard decided.
  @usableFromInline
  mutating func tell(_ event: _GuardEvent) {
    recording?.observe(event)
  }

  /// Tells the flight recorder, if there is one, that a reload begins, with what the view
  /// shows before it.
  @usableFromInline
  mutating func tellReloadWillBegin() {
    guard recording != nil else { return }
    tell(.reloadWillBegin(_ObservedBeforeReload(base)))
  }

  /// Tells the flight recorder, if there is one, that the reload was made, with `verdict`.
  @usableFromInline
  mutating func tellReloadDidEnd(_ verdict: FlightRecord.Verdict) {
    guard recording != nil else { return }
    tell(.reloadDidEnd(verdict, view: base.viewKind, countsAfter: base.displayedItemCounts))
  }

  @usableFromInline
  mutating func reloadData(_ snapshot: _BlockCounts, setData: () -> Void) throws(Failure) {
    tellReloadWillBegin()
    do {
      try base.reloadData((), setData: setData)
    } catch {
      throw .target(error)
    }
    tellReloadDidEnd(state.interrupted ? .interrupted : reloadVerdict)
  }

  @inlinable
  mutating func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: _BlockCounts, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: Base.ElementUpdates,
    completion: ((Bool) -> Void)?
  ) throws(Failure) {
    let before = base.displayedItemCounts
    let after = before.map { snapshot.after(shown: $0, batch: batch) } ?? snapshot.counts
    // What UIKit will read after the block: the data source, asked before it.
    let answered = base._dataSourceItemCounts
    if recording != nil {  // the block's event holds its lists: made only to be heard
      tell(
        .blockArrived(
          batch, view: base.viewKind, shown: _Observed(base), countsAfter: after,
          dataCounts: previousCounts, dataSourceCounts: answered))
    }
    let known = passed.flatMap { $0.indices.contains(blockIndex) ? $0[blockIndex] : nil }
    blockIndex += 1
    guard let before else {
      // The view cannot tell its counts: the block cannot be checked, and the guard does not
      // hand it to the view blind.
      try keep(.countsUnknown, batch, before: nil, after: after, answered: answered, data: nil)
    }
    try checkBefore(batch, before: before, after: after, answered: answered, known: known)
    tell(.blockHandedOver(batch, viewCounts: before, countsAfter: after))
    let switched = try hand(
      batch, animated: animated, setData: setData, refreshing: refreshing, by: elementUpdates,
      completion: completion, before: before, after: after, answered: answered)
    if let switched {
      // The view made the block valid for any counts (or, a target that does not take the
      // replacement, the planned one): the data source changed with the new data.
      tell(.blockCameBack(.fellBack(.dataSourceChanged)))
      try fallBack(
        .dataSourceChanged, batch, before: before, after: after, answered: switched,
        data: _dataCounts(after: after, batch: batch))
    }
    previousCounts = after
  }

  /// Hands the block to the view. What UIKit reads after the block, asked once the data
  /// source has switched (`asking`): when it is not the block's data, `setData` returns a
  /// block valid for any counts, for this view to make instead (a value of this call, seen
  /// by no other view), and the data source's answer is returned for the caller to fall
  /// back. A view double that refuses the block (`RefusalReportingTarget`) falls back here,
  /// its report naming what the data source answered before the block (`answered`).
  ///
  /// A view double that refuses the block calls its completion during the block: the
  /// completion holds what it is called with until the block returns, and the fallback's
  /// reload ends the replay instead when the view refused.
  @inlinable
  mutating func hand(
    _ batch: BatchUpdate, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: Base.ElementUpdates,
    completion: ((Bool) -> Void)?, before: [Int], after: [Int], answered: [Int]?
  ) throws(Failure) -> [Int]? {
    let held = completion.map(_HeldCompletion.init)
    var switched: [Int]?
    let asked: Base? = answered == nil ? nil : base
    let checkedSetData = { () -> BatchUpdate? in
      if let replacement = setData() { return replacement }
      guard let answer = asked?._dataSourceItemCounts, answer != after else { return nil }
      switched = answer
      return ._resetting(fromSections: before.count, toSections: answer.count)
    }
    do {
      try base.performBatchUpdates(
        batch, snapshot: (), animated: animated,
        setData: answered == nil ? setData : checkedSetData,
        refreshing: refreshing, by: elementUpdates, completion: held?.completion)
    } catch {
      if let refusal = error as? BatchUpdateError { tell(.blockCameBack(.refused(refusal))) }
      throw .target(error)
    }
    if let refusal = base._lastBlockRefusal {
      try viewRefused(refusal, batch, before: before, after: after, answered: answered)
    }
    if switched == nil { held?.release() }
    return switched
  }

  /// The check before the block: what the data source answers (`dataSourceItemCounts`), then
  /// the block's calls against the view's counts (`validate`); falls back on a failure.
  @inlinable
  mutating func checkBefore(
    _ batch: BatchUpdate, before: [Int], after: [Int], answered: [Int]?, known: _PassedCounts?
  ) throws(Failure) {
    let data = _dataCounts(after: after, batch: batch)
    if let answered, answered != before, let data, _countsDisagree(shown: answered, data: data) {
      // The data source answers neither what the view cached nor the data the block was
      // computed from: it changed without an update, and what it answers after the block
      // cannot be known. (One that answers the block's data while the view cached other
      // counts is the view's stale cache, which the check below refuses with UIKit's text.)
      try keep(
        .dataSourceChanged, batch, before: before, after: after, answered: answered, data: data)
    }
    // A block that passed its check where it was planned, with the counts the view reports
    // now, passes again: the check reads nothing else.
    guard known?.holds(before: before, after: after) != true else { return }
    do {
      try batch.validate(
        itemCountsBefore: before, itemCountsAfter: after, wording: check.wording,
        view: base.viewKind)
    } catch {
      try keep(.refused(error), batch, before: before, after: after, answered: answered, data: data)
    }
  }

  /// Keeps the block from the view: tells the recorder, keeps the report for the replay to
  /// hand to `onFallback`, once, and throws so that the replay reloads instead.
  @usableFromInline
  mutating func keep(
    _ cause: BatchUpdateFallback.Cause, _ batch: BatchUpdate, before: [Int]?, after: [Int],
    answered: [Int]?, data: [Int?]?
  ) throws(Failure) -> Never {
    tell(.blockKept(cause, batch, viewCounts: before, countsAfter: after))
    try fallBack(cause, batch, before: before, after: after, answered: answered, data: data)
  }

  /// Keeps the report for the replay to hand to `onFallback`, once, and throws so that the
  /// replay reloads instead.
  @usableFromInline
  mutating func fallBack(
    _ cause: BatchUpdateFallback.Cause, _ batch: BatchUpdate, before: [Int]?, after: [Int],
    answered: [Int]?, data: [Int?]?
  ) throws(Failure) -> Never {
    fallback = BatchUpdateFallback(
      cause: cause, view: base.viewKind, itemCountsBefore: before, itemCountsAfter: after,
      batch: batch, dataItemCountsBefore: data, dataSourceItemCounts: answered)
    state.fellBack = true
    throw .fallback
  }

  /// The view refused the block and recovered on its own (a view double that records what
  /// UIKit would raise): the block's record, written ahead, becomes refused (an incident),
  /// and the replay falls back as for a block the guard refuses itself.
  ///
  /// A refusal that is not a `BatchUpdateError` is named by UIKit's own check: the view's
  /// counts before the block against what it holds now, after reading its data source.
  @usableFromInline
  mutating func viewRefused(
    _ refusal: any Error, _ batch: BatchUpdate, before: [Int], after: [Int], answered: [Int]?
  ) throws(Failure) {
    let shownAfter = base.displayedItemCounts ?? after
    var error = refusal as? BatchUpdateError
    if error == nil {
      do {
        try batch.validate(
          itemCountsBefore: before, itemCountsAfter: shownAfter, wording: check.wording,
          view: base.viewKind)
      } catch let counted {
        error = counted
      }
    }
    guard let error else { return }
    tell(.blockCameBack(.refused(error)))
    try fallBack(
      .refused(error), batch, before: before, after: shownAfter, answered: answered,
      data: _dataCounts(after: after, batch: batch))
  }

  /// After a refused block: reports the fallback once, and reloads the view with `final`,
  /// keeping the scroll position; the completion is called with `.fellBack`.
  @inlinable
  mutating func reloadInstead<C: Collection>(
    shown: C?, final: C, scroll: _ScrollKeeping<C>, setData: (C) -> Void,
    completion: ((ReplayOutcome) -> Void)?
  ) throws(Base.Failure) {
    if let fallback { check._report(fallback) }
    let plan = scroll.planReload(on: base, from: shown, to: final)
    tellReloadWillBegin()
    do {
      try base.reloadData((), setData: { setData(final) })
    } catch {
      completion?(.refused)
      throw error
    }
    tellReloadDidEnd(.performed)
    plan?.apply(to: &base)
    completion?(.fellBack)
  }

  /// The counts of the data the block was computed from: the last block's, or the
  /// changeset's source as the first block accounts for it.
  @usableFromInline
  func _dataCounts(after: [Int], batch: BatchUpdate) -> [Int?]? {
    previousCounts.map { $0.map(Optional.some) }
      ?? _countsAccountedBefore(after: after, batch: batch)
  }
}

/// What a guarded block throws: the guard's refusal, or the view's own.
@usableFromInline
enum _GuardedFailure<Base: Error>: Error {
  case fallback
  case target(Base)
}

/// What the replay's completion and interrupt read of the guard while the guarded target is
/// borrowed: whether the guard fell back, and whether the app's interrupt asked for the
/// reload.
///
/// Its members are exempt from run-time exclusivity checks (they cost a lookup at every
/// access, several an update): the replay and the completions it wraps run on the caller's
/// thread, one at a time, and no access is held across a call that could reach another.
@usableFromInline
final class _GuardState {
  @exclusivity(unchecked) @usableFromInline var fellBack = false
  @exclusivity(unchecked) @usableFromInline var interrupted = false
  @usableFromInline init() {}
}

/// The replay onto a view that takes its data from the app, guarded by `check`: a block the
/// model refuses against the counts the view shows, and an update to a view off screen,
/// become one reload with the final data, reported once to `check.onFallback`; the
/// completion is then called once, with `.fellBack`.
///
/// A `plan` made and checked beforehand (by a pipeline, off the main actor) is performed as
/// it is; a block of it whose view reports the counts it was checked with is not checked
/// again.
///
/// - Complexity: O(s + c log c) for the planning and O(S + c) per block for the check,
///   where s is the number of stages, c the number of changes and S the number of
///   sections (O(S) for a block checked beforehand), plus what the target spends on each
///   block.
@inlinable
package func _guardedReplay<Target: BatchUpdateTarget, C: Collection>(
  _ staged: StagedChangeset<C>, on target: inout Target, _ request: _ReplayRequest<C>,
  configuringCell configure: ((Target.ElementUpdates.Cell, ElementPath) -> Void)? = nil,
  guard check: UpdateGuard, counts: (C) -> _BlockCounts,
  entry: FlightRecord.EntryPoint = .reload,
  plan checked: _CheckedPlan<C, Target.ElementUpdates>? = nil,
  setData: (C) -> Void, completion: ((ReplayOutcome) -> Void)?
) throws(Target.Failure) where Target.Snapshot == Void {
  let plan = checked?.plan
  // The app's call, numbered by the update's first record, or at its end when nothing was
  // recorded (an update that changed nothing is counted too).
  let site = check.recorder == nil ? request.site : request.site ?? _CallSite(fileID: "", line: 0)
  guard check.isEnabled, let final = staged.last?.data else {
    if let recorder = check.recorder { _ = recorder._endUpdate(site) }
    return try _replay(
      staged, on: &target, request, configuringCell: configure,
      snapshot: { (_: C) throws(Target.Failure) in () }, setData: setData,
      completion: completion, plan: plan)
  }
  let offScreen = request.mode != .reloadData && !target.isOnScreen
  if offScreen {
    check._report(BatchUpdateFallback(cause: .offScreen, view: target.viewKind))
  }
  // One update for the target, its fallback reload included (the defers run in reverse:
  // the guarded copy is handed back first).
  target._replayWillBegin()
  defer { target._replayDidEnd() }
  var guarded = _GuardedTarget(
    base: target, check: check, entry: entry, passed: checked?.passed, site: site)
  defer { target = guarded.base }
  if offScreen { guarded.reloadVerdict = .fellBack(.offScreen) }
  let state = guarded.state
  // An interrupt that reloads is recorded as such.
  let interrupt =
    check.recorder.map { _ in
      request.interrupt.map { decide in
        { (changeset: Changeset<C>) -> Bool in
          let reloads = decide(changeset)
          if reloads { state.interrupted = true }
          return reloads
        }
      }
    } ?? request.interrupt
  // The data the view shows after each block that reached it (nil before).
  var shown: C?
  let scroll = request.scroll
  do {
    try _replay(
      staged, on: &guarded, request.interrupting(interrupt), configuringCell: configure,
      snapshot: { (data: C) throws(_GuardedFailure<Target.Failure>) in counts(data) },
      setData: { data in
        if scroll.relocate != nil { shown = data }
        setData(data)
      },
      // A block the guard kept from the view ends in its reload below, `.fellBack`. A view
      // off screen takes the data by a reload, `.reloaded`: nothing was refused (the report
      // to `onFallback` says `.offScreen`).
      completion: completion.map { completion in
        { outcome in
          guard !state.fellBack else { return }
          completion(outcome)
        }
      }, plan: plan)
  } catch {
    switch error {
    case .target(let failure): throw failure
    case .fallback:
      try guarded.reloadInstead(
        shown: shown, final: final, scroll: scroll, setData: setData, completion: completion)
    }
  }
  guarded.recording?.end(final: final, on: guarded.base)
}

import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftReplay

// The main-actor path of a request (submit, drain, diff, replay, finish, report) is
// inlinable: a caller that knows the data's type (a coordinator, in SwiftUI's update) runs it
// specialized, without looking up generic metadata at every step; that lookup cost a
// 10,000-item update about a fifth more than its diff and replay.
extension UpdatePipeline {
  /// Takes the waiting requests: all but the newest (that is not cancelled) are done, and
  /// the newest starts, unless a replay is running; it then waits for the next drain.
  @inlinable
  func _drain() {
    guard _running == nil else { return }
    let taken = _inbox.withLock { inbox in
      defer { inbox.pending = [] }
      return inbox.pending
    }
    guard !taken.isEmpty else { return }
    _statistics.requests += taken.count
    _unreported += taken
    // A loop rather than `last(where:)`: a main-actor closure handed to the standard library
    // checks its executor at every call.
    var newest: _Request?
    for request in taken.reversed() where !request.ticket.isCancelled {
      newest = request
      break
    }
    for request in taken where request !== newest {
      _settle(request, request.ticket.isCancelled ? .cancelled : .superseded)
    }
    _report()
    guard let newest else { return }
    _start(newest)
  }

  /// Starts a request: it is the running one until its outcome.
  @inlinable
  func _start(_ request: _Request) {
    _running = request
    _diffAndReplay(request)
  }

  /// Diffs what the view shows with the request's data, inline or on a background task,
  /// then replays.
  @inlinable
  func _diffAndReplay(_ request: _Request) {
    let (source, target) = (data, request.data)
    let count = _elementCount(target)
    // One strategy for the whole request: its diff, its plan and its replay.
    let strategy = request.strategy ?? self.strategy
    request.strategy = strategy
    if _elementCount(source) + count < strategy.inlineDiffBelow {
      _run(request, (request.diff ?? _diff)(source, target))
      return
    }
    let diff = request.diff ?? _diff
    let planner = _planner
    // The stages' data, and the blocks unless the replay will reload, are made off the main
    // actor too, where the replay reads them. The two versions go into that task, and the
    // diff comes out of it, in boxes that the receiving side empties: a task keeps its
    // closure and its result until it is freed, which the main actor's task below does, so
    // what they held could otherwise be freed there.
    let versions = _TakeOnce((source, target))
    let work = Task.detached {
      () -> _TakeOnce<(StagedChangeset<Data>, _PlannedReplay<Data, Failure>?)> in
      let (source, target) = versions.take()
      let staged = diff(source, target)
      staged._buildData()
      let reloads = strategy._reloads(changes: staged.changeCount, itemCount: { count })
      return _TakeOnce((staged, reloads ? nil : planner?(source, staged, strategy)))
    }
    let task = Task { @MainActor in
      let (staged, plan) = await work.value.take()
      self._backgroundDiff = nil
      self._run(request, staged, plan: plan)
      // The stages' copies of the data are freed off the main actor too. The plan is freed
      // here, on the main actor: its blocks may hold the app's cell configuration (a silent
      // refresh's closure), whose captures must not be released on another thread; its
      // lists hold plain positions, so freeing them costs O(1) per block.
      _ = consume plan
      _release(consume staged, holding: count)
    }
    _backgroundDiff = task
  }

  /// Replays `staged` on the target, unless the request was cancelled meanwhile, under the
  /// standard guard of the task that made the request.
  @inlinable
  func _run(
    _ request: _Request, _ staged: StagedChangeset<Data>,
    plan: _PlannedReplay<Data, Failure>? = nil
  ) {
    UpdateGuard._withScoped(request.scopedGuard) { _runScoped(request, staged, plan: plan) }
  }

  /// `_run`, in the request's scope.
  @inlinable
  func _runScoped(
    _ request: _Request, _ staged: StagedChangeset<Data>, plan: _PlannedReplay<Data, Failure>?
  ) {
    if request.ticket.isCancelled {
      _finish(request, .cancelled)
      return
    }
    // What the replay's closures share: each captures this one object, so that forming them
    // allocates nothing more.
    let source = data
    let run = _ReplayRun(self, request, source: source)
    // The replay's request, made once, with the strategy the pipeline's request captured.
    let replay = _ReplayRequest(
      staged, strategy: request.strategy ?? self.strategy, requested: request.animated,
      itemCount: { _elementCount(request.data) }, interrupt: { [run] _ in run.interrupt() },
      relocate: _relocate == nil ? nil : { [run] in run.relocate($0, $1, $2) },
      site: request.site)
    let reload = replay.mode == .reloadData
    _isReplaying = true
    do throws(Failure) {
      // Called, not picked with `??`: a function value of a typed-throws type needs the
      // runtime of iOS 18 to pass through a generic.
      let setData = { [run] in run.setData($0) }
      let complete = { [run] (outcome: ReplayOutcome) in run.complete(outcome) }
      if let plan {
        try plan.perform(staged, replay, setData, complete)
      } else {
        try _replayOnTarget(staged, replay, setData, complete)
      }
      _isReplaying = false
      run.returned = true
      // What the view showed before is no longer needed; when the app let go of it, this
      // is its last owner, and it is freed off the main actor.
      run.source = nil
      let count = _elementCount(source)
      _release(consume source, holding: count)
      _lastContentUpdates = reload ? nil : staged._contentUpdatePaths()
      _didApply?()
      _lastContentUpdates = nil
      if let outcome = run.outcome { _completed(run, outcome) }
    } catch {
      // The target refused a block: bring it back to the data it showed before.
      _data = source
      _reloadTarget(source)
      _isReplaying = false
      _didApply?()
      _finish(request, .failed(error))
    }
  }

  /// A replay's animations ended (or it reloaded): its request is done. A reload in its
  /// place (the strategy's, a view off screen, a cancellation, the guard's) is counted.
  @inlinable
  func _completed(_ run: _ReplayRun<Data, Failure>, _ outcome: ReplayOutcome) {
    if outcome == .reloaded || outcome == .fellBack { _statistics.reloads += 1 }
    let settled: Outcome =
      run.interrupted ? .cancelled : outcome == .fellBack ? .fellBack : .applied
    _finish(run.request, settled, replayed: true)
  }

  /// Ends the running request, reports, and lets the next one start.
  @inlinable
  func _finish(_ request: _Request, _ outcome: Outcome, replayed: Bool = false) {
    guard !request.isSettled else { return }
    if replayed { _statistics.replays += 1 }
    if replayed, case .cancelled = outcome { _statistics.cancelledDuringReplay += 1 }
    _settle(request, outcome)
    if _running === request { _running = nil }
    _report()
    if _drainsAtOnce {
      _drain()
    } else {
      // A new turn, so that replays that complete at once do not nest.
      Task { @MainActor in self._drain() }
    }
  }

  /// Whether a request is waiting, being diffed or being replayed (its animation included).
  package var _isBusy: Bool {
    _running != nil || _backgroundDiff != nil || !_inbox.withLock { $0.pending.isEmpty }
  }

  /// Shows `data` at once with a reload, without diffing: a view's first data. When a
  /// replay is running, the data is requested as any other instead. A guarded view's flight
  /// recorder counts the call and records the reload (`_onReloadNow`).
  @inlinable
  package func _reloadNow(
    _ data: Data, site: _CallSite? = nil,
    completion: @escaping @MainActor @Sendable (Outcome) -> Void
  ) {
    guard _running == nil, _inbox.withLock({ $0.pending.isEmpty }) else {
      _submit(data, animated: false, site: site, completion: completion)
      return
    }
    _statistics.requests += 1
    _statistics.replays += 1
    _statistics.reloads += 1
    self._data = data
    _isReplaying = true
    if let record = _onReloadNow {
      record(data, site) { self._reloadTarget(data) }
    } else {
      _reloadTarget(data)
    }
    _isReplaying = false
    _didApply?()
    completion(.applied)
  }

  /// Requests `data` from the main actor and, when no replay is running, diffs (inline, when
  /// small) and replays it before returning: what a coordinator calls from SwiftUI's update.
  ///
  /// `diff`, when given, diffs this request instead of the pipeline's diff: a caller whose
  /// code is specialized for its data passes the diff made there.
  @inlinable
  package func _submit(
    _ data: Data, animated: Bool,
    diff: (@Sendable (Data, Data) -> StagedChangeset<Data>)? = nil, site: _CallSite? = nil,
    completion: @escaping @MainActor @Sendable (Outcome) -> Void
  ) {
    let request = _Request(
      data: data, animated: animated, ticket: _uncancellable, completion: completion, diff: diff,
      site: site, strategy: strategy)
    // With nothing running and nothing waiting, the request starts at once, without joining
    // the line: the line's array is not allocated again and drained for one request.
    let idle = _running == nil
    let joined = _inbox.withLock { inbox in
      guard !idle || !inbox.pending.isEmpty else { return false }
      inbox.pending.append(request)
      return true
    }
    guard !joined else {
      _drain()
      return
    }
    _statistics.requests += 1
    _unreported.append(request)
    _start(request)
  }

  /// Records a request's outcome.
  @inlinable
  func _settle(_ request: _Request, _ outcome: Outcome) {
    request.settle(outcome)
    switch outcome {
    case .applied, .fellBack: break
    case .superseded:
      _statistics.superseded += 1
      _onSuperseded?()
    case .cancelled: _statistics.cancelled += 1
    case .failed: _statistics.failed += 1
    }
  }

  /// Calls the completions of the settled requests at the head of the line, in order.
  @inlinable
  func _report() {
    var reported = 0
    for request in _unreported {
      guard let outcome = request.outcome else { break }
      request.completion?(outcome)
      reported += 1
    }
    _unreported.removeFirst(reported)
    _checkInvariants()
  }

  /// Traps when the queue disagrees with itself: outcomes are reported in the order the
  /// requests were made, so the first unreported request has none; the running request has
  /// none and waits among them; no request waits twice; the statistics add up. Compiled
  /// only with `STAGECRAFT_INTERNAL_CHECKS` (debug builds call it after every report).
  ///
  /// - Complexity: O(r) for the r requests not yet reported.
  @usableFromInline
  package func _checkInvariants() {
    #if STAGECRAFT_INTERNAL_CHECKS
      precondition(_unreported.first?.isSettled != true, "an outcome waits behind none")
      if let running = _running {
        precondition(!running.isSettled, "the running request has an outcome")
        precondition(_unreported.contains { $0 === running }, "the running request is not queued")
      }
      precondition(
        Set(_unreported.map(ObjectIdentifier.init)).count == _unreported.count,
        "a request is queued twice")
      let counts = _statistics
      precondition(counts.cancelledDuringReplay <= counts.cancelled, "cancelled during replays")
      precondition(counts.cancelledDuringReplay <= counts.replays, "cancelled replays")
      precondition(counts.replays <= counts.requests, "more replays than requests")
      precondition(
        counts.superseded + counts.cancelled - counts.cancelledDuringReplay <= counts.requests,
        "more requests ended than made")
    #endif
  }
}

/// The state one replay's closures share: the request, the data shown before it, and what
/// happened during it. The completion may come during the replay (no animation to wait for)
/// or later; a refused block also completes just before the replay throws.
///
/// Its members are exempt from run-time exclusivity checks: it is main-actor state, and each
/// access is a read or a write that ends before anything else runs (the closures that touch
/// it are called one at a time by the replay and by the view's completion).
@MainActor @usableFromInline
final class _ReplayRun<Data: Collection & Sendable, Failure: Error & Sendable> {
  @usableFromInline let pipeline: UpdatePipeline<Data, Failure>
  @usableFromInline let request: _PipelineRequest<Data, Failure>
  /// The data the view showed before the replay, until the replay call returns.
  @exclusivity(unchecked) @usableFromInline var source: Data?
  /// Whether a cancellation interrupted the replay (the rest became a reload).
  @exclusivity(unchecked) @usableFromInline var interrupted = false
  /// Whether the replay call returned.
  @exclusivity(unchecked) @usableFromInline var returned = false
  /// How the replay ended, when it ended before its call returned (no animation to wait
  /// for).
  @exclusivity(unchecked) @usableFromInline var outcome: ReplayOutcome?

  @usableFromInline
  init(
    _ pipeline: UpdatePipeline<Data, Failure>, _ request: _PipelineRequest<Data, Failure>,
    source: Data
  ) {
    self.pipeline = pipeline
    self.request = request
    self.source = source
  }

  /// Asked before each block: whether to reload the rest.
  @inlinable func interrupt() -> Bool {
    interrupted = request.ticket.isCancelled
    return interrupted
  }

  /// A block's data, for the data source.
  @inlinable func setData(_ data: Data) { pipeline._data = data }

  /// The replay ended, its animations finished or cut short, by a reload or the guard's
  /// fallback: the request is done either way. A refused block (`.refused`) ends it by the
  /// replay's throw instead.
  @inlinable func complete(_ outcome: ReplayOutcome) {
    guard outcome != .refused else { return }
    if returned { pipeline._completed(self, outcome) } else { self.outcome = outcome }
  }

  /// Where an element of the shown data is in the final data, by identity.
  @inlinable func relocate(_ shown: Data?, _ path: ElementPath, _ final: Data) -> ElementPath? {
    guard let base = shown ?? source else { return nil }
    return pipeline._relocate?(base, path, final)
  }
}

/// The ticket of requests that no one can cancel (their caller never sees a ticket).
@usableFromInline
let _uncancellable = UpdateTicket()

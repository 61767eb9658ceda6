import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftReplay

/// Brings a list's data onto its view from any thread: each request is diffed off the main
/// actor and replayed on it, one replay at a time, and the latest request wins.
///
/// - **From anywhere.** `apply` takes `Sendable` data from any task or thread. The diff runs
///   on a background task (or inline, when the data is small); the replay runs on the main
///   actor, where views live.
/// - **The latest request wins.** A request that arrives while another is being diffed or
///   animated supersedes every request still waiting: their data is never replayed, and the
///   next replay diffs from what the view shows to the newest data.
/// - **In order.** An animated replay finishes (its completion fires) before the next one
///   starts, so no two replays overlap.
/// - **Cancellable.** Cancelling a request before its replay starts leaves the view
///   untouched. Cancelling during the replay lets the block in progress finish, then
///   reloads the view with the request's data instead of animating the rest: the view is
///   consistent at once, and a cancelled request does not keep animating.
/// - **One outcome per request**, in request order: applied, superseded, cancelled, or
///   failed (`CollectionModel` only), to a completion handler or an `await`.
///
/// ```swift
/// import Stagecraft
///
/// @MainActor func burst() async -> [String] {
///   let view = CollectionModelView(CollectionModel(items: ["hi"]))
///   let pipeline = UpdatePipeline(target: view, items: ["hi"])
///   var log: [String] = []
///   pipeline.apply(["hi", "yo"]) { log.append("first \($0)") }
///   pipeline.apply(["hi", "yo", "hey"]) { log.append("second \($0)") }
///   let third = await pipeline.apply(["hi", "yo", "hey", "sup"])
///   return log + ["third \(third)"] + view.model.items
/// }
/// for line in await burst() { print(line) }
/// ```
///
/// prints
///
/// ```
/// first superseded
/// second superseded
/// third applied
/// hi
/// yo
/// hey
/// sup
/// ```
///
/// The pipeline is the view's data source while it runs: read the data to show from
/// `data`, which it switches inside each update block.
@MainActor
public final class UpdatePipeline<Data: Collection & Sendable, Failure: Error & Sendable> {
  /// The outcome of a request to this pipeline.
  public typealias Outcome = UpdateOutcome<Failure>

  /// The data the view shows: the data source to read cells from. During a replay it is the
  /// current stage's data.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var data: Data { _data }

  // The pipeline's state is isolated to the main actor, and every access to it is a read or
  // a write that ends before anything else runs (no access is held across a call that could
  // come back to it), so its stored properties are exempt from run-time exclusivity checks:
  // they cost about a sixth of what the pipeline added to a small update.

  /// The storage of `data`.
  @exclusivity(unchecked) @usableFromInline
  var _data: Data {
    didSet { if !_changingContent { _dataVersion &+= 1 } }
  }

  /// Counts the changes of `data`, so that what a caller derived from it (an index of its
  /// identifiers) knows when it is out of date. A change of content in place
  /// (`_changeContent(_:)`) moves no item and does not count here.
  @exclusivity(unchecked) package private(set) var _dataVersion = 0
  /// Counts the changes of content in place: items that kept their places.
  @exclusivity(unchecked) package private(set) var _contentVersion = 0
  @exclusivity(unchecked) @usableFromInline var _changingContent = false

  /// Changes the content of items in place, without moving any (a streamed token): the
  /// caller tells the view. Only while no request is under way.
  ///
  /// - Complexity: That of `change`.
  package func _changeContent(_ change: (inout Data) -> Void) {
    _changingContent = true
    defer { _changingContent = false }
    change(&_data)
    _contentVersion &+= 1
  }

  /// The task that diffs off the main actor and then replays, while one runs.
  @usableFromInline
  @exclusivity(unchecked) package var _backgroundDiff: Task<Void, Never>?

  /// The updates' settings: when a request animates or reloads instead, where it is
  /// diffed, what it keeps of the scroll position, how its calls are laid out in blocks
  /// (`UpdateStrategy`, whose defaults these are). The pipeline knows the data the view
  /// shows, so a reload (off screen, by the strategy, by the guard) keeps the anchor too, by
  /// identity.
  @exclusivity(unchecked) public var strategy: UpdateStrategy

  /// Where an element of one version of the data is in another, by identity: given by the
  /// initializers that know the element type (`_PipelineWiring`), so that reloads keep the
  /// scroll anchor.
  @usableFromInline
  package let _relocate: ((Data, ElementPath, Data) -> ElementPath?)?

  /// Called when a request is superseded before its data reached the view: the flight
  /// recorder's hook, set by the guarded initializer.
  @usableFromInline
  @exclusivity(unchecked) package var _onSuperseded: (() -> Void)?

  /// Called, with the reload to make, when the view's first data is shown with a reload,
  /// without a replay: the flight recorder's hook, set by the guarded initializer, so that
  /// the first call is counted and its reload recorded. Exempt from run-time exclusivity checks as the hooks above: it is
  /// set once, in the initializer, and only read afterwards, on the main actor.
  @usableFromInline
  @exclusivity(unchecked) package var _onReloadNow: ((Data, _CallSite?, () -> Void) -> Void)?

  /// What the pipeline did so far.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var statistics: Statistics { _statistics }

  /// The storage of `statistics`.
  @usableFromInline
  @exclusivity(unchecked) var _statistics = Statistics()

  /// Counts of what a pipeline did.
  public struct Statistics: Hashable, Sendable {
    /// Requests made.
    public var requests = 0
    /// Replays run: requests whose data reached the view by batch updates or a reload.
    public var replays = 0
    /// Replays run as a reload (by the strategy, an off-screen view, a cancellation, or the
    /// guard, in place of a block UIKit would refuse).
    public var reloads = 0
    /// Requests superseded by later ones.
    public var superseded = 0
    /// Requests cancelled.
    public var cancelled = 0
    /// Requests cancelled while their replay ran: counted among `replays` too, since their
    /// data reached the view by a reload.
    public var cancelledDuringReplay = 0
    /// Requests the target refused.
    public var failed = 0
  }

  @usableFromInline
  typealias _Request = _PipelineRequest<Data, Failure>
  /// The replay on the target, with the target's conformance and its cell configuration
  /// bound in: a request, the app's data source switch, and the outcome's handler.
  @usableFromInline
  typealias _Replay = (
    _ staged: StagedChangeset<Data>, _ request: _ReplayRequest<Data>,
    _ setData: (Data) -> Void, _ completion: ((ReplayOutcome) -> Void)?
  ) throws(Failure) -> Void
  /// Plans a request on the task that diffs it: from the data shown, its changeset and its
  /// settings to the replay with the plan bound in.
  @usableFromInline
  typealias _Planner =
    @Sendable (Data, StagedChangeset<Data>, UpdateStrategy) -> _PlannedReplay<Data, Failure>

  @usableFromInline
  nonisolated let _inbox = _Locked(_PipelineInbox<Data, Failure>())
  /// The diff of every request whose caller gives none.
  @usableFromInline
  package let _diff: @Sendable (Data, Data) -> StagedChangeset<Data>
  /// The number of elements the data holds: its items, summed over sections.
  @usableFromInline
  let _elementCount: (Data) -> Int
  /// Whether the next request starts as soon as the running one completes, in the same
  /// turn, instead of in a new main-actor turn: for a caller on the main actor that needs
  /// the view to follow at once (a coordinator), as UIKit's completion handlers do.
  @usableFromInline
  package let _drainsAtOnce: Bool
  /// Called on the main actor once a replay's blocks, or the reload that replaced them, have
  /// been performed on the target, before their animations end (the view shows the new
  /// data then): a coordinator restores the selection at that moment.
  @usableFromInline
  @exclusivity(unchecked) package var _didApply: (() -> Void)?
  /// What `_didApply` hears of the replay just performed: the paths of the items it updated,
  /// when its changes only changed content (`StagedChangeset._contentUpdatePaths()`, read
  /// here, where the pipeline runs specialized for its data); `nil` after any other change,
  /// a reload or a refused block.
  @usableFromInline
  @exclusivity(unchecked) package var _lastContentUpdates: [ElementPath]?
  /// Whether a replay or a reload is being performed on the target: an offset it sets to
  /// keep the scroll position is not the user's scroll.
  @usableFromInline
  @exclusivity(unchecked) package var _isReplaying = false
  /// The replay on the target, with its conformance and element updates bound in; the
  /// pipeline's type does not name the target, so that callers on any thread can use it.
  @usableFromInline
  let _replayOnTarget: _Replay
  /// Plans a changeset from the data given to the data it ends with, for the target (a
  /// `_ReplayPlan`, or for a guarded view a `_CheckedPlan`), on the task that diffs, and gives
  /// the replay with that plan bound in, typed: the main actor then only performs the blocks.
  @usableFromInline
  let _planner: _Planner?
  /// Reloads the target with data, after a refused replay.
  @usableFromInline
  let _reloadTarget: (Data) -> Void
  @usableFromInline
  @exclusivity(unchecked) var _running: _Request?
  @usableFromInline
  @exclusivity(unchecked) var _unreported: [_Request] = []

  /// Creates a pipeline that replays onto `target`, which shows `data`.
  ///
  /// Most code uses a convenience initializer: `init(target:items:)` or
  /// `init(target:sections:)`, for a view, a `HeadlessCollectionView` or a
  /// `CollectionModelView`.
  ///
  /// - Parameters:
  ///   - target: The view.
  ///   - data: What the view shows now.
  ///   - strategy: The updates' settings (`UpdateStrategy`).
  ///   - configureCell: Configures a realized cell for the item at a path, for a silent
  ///     refresh (`UpdateStrategy.elementUpdates`).
  ///   - diff: The staged changeset between two versions of the data.
  ///   - snapshot: The data the target holds for `data`, when it is its own data source.
  /// - Complexity: O(1).
  public convenience init<Target: BatchUpdateTarget & AnyObject>(
    target: Target, data: Data, strategy: UpdateStrategy = UpdateStrategy(),
    configureCell: ((Target.ElementUpdates.Cell, ElementPath) -> Void)? = nil,
    diff: @escaping @Sendable (Data, Data) -> StagedChangeset<Data>,
    snapshot: @escaping (Data) -> Target.Snapshot
  ) where Target.Failure == Failure {
    self.init(
      target: target, data: data, strategy: strategy, configureCell: configureCell, diff: diff,
      snapshot: snapshot, elementCount: { $0.count })
  }

  /// A pipeline onto a target that holds its own data (`snapshot`), unguarded; `elementCount`
  /// tells the strategy how many elements the data holds.
  @inlinable
  package convenience init<Target: BatchUpdateTarget & AnyObject>(
    target: Target, data: Data, strategy: UpdateStrategy,
    configureCell: ((Target.ElementUpdates.Cell, ElementPath) -> Void)? = nil,
    diff: @escaping @Sendable (Data, Data) -> StagedChangeset<Data>,
    snapshot: @escaping (Data) -> Target.Snapshot, elementCount: @escaping (Data) -> Int,
    wiring: _PipelineWiring<Data> = _PipelineWiring()
  ) where Target.Failure == Failure {
    let configure = _UncheckedSendable(configureCell)
    func replay(_ plan: _ReplayPlan<Data, Target.ElementUpdates>?) -> _Replay {
      { staged, request, setData, completion throws(Failure) in
        var view = target
        try _replay(
          staged, on: &view, request, configuringCell: configure.value,
          snapshot: { (data: Data) throws(Failure) in snapshot(data) }, setData: setData,
          completion: completion, plan: plan)
      }
    }
    // The planning task reads the strategy (a value) and binds the plan into a replay it
    // hands back; only the main actor performs that replay, calls the app's configuration
    // and touches the target.
    let plan = _UncheckedSendable {
      (staged: StagedChangeset<Data>, strategy: UpdateStrategy) -> _PlannedReplay<Data, Failure> in
      _PlannedReplay(
        replay(_ReplayPlan(staged, strategy: strategy, configuringCell: configure.value)))
    }
    self.init(
      target: target, data: data, strategy: strategy, diff: diff, snapshot: snapshot,
      elementCount: elementCount, wiring: wiring,
      planner: { _, staged, strategy in plan.value(staged, strategy) }, replay: replay(nil))
  }

  /// A pipeline onto a view that reads its data from the app: each replay is guarded. The
  /// replay's closure is formed here, where an inlining caller knows the types: it runs
  /// specialized for them.
  @inlinable
  package convenience init<Target: BatchUpdateTarget & AnyObject>(
    view target: Target, data: Data, strategy: UpdateStrategy,
    configureCell: ((Target.ElementUpdates.Cell, ElementPath) -> Void)? = nil,
    guard configured: UpdateGuard?, counts: @escaping @Sendable (Data) -> _BlockCounts,
    elementCount: ((Data) -> Int)? = nil, entry: FlightRecord.EntryPoint = .pipeline,
    wiring: _PipelineWiring<Data> = _PipelineWiring(),
    diff: @escaping @Sendable (Data, Data) -> StagedChangeset<Data>
  ) where Target.Failure == Failure, Target.Snapshot == Void {
    let configure = _UncheckedSendable(configureCell)
    func replay(_ plan: _CheckedPlan<Data, Target.ElementUpdates>?) -> _Replay {
      { staged, request, setData, completion throws(Failure) in
        var view = target
        // The app's guard as it stands now: one set on `UpdateGuard.standard` after the
        // pipeline was made (a recorder added later) is the one this update uses.
        let check = configured ?? UpdateGuard.standard
        try _guardedReplay(
          staged, on: &view, request, configuringCell: configure.value, guard: check,
          counts: counts, entry: entry, plan: plan, setData: setData, completion: completion)
      }
    }
    // As above: the plan checked on the planning task, bound into the replay it hands back.
    let plan = _UncheckedSendable {
      (source: Data, staged: StagedChangeset<Data>, strategy: UpdateStrategy)
        -> _PlannedReplay<Data, Failure> in
      _PlannedReplay(
        replay(
          _CheckedPlan(
            staged, source: source, strategy: strategy, configuringCell: configure.value,
            counts: counts)))
    }
    self.init(
      target: target, data: data, strategy: strategy, diff: diff, snapshot: { _ in () },
      elementCount: elementCount ?? { counts($0).elementCount }, wiring: wiring,
      planner: { source, staged, options in plan.value(source, staged, options) },
      replay: replay(nil))
    if configured == nil || configured?.recorder != nil {
      _onReloadNow = { [unowned target] data, site, reload in
        _recordFirstReload(
          data, on: target, guard: configured ?? UpdateGuard.standard, entry: entry, site: site,
          reload: reload)
      }
      _onSuperseded = { [unowned target] in
        (configured ?? UpdateGuard.standard).recorder?._record {
          FlightRecord(
            sequence: $0, entry: entry, view: target.viewKind, kind: .block, verdict: .coalesced)
        }
      }
    }
  }

  /// The one designated initializer: the replay, with the target's conformance bound in.
  @usableFromInline
  init<Target: BatchUpdateTarget & AnyObject>(
    target: Target, data: Data, strategy: UpdateStrategy,
    diff: @escaping @Sendable (Data, Data) -> StagedChangeset<Data>,
    snapshot: @escaping (Data) -> Target.Snapshot, elementCount: @escaping (Data) -> Int,
    wiring: _PipelineWiring<Data> = _PipelineWiring(), planner: _Planner? = nil,
    replay: @escaping _Replay
  ) where Target.Failure == Failure {
    self._relocate = wiring.relocate
    self._drainsAtOnce = wiring.drainsAtOnce
    self._data = data
    self._planner = planner
    self.strategy = strategy
    self._diff = diff
    self._elementCount = elementCount
    self._replayOnTarget = replay
    self._reloadTarget = { data in
      var view = target
      try? view.reloadData(snapshot(data), setData: {})
    }
  }

  /// Requests that the view show `data`, from any thread. The completion is called on the
  /// main actor, once, with the request's outcome, after the outcomes of every earlier
  /// request. (Without a completion, `apply` is the `async` variant, which waits.)
  ///
  /// - Parameters:
  ///   - data: The data to show.
  ///   - animated: Whether to animate the batch updates.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  ///   - completion: Called with the outcome.
  /// - Returns: A ticket that cancels the request.
  /// - Complexity: O(1) here; the diff and the replay follow asynchronously.
  @discardableResult
  nonisolated public func apply(
    _ data: Data, animated: Bool = true, fileID: StaticString = #fileID, line: UInt = #line,
    completion: @escaping @MainActor @Sendable (Outcome) -> Void
  ) -> UpdateTicket {
    let ticket = UpdateTicket()
    let request = _Request(
      data: data, animated: animated, ticket: ticket, completion: completion,
      site: _CallSite(fileID: fileID, line: line))
    _inbox.withLock { $0.pending.append(request) }
    Task { @MainActor in self._drain() }
    return ticket
  }

  /// Requests that the view show `data`, from any task, and waits for the outcome.
  /// Cancelling the waiting task cancels the request. The request joins the line before
  /// the call first suspends, so requests a task makes one after another keep their order.
  ///
  /// - Parameters:
  ///   - data: The data to show.
  ///   - animated: Whether to animate the batch updates.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Returns: The request's outcome.
  /// - Complexity: O(1) here, then the diff and the replay.
  nonisolated(nonsending) public func apply(
    _ data: Data, animated: Bool = true, fileID: StaticString = #fileID, line: UInt = #line
  ) async -> Outcome {
    // Joins the line now, on the caller's executor, before the first suspension.
    let waiter = _Waiter<Outcome>()
    let ticket = apply(data, animated: animated, fileID: fileID, line: line) {
      waiter.deliver($0)
    }
    return await withTaskCancellationHandler {
      await waiter.wait()
    } onCancel: {
      ticket.cancel()
    }
  }
}

/// The requests that wait for the main actor, in the order they were made.
@usableFromInline
struct _PipelineInbox<Data: Collection & Sendable, Failure: Error & Sendable> {
  @usableFromInline var pending: [_PipelineRequest<Data, Failure>] = []
}

/// One request: its data, and where its outcome goes.
@MainActor @usableFromInline
final class _PipelineRequest<Data: Collection & Sendable, Failure: Error & Sendable>: Sendable {
  @usableFromInline
  nonisolated let data: Data
  @usableFromInline
  nonisolated let animated: Bool
  @usableFromInline
  nonisolated let ticket: UpdateTicket
  @usableFromInline
  nonisolated let completion: (@MainActor @Sendable (UpdateOutcome<Failure>) -> Void)?
  /// How to diff this request, when its caller says (specialized for its data there);
  /// otherwise the pipeline's diff.
  @usableFromInline
  nonisolated let diff: (@Sendable (Data, Data) -> StagedChangeset<Data>)?
  /// Where the app asked for it, for the flight recorder.
  @usableFromInline
  nonisolated let site: _CallSite?
  /// The settings the request is diffed and replayed with: the pipeline's when it was
  /// submitted on the main actor, or when it started (a request from another task), read
  /// once, so that its plan and its mode never come from two strategies. Main-actor state,
  /// written before the request is diffed.
  @usableFromInline
  @exclusivity(unchecked) nonisolated(unsafe) var strategy: UpdateStrategy?
  /// The standard guard `UpdateGuard.withStandard` gave the task that made the request, if
  /// any: the request replays under it wherever the line starts it.
  @usableFromInline
  nonisolated let scopedGuard: UpdateGuard? = UpdateGuard._scopedStandard

  // The outcome is kept as a tag and an existential error, not as an
  // `UpdateOutcome<Failure>?`: this class's deinit is generic code, and destroying that
  // optional there looked up its metadata and its payload's, about 1,000 instructions an
  // update.

  /// Which outcome the request settled with, if it did. Exempt from run-time exclusivity
  /// checks: written once, on the main actor, by a plain assignment, and read after.
  @usableFromInline
  @exclusivity(unchecked) var _settled = _SettledOutcome.none
  /// The target's error, when the outcome is `.failed`.
  @usableFromInline
  @exclusivity(unchecked) var _failure: (any Error)?

  @usableFromInline
  nonisolated init(
    data: Data, animated: Bool, ticket: UpdateTicket,
    completion: (@MainActor @Sendable (UpdateOutcome<Failure>) -> Void)?,
    diff: (@Sendable (Data, Data) -> StagedChangeset<Data>)? = nil, site: _CallSite? = nil,
    strategy: UpdateStrategy? = nil
  ) {
    self.data = data
    self.animated = animated
    self.ticket = ticket
    self.completion = completion
    self.diff = diff
    self.site = site
    self.strategy = strategy
  }

  /// Whether the request has its outcome.
  @inlinable
  var isSettled: Bool { _settled != .none }

  /// The request's outcome, once settled.
  @inlinable
  var outcome: UpdateOutcome<Failure>? {
    switch _settled {
    case .none: return nil
    case .applied: return .applied
    case .fellBack: return .fellBack
    case .superseded: return .superseded
    case .cancelled: return .cancelled
    case .failed:
      // `_failure` holds the `Failure` that `settle(_:)` was given.
      guard let failure = _failure as? Failure else { return nil }
      return .failed(failure)
    }
  }

  /// Gives the request its outcome.
  @inlinable
  func settle(_ outcome: UpdateOutcome<Failure>) {
    switch outcome {
    case .applied: _settled = .applied
    case .fellBack: _settled = .fellBack
    case .superseded: _settled = .superseded
    case .cancelled: _settled = .cancelled
    case .failed(let failure):
      _settled = .failed
      _failure = failure
    }
  }
}

/// Which outcome a request settled with: `UpdateOutcome` without its payload.
@usableFromInline
enum _SettledOutcome: UInt8, Sendable {
  case none, applied, fellBack, superseded, cancelled, failed
}

/// One outcome handed from the main actor to a waiting task, whichever comes first.
final class _Waiter<Value: Sendable>: Sendable {
  private enum State {
    case empty
    case delivered(Value)
    case waiting(CheckedContinuation<Value, Never>)
  }

  private let state = _Locked(State.empty)

  func deliver(_ value: Value) {
    let continuation = state.withLock { state -> CheckedContinuation<Value, Never>? in
      if case .waiting(let continuation) = state {
        state = .empty
        return continuation
      }
      state = .delivered(value)
      return nil
    }
    continuation?.resume(returning: value)
  }

  func wait() async -> Value {
    await withCheckedContinuation { continuation in
      let value = state.withLock { state -> Value? in
        if case .delivered(let value) = state { return value }
        state = .waiting(continuation)
        return nil
      }
      if let value { continuation.resume(returning: value) }
    }
  }
}

/// Lets go of `value`, storage for `count` elements the main actor no longer needs: on a
/// background task when there are at least `threshold` of them, since its deallocation
/// costs time in proportion to its size (a million items' stages, about 4 ms; their index,
/// about 5 ms), and here otherwise. Starting the task costs the main actor about 10 µs: at
/// 10,000 items, a task per update took the coordinator row from 1.07× to 1.5–1.9× the bare
/// replay, so the data's threshold is 65,536 elements; an index's entries are larger, and
/// its caller passes its own.
///
/// The task takes the value out of a box and drops it, which is safe for any value no one
/// else uses (and for one that others still hold: the last of them frees it then). Out of
/// a box, not from the task's closure: the caller releases its reference to the closure
/// after the task starts, and when the task has already finished that reference is the last,
/// which would free the value here.
///
/// `Value` is `Sendable`: it crosses to the task. A value that may hold the app's code (a
/// closure, such as a silent refresh's configuration, whose captures could be a view) is not
/// `Sendable` and is freed where it is.
///
/// - Complexity: O(1) for the caller when `count` is at least `threshold`.
@inlinable
package func _release<Value: Sendable>(
  _ value: consuming Value, holding count: Int, threshold: Int = 65_536
) {
  _releaseUnchecked(value, holding: count, threshold: threshold)
}

/// `_release` for a value whose type the compiler cannot prove `Sendable` but that the
/// caller knows is safe to free on another thread: the caller states why where it calls
/// this. Used for the coordinator's identifier index, whose identifiers are read from the
/// elements of `Sendable` data (a pipeline's `Data` is `Sendable`), the same data that the
/// pipeline frees off the main actor already.
///
/// - Complexity: O(1) for the caller when `count` is at least `threshold`.
@inlinable
package func _releaseUnchecked<Value>(
  _ value: consuming Value, holding count: Int, threshold: Int
) {
  guard count >= threshold else { return }
  let box = _TakeOnce(value)
  Task.detached(priority: .background) { _ = box.take() }
}

/// A value handed from the task that made it to the one that takes it, once: the maker
/// writes it before handing the box over (a task's result), the taker takes it after
/// (awaiting that result), so that the box, which the finished task keeps, holds nothing.
///
/// `@unchecked`: that ordering is the invariant (a write happens before the handing over,
/// the one read after it); the two sides never touch the box at the same time. A value that
/// holds the app's closures is not put in one (`_release` asks for `Sendable`).
@usableFromInline
package final class _TakeOnce<Value>: @unchecked Sendable {
  @usableFromInline var value: Value?
  @inlinable package init(_ value: Value) { self.value = value }
  /// The value; the box is empty after.
  @inlinable package func take() -> Value { value.take()! }
}

/// What an initializer that knows more than the pipeline tells it at birth: where an element
/// of one version of the data is in another (for reloads that keep the anchor), and whether
/// the next request starts in the turn the running one completes (a coordinator's).
@usableFromInline
package struct _PipelineWiring<Data> {
  @usableFromInline package var drainsAtOnce: Bool
  @usableFromInline package var relocate: ((Data, ElementPath, Data) -> ElementPath?)?
  @inlinable
  package init(
    drainsAtOnce: Bool = false, relocate: ((Data, ElementPath, Data) -> ElementPath?)? = nil
  ) {
    self.drainsAtOnce = drainsAtOnce
    self.relocate = relocate
  }
}

/// A replay whose plan was made on the task that diffed its request, with the plan and the
/// target bound in, typed: the main actor performs it (and frees it, with the app's cell
/// configuration it may hold). Sendable without a check: it is made on the planning task,
/// which touches neither the target nor the configuration, and only the main actor calls it.
@usableFromInline
struct _PlannedReplay<Data: Collection & Sendable, Failure: Error & Sendable>: @unchecked Sendable {
  @usableFromInline let perform: UpdatePipeline<Data, Failure>._Replay
  @inlinable init(_ perform: @escaping UpdatePipeline<Data, Failure>._Replay) {
    self.perform = perform
  }
}

/// A value handed to another task that only reads or releases it: a copy of a value type
/// that is not declared `Sendable` (an element update style), or storage the main actor let
/// go of, captured once and never changed.
@usableFromInline
package struct _UncheckedSendable<Value>: @unchecked Sendable {
  @usableFromInline package let value: Value
  @inlinable package init(_ value: Value) { self.value = value }
}

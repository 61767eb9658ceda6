import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// What a replay onto a view does with a block that UIKit would refuse: the guard that
/// makes updates never crash.
///
/// Before each block reaches a `UICollectionView`, a `UITableView` or an
/// `NSCollectionView`, a guarded replay checks it with `CollectionModel`'s validation (strict
/// rules included) against the counts the view holds now and the counts of the block's
/// data. A block that fails, and an update to a view that is off screen, become one
/// `reloadData()` with the final data, and the fallback is reported once, to `onFallback`.
///
/// Every replay onto a view uses `UpdateGuard.standard` unless the call names another. Set
/// it once at launch to send fallbacks to your crash reporter (a test gives itself its own
/// with `withStandard(_:operation:)` instead, which the tests beside it do not see):
///
/// ```swift
/// import Stagecraft
///
/// @Sendable func sendToCrashReporter(_ report: String) { /* your crash reporter */ }
///
/// func applicationDidFinishLaunching() {
///   UpdateGuard.standard = UpdateGuard(onFallback: { fallback in
///     sendToCrashReporter(fallback.json)
///   })
/// }
/// ```
public struct UpdateGuard: Sendable {
  /// Whether blocks are checked; `false` hands every block to the view as it is, as
  /// before the guard existed (a refused block then raises on the device).
  public var isEnabled: Bool

  /// Whether a fallback traps in debug builds (with `assertionFailure`, after reporting),
  /// so that developers notice; release builds recover either way. `false` by default.
  public var trapsInDebugBuilds: Bool

  /// Called once per fallback, on the caller's thread (the main thread for a view), before
  /// the view reloads. `nil` by default.
  public var onFallback: (@Sendable (BatchUpdateFallback) -> Void)?

  /// The text of count failures in the reports: `.classic` by default, as for
  /// `CollectionModel`, `BatchUpdateError` and `validate`; `.iOS17` for the text a device on
  /// iOS 17 or later raises.
  public var wording: BatchUpdateError.Wording

  /// The flight recorder that every replay through this guard records into; nil (the
  /// default) records nothing and costs nothing. See `FlightRecorder`.
  public var recorder: FlightRecorder?

  /// Creates a guard.
  ///
  /// - Parameters:
  ///   - isEnabled: Whether blocks are checked; `true` by default.
  ///   - trapsInDebugBuilds: Whether a fallback traps in debug builds; `false` by default.
  ///   - wording: The text of count failures in the reports; `.classic` by default.
  ///   - recorder: The flight recorder to record into; none by default.
  ///   - onFallback: Called once per fallback.
  /// - Complexity: O(1).
  public init(
    isEnabled: Bool = true, trapsInDebugBuilds: Bool = false,
    wording: BatchUpdateError.Wording = .classic, recorder: FlightRecorder? = nil,
    onFallback: (@Sendable (BatchUpdateFallback) -> Void)? = nil
  ) {
    self.isEnabled = isEnabled
    self.trapsInDebugBuilds = trapsInDebugBuilds
    self.wording = wording
    self.recorder = recorder
    self.onFallback = onFallback
  }

  /// No guard: every block reaches the view unchecked.
  ///
  /// - Complexity: O(1).
  public static var off: UpdateGuard { UpdateGuard(isEnabled: false) }

  /// The guard of every replay onto a view that names none: on, recovering, reporting to
  /// no one until the app sets it. The entry points that take none (`reload(using:)`, the
  /// pipeline, the coordinator, the data sources, the recording views) read it at each
  /// update, so a recorder the app sets on it later is used.
  ///
  /// Within `withStandard(_:operation:)`, it is that call's guard, for its task alone.
  ///
  /// - Complexity: O(1); reading and writing take a lock, so any thread may.
  public static var standard: UpdateGuard {
    get { _scoped.get() ?? _standardGuard.withLock { $0 } }
    set { _standardGuard.withLock { $0 = newValue } }
  }

  /// The guard that stands for `standard` within `withStandard`, in its task and the tasks
  /// it starts.
  static let _scoped = TaskLocal<UpdateGuard?>(wrappedValue: nil)

  /// The guard `withStandard` gives the current task, if any: what a request made now must
  /// use wherever it runs later (a line of requests may start it from another task).
  ///
  /// - Complexity: O(1).
  @usableFromInline
  package static var _scopedStandard: UpdateGuard? { _scoped.get() }

  /// Runs `body` with `scoped` standing for `standard`, as `withStandard` does, or as it is
  /// when `scoped` is `nil`.
  ///
  /// - Complexity: That of `body`.
  @usableFromInline
  package static func _withScoped<Result>(
    _ scoped: UpdateGuard?, _ body: () -> Result
  ) -> Result {
    guard let scoped else { return body() }
    return _scoped.withValue(scoped, operation: body)
  }

  /// Runs `operation` with `check` as `standard` for the current task and the tasks it
  /// starts, and for no other: a test's own defaults, which the tests running beside it do
  /// not see (setting `standard` changes it for the whole process).
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// @MainActor func kinds(recordedBy recorder: FlightRecorder) -> [String] {
  ///   var items = [1, 2]
  ///   let view = HeadlessCollectionView(CollectionModel(items: items), items: { items })
  ///   UpdateGuard.withStandard(UpdateGuard(recorder: recorder)) {
  ///     view.reload(
  ///       using: StagedChangeset(source: items, target: [2, 3]), setData: { items = $0 })
  ///   }
  ///   return recorder.records.map(\.kind.rawValue)
  /// }
  /// print(await kinds(recordedBy: FlightRecorder()))  // prints ["keyframe", "block", "block"]
  /// print(UpdateGuard.standard.recorder == nil)  // prints true
  /// ```
  ///
  /// - Parameters:
  ///   - check: The guard `standard` gives within `operation`.
  ///   - operation: The work.
  /// - Returns: What `operation` returns.
  /// - Complexity: O(1), and `operation`.
  public static func withStandard<Result>(
    _ check: UpdateGuard, operation: () throws -> Result
  ) rethrows -> Result {
    try _scoped.withValue(check, operation: operation)
  }

  /// `withStandard(_:operation:)` for asynchronous work, on the caller's actor.
  ///
  /// - Parameters:
  ///   - check: The guard `standard` gives within `operation` and the tasks it starts.
  ///   - operation: The work.
  /// - Returns: What `operation` returns.
  /// - Complexity: O(1), and `operation`.
  nonisolated(nonsending) public static func withStandard<Result>(
    _ check: UpdateGuard, operation: () async throws -> Result
  ) async rethrows -> Result {
    try await _scoped.withValue(check, operation: operation)
  }

  /// Reports `fallback`, then traps if asked to in a debug build.
  @usableFromInline
  package func _report(_ fallback: BatchUpdateFallback) {
    onFallback?(fallback)
    if trapsInDebugBuilds {
      assertionFailure("Stagecraft: a batch update fell back to reloadData: \(fallback)")
    }
  }
}

private let _standardGuard = _Locked(UpdateGuard())

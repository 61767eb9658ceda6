import StagecraftDiff
import StagecraftModel
import StagecraftReplay

// The 1.1 forms of a view's replay and of the recording's policy that 2.0 removed,
// unavailable with their replacement named, so that code written against 1.1 is told what
// to write. They are never called: Swift refuses the call with the message.

extension BatchUpdateTarget where Snapshot == Void {
  /// Unavailable: `elementUpdates` is part of the strategy since 2.0.
  ///
  /// - Parameters:
  ///   - staged: The changeset.
  ///   - strategy: The settings.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - check: The guard.
  ///   - interrupt: Decides, per block, to reload instead.
  ///   - setData: The app's side of each switch.
  ///   - completion: Called once at the end.
  ///   - fileID: Where the call is.
  ///   - line: The line of the call.
  /// - Throws: Never: the call is refused.
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: """
      elementUpdates is part of the strategy in 2.0: pass strategy: \
      UpdateStrategy().elementUpdates(.reconfigure) (a silent refresh's configuration goes in \
      configureCell:), and read the completion's ReplayOutcome
      """
  )
  public func reload<C: Collection>(
    using staged: StagedChangeset<C>, strategy: UpdateStrategy = UpdateStrategy(),
    elementUpdates: ElementUpdates, guard check: UpdateGuard = .standard,
    interrupt: ((Changeset<C>) -> Bool)? = nil, setData: (C) -> Void,
    completion: ((Bool) -> Void)? = nil, fileID: StaticString = #fileID, line: UInt = #line
  ) throws(Failure) {}

  /// Unavailable: the completion reports a `ReplayOutcome` since 2.0.
  ///
  /// - Parameters:
  ///   - staged: The changeset.
  ///   - strategy: The settings.
  ///   - check: The guard.
  ///   - interrupt: Decides, per block, to reload instead.
  ///   - setData: The app's side of each switch.
  ///   - completion: Called once at the end.
  ///   - fileID: Where the call is.
  ///   - line: The line of the call.
  /// - Throws: Never: the call is refused.
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: """
      the completion takes a ReplayOutcome in 2.0: read outcome.showsFinalData where you read \
      the Bool
      """
  )
  public func reload<C: Collection>(
    using staged: StagedChangeset<C>, strategy: UpdateStrategy = UpdateStrategy(),
    guard check: UpdateGuard = .standard, interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void, completion: @escaping (Bool) -> Void,
    fileID: StaticString = #fileID, line: UInt = #line
  ) throws(Failure) {}
}

extension BatchUpdateRecording {
  /// Unavailable: the recording's guard decides since 2.0.
  @available(
    *, unavailable,
    message: """
      the guard decides in 2.0: UpdateGuard() reloads (.reloadData), UpdateGuard.off raises \
      (.raise)
      """
  )
  public enum RefusalPolicy: Hashable, Sendable {
    /// Reload instead of the refused block: a guard that `isEnabled`.
    case reloadData
    /// Pass the block on to UIKit's raise: `UpdateGuard.off`.
    case raise
  }

  /// Unavailable: `init(view:guard:)` since 2.0.
  ///
  /// - Parameters:
  ///   - view: The view.
  ///   - recorder: The recorder.
  ///   - refusalPolicy: What to do with a refused block.
  /// - Complexity: O(1).
  @available(
    *, unavailable, renamed: "init(view:guard:)",
    message: """
      the guard holds the policy, the recorder and the wording in 2.0: pass guard: \
      UpdateGuard(recorder: recorder), or UpdateGuard.off for .raise
      """
  )
  public convenience init(
    view: ListViewKind = .collectionView, recorder: FlightRecorder? = nil,
    refusalPolicy: RefusalPolicy
  ) {
    self.init(view: view)
  }

  /// Unavailable: `updateGuard` since 2.0.
  ///
  /// - Complexity: O(1).
  @available(
    *, unavailable, renamed: "updateGuard",
    message: "the guard decides in 2.0: set updateGuard (isEnabled reloads, UpdateGuard.off raises)"
  )
  public var refusalPolicy: RefusalPolicy { .reloadData }

  /// Unavailable: `updateGuard?.recorder` since 2.0.
  ///
  /// - Complexity: O(1).
  @available(
    *, unavailable, message: "the guard holds the recorder in 2.0: set updateGuard?.recorder"
  )
  public var recorder: FlightRecorder? { nil }

  /// Unavailable: `updateGuard?.wording` since 2.0.
  ///
  /// - Complexity: O(1).
  @available(
    *, unavailable, message: "the guard holds the wording in 2.0: set updateGuard?.wording"
  )
  public var wording: BatchUpdateError.Wording { .classic }
}

import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftReplay

extension DiffableDataSource {
  // MARK: Applying from async code

  /// Applies `snapshot` and returns when its last batch completes: the `async` form of
  /// `apply(_:animatingDifferences:completion:)`, on the caller's actor.
  ///
  /// - Parameters:
  ///   - snapshot: The new snapshot.
  ///   - animatingDifferences: `false` applies the same batches without animation.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Throws: `Target.Failure` when the target refuses a block; nothing changes.
  /// - Complexity: That of `apply(_:animatingDifferences:completion:)`.
  @inlinable
  nonisolated(nonsending) public func apply(
    _ snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>,
    animatingDifferences: Bool = true,
    fileID: StaticString = #fileID, line: UInt = #line
  ) async throws(Target.Failure) {
    try await _untilComplete { (done: @escaping () -> Void) throws(Target.Failure) in
      try apply(
        snapshot, animatingDifferences: animatingDifferences, completion: done, fileID: fileID,
        line: line)
    }
  }

  /// Applies `snapshot` with `reloadData`, and returns when it is done: the `async` form of
  /// `applySnapshotUsingReloadData(_:completion:)`.
  ///
  /// - Parameter snapshot: The new snapshot.
  /// - Throws: `Target.Failure` when the target cannot hold the data.
  /// - Complexity: That of `applySnapshotUsingReloadData(_:completion:)`.
  nonisolated(nonsending) public func applySnapshotUsingReloadData(
    _ snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>
  ) async throws(Target.Failure) {
    try await _untilComplete { (done: @escaping () -> Void) throws(Target.Failure) in
      try applySnapshotUsingReloadData(snapshot, completion: done)
    }
  }

  /// Applies a section snapshot to `section` and returns when its last batch completes: the
  /// `async` form of `apply(_:to:animatingDifferences:completion:)`.
  ///
  /// - Parameters:
  ///   - snapshot: The section's outline.
  ///   - section: The section identifier.
  ///   - animatingDifferences: `false` applies the same batches without animation.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Throws: `DiffableSnapshotError` or `Target.Failure`, as the completion form does.
  /// - Complexity: That of `apply(_:to:animatingDifferences:completion:)`.
  @inlinable
  nonisolated(nonsending) public func apply(
    _ snapshot: DiffableSectionSnapshot<ItemIdentifier>, to section: SectionIdentifier,
    animatingDifferences: Bool = true,
    fileID: StaticString = #fileID, line: UInt = #line
  ) async throws {
    try await _untilComplete { (done: @escaping () -> Void) throws in
      try apply(
        snapshot, to: section, animatingDifferences: animatingDifferences, completion: done,
        fileID: fileID, line: line)
    }
  }

  /// Runs `start`, which calls its argument once when the work completes, and waits for
  /// that call.
  @usableFromInline
  nonisolated(nonsending) func _untilComplete<Failure: Error>(
    _ start: (@escaping () -> Void) throws(Failure) -> Void
  ) async throws(Failure) {
    var failure: Failure?
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      do throws(Failure) {
        try start { continuation.resume() }
      } catch {
        failure = error
        continuation.resume()
      }
    }
    if let failure { throw failure }
  }
}

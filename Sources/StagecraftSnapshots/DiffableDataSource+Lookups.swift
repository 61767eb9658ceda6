import StagecraftDiff
import StagecraftModel
import StagecraftReplay

extension DiffableDataSource {
  /// The index path at which the view shows `item` (during an apply: in the current stage),
  /// or nil.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its index path.
  /// - Complexity: Expected O(1); O(n) during an apply, when the view shows a stage that is
  ///   not the snapshot.
  @inlinable
  public func indexPath(for item: ItemIdentifier) -> ElementPath? {
    let shown = _shown
    // The snapshot's fields one by one: reading the whole snapshot would copy it.
    if let slot = _snapshot._slotOf[_IdentifierKey(item)] {
      let (section, element) = (
        _snapshot._keyPositions[_snapshot._slotSection[slot]], _snapshot._slotIndex[slot]
      )
      if shown.indices.contains(section), shown[section].elements.indices.contains(element),
        shown[section].elements[element].identifier == item
      {
        return ElementPath(element: element, section: section)
      }
    }
    for (section, shown) in shown.enumerated() {
      if let element = shown.elements.firstIndex(where: { $0.identifier == item }) {
        return ElementPath(element: element, section: section)
      }
    }
    return nil
  }

  /// The identifier of the section the view shows at `index` (during an apply: in the
  /// current stage), or nil.
  ///
  /// - Parameter index: A section index.
  /// - Returns: The section identifier.
  /// - Complexity: O(1).
  @inlinable
  public func sectionIdentifier(for index: Int) -> SectionIdentifier? {
    _shown.indices.contains(index) ? _shown[index].model.identifier : nil
  }

  /// The index at which the view shows `section` (during an apply: in the current stage),
  /// or nil.
  ///
  /// - Parameter section: A section identifier.
  /// - Returns: Its index.
  /// - Complexity: Expected O(1); O(s) during an apply.
  @inlinable
  public func index(for section: SectionIdentifier) -> Int? {
    let shown = _shown
    if let index = _snapshot.indexOfSection(section), shown.indices.contains(index),
      shown[index].model.identifier == section
    {
      return index
    }
    return shown.firstIndex { $0.model.identifier == section }
  }
}

extension DiffableDataSource {
  // MARK: Applying from async code

  /// Applies `snapshot` and returns when its last batch completes: the `async` form of
  /// `apply(_:animatingDifferences:completion:)`, on the caller's actor.
  ///
  /// - Parameters:
  ///   - snapshot: The new snapshot.
  ///   - animatingDifferences: `false` applies the same batches without animation.
  /// - Throws: `Target.Failure` when the target refuses a block; nothing changes.
  /// - Complexity: That of `apply(_:animatingDifferences:completion:)`.
  @inlinable
  nonisolated(nonsending) public func apply(
    _ snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>,
    animatingDifferences: Bool = true
  ) async throws(Target.Failure) {
    try await _untilComplete { (done: @escaping () -> Void) throws(Target.Failure) in
      try apply(snapshot, animatingDifferences: animatingDifferences, completion: done)
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
  /// - Throws: `DiffableSnapshotError` or `Target.Failure`, as the completion form does.
  /// - Complexity: That of `apply(_:to:animatingDifferences:completion:)`.
  @inlinable
  nonisolated(nonsending) public func apply(
    _ snapshot: DiffableSectionSnapshot<ItemIdentifier>, to section: SectionIdentifier,
    animatingDifferences: Bool = true
  ) async throws {
    var failure: (any Error)?
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      do {
        try apply(
          snapshot, to: section, animatingDifferences: animatingDifferences,
          completion: { continuation.resume() })
      } catch {
        failure = error
        continuation.resume()
      }
    }
    if let failure { throw failure }
  }

  /// Runs `start`, which calls its argument once when the work completes, and waits for
  /// that call.
  @usableFromInline
  nonisolated(nonsending) func _untilComplete(
    _ start: (@escaping () -> Void) throws(Target.Failure) -> Void
  ) async throws(Target.Failure) {
    var failure: Target.Failure?
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      do throws(Target.Failure) {
        try start { continuation.resume() }
      } catch {
        failure = error
        continuation.resume()
      }
    }
    if let failure { throw failure }
  }
}

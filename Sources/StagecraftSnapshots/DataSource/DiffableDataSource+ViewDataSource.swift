import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftReplay

// What a view's data source answers, decided here for any view, so that the drop-in data
// sources on UIKit and AppKit only forward and the decisions run in `swift test`.

extension DiffableDataSource {
  // MARK: Answering the view

  /// The sections as the view shows them: during an apply, those of the current stage; after
  /// a guarded fallback, the final ones. A `HeadlessCollectionView` reads its data here.
  ///
  /// - Complexity: O(1).
  public var shownSections: [Section] { _shown }

  /// The cell for `path`: `provider`, given the path and the identifier the view shows there
  /// (during an apply, in the current stage; after a guarded fallback, in the final data), or
  /// nil when the view shows no item at `path`. What `collectionView(_:cellForItemAt:)` and
  /// `tableView(_:cellForRowAt:)` answer with the app's cell provider.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// let dataSource = CollectionModelDataSource<String, String>()
  /// try dataSource.apply(DiffableSnapshot { SnapshotSectionContent("Main", items: ["a", "b"]) })
  /// let cell = dataSource.cell(at: ElementPath(element: 1, section: 0)) { path, item in
  ///   "cell \(path.element): \(item)"
  /// }
  /// print(cell ?? "none")  // prints cell 1: b
  /// ```
  ///
  /// - Parameters:
  ///   - path: The path the view asks for.
  ///   - provider: The app's cell provider.
  /// - Returns: The provider's cell, or nil.
  /// - Complexity: O(1) and the provider.
  @inlinable
  public func cell<Cell>(
    at path: ElementPath, provider: (ElementPath, ItemIdentifier) -> Cell?
  ) -> Cell? {
    guard let item = itemIdentifier(for: path) else { return nil }
    return provider(path, item)
  }

  /// The supplementary view of `kind` at `path`: `provider`, given the kind and the path,
  /// when the view shows the section (`sectionIdentifier(for:)` names it, in the same stage);
  /// nil without a provider or for a section the view does not show. What
  /// `collectionView(_:viewForSupplementaryElementOfKind:at:)` answers.
  ///
  /// - Parameters:
  ///   - kind: The element kind, as the layout names it.
  ///   - path: Its index path: a section, and an index in it.
  ///   - provider: The app's supplementary view provider, if any.
  /// - Returns: The provider's view, or nil.
  /// - Complexity: O(1) and the provider.
  @inlinable
  public func supplementaryView<View>(
    ofKind kind: String, at path: ElementPath, provider: ((String, ElementPath) -> View?)?
  ) -> View? {
    guard let provider, _shown.indices.contains(path.section) else { return nil }
    return provider(kind, path)
  }

  /// Deletes the item the view shows at `path` and applies the snapshot without it: what a
  /// table view's swipe to delete commits (`tableView(_:commit:forRowAt:)` with `.delete`).
  ///
  /// - Parameters:
  ///   - path: The row the user deleted.
  ///   - animatingDifferences: Whether the apply animates.
  /// - Returns: The identifier deleted, or nil when the view shows no item at `path` (then
  ///   nothing changes).
  /// - Throws: `Target.Failure` when the target refuses the update; nothing changes.
  /// - Complexity: That of `apply(_:animatingDifferences:completion:)`.
  @inlinable @discardableResult
  public func deleteItem(at path: ElementPath, animatingDifferences: Bool = true)
    throws(Target.Failure) -> ItemIdentifier?
  {
    guard let item = itemIdentifier(for: path), _snapshot.indexOfItem(item) != nil else {
      return nil
    }
    var next = _snapshot
    // The item is in the snapshot: deleting it cannot throw.
    try? next.deleteItems([item])
    try apply(next, animatingDifferences: animatingDifferences)
    return item
  }
}

extension DiffableDataSource {
  // MARK: Applying Apple-style snapshots

  /// Applies a `DiffableDataSourceSnapshot`, after telling `rejectedChangesHandler` the
  /// changes it refused.
  ///
  /// - Parameters:
  ///   - snapshot: The new snapshot.
  ///   - animatingDifferences: `false` applies the same batches without animation.
  ///   - completion: Called once, when the last batch completes.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Throws: `Target.Failure` when the target refuses a block; nothing changes.
  /// - Complexity: That of `apply(_:animatingDifferences:completion:)`.
  @inlinable
  public func apply(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) throws(Target.Failure) {
    _reportRejected(snapshot.rejectedChanges)
    try apply(
      snapshot.base, animatingDifferences: animatingDifferences, completion: completion,
      fileID: fileID, line: line)
  }

  /// Applies a `DiffableDataSourceSnapshot` with `reloadData`, after telling
  /// `rejectedChangesHandler` the changes it refused.
  ///
  /// - Parameters:
  ///   - snapshot: The new snapshot.
  ///   - completion: Called once, after the reload.
  /// - Throws: `Target.Failure` when the target cannot hold the data.
  /// - Complexity: That of `applySnapshotUsingReloadData(_:completion:)`.
  public func applySnapshotUsingReloadData(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
    completion: (() -> Void)? = nil
  ) throws(Target.Failure) {
    _reportRejected(snapshot.rejectedChanges)
    try applySnapshotUsingReloadData(snapshot.base, completion: completion)
  }

  /// Applies a `DiffableDataSourceSectionSnapshot` to `section`. The changes it refused, and
  /// an outline whose items another section holds (where Apple's data source raises), go to
  /// `rejectedChangesHandler`; the latter changes nothing.
  ///
  /// - Parameters:
  ///   - snapshot: The section's outline.
  ///   - section: The section identifier.
  ///   - animatingDifferences: `false` applies the same batches without animation.
  ///   - completion: Called once, when the last batch completes.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Throws: `Target.Failure` when the target refuses a block; nothing changes.
  /// - Complexity: That of `apply(_:to:animatingDifferences:completion:)`.
  public func apply(
    _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifier>, to section: SectionIdentifier,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) throws(Target.Failure) {
    _reportRejected(snapshot.rejectedChanges)
    do {
      try apply(
        snapshot.base, to: section, animatingDifferences: animatingDifferences,
        completion: completion, fileID: fileID, line: line)
    } catch let error as Target.Failure {
      throw error
    } catch let error as DiffableSnapshotError {
      _reportRejected([error])
    } catch {
      // The section apply throws nothing else.
    }
  }

  /// Tells `rejectedChangesHandler` about `changes`, if any.
  @usableFromInline
  func _reportRejected(_ changes: [DiffableSnapshotError]) {
    guard !changes.isEmpty else { return }
    rejectedChangesHandler?(changes)
  }
}

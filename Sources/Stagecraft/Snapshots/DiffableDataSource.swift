/// A diffable data source on any `BatchUpdateTarget`: it keeps the current snapshot and
/// applies a new one by diffing the two with Stagecraft's engine and replaying the stages.
///
/// Items marked with `reloadItems` become reloads and items marked with `reconfigureItems`
/// become reconfigures, even when their identifiers did not change. On `CollectionModel`
/// this lets diffable-data-source code run in a unit test on any platform:
///
/// ```swift
/// let dataSource = CollectionModelDataSource<String, Int>()
/// var snapshot = DiffableSnapshot<String, Int>()
/// try snapshot.appendSections(["Main"])
/// try snapshot.appendItems(Array(1...100))
/// try dataSource.apply(snapshot)
/// dataSource.target.numberOfItems(inSection: 0)  // 100
/// ```
///
/// Like `UICollectionViewDiffableDataSource`, it is a class: the view's cells ask it for the
/// identifier at an index path, also during an apply, where it answers for the current
/// stage.
public final class DiffableDataSource<
  Target: BatchUpdateTarget, SectionIdentifier: Hashable, ItemIdentifier: Hashable
> {
  /// The view (or `CollectionModel`) the snapshots are applied to.
  ///
  /// - Complexity: O(1).
  public var target: Target

  /// The sections as the view shows them, stage by stage during an apply.
  @usableFromInline
  internal var _shown: [DiffableSnapshot<SectionIdentifier, ItemIdentifier>.Section] = []

  @usableFromInline
  internal var _snapshot = DiffableSnapshot<SectionIdentifier, ItemIdentifier>()

  /// Creates a data source for an empty target.
  ///
  /// - Parameter target: A view or model that shows no sections yet.
  /// - Complexity: O(1).
  public init(target: Target) {
    self.target = target
  }

  /// The snapshot last applied, without its reload and reconfigure marks.
  ///
  /// - Returns: The current snapshot.
  /// - Complexity: O(1).
  public func snapshot() -> DiffableSnapshot<SectionIdentifier, ItemIdentifier> { _snapshot }

  /// The item identifier the view shows at `path` (during an apply: in the current stage).
  ///
  /// - Parameter path: An index path.
  /// - Returns: The identifier, or nil.
  /// - Complexity: O(1).
  public func itemIdentifier(for path: ElementPath) -> ItemIdentifier? {
    guard _shown.indices.contains(path.section),
      _shown[path.section].elements.indices.contains(path.element)
    else { return nil }
    return _shown[path.section].elements[path.element].identifier
  }

  /// Applies `snapshot`: diffs it with the current one and replays the stages, animated or
  /// not. Reload marks become reloads, reconfigure marks reconfigures.
  ///
  /// - Parameters:
  ///   - snapshot: The new snapshot.
  ///   - animatingDifferences: `false` applies the same batches without animation.
  ///   - completion: Called once, when the last batch completes.
  /// - Throws: `BatchUpdateError` when the target refuses a batch (`CollectionModel`).
  /// - Complexity: Expected O(s + n) plus the moves' O(k log k), and the replay.
  public func apply(
    _ snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) throws {
    try _apply(
      snapshot, strategy: animatingDifferences ? .animatedBatchUpdates : .nonanimatedBatchUpdates,
      completion: completion)
  }

  /// Applies `snapshot` with `reloadData`, without diffing or animating.
  ///
  /// - Parameters:
  ///   - snapshot: The new snapshot.
  ///   - completion: Called once, after the reload.
  /// - Throws: `BatchUpdateError` when the target cannot hold the data.
  /// - Complexity: O(s + n) and the reload.
  public func applySnapshotUsingReloadData(
    _ snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>,
    completion: (() -> Void)? = nil
  ) throws {
    try _apply(snapshot, strategy: .reloadData, completion: completion)
  }

  @usableFromInline
  internal func _apply(
    _ snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>, strategy: UpdateStrategy,
    completion: (() -> Void)?
  ) throws {
    let old = _snapshot.sections()
    let new = snapshot.sections(marked: true)
    let staged = StagedChangeset(source: old, target: new)
    var unmarked = snapshot
    unmarked._reloadedItems = []
    unmarked._reconfiguredItems = []
    unmarked._reloadedSections = []
    defer {
      _shown = unmarked.sections()
      _snapshot = unmarked
    }
    // A reload mark replaces the cell; a reconfigure mark keeps it.
    let modes = _ReplayModes(staged: staged)
    try target._reload(
      using: staged, strategy: strategy, elementUpdates: modes.mode(for:),
      interrupt: nil, setData: { [unowned self] in self._shown = $0 },
      completion: { _ in completion?() })
  }
}

/// A diffable data source on a `CollectionModel`, for testing diffable-data-source code.
public typealias CollectionModelDataSource<SectionIdentifier: Hashable, ItemIdentifier: Hashable> =
  DiffableDataSource<
    CollectionModel<DiffableSnapshot<SectionIdentifier, ItemIdentifier>.Section>,
    SectionIdentifier, ItemIdentifier
  >

extension DiffableDataSource {
  /// Creates a data source on an empty `CollectionModel`.
  ///
  /// - Parameters:
  ///   - configuration: The model's configuration.
  ///   - viewport: The model's viewport.
  /// - Complexity: O(1).
  public convenience init(
    configuration: CollectionModel<DiffableSnapshot<SectionIdentifier, ItemIdentifier>.Section>
      .Configuration = .init(),
    viewport: Viewport = .all
  ) where Target == CollectionModel<DiffableSnapshot<SectionIdentifier, ItemIdentifier>.Section> {
    self.init(
      target: CollectionModel(sections: [], configuration: configuration, viewport: viewport))
  }
}

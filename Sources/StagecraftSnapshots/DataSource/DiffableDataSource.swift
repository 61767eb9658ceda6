import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftReplay

/// A diffable data source on any `BatchUpdateTarget`: it keeps the current snapshot and
/// applies a new one by diffing the two with Stagecraft's engine and replaying the stages.
///
/// Items marked with `reloadItems` become reloads and items marked with `reconfigureItems`
/// become reconfigures, even when their identifiers did not change. On `CollectionModel`
/// this lets diffable-data-source code run in a unit test on any platform:
///
/// ```swift
/// import Stagecraft
///
/// let dataSource = CollectionModelDataSource<String, Int>()
/// var snapshot = DiffableSnapshot<String, Int>()
/// try snapshot.appendSections(["Main"])
/// try snapshot.appendItems(Array(1...100))
/// try dataSource.apply(snapshot)
/// print(dataSource.target.numberOfItems(inSection: 0))  // prints 100
/// ```
///
/// Like `UICollectionViewDiffableDataSource`, it is a class: the view's cells ask it for the
/// identifier at an index path, also during an apply, where it answers for the current
/// stage. On a view (whose `Failure` is `Never`) an apply needs no `try`.
public final class DiffableDataSource<
  Target: BatchUpdateTarget, SectionIdentifier: Hashable, ItemIdentifier: Hashable
> {
  /// The sections of a snapshot, as the diff sees them.
  public typealias Section = DiffableSnapshot<SectionIdentifier, ItemIdentifier>.Section

  /// The view (or `CollectionModel`) the snapshots are applied to.
  public var target: Target

  /// The sections as the view shows them, stage by stage during an apply; without marks.
  @usableFromInline var _shown: [Section] = []

  @usableFromInline
  var _snapshot = DiffableSnapshot<SectionIdentifier, ItemIdentifier>()

  /// The outline of each section that a section snapshot was applied to, with its
  /// expansion state; the section shows its visible items.
  @usableFromInline
  var _outlines: [SectionIdentifier: DiffableSectionSnapshot<ItemIdentifier>] = [:]

  /// Asked and told when an item expands or collapses through `toggleExpansion(of:)`, the
  /// user's tap on a disclosure control.
  public var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifier>()

  /// Asked and told when the user drags an item to reorder it (`reorderItem(at:to:)`).
  /// Reordering is off until `canReorderItem` is set.
  public var reorderingHandlers = ReorderingHandlers<SectionIdentifier, ItemIdentifier>()

  /// The app's answer to a drag the view made, where a drop-in's subclass overrides
  /// `tableView(_:moveRowAt:to:)` or `collectionView(_:moveItemAt:to:)`: called by
  /// `viewDidMoveItem(at:to:respond:)` with the item's old and new paths, while the lookups
  /// and `snapshot()` still answer as before the move. It may apply a snapshot (which is
  /// diffed from what the view shows), or call `commitReorder(at:to:)` as `super` would;
  /// `nil` commits the move.
  public var moveItemHandler: ((_ source: ElementPath, _ destination: ElementPath) -> Void)?

  /// Which item each cell of the view shows, by the path the view holds it at, where the
  /// view can say: set by the drop-ins (from the cells their providers made) and by
  /// `init(target:)` on a `HeadlessCollectionView`. In debug builds (`DEBUG`), an apply first
  /// compares it with the data the data source last gave the view: when the view shows items
  /// in another order (a drag the data source was not told of, say), the counts agree, so
  /// the guard's checks pass, but the apply's blocks would move cells onto other items. The
  /// apply then reloads with the new snapshot instead, reported to the guard as
  /// `BatchUpdateFallback.Cause.itemsOutOfOrder` (not when the guard is off). It costs O(v)
  /// per apply for v cells on screen, and nothing in release builds.
  public var itemsShownByView: (() -> [(path: ElementPath, item: ItemIdentifier)])?

  /// The drag the view made, while the data source's call for it runs: whether an apply or
  /// a commit has taken it into the snapshot yet.
  @usableFromInline var _viewMove: _ViewMove?
  /// Whether the data source is moving its target itself (`commitReorder`): a headless view
  /// that then tells it of the move is not heard twice.
  @usableFromInline var _movingTarget = false

  /// The data the target holds for the sections it shows.
  let _targetSnapshot: ([Section]) -> Target.Snapshot

  /// The guard of the applies onto a view, which reads its data from this data source;
  /// `nil` (the default) uses `UpdateGuard.standard`. A block UIKit would refuse becomes a
  /// reload with the new snapshot, reported to the guard (see the article Updates That
  /// Never Crash). `CollectionModel` is not guarded: it refuses, and throws.
  public var updateGuard: UpdateGuard?

  /// Told, before an apply, the changes its `DiffableDataSourceSnapshot` refused (where
  /// Apple's snapshot raises an exception); nil ignores them. The drop-in data sources
  /// (`CollectionViewDiffableDataSource`, `TableViewDiffableDataSource`) forward theirs here.
  public var rejectedChangesHandler: (([DiffableSnapshotError]) -> Void)?

  /// The applies' settings (`UpdateStrategy`): an apply animates when it is asked to
  /// (`animatingDifferences`), and keeps of the scroll position what `anchoring` says (the
  /// offset is left alone by default; reloads keep the anchor too, by identity). Updated
  /// items are reloaded or reconfigured as the snapshot marks them (`reloadItems`,
  /// `reconfigureItems`), as Apple's data source does: its identifiers carry no content, so
  /// the strategy's `elementUpdates` has nothing else to apply to.
  public var strategy = UpdateStrategy()

  /// How an apply replays its stages: guarded on a view, as they are on the model.
  typealias _Replayer = (
    _ target: inout Target, _ staged: StagedChangeset<[Section]>,
    _ request: _ReplayRequest<[Section]>, _ snapshot: ([Section]) -> Target.Snapshot,
    _ setData: ([Section]) -> Void, _ completion: ((ReplayOutcome) -> Void)?,
    _ guard: UpdateGuard
  ) throws(Target.Failure) -> Void
  let _replayer: _Replayer

  /// Creates a data source for an empty view. Its applies are guarded by `updateGuard`.
  ///
  /// - Parameter target: A view that shows no sections yet.
  /// - Complexity: O(1).
  public convenience init(target: Target) where Target.Snapshot == Void {
    self.init(target: target, targetSnapshot: { _ in () }, replayer: Self._guardedReplayer())
  }

  /// The replay of an apply onto a view: guarded, recorded as the data source's.
  static func _guardedReplayer() -> _Replayer where Target.Snapshot == Void {
    return { target, staged, request, _, setData, completion, check throws(Target.Failure) in
      try _guardedReplay(
        staged, on: &target, request, guard: check, counts: { .sections(of: $0) },
        entry: .dataSource, setData: setData, completion: completion)
    }
  }

  init(
    target: Target, targetSnapshot: @escaping ([Section]) -> Target.Snapshot,
    replayer: @escaping _Replayer = {
      target, staged, request, snapshot, setData, completion, _ throws(Target.Failure) in
      try _replay(
        staged, on: &target, request,
        snapshot: { (data: [Section]) throws(Target.Failure) in snapshot(data) },
        setData: setData, completion: completion)
    }
  ) {
    self.target = target
    self._targetSnapshot = targetSnapshot
    self._replayer = replayer
  }

  /// The snapshot last applied, without its reload and reconfigure marks.
  ///
  /// - Returns: The current snapshot.
  /// - Complexity: O(1).
  public func snapshot() -> DiffableSnapshot<SectionIdentifier, ItemIdentifier> { _snapshot }

  /// The number of sections the view shows (during an apply: in the current stage): what a
  /// view's data source answers to `numberOfSections(in:)`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfSections: Int { _shown.count }

  /// The number of items the view shows in `section` (during an apply: in the current
  /// stage), or 0 when there is no such section: what a view's data source answers to
  /// `collectionView(_:numberOfItemsInSection:)`.
  ///
  /// - Parameter section: A section index.
  /// - Returns: The item count.
  /// - Complexity: O(1).
  @inlinable
  public func numberOfItems(inSection section: Int) -> Int {
    let shown = _shown
    return shown.indices.contains(section) ? shown[section].elements.count : 0
  }

  /// The item identifier the view shows at `path` (during an apply: in the current stage).
  ///
  /// - Parameter path: An index path.
  /// - Returns: The identifier, or nil.
  /// - Complexity: O(1).
  @inlinable
  public func itemIdentifier(for path: ElementPath) -> ItemIdentifier? {
    let shown = _shown
    guard shown.indices.contains(path.section),
      shown[path.section].elements.indices.contains(path.element)
    else { return nil }
    return shown[path.section].elements[path.element].identifier
  }

  /// Applies `snapshot`: diffs it with the current one and replays the stages, animated or
  /// not. Reload marks become reloads, reconfigure marks reconfigures.
  ///
  /// When the target refuses a block (`CollectionModel` only), the data source keeps its
  /// snapshot and reports the identifiers it reported before, and a value-type target such
  /// as `CollectionModel` is restored too.
  ///
  /// - Parameters:
  ///   - snapshot: The new snapshot.
  ///   - animatingDifferences: `false` applies the same batches without animation.
  ///   - completion: Called once, when the last batch completes.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Throws: `Target.Failure` when the target refuses a block.
  /// - Complexity: Expected O(s + n) plus the moves' O(k log k), and the replay.
  @inlinable
  public func apply(
    _ snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) throws(Target.Failure) {
    // A drag the view made during this call is part of what the view shows: the diff starts
    // from it.
    _takeViewMove(notifying: false)
    // The diff runs here, specialized for the app's identifier types; the replay, in the
    // library.
    let staged = StagedChangeset(
      source: _snapshot.sections(), target: snapshot.sections(marked: true))
    try _apply(
      staged, snapshot: snapshot, animatingDifferences: animatingDifferences,
      completion: completion, site: _CallSite(fileID: fileID, line: line))
    _keepOutlines(matching: snapshot)
  }

  /// Replays `staged`, the diff from the current snapshot to `snapshot`.
  @usableFromInline
  func _apply(
    _ staged: StagedChangeset<[Section]>,
    snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>,
    animatingDifferences: Bool, completion: (() -> Void)?, site: _CallSite? = nil
  ) throws(Target.Failure) {
    #if DEBUG
      if _viewHoldsOtherOrder() {
        let check = updateGuard ?? .standard
        if check.isEnabled {
          check._report(
            BatchUpdateFallback(
              cause: .itemsOutOfOrder, view: target.viewKind,
              itemCountsBefore: target.displayedItemCounts,
              itemCountsAfter: snapshot.sectionIdentifiers.map(snapshot.numberOfItems(inSection:)),
              batch: nil))
          try applySnapshotUsingReloadData(snapshot, completion: completion)
          return
        }
      }
    #endif
    let reconfigured = _reconfiguredPaths(staged)
    let isMarked =
      !snapshot._reloadedItems.isEmpty || !snapshot._reconfiguredItems.isEmpty
      || !snapshot._reloadedSections.isEmpty
    let source = _shown
    // The request, made once: the strategy's mode and anchoring, the marks' element updates.
    let request = _ReplayRequest(
      staged, strategy: strategy, requested: animatingDifferences,
      itemCount: { snapshot.numberOfItems },
      marks: { reconfigured.contains($0) ? .reconfigure : .reload },
      relocate: { shown, path, final in _relocateSections(shown ?? source, path, final) },
      site: site)
    try _transaction { () throws(Target.Failure) in
      try _replayer(
        &target, staged, request,
        { [_targetSnapshot] data in _targetSnapshot(isMarked ? Self._unmarked(data) : data) },
        { self._shown = isMarked ? Self._unmarked($0) : $0 }, { _ in completion?() },
        updateGuard ?? .standard)
    }
    _snapshot = snapshot._unmarked
  }

  /// Whether the view shows an item at a path where the data it was given has another
  /// (`itemsShownByView`), with the counts of that data: other counts are the guard's to
  /// refuse, with UIKit's text.
  func _viewHoldsOtherOrder() -> Bool {
    guard let itemsShownByView,
      target.displayedItemCounts == _shown.map(\.elements.count)
    else { return false }
    return itemsShownByView().contains { itemIdentifier(for: $0.path) != $0.item }
  }

  /// Applies `snapshot` with `reloadData`, without diffing or animating, even when it equals
  /// the current one: every cell is configured anew.
  ///
  /// - Parameters:
  ///   - snapshot: The new snapshot.
  ///   - completion: Called once, after the reload.
  /// - Throws: `Target.Failure` when the target cannot hold the data.
  /// - Complexity: O(s + n) and the reload.
  public func applySnapshotUsingReloadData(
    _ snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>,
    completion: (() -> Void)? = nil
  ) throws(Target.Failure) {
    _takeViewMove(notifying: false)
    let unmarked = snapshot._unmarked
    let sections = unmarked.sections()
    try _transaction { () throws(Target.Failure) in
      try target.reloadData(_targetSnapshot(sections), setData: { self._shown = sections })
    }
    _snapshot = unmarked
    _keepOutlines(matching: unmarked)
    completion?()
  }

  /// Runs `body`; when it throws, puts back what the data source shows and, for a value
  /// type, the target.
  private func _transaction(_ body: () throws(Target.Failure) -> Void) throws(Target.Failure) {
    let (shown, saved) = (_shown, target)
    do {
      try body()
    } catch {
      (_shown, target) = (shown, saved)
      throw error
    }
  }

  /// The updated paths whose new version is marked for a reconfigure.
  private func _reconfiguredPaths(_ staged: StagedChangeset<[Section]>) -> Set<ElementPath> {
    var result = Set<ElementPath>()
    for stage in staged {
      for path in stage.elementUpdated
      where stage.data[path.section].elements[path.element].mark == .reconfigure {
        result.insert(path)
      }
    }
    return result
  }

  /// The sections without their marks: what the view shows. Only the sections that carry
  /// a mark are copied; the rest are shared.
  ///
  /// - Complexity: O(s + n) comparisons, plus a copy of each marked section.
  static func _unmarked(_ sections: [Section]) -> [Section] {
    var result = sections
    for position in result.indices {
      if result[position].model.isReloaded { result[position].model.isReloaded = false }
      guard let first = result[position].elements.firstIndex(where: { $0.mark != .none })
      else { continue }
      for index in first..<result[position].elements.count
      where result[position].elements[index].mark != .none {
        result[position].elements[index].mark = .none
      }
    }
    return result
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
    configuration: CollectionModel<Section>.Configuration = .init(), viewport: Viewport = .all
  ) where Target == CollectionModel<Section> {
    self.init(
      model: CollectionModel(sections: [], configuration: configuration, viewport: viewport))
  }

  /// A data source on `model`, which holds the sections it shows.
  private convenience init(model: Target) where Target == CollectionModel<Section> {
    self.init(target: model, targetSnapshot: { $0 })
  }
}

extension DiffableSnapshot {
  /// The snapshot without its reload and reconfigure marks.
  var _unmarked: DiffableSnapshot {
    var result = self
    result._reloadedItems = []
    result._reconfiguredItems = []
    result._reloadedSections = []
    return result
  }
}

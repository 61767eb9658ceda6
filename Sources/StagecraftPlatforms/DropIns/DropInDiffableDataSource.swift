#if (canImport(UIKit) && !os(watchOS)) || (canImport(AppKit) && !targetEnvironment(macCatalyst))
  #if canImport(UIKit) && !os(watchOS)
    import UIKit
  #else
    import AppKit
  #endif
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import StagecraftSnapshots

  /// What the drop-in data sources share: Apple's snapshot members, the guard, the strategy,
  /// and the lookups by index path, each forwarded once to the headless
  /// `DiffableDataSource` that decides everything but the views.
  ///
  /// `CollectionViewDiffableDataSource` and `TableViewDiffableDataSource`, on UIKit and on
  /// AppKit, inherit from it; an app names those, not this class. Its identifiers need
  /// only be `Hashable`, as AppKit's; the UIKit drop-ins add `Sendable`, as UIKit's do.
  @MainActor
  open class DropInDiffableDataSource<
    SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
  >: NSObject {
    /// The headless data source, seen through what the drop-ins forward to it.
    let _core: any _DropInCore<SectionIdentifierType, ItemIdentifierType>

    init(_core core: any _DropInCore<SectionIdentifierType, ItemIdentifierType>) {
      _core = core
      super.init()
    }

    #if canImport(UIKit) && !os(watchOS)
      /// The view whose focus follows its item across applies.
      var _focusView: (any FocusKeepingTarget)? { nil }
      /// Focus by identity across applies.
      var _focus = _DropInFocus<SectionIdentifierType, ItemIdentifierType>()

      /// Where keyboard focus belongs after the last apply, by identity: what the app's view
      /// delegate answers to `indexPathForPreferredFocusedView(in:)`, so that focus stays on
      /// its item instead of the path UIKit remembered (one line:
      /// `dataSource.preferredFocusIndexPath`). VoiceOver's cursor is put back by the data
      /// source itself. `nil` when focus was not in the view.
      ///
      /// - Complexity: O(1).
      public var preferredFocusIndexPath: IndexPath? { _focus.preferredItem.map(IndexPath.init) }

      /// Told before each apply: notes what holds focus.
      func _dataWillChange() {
        if let view = _focusView { _focus.willChange(view, _core) }
      }

      /// Told after each apply: puts focus back on its item; the UIKit drop-ins also tell
      /// their prefetch forwarder.
      func _dataDidChange() {
        if let view = _focusView { _focus.didChange(view, _core) }
      }
    #else
      /// Told before each apply.
      func _dataWillChange() {}

      /// Told after each apply.
      func _dataDidChange() {}
    #endif

    // MARK: Snapshots

    /// Applies `snapshot`: diffs it with the current one and replays the stages, guarded.
    ///
    /// - Parameters:
    ///   - snapshot: The new snapshot.
    ///   - animatingDifferences: `false` applies the same batches without animation.
    ///   - completion: Called once, when the last batch completes.
    ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
    ///   - line: The line of the call.
    /// - Complexity: Expected O(s + n) plus the moves' O(k log k), and the replay.
    open func apply(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil,
      fileID: StaticString = #fileID, line: UInt = #line
    ) {
      _dataWillChange()
      _core.apply(
        snapshot, animatingDifferences: animatingDifferences, completion: completion,
        fileID: fileID, line: line)
      _dataDidChange()
    }

    /// Applies `snapshot` and returns when its last batch completes.
    ///
    /// - Parameters:
    ///   - snapshot: The new snapshot.
    ///   - animatingDifferences: `false` applies the same batches without animation.
    ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
    ///   - line: The line of the call.
    /// - Complexity: That of `apply(_:animatingDifferences:completion:fileID:line:)`.
    open func apply(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true,
      fileID: StaticString = #fileID, line: UInt = #line
    ) async {
      await _untilComplete { done in
        apply(
          snapshot, animatingDifferences: animatingDifferences, completion: done, fileID: fileID,
          line: line)
      }
    }

    /// Applies `snapshot` with `reloadData()`, without diffing or animating.
    ///
    /// - Parameters:
    ///   - snapshot: The new snapshot.
    ///   - completion: Called once, after the reload.
    /// - Complexity: O(s + n) and the reload.
    open func applySnapshotUsingReloadData(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
      completion: (() -> Void)? = nil
    ) {
      _dataWillChange()
      _core.applySnapshotUsingReloadData(snapshot, completion: completion)
      _dataDidChange()
    }

    /// Applies `snapshot` with `reloadData()` and returns when it is done.
    ///
    /// - Parameter snapshot: The new snapshot.
    /// - Complexity: O(s + n) and the reload.
    open func applySnapshotUsingReloadData(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) async {
      await _untilComplete { done in applySnapshotUsingReloadData(snapshot, completion: done) }
    }

    /// The snapshot last applied.
    ///
    /// - Returns: The current snapshot, without reload or reconfigure marks.
    /// - Complexity: O(1).
    open func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> {
      DiffableDataSourceSnapshot(_core.snapshot())
    }

    // MARK: Settings

    /// The guard of every apply; nil uses `UpdateGuard.standard`.
    ///
    /// - Complexity: O(1).
    public var updateGuard: UpdateGuard? {
      get { _core.updateGuard }
      set { _core.updateGuard = newValue }
    }

    /// The applies' settings (`UpdateStrategy`): what an apply keeps of the scroll
    /// position (`anchoring`; the offset is left alone by default), when it reloads
    /// instead, and how its calls are laid out in blocks. An apply animates when asked to.
    ///
    /// - Complexity: O(1).
    public var strategy: UpdateStrategy {
      get { _core.strategy }
      set { _core.strategy = newValue }
    }

    /// Told the changes a snapshot refused, where Apple's raises, before it is applied.
    ///
    /// - Complexity: O(1).
    public var rejectedChangesHandler: (([DiffableSnapshotError]) -> Void)? {
      get { _core.rejectedChangesHandler }
      set { _core.rejectedChangesHandler = newValue }
    }

    // MARK: Lookups

    /// The item at `indexPath`, as the view shows it now.
    ///
    /// - Parameter indexPath: An index path (a section and an item).
    /// - Returns: The identifier, or nil.
    /// - Complexity: O(1).
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
      _core.itemIdentifier(for: ElementPath(indexPath))
    }

    /// Where the view shows `itemIdentifier`.
    ///
    /// - Parameter itemIdentifier: An item identifier.
    /// - Returns: Its index path, or nil.
    /// - Complexity: Expected O(1).
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
      _core.indexPath(for: itemIdentifier).map(IndexPath.init)
    }

    /// The section the view shows at `index`.
    ///
    /// - Parameter index: A section index.
    /// - Returns: The identifier, or nil.
    /// - Complexity: O(1).
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
      _core.sectionIdentifier(for: index)
    }

    /// Where the view shows `sectionIdentifier`.
    ///
    /// - Parameter sectionIdentifier: A section identifier.
    /// - Returns: Its index, or nil.
    /// - Complexity: Expected O(1).
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
      _core.index(for: sectionIdentifier)
    }
  }

  /// What the drop-ins forward to their headless `DiffableDataSource`, whatever its view.
  @MainActor
  protocol _DropInCore<SectionIdentifier, ItemIdentifier>: AnyObject {
    associatedtype SectionIdentifier: Hashable
    associatedtype ItemIdentifier: Hashable
    func apply(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
      animatingDifferences: Bool, completion: (() -> Void)?, fileID: StaticString, line: UInt)
    func applySnapshotUsingReloadData(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
      completion: (() -> Void)?)
    func snapshot() -> DiffableSnapshot<SectionIdentifier, ItemIdentifier>
    var updateGuard: UpdateGuard? { get set }
    var strategy: UpdateStrategy { get set }
    var rejectedChangesHandler: (([DiffableSnapshotError]) -> Void)? { get set }
    func itemIdentifier(for path: ElementPath) -> ItemIdentifier?
    func indexPath(for item: ItemIdentifier) -> ElementPath?
    func sectionIdentifier(for index: Int) -> SectionIdentifier?
    func index(for section: SectionIdentifier) -> Int?
  }

  /// A drop-in's headless data source, as `_DropInCore`. (A conformance of
  /// `DiffableDataSource` itself, whose members throw `Target.Failure`, here `Never`, crashed
  /// the Swift 6.3 compiler while it made the witness thunks; this forwards instead.)
  @MainActor
  final class _DropInCoreOf<
    Target: BatchUpdateTarget, SectionIdentifier: Hashable, ItemIdentifier: Hashable
  >:
    _DropInCore
  where Target.Failure == Never {
    let base: DiffableDataSource<Target, SectionIdentifier, ItemIdentifier>
    init(_ base: DiffableDataSource<Target, SectionIdentifier, ItemIdentifier>) { self.base = base }

    func apply(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
      animatingDifferences: Bool, completion: (() -> Void)?, fileID: StaticString, line: UInt
    ) {
      base.apply(
        snapshot, animatingDifferences: animatingDifferences, completion: completion,
        fileID: fileID, line: line)
    }
    func applySnapshotUsingReloadData(
      _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
      completion: (() -> Void)?
    ) { base.applySnapshotUsingReloadData(snapshot, completion: completion) }
    func snapshot() -> DiffableSnapshot<SectionIdentifier, ItemIdentifier> { base.snapshot() }
    var updateGuard: UpdateGuard? {
      get { base.updateGuard }
      set { base.updateGuard = newValue }
    }
    var strategy: UpdateStrategy {
      get { base.strategy }
      set { base.strategy = newValue }
    }
    var rejectedChangesHandler: (([DiffableSnapshotError]) -> Void)? {
      get { base.rejectedChangesHandler }
      set { base.rejectedChangesHandler = newValue }
    }
    func itemIdentifier(for path: ElementPath) -> ItemIdentifier? { base.itemIdentifier(for: path) }
    func indexPath(for item: ItemIdentifier) -> ElementPath? { base.indexPath(for: item) }
    func sectionIdentifier(for index: Int) -> SectionIdentifier? {
      base.sectionIdentifier(for: index)
    }
    func index(for section: SectionIdentifier) -> Int? { base.index(for: section) }
  }

  /// Runs `start`, which calls its argument once when the work completes, and waits for it.
  @MainActor
  func _untilComplete(_ start: (@escaping () -> Void) -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      start { continuation.resume() }
    }
  }
#endif

#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import StagecraftSnapshots
  import UIKit

  /// `UICollectionViewDiffableDataSource`, by a type-name change: the same initializer, cell
  /// and supplementary view providers, snapshots and handlers, with every apply guarded.
  ///
  /// Everything that is not about a cell runs the headless `DiffableDataSource`: the diff, the
  /// guarded replay (a block UIKit would refuse becomes `reloadData()` with the new snapshot,
  /// reported to `updateGuard`), the scroll-position policy, outlines and reordering. This class
  /// answers UIKit's data-source calls from it, and asks the app's providers for the views.
  /// Where Apple's raises an exception (a snapshot with a duplicate identifier, a nil cell),
  /// this one goes on: the snapshot's refused changes go to `rejectedChangesHandler`, and a
  /// missing cell or supplementary view becomes an empty one, told to `missingViewHandler`.
  ///
  /// ```swift
  /// import Stagecraft
  /// import UIKit
  ///
  /// final class NumbersViewController: UIViewController {
  ///   enum Section { case main }
  ///   var dataSource: CollectionViewDiffableDataSource<Section, Int>! = nil
  ///
  ///   func configureDataSource(_ collectionView: UICollectionView) {
  ///     let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Int> {
  ///       cell, indexPath, number in
  ///       cell.contentConfiguration = nil
  ///     }
  ///     dataSource = CollectionViewDiffableDataSource<Section, Int>(
  ///       collectionView: collectionView
  ///     ) { collectionView, indexPath, number in
  ///       collectionView.dequeueConfiguredReusableCell(
  ///         using: cellRegistration, for: indexPath, item: number)
  ///     }
  ///     var snapshot = DiffableDataSourceSnapshot<Section, Int>()
  ///     snapshot.appendSections([.main])
  ///     snapshot.appendItems(Array(0..<94))
  ///     dataSource.apply(snapshot, animatingDifferences: false)
  ///   }
  /// }
  /// ```
  ///
  /// Like Apple's, it is `@MainActor @preconcurrency` and asks `Hashable & Sendable` identifiers:
  /// <https://developer.apple.com/documentation/uikit/uicollectionviewdiffabledatasource-9tqpa>.
  @MainActor @preconcurrency
  open class CollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: DropInDiffableDataSource<SectionIdentifierType, ItemIdentifierType>, UICollectionViewDataSource
  {
    /// Makes the cell of an item: Apple's `CellProvider`.
    public typealias CellProvider =
      (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// Makes a supplementary view: Apple's `SupplementaryViewProvider`.
    public typealias SupplementaryViewProvider =
      (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    /// The headless data source that decides everything but the views.
    let core: DiffableDataSource<UICollectionView, SectionIdentifierType, ItemIdentifierType>
    let cellProvider: CellProvider
    /// The empty views that stand in for nil ones.
    var placeholders = _PlaceholderViews()

    /// Makes the supplementary views (headers, footers), as Apple's does.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// The prefetch data source made by `prefetchByIdentifier(prefetch:cancel:)`, which this
    /// data source keeps (the view holds its prefetch data source weakly).
    public private(set) var prefetchForwarder: PrefetchForwarder<ItemIdentifierType>?

    /// Told the index path of each cell or supplementary view that the app's provider did not
    /// give (or that the data did not have), where UIKit raises; an empty view stands in.
    public var missingViewHandler: ((IndexPath) -> Void)?

    /// Creates a data source for `collectionView` and makes it the view's data source.
    ///
    /// - Parameters:
    ///   - collectionView: A collection view that shows nothing yet.
    ///   - cellProvider: Makes the cell of an item.
    /// - Complexity: O(1).
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
      core = DiffableDataSource(target: collectionView)
      self.cellProvider = cellProvider
      super.init(_core: _DropInCoreOf(core))
      calls = _CollectionDataSourceCalls(owner: self)
      collectionView.dataSource = calls
      #if DEBUG
        core.itemsShownByView = { [weak self, weak collectionView] in
          guard let self, let collectionView else { return [] }
          return cellItems.shown(collectionView.visibleCells) { collectionView.indexPath(for: $0) }
        }
      #endif
    }

    /// The item each cell was last configured with, for the debug check of an order the
    /// view has and the data has not (`DiffableDataSource.itemsShownByView`).
    var cellItems = _CellItems<ItemIdentifierType>()

    /// The view's data source: it calls this object's methods, recording a drag first.
    private var calls: _CollectionDataSourceCalls<SectionIdentifierType, ItemIdentifierType>?

    // MARK: Snapshots

    /// Applies an outline to one section; other sections are not diffed.
    ///
    /// - Parameters:
    ///   - snapshot: The section's outline.
    ///   - section: The section identifier; a new one is appended.
    ///   - animatingDifferences: `false` applies the same batches without animation.
    ///   - completion: Called once, when the last batch completes.
    ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
    ///   - line: The line of the call.
    /// - Complexity: Expected O(n + m) for the section's rows, and the replay.
    open func apply(
      _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
      to section: SectionIdentifierType, animatingDifferences: Bool = true,
      completion: (() -> Void)? = nil,
      fileID: StaticString = #fileID, line: UInt = #line
    ) {
      _dataWillChange()
      core.apply(
        snapshot, to: section, animatingDifferences: animatingDifferences, completion: completion,
        fileID: fileID, line: line)
      _dataDidChange()
    }

    /// Applies an outline to one section and returns when its last batch completes.
    ///
    /// - Parameters:
    ///   - snapshot: The section's outline.
    ///   - section: The section identifier.
    ///   - animatingDifferences: `false` applies the same batches without animation.
    ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
    ///   - line: The line of the call.
    /// - Complexity: That of `apply(_:to:animatingDifferences:completion:)`.
    open func apply(
      _ snapshot: DiffableDataSourceSectionSnapshot<ItemIdentifierType>,
      to section: SectionIdentifierType, animatingDifferences: Bool = true,
      fileID: StaticString = #fileID, line: UInt = #line
    ) async {
      await _untilComplete { done in
        apply(
          snapshot, to: section, animatingDifferences: animatingDifferences, completion: done,
          fileID: fileID, line: line)
      }
    }

    /// What an `.outlineDisclosure()` accessory with no handler does with Apple's data source
    /// (UIKit's header for `UICellAccessory.OutlineDisclosureOptions.actionHandler`: "the
    /// default behavior when using a NSDiffableDataSourceSectionSnapshot is to toggle the
    /// expand/collapse state of the item in the section snapshot"): toggles `item` in its
    /// section snapshot, animated, asking and telling `sectionSnapshotHandlers`. UIKit gives
    /// that default to its own class only, so pass this as the accessory's handler:
    /// `cell.accessories = [.outlineDisclosure(actionHandler: dataSource.outlineDisclosureAction(for: item))]`.
    ///
    /// - Parameter item: The item the cell shows.
    /// - Returns: The handler; it holds the data source weakly.
    /// - Complexity: O(1); the toggle costs what `DiffableDataSource.toggleExpansion(of:)`
    ///   does.
    public func outlineDisclosureAction(for item: ItemIdentifierType)
      -> UICellAccessory.ActionHandler
    {
      { [weak self] in
        guard let self else { return }
        _dataWillChange()
        do {
          try core.toggleExpansion(of: item)
        } catch let error as DiffableSnapshotError {
          // Children that are elsewhere in the data: refused, and told, as an apply's are.
          core.rejectedChangesHandler?([error])
        } catch {
          // The view's replay never throws (its `Failure` is `Never`).
        }
        _dataDidChange()
      }
    }

    /// The outline of `section`: the one applied to it, or its items, flat.
    ///
    /// - Parameter section: A section identifier.
    /// - Returns: The section snapshot.
    /// - Complexity: Expected O(1) for an outline; O(m) for a flat section of m items.
    open func snapshot(for section: SectionIdentifierType)
      -> DiffableDataSourceSectionSnapshot<ItemIdentifierType>
    {
      DiffableDataSourceSectionSnapshot(core.snapshot(for: section))
    }

    // MARK: Handlers and policies

    /// Asked and told when the user expands or collapses an item of an outline.
    ///
    /// - Complexity: O(1).
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<ItemIdentifierType> {
      get { core.sectionSnapshotHandlers }
      set { core.sectionSnapshotHandlers = newValue }
    }

    /// Asked and told when the user drags an item to reorder it.
    ///
    /// - Complexity: O(1).
    public var reorderingHandlers: ReorderingHandlers<SectionIdentifierType, ItemIdentifierType> {
      get { core.reorderingHandlers }
      set { core.reorderingHandlers = newValue }
    }

    // MARK: Prefetching

    /// Makes the view's prefetch data source one that hands the app identifiers, never index
    /// paths (`PrefetchForwarder`): it reads each path UIKit names in the data the view shows,
    /// asks the app once per item, and cancels by itself the items an apply deleted. This data
    /// source keeps it in `prefetchForwarder`.
    ///
    /// - Parameters:
    ///   - prefetch: Starts the work for items, nearest first.
    ///   - cancel: Cancels it.
    /// - Returns: The forwarder, already the view's `prefetchDataSource`.
    /// - Complexity: O(1).
    @discardableResult
    public func prefetchByIdentifier(
      prefetch: @escaping ([ItemIdentifierType]) -> Void,
      cancel: @escaping ([ItemIdentifierType]) -> Void
    ) -> PrefetchForwarder<ItemIdentifierType> {
      let forwarder = PrefetchForwarder<ItemIdentifierType>(
        identifier: { [unowned self] path in core.itemIdentifier(for: path) },
        prefetch: prefetch, cancel: cancel)
      prefetchForwarder = forwarder
      core.target.prefetchDataSource = forwarder
      return forwarder
    }

    /// The collection view, whose focus follows its item.
    override var _focusView: (any FocusKeepingTarget)? { core.target }

    /// Tells the prefetch forwarder which items the data still holds.
    override func _dataDidChange() {
      prefetchForwarder?.dataDidChange { core.indexPath(for: $0) != nil }
      super._dataDidChange()
    }

    // MARK: Lookups

    // MARK: UICollectionViewDataSource

    /// The number of sections the view shows.
    ///
    /// - Parameter collectionView: The view.
    /// - Returns: The count.
    /// - Complexity: O(1).
    open func numberOfSections(in collectionView: UICollectionView) -> Int {
      core.numberOfSections
    }

    /// The number of items the view shows in `section`.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - section: A section index.
    /// - Returns: The count.
    /// - Complexity: O(1).
    open func collectionView(
      _ collectionView: UICollectionView, numberOfItemsInSection section: Int
    ) -> Int {
      core.numberOfItems(inSection: section)
    }

    /// The cell provider's cell for the item the view shows at `indexPath`.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - indexPath: An index path.
    /// - Returns: The cell; an empty one (told to `missingViewHandler`) when there is none.
    /// - Complexity: O(1) and the provider.
    open func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      let path = ElementPath(indexPath)
      if let cell = core.cell(at: path, provider: { cellProvider(collectionView, indexPath, $1) }) {
        cellItems.configured(cell, with: core.itemIdentifier(for: path))
        // As Apple's data source sets it for a hierarchical section (UIKit's header for
        // `UICollectionViewListCell.indentationLevel`: "This is set automatically when using
        // a hierarchical data source").
        if let listCell = cell as? UICollectionViewListCell, let level = core.outlineLevel(at: path)
        {
          listCell.indentationLevel = level
        }
        return cell
      }
      missingViewHandler?(indexPath)
      let placeholder = placeholders.cell(in: collectionView, at: indexPath)
      cellItems.configured(placeholder, with: nil)
      return placeholder
    }

    /// The supplementary view provider's view of `kind` at `indexPath`.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - kind: The element kind.
    ///   - indexPath: Its index path.
    /// - Returns: The view; an empty one (told to `missingViewHandler`) when there is none.
    /// - Complexity: O(1) and the provider.
    open func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      let provider = supplementaryViewProvider.map { provider in
        { (kind: String, _: ElementPath) in provider(collectionView, kind, indexPath) }
      }
      if let view = core.supplementaryView(
        ofKind: kind, at: ElementPath(indexPath), provider: provider)
      {
        return view
      }
      missingViewHandler?(indexPath)
      return placeholders.supplementaryView(ofKind: kind, in: collectionView, at: indexPath)
    }

    /// Whether the user may drag the item at `indexPath`: `reorderingHandlers.canReorderItem`.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - indexPath: An index path.
    /// - Returns: Whether it can move.
    /// - Complexity: O(1) and the handler.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
      -> Bool
    {
      core.canReorderItem(at: ElementPath(indexPath))
    }

    /// Records the user's drag: the snapshot becomes the reordered one, and the reordering
    /// handlers get the transaction.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - sourceIndexPath: Where the item was.
    ///   - destinationIndexPath: Where it is.
    /// - Complexity: O(s + n).
    open func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      core.commitReorder(at: ElementPath(sourceIndexPath), to: ElementPath(destinationIndexPath))
    }

    /// The index titles: none, unless a subclass says otherwise.
    ///
    /// - Parameter collectionView: The view.
    /// - Returns: The titles, or nil.
    /// - Complexity: O(1).
    open func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }

    /// Where the index title `title` at `index` leads: the first item of section `index`,
    /// unless a subclass says otherwise.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - title: The title.
    ///   - index: Its position among the titles.
    /// - Returns: An index path.
    /// - Complexity: O(1).
    open func collectionView(
      _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
      IndexPath(item: 0, section: index)
    }
  }

  /// The empty cells and supplementary views that stand in for those an app's provider did not
  /// give, each kind registered once.
  @MainActor
  struct _PlaceholderViews {
    static let reuseIdentifier = "Stagecraft.placeholder"
    private var registeredCells = false
    private var registeredKinds: Set<String> = []

    mutating func cell(in view: UICollectionView, at indexPath: IndexPath) -> UICollectionViewCell {
      if !registeredCells {
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: Self.reuseIdentifier)
        registeredCells = true
      }
      return view.dequeueReusableCell(withReuseIdentifier: Self.reuseIdentifier, for: indexPath)
    }

    mutating func supplementaryView(
      ofKind kind: String, in view: UICollectionView, at indexPath: IndexPath
    ) -> UICollectionReusableView {
      if registeredKinds.insert(kind).inserted {
        view.register(
          UICollectionReusableView.self, forSupplementaryViewOfKind: kind,
          withReuseIdentifier: Self.reuseIdentifier)
      }
      return view.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: Self.reuseIdentifier, for: indexPath)
    }

    mutating func cell(in view: UITableView, at indexPath: IndexPath) -> UITableViewCell {
      if !registeredCells {
        view.register(UITableViewCell.self, forCellReuseIdentifier: Self.reuseIdentifier)
        registeredCells = true
      }
      return view.dequeueReusableCell(withIdentifier: Self.reuseIdentifier, for: indexPath)
    }
  }

#endif

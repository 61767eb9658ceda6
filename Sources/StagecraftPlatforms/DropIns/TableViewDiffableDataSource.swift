#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import StagecraftSnapshots
  import UIKit

  /// `UITableViewDiffableDataSource`, by a type-name change: the same initializer, cell
  /// provider, `defaultRowAnimation` and snapshots, with every apply guarded.
  ///
  /// As with Apple's, a subclass gives the section titles, index titles and editing by
  /// overriding the data-source methods. One difference: when `tableView(_:canEditRowAt:)`
  /// says yes and the subclass does not override `tableView(_:commit:forRowAt:)`, a swipe to
  /// delete deletes the row's item and applies the snapshot without it (Apple's does nothing,
  /// and leaves that to the override).
  ///
  /// ```swift
  /// import Stagecraft
  /// import UIKit
  ///
  /// final class TitledDataSource: TableViewDiffableDataSource<String, Int> {
  ///   override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
  ///     -> String?
  ///   {
  ///     sectionIdentifier(for: section)
  ///   }
  ///
  ///   override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath)
  ///     -> Bool
  ///   {
  ///     true
  ///   }
  /// }
  ///
  /// @MainActor func makeDataSource(for tableView: UITableView) -> TitledDataSource {
  ///   let dataSource = TitledDataSource(tableView: tableView) { tableView, indexPath, number in
  ///     tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
  ///   }
  ///   dataSource.defaultRowAnimation = .fade
  ///   return dataSource
  /// }
  /// ```
  ///
  /// A drag that reorders rows works under Apple's pattern as written: an override of
  /// `tableView(_:moveRowAt:to:)` that applies a snapshot with the item deleted and inserted
  /// before or after the destination's item (read with `itemIdentifier(for:)`, which answers
  /// as before the drag until the apply) sends no block, since the view already moved the row;
  /// with or without `super`, and with no override. To record the drag before an override
  /// runs, the view's `dataSource` is an object of the drop-in's that calls this one's
  /// methods: keep a reference to the data source itself, as Apple's samples do.
  ///
  /// Like Apple's, it is `@MainActor @preconcurrency` and asks `Hashable & Sendable` identifiers:
  /// <https://developer.apple.com/documentation/uikit/uitableviewdiffabledatasource-2euir>.
  @MainActor @preconcurrency
  open class TableViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: DropInDiffableDataSource<SectionIdentifierType, ItemIdentifierType>, UITableViewDataSource {
    /// Makes the cell of an item: Apple's `CellProvider`.
    public typealias CellProvider =
      (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    /// The headless data source that decides everything but the cells; its target animates
    /// rows with `defaultRowAnimation`.
    let core: DiffableDataSource<_AnimatedTableView, SectionIdentifierType, ItemIdentifierType>
    let cellProvider: CellProvider
    var placeholders = _PlaceholderViews()

    /// The animation of every inserted, deleted and reloaded row and section of an animated
    /// apply; `.automatic` by default, as Apple's.
    public var defaultRowAnimation: UITableView.RowAnimation = .automatic {
      didSet {
        core.target = _AnimatedTableView(
          table: core.target.table, animations: TableViewRowAnimations(defaultRowAnimation))
      }
    }

    /// The prefetch data source made by `prefetchByIdentifier(prefetch:cancel:)`, which this
    /// data source keeps (the view holds its prefetch data source weakly).
    public private(set) var prefetchForwarder: PrefetchForwarder<ItemIdentifierType>?

    /// Told the index path of each cell the app's provider did not give (or that the data did
    /// not have), where UIKit raises; an empty cell stands in.
    public var missingViewHandler: ((IndexPath) -> Void)?

    /// Creates a data source for `tableView` and makes it the view's data source.
    ///
    /// - Parameters:
    ///   - tableView: A table view that shows nothing yet.
    ///   - cellProvider: Makes the cell of an item.
    /// - Complexity: O(1).
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
      core = DiffableDataSource(
        target: _AnimatedTableView(table: tableView, animations: TableViewRowAnimations(.automatic))
      )
      self.cellProvider = cellProvider
      super.init(_core: _DropInCoreOf(core))
      calls = _TableDataSourceCalls(owner: self)
      tableView.dataSource = calls
      #if DEBUG
        core.itemsShownByView = { [weak self, weak tableView] in
          guard let self, let tableView else { return [] }
          return cellItems.shown(tableView.visibleCells) { tableView.indexPath(for: $0) }
        }
      #endif
    }

    /// The item each cell was last configured with, for the debug check of an order the
    /// view has and the data has not (`DiffableDataSource.itemsShownByView`).
    var cellItems = _CellItems<ItemIdentifierType>()

    /// The view's data source: it calls this object's methods, recording a drag first.
    private var calls: _TableDataSourceCalls<SectionIdentifierType, ItemIdentifierType>?

    // MARK: Snapshots

    // MARK: Policies

    /// Asked whether the user may drag a row (`tableView(_:canMoveRowAt:)`, unless a
    /// subclass overrides it) and told of the drag.
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
      core.target.table.prefetchDataSource = forwarder
      return forwarder
    }

    /// The table view, whose focus follows its item.
    override var _focusView: (any FocusKeepingTarget)? { core.target.table }

    /// Tells the prefetch forwarder which items the data still holds.
    override func _dataDidChange() {
      prefetchForwarder?.dataDidChange { core.indexPath(for: $0) != nil }
      super._dataDidChange()
    }

    // MARK: Lookups

    // MARK: UITableViewDataSource

    /// The number of sections the view shows.
    ///
    /// - Parameter tableView: The view.
    /// - Returns: The count.
    /// - Complexity: O(1).
    open func numberOfSections(in tableView: UITableView) -> Int { core.numberOfSections }

    /// The number of rows the view shows in `section`.
    ///
    /// - Parameters:
    ///   - tableView: The view.
    ///   - section: A section index.
    /// - Returns: The count.
    /// - Complexity: O(1).
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      core.numberOfItems(inSection: section)
    }

    /// The cell provider's cell for the row the view shows at `indexPath`.
    ///
    /// - Parameters:
    ///   - tableView: The view.
    ///   - indexPath: An index path.
    /// - Returns: The cell; an empty one (told to `missingViewHandler`) when there is none.
    /// - Complexity: O(1) and the provider.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      let path = ElementPath(indexPath)
      if let cell = core.cell(at: path, provider: { cellProvider(tableView, indexPath, $1) }) {
        cellItems.configured(cell, with: core.itemIdentifier(for: path))
        return cell
      }
      missingViewHandler?(indexPath)
      let placeholder = placeholders.cell(in: tableView, at: indexPath)
      cellItems.configured(placeholder, with: nil)
      return placeholder
    }

    /// The title of the header of `section`: none, unless a subclass says otherwise.
    ///
    /// - Parameters:
    ///   - tableView: The view.
    ///   - section: A section index.
    /// - Returns: The title, or nil.
    /// - Complexity: O(1).
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
      -> String?
    { nil }

    /// The title of the footer of `section`: none, unless a subclass says otherwise.
    ///
    /// - Parameters:
    ///   - tableView: The view.
    ///   - section: A section index.
    /// - Returns: The title, or nil.
    /// - Complexity: O(1).
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int)
      -> String?
    { nil }

    /// Whether the row at `indexPath` can be edited: no, unless a subclass says otherwise,
    /// as Apple's.
    ///
    /// - Parameters:
    ///   - tableView: The view.
    ///   - indexPath: An index path.
    /// - Returns: Whether it can be edited.
    /// - Complexity: O(1).
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      false
    }

    /// Commits an edit: a delete deletes the row's item and applies the snapshot without it
    /// (`DiffableDataSource.deleteItem(at:animatingDifferences:)`); an insert is the
    /// subclass's to make.
    ///
    /// - Parameters:
    ///   - tableView: The view.
    ///   - editingStyle: The edit.
    ///   - indexPath: The row.
    /// - Complexity: That of an apply.
    open func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath
    ) {
      guard editingStyle == .delete else { return }
      _dataWillChange()
      core.deleteItem(at: ElementPath(indexPath))
      _dataDidChange()
    }

    /// Whether the user may drag the row at `indexPath`: `reorderingHandlers.canReorderItem`,
    /// unless a subclass says otherwise.
    ///
    /// - Parameters:
    ///   - tableView: The view.
    ///   - indexPath: An index path.
    /// - Returns: Whether it can move.
    /// - Complexity: O(1) and the handler.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      core.canReorderItem(at: ElementPath(indexPath))
    }

    /// Records the user's drag: the snapshot becomes the reordered one (whether the
    /// permission came from the handlers or a subclass), and the handlers get the
    /// transaction.
    ///
    /// - Parameters:
    ///   - tableView: The view.
    ///   - sourceIndexPath: Where the row was.
    ///   - destinationIndexPath: Where it is.
    /// - Complexity: O(s + n).
    open func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      core.commitReorder(at: ElementPath(sourceIndexPath), to: ElementPath(destinationIndexPath))
    }

    /// The section index titles: none, unless a subclass says otherwise.
    ///
    /// - Parameter tableView: The view.
    /// - Returns: The titles, or nil.
    /// - Complexity: O(1).
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }

    /// The section that the index title `title` at `index` leads to: section `index`, unless
    /// a subclass says otherwise.
    ///
    /// - Parameters:
    ///   - tableView: The view.
    ///   - title: The title.
    ///   - index: Its position among the titles.
    /// - Returns: A section index.
    /// - Complexity: O(1).
    open func tableView(
      _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int {
      index
    }
  }
#endif

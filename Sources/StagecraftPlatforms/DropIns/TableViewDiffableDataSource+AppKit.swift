#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import StagecraftSnapshots

  /// `NSTableViewDiffableDataSource`, by a type-name change (the same name as the UIKit
  /// drop-in): the same initializer, cell and section header providers, `defaultRowAnimation`
  /// and snapshots, with every apply guarded.
  ///
  /// `NSTableView` has no sections: the sections are laid end to end as rows, each preceded by
  /// a group row when `sectionHeaderViewProvider` is set, and each block becomes the row calls
  /// that AppKit applies one after the other (a removal, moves, an insertion, the reloads).
  /// The table's views come from its delegate: the initializer makes this data source the
  /// table's delegate too when it has none; an app with its own delegate answers
  /// `tableView(_:viewFor:row:)` and `tableView(_:isGroupRow:)` by calling this data source's.
  ///
  /// ```swift
  /// import AppKit
  /// import Stagecraft
  ///
  /// @MainActor func makeDataSource(for tableView: NSTableView)
  ///   -> TableViewDiffableDataSource<String, String>
  /// {
  ///   let dataSource = TableViewDiffableDataSource<String, String>(tableView: tableView) {
  ///     tableView, column, row, title in
  ///     let cell = NSTableCellView()
  ///     cell.textField?.stringValue = title
  ///     return cell
  ///   }
  ///   dataSource.sectionHeaderViewProvider = { tableView, row, section in
  ///     NSTextField(labelWithString: section)
  ///   }
  ///   return dataSource
  /// }
  /// ```
  ///
  /// Like Apple's, it asks only that identifiers be `Hashable`:
  /// <https://developer.apple.com/documentation/appkit/nstableviewdiffabledatasource-c5gl>.
  @MainActor
  open class TableViewDiffableDataSource<
    SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
  >: DropInDiffableDataSource<SectionIdentifierType, ItemIdentifierType>, NSTableViewDataSource,
    NSTableViewDelegate
  {
    /// Makes the view of an item's cell in a column: Apple's `CellProvider`.
    public typealias CellProvider = (NSTableView, NSTableColumn, Int, ItemIdentifierType) -> NSView
    /// Makes the view of a section's header row: Apple's `SectionHeaderViewProvider`.
    public typealias SectionHeaderViewProvider = (NSTableView, Int, SectionIdentifierType) -> NSView

    /// The headless data source that decides everything but the views.
    let core: DiffableDataSource<_SectionedTableView, SectionIdentifierType, ItemIdentifierType>
    let cellProvider: CellProvider

    /// Makes the header row of each section; nil (the default) shows no header rows. Setting
    /// it reloads the table, whose rows change.
    public var sectionHeaderViewProvider: SectionHeaderViewProvider? {
      didSet {
        guard (oldValue == nil) != (sectionHeaderViewProvider == nil) else { return }
        core.target.headerRows = sectionHeaderViewProvider != nil
        core.applySnapshotUsingReloadData(core.snapshot())
      }
    }

    /// The animation of the rows an animated apply inserts and removes; `.effectFade` by
    /// default.
    public var defaultRowAnimation: NSTableView.AnimationOptions {
      get { core.target.animation }
      set { core.target.animation = newValue }
    }

    /// Creates a data source for `tableView`, and makes it the table's data source (and its
    /// delegate, when it has none).
    ///
    /// - Parameters:
    ///   - tableView: A table view that shows nothing yet.
    ///   - cellProvider: Makes the view of an item's cell in a column.
    /// - Complexity: O(1).
    public init(tableView: NSTableView, cellProvider: @escaping CellProvider) {
      let target = _SectionedTableView(table: tableView)
      core = DiffableDataSource(target: target)
      self.cellProvider = cellProvider
      super.init(_core: _DropInCoreOf(core))
      target.dataCounts = { [unowned self] in
        (0..<core.numberOfSections).map(core.numberOfItems(inSection:))
      }
      tableView.dataSource = self
      if tableView.delegate == nil { tableView.delegate = self }
    }

    // MARK: Snapshots

    // MARK: Lookups

    /// The rows of the data the table shows now (during an apply, the current stage's).
    private var layout: _TableRowLayout {
      _TableRowLayout(
        counts: (0..<core.numberOfSections).map(core.numberOfItems(inSection:)),
        headerRows: core.target.headerRows)
    }

    /// The item at `row`, or nil for a header row or a row out of range.
    ///
    /// - Parameter row: A row.
    /// - Returns: The identifier, or nil.
    /// - Complexity: O(log s).
    open func itemIdentifier(forRow row: Int) -> ItemIdentifierType? {
      guard let (section, item) = layout.location(ofRow: row), let item else { return nil }
      return core.itemIdentifier(for: ElementPath(element: item, section: section))
    }

    /// The row of `identifier`, or nil.
    ///
    /// - Parameter identifier: An item identifier.
    /// - Returns: Its row.
    /// - Complexity: Expected O(1).
    open func row(forItemIdentifier identifier: ItemIdentifierType) -> Int? {
      core.indexPath(for: identifier).flatMap(layout.row(of:))
    }

    /// The section whose rows include `row`, or nil.
    ///
    /// - Parameter row: A row.
    /// - Returns: The section identifier.
    /// - Complexity: O(log s).
    open func sectionIdentifier(forRow row: Int) -> SectionIdentifierType? {
      layout.location(ofRow: row).flatMap { core.sectionIdentifier(for: $0.section) }
    }

    /// The first row of `identifier`: its header row, or its first item's; nil for a section
    /// the table does not show or an empty one without a header row.
    ///
    /// - Parameter identifier: A section identifier.
    /// - Returns: The row.
    /// - Complexity: Expected O(1).
    open func row(forSectionIdentifier identifier: SectionIdentifierType) -> Int? {
      guard let section = core.index(for: identifier) else { return nil }
      let layout = layout
      guard layout.starts.indices.contains(section + 1),
        layout.starts[section] < layout.starts[section + 1]
      else { return nil }
      return layout.starts[section]
    }

    // MARK: NSTableViewDataSource and NSTableViewDelegate

    /// The number of rows the table shows: every item, and a header row per section when
    /// there is a header provider.
    ///
    /// - Parameter tableView: The table.
    /// - Returns: The count.
    /// - Complexity: O(s).
    open func numberOfRows(in tableView: NSTableView) -> Int { layout.rowCount }

    /// The view of `row` in `tableColumn`: the section header provider's for a header row
    /// (which spans the columns: `tableColumn` is nil), the cell provider's otherwise.
    ///
    /// - Parameters:
    ///   - tableView: The table.
    ///   - tableColumn: The column, or nil for a group row.
    ///   - row: The row.
    /// - Returns: The view, or nil for a row the table does not show.
    /// - Complexity: O(log s) and the provider.
    open func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int)
      -> NSView?
    {
      guard let (section, item) = layout.location(ofRow: row) else { return nil }
      guard let item else {
        guard let header = sectionHeaderViewProvider,
          let identifier = core.sectionIdentifier(for: section)
        else { return nil }
        return header(tableView, row, identifier)
      }
      guard let column = tableColumn ?? tableView.tableColumns.first else { return nil }
      return core.cell(at: ElementPath(element: item, section: section)) { _, identifier in
        cellProvider(tableView, column, row, identifier)
      }
    }

    /// Whether `row` is a section's header row, which AppKit draws as a group row.
    ///
    /// - Parameters:
    ///   - tableView: The table.
    ///   - row: The row.
    /// - Returns: Whether it is a header row.
    /// - Complexity: O(log s).
    open func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
      guard let location = layout.location(ofRow: row) else { return false }
      return location.item == nil
    }
  }
#endif

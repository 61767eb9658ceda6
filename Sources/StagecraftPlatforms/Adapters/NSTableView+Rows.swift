#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import StagecraftDiff
  import StagecraftModel
  import StagecraftReplay

  /// A table view as a sectioned list: the sections laid end to end as rows, each preceded by
  /// a header row when `headerRows` is set. What the AppKit `TableViewDiffableDataSource`
  /// replays onto.
  ///
  /// `NSTableView` has no sections, and applies each call to the rows as they are when it is
  /// made, so each block becomes `_TableRowUpdates`: a removal, moves, an insertion and the
  /// reloads, inside `beginUpdates()` and `endUpdates()`. The view keeps the item count of
  /// each section it was given; when its row count no longer agrees with them (the table was
  /// changed behind its back), it reports counts the guard refuses, and the replay reloads.
  @MainActor
  final class _SectionedTableView: @MainActor DataSourceBackedTarget, @MainActor SelectableTarget,
    @MainActor ScrollableTarget
  {
    typealias ElementUpdates = CellUpdateMode<NSView>

    let table: NSTableView
    var headerRows = false
    var animation: NSTableView.AnimationOptions = .effectFade
    /// The item counts the table was last given, per section.
    private(set) var counts: [Int] = []
    /// The item counts of the data source, per section.
    var dataCounts: () -> [Int] = { [] }

    init(table: NSTableView) { self.table = table }

    var layout: _TableRowLayout { _TableRowLayout(counts: counts, headerRows: headerRows) }

    var isOnScreen: Bool { table.window != nil && table.bounds.size != .zero }
    var viewKind: ListViewKind { .tableView }

    var displayedItemCounts: [Int]? {
      layout.displayedCounts(counts, tableRows: table.numberOfRows)
    }

    /// What the data source answers now, per section: the drop-in's own counts (the view
    /// and its data source are one object here, and the check stays O(S)).
    var dataSourceItemCounts: [Int]? { dataCounts() }

    func reloadData(_ snapshot: Void, setData: () -> Void) {
      setData()
      counts = dataCounts()
      table.reloadData()
    }

    func performBatchUpdates(
      _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
      refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<NSView>,
      completion: ((Bool) -> Void)?
    ) {
      let before = layout
      // A guarded replay's replacement, for this block only, without the planned refreshes.
      let replacement = setData()
      let batch = replacement ?? batch
      let refreshing = replacement == nil ? refreshing : []
      let after = dataCounts()
      let updates = _TableRowUpdates(
        batch, countsBefore: counts, countsAfter: after, headerRows: headerRows)
      let options = animated ? animation : []
      table.beginUpdates()
      table.removeRows(at: IndexSet(updates.removed), withAnimation: options)
      for move in updates.moves { table.moveRow(at: move.source, to: move.target) }
      table.insertRows(at: IndexSet(updates.inserted), withAnimation: options)
      table.endUpdates()
      counts = after
      let columns = IndexSet(0..<table.numberOfColumns)
      if !updates.reloaded.isEmpty {
        table.reloadData(forRowIndexes: IndexSet(updates.reloaded), columnIndexes: columns)
      }
      if case .silent(let configure) = elementUpdates {
        for refresh in refreshing {
          guard let row = layout.row(of: refresh.target), before.row(of: refresh.source) != nil
          else { continue }
          for column in columns {
            if let view = table.view(atColumn: column, row: row, makeIfNecessary: false) {
              configure(view, refresh.target)
            }
          }
        }
      }
      completion?(true)
    }

    var selectedItemPaths: [ElementPath] { paths(ofRows: table.selectedRowIndexes) }

    func selectItem(at path: ElementPath, animated: Bool) {
      guard let row = layout.row(of: path) else { return }
      table.selectRowIndexes(IndexSet(integer: row), byExtendingSelection: true)
    }

    func deselectItem(at path: ElementPath, animated: Bool) {
      guard let row = layout.row(of: path) else { return }
      table.deselectRow(row)
    }

    var visibleItemPaths: [ElementPath] {
      let range = table.rows(in: table.visibleRect)
      return paths(ofRows: IndexSet(integersIn: range.location..<range.location + range.length))
    }

    var allowsSelectingMultipleItems: Bool { table.allowsMultipleSelection }

    var scrollMetrics: ScrollMetrics? { table._verticalScrollMetrics }

    func extentOfItem(at path: ElementPath) -> ItemExtent? {
      guard let row = layout.row(of: path) else { return nil }
      let rect = table.rect(ofRow: row)
      return ItemExtent(top: Double(rect.minY), height: Double(rect.height))
    }

    func setContentOffset(_ offset: Double) { table._setVerticalOffset(offset) }

    /// AppKit scrolls a row into view without an alignment.
    func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {
      guard let row = layout.row(of: path) else { return }
      table.scrollRowToVisible(row)
    }

    /// The items of `rows`, in order; header rows have none.
    private func paths(ofRows rows: IndexSet) -> [ElementPath] {
      let layout = layout
      return rows.compactMap { row in
        guard let (section, item) = layout.location(ofRow: row), let item else { return nil }
        return ElementPath(element: item, section: section)
      }
    }
  }
#endif

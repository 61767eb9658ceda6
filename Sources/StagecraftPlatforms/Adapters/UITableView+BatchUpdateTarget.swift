#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import UIKit

  /// A table view replays a staged changeset with `reload(using:setData:)`, guarded: each
  /// block is checked against `displayedItemCounts` and the block's data before the view
  /// sees it, and a block UIKit would refuse becomes `reloadData()` with the final data,
  /// reported to `UpdateGuard` (see the article Updates That Never Crash). The row
  /// animations of each kind of call can be chosen, as in DifferenceKit:
  /// `reload(using:with:setData:)` and `reload(using:deleteSectionsAnimation:…)`. The adapter
  /// maps UIKit's row calls onto the forwarding core it shares with `UICollectionView`
  /// (`UIKitListView`).
  extension UITableView: @MainActor UIKitListView {
    /// A silent refresh on a table view carries the app's cell configuration.
    public typealias ElementUpdates = CellUpdateMode<UITableViewCell>

    /// A table view: its refusals speak of rows.
    ///
    /// - Complexity: O(1).
    public var viewKind: ListViewKind { .tableView }

    /// The item count of a section, as the view holds it.
    package func _count(inSection section: Int) -> Int { numberOfRows(inSection: section) }

    /// What the data source answers: its section count and each section's item count.
    package var _dataSourceAnswer: (sections: Int?, items: (Int) -> Int)? {
      guard let dataSource else { return nil }
      #if canImport(ObjectiveC)
        let sections = dataSource.numberOfSections?(in: self)  // optional in Objective-C
      #else
        let sections: Int? = dataSource.numberOfSections(in: self)  // the stubs' default
      #endif
      return (sections, { dataSource.tableView(self, numberOfRowsInSection: $0) })
    }

    /// The selected index paths.
    package var _selectedIndexPaths: [IndexPath]? { indexPathsForSelectedRows }
    /// The index paths on screen.
    package var _visibleIndexPaths: [IndexPath] { indexPathsForVisibleRows ?? [] }

    /// Selects without scrolling or telling the delegate.
    package func _select(_ path: IndexPath, animated: Bool) {
      selectRow(at: path, animated: animated, scrollPosition: .none)
    }

    /// Deselects without telling the delegate.
    package func _deselect(_ path: IndexPath, animated: Bool) {
      deselectRow(at: path, animated: animated)
    }

    /// `rectForRow(at:)`; UIKit's `.zero` for a row it does not have is `nil`.
    package func _frame(of path: IndexPath) -> CGRect? {
      let rect = rectForRow(at: path)
      return rect == .zero ? nil : rect
    }

    /// Scrolls the item to the alignment.
    package func _scroll(to path: IndexPath, alignment: ScrollAlignment, animated: Bool) {
      let position: UITableView.ScrollPosition =
        switch alignment {
        case .top: .top
        case .centeredVertically: .middle
        case .bottom: .bottom
        }
      scrollToRow(at: path, at: position, animated: animated)
    }

    /// Makes the calls of the batch, in their order.
    package func _makeCalls(of batch: BatchUpdate, animations a: TableViewRowAnimations) {
      deleteSections(IndexSet(batch.deleteSections), with: a.deleteSections)
      insertSections(IndexSet(batch.insertSections), with: a.insertSections)
      reloadSections(IndexSet(batch.reloadSections), with: a.reloadSections)
      for move in batch.moveSections { moveSection(move.source, toSection: move.target) }
      deleteRows(at: batch.deleteItems.map(IndexPath.init), with: a.deleteRows)
      insertRows(at: batch.insertItems.map(IndexPath.init), with: a.insertRows)
      reloadRows(at: batch.reloadItems.map(IndexPath.init), with: a.reloadRows)
      for move in batch.moveItems {
        moveRow(at: IndexPath(move.source), to: IndexPath(move.target))
      }
      if !batch.reconfigureItems.isEmpty {
        reconfigureRows(at: batch.reconfigureItems.map(IndexPath.init))
      }
    }

    /// The realized cell at the path.
    package func _cell(at path: IndexPath) -> UITableViewCell? { cellForRow(at: path) }

    /// The path of `view` when it is one of this view's cells.
    package func _indexPath(ofCell view: UIView) -> IndexPath? {
      (view as? UITableViewCell).flatMap { indexPath(for: $0) }
    }

    /// The header of `section` on screen.
    package func _headerView(ofSection section: Int) -> UIView? { headerView(forSection: section) }

    /// The refreshed cells lay out again; the table measures its rows at the end of the
    /// block.
    package func _didRefresh(_ cells: [UITableViewCell], at paths: [IndexPath]) {
      for cell in cells { cell.setNeedsLayout() }
    }
  }
#endif

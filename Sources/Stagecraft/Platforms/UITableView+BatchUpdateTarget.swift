#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension UITableView: @MainActor BatchUpdateTarget {
    /// Whether the view is in a window and has a size; otherwise the replay reloads.
    ///
    /// - Complexity: O(1).
    public var isOnScreen: Bool { window != nil && bounds.size != .zero }

    /// Calls `setData`, then `reloadData()`.
    ///
    /// - Parameters:
    ///   - newData: Unused: the view reads its data source.
    ///   - setData: Switches the data source.
    /// - Throws: Never; the requirement throws for `CollectionModel`.
    /// - Complexity: O(1) here; UIKit then reloads the visible rows.
    public func reloadData<Data: Collection>(newData: Data, setData: () -> Void) throws {
      setData()
      reloadData()
    }

    /// Forwards one block: `setData`, then every call of `batch` (rows for items), then
    /// the in-place refreshes through the data source.
    ///
    /// - Parameters:
    ///   - batch: The calls.
    ///   - newData: Unused: the view reads its data source.
    ///   - animated: `.automatic` row animations, or `.none`.
    ///   - setData: Switches the data source, inside the block.
    ///   - refreshing: Cells to refresh in place: from their path before to the row after.
    ///   - completion: Passed to `performBatchUpdates`.
    /// - Throws: Never: a view cannot refuse a batch, it raises instead.
    /// - Complexity: O(c), where c is the number of calls.
    public func performBatchUpdates<Data: Collection>(
      _ batch: BatchUpdate, newData: Data, animated: Bool, setData: () -> Void,
      refreshing: [Move<ElementPath>], completion: ((Bool) -> Void)?
    ) throws {
      let animation: UITableView.RowAnimation = animated ? .automatic : .none
      withoutActuallyEscaping(setData) { setData in
        performBatchUpdates(
          {
            setData()
            self.deleteSections(IndexSet(batch.deleteSections), with: animation)
            self.insertSections(IndexSet(batch.insertSections), with: animation)
            self.reloadSections(IndexSet(batch.reloadSections), with: animation)
            for move in batch.moveSections { self.moveSection(move.source, toSection: move.target) }
            self.deleteRows(at: batch.deleteItems.map(IndexPath.init), with: animation)
            self.insertRows(at: batch.insertItems.map(IndexPath.init), with: animation)
            self.reloadRows(at: batch.reloadItems.map(IndexPath.init), with: animation)
            for move in batch.moveItems {
              self.moveRow(at: IndexPath(move.source), to: IndexPath(move.target))
            }
            if !batch.reconfigureItems.isEmpty {
              if #available(iOS 15.0, tvOS 15.0, *) {
                self.reconfigureRows(at: batch.reconfigureItems.map(IndexPath.init))
              } else {
                self.reloadRows(at: batch.reconfigureItems.map(IndexPath.init), with: animation)
              }
            }
            if let source = self.dataSource as? InPlaceRefreshingTableDataSource {
              for refresh in refreshing {
                if let cell = self.cellForRow(at: IndexPath(refresh.source)) {
                  source.tableView(self, refresh: cell, withRowAt: IndexPath(refresh.target))
                  cell.setNeedsLayout()
                }
              }
            }
          }, completion: completion)
      }
    }
  }

  /// A table view data source that can hand a realized cell a new element in place, for
  /// `ElementUpdateMode.silent`.
  @MainActor
  public protocol InPlaceRefreshingTableDataSource: AnyObject {
    /// Configures `cell` with the row that the (already switched) data holds at
    /// `indexPath`, a position *after* the batch.
    ///
    /// - Parameters:
    ///   - tableView: The view.
    ///   - cell: The realized cell, found at its position before the batch.
    ///   - indexPath: Where its element is in the new data.
    /// - Complexity: That of configuring one cell.
    func tableView(
      _ tableView: UITableView, refresh cell: UITableViewCell, withRowAt indexPath: IndexPath)
  }
#endif

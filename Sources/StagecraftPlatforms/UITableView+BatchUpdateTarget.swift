#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftReplay
  import UIKit

  extension UITableView: @MainActor BatchUpdateTarget {
    /// A silent refresh on a table view carries the app's cell configuration.
    public typealias ElementUpdates = CellUpdateMode<UITableViewCell>

    /// Whether the view is in a window and has a size; otherwise the replay reloads.
    ///
    /// - Complexity: O(1).
    public var isOnScreen: Bool { window != nil && bounds.size != .zero }

    /// Calls `setData`, then `reloadData()`.
    ///
    /// - Parameters:
    ///   - snapshot: Nothing: the view reads its data source.
    ///   - setData: Switches the data source.
    /// - Complexity: O(1) here; UIKit then reloads the visible rows.
    public func reloadData(_ snapshot: Void, setData: () -> Void) {
      setData()
      reloadData()
    }

    /// Forwards one block: `setData`, then every call of `batch` (rows for items), then,
    /// for a silent refresh, the app's configuration of each realized cell of an updated
    /// row.
    ///
    /// To test a table view screen headless, use `CollectionModel`: the same replay runs on
    /// it and refuses what UIKit refuses.
    ///
    /// - Parameters:
    ///   - batch: The calls.
    ///   - snapshot: Nothing: the view reads its data source.
    ///   - animated: `.automatic` row animations, or `.none`.
    ///   - setData: Switches the data source, inside the block.
    ///   - refreshing: Cells to refresh in place: from their path before the block to
    ///     their row's path after it.
    ///   - elementUpdates: For a silent refresh, the configuration to call.
    ///   - completion: Passed to `performBatchUpdates`.
    /// - Complexity: O(c), where c is the number of calls.
    public func performBatchUpdates(
      _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> Void,
      refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<UITableViewCell>,
      completion: ((Bool) -> Void)?
    ) {
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
            if case .silent(let configure) = elementUpdates {
              for refresh in refreshing {
                guard let cell = self.cellForRow(at: IndexPath(refresh.source)) else { continue }
                configure(cell, refresh.target)
                cell.setNeedsLayout()
              }
            }
          }, completion: completion)
      }
    }
  }
#endif

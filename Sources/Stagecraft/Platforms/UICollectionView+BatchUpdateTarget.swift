#if canImport(UIKit) && !os(watchOS)
  import UIKit

  extension UICollectionView: @MainActor BatchUpdateTarget {
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
    /// - Complexity: O(1) here; UIKit then reloads the visible cells.
    public func reloadData<Data: Collection>(newData: Data, setData: () -> Void) throws {
      setData()
      reloadData()
    }

    /// Forwards one block: `setData`, then every call of `batch`, then the in-place
    /// refreshes through the data source (see `InPlaceRefreshingDataSource`).
    ///
    /// - Parameters:
    ///   - batch: The calls.
    ///   - newData: Unused: the view reads its data source.
    ///   - animated: `false` wraps the block in `UIView.performWithoutAnimation`.
    ///   - setData: Switches the data source, inside the block.
    ///   - refreshing: Cells to refresh in place: from their path before to the item after.
    ///   - completion: Passed to `performBatchUpdates`.
    /// - Throws: Never: a view cannot refuse a batch, it raises instead.
    /// - Complexity: O(c), where c is the number of calls.
    public func performBatchUpdates<Data: Collection>(
      _ batch: BatchUpdate, newData: Data, animated: Bool, setData: () -> Void,
      refreshing: [Move<ElementPath>], completion: ((Bool) -> Void)?
    ) throws {
      withoutActuallyEscaping(setData) { setData in
        let block = {
          setData()
          self.deleteSections(IndexSet(batch.deleteSections))
          self.insertSections(IndexSet(batch.insertSections))
          self.reloadSections(IndexSet(batch.reloadSections))
          for move in batch.moveSections { self.moveSection(move.source, toSection: move.target) }
          self.deleteItems(at: batch.deleteItems.map(IndexPath.init))
          self.insertItems(at: batch.insertItems.map(IndexPath.init))
          self.reloadItems(at: batch.reloadItems.map(IndexPath.init))
          for move in batch.moveItems {
            self.moveItem(at: IndexPath(move.source), to: IndexPath(move.target))
          }
          if !batch.reconfigureItems.isEmpty {
            if #available(iOS 15.0, tvOS 15.0, *) {
              self.reconfigureItems(at: batch.reconfigureItems.map(IndexPath.init))
            } else {
              self.reloadItems(at: batch.reconfigureItems.map(IndexPath.init))
            }
          }
          if let source = self.dataSource as? InPlaceRefreshingDataSource {
            for refresh in refreshing {
              if let cell = self.cellForItem(at: IndexPath(refresh.source)) {
                source.collectionView(self, refresh: cell, withItemAt: IndexPath(refresh.target))
                cell.setNeedsLayout()
              }
            }
          }
        }
        if animated {
          performBatchUpdates(block, completion: completion)
        } else {
          UIView.performWithoutAnimation { performBatchUpdates(block, completion: completion) }
        }
      }
    }
  }

  /// A collection view data source that can hand a realized cell a new element in place,
  /// for `ElementUpdateMode.silent`.
  @MainActor
  public protocol InPlaceRefreshingDataSource: AnyObject {
    /// Configures `cell` with the item that the (already switched) data holds at
    /// `indexPath`, a position *after* the batch.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - cell: The realized cell, found at its position before the batch.
    ///   - indexPath: Where its element is in the new data.
    /// - Complexity: That of configuring one cell.
    func collectionView(
      _ collectionView: UICollectionView, refresh cell: UICollectionViewCell,
      withItemAt indexPath: IndexPath)
  }

  extension IndexPath {
    /// The index path of an `ElementPath`.
    ///
    /// - Parameter path: A section and an element index.
    /// - Complexity: O(1).
    public init(_ path: ElementPath) {
      self.init(item: path.element, section: path.section)
    }
  }
#endif

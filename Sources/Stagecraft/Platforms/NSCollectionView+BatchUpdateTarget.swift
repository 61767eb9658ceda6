#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit

  extension NSCollectionView: @MainActor BatchUpdateTarget {
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
    /// - Complexity: O(1) here; AppKit then reloads the visible items.
    public func reloadData<Data: Collection>(newData: Data, setData: () -> Void) throws {
      setData()
      reloadData()
    }

    /// Forwards one block: `setData`, then every call of `batch` (reconfigures become
    /// reloads: AppKit has no reconfigure), then the in-place refreshes through the data
    /// source.
    ///
    /// - Parameters:
    ///   - batch: The calls.
    ///   - newData: Unused: the view reads its data source.
    ///   - animated: Whether the calls go through the animator proxy.
    ///   - setData: Switches the data source, inside the block.
    ///   - refreshing: Items to refresh in place: from their path before to the item after.
    ///   - completion: Passed to `performBatchUpdates`.
    /// - Throws: Never: a view cannot refuse a batch, it raises instead.
    /// - Complexity: O(c), where c is the number of calls.
    public func performBatchUpdates<Data: Collection>(
      _ batch: BatchUpdate, newData: Data, animated: Bool, setData: () -> Void,
      refreshing: [Move<ElementPath>], completion: ((Bool) -> Void)?
    ) throws {
      let view = animated ? animator() : self
      withoutActuallyEscaping(setData) { setData in
        view.performBatchUpdates(
          {
            setData()
            view.deleteSections(IndexSet(batch.deleteSections))
            view.insertSections(IndexSet(batch.insertSections))
            view.reloadSections(IndexSet(batch.reloadSections))
            for move in batch.moveSections { view.moveSection(move.source, toSection: move.target) }
            view.deleteItems(at: Set(batch.deleteItems.map(IndexPath.init)))
            view.insertItems(at: Set(batch.insertItems.map(IndexPath.init)))
            view.reloadItems(
              at: Set((batch.reloadItems + batch.reconfigureItems).map(IndexPath.init)))
            for move in batch.moveItems {
              view.moveItem(at: IndexPath(move.source), to: IndexPath(move.target))
            }
            if let source = self.dataSource as? InPlaceRefreshingItemDataSource {
              for refresh in refreshing {
                if let item = self.item(at: IndexPath(refresh.source)) {
                  source.collectionView(self, refresh: item, withItemAt: IndexPath(refresh.target))
                }
              }
            }
          }, completionHandler: completion)
      }
    }
  }

  /// An `NSCollectionView` data source that can hand a realized item a new element in
  /// place, for `ElementUpdateMode.silent`.
  @MainActor
  public protocol InPlaceRefreshingItemDataSource: AnyObject {
    /// Configures `item` with the element that the (already switched) data holds at
    /// `indexPath`, a position *after* the batch.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - item: The realized item, found at its position before the batch.
    ///   - indexPath: Where its element is in the new data.
    /// - Complexity: That of configuring one item.
    func collectionView(
      _ collectionView: NSCollectionView, refresh item: NSCollectionViewItem,
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

#if canImport(UIKit) && !os(watchOS)
  import StagecraftCoordinator
  import StagecraftDiff
  import StagecraftModel
  import StagecraftReplay
  import UIKit

  /// One item's new content without a batch: `reconfigureItems(at:)` outside
  /// `performBatchUpdates`, which UIKit allows from iOS 15 (`reconfigureItemsAtIndexPaths:`,
  /// UICollectionView.h: "reconfigures the cells ... without requesting new cells").
  extension UICollectionView: @MainActor ItemContentUpdating {
    /// Reconfigures the item's cell from the data source; a `CollectionListLayout` learns
    /// of the change from the coordinator (`CollectionCoordinator.itemsChanged(since:)`).
    ///
    /// - Parameter path: The item's path.
    /// - Complexity: O(1), and the cell's configuration.
    public func itemContentDidChange(at path: ElementPath) {
      reconfigureItems(at: [IndexPath(path)])
    }
  }

  extension CollectionCoordinator where Target: UICollectionView {
    /// The item whose top holds still while the items below it grow (a prompt whose answer
    /// streams in): the `pinnedItem` of the view's `CollectionListLayout`, which governs its
    /// updates and measured sizes alike; `nil`, and setting it does nothing, with another
    /// layout.
    ///
    /// - Complexity: Setting, O(1) expected (O(n) for the first lookup after new data).
    public var pinnedItem: ItemIdentifier? {
      get { (target.collectionViewLayout as? CollectionListLayout<Section>)?.pinnedItem }
      set { (target.collectionViewLayout as? CollectionListLayout<Section>)?.pinnedItem = newValue }
    }
  }
#endif

#if canImport(UIKit) && !os(watchOS)
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
#endif

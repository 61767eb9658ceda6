import StagecraftDiff

/// A view that can show one item's new content without a batch: UIKit's
/// `reconfigureItems(at:)` called outside `performBatchUpdates` (iOS 15,
/// `reconfigureItemsAtIndexPaths:` in UICollectionView.h), which reconfigures the cell in
/// place from the data source and leaves every other item alone. A capability a target
/// adopts: the coordinator's `updateItem(_:)` needs it, so a target without it cannot call
/// that (a compile-time constraint, never a silent fallback).
public protocol ItemContentUpdating: BatchUpdateTarget {
  /// The data source's item at `path` has new content with the same identity: the view
  /// reads it from its data source and reconfigures the item's cell, if it has one, and its
  /// layout measures it again.
  ///
  /// - Parameter path: The item's path, in the data the view shows.
  /// - Complexity: O(1), and O(log n) for the layout to measure the item again.
  mutating func itemContentDidChange(at path: ElementPath)
}

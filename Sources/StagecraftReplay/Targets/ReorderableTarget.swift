import StagecraftDiff

/// A target that holds its own cells and follows an item the user dragged: a view has
/// already moved its cell, so it does not adopt this; `CollectionModel` moves its item, cell
/// and selection. A data source's reordering (`DiffableDataSource.reorderItem(at:to:)`)
/// tells it.
public protocol ReorderableTarget: BatchUpdateTarget {
  /// Follows an item that the user moved by dragging it (interactive reordering), as UIKit
  /// tells a data source with `collectionView(_:moveItemAt:to:)`.
  ///
  /// - Parameters:
  ///   - source: Where the item was.
  ///   - destination: Where it is now, after the move.
  /// - Throws: `Failure`, when a path does not exist; the target is then unchanged.
  /// - Complexity: That of the target.
  mutating func moveItemInteractively(from source: ElementPath, to destination: ElementPath)
    throws(Failure)
}

extension ReorderableTarget {
  /// `moveItemInteractively(from:to:)`, for the replay.
  public mutating func _moveItemInteractively(
    from source: ElementPath, to destination: ElementPath
  ) throws(Failure) {
    try moveItemInteractively(from: source, to: destination)
  }
}

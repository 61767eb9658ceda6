import StagecraftDiff

/// A view that keeps a selection: what the coordinator binds to identifiers and restores
/// after each update, and what the flight recorder notes with each block.
public protocol SelectableTarget: BatchUpdateTarget {
  /// The paths of the selected items, as `indexPathsForSelectedItems` (or a table view's
  /// `indexPathsForSelectedRows`) reports them.
  ///
  /// - Complexity: O(k), where k is the number of selected items.
  var selectedItemPaths: [ElementPath] { get }

  /// Whether the view lets the user select more than one item (a `UICollectionView`'s
  /// `allowsMultipleSelection`).
  ///
  /// - Complexity: O(1).
  var allowsSelectingMultipleItems: Bool { get }

  /// Selects the item at `path` as `selectItem(at:animated:scrollPosition:)` does: without
  /// telling the delegate, and, where the view allows one selection only, deselecting the
  /// others. Nothing for a path that does not exist.
  ///
  /// - Parameters:
  ///   - path: The item to select.
  ///   - animated: Whether to animate the change.
  /// - Complexity: O(1) for a view.
  mutating func selectItem(at path: ElementPath, animated: Bool)

  /// Deselects the item at `path` as `deselectItem(at:animated:)` does: without telling the
  /// delegate.
  ///
  /// - Parameters:
  ///   - path: The item to deselect.
  ///   - animated: Whether to animate the change.
  /// - Complexity: O(1) for a view.
  mutating func deselectItem(at path: ElementPath, animated: Bool)
}

extension SelectableTarget {
  /// `selectedItemPaths`, for the replay.
  public var _selectedItemPaths: [ElementPath]? { selectedItemPaths }
}

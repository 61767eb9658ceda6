import StagecraftDiff

extension CollectionModel {
  /// The selected index paths, ascending; empty when nothing is selected.
  ///
  /// - Complexity: O(k log k), where k is the number of selected items.
  public var indexPathsForSelectedItems: [ElementPath] { _selection.sorted() }

  /// Selects the item at `path`. Without `allowsMultipleSelection`, the others are
  /// deselected. A path that does not exist is ignored.
  ///
  /// - Parameter path: The item to select.
  /// - Returns: Whether the path exists.
  /// - Complexity: O(1), or O(k) when other items are deselected.
  @discardableResult
  public mutating func selectItem(at path: ElementPath) -> Bool {
    guard _contains(path) else { return false }
    if !configuration.allowsMultipleSelection { _selection.removeAll() }
    _selection.insert(path)
    return true
  }

  /// Deselects the item at `path`.
  ///
  /// - Parameter path: The item to deselect.
  /// - Returns: Whether it was selected.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func deselectItem(at path: ElementPath) -> Bool {
    _selection.remove(path) != nil
  }
}

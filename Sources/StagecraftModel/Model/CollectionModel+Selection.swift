import StagecraftDiff
import StagecraftReplay

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

extension CollectionModel: SelectableTarget {
  /// The selected paths, as a view reports them to the replay and to a coordinator.
  ///
  /// - Complexity: O(k log k), where k is the number of selected items.
  public var selectedItemPaths: [ElementPath] { indexPathsForSelectedItems }

  /// Selects the item at `path`, as `selectItem(at:)` does.
  ///
  /// - Parameters:
  ///   - path: The item to select.
  ///   - animated: Unused: the model does not animate a selection.
  /// - Complexity: O(1), or O(k) to clear k other selected items in single selection.
  public mutating func selectItem(at path: ElementPath, animated: Bool) {
    selectItem(at: path)
  }

  /// Deselects the item at `path`, as `deselectItem(at:)` does.
  ///
  /// - Parameters:
  ///   - path: The item to deselect.
  ///   - animated: Unused: the model does not animate a selection.
  /// - Complexity: O(1).
  public mutating func deselectItem(at path: ElementPath, animated: Bool) {
    deselectItem(at: path)
  }

  /// The paths of the realized cells: the items in the viewport.
  ///
  /// - Complexity: O(r log r), where r is the number of realized cells.
  public var visibleItemPaths: [ElementPath] { realizedPaths }

  /// Whether the model lets more than one item be selected:
  /// `configuration.allowsMultipleSelection`.
  ///
  /// - Complexity: O(1).
  public var allowsSelectingMultipleItems: Bool { configuration.allowsMultipleSelection }
}

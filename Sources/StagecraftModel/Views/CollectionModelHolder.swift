import StagecraftDiff
import StagecraftReplay

/// What the two headless views (`CollectionModelView`, `HeadlessCollectionView`) do alike:
/// each holds a `CollectionModel`, and its selection and scrolling are the model's. This is
/// their one forwarding core; a view only says how it changes its model.
///
/// Package-only: its defaults are the views' public members, and nothing else of it is API.
@MainActor
package protocol CollectionModelHolder: AnyObject, SelectableTarget, ScrollableTarget {
  /// The model's section type.
  associatedtype ModelSection: DifferentiableSection
  /// The model the view holds.
  var model: CollectionModel<ModelSection> { get }
  /// Changes the model the view holds.
  func updateModel(_ change: (inout CollectionModel<ModelSection>) -> Void)
  /// Reads the model the view holds, in place: `model` would copy it (a retain of each of
  /// its parts) at every read of a replay's scroll plan.
  func readModel<Result>(_ read: (borrowing CollectionModel<ModelSection>) -> Result) -> Result
}

extension CollectionModelHolder {
  /// The model's selected paths.
  ///
  /// - Complexity: O(k log k), where k is the number of selected items.
  public var selectedItemPaths: [ElementPath] { model.indexPathsForSelectedItems }

  /// The model's `configuration.allowsMultipleSelection`.
  ///
  /// - Complexity: O(1).
  public var allowsSelectingMultipleItems: Bool { model.allowsSelectingMultipleItems }

  /// Selects the model's item at `path`, as `selectItem(at:animated:scrollPosition:)` does.
  ///
  /// - Parameters:
  ///   - path: The item to select.
  ///   - animated: Unused: the model does not animate.
  /// - Complexity: O(1), or O(k) to clear k items in single selection.
  public func selectItem(at path: ElementPath, animated: Bool) {
    updateModel { $0.selectItem(at: path) }
  }

  /// Deselects the model's item at `path`.
  ///
  /// - Parameters:
  ///   - path: The item to deselect.
  ///   - animated: Unused: the model does not animate.
  /// - Complexity: O(1).
  public func deselectItem(at path: ElementPath, animated: Bool) {
    updateModel { $0.deselectItem(at: path) }
  }

  /// The paths of the model's realized cells: the items on screen.
  ///
  /// - Complexity: O(r log r), where r is the number of realized cells.
  public var visibleItemPaths: [ElementPath] { readModel { $0.realizedPaths } }

  /// The model's scroll position and sizes, from its `geometry`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var scrollMetrics: ScrollMetrics? { readModel { $0.scrollMetrics } }

  /// Where the model lays out the item at `path`.
  ///
  /// - Parameter path: An item.
  /// - Returns: Its top and height, with a geometry.
  /// - Complexity: O(1).
  @inlinable
  public func extentOfItem(at path: ElementPath) -> ItemExtent? {
    readModel { $0.extentOfItem(at: path) }
  }

  /// The first item on screen whose bottom is below `metrics.contentOffset`, and its extent:
  /// the model's (`CollectionModel._firstVisibleItem(_:)`), whose realized cells are the
  /// view's visible items.
  ///
  /// - Parameter metrics: The scroll metrics the replay read.
  /// - Returns: The item and its extent.
  /// - Complexity: O(log n), or O(v) for the v realized cells when the item is not one.
  @inlinable
  public func _firstVisibleItem(_ metrics: ScrollMetrics) -> (ElementPath, ItemExtent)? {
    readModel { $0._firstVisibleItem(metrics) }
  }

  /// Scrolls the model's geometry.
  ///
  /// - Parameter offset: The new content offset.
  /// - Complexity: O(k) for the items up to the last one shown.
  @inlinable
  public func setContentOffset(_ offset: Double) { updateModel { $0.setContentOffset(offset) } }

  /// Scrolls the model to the item at `path`.
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - alignment: Where it ends up in the viewport.
  ///   - animated: Unused: the model does not animate.
  /// - Complexity: O(log n + v), where v is the number of items shown.
  public func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {
    updateModel { $0.scrollToItem(at: path, alignment: alignment) }
  }

  /// What holds focus in the view: the model's `focus`, kept by identity through every
  /// update, on its neighbour when its item is deleted.
  ///
  /// - Complexity: O(1).
  public var focus: FocusTarget? { readModel { $0.focus } }

  /// Puts focus on the item at `path`, as the user's keyboard or VoiceOver does.
  ///
  /// - Parameter path: The item; `nil` removes focus.
  /// - Returns: Whether focus is where asked: `false` for a path the view does not show.
  /// - Complexity: O(1).
  @discardableResult
  public func focusItem(at path: ElementPath?) -> Bool {
    var focused = false
    updateModel { focused = $0.focusItem(at: path) }
    return focused
  }
}

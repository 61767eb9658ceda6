import StagecraftDiff

/// A view with a vertical scroll position: what an update keeps of it
/// (`UpdateStrategy.anchoring`) is read and restored through this, and the coordinator
/// scrolls to an item and follows the items on screen.
///
/// A target that does not adopt this is left where it is by every replay: its anchoring has
/// nothing to read.
public protocol ScrollableTarget: BatchUpdateTarget {
  /// The vertical scroll position and sizes (`contentOffset`, the bounds' height, the
  /// content's height); `nil` while the target has no scroll geometry (a model without a
  /// `geometry`, an AppKit view outside a scroll view).
  ///
  /// - Complexity: O(1) for a view.
  var scrollMetrics: ScrollMetrics? { get }

  /// The paths of the items on screen, as `indexPathsForVisibleItems` (or a table view's
  /// `indexPathsForVisibleRows`) reports them.
  ///
  /// - Complexity: O(v), where v is the number of visible items.
  var visibleItemPaths: [ElementPath] { get }

  /// Where the item at `path` lies in the content after the last layout (the layout
  /// attributes' frame); `nil` when the target cannot tell.
  ///
  /// - Parameter path: An item.
  /// - Returns: Its top and height.
  /// - Complexity: That of the layout's attributes for one item.
  func extentOfItem(at path: ElementPath) -> ItemExtent?

  /// Scrolls, without animation, so that the viewport's top is `offset` from the content's
  /// top.
  ///
  /// - Parameter offset: The new content offset.
  /// - Complexity: O(1) for a view.
  mutating func setContentOffset(_ offset: Double)

  /// Scrolls so that the item at `path` sits in the viewport as `alignment` says
  /// (`scrollToItem(at:at:animated:)`).
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - alignment: Where it ends up.
  ///   - animated: Whether to animate the scroll.
  /// - Complexity: That of the view's scroll.
  mutating func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool)
}

extension ScrollableTarget {
  /// `scrollMetrics`, for the replay.
  @inlinable
  public var _scrollMetrics: ScrollMetrics? { scrollMetrics }
  /// `visibleItemPaths`, for the replay.
  @inlinable
  public var _visibleItemPaths: [ElementPath]? { visibleItemPaths }
  /// `extentOfItem(at:)`, for the replay.
  @inlinable
  public func _extentOfItem(at path: ElementPath) -> ItemExtent? { extentOfItem(at: path) }
  /// `setContentOffset(_:)`, for the replay.
  @inlinable
  public mutating func _setContentOffset(_ offset: Double) { setContentOffset(offset) }
}

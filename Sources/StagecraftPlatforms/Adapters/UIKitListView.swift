#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import UIKit

  /// What UIKit's two list views have in common, for the adapters: each of
  /// `UICollectionView` and `UITableView` names its own calls (items or rows), and this one
  /// forwarding core makes a batch, reads the counts, the selection and the geometry, the
  /// same way for both. An adapter only maps each primitive to its view's call.
  ///
  /// Package-only: its defaults are the adapters' public members, and nothing else of it is
  /// API, so that `UICollectionView` and `UITableView` gain no member an app would see.
  @MainActor
  package protocol UIKitListView: UIScrollView, DataSourceBackedTarget, SelectableTarget,
    ScrollableTarget, FocusKeepingTarget
  where Snapshot == Void, Failure == Never, ElementUpdates == CellUpdateMode<_Cell> {
    /// The view's cell class.
    associatedtype _Cell: UIView

    /// `numberOfSections`.
    var numberOfSections: Int { get }
    /// `numberOfItems(inSection:)`, or `numberOfRows(inSection:)`.
    func _count(inSection section: Int) -> Int
    /// The data source's answer: its section count (optional in Objective-C), and its item
    /// count of a section; `nil` without a data source.
    var _dataSourceAnswer: (sections: Int?, items: (Int) -> Int)? { get }
    /// `indexPathsForSelectedItems`, or `indexPathsForSelectedRows`.
    var _selectedIndexPaths: [IndexPath]? { get }
    /// `indexPathsForVisibleItems`, or `indexPathsForVisibleRows`.
    var _visibleIndexPaths: [IndexPath] { get }
    /// `allowsMultipleSelection`.
    var allowsMultipleSelection: Bool { get }
    /// Selects without scrolling or telling the delegate.
    func _select(_ path: IndexPath, animated: Bool)
    /// Deselects without telling the delegate.
    func _deselect(_ path: IndexPath, animated: Bool)
    /// The frame the layout gives the item, after laying out what an update left pending;
    /// `nil` for an item it does not have.
    func _frame(of path: IndexPath) -> CGRect?
    /// `scrollToItem(at:at:animated:)`, or `scrollToRow(at:at:animated:)`.
    func _scroll(to path: IndexPath, alignment: ScrollAlignment, animated: Bool)
    /// Every call of `batch`, in the order `BatchUpdate` lists them, with the table's row
    /// animations (a collection view has none).
    func _makeCalls(of batch: BatchUpdate, animations: TableViewRowAnimations)
    /// The realized cell at `path`, before the block.
    func _cell(at path: IndexPath) -> _Cell?
    /// The cells refreshed in place (their items at `paths` after the block) take the size
    /// of their new content.
    func _didRefresh(_ cells: [_Cell], at paths: [IndexPath])
    /// UIKit's `performBatchUpdates(_:completion:)`.
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
    /// UIKit's `reloadData()`.
    func reloadData()
    /// The index path of `view` when it is one of this view's cells (`indexPath(for:)`).
    func _indexPath(ofCell view: UIView) -> IndexPath?
    /// The header of `section` on screen (`supplementaryView(forElementKind:at:)`,
    /// `headerView(forSection:)`).
    func _headerView(ofSection section: Int) -> UIView?
    /// `remembersLastFocusedIndexPath`.
    var remembersLastFocusedIndexPath: Bool { get set }
  }

  extension UIKitListView {
    /// Whether the view is in a window and has a size; otherwise the replay reloads.
    ///
    /// - Complexity: O(1).
    public var isOnScreen: Bool { window != nil && bounds.size != .zero }

    /// The item count of each section as the view holds it now (`numberOfSections`, and
    /// `numberOfItems(inSection:)` or `numberOfRows(inSection:)`): what the replay's guard
    /// checks each block against.
    ///
    /// - Complexity: O(S), where S is the number of sections.
    public var displayedItemCounts: [Int]? { (0..<numberOfSections).map(_count(inSection:)) }

    /// The item count of each section as the `dataSource` answers now, asked directly (not
    /// the view's cache), read as `_dataSourceCounts` reads it (1 section when the data
    /// source does not say); `nil` without a data source.
    ///
    /// - Complexity: O(S) calls to the data source, where S is the number of sections.
    public var dataSourceItemCounts: [Int]? {
      _dataSourceAnswer.map { _dataSourceCounts(sections: $0.sections, items: $0.items) }
    }

    /// The selected items (`indexPathsForSelectedItems`, `indexPathsForSelectedRows`).
    ///
    /// - Complexity: O(k), where k is the number of selected items.
    public var selectedItemPaths: [ElementPath] {
      (_selectedIndexPaths ?? []).map(ElementPath.init)
    }

    /// The view's `allowsMultipleSelection`.
    ///
    /// - Complexity: O(1).
    public var allowsSelectingMultipleItems: Bool { allowsMultipleSelection }

    /// Selects the item at `path` without scrolling or telling the delegate.
    ///
    /// - Parameters:
    ///   - path: The item to select.
    ///   - animated: Whether to animate the change.
    /// - Complexity: O(1) here.
    public func selectItem(at path: ElementPath, animated: Bool) {
      _select(IndexPath(path), animated: animated)
    }

    /// Deselects the item at `path` without telling the delegate.
    ///
    /// - Parameters:
    ///   - path: The item to deselect.
    ///   - animated: Whether to animate the change.
    /// - Complexity: O(1) here.
    public func deselectItem(at path: ElementPath, animated: Bool) {
      _deselect(IndexPath(path), animated: animated)
    }

    /// The items on screen (`indexPathsForVisibleItems`, `indexPathsForVisibleRows`).
    ///
    /// - Complexity: O(v), where v is the number of visible items.
    public var visibleItemPaths: [ElementPath] { _visibleIndexPaths.map(ElementPath.init) }

    /// The vertical scroll position and sizes, inside the adjusted content insets: the
    /// viewport's top is `contentOffset.y + adjustedContentInset.top`.
    ///
    /// - Complexity: O(1).
    public var scrollMetrics: ScrollMetrics? {
      let insets = adjustedContentInset
      return ScrollMetrics(
        contentOffset: Double(contentOffset.y + insets.top),
        viewportHeight: Double(bounds.height - insets.top - insets.bottom),
        contentHeight: Double(contentSize.height))
    }

    /// Where the view lays out the item at `path` (its layout attributes' frame, or
    /// `rectForRow(at:)`), after laying out what an update left pending.
    ///
    /// - Parameter path: An item.
    /// - Returns: Its top and height.
    /// - Complexity: That of the layout.
    public func extentOfItem(at path: ElementPath) -> ItemExtent? {
      layoutIfNeeded()
      guard let frame = _frame(of: IndexPath(path)) else { return nil }
      return ItemExtent(top: Double(frame.minY), height: Double(frame.height))
    }

    /// Scrolls without animation so that the viewport's top (inside the adjusted insets) is
    /// `offset` from the content's top.
    ///
    /// - Parameter offset: The new offset.
    /// - Complexity: O(1) here.
    public func setContentOffset(_ offset: Double) {
      let y = CGFloat(offset) - adjustedContentInset.top
      setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: false)
    }

    /// Scrolls to the item at `path` (`scrollToItem(at:at:animated:)`,
    /// `scrollToRow(at:at:animated:)`).
    ///
    /// - Parameters:
    ///   - path: The item.
    ///   - alignment: Where it ends up.
    ///   - animated: Whether to animate the scroll.
    /// - Complexity: That of UIKit's scroll.
    public func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {
      _scroll(to: IndexPath(path), alignment: alignment, animated: animated)
    }

    /// Calls `setData`, then `reloadData()`.
    ///
    /// - Parameters:
    ///   - snapshot: Nothing: the view reads its data source.
    ///   - setData: Switches the data source.
    /// - Complexity: O(1) here; UIKit then reloads the visible cells.
    public func reloadData(_ snapshot: Void, setData: () -> Void) {
      setData()
      reloadData()
    }

    /// Forwards one block: `setData`, then every call of `batch` (items, or rows), then,
    /// for a silent refresh, the app's configuration of each realized cell of an updated
    /// item, which then takes the size of its new content.
    ///
    /// To test a screen headless, use `CollectionModel` or `HeadlessCollectionView`: the
    /// same replay runs on them and refuses what UIKit refuses.
    ///
    /// - Parameters:
    ///   - batch: The calls.
    ///   - snapshot: Nothing: the view reads its data source.
    ///   - animated: `false` makes the block without animation
    ///     (`UIView.performWithoutAnimation`; a table's row animations are `.none`).
    ///   - setData: Switches the data source, inside the block.
    ///   - refreshing: Cells to refresh in place: from their path before the block to
    ///     their item's path after it.
    ///   - elementUpdates: For a silent refresh, the configuration to call.
    ///   - completion: Passed to `performBatchUpdates`.
    /// - Complexity: O(c), where c is the number of calls.
    public func performBatchUpdates(
      _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
      refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<_Cell>,
      completion: ((Bool) -> Void)?
    ) {
      _perform(
        batch, animated: animated,
        animations: TableViewRowAnimations(animated ? .automatic : .none),
        setData: setData, refreshing: refreshing, by: elementUpdates, completion: completion)
    }

    /// One block: the data switched, the calls (the guard's replacement, when `setData`
    /// returns one: valid whatever the data source answers, for this block only), and the
    /// silent refreshes of the planned calls.
    func _perform(
      _ batch: BatchUpdate, animated: Bool, animations: TableViewRowAnimations,
      setData: () -> BatchUpdate?, refreshing: [Move<ElementPath>],
      by elementUpdates: CellUpdateMode<_Cell>, completion: ((Bool) -> Void)?
    ) {
      withoutActuallyEscaping(setData) { setData in
        let block = {
          let replacement = setData()
          self._makeCalls(of: replacement ?? batch, animations: animations)
          guard replacement == nil, case .silent(let configure) = elementUpdates else { return }
          var cells: [_Cell] = []
          var paths: [IndexPath] = []
          for refresh in refreshing {
            guard let cell = self._cell(at: IndexPath(refresh.source)) else { continue }
            configure(cell, refresh.target)
            cells.append(cell)
            paths.append(IndexPath(refresh.target))
          }
          self._didRefresh(cells, at: paths)
        }
        if animated {
          performBatchUpdates(block, completion: completion)
        } else {
          UIView.performWithoutAnimation { performBatchUpdates(block, completion: completion) }
        }
      }
    }
  }
#endif

#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import UIKit

  /// A table view replays a staged changeset with `reload(using:setData:)`, guarded: each
  /// block is checked against `displayedItemCounts` and the block's data before the view
  /// sees it, and a block UIKit would refuse becomes `reloadData()` with the final data,
  /// reported to `UpdateGuard` (see the article Updates That Never Crash). The row
  /// animations of each kind of call can be chosen, as in DifferenceKit:
  /// `reload(using:with:setData:)` and `reload(using:deleteSectionsAnimation:…)`.
  extension UITableView: @MainActor BatchUpdateTarget {
    /// A silent refresh on a table view carries the app's cell configuration.
    public typealias ElementUpdates = CellUpdateMode<UITableViewCell>

    /// Whether the view is in a window and has a size; otherwise the replay reloads.
    ///
    /// - Complexity: O(1).
    public var isOnScreen: Bool { window != nil && bounds.size != .zero }

    /// The row count of each section as the view holds it now (`numberOfSections`,
    /// `numberOfRows(inSection:)`): what the replay's guard checks each block against.
    ///
    /// - Complexity: O(S), where S is the number of sections.
    public var displayedItemCounts: [Int]? {
      (0..<numberOfSections).map { numberOfRows(inSection: $0) }
    }

    /// The item count of each section as the `dataSource` answers now, asked directly (not
    /// the view's cache): `numberOfSections(in:)` and
    /// `tableView(_:numberOfRowsInSection:)`, read as `_dataSourceCounts` reads them (1 section
    /// when the data source does not say). `nil` without a data source.
    ///
    /// - Complexity: O(S) calls to the data source, where S is the number of sections.
    public var dataSourceItemCounts: [Int]? {
      guard let dataSource else { return nil }
      #if canImport(ObjectiveC)
        let sections = dataSource.numberOfSections?(in: self)  // optional in Objective-C
      #else
        let sections: Int? = dataSource.numberOfSections(in: self)  // the stubs' default
      #endif
      return _dataSourceCounts(sections: sections) {
        dataSource.tableView(self, numberOfRowsInSection: $0)
      }
    }

    /// A table view: its refusals speak of rows.
    ///
    /// - Complexity: O(1).
    public var viewKind: ListViewKind { .tableView }

    /// The selected rows (`indexPathsForSelectedRows`).
    ///
    /// - Complexity: O(k), where k is the number of selected rows.
    public var selectedItemPaths: [ElementPath]? {
      (indexPathsForSelectedRows ?? []).map(ElementPath.init)
    }

    /// Selects the row at `path` without scrolling or telling the delegate
    /// (`selectRow(at:animated:scrollPosition:)`).
    ///
    /// - Parameters:
    ///   - path: The row to select.
    ///   - animated: Whether to animate the change.
    /// - Complexity: O(1) here.
    public func selectItem(at path: ElementPath, animated: Bool) {
      selectRow(at: IndexPath(path), animated: animated, scrollPosition: .none)
    }

    /// Deselects the row at `path` without telling the delegate (`deselectRow(at:animated:)`).
    ///
    /// - Parameters:
    ///   - path: The row to deselect.
    ///   - animated: Whether to animate the change.
    /// - Complexity: O(1) here.
    public func deselectItem(at path: ElementPath, animated: Bool) {
      deselectRow(at: IndexPath(path), animated: animated)
    }

    /// The rows on screen (`indexPathsForVisibleRows`).
    ///
    /// - Complexity: O(v), where v is the number of visible rows.
    public var visibleItemPaths: [ElementPath]? {
      (indexPathsForVisibleRows ?? []).map(ElementPath.init)
    }

    /// The view's `allowsMultipleSelection`.
    ///
    /// - Complexity: O(1).
    public var allowsSelectingMultipleItems: Bool? { allowsMultipleSelection }

    /// The vertical scroll position and sizes, inside the adjusted content insets: the
    /// viewport's top is `contentOffset.y + adjustedContentInset.top`.
    ///
    /// - Complexity: O(1).
    public var scrollMetrics: ScrollMetrics? { _verticalScrollMetrics }

    /// Where the table puts the row at `path` (`rectForRow(at:)`), after laying out what an
    /// update left pending.
    ///
    /// - Parameter path: A row.
    /// - Returns: Its top and height.
    /// - Complexity: That of UIKit's row geometry.
    public func extentOfItem(at path: ElementPath) -> ItemExtent? {
      layoutIfNeeded()
      let rect = rectForRow(at: IndexPath(path))
      guard rect != .zero else { return nil }  // UIKit's answer for a row it does not have
      return ItemExtent(top: Double(rect.minY), height: Double(rect.height))
    }

    /// Scrolls without animation so that the viewport's top (inside the adjusted insets) is
    /// `offset` from the content's top.
    ///
    /// - Parameter offset: The new offset.
    /// - Complexity: O(1) here.
    public func setContentOffset(_ offset: Double) { _setVerticalOffset(offset) }

    /// Scrolls to the row at `path` (`scrollToRow(at:at:animated:)`).
    ///
    /// - Parameters:
    ///   - path: The row.
    ///   - alignment: Where it ends up.
    ///   - animated: Whether to animate the scroll.
    /// - Complexity: That of UIKit's scroll.
    public func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {
      let position: UITableView.ScrollPosition =
        switch alignment {
        case .top: .top
        case .centeredVertically: .middle
        case .bottom: .bottom
        }
      scrollToRow(at: IndexPath(path), at: position, animated: animated)
    }

    /// Calls `setData`, then `reloadData()`.
    ///
    /// - Parameters:
    ///   - snapshot: Nothing: the view reads its data source.
    ///   - setData: Switches the data source.
    /// - Complexity: O(1) here; UIKit then reloads the visible rows.
    public func reloadData(_ snapshot: Void, setData: () -> Void) {
      setData()
      reloadData()
    }

    /// Forwards one block: `setData`, then every call of `batch` (rows for items), then,
    /// for a silent refresh, the app's configuration of each realized cell of an updated
    /// row.
    ///
    /// To test a table view screen headless, use `CollectionModel`: the same replay runs on
    /// it and refuses what UIKit refuses.
    ///
    /// - Parameters:
    ///   - batch: The calls.
    ///   - snapshot: Nothing: the view reads its data source.
    ///   - animated: `.automatic` row animations, or `.none`.
    ///   - setData: Switches the data source, inside the block.
    ///   - refreshing: Cells to refresh in place: from their path before the block to
    ///     their row's path after it.
    ///   - elementUpdates: For a silent refresh, the configuration to call.
    ///   - completion: Passed to `performBatchUpdates`.
    /// - Complexity: O(c), where c is the number of calls.
    public func performBatchUpdates(
      _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
      refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<UITableViewCell>,
      completion: ((Bool) -> Void)?
    ) {
      _perform(
        batch, animations: TableViewRowAnimations(animated ? .automatic : .none),
        setData: setData, refreshing: refreshing, by: elementUpdates, completion: completion)
    }

    /// One block with the given row animations.
    func _perform(
      _ batch: BatchUpdate, animations: TableViewRowAnimations, setData: () -> BatchUpdate?,
      refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<UITableViewCell>,
      completion: ((Bool) -> Void)?
    ) {
      let a = animations
      withoutActuallyEscaping(setData) { setData in
        performBatchUpdates(
          {
            // A guarded replay may replace the calls once the data source switched: a block
            // valid whatever it answers, for this block only.
            let replacement = setData()
            let batch = replacement ?? batch
            let refreshing = replacement == nil ? refreshing : []
            self.deleteSections(IndexSet(batch.deleteSections), with: a.deleteSections)
            self.insertSections(IndexSet(batch.insertSections), with: a.insertSections)
            self.reloadSections(IndexSet(batch.reloadSections), with: a.reloadSections)
            for move in batch.moveSections { self.moveSection(move.source, toSection: move.target) }
            self.deleteRows(at: batch.deleteItems.map(IndexPath.init), with: a.deleteRows)
            self.insertRows(at: batch.insertItems.map(IndexPath.init), with: a.insertRows)
            self.reloadRows(at: batch.reloadItems.map(IndexPath.init), with: a.reloadRows)
            for move in batch.moveItems {
              self.moveRow(at: IndexPath(move.source), to: IndexPath(move.target))
            }
            if !batch.reconfigureItems.isEmpty {
              if #available(iOS 15.0, tvOS 15.0, *) {
                self.reconfigureRows(at: batch.reconfigureItems.map(IndexPath.init))
              } else {
                self.reloadRows(at: batch.reconfigureItems.map(IndexPath.init), with: a.reloadRows)
              }
            }
            if case .silent(let configure) = elementUpdates {
              for refresh in refreshing {
                guard let cell = self.cellForRow(at: IndexPath(refresh.source)) else { continue }
                configure(cell, refresh.target)
                cell.setNeedsLayout()
              }
            }
          }, completion: completion)
      }
    }
  }
#endif

#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import UIKit

  /// A collection view replays a staged changeset with `reload(using:setData:)`, guarded:
  /// each block is checked against `displayedItemCounts` and the block's data before the
  /// view sees it, and a block UIKit would refuse becomes `reloadData()` with the final data,
  /// reported to `UpdateGuard` (see the article Updates That Never Crash).
  extension UICollectionView: @MainActor BatchUpdateTarget {
    /// A silent refresh on a collection view carries the app's cell configuration.
    public typealias ElementUpdates = CellUpdateMode<UICollectionViewCell>

    /// Whether the view is in a window and has a size; otherwise the replay reloads.
    ///
    /// - Complexity: O(1).
    public var isOnScreen: Bool { window != nil && bounds.size != .zero }

    /// The item count of each section as the view holds it now (`numberOfSections`,
    /// `numberOfItems(inSection:)`): what the replay's guard checks each block against.
    ///
    /// - Complexity: O(S), where S is the number of sections.
    public var displayedItemCounts: [Int]? {
      (0..<numberOfSections).map { numberOfItems(inSection: $0) }
    }

    /// The item count of each section as the `dataSource` answers now, asked directly (not
    /// the view's cache): `numberOfSections(in:)` and
    /// `collectionView(_:numberOfItemsInSection:)`, read as `_dataSourceCounts` reads them
    /// (1 section when the data source does not say). `nil` without a data source.
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
        dataSource.collectionView(self, numberOfItemsInSection: $0)
      }
    }

    /// The selected items (`indexPathsForSelectedItems`).
    ///
    /// - Complexity: O(k), where k is the number of selected items.
    public var selectedItemPaths: [ElementPath]? {
      (indexPathsForSelectedItems ?? []).map(ElementPath.init)
    }

    /// Selects the item at `path` without scrolling or telling the delegate
    /// (`selectItem(at:animated:scrollPosition:)`).
    ///
    /// - Parameters:
    ///   - path: The item to select.
    ///   - animated: Whether to animate the change.
    /// - Complexity: O(1) here.
    public func selectItem(at path: ElementPath, animated: Bool) {
      selectItem(at: IndexPath(path), animated: animated, scrollPosition: [])
    }

    /// Deselects the item at `path` without telling the delegate (`deselectItem(at:animated:)`).
    ///
    /// - Parameters:
    ///   - path: The item to deselect.
    ///   - animated: Whether to animate the change.
    /// - Complexity: O(1) here.
    public func deselectItem(at path: ElementPath, animated: Bool) {
      deselectItem(at: IndexPath(path), animated: animated)
    }

    /// The items on screen (`indexPathsForVisibleItems`).
    ///
    /// - Complexity: O(v), where v is the number of visible items.
    public var visibleItemPaths: [ElementPath]? { indexPathsForVisibleItems.map(ElementPath.init) }

    /// The view's `allowsMultipleSelection`.
    ///
    /// - Complexity: O(1).
    public var allowsSelectingMultipleItems: Bool? { allowsMultipleSelection }

    /// The vertical scroll position and sizes, inside the adjusted content insets: the
    /// viewport's top is `contentOffset.y + adjustedContentInset.top`.
    ///
    /// - Complexity: O(1).
    public var scrollMetrics: ScrollMetrics? { _verticalScrollMetrics }

    /// Where the layout puts the item at `path` (`layoutAttributesForItem(at:)`), after
    /// laying out what an update left pending.
    ///
    /// - Parameter path: An item.
    /// - Returns: Its frame's top and height.
    /// - Complexity: That of the layout.
    public func extentOfItem(at path: ElementPath) -> ItemExtent? {
      layoutIfNeeded()
      guard let frame = layoutAttributesForItem(at: IndexPath(path))?.frame else { return nil }
      return ItemExtent(top: Double(frame.minY), height: Double(frame.height))
    }

    /// Scrolls without animation so that the viewport's top (inside the adjusted insets) is
    /// `offset` from the content's top.
    ///
    /// - Parameter offset: The new offset.
    /// - Complexity: O(1) here.
    public func setContentOffset(_ offset: Double) { _setVerticalOffset(offset) }

    /// Scrolls to the item at `path` (`scrollToItem(at:at:animated:)`).
    ///
    /// - Parameters:
    ///   - path: The item.
    ///   - alignment: Where it ends up.
    ///   - animated: Whether to animate the scroll.
    /// - Complexity: That of UIKit's scroll.
    public func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {
      let position: UICollectionView.ScrollPosition =
        switch alignment {
        case .top: .top
        case .centeredVertically: .centeredVertically
        case .bottom: .bottom
        }
      scrollToItem(at: IndexPath(path), at: position, animated: animated)
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

    /// Forwards one block: `setData`, then every call of `batch`, then, for a silent
    /// refresh, the app's configuration of each realized cell of an updated item.
    ///
    /// - Parameters:
    ///   - batch: The calls.
    ///   - snapshot: Nothing: the view reads its data source.
    ///   - animated: `false` wraps the block in `UIView.performWithoutAnimation`.
    ///   - setData: Switches the data source, inside the block.
    ///   - refreshing: Cells to refresh in place: from their path before the block to
    ///     their item's path after it.
    ///   - elementUpdates: For a silent refresh, the configuration to call; the refreshed
    ///     items' layout is then invalidated through the layout's invalidation context, so
    ///     that self-sizing cells resize.
    ///   - completion: Passed to `performBatchUpdates`.
    /// - Complexity: O(c), where c is the number of calls.
    public func performBatchUpdates(
      _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
      refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<UICollectionViewCell>,
      completion: ((Bool) -> Void)?
    ) {
      withoutActuallyEscaping(setData) { setData in
        let block = {
          // A guarded replay may replace the calls once the data source switched: a block
          // valid whatever it answers, for this block only.
          let replacement = setData()
          let batch = replacement ?? batch
          let refreshing = replacement == nil ? refreshing : []
          self.deleteSections(IndexSet(batch.deleteSections))
          self.insertSections(IndexSet(batch.insertSections))
          self.reloadSections(IndexSet(batch.reloadSections))
          for move in batch.moveSections { self.moveSection(move.source, toSection: move.target) }
          self.deleteItems(at: batch.deleteItems.map(IndexPath.init))
          self.insertItems(at: batch.insertItems.map(IndexPath.init))
          self.reloadItems(at: batch.reloadItems.map(IndexPath.init))
          for move in batch.moveItems {
            self.moveItem(at: IndexPath(move.source), to: IndexPath(move.target))
          }
          if !batch.reconfigureItems.isEmpty {
            if #available(iOS 15.0, tvOS 15.0, *) {
              self.reconfigureItems(at: batch.reconfigureItems.map(IndexPath.init))
            } else {
              self.reloadItems(at: batch.reconfigureItems.map(IndexPath.init))
            }
          }
          if case .silent(let configure) = elementUpdates {
            var refreshed: [IndexPath] = []
            for refresh in refreshing {
              guard let cell = self.cellForItem(at: IndexPath(refresh.source)) else { continue }
              configure(cell, refresh.target)
              refreshed.append(IndexPath(refresh.target))
            }
            self._invalidateLayout(of: refreshed)
          }
        }
        if animated {
          performBatchUpdates(block, completion: completion)
        } else {
          UIView.performWithoutAnimation { performBatchUpdates(block, completion: completion) }
        }
      }
    }
  }

  extension UICollectionView {
    /// Invalidates the layout of the items at `paths` through the layout's own invalidation
    /// context, so that self-sizing cells take the size of their new content.
    func _invalidateLayout(of paths: [IndexPath]) {
      guard !paths.isEmpty else { return }
      let layout = collectionViewLayout
      let contextType =
        type(of: layout).invalidationContextClass
        as? UICollectionViewLayoutInvalidationContext.Type
      let context = (contextType ?? UICollectionViewLayoutInvalidationContext.self).init()
      context.invalidateItems(at: paths)
      layout.invalidateLayout(with: context)
    }
  }

  extension UIScrollView {
    /// The vertical position and sizes inside the adjusted content insets, as the replay
    /// reads them: the viewport's top is `contentOffset.y + adjustedContentInset.top`.
    var _verticalScrollMetrics: ScrollMetrics {
      let insets = adjustedContentInset
      return ScrollMetrics(
        contentOffset: Double(contentOffset.y + insets.top),
        viewportHeight: Double(bounds.height - insets.top - insets.bottom),
        contentHeight: Double(contentSize.height))
    }

    /// Scrolls, without animation, so that the viewport's top (inside the adjusted insets)
    /// is `offset` from the content's top.
    func _setVerticalOffset(_ offset: Double) {
      let y = CGFloat(offset) - adjustedContentInset.top
      setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: false)
    }
  }

  extension IndexPath {
    /// The index path of an `ElementPath`.
    ///
    /// - Parameter path: A section and an element index.
    /// - Complexity: O(1).
    public init(_ path: ElementPath) {
      self.init(item: path.element, section: path.section)
    }
  }

  extension ElementPath {
    /// The element path of an index path: its `section`, and its `item` (or `row`).
    ///
    /// - Parameter indexPath: A two-index path.
    /// - Complexity: O(1).
    public init(_ indexPath: IndexPath) {
      self.init(element: indexPath.item, section: indexPath.section)
    }
  }
#endif

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay

  /// A collection view replays a staged changeset with `reload(using:setData:)`, guarded:
  /// each block is checked against `displayedItemCounts` and the block's data before the
  /// view sees it, and a block AppKit would refuse becomes `reloadData()` with the final
  /// data, reported to `UpdateGuard` (see the article Updates That Never Crash).
  extension NSCollectionView: @MainActor BatchUpdateTarget {
    /// A silent refresh on a collection view carries the app's item configuration.
    /// AppKit has no reconfigure: `.reconfigure` configures the realized items in place
    /// through the drop-in data source's `itemReconfigurationHandler`, and reloads them
    /// otherwise, after the block.
    public typealias ElementUpdates = CellUpdateMode<NSCollectionViewItem>

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

    /// Calls `setData`, then `reloadData()`.
    ///
    /// - Parameters:
    ///   - snapshot: Nothing: the view reads its data source.
    ///   - setData: Switches the data source.
    /// - Complexity: O(1) here; AppKit then reloads the visible items.
    public func reloadData(_ snapshot: Void, setData: () -> Void) {
      setData()
      reloadData()
    }

    /// Forwards one block: `setData`, then every call of `batch`, then, for a silent
    /// refresh, the app's configuration of each realized item. AppKit has no reconfigure:
    /// after the block, the reconfigured items (positions after it) are configured in place
    /// by the view's drop-in data source when it has an `itemReconfigurationHandler`, so
    /// that they keep their item and selection, and reloaded otherwise.
    ///
    /// - Parameters:
    ///   - batch: The calls.
    ///   - snapshot: Nothing: the view reads its data source.
    ///   - animated: Whether the calls go through the animator proxy.
    ///   - setData: Switches the data source, inside the block.
    ///   - refreshing: Items to refresh in place: from their path before the block to the
    ///     path after it.
    ///   - elementUpdates: For a silent refresh, the configuration to call; the refreshed
    ///     items' layout is then invalidated through the layout's invalidation context, so
    ///     that self-sizing items resize.
    ///   - completion: Passed to `performBatchUpdates`.
    /// - Complexity: O(c), where c is the number of calls.
    public func performBatchUpdates(
      _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
      refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<NSCollectionViewItem>,
      completion: ((Bool) -> Void)?
    ) {
      let view = animated ? animator() : self
      var replaced = false
      withoutActuallyEscaping(setData) { setData in
        view.performBatchUpdates(
          {
            // A guarded replay may replace the calls once the data source switched: a block
            // valid whatever it answers, for this block only.
            let replacement = setData()
            let batch = replacement ?? batch
            let refreshing = replacement == nil ? refreshing : []
            if replacement != nil { replaced = true }
            view.deleteSections(IndexSet(batch.deleteSections))
            view.insertSections(IndexSet(batch.insertSections))
            view.reloadSections(IndexSet(batch.reloadSections))
            for move in batch.moveSections { view.moveSection(move.source, toSection: move.target) }
            view.deleteItems(at: Set(batch.deleteItems.map(IndexPath.init)))
            view.insertItems(at: Set(batch.insertItems.map(IndexPath.init)))
            view.reloadItems(at: Set(batch.reloadItems.map(IndexPath.init)))
            for move in batch.moveItems {
              view.moveItem(at: IndexPath(move.source), to: IndexPath(move.target))
            }
            if case .silent(let configure) = elementUpdates {
              var refreshed = Set<IndexPath>()
              for refresh in refreshing {
                guard let item = self.item(at: IndexPath(refresh.source)) else { continue }
                configure(item, refresh.target)
                refreshed.insert(IndexPath(refresh.target))
              }
              self._invalidateLayout(of: refreshed)
            }
          }, completionHandler: completion)
      }
      if !replaced { _reconfigure(batch.reconfigureItems.map(IndexPath.init)) }
    }

    /// Refreshes the items at `paths` (positions in the data the view now shows): in place
    /// when the data source can, by reloading them otherwise.
    func _reconfigure(_ paths: [IndexPath]) {
      guard !paths.isEmpty else { return }
      if let configuring = dataSource as? _ItemReconfiguring,
        configuring._reconfigureItems(at: paths, in: self)
      {
        return
      }
      reloadItems(at: Set(paths))
    }
  }

  extension NSCollectionView: @MainActor DataSourceBackedTarget {
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
  }

  extension NSCollectionView: @MainActor SelectableTarget {
    /// The selected items (`selectionIndexPaths`).
    ///
    /// - Complexity: O(k log k), where k is the number of selected items.
    public var selectedItemPaths: [ElementPath] {
      selectionIndexPaths.map(ElementPath.init).sorted()
    }

    /// Selects the item at `path` without scrolling or telling the delegate
    /// (`selectItems(at:scrollPosition:)`).
    ///
    /// - Parameters:
    ///   - path: The item to select.
    ///   - animated: Unused: AppKit selects without animation.
    /// - Complexity: O(1) here.
    public func selectItem(at path: ElementPath, animated: Bool) {
      selectItems(at: [IndexPath(path)], scrollPosition: [])
    }

    /// Deselects the item at `path` without telling the delegate (`deselectItems(at:)`).
    ///
    /// - Parameters:
    ///   - path: The item to deselect.
    ///   - animated: Unused: AppKit deselects without animation.
    /// - Complexity: O(1) here.
    public func deselectItem(at path: ElementPath, animated: Bool) {
      deselectItems(at: [IndexPath(path)])
    }

    /// The view's `allowsMultipleSelection`.
    ///
    /// - Complexity: O(1).
    public var allowsSelectingMultipleItems: Bool { allowsMultipleSelection }
  }

  extension NSCollectionView: @MainActor ScrollableTarget {
    /// The items on screen (`indexPathsForVisibleItems()`).
    ///
    /// - Complexity: O(v log v), where v is the number of visible items.
    public var visibleItemPaths: [ElementPath] {
      indexPathsForVisibleItems().map(ElementPath.init).sorted()
    }

    /// The vertical scroll position and sizes, from the enclosing scroll view's clip view,
    /// inside its content insets; nil outside a scroll view.
    ///
    /// - Complexity: O(1).
    public var scrollMetrics: ScrollMetrics? { _verticalScrollMetrics }

    /// Where the layout puts the item at `path` (`layoutAttributesForItem(at:)`).
    ///
    /// - Parameter path: An item.
    /// - Returns: Its frame's top and height.
    /// - Complexity: That of the layout.
    public func extentOfItem(at path: ElementPath) -> ItemExtent? {
      guard let frame = layoutAttributesForItem(at: IndexPath(path))?.frame else { return nil }
      return ItemExtent(top: Double(frame.minY), height: Double(frame.height))
    }

    /// Scrolls the enclosing scroll view, without animation, so that the viewport's top
    /// (inside the content insets) is `offset` from the content's top.
    ///
    /// - Parameter offset: The new offset.
    /// - Complexity: O(1) here.
    public func setContentOffset(_ offset: Double) { _setVerticalOffset(offset) }

    /// Scrolls to the item at `path` (`scrollToItems(at:scrollPosition:)`); AppKit scrolls
    /// without animation here.
    ///
    /// - Parameters:
    ///   - path: The item.
    ///   - alignment: Where it ends up.
    ///   - animated: Whether to animate the scroll, through the animator proxy.
    /// - Complexity: That of AppKit's scroll.
    public func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {
      let position: NSCollectionView.ScrollPosition =
        switch alignment {
        case .top: .top
        case .centeredVertically: .centeredVertically
        case .bottom: .bottom
        }
      (animated ? animator() : self).scrollToItems(at: [IndexPath(path)], scrollPosition: position)
    }
  }

  /// A data source that configures realized items again in place (the drop-in data source,
  /// with an `itemReconfigurationHandler`).
  @MainActor
  protocol _ItemReconfiguring {
    /// Configures the realized items at `paths` again; `false` when it cannot.
    func _reconfigureItems(at paths: [IndexPath], in view: NSCollectionView) -> Bool
  }

  extension NSView {
    /// The vertical position and sizes of the enclosing scroll view's clip view, inside its
    /// content insets; nil outside a scroll view.
    var _verticalScrollMetrics: ScrollMetrics? {
      guard let scrollView = enclosingScrollView else { return nil }
      let clip = scrollView.contentView
      let insets = clip.contentInsets
      return ScrollMetrics(
        contentOffset: Double(clip.bounds.origin.y + insets.top),
        viewportHeight: Double(clip.bounds.height - insets.top - insets.bottom),
        contentHeight: Double(frame.height))
    }

    /// Scrolls the enclosing scroll view, without animation, so that the viewport's top
    /// (inside the insets) is `offset` from the content's top.
    func _setVerticalOffset(_ offset: Double) {
      guard let scrollView = enclosingScrollView else { return }
      let clip = scrollView.contentView
      clip.scroll(
        to: NSPoint(x: clip.bounds.origin.x, y: CGFloat(offset) - clip.contentInsets.top))
      scrollView.reflectScrolledClipView(clip)
    }
  }

  extension NSCollectionView {
    /// Invalidates the layout of the items at `paths` through the layout's own invalidation
    /// context, so that self-sizing items take the size of their new content.
    func _invalidateLayout(of paths: Set<IndexPath>) {
      guard !paths.isEmpty, let layout = collectionViewLayout else { return }
      let contextType =
        type(of: layout).invalidationContextClass
        as? NSCollectionViewLayoutInvalidationContext.Type
      let context = (contextType ?? NSCollectionViewLayoutInvalidationContext.self).init()
      context.invalidateItems(at: paths)
      layout.invalidateLayout(with: context)
    }
  }
#endif

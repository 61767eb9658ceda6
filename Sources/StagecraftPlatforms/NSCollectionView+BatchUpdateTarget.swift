#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import StagecraftDiff
  import StagecraftModel
  import StagecraftReplay

  /// A collection view replays a staged changeset with `reload(using:setData:)`, guarded:
  /// each block is checked against `displayedItemCounts` and the block's data before the
  /// view sees it, and a block AppKit would refuse becomes `reloadData()` with the final
  /// data, reported to `UpdateGuard` (see the article Updates That Never Crash).
  extension NSCollectionView: @MainActor BatchUpdateTarget {
    /// A silent refresh on a collection view carries the app's item configuration.
    /// AppKit has no reconfigure: `.reconfigure` reloads the items.
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

    /// The selected items (`selectionIndexPaths`).
    ///
    /// - Complexity: O(k log k), where k is the number of selected items.
    public var selectedItemPaths: [ElementPath]? {
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

    /// The items on screen (`indexPathsForVisibleItems()`).
    ///
    /// - Complexity: O(v log v), where v is the number of visible items.
    public var visibleItemPaths: [ElementPath]? {
      indexPathsForVisibleItems().map(ElementPath.init).sorted()
    }

    /// The view's `allowsMultipleSelection`.
    ///
    /// - Complexity: O(1).
    public var allowsSelectingMultipleItems: Bool? { allowsMultipleSelection }

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

    /// Forwards one block: `setData`, then every call of `batch` (reconfigures become
    /// reloads: AppKit has no reconfigure), then, for a silent refresh, the app's
    /// configuration of each realized item.
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
      _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> Void,
      refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<NSCollectionViewItem>,
      completion: ((Bool) -> Void)?
    ) {
      let view = animated ? animator() : self
      withoutActuallyEscaping(setData) { setData in
        view.performBatchUpdates(
          {
            setData()
            view.deleteSections(IndexSet(batch.deleteSections))
            view.insertSections(IndexSet(batch.insertSections))
            view.reloadSections(IndexSet(batch.reloadSections))
            for move in batch.moveSections { view.moveSection(move.source, toSection: move.target) }
            view.deleteItems(at: Set(batch.deleteItems.map(IndexPath.init)))
            view.insertItems(at: Set(batch.insertItems.map(IndexPath.init)))
            view.reloadItems(
              at: Set((batch.reloadItems + batch.reconfigureItems).map(IndexPath.init)))
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
    /// The element path of an index path: its `section` and its `item`.
    ///
    /// - Parameter indexPath: A two-index path.
    /// - Complexity: O(1).
    public init(_ indexPath: IndexPath) {
      self.init(element: indexPath.item, section: indexPath.section)
    }
  }
#endif

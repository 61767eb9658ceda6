#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import UIKit

  /// A collection view replays a staged changeset with `reload(using:setData:)`, guarded:
  /// each block is checked against `displayedItemCounts` and the block's data before the view
  /// sees it, and a block UIKit would refuse becomes `reloadData()` with the final data,
  /// reported to `UpdateGuard` (see the article Updates That Never Crash). The adapter maps
  /// UIKit's item calls onto the forwarding core it shares with `UITableView`
  /// (`UIKitListView`).
  extension UICollectionView: @MainActor UIKitListView {
    /// A silent refresh on a collection view carries the app's cell configuration.
    public typealias ElementUpdates = CellUpdateMode<UICollectionViewCell>

    /// The item count of a section, as the view holds it.
    package func _count(inSection section: Int) -> Int { numberOfItems(inSection: section) }

    /// What the data source answers: its section count and each section's item count.
    package var _dataSourceAnswer: (sections: Int?, items: (Int) -> Int)? {
      guard let dataSource else { return nil }
      #if canImport(ObjectiveC)
        let sections = dataSource.numberOfSections?(in: self)  // optional in Objective-C
      #else
        let sections: Int? = dataSource.numberOfSections(in: self)  // the stubs' default
      #endif
      return (sections, { dataSource.collectionView(self, numberOfItemsInSection: $0) })
    }

    /// The selected index paths.
    package var _selectedIndexPaths: [IndexPath]? { indexPathsForSelectedItems }
    /// The index paths on screen.
    package var _visibleIndexPaths: [IndexPath] { indexPathsForVisibleItems }

    /// Selects without scrolling or telling the delegate.
    package func _select(_ path: IndexPath, animated: Bool) {
      selectItem(at: path, animated: animated, scrollPosition: [])
    }

    /// Deselects without telling the delegate.
    package func _deselect(_ path: IndexPath, animated: Bool) {
      deselectItem(at: path, animated: animated)
    }

    /// The layout's frame of the item.
    package func _frame(of path: IndexPath) -> CGRect? { layoutAttributesForItem(at: path)?.frame }

    /// Scrolls the item to the alignment.
    package func _scroll(to path: IndexPath, alignment: ScrollAlignment, animated: Bool) {
      let position: UICollectionView.ScrollPosition =
        switch alignment {
        case .top: .top
        case .centeredVertically: .centeredVertically
        case .bottom: .bottom
        }
      scrollToItem(at: path, at: position, animated: animated)
    }

    /// Makes the calls of the batch, in their order.
    package func _makeCalls(of batch: BatchUpdate, animations: TableViewRowAnimations) {
      deleteSections(IndexSet(batch.deleteSections))
      insertSections(IndexSet(batch.insertSections))
      reloadSections(IndexSet(batch.reloadSections))
      for move in batch.moveSections { moveSection(move.source, toSection: move.target) }
      deleteItems(at: batch.deleteItems.map(IndexPath.init))
      insertItems(at: batch.insertItems.map(IndexPath.init))
      reloadItems(at: batch.reloadItems.map(IndexPath.init))
      for move in batch.moveItems {
        moveItem(at: IndexPath(move.source), to: IndexPath(move.target))
      }
      if !batch.reconfigureItems.isEmpty {
        reconfigureItems(at: batch.reconfigureItems.map(IndexPath.init))
      }
    }

    /// The realized cell at the path.
    package func _cell(at path: IndexPath) -> UICollectionViewCell? { cellForItem(at: path) }

    /// The path of `view` when it is one of this view's cells.
    package func _indexPath(ofCell view: UIView) -> IndexPath? {
      (view as? UICollectionViewCell).flatMap { indexPath(for: $0) }
    }

    /// The header of `section` on screen.
    package func _headerView(ofSection section: Int) -> UIView? {
      supplementaryView(
        forElementKind: UICollectionView.elementKindSectionHeader,
        at: IndexPath(item: 0, section: section))
    }

    /// The refreshed items' layout is invalidated through the layout's own invalidation
    /// context, so that self-sizing cells take the size of their new content.
    package func _didRefresh(_ cells: [UICollectionViewCell], at paths: [IndexPath]) {
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
#endif

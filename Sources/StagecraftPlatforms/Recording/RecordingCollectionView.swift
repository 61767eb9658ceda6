#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import UIKit

  /// A `UICollectionView` that records every batch update the app makes on it, for apps
  /// that do their own (DifferenceKit's `reload(using:)`, IGListKit's updater, or by hand).
  ///
  /// A subclass, not a wrapper: code that calls `performBatchUpdates`, `insertItems(at:)` and
  /// the rest on a `UICollectionView` reaches these overrides unchanged, whoever wrote it;
  /// a wrapper would see only the calls made through it. Change the class (in code or in the
  /// storyboard) and give the recorder to `UpdateGuard.standard` or to `recording`.
  ///
  /// Inside a `performBatchUpdates` block the calls are collected, not passed on; when the
  /// app's block returns, `recording` checks them against the counts the view held before
  /// and the counts the data source reports now, records them, and passes them on, or, for a
  /// block UIKit would refuse, reloads instead (as `recording.updateGuard` says). A call
  /// outside a block is a block of its own, as UIKit treats it.
  open class RecordingCollectionView: UICollectionView {
    /// The checks and the records; see `BatchUpdateRecording`.
    public let recording = BatchUpdateRecording(view: .collectionView)

    /// Collects the block's calls, checks them, and passes them on or reloads.
    ///
    /// - Parameters:
    ///   - updates: The app's calls.
    ///   - completion: Called when the animations end.
    /// - Complexity: O(S + c log c) for the check, and UIKit's update.
    open override func performBatchUpdates(
      _ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
      guard !recording.isCollecting else {
        updates?()
        return
      }
      let before = displayedItemCounts ?? []
      let selection = selectedItemPaths
      recording.beginBatch()
      var reloads = false
      super.performBatchUpdates(
        {
          updates?()
          let calls = self.recording.pending
          let decision = self.recording.endBatch(
            viewCounts: before, dataCounts: self.dataSourceItemCounts ?? [], selection: selection,
            contentOffset: Double(self.contentOffset.y))
          if decision == .reloadData { reloads = true } else { self.forward(calls) }
        }, completion: completion)
      if reloads { super.reloadData() }
    }

    /// Passes `calls` on to UIKit.
    private func forward(_ calls: BatchUpdate) {
      super.deleteSections(IndexSet(calls.deleteSections))
      super.insertSections(IndexSet(calls.insertSections))
      super.reloadSections(IndexSet(calls.reloadSections))
      for move in calls.moveSections { super.moveSection(move.source, toSection: move.target) }
      super.deleteItems(at: calls.deleteItems.map(IndexPath.init))
      super.insertItems(at: calls.insertItems.map(IndexPath.init))
      super.reloadItems(at: calls.reloadItems.map(IndexPath.init))
      for move in calls.moveItems {
        super.moveItem(at: IndexPath(move.source), to: IndexPath(move.target))
      }
      if !calls.reconfigureItems.isEmpty, #available(iOS 15.0, tvOS 15.0, *) {
        super.reconfigureItems(at: calls.reconfigureItems.map(IndexPath.init))
      }
    }

    /// Adds `calls` to the open block, or makes them a block of their own.
    private func collect(_ calls: BatchUpdate) {
      if recording.isCollecting {
        recording.add(calls)
      } else {
        performBatchUpdates({ self.recording.add(calls) })
      }
    }

    /// Records the reload.
    ///
    /// - Complexity: O(S), and UIKit's reload.
    open override func reloadData() {
      super.reloadData()
      recording.didReloadData(counts: dataSourceItemCounts ?? [])
    }

    /// Collected into the block.
    ///
    /// - Parameter sections: The sections.
    /// - Complexity: O(k).
    open override func insertSections(_ sections: IndexSet) {
      collect(BatchUpdate(insertSections: Array(sections)))
    }

    /// Collected into the block.
    ///
    /// - Parameter sections: The sections.
    /// - Complexity: O(k).
    open override func deleteSections(_ sections: IndexSet) {
      collect(BatchUpdate(deleteSections: Array(sections)))
    }

    /// Collected into the block.
    ///
    /// - Parameter sections: The sections.
    /// - Complexity: O(k).
    open override func reloadSections(_ sections: IndexSet) {
      collect(BatchUpdate(reloadSections: Array(sections)))
    }

    /// Collected into the block.
    ///
    /// - Parameters:
    ///   - section: The section.
    ///   - newSection: Where it goes.
    /// - Complexity: O(1).
    open override func moveSection(_ section: Int, toSection newSection: Int) {
      collect(BatchUpdate(moveSections: [Move(source: section, target: newSection)]))
    }

    /// Collected into the block.
    ///
    /// - Parameter indexPaths: The items.
    /// - Complexity: O(k).
    open override func insertItems(at indexPaths: [IndexPath]) {
      collect(BatchUpdate(insertItems: indexPaths.map(ElementPath.init)))
    }

    /// Collected into the block.
    ///
    /// - Parameter indexPaths: The items.
    /// - Complexity: O(k).
    open override func deleteItems(at indexPaths: [IndexPath]) {
      collect(BatchUpdate(deleteItems: indexPaths.map(ElementPath.init)))
    }

    /// Collected into the block.
    ///
    /// - Parameter indexPaths: The items.
    /// - Complexity: O(k).
    open override func reloadItems(at indexPaths: [IndexPath]) {
      collect(BatchUpdate(reloadItems: indexPaths.map(ElementPath.init)))
    }

    /// Collected into the block.
    ///
    /// - Parameters:
    ///   - indexPath: The item.
    ///   - newIndexPath: Where it goes.
    /// - Complexity: O(1).
    open override func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      collect(
        BatchUpdate(moveItems: [
          Move(source: ElementPath(indexPath), target: ElementPath(newIndexPath))
        ]))
    }

    /// Collected into the block.
    ///
    /// - Parameter indexPaths: The items.
    /// - Complexity: O(k).
    @available(iOS 15.0, tvOS 15.0, *)
    open override func reconfigureItems(at indexPaths: [IndexPath]) {
      collect(BatchUpdate(reconfigureItems: indexPaths.map(ElementPath.init)))
    }
  }
#endif

#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import UIKit

  /// A `UITableView` that records every batch update the app makes on it: the table's
  /// counterpart of `RecordingCollectionView`, for `performBatchUpdates` and for
  /// `beginUpdates()` / `endUpdates()`. The calls keep their row animations and their order.
  open class RecordingTableView: UITableView {
    /// The checks and the records; see `BatchUpdateRecording`.
    public let recording = BatchUpdateRecording(view: .tableView)
    /// The calls of the open block, to pass on in order.
    private var pendingCalls: [() -> Void] = []
    /// The counts and selection before the open `beginUpdates()`.
    private var openedWith: (counts: [Int], selection: [ElementPath])?

    /// Checks the collected calls; passes them on, or reports that the table must reload.
    private func closeBlock(counts: [Int], selection: [ElementPath]) -> Bool {
      let calls = pendingCalls
      pendingCalls = []
      let decision = recording.endBatch(
        viewCounts: counts, dataCounts: dataSourceItemCounts ?? [], selection: selection,
        contentOffset: Double(contentOffset.y))
      guard decision != .reloadData else { return true }
      for call in calls { call() }
      return false
    }

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
      let (counts, selected) = (displayedItemCounts ?? [], selectedItemPaths)
      recording.beginBatch()
      var reloads = false
      super.performBatchUpdates(
        {
          updates?()
          reloads = self.closeBlock(counts: counts, selection: selected)
        }, completion: completion)
      if reloads { super.reloadData() }
    }

    /// Opens a block, as `performBatchUpdates` does.
    ///
    /// - Complexity: O(S).
    open override func beginUpdates() {
      guard !recording.isCollecting else { return }
      openedWith = (displayedItemCounts ?? [], selectedItemPaths)
      recording.beginBatch()
    }

    /// Closes the block opened by `beginUpdates()`: checks it, and passes it on or reloads.
    ///
    /// - Complexity: O(S + c log c), and UIKit's update.
    open override func endUpdates() {
      guard let opened = openedWith else { return }
      openedWith = nil
      var reloads = false
      super.beginUpdates()
      reloads = closeBlock(counts: opened.counts, selection: opened.selection)
      super.endUpdates()
      if reloads { super.reloadData() }
    }

    /// Adds a call to the open block, or makes it a block of its own.
    private func collect(_ calls: BatchUpdate, _ call: @escaping () -> Void) {
      if recording.isCollecting {
        recording.add(calls)
        pendingCalls.append(call)
      } else {
        performBatchUpdates({
          self.recording.add(calls)
          self.pendingCalls.append(call)
        })
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
    /// - Parameters:
    ///   - sections: The sections.
    ///   - animation: Their animation.
    /// - Complexity: O(k).
    open override func insertSections(
      _ sections: IndexSet, with animation: UITableView.RowAnimation
    ) {
      collect(BatchUpdate(insertSections: Array(sections))) {
        super.insertSections(sections, with: animation)
      }
    }

    /// Collected into the block.
    ///
    /// - Parameters:
    ///   - sections: The sections.
    ///   - animation: Their animation.
    /// - Complexity: O(k).
    open override func deleteSections(
      _ sections: IndexSet, with animation: UITableView.RowAnimation
    ) {
      collect(BatchUpdate(deleteSections: Array(sections))) {
        super.deleteSections(sections, with: animation)
      }
    }

    /// Collected into the block.
    ///
    /// - Parameters:
    ///   - sections: The sections.
    ///   - animation: Their animation.
    /// - Complexity: O(k).
    open override func reloadSections(
      _ sections: IndexSet, with animation: UITableView.RowAnimation
    ) {
      collect(BatchUpdate(reloadSections: Array(sections))) {
        super.reloadSections(sections, with: animation)
      }
    }

    /// Collected into the block.
    ///
    /// - Parameters:
    ///   - section: The section.
    ///   - newSection: Where it goes.
    /// - Complexity: O(1).
    open override func moveSection(_ section: Int, toSection newSection: Int) {
      collect(BatchUpdate(moveSections: [Move(source: section, target: newSection)])) {
        super.moveSection(section, toSection: newSection)
      }
    }

    /// Collected into the block.
    ///
    /// - Parameters:
    ///   - indexPaths: The rows.
    ///   - animation: Their animation.
    /// - Complexity: O(k).
    open override func insertRows(
      at indexPaths: [IndexPath], with animation: UITableView.RowAnimation
    ) {
      collect(BatchUpdate(insertItems: indexPaths.map(ElementPath.init))) {
        super.insertRows(at: indexPaths, with: animation)
      }
    }

    /// Collected into the block.
    ///
    /// - Parameters:
    ///   - indexPaths: The rows.
    ///   - animation: Their animation.
    /// - Complexity: O(k).
    open override func deleteRows(
      at indexPaths: [IndexPath], with animation: UITableView.RowAnimation
    ) {
      collect(BatchUpdate(deleteItems: indexPaths.map(ElementPath.init))) {
        super.deleteRows(at: indexPaths, with: animation)
      }
    }

    /// Collected into the block.
    ///
    /// - Parameters:
    ///   - indexPaths: The rows.
    ///   - animation: Their animation.
    /// - Complexity: O(k).
    open override func reloadRows(
      at indexPaths: [IndexPath], with animation: UITableView.RowAnimation
    ) {
      collect(BatchUpdate(reloadItems: indexPaths.map(ElementPath.init))) {
        super.reloadRows(at: indexPaths, with: animation)
      }
    }

    /// Collected into the block.
    ///
    /// - Parameters:
    ///   - indexPath: The row.
    ///   - newIndexPath: Where it goes.
    /// - Complexity: O(1).
    open override func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
      let move = Move(source: ElementPath(indexPath), target: ElementPath(newIndexPath))
      collect(BatchUpdate(moveItems: [move])) { super.moveRow(at: indexPath, to: newIndexPath) }
    }

    /// Collected into the block.
    ///
    /// - Parameter indexPaths: The rows.
    /// - Complexity: O(k).
    @available(iOS 15.0, tvOS 15.0, *)
    open override func reconfigureRows(at indexPaths: [IndexPath]) {
      collect(BatchUpdate(reconfigureItems: indexPaths.map(ElementPath.init))) {
        super.reconfigureRows(at: indexPaths)
      }
    }
  }
#endif

import StagecraftDiff

/// The calls of a block replaced inside the block, after `setData`: how the guard keeps a view
/// from refusing a block when the data source, once switched, answers other counts than the
/// block's data (a change that only the new data shows, such as an empty-state section that
/// appears when the list empties). UIKit reads the data source after the block; before it,
/// the guard cannot know.
///
/// The guard's `setData` asks the data source after switching it and, on a mismatch, leaves
/// here the one block that is valid whatever the counts (`resetting(from:to:)`); the view
/// adapters and `HeadlessCollectionView` take it after calling `setData` and make its calls
/// instead of the planned ones. The guard then reports the fallback and reloads with the
/// final data, as for a block it refuses before the view sees it.
///
/// It is set and taken on the thread of the block, inside it; the lock makes a slot that no
/// block left behind harmless to any other thread.
package enum _BatchOverride {
  @usableFromInline
  package static let slot = _Locked<BatchUpdate?>(nil)

  /// Leaves `batch` for the view to make instead of the block's planned calls.
  ///
  /// - Complexity: O(1).
  @inlinable
  package static func set(_ batch: BatchUpdate) { slot.withLock { $0 = batch } }

  /// The calls the guard left during `setData`, if it did, taken: the view makes them
  /// instead of the block's planned ones (and no silent refresh, whose paths were planned
  /// for those).
  ///
  /// - Complexity: O(1).
  @inlinable
  package static func take() -> BatchUpdate? {
    slot.lock()
    defer { slot.unlock() }
    guard let replacement = slot.value else { return nil }
    slot.value = nil
    return replacement
  }

  /// Whether a replacement is waiting (a target that does not take it leaves it behind).
  ///
  /// - Complexity: O(1).
  @inlinable
  package static func clear() -> Bool {
    slot.withLock { value in
      defer { value = nil }
      return value != nil
    }
  }
}

extension BatchUpdate {
  /// The one block valid from any counts to any other: every section deleted and every
  /// section inserted (UIKit counts no item inside a deleted or an inserted section). The
  /// cells are made anew from the data source, as by a reload.
  ///
  /// - Parameters:
  ///   - before: The number of sections the view holds before the block.
  ///   - after: The number the data source answers after it.
  /// - Returns: The block.
  /// - Complexity: O(before + after).
  package static func _resetting(fromSections before: Int, toSections after: Int) -> BatchUpdate {
    BatchUpdate(deleteSections: Array(0..<max(before, 0)), insertSections: Array(0..<max(after, 0)))
  }
}

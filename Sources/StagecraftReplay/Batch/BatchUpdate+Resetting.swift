import StagecraftDiff

extension BatchUpdate {
  /// The one block valid from any counts to any other: every section deleted and every
  /// section inserted (UIKit counts no item inside a deleted or an inserted section). The
  /// cells are made anew from the data source, as by a reload. A guarded replay returns it
  /// from a block's `setData` when the data source, once switched, answers other counts than
  /// the block's data: UIKit reads the data source after the block, and before it the guard
  /// cannot know.
  ///
  /// - Parameters:
  ///   - before: The number of sections the view holds before the block.
  ///   - after: The number the data source answers after it.
  /// - Returns: The block.
  /// - Complexity: O(before + after).
  @usableFromInline package static func _resetting(fromSections before: Int, toSections after: Int)
    -> BatchUpdate
  {
    BatchUpdate(deleteSections: Array(0..<max(before, 0)), insertSections: Array(0..<max(after, 0)))
  }
}

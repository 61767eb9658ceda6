import StagecraftDiff
import StagecraftReplay

extension BatchUpdate {
  /// Checks this batch as UIKit checks a `performBatchUpdates` block, from the item counts
  /// alone: the counts the view holds before the block, and the counts its data source
  /// reports after it. The same validation `CollectionModel` runs, without elements.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var batch = BatchUpdate()
  /// batch.insertItems = [ElementPath(element: 3, section: 0)]
  /// do {
  ///   try batch.validate(itemCountsBefore: [3], itemCountsAfter: [3])
  /// } catch {
  ///   print(error)
  /// }
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// attempt to insert item 3 into section 0, but there are only 3 items in section 0 after the update
  /// ```
  ///
  /// - Parameters:
  ///   - itemCountsBefore: The item count of each section before the block; a negative
  ///     count is read as 0.
  ///   - itemCountsAfter: The item count of each section after it; a negative count is
  ///     read as 0.
  ///   - isStrict: Also refuse what UIKit accepts and then crashes on or corrupts itself
  ///     with (`CollectionModel.Configuration.isStrict`); `true` by default.
  ///   - wording: The text of count failures.
  ///   - view: The view whose words the text uses.
  /// - Throws: `BatchUpdateError`, whose description is UIKit's text.
  /// - Complexity: O(S + c log c), where S is the number of sections and c the number of
  ///   calls; O(S + c) for lists sorted without repeats, as the diff's are.
  public func validate(
    itemCountsBefore: [Int], itemCountsAfter: [Int], isStrict: Bool = true,
    wording: BatchUpdateError.Wording = .classic, view: ListViewKind = .collectionView
  ) throws(BatchUpdateError) {
    let before = itemCountsBefore.map { max($0, 0) }
    let after = itemCountsAfter.map { max($0, 0) }
    if _BatchValidation.passesWithoutMap(before: before, after: after, batch: self) { return }
    do {
      _ = try _BatchValidation.validate(before: before, after: after, batch: self, strict: isStrict)
    } catch {
      throw BatchUpdateError(error.reason, wording: wording, view: view)
    }
  }
}

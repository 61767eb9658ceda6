import StagecraftDiff
import StagecraftReplay

extension BatchUpdateError.Reason {
  /// UIKit's text for this failure in the given wording of count failures.
  ///
  /// - Parameter wording: The wording of count failures.
  /// - Returns: The message, without UIKit's object addresses.
  /// - Complexity: O(c) for count failures in the modern wording, where c is the number of
  ///   calls in the batch; O(1) otherwise.
  public func message(wording: BatchUpdateError.Wording) -> String {
    func path(_ path: ElementPath) -> String {
      "{length = 2, path = \(path.section) - \(path.element)}"
    }
    switch self {
    case .invalidSectionCount(let after, let before, let inserted, let deleted, let context):
      if wording == .modern { return Self.modernCountMessage(context) }
      return
        "Invalid update: invalid number of sections.  The number of sections contained in the "
        + "collection view after the update (\(after)) must be equal to the number of sections "
        + "contained in the collection view before the update (\(before)), plus or minus the "
        + "number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
    case .invalidItemCount(
      let section, let after, let before, let inserted, let deleted, let movedIn, let movedOut,
      let context):
      if wording == .modern { return Self.modernCountMessage(context) }
      return
        "Invalid update: invalid number of items in section \(section).  The number of items "
        + "contained in an existing section after the update (\(after)) must be equal to the "
        + "number of items contained in that section before the update (\(before)), plus or "
        + "minus the number of items inserted or deleted from that section (\(inserted) "
        + "inserted, \(deleted) deleted) and plus or minus the number of items moved into or "
        + "out of that section (\(movedIn) moved in, \(movedOut) moved out)."
    case .deleteSectionOutOfRange(let section, let count):
      return
        "attempt to delete section \(section), but there are only \(count) sections before the update"
    case .reloadSectionOutOfRange(let section, let count):
      return
        "attempt to reload section \(section), but there are only \(count) sections before the update"
    case .insertSectionOutOfRange(let section, let count):
      return
        "attempt to insert section \(section) but there are only \(count) sections after the update"
    case .moveSectionOutOfRange(let section, let count):
      return
        "attempt to move section \(section), but there are only \(count) sections before the update"
    case .moveSectionTargetOutOfRange(let section, let target, let count):
      return
        "attempt to move section \(section) to section \(target), but there are only \(count) "
        + "sections after the update"
    case .deleteItemSectionOutOfRange(let item, let section, let count):
      return
        "attempt to delete item \(item) from section \(section), but there are only \(count) "
        + "sections before the update"
    case .deleteItemOutOfRange(let item, let section, let count):
      return
        "attempt to delete item \(item) from section \(section) which only contains \(count) "
        + "items before the update"
    case .insertItemSectionOutOfRange(let item, let section, let count):
      return
        "attempt to insert item \(item) into section \(section), but there are only \(count) "
        + "sections after the update"
    case .insertItemOutOfRange(let item, let section, let count):
      return
        "attempt to insert item \(item) into section \(section), but there are only \(count) "
        + "items in section \(section) after the update"
    case .moveItemOutOfRange(let moved, let count):
      return
        "attempt to move index path (\(path(moved))) that does not exist - there are only "
        + "\(count) items in section \(moved.section) before the update"
    case .moveItemTargetOutOfRange(let moved, let target, let count):
      return
        "attempt to move index path (\(path(moved))) to index path (\(path(target))) that does "
        + "not exist - there are only \(count) items in section \(target.section) after the update"
    case .moveItemSectionOutOfRange(let moved, let count):
      return
        "attempt to move index path (\(path(moved))) from a section that does not exist - there "
        + "are only \(count) sections before the update"
    case .moveItemTargetSectionOutOfRange(let moved, let target, let count):
      return
        "attempt to move index path (\(path(moved))) to index path (\(path(target))) in section "
        + "that does not exist - there are only \(count) sections after the update"
    case .reconfigureItemOutOfRange(let item, let sections, let items):
      if item.section < 0 || item.section >= sections {
        return
          "attempt to reconfigure item \(item.element) in section \(item.section), but there are "
          + "only \(sections) sections after the update"
      }
      return
        "attempt to reconfigure item \(item.element) in section \(item.section), but there are "
        + "only \(items) items in section \(item.section) after the update"
    case .deleteAndReloadSameSection(let section):
      return "attempt to delete and reload the same section (\(section))"
    case .deleteAndReloadSamePath(let item):
      return "attempt to delete and reload the same index path (\(path(item)))"
    case .deleteAndMoveSamePath(let item):
      return "attempt to perform a delete and a move from the same index path (\(path(item)))"
    case .deleteAndMoveSameSection(let section):
      return "attempt to perform a delete and a move from the same section (\(section))"
    case .insertAndMoveSamePath(let item), .reloadLandsOnMoveTarget(_, let item):
      return "attempt to perform an insert and a move to the same index path (\(path(item)))"
    case .insertAndMoveSameSection(let section), .sectionReloadLandsOnMoveTarget(_, let section):
      return "attempt to perform an insert and a move to the same section (\(section))"
    case .moveFromDeletedSection(let section):
      return "cannot move an item from a deleted section (\(section))"
    case .moveIntoInsertedSection(let section):
      return "cannot move an item into a newly inserted section (\(section))"
    case .sectionMovedTwice(let section, let first, let second):
      return "attempt to move section \(section) to both section \(first) and section \(second)"
    case .sectionsMovedToSameTarget(let first, let second, let target):
      return "attempt to move both section \(first) and section \(second) to section \(target)"
    case .itemMovedTwice(let item, let first, let second):
      return
        "attempt to move item at index path \(path(item)) to both \(path(first)) and "
        + "\(path(second))"
    case .itemsMovedToSameTarget(let first, let second, let target):
      return
        "attempt to move both item at index path \(path(first)) and \(path(second)) to "
        + "\(path(target))"
    case .duplicateItemDelete(let item):
      return
        "attempt to delete the same index path twice (\(path(item))); UIKit does not check this "
        + "and then crashes with a bad memory access"
    case .duplicateItemInsert(let item):
      return
        "attempt to insert the same index path twice (\(path(item))); UIKit does not check this "
        + "and then corrupts its state"
    case .duplicateItemReload(let item):
      return
        "attempt to reload the same index path twice (\(path(item))); UIKit does not check this "
        + "and then corrupts its state"
    case .duplicateSectionUpdate(let section):
      return
        "attempt to delete, insert or reload section \(section) twice; UIKit does not check this "
        + "and then corrupts its state"
    case .insertIntoMovedSection(let section):
      return
        "attempt to insert items into section \(section), which is moved in the same update; "
        + "UIKit does not check this and then corrupts its heap"
    case .reloadSectionChangesItemCount(let section, let before, let after):
      return
        "attempt to reload section \(section) while its item count changes (\(before) before, "
        + "\(after) after); UIKit does not check this and then fails with \"attempt to create "
        + "view animation for nil view\""
    case .noSectionForItems:
      return "attempt to update items, but the collection view has no section to hold them"
    case .dataTypeMismatch(let data, let expected):
      return "the data source holds \(data), but the collection view shows \(expected)"
    }
  }

  private static func modernCountMessage(_ context: BatchUpdateError.CountContext) -> String {
    func describe(_ counts: [Int]) -> String {
      let noun = counts.count == 1 ? "section" : "sections"
      let list = counts.map(String.init).joined(separator: ", ")
      return "{ \(counts.count) \(noun) with item counts: [\(list)] }"
    }
    let updates =
      context.updates.isEmpty ? "[]" : "[ " + context.updates.joined(separator: ", ") + " ]"
    return
      "Invalid batch updates detected: the number of sections and/or items returned by the data "
      + "source before and after performing the batch updates are inconsistent with the updates. "
      + "Data source before updates = \(describe(context.itemCountsBefore)) "
      + "Data source after updates = \(describe(context.itemCountsAfter)) "
      + "Updates = \(updates)"
  }
}

extension BatchUpdateError {
  /// The batch's calls, one line each, in the order UIKit lists them in the modern count
  /// failure: deletes descending, then reloads, inserts and moves ascending.
  ///
  /// - Parameter batch: The calls of one block.
  /// - Returns: One line per call, such as `Delete item (0 - 5)`.
  /// - Complexity: O(c log c), where c is the number of calls.
  public static func updateLines(_ batch: BatchUpdate) -> [String] {
    func path(_ path: ElementPath) -> String { "(\(path.section) - \(path.element))" }
    var lines: [String] = []
    lines += batch.deleteSections.sorted(by: >).map { "Delete section \($0)" }
    lines += batch.deleteItems.sorted(by: >).map { "Delete item \(path($0))" }
    lines += batch.reloadSections.sorted().map { "Reload section \($0)" }
    lines += batch.reloadItems.sorted().map { "Reload item \(path($0))" }
    lines += batch.insertSections.sorted().map { "Insert section \($0)" }
    lines += batch.insertItems.sorted().map { "Insert item \(path($0))" }
    lines += batch.moveSections.map { "Move section \($0.source) to \($0.target)" }
    lines += batch.moveItems.map { "Move item \(path($0.source)) to \(path($0.target))" }
    return lines
  }
}

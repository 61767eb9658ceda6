import StagecraftDiff
import StagecraftReplay

extension BatchUpdateError.Reason {
  /// UIKit's text for this failure.
  ///
  /// - Parameters:
  ///   - wording: The text of count failures and its layout.
  ///   - view: The view whose words the text uses.
  /// - Returns: The message, without UIKit's object addresses.
  /// - Complexity: O(c) for count failures in the batch-updates text, where c is the number
  ///   of calls in the batch; O(1) otherwise.
  public func message(
    wording: BatchUpdateError.Wording, view: BatchUpdateError.ViewKind = .collectionView
  ) -> String {
    if let text =
      _countMessage(wording: wording, view: view) ?? _rangeMessage(view: view)
      ?? _conflictMessage(view: view)
    {
      return text
    }
    return _unsafeMessage(view: view)
  }

  /// `{length = 2, path = S - I}`, as UIKit prints an index path without its address.
  private func path(_ path: ElementPath) -> String {
    "{length = 2, path = \(path.section) - \(path.element)}"
  }

  /// The text of a count failure.
  private func _countMessage(
    wording: BatchUpdateError.Wording, view: BatchUpdateError.ViewKind
  ) -> String? {
    let items = view.items
    let space = wording.text == .invalidUpdateOneSpace ? " " : "  "
    switch self {
    case .invalidSectionCount(let after, let before, let inserted, let deleted, let context):
      if let text = Self.batchUpdatesMessage(context, wording: wording, view: view) { return text }
      return
        "Invalid update: invalid number of sections.\(space)The number of sections contained in "
        + "the \(view.name) after the update (\(after)) must be equal to the number of sections "
        + "contained in the \(view.name) before the update (\(before)), plus or minus the "
        + "number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
    case .invalidItemCount(
      let section, let after, let before, let inserted, let deleted, let movedIn, let movedOut,
      let context):
      if let text = Self.batchUpdatesMessage(context, wording: wording, view: view) { return text }
      return
        "Invalid update: invalid number of \(items) in section \(section).\(space)The number of "
        + "\(items) contained in an existing section after the update (\(after)) must be equal "
        + "to the number of \(items) contained in that section before the update (\(before)), "
        + "plus or minus the number of \(items) inserted or deleted from that section "
        + "(\(inserted) inserted, \(deleted) deleted)"
        + (wording.text == .invalidUpdateWithoutMoves
          ? "."
          : " and plus or minus the number of \(items) moved into or out of that section "
            + "(\(movedIn) moved in, \(movedOut) moved out).")
    default: return nil
    }
  }

  /// The text of a section or item out of range.
  private func _rangeMessage(view: BatchUpdateError.ViewKind) -> String? {
    let (item, items) = (view.item, view.items)
    switch self {
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
    case .deleteItemSectionOutOfRange(let index, let section, let count):
      return
        "attempt to delete \(item) \(index) from section \(section), but there are only "
        + "\(count) sections before the update"
    case .deleteItemOutOfRange(let index, let section, let count):
      return
        "attempt to delete \(item) \(index) from section \(section) which only contains "
        + "\(count) \(items) before the update"
    case .insertItemSectionOutOfRange(let index, let section, let count):
      return
        "attempt to insert \(item) \(index) into section \(section), but there are only "
        + "\(count) sections after the update"
    case .insertItemOutOfRange(let index, let section, let count):
      return
        "attempt to insert \(item) \(index) into section \(section), but there are only "
        + "\(count) \(items) in section \(section) after the update"
    case .moveItemOutOfRange(let moved, let count):
      return
        "attempt to move index path (\(path(moved))) that does not exist - there are only "
        + "\(count) \(items) in section \(moved.section) before the update"
    case .moveItemTargetOutOfRange(let moved, let target, let count):
      return
        "attempt to move index path (\(path(moved))) to index path (\(path(target))) that does "
        + "not exist - there are only \(count) \(items) in section \(target.section) after the "
        + "update"
    case .moveItemSectionOutOfRange(let moved, let count):
      return
        "attempt to move index path (\(path(moved))) from a section that does not exist - there "
        + "are only \(count) sections before the update"
    case .moveItemTargetSectionOutOfRange(let moved, let target, let count):
      return
        "attempt to move index path (\(path(moved))) to index path (\(path(target))) in section "
        + "that does not exist - there are only \(count) sections after the update"
    case .reconfigureItemOutOfRange(let at, let sections, let count):
      if at.section < 0 || at.section >= sections {
        return
          "attempt to reconfigure \(item) \(at.element) in section \(at.section), but there are "
          + "only \(sections) sections after the update"
      }
      return
        "attempt to reconfigure \(item) \(at.element) in section \(at.section), but there are "
        + "only \(count) \(items) in section \(at.section) after the update"
    default: return nil
    }
  }

  /// The text of two calls that conflict.
  private func _conflictMessage(view: BatchUpdateError.ViewKind) -> String? {
    let item = view.item
    switch self {
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
      return
        "cannot move \(view == .tableView ? "a row" : "an item") from a deleted section (\(section))"
    case .moveIntoInsertedSection(let section):
      return
        "cannot move \(view == .tableView ? "a row" : "an item") into a newly inserted section "
        + "(\(section))"
    case .sectionMovedTwice(let section, let first, let second):
      return "attempt to move section \(section) to both section \(first) and section \(second)"
    case .sectionsMovedToSameTarget(let first, let second, let target):
      return "attempt to move both section \(first) and section \(second) to section \(target)"
    case .itemMovedTwice(let moved, let first, let second):
      return
        "attempt to move \(item) at index path \(path(moved)) to both \(path(first)) and "
        + "\(path(second))"
    case .itemsMovedToSameTarget(let first, let second, let target):
      return
        "attempt to move both \(item) at index path \(path(first)) and \(path(second)) to "
        + "\(path(target))"
    default: return nil
    }
  }

  /// The text of what UIKit does not check and then crashes on or corrupts itself with,
  /// and of the model's own misuse.
  private func _unsafeMessage(view: BatchUpdateError.ViewKind) -> String {
    let items = view.items
    switch self {
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
    case .deleteFromMovedSection(let section):
      return
        "attempt to delete \(items) from section \(section), which is moved in the same update; "
        + "UIKit does not check this and then animates a cell twice and leaves a snapshot of it "
        + "on screen"
    case .moveFromMovedSection(let item, let section):
      return
        "attempt to move index path (\(path(item))) out of section \(section), which is moved "
        + "in the same update; UIKit then raises \"request for index path for global index\" "
        + "past its \(items)"
    case .reloadInDeletedSection(let item):
      return
        "attempt to reload index path (\(path(item))) in a section deleted in the same update; "
        + "IGListKit drops such a reload before UIKit sees it (the delete wins) and UIKit's own "
        + "verdict is not recorded, so strict validation refuses it"
    case .noSectionForItems:
      return "attempt to update \(items), but the \(view.name) has no section to hold them"
    default: return "\(self)"
    }
  }

  /// The batch-updates text of a count failure, when the wording uses it.
  private static func batchUpdatesMessage(
    _ context: BatchUpdateError.CountContext, wording: BatchUpdateError.Wording,
    view: BatchUpdateError.ViewKind
  ) -> String? {
    let when: String
    switch wording.text {
    case .invalidUpdate, .invalidUpdateOneSpace, .invalidUpdateWithoutMoves: return nil
    case .batchUpdatesAndOr: when = "before and/or after"
    case .batchUpdates: when = "before and after"
    }
    func describe(_ counts: [Int]) -> String {
      let noun = counts.count == 1 ? "section" : "sections"
      let list = counts.map(String.init).joined(separator: ", ")
      return "{ \(counts.count) \(noun) with \(view.item) counts: [\(list)] }"
    }
    let lines = context.updates.map { $0.line(view: view) }
    let newline = wording.isOneLine ? " " : "\n"
    let updates =
      lines.isEmpty
      ? "[ ]"
      : wording.isOneLine
        ? "[ " + lines.joined(separator: ", ") + " ]"
        : "[\n\t" + lines.joined(separator: ",\n\t") + "\n]"
    return
      "Invalid batch updates detected: the number of sections and/or \(view.items) returned by "
      + "the data source \(when) performing the batch updates are inconsistent with the "
      + "updates.\(newline)Data source before updates = \(describe(context.itemCountsBefore))"
      + "\(newline)Data source after updates = \(describe(context.itemCountsAfter))"
      + "\(newline)Updates = \(updates)"
  }
}

import StagecraftDiff

/// One `performBatchUpdates` block of a replay: its calls, its silent refreshes, and the
/// changeset it applies (what `interrupt` sees).
package struct _ReplayBlock<C: Collection, Updates: ElementUpdateStyle> {
  package var batch: BatchUpdate
  /// From a realized cell's path before the block to its element's path after it.
  package var refreshing: [Move<ElementPath>]
  /// The silent refresh that performs `refreshing`, if any.
  package var refresher: Updates?
  package var changeset: Changeset<C>
  /// Whether every update has a position after the block (none of them is deleted).
  package var placesEveryUpdate: Bool

  /// The block that applies `stage` and the updates of `updates` (the stage itself, or
  /// the update stage before it): a reload by its path before the block, a reconfigure or a
  /// silent refresh by the path after it, found with the block's old → new map.
  package init(
    _ stage: Changeset<C>, updates: Changeset<C>, elementUpdates: (ElementPath) -> Updates
  ) {
    batch = BatchUpdate(
      deleteSections: stage.sectionDeleted, insertSections: stage.sectionInserted,
      reloadSections: stage.sectionUpdated, moveSections: stage.sectionMoved,
      deleteItems: stage.elementDeleted, insertItems: stage.elementInserted,
      moveItems: stage.elementMoved)
    refreshing = []
    refresher = nil
    placesEveryUpdate = true
    changeset = stage
    changeset.elementUpdated = updates.elementUpdated
    let map = batch.isEmpty ? nil : _BatchMap(batch)
    for before in updates.elementUpdated {
      let updates = elementUpdates(before)
      var after = before
      if let map {
        if let target = map.itemTarget(of: before) {
          after = target
        } else {
          placesEveryUpdate = false
        }
      }
      switch updates.mode {
      case .reload: batch.reloadItems.append(before)
      case .reconfigure: batch.reconfigureItems.append(after)
      case .silent:
        refreshing.append(Move(source: before, target: after))
        if refresher == nil { refresher = updates }
      }
    }
  }

  /// The blocks that replay `staged`.
  ///
  /// An update stage whose updates are all reconfigures or silent refreshes needs no block
  /// of its own: it rides with the next stage, each updated path (before) carried through
  /// that stage's old → new map to the position where the element is after the block. It
  /// stays on its own when the next stage reloads a section (no source shows that UIKit
  /// accepts a reconfigure in a block that reloads sections) or deletes an updated item.
  ///
  /// - Complexity: O(s + c log c), where s is the number of stages and c the number of
  ///   changes.
  package static func blocks(
    for staged: StagedChangeset<C>, elementUpdates: (ElementPath) -> Updates
  ) -> [_ReplayBlock] {
    var blocks: [_ReplayBlock] = []
    var index = staged.startIndex
    while index < staged.endIndex {
      let stage = staged[index]
      let next = index + 1 < staged.endIndex ? staged[index + 1] : nil
      if let next, _canCarry(stage, into: next, elementUpdates: elementUpdates) {
        let merged = _ReplayBlock(next, updates: stage, elementUpdates: elementUpdates)
        if merged.placesEveryUpdate {
          blocks.append(merged)
          index += 2
          continue
        }
      }
      blocks.append(_ReplayBlock(stage, updates: stage, elementUpdates: elementUpdates))
      index += 1
    }
    return blocks
  }

  /// Whether the update stage `stage` may ride with `next`, if `next` keeps every item
  /// that `stage` updates.
  package static func _canCarry(
    _ stage: Changeset<C>, into next: Changeset<C>, elementUpdates: (ElementPath) -> Updates
  ) -> Bool {
    let onlyUpdates =
      !stage.elementUpdated.isEmpty && !stage.hasSectionChanges && stage.elementDeleted.isEmpty
      && stage.elementInserted.isEmpty && stage.elementMoved.isEmpty
    guard onlyUpdates, next.elementUpdated.isEmpty, next.sectionUpdated.isEmpty,
      stage.elementUpdated.allSatisfy({ elementUpdates($0).mode != .reload })
    else { return false }
    return true
  }
}

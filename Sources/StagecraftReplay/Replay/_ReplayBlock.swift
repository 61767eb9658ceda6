import StagecraftDiff

/// One `performBatchUpdates` block of a replay: its calls, its silent refreshes, and the
/// changeset it applies (what `interrupt` sees).
@usableFromInline
package struct _ReplayBlock<C: Collection, Updates: ElementUpdateStyle> {
  @usableFromInline
  package var batch: BatchUpdate
  /// From a realized cell's path before the block to its element's path after it.
  @usableFromInline
  package var refreshing: [Move<ElementPath>]
  /// The silent refresh that performs `refreshing`, if any.
  @usableFromInline
  package var refresher: Updates?
  @usableFromInline
  package var changeset: Changeset<C>
  /// Whether every reconfigured or refreshed update has a position after the block (none
  /// of them is deleted); reloads are not placed.
  @usableFromInline
  package var placesEveryUpdate: Bool

  /// The block that applies `stage` and the updates of `updates` (the stage itself, or
  /// the update stage before it): a reload by its path before the block, a reconfigure or a
  /// silent refresh by the path after it, found with the block's old → new map.
  @inlinable
  package init(
    _ stage: Changeset<C>, updates: Changeset<C>, elementUpdates: (ElementPath) -> Updates,
    movesAsDeletesAndInserts: Bool = false
  ) {
    batch = BatchUpdate(
      deleteSections: stage.sectionDeleted, insertSections: stage.sectionInserted,
      reloadSections: stage.sectionUpdated, moveSections: stage.sectionMoved,
      deleteItems: stage.elementDeleted, insertItems: stage.elementInserted,
      moveItems: stage.elementMoved)
    if movesAsDeletesAndInserts, !batch.moveItems.isEmpty {
      batch.deleteItems = _sortedUnique(batch.deleteItems + batch.moveItems.map(\.source))
      batch.insertItems = _sortedUnique(batch.insertItems + batch.moveItems.map(\.target))
      batch.moveItems = []
    }
    refreshing = []
    refresher = nil
    placesEveryUpdate = true
    changeset = stage
    changeset.elementUpdated = updates.elementUpdated
    // Only reconfigures and silent refreshes need a position after the block; a reload
    // names its position before it, so a block of reloads builds no map.
    let styles = updates.elementUpdated.map(elementUpdates)
    let needsMap = !batch.isEmpty && styles.contains { $0.mode != .reload }
    // The updates are sorted: one sweep through the map places them all.
    let targets = needsMap ? _BatchMap(batch).itemTargets(ofSorted: updates.elementUpdated) : nil
    for index in styles.indices {
      let (before, updates) = (updates.elementUpdated[index], styles[index])
      var after = before
      if let targets {
        if let target = targets[index] {
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
  /// of its own before the next stage: each updated path (before) is carried through that
  /// stage's old → new map to the position where the element is after it. Silent refreshes
  /// ride inside the next stage's block. Reconfigures go in a block of their own right after
  /// it, unless `options.reconfiguresInsideStructuralBlock`. The update stage stays on its
  /// own when the next stage reloads a section (no source shows that UIKit accepts a
  /// reconfigure in a block that reloads sections) or deletes an updated item.
  ///
  /// - Complexity: O(s + c log c), where s is the number of stages and c the number of
  ///   changes.
  @inlinable
  package static func blocks(
    for staged: StagedChangeset<C>, elementUpdates: (ElementPath) -> Updates,
    options: UpdateStrategy = UpdateStrategy()
  ) -> [_ReplayBlock] {
    let asDeletes = options.replaysMovesAsDeletesAndInserts
    var blocks: [_ReplayBlock] = []
    var index = staged.startIndex
    while index < staged.endIndex {
      let stage = staged[index]
      let next = index + 1 < staged.endIndex ? staged[index + 1] : nil
      if let next, _canCarry(stage, into: next, elementUpdates: elementUpdates) {
        let merged = _ReplayBlock(
          next, updates: stage, elementUpdates: elementUpdates, movesAsDeletesAndInserts: asDeletes)
        if merged.placesEveryUpdate {
          if options.reconfiguresInsideStructuralBlock || merged.batch.reconfigureItems.isEmpty {
            blocks.append(merged)
          } else {
            blocks += merged._reconfiguringAfterwards()
          }
          index += 2
          continue
        }
      }
      blocks.append(
        _ReplayBlock(
          stage, updates: stage, elementUpdates: elementUpdates, movesAsDeletesAndInserts: asDeletes
        ))
      index += 1
    }
    return blocks
  }

  /// This block split in two: its structural calls and silent refreshes, then a block that
  /// only reconfigures, at the same positions (after the first block), with the same data.
  @inlinable
  func _reconfiguringAfterwards() -> [_ReplayBlock] {
    var structural = self
    structural.batch.reconfigureItems = []
    structural.changeset.elementUpdated = []
    var reconfigure = self
    reconfigure.batch = BatchUpdate(reconfigureItems: batch.reconfigureItems)
    reconfigure.refreshing = []
    reconfigure.refresher = nil
    reconfigure.changeset = Changeset(data: changeset.data, elementUpdated: batch.reconfigureItems)
    return [structural, reconfigure]
  }

  /// Whether the update stage `stage` may ride with `next`, if `next` keeps every item
  /// that `stage` updates.
  @inlinable
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

/// The blocks of a replay, planned ahead of it, on whatever thread made the diff: the
/// replay then only performs them. Made once and never changed, so that it may cross from
/// the task that made it to the main actor.
@usableFromInline
package final class _ReplayPlan<C: Collection, Updates: ElementUpdateStyle> {
  @usableFromInline package let blocks: [_ReplayBlock<C, Updates>]

  /// Plans `staged`'s blocks with the strategy's element updates for every item, in the
  /// target's terms (`configure` for a silent refresh of its cells).
  ///
  /// - Complexity: O(s + c log c), as `_ReplayBlock.blocks`.
  @inlinable
  package init(
    _ staged: StagedChangeset<C>, strategy: UpdateStrategy,
    configuringCell configure: ((Updates.Cell, ElementPath) -> Void)?
  ) {
    let style = Updates(strategy.elementUpdates, configuringCell: configure)
    blocks = _ReplayBlock.blocks(for: staged, elementUpdates: { _ in style }, options: strategy)
  }
}

// @unchecked: a plan's blocks are a `let`, written once by `init` on the planning task and
// only read after the task hands the plan over (its result, awaited). A block may hold the
// app's silent-refresh closure, which only the replay calls, on the main actor; the plan is
// freed there too (`UpdatePipeline`), never on the planning task.
extension _ReplayPlan: @unchecked Sendable where C: Sendable {}

import StagecraftDiff

/// The one replay: every target, every strategy, every way of updating elements.
///
/// Plans the blocks once, asks `interrupt` about each, and performs them on `target`,
/// handing it each block's data converted by `snapshot`. When the target is off screen,
/// `strategy` is `.reloadData` or `interrupt` says so, it sets the final data and reloads
/// instead. `completion` is called exactly once, with `false` when a block was refused.
///
/// - Complexity: O(s + c log c) for the planning, where s is the number of stages and c
///   the number of changes, plus what the target spends on each block.
package func _replay<Target: BatchUpdateTarget, C: Collection>(
  _ staged: StagedChangeset<C>, on target: inout Target,
  snapshot: (C) throws(Target.Failure) -> Target.Snapshot,
  strategy: UpdateStrategy,
  elementUpdates: (ElementPath) -> Target.ElementUpdates,
  options: ReplayOptions = ReplayOptions(),
  interrupt: ((Changeset<C>) -> Bool)?,
  setData: (C) -> Void,
  completion: ((Bool) -> Void)?
) throws(Target.Failure) {
  guard let final = staged.last?.data else {
    completion?(true)
    return
  }
  func reloadInstead() throws(Target.Failure) {
    do {
      try target.reloadData(snapshot(final), setData: { setData(final) })
    } catch {
      completion?(false)
      throw error
    }
    completion?(true)
  }
  guard target.isOnScreen, strategy != .reloadData else { return try reloadInstead() }

  let blocks = _ReplayBlock.blocks(for: staged, elementUpdates: elementUpdates, options: options)
  for (index, block) in blocks.enumerated() {
    if let interrupt, interrupt(block.changeset) { return try reloadInstead() }
    let isLast = index == blocks.count - 1
    let data = block.changeset.data
    do {
      try target.performBatchUpdates(
        block.batch, snapshot: snapshot(data), animated: strategy == .animatedBatchUpdates,
        setData: { setData(data) }, refreshing: block.refreshing,
        by: block.refresher ?? .reload, completion: isLast ? completion : nil)
    } catch {
      completion?(false)
      throw error
    }
  }
}

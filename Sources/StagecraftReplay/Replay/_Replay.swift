import StagecraftDiff

/// The one replay: every target, every strategy, every way of updating elements.
///
/// Plans the blocks once (unless `plan` was made beforehand, off the main actor), asks the
/// request's `interrupt` about each, and performs them on `target`, handing it each block's
/// data converted by `snapshot`. When the target is off screen, the request's mode is
/// `.reloadData` or `interrupt` says so, it sets the final data and reloads instead.
/// `completion` is called exactly once, with the outcome.
///
/// - Complexity: O(s + c log c) for the planning, where s is the number of stages and c
///   the number of changes, plus what the target spends on each block.
@inlinable
package func _replay<Target: BatchUpdateTarget, C: Collection>(
  _ staged: StagedChangeset<C>, on target: inout Target, _ request: _ReplayRequest<C>,
  configuringCell configure: ((Target.ElementUpdates.Cell, ElementPath) -> Void)? = nil,
  snapshot: (C) throws(Target.Failure) -> Target.Snapshot,
  setData: (C) -> Void,
  completion: ((ReplayOutcome) -> Void)?,
  plan: _ReplayPlan<C, Target.ElementUpdates>? = nil
) throws(Target.Failure) {
  guard let final = staged.last?.data else {
    completion?(.applied)
    return
  }
  target._replayWillBegin()
  defer { target._replayDidEnd() }
  let scroll = request.scroll
  // The data the target shows after each applied block (nil before: the caller knows it).
  var shown: C?
  // The anchor that each block hands to the next, so that one item is kept all through.
  var carried: _ScrollPlan?
  func reloadInstead() throws(Target.Failure) {
    let plan = scroll.planReload(on: target, from: shown, to: final, carried: carried)
    do {
      try target.reloadData(snapshot(final), setData: { setData(final) })
    } catch {
      completion?(.refused)
      throw error
    }
    plan?.apply(to: &target)
    completion?(.reloaded)
  }
  guard target.isOnScreen, request.mode != .reloadData else { return try reloadInstead() }

  // A plan made beforehand (off the main actor, by a pipeline) is this one.
  let blocks =
    plan?.blocks
    ?? _ReplayBlock.blocks(
      for: staged, elementUpdates: request.elementUpdates(configuringCell: configure),
      options: request.strategy)
  // The last block's completion: UIKit's `finished`, as an outcome.
  let finished = completion.map { completion in
    { (finished: Bool) in completion(finished ? .applied : .interrupted) }
  }
  for (index, block) in blocks.enumerated() {
    if let interrupt = request.interrupt, interrupt(block.changeset) {
      return try reloadInstead()
    }
    let isLast = index == blocks.count - 1
    let data = block.changeset.data
    let plan = _ScrollPlan.forBlock(
      block.batch, on: target, policy: scroll.policy, carried: carried)
    // With a scroll position to restore after the block, a completion that the target calls
    // during the block waits until the position is restored.
    let held = plan == nil ? nil : _HeldCompletion(isLast ? finished : nil)
    do {
      try target.performBatchUpdates(
        block.batch, snapshot: snapshot(data), animated: request.mode == .animated,
        setData: {
          setData(data)
          return nil
        }, refreshing: block.refreshing,
        by: block.refresher ?? .reload,
        completion: held.map { $0.completion } ?? (isLast ? finished : nil))
    } catch {
      completion?(.refused)
      throw error
    }
    plan?.apply(to: &target)
    carried = plan
    held?.release()
    if scroll.relocate != nil { shown = data }
  }
}

/// A block's completion that, called before `release()`, waits for it.
///
/// Its members are exempt from run-time exclusivity checks (each access cost a lookup, on
/// every block the guard hands a view): the block, its completion and `release()` run on the
/// caller's thread, one at a time, and no access is held across a call that could reach
/// another.
@usableFromInline
package final class _HeldCompletion {
  @usableFromInline let wrapped: ((Bool) -> Void)?
  @exclusivity(unchecked) @usableFromInline var released = false
  @exclusivity(unchecked) @usableFromInline var early: Bool?

  @inlinable
  package init(_ wrapped: ((Bool) -> Void)?) { self.wrapped = wrapped }

  /// The completion to hand the target.
  @inlinable
  package var completion: ((Bool) -> Void)? {
    guard wrapped != nil else { return nil }
    return { finished in
      if self.released { self.wrapped?(finished) } else { self.early = finished }
    }
  }

  /// Calls the completion now if the target already did.
  @inlinable
  package func release() {
    released = true
    if let early { wrapped?(early) }
  }
}

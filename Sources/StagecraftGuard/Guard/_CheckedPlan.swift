import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// A replay's blocks planned ahead (`_ReplayPlan`), each checked there too, on the task that
/// made the diff: for each block in order, the item counts before and after it for which the
/// guard's check passed, when the view shows `source` and then each block's data.
///
/// The check is a function of a block's calls and those two counts alone (`validate`), so a
/// block whose view reports the same counts on the main actor passes there without being
/// checked again; a view that reports other counts (the app changed the data behind the
/// pipeline's back) is checked there as before, and refused with UIKit's text.
@usableFromInline
package final class _CheckedPlan<C: Collection, Updates: ElementUpdateStyle> {
  @usableFromInline let plan: _ReplayPlan<C, Updates>
  /// For each block, the counts it passed with; `nil` for a block those counts refuse (the
  /// main actor checks it again, to refuse it with the view's counts).
  @usableFromInline let passed: [_PassedCounts?]

  /// Plans `staged`'s blocks with the strategy's element updates for every item (in the
  /// target's terms, `configure` for a silent refresh), and checks each against the counts
  /// of the data before it (`source`, then the last block's).
  ///
  /// - Complexity: O(s + c log c) for the planning, and O(S + c) per block for the check of
  ///   the diff's blocks, where S is the number of sections.
  @inlinable
  package init(
    _ staged: StagedChangeset<C>, source: C, strategy: UpdateStrategy,
    configuringCell configure: ((Updates.Cell, ElementPath) -> Void)?,
    counts: (C) -> _BlockCounts
  ) {
    plan = _ReplayPlan(staged, strategy: strategy, configuringCell: configure)
    var passed: [_PassedCounts?] = []
    passed.reserveCapacity(plan.blocks.count)
    var shown = counts(source).counts
    for block in plan.blocks {
      let after = counts(block.changeset.data).after(shown: shown, batch: block.batch)
      do {
        try block.batch.validate(itemCountsBefore: shown, itemCountsAfter: after)
        passed.append(_PassedCounts(before: shown, after: after))
      } catch {
        passed.append(nil)
      }
      shown = after
    }
    self.passed = passed
  }
}

// @unchecked: as `_ReplayPlan`'s, whose plan it holds: written once by `init` on the planning
// task, read only after that task's result is awaited, freed on the main actor.
extension _CheckedPlan: @unchecked Sendable where C: Sendable {}

/// The item counts before and after a block that its check passed with.
@usableFromInline
package struct _PassedCounts: Sendable {
  @usableFromInline let before: [Int]
  @usableFromInline let after: [Int]

  @inlinable init(before: [Int], after: [Int]) {
    self.before = before
    self.after = after
  }

  /// Whether the check passed with exactly these counts.
  ///
  /// - Complexity: O(S) for S sections.
  @inlinable func holds(before: [Int], after: [Int]) -> Bool {
    self.before == before && self.after == after
  }
}

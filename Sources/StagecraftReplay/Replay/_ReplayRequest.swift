import StagecraftDiff

/// One replay, as its entry point decided it: made once there, from the strategy and the
/// call, and handed down the replay path whole (the guard, the planner, the blocks), so that
/// no layer below turns a strategy into a mode again or reads a setting another way.
///
/// The strategy is read here and nowhere below: the mode (animated, not, or one reload) and
/// the scroll keeping come from it once. A pipeline makes one per request, with the strategy
/// the request captured, so that its plan and its replay never come from two strategies.
@usableFromInline
package struct _ReplayRequest<C: Collection> {
  /// Animated blocks, blocks without animation, or one reload.
  @usableFromInline package let mode: _ReplayMode
  /// The settings the blocks are planned with: how updated elements reach their cells, where
  /// reconfigures go, whether moves stay moves.
  @usableFromInline package let strategy: UpdateStrategy
  /// How each updated element reaches its cell, where the entry point decides it item by
  /// item (a data source's `reloadItems` and `reconfigureItems` marks); `nil` for the
  /// strategy's `elementUpdates`, for every item.
  @usableFromInline package let marks: ((ElementPath) -> ElementUpdateMode)?
  /// Decides, per block, to reload instead of applying the rest.
  @usableFromInline package private(set) var interrupt: ((Changeset<C>) -> Bool)?
  /// What the replay keeps of the scroll position, from the strategy's `anchoring`.
  @usableFromInline package let scroll: _ScrollKeeping<C>
  /// Where the app asked for the update, for the flight recorder.
  @usableFromInline package var site: _CallSite?

  /// The request for replaying `staged` with `strategy`.
  ///
  /// - Parameters:
  ///   - staged: The changeset.
  ///   - strategy: The update's settings.
  ///   - requested: Whether the call asks for an animation (a replay always does).
  ///   - itemCount: The number of elements of the final data, read only when the strategy
  ///     reads it.
  ///   - marks: The element update of each updated item, where the entry point decides it
  ///     item by item.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - relocate: Where an item the target shows is in the final data, by identity, for an
  ///     entry point that knows the data (reloads then keep the anchor too).
  ///   - site: Where the app asked.
  /// - Complexity: O(1), plus `itemCount` when the strategy reads it.
  @inlinable
  package init(
    _ staged: StagedChangeset<C>, strategy: UpdateStrategy, requested: Bool = true,
    itemCount: () -> Int, marks: ((ElementPath) -> ElementUpdateMode)? = nil,
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    relocate: ((_ shown: C?, _ path: ElementPath, _ final: C) -> ElementPath?)? = nil,
    site: _CallSite? = nil
  ) {
    self.mode = strategy._mode(
      requested: requested, changes: staged.changeCount, itemCount: itemCount)
    self.strategy = strategy
    self.marks = marks
    self.interrupt = interrupt
    self.scroll = _ScrollKeeping(policy: strategy.anchoring, relocate: relocate)
    self.site = site
  }

  /// This request, with `interrupt` deciding instead (the guard's, which records what the
  /// app's decided).
  ///
  /// - Complexity: O(1).
  @inlinable
  package func interrupting(_ interrupt: ((Changeset<C>) -> Bool)?) -> Self {
    var copy = self
    copy.interrupt = interrupt
    return copy
  }

  /// How each updated element reaches a target's cells: the strategy's (or the item's mark),
  /// in the target's own terms, with the app's cell configuration for a silent refresh.
  ///
  /// - Parameter configure: The app's configuration of a cell for a silent refresh, or nil.
  /// - Returns: The style of the updated item at a path (before the block).
  /// - Complexity: O(1); each call of the result, O(1) plus `marks`.
  @inlinable
  package func elementUpdates<Updates: ElementUpdateStyle>(
    configuringCell configure: ((Updates.Cell, ElementPath) -> Void)?
  ) -> (ElementPath) -> Updates {
    if let marks { return { Updates(marks($0), configuringCell: configure) } }
    let style = Updates(strategy.elementUpdates, configuringCell: configure)
    return { _ in style }
  }
}

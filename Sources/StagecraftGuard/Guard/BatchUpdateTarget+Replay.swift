import StagecraftDiff
import StagecraftModel
import StagecraftReplay

extension BatchUpdateTarget where Snapshot == Void {
  /// Replays a staged changeset onto a view: one `performBatchUpdates` block per stage,
  /// each calling `setData` with that stage's data inside the block, each checked by `guard`
  /// first. The changeset is of a flat list, or of sections when its elements are
  /// `DifferentiableSection`s.
  ///
  /// - `strategy` says everything the replay decides (`UpdateStrategy`): whether the blocks
  ///   animate (a replay always asks to), when a plain reload replaces them, how updated
  ///   elements reach their cells, what the scroll position keeps and how the calls are
  ///   laid out in blocks. With `.reconfigure` or a silent refresh, an update stage needs
  ///   no block of its own before the next stage: silent refreshes ride inside it,
  ///   reconfigures follow it in a block of their own. The same changeset and strategy end
  ///   on `CollectionModel` where they end on the view.
  /// - `configureCell` is the app's configuration of a realized cell for the item at a
  ///   path after the block: a silent refresh (`elementUpdates` `.silent`) calls it for
  ///   each realized cell of an updated item. Without it, a view reconfigures instead.
  /// - When the target is not on screen, or the strategy reloads, the final data is set once
  ///   and the target reloaded.
  /// - `interrupt` sees each block's changeset before it is applied; returning `true`
  ///   sets the final data and reloads instead of applying the rest.
  /// - **The guard.** Before a block reaches the view, it is checked as `CollectionModel`
  ///   checks it (strict rules included) against `displayedItemCounts` and the counts of
  ///   the block's data. A block that fails, and an update to a view off screen, become one
  ///   `reloadData()` with the final data, reported once to `guard.onFallback`. The flat
  ///   list is the section that the block's calls name (section 0 when they name none).
  /// - **What UIKit will read.** Before each block, the guard also asks the view's data source
  ///   (`dataSourceItemCounts`), which UIKit reads after the block: one that answers other
  ///   counts than the data the block was computed from changed without an update, and the
  ///   view reloads instead (`BatchUpdateFallback.Cause.dataSourceChanged`). A view double
  ///   that refuses a block (`lastBlockRefusal`) is reported and reloaded the same way.
  /// - **The scroll position.** A reload keeps only the bottom (`.stickToBottom`), since the
  ///   view cannot tell which item it showed where; `UpdatePipeline` and the entry points
  ///   above it, which know the data, keep the anchor across reloads too.
  /// - `completion` is called exactly once, with the outcome (`ReplayOutcome`): `.applied`
  ///   once the last block's animations ran to their end, `.interrupted` when the view cut
  ///   them short, `.reloaded` after a reload the strategy or `interrupt` asked for,
  ///   `.fellBack` after the guard's reload in place of a block UIKit would refuse.
  ///
  /// A view never throws (its `Failure` is `Never`), so its replay needs no `try`. A class
  /// target has a non-mutating form, so a view held in a `let` replays too.
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay.
  ///   - strategy: The update's settings; the defaults by default.
  ///   - configureCell: Configures a realized cell for the item at a path, for a silent
  ///     refresh.
  ///   - check: What to do with a block UIKit would refuse; `UpdateGuard.standard` by
  ///     default.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: Switches the app's data source to the given data.
  ///   - completion: Called once at the end, with the outcome.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Throws: `Failure`, when the target refuses a block.
  /// - Complexity: O(s + c log c), where s is the number of stages and c the number of
  ///   changes, plus O(S) per block for the guard, where S is the number of sections, plus
  ///   what the target spends on each block.
  @inlinable
  public mutating func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = UpdateStrategy(),
    configureCell: ((ElementUpdates.Cell, ElementPath) -> Void)? = nil,
    guard check: UpdateGuard = .standard,
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void,
    completion: ((ReplayOutcome) -> Void)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) throws(Failure) {
    try _reload(
      staged, on: &self,
      _ReplayRequest(
        staged, strategy: strategy, itemCount: { _finalElementCount(staged) },
        interrupt: interrupt, site: _CallSite(fileID: fileID, line: line)),
      configureCell: configureCell, guard: check, setData: setData,
      completion: _keepingFocus(staged, completion))
  }
}

extension BatchUpdateTarget where Snapshot == Void, Self: AnyObject {
  /// Replays a staged changeset on a class target, such as a view held in a `let`; see the
  /// mutating form for the rules, the guard included.
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay.
  ///   - strategy: The update's settings; the defaults by default.
  ///   - configureCell: Configures a realized cell for the item at a path, for a silent
  ///     refresh.
  ///   - check: What to do with a block UIKit would refuse; `UpdateGuard.standard` by
  ///     default.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: Switches the app's data source to the given data.
  ///   - completion: Called once at the end, with the outcome.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Throws: `Failure`, when the target refuses a block.
  /// - Complexity: O(s + c log c), where s is the number of stages and c the number of
  ///   changes, plus O(S) per block for the guard, where S is the number of sections, plus
  ///   what the target spends on each block.
  @inlinable
  public func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = UpdateStrategy(),
    configureCell: ((ElementUpdates.Cell, ElementPath) -> Void)? = nil,
    guard check: UpdateGuard = .standard,
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void,
    completion: ((ReplayOutcome) -> Void)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) throws(Failure) {
    var target = self
    try _reload(
      staged, on: &target,
      _ReplayRequest(
        staged, strategy: strategy, itemCount: { _finalElementCount(staged) },
        interrupt: interrupt, site: _CallSite(fileID: fileID, line: line)),
      configureCell: configureCell, guard: check, setData: setData,
      completion: _keepingFocus(staged, completion))
  }
}

/// The public replay of a staged changeset onto a view, flat or sectioned: the guard runs
/// the request its entry point made.
///
/// - Complexity: As `reload(using:strategy:configureCell:guard:interrupt:setData:completion:fileID:line:)`.
@inlinable
package func _reload<Target: BatchUpdateTarget, C: Collection>(
  _ staged: StagedChangeset<C>, on target: inout Target, _ request: _ReplayRequest<C>,
  configureCell: ((Target.ElementUpdates.Cell, ElementPath) -> Void)?, guard check: UpdateGuard,
  setData: (C) -> Void, completion: ((ReplayOutcome) -> Void)?
) throws(Target.Failure) where Target.Snapshot == Void {
  try _guardedReplay(
    staged, on: &target, request, configuringCell: configureCell, guard: check,
    counts: { _BlockCounts.of($0) }, setData: setData, completion: completion)
}

extension BatchUpdateTarget {
  /// `completion`, put after focus goes back on its item when the target keeps focus
  /// (`FocusKeepingTarget`) and it was in the view: what held focus before the replay,
  /// followed through each stage's calls by position (a view's replay has only the data after
  /// each stage, so the positions stand for the items), is handed back once the blocks ran.
  /// After a reload, which keeps no position, focus is left where UIKit puts it.
  ///
  /// - Complexity: O(1) here; O(s · (c log c + m)) at the end, for s stages of c calls and
  ///   the m items of the focused section when a neighbour must be found.
  @usableFromInline
  package func _keepingFocus<C: Collection>(
    _ staged: StagedChangeset<C>, _ completion: ((ReplayOutcome) -> Void)?
  ) -> ((ReplayOutcome) -> Void)? {
    let focused = _focusedItems
    guard !focused.isEmpty, let counts = displayedItemCounts else { return completion }
    var target = self
    return { outcome in
      switch outcome {
      case .applied, .interrupted:
        target._restoreFocus(to: _followFocus(focused, through: staged, countsBefore: counts))
      default: break
      }
      completion?(outcome)
    }
  }
}

/// Where `focused` is after the blocks of `staged`, followed by position through all of
/// them (each stage's calls make a `_BatchMap`; a path stands for its item), with the rule of
/// `CollectionModel.focus`, applied once to the whole update, for an item they delete.
///
/// - Complexity: O(s · c log c) for the maps, and O(s log c) per item looked up: one, or the
///   m items of the focused section when a neighbour must be found.
@usableFromInline
package func _followFocus<C: Collection>(
  _ focused: FocusedItems, through staged: StagedChangeset<C>, countsBefore: [Int]
) -> FocusedItems {
  let maps = staged.map { stage in
    _BatchMap(
      BatchUpdate(
        deleteSections: stage.sectionDeleted, insertSections: stage.sectionInserted,
        reloadSections: stage.sectionUpdated, moveSections: stage.sectionMoved,
        deleteItems: stage.elementDeleted, insertItems: stage.elementInserted,
        moveItems: stage.elementMoved))
  }
  // Through every block in turn; nil once one deletes it.
  func through<T>(_ start: T, _ step: (_BatchMap, T) -> T?) -> T? {
    var value = start
    for map in maps {
      guard let next = step(map, value) else { return nil }
      value = next
    }
    return value
  }
  func item(_ path: ElementPath) -> ElementPath? { through(path) { $0.itemTarget(of: $1) } }
  func section(_ index: Int) -> Int? { through(index) { $0.sectionTarget(of: $1) } }
  return focused.map {
    FocusTarget._following(
      $0,
      oldItem: { path -> ElementPath? in
        countsBefore.indices.contains(path.section) && path.element >= 0
          && path.element < countsBefore[path.section] ? path : nil
      },
      oldSection: { countsBefore.indices.contains($0) ? $0 : nil }, newPath: item,
      newSection: section)
  }
}

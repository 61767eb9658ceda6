import StagecraftDiff
import StagecraftReplay

extension BatchUpdateTarget where Snapshot == Void {
  /// Replays a staged changeset of a flat list onto a view: one `performBatchUpdates` block
  /// per stage, each calling `setData` with that stage's data inside the block, each checked
  /// by `guard` first.
  ///
  /// - With `.reconfigure` or a silent refresh, an update stage needs no block of its own
  ///   before the next stage: silent refreshes ride inside it, reconfigures follow it in a
  ///   block of their own (see `ReplayOptions`).
  /// - When the target is not on screen, or `strategy` is `.reloadData`, the final data is
  ///   set once and the target reloaded.
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
  /// - `completion` is called exactly once: after the last block, or the reload that
  ///   replaced the blocks; with `false` when the guard refused a block (the animation the
  ///   app asked for did not run to its end: the view jumped to the final data).
  ///
  /// A view never throws (its `Failure` is `Never`), so its replay needs no `try`. A class
  /// target has a non-mutating overload, so a view held in a `let` replays too.
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay.
  ///   - strategy: Batch updates, animated or not, or a plain reload.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - options: How the calls are laid out in blocks.
  ///   - scrollPosition: What happens to the scroll position: left alone by default; see
  ///     `ScrollPositionPolicy`. A reload keeps only the bottom, since the view cannot tell
  ///     which item it showed where; `UpdatePipeline` and `CollectionCoordinator`, which know
  ///     the data, keep the anchor across reloads too.
  ///   - check: What to do with a block UIKit would refuse; `UpdateGuard.standard` by
  ///     default.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: Switches the app's data source to the given data.
  ///   - completion: Called once at the end, with whether everything was applied.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Throws: `Failure`, when the target refuses a block.
  /// - Complexity: O(s + c log c), where s is the number of stages and c the number of
  ///   changes, plus O(S) per block for the guard, where S is the number of sections, plus
  ///   what the target spends on each block.
  @inlinable
  public mutating func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = .animatedBatchUpdates,
    elementUpdates: ElementUpdates = .reload,
    options: ReplayOptions = ReplayOptions(),
    scrollPosition: ScrollPositionPolicy = .none,
    guard check: UpdateGuard = .standard,
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void,
    completion: ((Bool) -> Void)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) throws(Failure) {
    try _guardedReplay(
      staged, on: &self, counts: { .items($0.count) }, strategy: strategy,
      elementUpdates: { _ in elementUpdates }, options: options, guard: check, interrupt: interrupt,
      setData: setData, completion: completion, scroll: _ScrollKeeping(policy: scrollPosition),
      site: _CallSite(fileID: fileID, line: line))
  }

  /// Replays a staged changeset of sections onto a view: one `performBatchUpdates` block per
  /// stage, each calling `setData` with that stage's data inside the block, each checked by
  /// `guard` first against the item count of every section.
  ///
  /// See the flat overload for the rules.
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay.
  ///   - strategy: Batch updates, animated or not, or a plain reload.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - options: How the calls are laid out in blocks.
  ///   - scrollPosition: What happens to the scroll position: left alone by default; see
  ///     `ScrollPositionPolicy`. A reload keeps only the bottom, since the view cannot tell
  ///     which item it showed where; `UpdatePipeline` and `CollectionCoordinator`, which know
  ///     the data, keep the anchor across reloads too.
  ///   - check: What to do with a block UIKit would refuse; `UpdateGuard.standard` by
  ///     default.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: Switches the app's data source to the given data.
  ///   - completion: Called once at the end, with whether everything was applied.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Throws: `Failure`, when the target refuses a block.
  /// - Complexity: O(s + c log c), where s is the number of stages and c the number of
  ///   changes, plus O(S) per block for the guard, where S is the number of sections, plus
  ///   what the target spends on each block.
  @inlinable
  public mutating func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = .animatedBatchUpdates,
    elementUpdates: ElementUpdates = .reload,
    options: ReplayOptions = ReplayOptions(),
    scrollPosition: ScrollPositionPolicy = .none,
    guard check: UpdateGuard = .standard,
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void,
    completion: ((Bool) -> Void)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) throws(Failure) where C.Element: DifferentiableSection {
    try _guardedReplay(
      staged, on: &self, counts: { .sections(of: $0) }, strategy: strategy,
      elementUpdates: { _ in elementUpdates }, options: options, guard: check, interrupt: interrupt,
      setData: setData, completion: completion, scroll: _ScrollKeeping(policy: scrollPosition),
      site: _CallSite(fileID: fileID, line: line))
  }
}

extension BatchUpdateTarget where Snapshot == Void, Self: AnyObject {
  /// Replays a staged changeset of a flat list on a class target, such as a view held in a
  /// `let`; see the mutating overload for the rules, the guard included.
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay.
  ///   - strategy: Batch updates, animated or not, or a plain reload.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - options: How the calls are laid out in blocks.
  ///   - scrollPosition: What happens to the scroll position: left alone by default; see
  ///     `ScrollPositionPolicy`. A reload keeps only the bottom, since the view cannot tell
  ///     which item it showed where; `UpdatePipeline` and `CollectionCoordinator`, which know
  ///     the data, keep the anchor across reloads too.
  ///   - check: What to do with a block UIKit would refuse; `UpdateGuard.standard` by
  ///     default.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: Switches the app's data source to the given data.
  ///   - completion: Called once at the end, with whether everything was applied.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Throws: `Failure`, when the target refuses a block.
  /// - Complexity: O(s + c log c), where s is the number of stages and c the number of
  ///   changes, plus O(S) per block for the guard, where S is the number of sections, plus
  ///   what the target spends on each block.
  @inlinable
  public func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = .animatedBatchUpdates,
    elementUpdates: ElementUpdates = .reload,
    options: ReplayOptions = ReplayOptions(),
    scrollPosition: ScrollPositionPolicy = .none,
    guard check: UpdateGuard = .standard,
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void,
    completion: ((Bool) -> Void)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) throws(Failure) {
    var target = self
    try _guardedReplay(
      staged, on: &target, counts: { .items($0.count) }, strategy: strategy,
      elementUpdates: { _ in elementUpdates }, options: options, guard: check, interrupt: interrupt,
      setData: setData, completion: completion, scroll: _ScrollKeeping(policy: scrollPosition),
      site: _CallSite(fileID: fileID, line: line))
  }

  /// Replays a staged changeset of sections on a class target, such as a view held in a
  /// `let`; see the mutating flat overload for the rules, the guard included.
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay.
  ///   - strategy: Batch updates, animated or not, or a plain reload.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - options: How the calls are laid out in blocks.
  ///   - scrollPosition: What happens to the scroll position: left alone by default; see
  ///     `ScrollPositionPolicy`. A reload keeps only the bottom, since the view cannot tell
  ///     which item it showed where; `UpdatePipeline` and `CollectionCoordinator`, which know
  ///     the data, keep the anchor across reloads too.
  ///   - check: What to do with a block UIKit would refuse; `UpdateGuard.standard` by
  ///     default.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: Switches the app's data source to the given data.
  ///   - completion: Called once at the end, with whether everything was applied.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Throws: `Failure`, when the target refuses a block.
  /// - Complexity: O(s + c log c), where s is the number of stages and c the number of
  ///   changes, plus O(S) per block for the guard, where S is the number of sections, plus
  ///   what the target spends on each block.
  @inlinable
  public func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = .animatedBatchUpdates,
    elementUpdates: ElementUpdates = .reload,
    options: ReplayOptions = ReplayOptions(),
    scrollPosition: ScrollPositionPolicy = .none,
    guard check: UpdateGuard = .standard,
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void,
    completion: ((Bool) -> Void)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line
  ) throws(Failure) where C.Element: DifferentiableSection {
    var target = self
    try _guardedReplay(
      staged, on: &target, counts: { .sections(of: $0) }, strategy: strategy,
      elementUpdates: { _ in elementUpdates }, options: options, guard: check, interrupt: interrupt,
      setData: setData, completion: completion, scroll: _ScrollKeeping(policy: scrollPosition),
      site: _CallSite(fileID: fileID, line: line))
  }
}

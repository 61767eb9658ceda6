import StagecraftDiff

extension BatchUpdateTarget where Snapshot == Void {
  /// Replays a staged changeset: one `performBatchUpdates` block per stage, each calling
  /// `setData` with that stage's data inside the block.
  ///
  /// - With `.reconfigure` or a silent refresh, an update stage needs no block of its own:
  ///   its updates ride with the next stage, reconfigured (or refreshed) at their position
  ///   after that block, so a flat changeset takes at most two blocks.
  /// - When the target is not on screen, or `strategy` is `.reloadData`, the final data is
  ///   set once and the target reloaded.
  /// - `interrupt` sees each block's changeset before it is applied; returning `true`
  ///   sets the final data and reloads instead of applying the rest.
  /// - `completion` is called exactly once: after the last block, or the reload that
  ///   replaced the blocks, with `false` when a block was refused.
  ///
  /// A view never throws (its `Failure` is `Never`), so its replay needs no `try`. A class
  /// target has a non-mutating overload, so a view held in a `let` replays too.
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay.
  ///   - strategy: Batch updates, animated or not, or a plain reload.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: Switches the app's data source to the given data.
  ///   - completion: Called once at the end, with whether everything was applied.
  /// - Throws: `Failure`, when the target refuses a block.
  /// - Complexity: O(s + c log c), where s is the number of stages and c the number of
  ///   changes, plus what the target spends on each block.
  public mutating func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = .animatedBatchUpdates,
    elementUpdates: ElementUpdates = .reload,
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void,
    completion: ((Bool) -> Void)? = nil
  ) throws(Failure) {
    try _replay(
      staged, on: &self, snapshot: { (_: C) throws(Failure) in () }, strategy: strategy,
      elementUpdates: { _ in elementUpdates }, interrupt: interrupt, setData: setData,
      completion: completion)
  }
}

extension BatchUpdateTarget where Snapshot == Void, Self: AnyObject {
  /// Replays a staged changeset on a class target, such as a view held in a `let`: one
  /// `performBatchUpdates` block per stage, each calling `setData` with that stage's data
  /// inside the block.
  ///
  /// See the mutating overload for the rules; this one only lets a reference be used
  /// without `var`.
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay.
  ///   - strategy: Batch updates, animated or not, or a plain reload.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: Switches the app's data source to the given data.
  ///   - completion: Called once at the end, with whether everything was applied.
  /// - Throws: `Failure`, when the target refuses a block.
  /// - Complexity: O(s + c log c), where s is the number of stages and c the number of
  ///   changes, plus what the target spends on each block.
  public func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = .animatedBatchUpdates,
    elementUpdates: ElementUpdates = .reload,
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void,
    completion: ((Bool) -> Void)? = nil
  ) throws(Failure) {
    var target = self
    try _replay(
      staged, on: &target, snapshot: { (_: C) throws(Failure) in () }, strategy: strategy,
      elementUpdates: { _ in elementUpdates }, interrupt: interrupt, setData: setData,
      completion: completion)
  }
}

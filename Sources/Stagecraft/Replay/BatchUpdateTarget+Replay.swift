extension BatchUpdateTarget {
  /// Replays a staged changeset: one `performBatchUpdates` per stage, each calling
  /// `setData` with that stage's data inside the block.
  ///
  /// - With `.reconfigure` or `.silent` element updates, an update stage needs no block of
  ///   its own: its updates ride along with the next stage (reconfigured at, or silently
  ///   looked up at, their position after that block), so a flat changeset takes at most
  ///   two blocks instead of three.
  /// - When the target is not on screen, or `strategy` is `.reloadData`, the final data is
  ///   set once and the target reloaded.
  /// - `interrupt` sees each block's changeset before it is applied; returning `true`
  ///   sets the final data and reloads instead of applying the rest.
  /// - `completion` is called exactly once: after the last block (or the reload that
  ///   replaced the blocks), with `false` when a block was refused.
  ///
  /// ```swift
  /// var model = CollectionModel(items: old)
  /// try model.reload(using: StagedChangeset(source: old, target: new), elementUpdates: .reconfigure)
  /// model.items == new       // true
  /// model.staleCells         // []
  /// ```
  ///
  /// In a view controller:
  ///
  /// ```swift
  /// collectionView.reload(using: staged, setData: { self.items = $0 })
  /// ```
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay.
  ///   - strategy: Batch updates, animated or not, or a plain reload.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: Switches the app's data source to the given data.
  ///   - completion: Called once at the end, with whether everything was applied.
  /// - Throws: `BatchUpdateError` when the target refuses a block (`CollectionModel`).
  /// - Complexity: O(s · (n + c log c)) for `CollectionModel`, where s is the number of
  ///   stages, n the number of items and c the number of changes.
  public mutating func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = .animatedBatchUpdates,
    elementUpdates: ElementUpdateMode = .reload,
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void = { _ in },
    completion: ((Bool) -> Void)? = nil
  ) throws {
    try _reload(
      using: staged, strategy: strategy, elementUpdates: { _ in elementUpdates },
      interrupt: interrupt, setData: setData, completion: completion)
  }

  /// The replay, with an element-update mode per updated path (before the batch).
  @usableFromInline
  internal mutating func _reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy,
    elementUpdates: (ElementPath) -> ElementUpdateMode,
    interrupt: ((Changeset<C>) -> Bool)?,
    setData: (C) -> Void,
    completion: ((Bool) -> Void)?
  ) throws {
    guard let final = staged.last?.data else {
      completion?(true)
      return
    }
    func reloadInstead() throws {
      do {
        try reloadData(newData: final, setData: { setData(final) })
      } catch {
        completion?(false)
        throw error
      }
      completion?(true)
    }
    guard isOnScreen, strategy != .reloadData else { return try reloadInstead() }

    let blocks = _ReplayBlock.blocks(for: staged, elementUpdates: elementUpdates)
    for (index, block) in blocks.enumerated() {
      if let interrupt, interrupt(block.changeset) { return try reloadInstead() }
      let isLast = index == blocks.count - 1
      let data = block.changeset.data
      do {
        try performBatchUpdates(
          block.batch, newData: data, animated: strategy == .animatedBatchUpdates,
          setData: { setData(data) }, refreshing: block.refreshing,
          completion: isLast ? completion : nil)
      } catch {
        completion?(false)
        throw error
      }
    }
  }
}

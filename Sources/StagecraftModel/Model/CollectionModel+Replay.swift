import StagecraftDiff
import StagecraftReplay

extension CollectionModel: BatchUpdateTarget {
  /// A refused block throws UIKit's refusal.
  public typealias Failure = BatchUpdateError
  /// The model is its own data source: each block hands it the sections after it.
  public typealias Snapshot = [Section]
  /// The model refreshes its realized cells itself, so it takes every mode.
  public typealias ElementUpdates = ElementUpdateMode

  /// Whether the model plays a view in a window: `configuration.isOnScreen`.
  ///
  /// - Complexity: O(1).
  public var isOnScreen: Bool { configuration.isOnScreen }

  /// The item count of each section: the counts the model holds now.
  ///
  /// - Complexity: O(S), where S is the number of sections.
  public var displayedItemCounts: [Int]? { _itemCounts }

  /// The view the model plays: `configuration.view`.
  ///
  /// - Complexity: O(1).
  public var viewKind: ListViewKind { configuration.view }

  /// Calls `setData`, then makes `snapshot` the data source and reloads.
  ///
  /// - Parameters:
  ///   - snapshot: The new data source.
  ///   - setData: The app's side of the switch.
  /// - Complexity: O(S + v), where S is the number of sections and v the number of cells
  ///   in the viewport, plus copying `snapshot`.
  public mutating func reloadData(_ snapshot: [Section], setData: () -> Void) {
    setData()
    _reloadData(newSections: snapshot)
  }

  /// Calls `setData`, then validates and applies `batch` with `snapshot` as the data source
  /// after it, refreshing the listed realized cells in place; then calls `completion`.
  ///
  /// - Parameters:
  ///   - batch: The calls made inside the block.
  ///   - snapshot: The data source after the block.
  ///   - animated: Recorded in `events`.
  ///   - setData: The app's side of the switch; called first, as inside a real block.
  ///   - refreshing: Silent refreshes, from a cell's path before to its element's path
  ///     after.
  ///   - elementUpdates: Unused: the model refreshes its cells itself.
  ///   - completion: Called with `true` once the batch is applied; not called when refused.
  /// - Throws: `BatchUpdateError` when UIKit would raise; the model is then unchanged.
  /// - Complexity: O(S + c log c + r), where S is the number of sections, c the number of
  ///   calls and r the number of realized cells and selected items.
  @inlinable
  public mutating func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: [Section], animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) throws(BatchUpdateError) {
    // A replacement, as every target takes it: its calls, without the planned refreshes.
    let replacement = setData()
    try _apply(
      replacement ?? batch, newSections: snapshot, animated: animated,
      refreshing: replacement == nil ? refreshing : [])
    completion?(true)
  }
}

extension CollectionModel {
  /// Replays a staged changeset of sections: one validated batch per block, each calling
  /// `setData` with that stage's data inside the block.
  ///
  /// - The strategy (`UpdateStrategy`) says everything the replay decides: whether the blocks
  ///   animate (they always ask to), when one reload replaces them, how updated elements
  ///   reach their cells (`elementUpdates`), where reconfigures go, and what the scroll
  ///   position of a model with a `geometry` keeps. It means here what it means on a view:
  ///   the same changeset and strategy end at the same data, blocks, anchor and offset.
  /// - When `configuration.isOnScreen` is `false`, or the strategy reloads, the
  ///   final data is set once and the model reloaded.
  /// - `interrupt` sees each block's changeset before it is applied; returning `true`
  ///   sets the final data and reloads instead of applying the rest.
  /// - `completion` is called exactly once, with the outcome: `.applied` after the last
  ///   block, `.reloaded` after a reload that replaced the blocks, `.refused` when a block
  ///   was refused.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// let old = [ArraySection(model: "A", elements: [1, 2]), ArraySection(model: "B", elements: [3])]
  /// let new = [ArraySection(model: "B", elements: [3, 1]), ArraySection(model: "A", elements: [2])]
  /// var model = CollectionModel(sections: old)
  /// try model.reload(using: StagedChangeset(source: old, target: new))
  /// print(model.sections == new)  // prints true
  /// ```
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay.
  ///   - strategy: The update's settings; the defaults by default.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: The app's side of each switch.
  ///   - completion: Called once at the end, with the outcome.
  /// - Throws: `BatchUpdateError` when a block is refused; the model is then left as it was
  ///   before the replay.
  /// - Complexity: O(s · (S + c log c + r)), where s is the number of stages, S the number
  ///   of sections, c the number of changes and r the number of realized cells and selected
  ///   items, plus copying each stage's data.
  @inlinable
  public mutating func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = UpdateStrategy(),
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void = { _ in },
    completion: ((ReplayOutcome) -> Void)? = nil
  ) throws(BatchUpdateError) where C.Element == Section {
    let request = _ReplayRequest(
      staged, strategy: strategy, itemCount: { _finalElementCount(staged) },
      interrupt: interrupt)
    try _atomically { (model: inout Self) throws(BatchUpdateError) in
      try _replay(
        staged, on: &model, request,
        snapshot: { (data: C) throws(BatchUpdateError) in Array(data) },
        setData: setData, completion: completion)
    }
  }

  /// Replays a staged changeset of the items of section 0: one validated batch per block,
  /// each calling `setData` with that stage's data inside the block. The changeset's type
  /// decides: a list of elements replays into section 0, even when its elements are
  /// sections themselves. The rules are the sectioned form's.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var model = CollectionModel(items: ["a", "b", "c"])
  /// try model.reload(
  ///   using: StagedChangeset(source: ["a", "b", "c"], target: ["c", "b", "d"]),
  ///   strategy: UpdateStrategy().elementUpdates(.reconfigure))
  /// print(model.items)  // prints ["c", "b", "d"]
  /// ```
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay, of section 0's items.
  ///   - strategy: The update's settings; the defaults by default.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: The app's side of each switch.
  ///   - completion: Called once at the end, with the outcome.
  /// - Throws: `BatchUpdateError` when a block is refused, or with `.noSectionForItems`
  ///   when the model has no section; the model is then left as it was before the replay.
  /// - Complexity: O(s · (S + c log c + r)), where s is the number of stages, S the number
  ///   of sections, c the number of changes and r the number of realized cells and selected
  ///   items, plus copying each stage's data.
  @inlinable
  public mutating func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = UpdateStrategy(),
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void = { _ in },
    completion: ((ReplayOutcome) -> Void)? = nil
  ) throws(BatchUpdateError) where C.Element == Element {
    let request = _ReplayRequest(
      staged, strategy: strategy, itemCount: { _finalElementCount(staged) },
      interrupt: interrupt)
    let snapshot: (C) -> [Section]
    do {
      snapshot = try _sectionsReplacingFirst(for: staged)
    } catch {
      completion?(staged.isEmpty ? .applied : .refused)
      if staged.isEmpty { return }
      throw error
    }
    try _atomically { (model: inout Self) throws(BatchUpdateError) in
      try _replay(
        staged, on: &model, request,
        snapshot: { (data: C) throws(BatchUpdateError) in snapshot(data) },
        setData: setData, completion: completion)
    }
  }

  /// The data source of a flat replay: the sections with the first one's elements replaced.
  ///
  /// - Throws: `.noSectionForItems` when the model has no section.
  /// - Complexity: O(1); each call of the result, O(S) for S sections plus the elements.
  @usableFromInline package func _sectionsReplacingFirst<C: Collection>(
    for _: StagedChangeset<C>
  ) throws(BatchUpdateError) -> (C) -> [Section] where C.Element == Element {
    guard let first = sections.first else {
      throw BatchUpdateError(
        .noSectionForItems, wording: configuration.wording, view: configuration.view)
    }
    var others = sections
    return { data in
      others[0] = Section(source: first, elements: data)
      return others
    }
  }

  /// Runs `body` on the model; when it throws, the model is put back as it was.
  ///
  /// The two logs (`events`, `scrollEvents`) are set aside while `body` runs, unbounded, and
  /// what it logged is appended to them after, one event at a time, so that they are bounded
  /// exactly as if it had been logged there: the copy kept for a failure would otherwise
  /// share them, and the first event of every update would copy a whole log (up to twice
  /// `configuration.eventLimit` entries).
  ///
  /// - Complexity: That of `body`, plus O(e) for the e events it logs.
  @usableFromInline
  mutating func _atomically(
    _ body: (inout Self) throws(BatchUpdateError) -> Void
  ) throws(BatchUpdateError) {
    var (logged, scrolled) = ([Event](), [ScrollEvent]())
    let limit = configuration.eventLimit
    configuration.eventLimit = nil
    swap(&logged, &events)
    swap(&scrolled, &_scrollEvents)
    let saved = self
    var failure: BatchUpdateError?
    do {
      try body(&self)
    } catch {
      self = saved
      failure = error
    }
    // The logs back, bounded again, then what the body logged after them (nothing when it
    // failed: the model is as it was).
    swap(&logged, &events)
    swap(&scrolled, &_scrollEvents)
    configuration.eventLimit = limit
    if let failure { throw failure }
    for event in logged { events.append(event) }
    for event in scrolled { _scrollEvents.append(event) }
  }
}

import StagecraftDiff
import StagecraftReplay

/// A `CollectionModel` held the way a view is: a main-actor object that replays and
/// animates, for code that updates a list over time (an update pipeline, a data source).
///
/// With `holdsAnimations`, a block's animation stays in flight until `finishAnimations()`:
/// its completion is not called before, so a test can observe what happens while an
/// animation runs — a second replay that does not wait for it shows up in
/// `overlappingBlocks`.
///
/// ```swift
/// import Stagecraft
///
/// @MainActor func animate() throws -> [String] {
///   let view = CollectionModelView(CollectionModel(items: [1, 2, 3]))
///   view.holdsAnimations = true
///   var finished = false
///   try view.reload(
///     using: StagedChangeset(source: [1, 2, 3], target: [3, 1]),
///     completion: { finished = $0 == .applied })
///   var log = ["\(finished) \(view.animationsInFlight)"]
///   view.finishAnimations()
///   log.append("\(finished) \(view.animationsInFlight)")
///   return log
/// }
/// print(try await animate())  // prints ["false 2", "true 0"]
/// ```
@MainActor
public final class CollectionModelView<Section: DifferentiableSection> {
  /// The model: data source, realized cells, selection.
  public var model: CollectionModel<Section>

  /// Whether a block's completion waits for `finishAnimations()`, as a real animation
  /// takes time; `false` (completions at once) by default.
  public var holdsAnimations: Bool {
    get { held.holds }
    set { held.holds = newValue }
  }

  /// The number of blocks applied while an earlier replay was still animating: while the
  /// last block of a replay, the one with a completion, had not finished.
  public var overlappingBlocks: Int { held.overlappingBlocks }

  private var held = _HeldAnimations()

  /// Creates a view showing `model`.
  ///
  /// - Parameter model: The model to hold.
  /// - Complexity: O(1).
  public init(_ model: CollectionModel<Section>) {
    self.model = model
  }

  /// The number of animated blocks whose animation has not finished.
  ///
  /// - Complexity: O(1).
  public var animationsInFlight: Int { held.count }

  /// Ends every animation in flight, calling their completions in order with `true`.
  ///
  /// - Complexity: O(a), where a is the number of animations in flight.
  public func finishAnimations() {
    for completion in held.takeAll() { completion?(true) }
  }

}

extension CollectionModelView: @MainActor BatchUpdateTarget {
  /// A refused block throws UIKit's refusal.
  public typealias Failure = BatchUpdateError
  /// The model is its own data source: each block hands it the sections after it.
  public typealias Snapshot = [Section]
  /// The model refreshes its realized cells itself, so it takes every mode.
  public typealias ElementUpdates = ElementUpdateMode

  /// Whether the model plays a view in a window.
  ///
  /// - Complexity: O(1).
  public var isOnScreen: Bool { model.isOnScreen }

  /// The item count of each section the model holds.
  ///
  /// - Complexity: O(S), where S is the number of sections.
  public var displayedItemCounts: [Int]? { model.displayedItemCounts }

  /// The view the model plays.
  ///
  /// - Complexity: O(1).
  public var viewKind: ListViewKind { model.viewKind }

  /// Calls `setData`, then makes `snapshot` the data source and reloads.
  ///
  /// - Parameters:
  ///   - snapshot: The new data source.
  ///   - setData: The app's side of the switch.
  /// - Complexity: That of `CollectionModel.reloadData(_:setData:)`.
  public func reloadData(_ snapshot: [Section], setData: () -> Void) {
    model.reloadData(snapshot, setData: setData)
  }

  /// Applies one block to the model; its completion is called at once, or when
  /// `finishAnimations()` ends its animation.
  ///
  /// - Parameters:
  ///   - batch: The calls made inside the block.
  ///   - snapshot: The data source after the block.
  ///   - animated: Whether the block animates (only animated blocks are held).
  ///   - setData: The app's side of the switch.
  ///   - refreshing: Silent refreshes, from a cell's path before to its element's path after.
  ///   - elementUpdates: Unused: the model refreshes its cells itself.
  ///   - completion: Called once the block's animation ends.
  /// - Throws: `BatchUpdateError` when UIKit would raise; the model is then unchanged.
  /// - Complexity: That of `CollectionModel.performBatchUpdates`.
  public func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: [Section], animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) throws(BatchUpdateError) {
    held.blockWillApply()
    try model.performBatchUpdates(
      batch, snapshot: snapshot, animated: animated, setData: setData, refreshing: refreshing,
      by: elementUpdates, completion: nil)
    if !held.hold(completion, animated: animated) { completion?(true) }
  }

}

extension CollectionModelView: @MainActor ReorderableTarget {
  /// Moves the model's item as the user's drag does; see
  /// `CollectionModel.moveItemInteractively(from:to:)`.
  ///
  /// - Parameters:
  ///   - source: Where the item is.
  ///   - destination: Where it is after the move.
  /// - Throws: `BatchUpdateError` when a path does not exist; the model is then unchanged.
  /// - Complexity: That of `CollectionModel.moveItemInteractively(from:to:)`.
  public func moveItemInteractively(from source: ElementPath, to destination: ElementPath)
    throws(BatchUpdateError)
  {
    try model.moveItemInteractively(from: source, to: destination)
  }
}

/// The view's selection and scrolling are its model's (`CollectionModelHolder`).
extension CollectionModelView: @MainActor CollectionModelHolder {
  /// Changes the model.
  ///
  /// - Parameter change: The change.
  /// - Complexity: That of `change`.
  package func updateModel(_ change: (inout CollectionModel<Section>) -> Void) { change(&model) }

  /// Reads the model in place.
  ///
  /// - Complexity: That of `read`.
  package func readModel<Result>(
    _ read: (borrowing CollectionModel<Section>) -> Result
  ) -> Result {
    read(model)
  }
}

extension CollectionModelView: @MainActor ReplayObservingTarget {
  /// Starts one update of the model (see `ReplayObservingTarget.replayWillBegin()`).
  ///
  /// - Complexity: O(1).
  public func replayWillBegin() { model.replayWillBegin() }

  /// Ends one update of the model: its triggers are evaluated after the outermost.
  ///
  /// - Complexity: That of the model's `replayDidEnd()`.
  public func replayDidEnd() { model.replayDidEnd() }
}

extension CollectionModelView {
  /// Replays a staged changeset of sections on the model, as `CollectionModel.reload` does,
  /// with the animations as this view holds them.
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay.
  ///   - strategy: The update's settings (`UpdateStrategy`); the defaults by default.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: The app's side of each switch.
  ///   - completion: Called once at the end (when the last animation finishes), with the
  ///     outcome.
  /// - Throws: `BatchUpdateError` when a block is refused; the model is then left as it was
  ///   before the replay.
  /// - Complexity: That of `CollectionModel.reload(using:…)`.
  public func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = UpdateStrategy(),
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void = { _ in },
    completion: ((ReplayOutcome) -> Void)? = nil
  ) throws(BatchUpdateError) where C.Element == Section {
    try replay(staged, strategy, interrupt, setData, completion) { Array($0) }
  }

  /// Replays a staged changeset of the items of section 0 on the model, as
  /// `CollectionModel.reload` does, with the animations as this view holds them.
  ///
  /// - Parameters:
  ///   - staged: The changeset to replay, of section 0's items.
  ///   - strategy: The update's settings (`UpdateStrategy`); the defaults by default.
  ///   - interrupt: Decides, per block, to reload instead of applying the rest.
  ///   - setData: The app's side of each switch.
  ///   - completion: Called once at the end (when the last animation finishes), with the
  ///     outcome.
  /// - Throws: `BatchUpdateError` when a block is refused, or with `.noSectionForItems`
  ///   when the model has no section; the model is then left as it was before the replay.
  /// - Complexity: That of `CollectionModel.reload(using:…)`.
  public func reload<C: Collection>(
    using staged: StagedChangeset<C>,
    strategy: UpdateStrategy = UpdateStrategy(),
    interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void = { _ in },
    completion: ((ReplayOutcome) -> Void)? = nil
  ) throws(BatchUpdateError) where C.Element == Section.Collection.Element {
    let snapshot: (C) -> [Section]
    do {
      snapshot = try model._sectionsReplacingFirst(for: staged)
    } catch {
      completion?(staged.isEmpty ? .applied : .refused)
      if staged.isEmpty { return }
      throw error
    }
    try replay(staged, strategy, interrupt, setData, completion, snapshot: snapshot)
  }

  private func replay<C: Collection>(
    _ staged: StagedChangeset<C>, _ strategy: UpdateStrategy,
    _ interrupt: ((Changeset<C>) -> Bool)?, _ setData: (C) -> Void,
    _ completion: ((ReplayOutcome) -> Void)?, snapshot: (C) -> [Section]
  ) throws(BatchUpdateError) {
    let request = _ReplayRequest(
      staged, strategy: strategy, itemCount: { _finalElementCount(staged) },
      interrupt: interrupt)
    let saved = model
    var target = self
    do {
      try _replay(
        staged, on: &target, request,
        snapshot: { (data: C) throws(BatchUpdateError) in snapshot(data) },
        setData: setData, completion: completion)
    } catch {
      model = saved
      throw error
    }
  }
}

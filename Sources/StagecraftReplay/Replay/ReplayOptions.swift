/// How a replay lays its calls out in update blocks, where the evidence on what UIKit
/// accepts is thin (the article The Batch-Update Rules, "Reconfigures inside a block" and
/// "Moves beside other changes").
///
/// The defaults are the layout the evidence supports:
/// - reconfigures go in a block of their own, after the structural block they follow;
/// - moves are replayed as moves.
///
/// ```swift
/// import Stagecraft
///
/// var model = CollectionModel(items: ["a", "b", "c"])
/// try model.reload(
///   using: StagedChangeset(source: ["a", "b", "c"], target: ["c", "a", "b"]),
///   options: ReplayOptions(replaysMovesAsDeletesAndInserts: true))
/// let moves = model.events.map { event in
///   if case .batchUpdates(let batch, _) = event { batch.moveItems.count } else { 0 }
/// }
/// print(moves)  // prints [0]
/// print(model.items)  // prints ["c", "a", "b"]
/// ```
public struct ReplayOptions: Hashable, Sendable {
  /// Whether an update stage's reconfigures ride inside the next stage's block, at their
  /// positions after it (one block fewer), instead of in a block of their own right after
  /// it. `false` by default: Apple advises reconfiguring outside a batch, and the libraries
  /// that reconfigure on a real view do it in a second block.
  public var reconfiguresInsideStructuralBlock: Bool

  /// Whether every item move is replayed as a delete at its source and an insert at its
  /// target. The moved cells are then replaced (and lose their selection) instead of
  /// sliding; for table views on which moves beside other changes misbehave. `false` by
  /// default.
  public var replaysMovesAsDeletesAndInserts: Bool

  /// Creates options; every option is off by default.
  ///
  /// - Parameters:
  ///   - reconfiguresInsideStructuralBlock: Let reconfigures ride inside the structural
  ///     block.
  ///   - replaysMovesAsDeletesAndInserts: Replay item moves as deletes and inserts.
  /// - Complexity: O(1).
  public init(
    reconfiguresInsideStructuralBlock: Bool = false, replaysMovesAsDeletesAndInserts: Bool = false
  ) {
    self.reconfiguresInsideStructuralBlock = reconfiguresInsideStructuralBlock
    self.replaysMovesAsDeletesAndInserts = replaysMovesAsDeletesAndInserts
  }
}

/// How one replay of a staged changeset ended: what `reload(using:)` hands its completion,
/// once.
///
/// Every case but `.refused` leaves the target showing the final data. They tell apart what
/// a `Bool` could not: UIKit's `false` for an animation that another one cut short, and the
/// guard's reload in place of a block the view would have refused.
///
/// ```swift
/// import Stagecraft
///
/// var model = CollectionModel(items: [1, 2, 3])
/// var outcomes: [ReplayOutcome] = []
/// try model.reload(
///   using: StagedChangeset(source: [1, 2, 3], target: [3, 1]),
///   completion: { outcomes.append($0) })
/// try model.reload(
///   using: StagedChangeset(source: [3, 1], target: [1]), strategy: .reloadData,
///   completion: { outcomes.append($0) })
/// print(outcomes)  // prints [applied, reloaded]
/// ```
public enum ReplayOutcome: Hashable, Sendable {
  /// Every block was performed and its animations ran to their end.
  case applied
  /// Every block was performed, but the view ended their animations early (UIKit's
  /// completion `false`: another animation or a layout cut them short). The target shows
  /// the final data.
  case interrupted
  /// The final data was set once and the target reloaded instead of the blocks: the
  /// strategy reloads (`reloadAboveChanges`, `reloadAboveCount`, `.reloadData`), the
  /// replay's `interrupt` said so, or the target was off screen (a view off screen reads its
  /// counts early; a guard reports it to `onFallback` as `.offScreen`).
  case reloaded
  /// The guard kept from the view a block that UIKit would refuse (or could not check it)
  /// and reloaded it with the final data instead, reported once to `UpdateGuard.onFallback`.
  case fellBack
  /// The target refused a block and threw (`CollectionModel`, which is then as it was
  /// before the replay).
  case refused

  /// Whether the target shows the final data: every outcome but `.refused`.
  ///
  /// - Complexity: O(1).
  public var showsFinalData: Bool { self != .refused }
}

extension ReplayOutcome: CustomStringConvertible {
  /// The case's name.
  ///
  /// - Complexity: O(1).
  public var description: String {
    switch self {
    case .applied: "applied"
    case .interrupted: "interrupted"
    case .reloaded: "reloaded"
    case .fellBack: "fellBack"
    case .refused: "refused"
    }
  }
}

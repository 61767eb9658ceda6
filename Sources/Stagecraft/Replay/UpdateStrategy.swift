/// How a replay brings a staged changeset onto its target.
public enum UpdateStrategy: Hashable, Sendable {
  /// One animated `performBatchUpdates` per stage (the default).
  case animatedBatchUpdates
  /// One `performBatchUpdates` per stage, without animation.
  case nonanimatedBatchUpdates
  /// Set the final data and `reloadData()`: no animation, no validation of the stages.
  case reloadData
}

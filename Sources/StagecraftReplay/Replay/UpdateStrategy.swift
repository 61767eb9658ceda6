/// How a replay brings a staged changeset onto its target.
public enum UpdateStrategy: Hashable, Sendable, CaseIterable {
  /// One animated `performBatchUpdates` per block (the default).
  case animatedBatchUpdates
  /// One `performBatchUpdates` per block, without animation.
  case nonanimatedBatchUpdates
  /// Set the final data and `reloadData()`: no animation, no validation of the stages.
  case reloadData
}

/// How a replay brings a staged changeset onto its target.
public enum UpdateStrategy: Hashable, Sendable {
  /// One animated `performBatchUpdates` per stage (the default).
  case animatedBatchUpdates
  /// One `performBatchUpdates` per stage, without animation.
  case nonanimatedBatchUpdates
  /// Set the final data and `reloadData()`: no animation, no validation of the stages.
  case reloadData
}

/// How `elementUpdated` reaches the cells.
public enum ElementUpdateMode: Hashable, Sendable {
  /// `reloadItems`: the cell is replaced by a new one and loses its selection.
  case reload
  /// `reconfigureItems` (iOS 15): the cell is kept, re-configured from the new data, and
  /// keeps its selection.
  case reconfigure
  /// Inside the block, each realized cell is handed its new element directly, looked up at
  /// the item's position *after* the block; nothing is deleted or inserted, and the
  /// selection is kept.
  case silent
}

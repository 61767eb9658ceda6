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

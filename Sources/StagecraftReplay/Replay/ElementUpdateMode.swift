/// How updated elements reach the cells of a `CollectionModel`, or of any target that
/// refreshes cells in place itself.
///
/// ```swift
/// import Stagecraft
///
/// var model = CollectionModel(items: ["a", "b"])
/// try model.reload(
///   using: StagedChangeset(source: ["a", "b"], target: ["b", "c"]), elementUpdates: .reconfigure)
/// print(model.items)  // prints ["b", "c"]
/// ```
public enum ElementUpdateMode: Hashable, Sendable, CaseIterable {
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

extension ElementUpdateMode: ElementUpdateStyle {
  /// The mode itself.
  ///
  /// - Complexity: O(1).
  public var mode: ElementUpdateMode { self }
}

/// A way for updated elements to reach a target's cells: `ElementUpdateMode` for
/// `CollectionModel`, `CellUpdateMode` for a view, whose silent refresh needs the app's
/// cell configuration.
public protocol ElementUpdateStyle {
  /// Reload the updated items: new cells.
  static var reload: Self { get }
  /// Reconfigure the updated items: the same cells, re-configured.
  static var reconfigure: Self { get }
  /// Which of the three ways this is.
  var mode: ElementUpdateMode { get }
}

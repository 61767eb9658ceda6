import StagecraftDiff

/// How updated elements reach their cells: the setting `UpdateStrategy.elementUpdates`, and
/// what `CollectionModel`, or any target that refreshes cells in place itself, is handed.
///
/// ```swift
/// import Stagecraft
///
/// var model = CollectionModel(items: ["a", "b"])
/// try model.reload(
///   using: StagedChangeset(source: ["a", "b"], target: ["b", "c"]),
///   strategy: UpdateStrategy().elementUpdates(.reconfigure))
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
  /// selection is kept. A view needs the app's cell configuration for it (the entry point's
  /// `configureCell:`); without one, a view reconfigures instead.
  case silent
}

extension ElementUpdateMode: ElementUpdateStyle {
  /// A target handed this mode refreshes its cells itself: it takes no configuration.
  public typealias Cell = Never

  /// `mode` itself: the target refreshes its cells itself, silently too.
  ///
  /// - Parameters:
  ///   - mode: How updated elements reach their cells.
  ///   - configure: Unused.
  /// - Complexity: O(1).
  public init(_ mode: ElementUpdateMode, configuringCell configure: ((Never, ElementPath) -> Void)?)
  {
    self = mode
  }

  /// The mode itself.
  ///
  /// - Complexity: O(1).
  public var mode: ElementUpdateMode { self }
}

/// A way for updated elements to reach a target's cells: `ElementUpdateMode` for
/// `CollectionModel`, `CellUpdateMode` for a view, whose silent refresh needs the app's
/// cell configuration.
///
/// An entry point makes it once per update, from the strategy's `elementUpdates` and the cell
/// configuration it was given: `init(_:configuringCell:)`.
public protocol ElementUpdateStyle {
  /// The cell a silent refresh configures: `Never` for a target that refreshes its cells
  /// itself.
  associatedtype Cell
  /// Reload the updated items: new cells.
  static var reload: Self { get }
  /// Reconfigure the updated items: the same cells, re-configured.
  static var reconfigure: Self { get }
  /// The way `mode` says, with `configure` for a silent refresh of the target's cells.
  ///
  /// - Parameters:
  ///   - mode: How updated elements reach their cells (`UpdateStrategy.elementUpdates`).
  ///   - configure: The app's configuration of a cell for the item at a path, or `nil`.
  init(_ mode: ElementUpdateMode, configuringCell configure: ((Cell, ElementPath) -> Void)?)
  /// Which of the three ways this is.
  var mode: ElementUpdateMode { get }
}

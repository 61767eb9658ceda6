import StagecraftDiff

/// Which items of a `CollectionModel` have realized (visible or prefetched) cells.
///
/// ```swift
/// import Stagecraft
///
/// var model = CollectionModel(items: Array(0..<100), viewport: .items(0..<10))
/// print(model.cells.count)  // prints 10
/// model.viewport = .items(50..<60)  // scrolls: ten new cells, configured from the data
/// print(model.realizedPaths.first!)  // prints [0, 50]
/// ```
public enum Viewport: Hashable, Sendable {
  /// Every item has a cell.
  case all
  /// No item has a cell.
  case none
  /// The items at these positions, counted across sections in order (a scrolled window).
  case items(Range<Int>)
  /// Exactly these paths, where they exist.
  case paths(Set<ElementPath>)
}

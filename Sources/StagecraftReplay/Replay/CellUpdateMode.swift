import StagecraftDiff

/// How updated elements reach a view's cells: `UICollectionView`, `UITableView` or
/// `NSCollectionView`, whose cells only the app knows how to configure.
///
/// A silent refresh hands each realized cell its new element inside the update block,
/// without a reload or a reconfigure, so it needs the app's configuration code: the case
/// carries it, and a view cannot be asked for a silent refresh without it.
///
/// ```swift
/// import Stagecraft
///
/// let mode = CellUpdateMode<String>.silent { cell, path in print(cell, path) }
/// print(mode.mode)  // prints silent
/// ```
public enum CellUpdateMode<Cell>: ElementUpdateStyle {
  /// Reload the updated items: the cells are replaced and lose their selection.
  case reload
  /// Reconfigure the updated items (iOS 15 and later, and a reload before): the cells are
  /// kept, configured again by the data source, and keep their selection.
  case reconfigure
  /// Inside the update block, `configure` is called for each realized cell of an updated
  /// item, found at its position before the block, with the item's position after it, in
  /// the data the block has just switched to. The cells are kept, with their selection.
  /// A collection view then invalidates those items' layout through its layout's
  /// invalidation context, so that self-sizing cells take their new size; a table view
  /// measures its rows again at the end of the block.
  case silent(configure: (_ cell: Cell, _ itemAfter: ElementPath) -> Void)

  /// The way `mode` says: a silent refresh with `configure`, or, without a configuration, a
  /// reconfigure (UIKit's own refresh of a kept cell: the data source configures it again),
  /// since only the app knows how to configure its cells.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// print(CellUpdateMode<String>(.silent, configuringCell: nil).mode)  // prints reconfigure
  /// print(CellUpdateMode<String>(.silent, configuringCell: { _, _ in }).mode)  // prints silent
  /// ```
  ///
  /// - Parameters:
  ///   - mode: How updated elements reach their cells.
  ///   - configure: The app's configuration of a cell, for a silent refresh.
  /// - Complexity: O(1).
  public init(_ mode: ElementUpdateMode, configuringCell configure: ((Cell, ElementPath) -> Void)?)
  {
    switch mode {
    case .reload: self = .reload
    case .reconfigure: self = .reconfigure
    case .silent: self = configure.map { .silent(configure: $0) } ?? .reconfigure
    }
  }

  /// Which of the three ways this is.
  ///
  /// - Complexity: O(1).
  public var mode: ElementUpdateMode {
    switch self {
    case .reload: .reload
    case .reconfigure: .reconfigure
    case .silent: .silent
    }
  }
}

/// Something that takes batch updates: a `UICollectionView`, a `UITableView`, an
/// `NSCollectionView`, or the headless `CollectionModel`.
///
/// The replay (`reload(using:strategy:elementUpdates:interrupt:setData:completion:)`)
/// drives every target through the same code, so a test on `CollectionModel` tests what
/// runs on a device. A conformance only forwards: inside one update block it calls
/// `setData`, makes every call of the `BatchUpdate` (section and item deletes, inserts,
/// reloads, moves, reconfigures), and refreshes the listed realized cells in place.
public protocol BatchUpdateTarget {
  /// Whether the view is in a window. When it is not, the replay sets the data once and
  /// calls `reloadData` (a view off screen reads its counts early and would fail).
  var isOnScreen: Bool { get }

  /// Calls `setData`, then reloads everything.
  ///
  /// - Parameters:
  ///   - newData: The data the view shows afterwards, for targets that are their own data
  ///     source (`CollectionModel`); views read it from their data source instead.
  ///   - setData: Switches the app's data source to `newData`.
  /// - Throws: When a target that is its own data source cannot hold `newData`.
  /// - Complexity: O(n) for `CollectionModel`, where n is the number of items.
  mutating func reloadData<Data: Collection>(newData: Data, setData: () -> Void) throws

  /// Performs one update block: calls `setData` first, then every call of `batch`, then
  /// hands each listed realized cell its new element in place.
  ///
  /// - Parameters:
  ///   - batch: The calls to make inside the block.
  ///   - newData: The data after the block, for targets that are their own data source.
  ///   - animated: Whether to animate.
  ///   - setData: Switches the app's data source; called synchronously inside the block.
  ///   - refreshing: Silent refreshes: from the path of a realized cell before the block
  ///     to the path of the element it must show, after the block.
  ///   - completion: Called once when the block's animations end (`CollectionModel`:
  ///     at once), with whether they finished; not called when the block throws.
  /// - Throws: `BatchUpdateError` from `CollectionModel` when UIKit would raise.
  /// - Complexity: O(n + m + c log c) for `CollectionModel`.
  mutating func performBatchUpdates<Data: Collection>(
    _ batch: BatchUpdate, newData: Data, animated: Bool, setData: () -> Void,
    refreshing: [Move<ElementPath>], completion: ((Bool) -> Void)?
  ) throws
}

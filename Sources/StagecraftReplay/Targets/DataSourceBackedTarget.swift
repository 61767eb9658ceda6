/// A view that reads a data source it can be asked about directly: UIKit's collection and
/// table views, `NSCollectionView`, `HeadlessCollectionView`.
///
/// UIKit reads the data source after each block and raises when its answer is not the
/// cached counts changed by the block's calls. A guarded replay asks before each block: a
/// data source that answers other counts than the data the block was computed from changed
/// without an update (a loading section derived from a flag, a store mutated behind it), and
/// the guard reloads instead of handing the view a block it would refuse. It asks again
/// inside the block, once the block's data is set: on a mismatch, `setData` returns the
/// block to make instead (one valid whatever the counts), and the target makes it, as the
/// library's views do. A target that does not adopt this is checked against its own counts
/// only.
public protocol DataSourceBackedTarget: BatchUpdateTarget {
  /// The item count of each section as the target's data source answers now, read from the
  /// data source itself and not from the view's cache: for a `UICollectionView`, its
  /// `dataSource`'s `numberOfSections(in:)` and `collectionView(_:numberOfItemsInSection:)`.
  /// `nil` while the view has no data source.
  ///
  /// - Complexity: O(S) calls to the data source, where S is the number of sections.
  var dataSourceItemCounts: [Int]? { get }
}

extension DataSourceBackedTarget {
  /// `dataSourceItemCounts`, for the replay.
  public var _dataSourceItemCounts: [Int]? { dataSourceItemCounts }
}

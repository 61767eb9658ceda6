/// The kind of list view a target plays: it decides the words of a refusal, since
/// `UICollectionView` speaks of items and `UITableView` of rows.
///
/// ```swift
/// import Stagecraft
///
/// print(ListViewKind.tableView)  // prints tableView
/// ```
public enum ListViewKind: Hashable, Sendable, CaseIterable {
  /// A `UICollectionView` or an `NSCollectionView`: "items", "item counts", "collection
  /// view".
  case collectionView
  /// A `UITableView`: "rows", "row counts", "table view".
  case tableView
}

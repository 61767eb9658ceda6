#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftModel
  import UIKit

  /// A collection view's or table view's prefetch data source that hands the app
  /// identifiers, never index paths: set it as the view's `prefetchDataSource`.
  ///
  /// UIKit names the items to prefetch by index path, and does not say how the paths it
  /// asked for are remapped across `performBatchUpdates`: a path it cancels later may name
  /// another item (openradar 30632322; KarrotListKit keeps its prefetch work keyed by
  /// `IndexPath`, and wikipedia-ios #1140 left image loads running for paths that changed).
  /// The forwarder reads each path in the data the view shows at the call (`identifier`, the
  /// data source's lookup), asks the app once per item (`PrefetchLedger`), passes on only
  /// cancels of items it asked for, and cancels by itself the items an update deleted
  /// (`dataDidChange(holds:)`), whose paths UIKit can no longer name. Tell it which items
  /// are shown (`itemsDidAppear(at:)`, from `willDisplay`): their cells use what was
  /// prefetched, and an item scrolled away and back is asked for again.
  ///
  /// ```swift
  /// import Stagecraft
  /// import UIKit
  ///
  /// final class PhotosViewController: UICollectionViewController {
  ///   var photoIDs: [Int] = []
  ///   // The view holds its prefetch data source weakly: the controller keeps it.
  ///   lazy var prefetcher = PrefetchForwarder<Int>(
  ///     identifier: { [unowned self] path in
  ///       photoIDs.indices.contains(path.element) ? photoIDs[path.element] : nil
  ///     },
  ///     prefetch: { ids in print("download \(ids)") },
  ///     cancel: { ids in print("cancel \(ids)") })
  ///
  ///   override func viewDidLoad() {
  ///     super.viewDidLoad()
  ///     collectionView.prefetchDataSource = prefetcher
  ///   }
  ///
  ///   override func collectionView(
  ///     _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
  ///     forItemAt indexPath: IndexPath
  ///   ) {
  ///     prefetcher.itemsDidAppear(at: [indexPath])
  ///   }
  /// }
  /// ```
  @MainActor
  public final class PrefetchForwarder<ItemIdentifier: Hashable>: NSObject,
    UICollectionViewDataSourcePrefetching, UITableViewDataSourcePrefetching
  {
    /// The item at a path in the data the view shows, or nil for a path it does not have.
    public var identifier: (ElementPath) -> ItemIdentifier?
    /// Starts the work for items, nearest first.
    public var prefetch: ([ItemIdentifier]) -> Void
    /// Cancels the work for items.
    public var cancel: ([ItemIdentifier]) -> Void
    /// What is outstanding.
    public private(set) var ledger = PrefetchLedger<ItemIdentifier>()

    /// A forwarder.
    ///
    /// - Parameters:
    ///   - identifier: The item at a path, in the data the view shows.
    ///   - prefetch: Starts the work for items.
    ///   - cancel: Cancels it.
    /// - Complexity: O(1).
    public init(
      identifier: @escaping (ElementPath) -> ItemIdentifier?,
      prefetch: @escaping ([ItemIdentifier]) -> Void, cancel: @escaping ([ItemIdentifier]) -> Void
    ) {
      self.identifier = identifier
      self.prefetch = prefetch
      self.cancel = cancel
    }

    /// UIKit asks to prefetch the items at `paths`.
    ///
    /// - Parameter paths: Index paths in the data the view shows.
    /// - Complexity: O(k) expected for k paths.
    public func prefetchItems(at paths: [IndexPath]) {
      let started = ledger.prefetch(paths.compactMap { identifier(ElementPath($0)) })
      if !started.isEmpty { prefetch(started) }
    }

    /// UIKit cancels the prefetch of the items at `paths`.
    ///
    /// - Parameter paths: Index paths in the data the view shows.
    /// - Complexity: O(k + p) expected for k paths and p outstanding prefetches.
    public func cancelPrefetchingForItems(at paths: [IndexPath]) {
      let cancelled = ledger.cancel(paths.compactMap { identifier(ElementPath($0)) })
      if !cancelled.isEmpty { cancel(cancelled) }
    }

    /// Items were shown (`willDisplay`): their cells use what was prefetched.
    ///
    /// - Parameter paths: Index paths in the data the view shows.
    /// - Complexity: O(k + p) expected for k paths and p outstanding prefetches.
    public func itemsDidAppear(at paths: [IndexPath]) {
      ledger.use(paths.compactMap { identifier(ElementPath($0)) })
    }

    /// The data changed: the outstanding prefetches of items it no longer holds are
    /// cancelled. Call it after each update (a replay's completion, or when `apply`
    /// returns).
    ///
    /// - Parameter holds: Whether the data holds an item.
    /// - Complexity: O(p) calls of `holds` for p outstanding prefetches.
    public func dataDidChange(holds: (ItemIdentifier) -> Bool) {
      let cancelled = ledger.retain(where: holds)
      if !cancelled.isEmpty { cancel(cancelled) }
    }

    // MARK: UICollectionViewDataSourcePrefetching

    /// Forwards `prefetchItems(at:)`.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - indexPaths: The paths UIKit asks for.
    /// - Complexity: That of `prefetchItems(at:)`.
    public func collectionView(
      _ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]
    ) {
      prefetchItems(at: indexPaths)
    }

    /// Forwards `cancelPrefetchingForItems(at:)`.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - indexPaths: The paths UIKit cancels.
    /// - Complexity: That of `cancelPrefetchingForItems(at:)`.
    public func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
      cancelPrefetchingForItems(at: indexPaths)
    }

    // MARK: UITableViewDataSourcePrefetching

    /// Forwards `prefetchItems(at:)`.
    ///
    /// - Parameters:
    ///   - tableView: The view.
    ///   - indexPaths: The rows UIKit asks for.
    /// - Complexity: That of `prefetchItems(at:)`.
    public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      prefetchItems(at: indexPaths)
    }

    /// Forwards `cancelPrefetchingForItems(at:)`.
    ///
    /// - Parameters:
    ///   - tableView: The view.
    ///   - indexPaths: The rows UIKit cancels.
    /// - Complexity: That of `cancelPrefetchingForItems(at:)`.
    public func tableView(
      _ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]
    ) {
      cancelPrefetchingForItems(at: indexPaths)
    }
  }
#endif

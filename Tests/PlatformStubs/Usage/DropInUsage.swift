// What the drop-in data sources add to Apple's API, called as an app calls it: outlines with
// their handlers, reordering, prefetching by identity, the scroll policy, the guard, and the
// reports of what Apple's would raise on. Type-checked by Scripts/check-platforms.sh.
import Stagecraft
import UIKit

@MainActor final class LibraryOutlineViewController: UICollectionViewController {
  enum Section: Hashable, Sendable { case shelves }
  var dataSource: CollectionViewDiffableDataSource<Section, String>!
  var downloads: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> {
      cell, _, title in
      var content = cell.defaultContentConfiguration()
      content.text = title
      cell.contentConfiguration = content
    }
    dataSource = CollectionViewDiffableDataSource(collectionView: collectionView) {
      collectionView, indexPath, title in
      collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: title)
    }
    dataSource.supplementaryViewProvider = { collectionView, kind, indexPath in
      nil  // the data source answers with an empty view, and tells missingViewHandler
    }
    dataSource.missingViewHandler = { indexPath in print("no view at \(indexPath)") }
    dataSource.rejectedChangesHandler = { errors in print(errors.map(\.description)) }
    dataSource.scrollPosition = .keepAnchor
    dataSource.updateGuard = UpdateGuard(onFallback: { fallback in print(fallback.json) })
    dataSource.reorderingHandlers.canReorderItem = { _ in true }
    dataSource.reorderingHandlers.didReorder = { [weak self] transaction in
      self?.downloads = transaction.finalSnapshot.itemIdentifiers
    }
    dataSource.sectionSnapshotHandlers.willExpandItem = { title in print("expanding \(title)") }
    dataSource.prefetchByIdentifier(
      prefetch: { [weak self] titles in self?.downloads += titles },
      cancel: { [weak self] titles in self?.downloads.removeAll(where: titles.contains) })

    var outline = DiffableDataSourceSectionSnapshot<String>()
    outline.append(["Fiction", "Poetry"])
    outline.append(["Middlemarch", "Persuasion"], to: "Fiction")
    outline.expand(["Fiction"])
    dataSource.apply(outline, to: .shelves, animatingDifferences: false)
    Task { await dataSource.apply(outline, to: .shelves) }
    let current = dataSource.snapshot(for: .shelves)
    print(current.visibleItems, dataSource.indexPath(for: "Poetry") as Any)
  }
}

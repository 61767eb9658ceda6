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
    dataSource.strategy.anchoring = .keepAnchor
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

// An app that makes its own batch updates, recorded: the view's class changes, nothing else.
@MainActor final class RecordedFeedViewController: UIViewController, UICollectionViewDataSource {
  let collectionView = RecordingCollectionView(
    frame: .zero,
    collectionViewLayout: UICollectionViewCompositionalLayout.list(
      using: UICollectionLayoutListConfiguration(appearance: .plain)))
  var posts: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    UpdateGuard.standard.recorder = FlightRecorder(onIncident: { incident in
      print(incident.log)
    })
    collectionView.recording.updateGuard = UpdateGuard()
    collectionView.dataSource = self
  }

  func prepend(_ post: String) {
    collectionView.performBatchUpdates({
      self.posts.insert(post, at: 0)
      self.collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])
    })
  }

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
    -> Int
  { posts.count }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
    -> UICollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: "Post", for: indexPath)
  }
}

@MainActor final class LogTableViewController: UITableViewController {
  func replaceAll(with rows: Int) {
    (tableView as? RecordingTableView)?.recording.updateGuard = .off
    tableView.beginUpdates()
    tableView.deleteSections(IndexSet(integer: 0), with: .fade)
    tableView.insertSections(IndexSet(integer: 0), with: .fade)
    tableView.endUpdates()
  }
}

// How apps call the replay on UIKit views, type-checked against the UIKit stub by
// Scripts/check-platforms.sh: views held in `let`s, in view controllers, fed from
// background tasks, with a UITableView too. None of it needs `try`.
import Stagecraft
import UIKit

struct Article: Differentiable, Equatable, Sendable {
  var id: Int
  var title: String
  var differenceIdentifier: Int { id }
}

final class ArticlesViewController: UICollectionViewController {
  var posts: [Article] = []

  func show(_ newPosts: [Article]) {
    let staged = StagedChangeset(source: posts, target: newPosts)
    collectionView.reload(using: staged, setData: { self.posts = $0 })
  }

  func showReconfiguring(_ newPosts: [Article]) {
    let staged = StagedChangeset(source: posts, target: newPosts)
    collectionView.reload(
      using: staged, strategy: UpdateStrategy.nonanimatedBatchUpdates.elementUpdates(.reconfigure),
      interrupt: { $0.changeCount > 100 }, setData: { self.posts = $0 },
      completion: { finished in print(finished) })
  }

  func showRefreshingInPlace(_ newPosts: [Article]) {
    let staged = StagedChangeset(source: posts, target: newPosts)
    collectionView.reload(
      using: staged, strategy: UpdateStrategy().elementUpdates(.silent),
      configureCell: { cell, path in
        cell.setNeedsLayout()
        print(self.posts[path.element].title)
      },
      setData: { self.posts = $0 })
  }

  /// The diff runs off the main actor; the replay on it.
  func refresh(loading load: @escaping @Sendable () async -> [Article]) {
    let old = posts
    Task.detached {
      let new = await load()
      let staged = StagedChangeset(source: old, target: new)
      await MainActor.run {
        self.collectionView.reload(using: staged, setData: { self.posts = $0 })
      }
    }
  }
}

/// A view held in a `let`, not in a controller.
@MainActor final class SettingsScreen {
  let tableView = UITableView()
  let collectionView = UICollectionView(
    frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
  var rows: [String] = []
  var sections: [ArraySection<String, String>] = []

  func update(_ newRows: [String]) {
    tableView.reload(
      using: StagedChangeset(source: rows, target: newRows),
      strategy: UpdateStrategy().elementUpdates(.reconfigure),
      setData: { self.rows = $0 })
  }

  func update(sections newSections: [ArraySection<String, String>]) {
    collectionView.reload(
      using: StagedChangeset(source: sections, target: newSections),
      setData: { self.sections = $0 })
  }

  func updateSilently(_ newRows: [String]) {
    tableView.reload(
      using: StagedChangeset(source: rows, target: newRows),
      strategy: UpdateStrategy().elementUpdates(.silent),
      configureCell: { cell, path in _ = (cell, self.rows[path.element]) },
      setData: { self.rows = $0 })
  }

  /// DifferenceKit's table calls: one animation for every call, or one per kind of call,
  /// with the settings as one value.
  func updateAnimated(_ newRows: [String]) {
    tableView.reload(
      using: StagedChangeset(source: rows, target: newRows), with: .fade,
      setData: { self.rows = $0 })
    tableView.reload(
      using: StagedChangeset(source: sections, target: sections),
      with: TableViewRowAnimations(
        deleteSections: .fade, insertSections: .fade, reloadSections: .none, deleteRows: .left,
        insertRows: .right, reloadRows: .automatic),
      strategy: UpdateStrategy.nonanimatedBatchUpdates.anchoring(.keepAnchor),
      setData: { self.sections = $0 })
  }

  func paths() -> (IndexPath, ElementPath) {
    let path = ElementPath(element: 3, section: 1)
    return (IndexPath(path), ElementPath(IndexPath(path)))
  }
}

/// A diffable data source on a real view.
@MainActor final class ContactsScreen {
  let collectionView = UICollectionView(
    frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
  lazy var dataSource = DiffableDataSource<UICollectionView, String, Int>(target: collectionView)

  func show(_ ids: [Int]) throws {
    var snapshot = DiffableSnapshot<String, Int>()
    try snapshot.appendSections(["All"])
    try snapshot.appendItems(ids)
    dataSource.apply(snapshot, animatingDifferences: true)
    dataSource.applySnapshotUsingReloadData(snapshot)
  }
}

/// A feed fed by a socket: the pipeline takes each new list from the socket's task and
/// replays it on the collection view, on the main actor, the latest list winning.
final class LiveFeedViewController: UICollectionViewController {
  var pipeline: UpdatePipeline<[Article], Never>?

  override func viewDidLoad() {
    super.viewDidLoad()
    pipeline = UpdatePipeline(
      target: collectionView, items: [],
      strategy: UpdateStrategy(reloadAboveChanges: 1_000).elementUpdates(.reconfigure))
  }

  func connect(_ socket: AsyncStream<[Article]>) {
    guard let pipeline else { return }
    Task.detached {
      for await articles in socket {
        pipeline.apply(articles) { outcome in print(outcome) }
      }
    }
  }

  func showNow(_ articles: [Article]) async {
    guard let pipeline else { return }
    if case .applied = await pipeline.apply(articles, animated: false) {
      print(pipeline.data.count)
    }
  }
}

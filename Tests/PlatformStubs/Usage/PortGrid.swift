// A storyboard-based grid in the shape of Apple's SimpleCollectionView sample and its
// compositional-layout grid, written for `UICollectionViewDiffableDataSource` and ported by a
// type-name change only: `UICollectionViewDiffableDataSource` became
// `CollectionViewDiffableDataSource` and `NSDiffableDataSourceSnapshot` became
// `DiffableDataSourceSnapshot`. Type-checked by Scripts/check-platforms.sh against the stubs.
import Stagecraft
import UIKit

final class GridViewController: UIViewController {
  enum Section {
    case main
  }

  @IBOutlet weak var collectionView: UICollectionView!
  var dataSource: CollectionViewDiffableDataSource<Section, Int>! = nil

  override func viewDidLoad() {
    super.viewDidLoad()
    navigationItem.title = "Grid"
    collectionView.collectionViewLayout = createLayout()
    configureDataSource()
  }

  private func createLayout() -> UICollectionViewLayout {
    let itemSize = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1.0))
    let item = NSCollectionLayoutItem(layoutSize: itemSize)
    item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
    let groupSize = NSCollectionLayoutSize(
      widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.25))
    let group = NSCollectionLayoutGroup.horizontal(
      layoutSize: groupSize, subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.interGroupSpacing = 8
    section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8)
    return UICollectionViewCompositionalLayout(section: section)
  }

  private func configureDataSource() {
    let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Int> {
      cell, indexPath, number in
      var content = cell.defaultContentConfiguration()
      content.text = "\(number)"
      cell.contentConfiguration = content
      cell.backgroundColor = .systemBackground
    }
    dataSource = CollectionViewDiffableDataSource<Section, Int>(collectionView: collectionView) {
      (collectionView: UICollectionView, indexPath: IndexPath, number: Int) -> UICollectionViewCell?
      in
      return collectionView.dequeueConfiguredReusableCell(
        using: cellRegistration, for: indexPath, item: number)
    }
    var snapshot = DiffableDataSourceSnapshot<Section, Int>()
    snapshot.appendSections([.main])
    snapshot.appendItems(Array(0..<96))
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  @IBAction func removeEvens(_ sender: Any) {
    var snapshot = dataSource.snapshot()
    snapshot.deleteItems(snapshot.itemIdentifiers.filter { $0 % 2 == 0 })
    dataSource.apply(snapshot)
  }

  @IBAction func reverse(_ sender: Any) {
    var snapshot = DiffableDataSourceSnapshot<Section, Int>()
    snapshot.appendSections([.main])
    snapshot.appendItems(dataSource.snapshot().itemIdentifiers.reversed())
    Task { await dataSource.apply(snapshot, animatingDifferences: true) }
  }
}

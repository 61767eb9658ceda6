// The classic shape of a diffable data source port: a storyboard's collection view and a
// prototype cell with a label outlet, switched to the drop-in by a type-name change.
import Stagecraft
import UIKit

final class LabelCell: UICollectionViewCell {
  @IBOutlet weak var label: UILabel!
}

final class CountingViewController: UIViewController {
  enum Section { case main }

  @IBOutlet weak var collectionView: UICollectionView!
  // Apple's: UICollectionViewDiffableDataSource<Section, Int>. Its identifiers, like
  // Apple's on UIKit, are Hashable and Sendable.
  var dataSource: CollectionViewDiffableDataSource<Section, Int>!

  override func viewDidLoad() {
    super.viewDidLoad()
    dataSource = CollectionViewDiffableDataSource<Section, Int>(collectionView: collectionView) {
      collectionView, indexPath, number in
      let cell =
        collectionView.dequeueReusableCell(
          withReuseIdentifier: "LabelCell", for: indexPath) as? LabelCell
      cell?.label.text = "\(number)"
      return cell
    }
    var snapshot = DiffableDataSourceSnapshot<Section, Int>()
    snapshot.appendSections([.main])
    snapshot.appendItems(Array(0..<94))
    dataSource.apply(snapshot, animatingDifferences: false)
  }
}

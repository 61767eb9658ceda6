// macOS code written for `NSCollectionViewDiffableDataSource` and
// `NSTableViewDiffableDataSource`, ported by a type-name change only: the `NS` prefix is
// dropped from the data sources and the snapshot. Type-checked by Scripts/check-platforms.sh.
import AppKit
import Stagecraft

final class BooksViewController: NSViewController {
  enum Section: String, CaseIterable {
    case reading, finished
  }

  @IBOutlet weak var collectionView: NSCollectionView!
  @IBOutlet weak var tableView: NSTableView!

  var gridDataSource: CollectionViewDiffableDataSource<Section, String>!
  var listDataSource: TableViewDiffableDataSource<Section, String>!
  let itemIdentifier = NSUserInterfaceItemIdentifier("BookItem")

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(NSCollectionViewItem.self, forItemWithIdentifier: itemIdentifier)
    gridDataSource = CollectionViewDiffableDataSource<Section, String>(
      collectionView: collectionView
    ) { [itemIdentifier] collectionView, indexPath, title in
      let item = collectionView.makeItem(withIdentifier: itemIdentifier, for: indexPath)
      item.textField?.stringValue = title
      return item
    }
    listDataSource = TableViewDiffableDataSource<Section, String>(tableView: tableView) {
      tableView, tableColumn, row, title in
      let cell =
        tableView.makeView(withIdentifier: tableColumn.identifier, owner: nil) as? NSTableCellView
        ?? NSTableCellView()
      cell.textField?.stringValue = title
      return cell
    }
    listDataSource.sectionHeaderViewProvider = { tableView, row, section in
      NSTextField(labelWithString: section.rawValue.capitalized)
    }
    listDataSource.defaultRowAnimation = .slideDown

    var snapshot = DiffableDataSourceSnapshot<Section, String>()
    snapshot.appendSections(Section.allCases)
    snapshot.appendItems(["Middlemarch", "Bleak House"], toSection: .reading)
    snapshot.appendItems(["Persuasion"], toSection: .finished)
    gridDataSource.apply(snapshot, animatingDifferences: false)
    listDataSource.apply(snapshot, animatingDifferences: false)
  }

  @IBAction func finishFirst(_ sender: Any?) {
    var snapshot = listDataSource.snapshot()
    guard let first = snapshot.itemIdentifiers(inSection: .reading).first else { return }
    snapshot.deleteItems([first])
    snapshot.appendItems([first], toSection: .finished)
    listDataSource.apply(snapshot)
    gridDataSource.apply(snapshot)
    if let row = listDataSource.row(forItemIdentifier: first) {
      tableView.scrollRowToVisible(row)
    }
  }
}

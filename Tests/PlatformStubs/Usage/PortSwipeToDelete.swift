// A table with swipe to delete, written as apps write it for `UITableViewDiffableDataSource`
// (a subclass that allows editing and deletes the row's item from the snapshot) and ported
// by a type-name change only: `UITableViewDiffableDataSource` became
// `TableViewDiffableDataSource` and `NSDiffableDataSourceSnapshot` became
// `DiffableDataSourceSnapshot`.
import Stagecraft
import UIKit

final class FruitListViewController: UITableViewController {
  enum Section: CaseIterable {
    case fruit, vegetables
  }

  final class DataSource: TableViewDiffableDataSource<Section, String> {
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int)
      -> String?
    {
      switch sectionIdentifier(for: section) {
      case .fruit: return "Fruit"
      case .vegetables: return "Vegetables"
      case nil: return nil
      }
    }

    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      true
    }

    override func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath
    ) {
      guard editingStyle == .delete, let item = itemIdentifier(for: indexPath) else { return }
      var snapshot = self.snapshot()
      snapshot.deleteItems([item])
      apply(snapshot)
    }
  }

  var dataSource: DataSource!

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    dataSource = DataSource(tableView: tableView) { tableView, indexPath, name in
      let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = name
      cell.contentConfiguration = content
      return cell
    }
    dataSource.defaultRowAnimation = .fade

    var snapshot = DiffableDataSourceSnapshot<Section, String>()
    snapshot.appendSections(Section.allCases)
    snapshot.appendItems(["Apple", "Banana", "Cherry"], toSection: .fruit)
    snapshot.appendItems(["Carrot", "Leek"], toSection: .vegetables)
    dataSource.apply(snapshot, animatingDifferences: false)
  }
}

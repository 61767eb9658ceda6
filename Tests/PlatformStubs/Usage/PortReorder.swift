// A table whose rows the user reorders by dragging, written with Apple's pattern for
// `UITableViewDiffableDataSource` (a subclass that allows moving and, in its override of
// `tableView(_:moveRowAt:to:)`, applies a snapshot with the item deleted and inserted before
// or after the destination's item) and ported by a type-name change only:
// `UITableViewDiffableDataSource` became `TableViewDiffableDataSource` and
// `NSDiffableDataSourceSnapshot` became `DiffableDataSourceSnapshot`.
import Stagecraft
import UIKit

final class ReorderableListViewController: UITableViewController {
  final class DataSource: TableViewDiffableDataSource<Int, String> {
    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      true
    }

    override func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      guard let sourceIdentifier = itemIdentifier(for: sourceIndexPath) else { return }
      guard sourceIndexPath != destinationIndexPath else { return }
      let destinationIdentifier = itemIdentifier(for: destinationIndexPath)
      var snapshot = self.snapshot()
      if let destinationIdentifier,
        let sourceIndex = snapshot.indexOfItem(sourceIdentifier),
        let destinationIndex = snapshot.indexOfItem(destinationIdentifier)
      {
        let isAfter =
          destinationIndex > sourceIndex
          && snapshot.sectionIdentifier(containingItem: sourceIdentifier)
            == snapshot.sectionIdentifier(containingItem: destinationIdentifier)
        snapshot.deleteItems([sourceIdentifier])
        if isAfter {
          snapshot.insertItems([sourceIdentifier], afterItem: destinationIdentifier)
        } else {
          snapshot.insertItems([sourceIdentifier], beforeItem: destinationIdentifier)
        }
      } else {
        let destinationSection = snapshot.sectionIdentifiers[destinationIndexPath.section]
        snapshot.deleteItems([sourceIdentifier])
        snapshot.appendItems([sourceIdentifier], toSection: destinationSection)
      }
      apply(snapshot, animatingDifferences: false)
    }
  }

  var dataSource: DataSource!

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    dataSource = DataSource(tableView: tableView) { tableView, indexPath, title in
      let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = title
      cell.contentConfiguration = content
      return cell
    }
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(["Milk", "Eggs", "Bread"], toSection: 0)
    snapshot.appendItems(["Coffee"], toSection: 1)
    dataSource.apply(snapshot, animatingDifferences: false)
    tableView.isEditing = true
  }
}

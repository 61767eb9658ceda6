// A live list that keeps keyboard and VoiceOver focus on its item while rows arrive and leave:
// the drop-in follows focus by identity across each apply, puts VoiceOver's cursor back on the
// row itself, and the table view's delegate answers UIKit's question for keyboard focus with
// the one line the drop-in gives (`preferredFocusIndexPath`).
import Stagecraft
import UIKit

final class LiveScoresViewController: UITableViewController {
  var dataSource: TableViewDiffableDataSource<Int, String>!

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Score")
    dataSource = TableViewDiffableDataSource(tableView: tableView) { tableView, indexPath, score in
      let cell = tableView.dequeueReusableCell(withIdentifier: "Score", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = score
      cell.contentConfiguration = content
      return cell
    }
    show(["Lions 2 – 1 Tigers", "Bears 0 – 0 Wolves"])
  }

  func show(_ scores: [String]) {
    var snapshot = DiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(scores)
    dataSource.apply(snapshot)
  }

  // UITableViewDelegate: keyboard focus stays on its score, not on the row UIKit remembered.
  override func indexPathForPreferredFocusedView(in tableView: UITableView) -> IndexPath? {
    dataSource.preferredFocusIndexPath
  }
}

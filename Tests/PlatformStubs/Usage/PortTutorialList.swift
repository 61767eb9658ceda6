// A list in the shape of the collection view of Apple's UIKit tutorial (a reminder list on a
// `UICollectionViewController`, with a list layout and a cell registration), written for
// `UICollectionViewDiffableDataSource` and ported by a type-name change only:
// `UICollectionViewDiffableDataSource` became `CollectionViewDiffableDataSource` and
// `NSDiffableDataSourceSnapshot` became `DiffableDataSourceSnapshot`.
import Stagecraft
import UIKit

struct Reminder: Equatable, Identifiable {
  var id: String
  var title: String
  var notes: String? = nil
  var isComplete: Bool = false
}

extension Reminder {
  static let sampleData = [
    Reminder(id: "1", title: "Submit reimbursement report", notes: "Don't forget the receipts"),
    Reminder(id: "2", title: "Code review", notes: "Check the guard's fallback"),
    Reminder(id: "3", title: "Pick up new contacts", isComplete: true),
  ]
}

final class ReminderListViewController: UICollectionViewController {
  typealias DataSource = CollectionViewDiffableDataSource<Int, Reminder.ID>
  typealias Snapshot = DiffableDataSourceSnapshot<Int, Reminder.ID>

  var dataSource: DataSource!
  var reminders: [Reminder] = Reminder.sampleData

  override func viewDidLoad() {
    super.viewDidLoad()

    let listLayout = listLayout()
    collectionView.collectionViewLayout = listLayout

    let cellRegistration = UICollectionView.CellRegistration(handler: cellRegistrationHandler)

    dataSource = DataSource(collectionView: collectionView) {
      (collectionView: UICollectionView, indexPath: IndexPath, itemIdentifier: Reminder.ID) in
      return collectionView.dequeueConfiguredReusableCell(
        using: cellRegistration, for: indexPath, item: itemIdentifier)
    }

    updateSnapshot()

    collectionView.dataSource = dataSource
  }

  func updateSnapshot(reloading ids: [Reminder.ID] = []) {
    var snapshot = Snapshot()
    snapshot.appendSections([0])
    snapshot.appendItems(reminders.map { $0.id })
    if !ids.isEmpty {
      snapshot.reloadItems(ids)
    }
    dataSource.apply(snapshot)
  }

  func completeReminder(withId id: Reminder.ID) {
    guard let index = reminders.firstIndex(where: { $0.id == id }) else { return }
    reminders[index].isComplete.toggle()
    updateSnapshot(reloading: [id])
  }

  func cellRegistrationHandler(
    cell: UICollectionViewListCell, indexPath: IndexPath, id: Reminder.ID
  ) {
    guard let reminder = reminders.first(where: { $0.id == id }) else { return }
    var contentConfiguration = cell.defaultContentConfiguration()
    contentConfiguration.text = reminder.title
    contentConfiguration.secondaryText = reminder.notes
    cell.contentConfiguration = contentConfiguration
  }

  private func listLayout() -> UICollectionViewCompositionalLayout {
    var listConfiguration = UICollectionLayoutListConfiguration(appearance: .grouped)
    listConfiguration.showsSeparators = false
    listConfiguration.backgroundColor = .clear
    return UICollectionViewCompositionalLayout.list(using: listConfiguration)
  }
}

// An outline in the shape of Apple's "Implementing Modern Collection Views" outline sample
// (items with children in a section snapshot, expanded and collapsed by a disclosure control),
// ported by type names, with the one line the drop-in asks: the disclosure's handler is the
// data source's `outlineDisclosureAction(for:)`, since UIKit gives its default toggle to
// Apple's class only. The cells' indentation is set by the drop-in, as Apple's sets it.
import Stagecraft
import UIKit

final class OutlineViewController: UICollectionViewController {
  struct OutlineItem: Hashable, Sendable {
    let title: String
    let children: [OutlineItem]
  }

  static let menu = [
    OutlineItem(
      title: "Compositional Layout",
      children: [
        OutlineItem(title: "Getting Started", children: []),
        OutlineItem(title: "Advanced Layouts", children: []),
      ]),
    OutlineItem(title: "Diffable Data Source", children: []),
  ]

  var dataSource: CollectionViewDiffableDataSource<Int, OutlineItem>!

  override func viewDidLoad() {
    super.viewDidLoad()
    let container = UICollectionView.CellRegistration<UICollectionViewListCell, OutlineItem> {
      [weak self] cell, _, item in
      var content = cell.defaultContentConfiguration()
      content.text = item.title
      cell.contentConfiguration = content
      guard let self else { return }
      cell.accessories = [
        .outlineDisclosure(actionHandler: dataSource.outlineDisclosureAction(for: item))
      ]
    }
    dataSource = CollectionViewDiffableDataSource<Int, OutlineItem>(
      collectionView: collectionView
    ) { collectionView, indexPath, item in
      collectionView.dequeueConfiguredReusableCell(using: container, for: indexPath, item: item)
    }
    var sections = DiffableDataSourceSnapshot<Int, OutlineItem>()
    sections.appendSections([0])
    dataSource.apply(sections, animatingDifferences: false)
    var outline = DiffableDataSourceSectionSnapshot<OutlineItem>()
    func add(_ items: [OutlineItem], to parent: OutlineItem?) {
      outline.append(items, to: parent)
      for item in items where !item.children.isEmpty { add(item.children, to: item) }
    }
    add(Self.menu, to: nil)
    dataSource.apply(outline, to: 0, animatingDifferences: false)
  }
}

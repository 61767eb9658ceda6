#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import StagecraftCoordinator
  import StagecraftDiff
  import StagecraftModel
  import StagecraftPlatforms
  import StagecraftReplay
  import SwiftUI
  import UIKit

  /// An element as the diff reads it: its `id` is its identity, `==` its content.
  struct _Identified<Element: Identifiable & Equatable & Sendable>: Differentiable, Sendable
  where Element.ID: Sendable {
    let element: Element
    var differenceIdentifier: Element.ID { element.id }
    func isContentEqual(to source: Self) -> Bool { element == source.element }
  }

  /// A section's identity as the diff reads it.
  struct _SectionKey<ID: Hashable & Sendable>: Hashable, Differentiable, Sendable {
    let id: ID
  }

  /// The representable: SwiftUI's side of the collection view controller.
  @available(iOS 16, tvOS 16, visionOS 1, *)
  struct _StagedCollectionRepresentable<
    SectionID: Hashable & Sendable, Element: Identifiable & Equatable & Sendable, Cell: View,
    Header: View
  >: UIViewControllerRepresentable where Element.ID: Sendable {
    typealias Controller = _StagedCollectionController<SectionID, Element, Cell, Header>
    let collection: StagedCollection<SectionID, Element, Cell, Header>

    func makeUIViewController(context: Context) -> Controller {
      Controller(layout: collection.layout(), cell: collection.cell)
    }

    /// SwiftUI calls this on every change of the parent's state: the coordinator does
    /// nothing for unchanged data, and replays a change as staged batch updates, animated
    /// when the transaction animates.
    func updateUIViewController(_ controller: Controller, context: Context) {
      controller.cell = collection.cell
      controller.header = collection.header
      controller.bind(collection.selection)
      controller.coordinator.loadMoreDistance = collection.loadMore?.distance
      controller.coordinator.onLoadMore = collection.loadMore?.action
      let insets = collection.insets
      controller.collectionView.contentInset = UIEdgeInsets(
        top: insets.top, left: insets.leading, bottom: insets.bottom, right: insets.trailing)
      let transaction = context.transaction
      controller.bindScrollPosition(collection.scrolledTo)
      controller.coordinator.update(
        sections: collection.sections.map { section in
          ArraySection(
            model: _SectionKey(id: section.id), elements: section.elements.map(_Identified.init))
        },
        animated: transaction.animation != nil && !transaction.disablesAnimations)
    }
  }

  /// The collection view that tells its controller when it enters or leaves a window.
  final class _WindowReportingCollectionView: UICollectionView {
    var windowDidChange: (() -> Void)?

    override func didMoveToWindow() {
      super.didMoveToWindow()
      windowDidChange?()
    }
  }

  /// The collection view, its data source and its delegate: the thin UIKit side of a
  /// `StagedCollection`. Everything that decides is the coordinator's.
  @available(iOS 16, tvOS 16, visionOS 1, *)
  final class _StagedCollectionController<
    SectionID: Hashable & Sendable, Element: Identifiable & Equatable & Sendable, Cell: View,
    Header: View
  >: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate
  where Element.ID: Sendable {
    typealias Section = ArraySection<_SectionKey<SectionID>, _Identified<Element>>

    let collectionView: _WindowReportingCollectionView
    private(set) var coordinator: CollectionCoordinator<_WindowReportingCollectionView, Section>!
    var cell: (Element) -> Cell
    var header: ((SectionID) -> Header)?
    /// How many times each element's cell was selected: buttons at a cell's root fire on it.
    private var selections: [Element.ID: Int] = [:]
    private var selection: _SelectionBinding<Element.ID> = .none

    init(layout: UICollectionViewLayout, cell: @escaping (Element) -> Cell) {
      collectionView = _WindowReportingCollectionView(frame: .zero, collectionViewLayout: layout)
      self.cell = cell
      super.init(nibName: nil, bundle: nil)
      coordinator = CollectionCoordinator(
        target: collectionView,
        elementUpdates: .silent { [unowned self] cell, path in
          // The data source holds the block's data: the element after the block is there.
          if let item = self.coordinator.item(at: path) { self.configure(cell, with: item.element) }
        })
      collectionView.dataSource = self
      collectionView.delegate = self
      collectionView.backgroundColor = .clear
      collectionView.windowDidChange = { [unowned self] in self.coordinator.windowDidChange() }
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() {
      view = collectionView
    }

    /// Follows the representable's selection binding, in both directions.
    func bind(_ binding: _SelectionBinding<Element.ID>) {
      selection = binding
      switch binding {
      case .none:
        collectionView.allowsMultipleSelection = false
        coordinator.onSelectionChange = nil
      case .set(let set):
        collectionView.allowsMultipleSelection = true
        coordinator.allowsMultipleSelection = true
        coordinator.onSelectionChange = { set.wrappedValue = $0 }
        if coordinator.selection != set.wrappedValue { coordinator.selection = set.wrappedValue }
      case .single(let single):
        collectionView.allowsMultipleSelection = false
        coordinator.allowsMultipleSelection = false
        coordinator.onSelectionChange = { single.wrappedValue = $0.first }
        if coordinator.selectedItem != single.wrappedValue {
          coordinator.selectedItem = single.wrappedValue
        }
      }
    }

    /// Follows the representable's scroll-position binding, in both directions.
    func bindScrollPosition(_ binding: Binding<Element.ID?>?) {
      guard let binding else {
        coordinator.onScrollPositionChange = nil
        return
      }
      coordinator.onScrollPositionChange = { binding.wrappedValue = $0 }
      if let wanted = binding.wrappedValue, wanted != coordinator.scrolledItem {
        coordinator.scrolledItem = wanted
      }
    }

    /// Shows `element` in `cell` as a SwiftUI view, with the cell's state in the
    /// environment; UIKit calls the handler again whenever the state changes.
    func configure(_ cell: UICollectionViewCell, with element: Element) {
      let content = self.cell
      let selected = selections[element.id] ?? 0
      cell.configurationUpdateHandler = { cell, state in
        cell.contentConfiguration = UIHostingConfiguration {
          content(element)
            .environment(\.cellState, CollectionCellState(state))
            .environment(\._cellSelectionCount, selected)
            .buttonStyle(_CellButtonStyle())
        }
        .margins(.all, 0)
      }
    }

    // MARK: UICollectionViewDataSource

    func numberOfSections(in collectionView: UICollectionView) -> Int {
      coordinator.numberOfSections
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
      -> Int
    {
      coordinator.numberOfItems(inSection: section)
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
      -> UICollectionViewCell
    {
      let cell = collectionView.dequeueConfiguredReusableCell(
        using: cellRegistration, for: indexPath, item: ())
      if let item = coordinator.item(at: ElementPath(indexPath)) {
        configure(cell, with: item.element)
      }
      return cell
    }

    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      let view = collectionView.dequeueConfiguredReusableSupplementary(
        using: headerRegistration, for: indexPath)
      if let header, coordinator.sections.indices.contains(indexPath.section) {
        let id = coordinator.sections[indexPath.section].model.id
        view.contentConfiguration = UIHostingConfiguration { header(id) }
      }
      return view
    }

    private lazy var cellRegistration = UICollectionView.CellRegistration<
      UICollectionViewCell, Void
    > { _, _, _ in }

    private lazy var headerRegistration = UICollectionView.SupplementaryRegistration<
      UICollectionViewListCell
    >(elementKind: UICollectionView.elementKindSectionHeader) { _, _, _ in }

    // MARK: UICollectionViewDelegate

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      let path = ElementPath(indexPath)
      guard let item = coordinator.item(at: path) else { return }
      // A button at the cell's root fires on every selection.
      selections[item.element.id, default: 0] += 1
      if let cell = collectionView.cellForItem(at: indexPath) {
        configure(cell, with: item.element)
      }
      if case .none = selection {
        // Without a binding, the cell deselects itself, as a tapped button would.
        collectionView.deselectItem(at: indexPath, animated: true)
        return
      }
      coordinator.didSelectItem(at: path)
    }

    func collectionView(
      _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
    ) {
      coordinator.didDeselectItem(at: ElementPath(indexPath))
    }

    func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      coordinator.willDisplayItem(at: ElementPath(indexPath))
    }

    // MARK: UIScrollViewDelegate: a scroll comes to rest

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
      coordinator.scrollDidSettle()
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
      if !decelerate { coordinator.scrollDidSettle() }
    }

    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
      coordinator.scrollDidSettle()
    }
  }
#endif

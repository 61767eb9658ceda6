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
    SectionID: Hashable & Sendable, Element: Identifiable & Equatable & Sendable, Cell: View
  >: UIViewControllerRepresentable where Element.ID: Sendable {
    typealias Controller = _StagedCollectionController<SectionID, Element, Cell>
    let collection: StagedCollection<SectionID, Element, Cell>

    func makeUIViewController(context: Context) -> Controller {
      let controller = Controller(layout: collection.layout(), cell: collection.cell)
      context.environment._collectionOptions.onCollectionView?(controller.collectionView)
      return controller
    }

    /// SwiftUI calls this on every change of the parent's state. Everything it does is a
    /// view update for the coordinator: the callbacks it causes wait for the next turn.
    func updateUIViewController(_ controller: Controller, context: Context) {
      let transaction = context.transaction
      controller.coordinator.performViewUpdate {
        controller.apply(
          collection, options: context.environment._collectionOptions,
          refresh: context.environment.refresh,
          animated: transaction.animation != nil && !transaction.disablesAnimations)
      }
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

  /// The collection view, its data source, delegate and prefetch data source: the thin UIKit
  /// side of a `StagedCollection`. Everything that decides is the coordinator's (updates,
  /// selection, taps, reach triggers, prefetching by identity) or the registry's (which view
  /// answers which supplementary kind).
  @available(iOS 16, tvOS 16, visionOS 1, *)
  final class _StagedCollectionController<
    SectionID: Hashable & Sendable, Element: Identifiable & Equatable & Sendable, Cell: View
  >: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate,
    UICollectionViewDataSourcePrefetching
  where Element.ID: Sendable {
    typealias Section = ArraySection<_SectionKey<SectionID>, _Identified<Element>>

    let collectionView: _WindowReportingCollectionView
    private(set) var coordinator: CollectionCoordinator<_WindowReportingCollectionView, Section>!
    var cell: (Element) -> Cell
    /// The views of each supplementary kind, and which registration answers which kind.
    private var supplementary: [String: (String, SectionID) -> AnyView] = [:]
    private var registry = SupplementaryRegistry(kindsWithContent: [])
    /// How many times each element's cell was selected: buttons at a cell's root fire on it.
    private var selections: [Element.ID: Int] = [:]
    private var options = _CollectionOptions()
    private var refresh: RefreshAction?

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
      collectionView.prefetchDataSource = self
      collectionView.backgroundColor = .clear
      collectionView.windowDidChange = { [unowned self] in self.coordinator.windowDidChange() }
    }

    required init?(coder: NSCoder) { nil }

    override func loadView() {
      view = collectionView
    }

    override func viewDidLayoutSubviews() {
      super.viewDidLayoutSubviews()
      // A new size moves the reach triggers' zones.
      coordinator.viewportDidChange()
    }

    /// Takes a new version of the collection: its modifiers, bindings, and data.
    func apply(
      _ collection: StagedCollection<SectionID, Element, Cell>, options: _CollectionOptions,
      refresh: RefreshAction?, animated: Bool
    ) {
      self.options = options
      cell = collection.cell
      setSupplementary(collection.supplementary)
      bind(collection.selection)
      coordinator.onSelectItem = options.onSelect.map { report in { report($0.element) } }
      coordinator.onReachEnd = options.reachEnd?.action
      coordinator.onReachStart = options.reachStart?.action
      if let reach = options.reachEnd { coordinator.reachEndDistance = reach.distance }
      if let reach = options.reachStart { coordinator.reachStartDistance = reach.distance }
      coordinator.onPrefetch = options.prefetch.map { prefetch in { prefetch.prefetch($0) } }
      coordinator.onCancelPrefetch = options.prefetch.map { prefetch in { prefetch.cancel($0) } }
      coordinator._setLoadMore(distance: options.loadMore?.distance, options.loadMore?.action)
      coordinator.strategy = options.strategy ?? .followTransaction
      bindScrolledItem(options.scrolledItem)
      setRefresh(refresh)
      let insets = options.insets ?? EdgeInsets()
      _assignIfChanged(
        UIEdgeInsets(
          top: insets.top, left: insets.leading, bottom: insets.bottom, right: insets.trailing),
        to: \.contentInset, on: collectionView)
      coordinator.update(
        sections: collection.sections.map { section in
          ArraySection(
            model: _SectionKey(id: section.id), elements: section.elements.map(_Identified.init))
        },
        animated: animated)
    }

    /// The views of each kind, and the registrations for them, made before the layout asks.
    private func setSupplementary(
      _ views: [_SupplementaryKind: (String, SectionID) -> AnyView]
    ) {
      supplementary = [:]
      for (kind, view) in views { supplementary[kind.elementKind] = view }
      registry.setKindsWithContent(supplementary.keys.sorted())
      for registration in registry.registrationsToMake() { register(registration) }
    }

    private func register(_ registration: SupplementaryRegistry.Registration) {
      collectionView.register(
        _SupplementaryView.self, forSupplementaryViewOfKind: registration.kind,
        withReuseIdentifier: registration.reuseIdentifier)
    }

    /// Follows the representable's selection binding, in both directions: the coordinator
    /// decides (`_follow(_:)`); the view only allows multiple selection when it does.
    private func bind(_ binding: _SelectionBinding<Element.ID>) {
      let bound: _BoundSelection<Element.ID> =
        switch binding {
        case .none: .none
        case .set(let set): .many(set.wrappedValue) { set.wrappedValue = $0 }
        case .single(let single): .one(single.wrappedValue) { single.wrappedValue = $0 }
        }
      _assignIfChanged(
        bound.allowsMultipleSelection, to: \.allowsMultipleSelection, on: collectionView)
      coordinator._follow(bound)
    }

    /// Follows the scrolled-item binding, in both directions.
    private func bindScrolledItem(
      _ binding: (get: () -> AnyHashable?, set: (AnyHashable) -> Void)?
    ) {
      guard let binding else {
        coordinator.onScrollPositionChange = nil
        return
      }
      coordinator.onScrollPositionChange = { binding.set(AnyHashable($0)) }
      if let wanted = binding.get()?.base as? Element.ID, wanted != coordinator.scrolledItem {
        coordinator.scrolledItem = wanted
      }
    }

    /// SwiftUI's `.refreshable`: a refresh control that runs the action and ends when it
    /// returns; none without one.
    private func setRefresh(_ action: RefreshAction?) {
      refresh = action
      guard action != nil else {
        if collectionView.refreshControl is _RefreshControl { collectionView.refreshControl = nil }
        return
      }
      guard collectionView.refreshControl == nil else { return }
      let control = _RefreshControl()
      control.addAction(
        UIAction { [weak self, weak control] _ in
          guard let refresh = self?.refresh else { return }
          Task { @MainActor in
            await refresh()
            control?.endRefreshing()
          }
        }, for: .valueChanged)
      collectionView.refreshControl = control
    }

    /// Shows `element` in `cell` as a SwiftUI view, with the cell's state and its deselect
    /// action in the environment; UIKit calls the handler again whenever the state changes.
    func configure(_ cell: UICollectionViewCell, with element: Element) {
      let content = self.cell
      let selected = selections[element.id] ?? 0
      let deselect = DeselectCellAction { [weak coordinator] in
        coordinator?.deselectItem(withIdentifier: element.id)
      }
      cell.configurationUpdateHandler = { cell, state in
        cell.contentConfiguration = UIHostingConfiguration {
          content(element)
            .environment(\.cellState, CollectionCellState(state))
            .environment(\.deselectCell, deselect)
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

    /// Every kind is answered with a view dequeued for that same kind: its own registration,
    /// made now if the layout asks for a kind the collection was not told of (an empty view).
    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      let (registration, isNew) = registry.answer(kind: kind)
      if isNew { register(registration) }
      let view = collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: registration.reuseIdentifier, for: indexPath)
      let sections = coordinator.sections
      if registration.showsContent, let content = supplementary[kind],
        sections.indices.contains(indexPath.section)
      {
        let id = sections[indexPath.section].model.id
        (view as? _SupplementaryView)?.contentConfiguration = UIHostingConfiguration {
          content(kind, id)
        }
      } else {
        (view as? _SupplementaryView)?.contentConfiguration = nil
      }
      return view
    }

    private lazy var cellRegistration = UICollectionView.CellRegistration<
      UICollectionViewListCell, Void
    > { _, _, _ in }

    // MARK: UICollectionViewDataSourcePrefetching: by identity, through the coordinator

    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
    {
      coordinator.prefetchItems(at: indexPaths.map(ElementPath.init))
    }

    func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
      coordinator.cancelPrefetchingForItems(at: indexPaths.map(ElementPath.init))
    }

    // MARK: UICollectionViewDelegate

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      let path = ElementPath(indexPath)
      guard let item = coordinator.item(at: path) else { return }
      // A button at the cell's root fires on every selection.
      selections[item.element.id, default: 0] += 1
      if let cell = collectionView.cellForItem(at: indexPath) {
        configure(cell, with: item.element)
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

    func collectionView(
      _ collectionView: UICollectionView,
      contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
      point: CGPoint
    ) -> UIContextMenuConfiguration? {
      guard let menu = options.contextMenu else { return nil }
      let elements = indexPaths.compactMap { coordinator.item(at: ElementPath($0))?.element }
      return elements.isEmpty ? nil : menu(elements)
    }

    // MARK: UIScrollViewDelegate

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
      coordinator.viewportDidChange()
    }

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

  /// The view of every supplementary kind: a SwiftUI view through a hosting configuration, or
  /// nothing. A list cell, as UIKit's own list headers are, so that it takes a content
  /// configuration.
  final class _SupplementaryView: UICollectionViewListCell {}

  /// The refresh control a collection makes for `.refreshable` (one the app sets through
  /// `onCollectionView` is left alone).
  final class _RefreshControl: UIRefreshControl {}
#endif

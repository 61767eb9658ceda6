#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import StagecraftCoordinator
  import StagecraftDiff
  import StagecraftModel
  import StagecraftPlatforms
  import StagecraftReplay
  import SwiftUI
  import UIKit

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
    private var supplementary: [String: _SupplementaryContent<SectionID>] = [:]
    private var registry = SupplementaryRegistry(kindsWithContent: [])
    /// How many times each element's cell was selected: a button at a cell's root fires on it.
    private var selections = CellSelectionCounter<Element.ID>()
    private var options = _CollectionOptions()
    private var refresh: _RefreshCall?
    private var insets = ContentInsetsOwner()

    init(layout: UICollectionViewLayout, cell: @escaping (Element) -> Cell) {
      collectionView = _WindowReportingCollectionView(frame: .zero, collectionViewLayout: layout)
      self.cell = cell
      super.init(nibName: nil, bundle: nil)
      coordinator = CollectionCoordinator(
        target: collectionView,
        configureCell: { [unowned self] cell, path in
          // The data source holds the block's data: the element after the block is there.
          if let item = self.coordinator.item(at: path) { self.configure(cell, with: item.element) }
        })
      // A self-sizing list (`StagedCollection.selfSizingList`) reads the data the view shows.
      if let list = layout as? CollectionListLayout<Section> {
        list.shownData = { [unowned self] in self.coordinator.shownData }
        list.shownItemChanges = { [unowned self] in self.coordinator.itemsChanged(since: $0) }
        list.shownChanges = { [unowned self] in self.coordinator.changes(toShownDataFrom: $0) }
      }
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
      coordinator.viewDidLayout()
    }

    /// Takes a new version of the collection: builds its input (data, bindings, handlers)
    /// and hands it to the coordinator in one call, which also sets the view's own
    /// properties first, inside the same view update.
    func apply(
      _ collection: StagedCollection<SectionID, Element, Cell>, options: _CollectionOptions,
      refresh: RefreshAction?, animated: Bool
    ) {
      self.options = options
      cell = collection.cell
      _reportTypeMismatches(options)
      let input = makeInput(collection, options: options, animated: animated)
      coordinator.apply(input) {
        setSupplementary(collection.supplementary)
        _assignIfChanged(
          input.selection.allowsMultipleSelection, to: \.allowsMultipleSelection, on: collectionView
        )
        setRefresh(refresh)
        setInsets(options.insets)
      }
      setPin(options.pinnedItem?.handler?.base as? Element.ID)
      // Pruned to the cells on screen (`CellSelectionCounter`): indexing the data here would
      // cost the main actor the whole list at every update.
      let shown = Set(
        collectionView.indexPathsForVisibleItems.compactMap {
          coordinator.item(at: ElementPath($0))?.element.id
        })
      selections.prune { shown.contains($0) }
    }

    /// Pins the element with identifier `id` in a self-sizing list's layout, after the
    /// update the same `apply` handed in (so the pin is found in the new data); `nil` lets
    /// go. Another layout has no pin.
    private func setPin(_ id: Element.ID?) {
      guard let list = collectionView.collectionViewLayout as? CollectionListLayout<Section>,
        list.pinnedItem != id
      else { return }
      list.pinnedItem = id
    }

    /// The input of one update: a table of forwards from the collection and its environment.
    private func makeInput(
      _ collection: StagedCollection<SectionID, Element, Cell>, options: _CollectionOptions,
      animated: Bool
    ) -> CollectionInput<Section> {
      var input = CollectionInput<Section>(
        sections: collection.sections.map { section in
          ArraySection(
            model: _SectionKey(id: section.id), elements: section.elements.map(_Identified.init))
        },
        animated: animated, strategy: options.strategy ?? .coordinator)
      input.selection =
        switch collection.selection {
        case .none: .none
        case .set(let set): .many(set.wrappedValue) { set.wrappedValue = $0 }
        case .single(let single): .one(single.wrappedValue) { single.wrappedValue = $0 }
        }
      if let binding = options.scrolledItem?.handler {
        input.scrolledItem = ScrolledItemBinding(binding.get()?.base as? Element.ID) {
          binding.set(AnyHashable($0))
        }
      }
      input.onSelectItem = options.onSelect.map { report in
        { report.handler(report.type == Element.self ? $0.element : Self.payload($0)) }
      }
      input.reachEnd = options.reachEnd.map { .init(distance: $0.distance, action: $0.action) }
      input.reachStart = options.reachStart.map { .init(distance: $0.distance, action: $0.action) }
      input.prefetch = options.prefetch.map { handlers in
        .init(prefetch: { handlers.handler.prefetch($0) }, cancel: { handlers.handler.cancel($0) })
      }
      return input
    }

    /// In debug builds, says once which typed modifier names a type this collection does not
    /// hold: it would never fire.
    private func _reportTypeMismatches(_ options: _CollectionOptions) {
      #if DEBUG
        let element = (Element.self as? any _KeyedValue.Type)?._valueType ?? Element.self
        let checks: [(String, Any.Type?, Any.Type)] = [
          ("onSelect", options.onSelect?.type, element),
          ("onPrefetch", options.prefetch?.type, element),
          ("collectionContextMenu", options.contextMenuType, element),
          ("scrolledItem", options.scrolledItem?.type, Element.ID.self),
          ("pinnedItem", options.pinnedItem?.type, Element.ID.self),
        ]
        for (modifier, given, expected) in checks {
          // A keyed collection's modifiers may name the value or the keyed element.
          guard let given,
            let message = typedModifierMismatch(
              modifier, given: given, expected: expected, alsoAccepted: [Element.self]),
            reportedMismatches.insert(message).inserted
          else { continue }
          print("Stagecraft: \(message)")
        }
      #endif
    }
    private var reportedMismatches: Set<String> = []

    /// The `contentInsets` modifier's insets, by the view's layout direction; without the
    /// modifier, the view's own insets are left alone.
    private func setInsets(_ modifier: EdgeInsets?) {
      let physical: ContentInsetsOwner.Physical?
      if let modifier {
        physical = insets.insets(
          top: modifier.top, leading: modifier.leading, bottom: modifier.bottom,
          trailing: modifier.trailing,
          rightToLeft: collectionView.effectiveUserInterfaceLayoutDirection == .rightToLeft)
      } else {
        physical = insets.noInsets()
      }
      guard let physical else { return }
      _assignIfChanged(
        UIEdgeInsets(
          top: physical.top, left: physical.left, bottom: physical.bottom, right: physical.right),
        to: \.contentInset, on: collectionView)
    }

    /// What a typed modifier hears of an item: the element, or a keyed element's value.
    private static func payload(_ item: _Identified<Element>) -> Any {
      (item.element as? any _KeyedValue)?._value ?? item.element
    }

    /// Lays the sections out by identity: the section provider reads the identity of the
    /// section at each index in the data the view shows, so a layout follows its section.
    func layOutSections(
      by provider:
        @escaping (SectionID, any NSCollectionLayoutEnvironment) ->
        NSCollectionLayoutSection?
    ) {
      collectionView.collectionViewLayout = UICollectionViewCompositionalLayout {
        [weak self] index, environment in
        guard let id = self?.coordinator.sectionIdentifier(at: index) else { return nil }
        return provider(id.id, environment)
      }
    }

    /// The views of each kind, and the registrations for them, made before the layout asks.
    private func setSupplementary(_ views: [_SupplementaryKind: _SupplementaryContent<SectionID>]) {
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

    /// SwiftUI's `.refreshable`: a refresh control that runs the action and ends when it
    /// returns; none without one.
    private func setRefresh(_ action: RefreshAction?) {
      refresh = action.map(_RefreshCall.init)
      #if !os(tvOS) && !STAGECRAFT_TVOS_CHECK
        setRefreshControl(hasAction: action != nil)
      #endif
    }

    #if !os(tvOS) && !STAGECRAFT_TVOS_CHECK
      /// The view's refresh control, as `RefreshControlChange` decides.
      private func setRefreshControl(hasAction: Bool) {
        let owner: RefreshControlOwner =
          switch collectionView.refreshControl {
          case nil: .none
          case is _RefreshControl: .collection
          default: .app
          }
        switch RefreshControlChange.change(hasAction: hasAction, control: owner) {
        case .keep: return
        case .remove:
          collectionView.refreshControl = nil
          return
        case .install: break
        }
        let control = _RefreshControl()
        // UIKit declares `UIActionHandler` as `(UIAction) -> Void`, with no isolation (UIAction.h
        // in the iOS 16.5 and 27 SDKs), though it calls it on the main thread: the handler only
        // hands the work to the main actor, and reads the controller there.
        control.addAction(
          UIAction { [weak self, weak control] _ in
            Task { @MainActor in
              guard let refresh = self?.refresh else { return }
              await refresh.run()
              control?.endRefreshing()
            }
          }, for: .valueChanged)
        collectionView.refreshControl = control
      }
    #endif

    /// Shows `element` in `cell` as a SwiftUI view, with the cell's state and its deselect
    /// action in the environment; UIKit calls the handler again whenever the state changes.
    func configure(_ cell: UICollectionViewCell, with element: Element) {
      let content = self.cell
      let selected = selections.count(of: element.id)
      let deselect = DeselectCellAction { [weak coordinator] in
        coordinator?.deselectItem(withIdentifier: element.id)
      }
      cell.configurationUpdateHandler = { cell, state in
        cell.contentConfiguration = UIHostingConfiguration {
          _selectingRootButton(content(element))
            .environment(\.cellState, CollectionCellState(state))
            .environment(\.deselectCell, deselect)
            .environment(\._cellSelectionCount, selected)
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
      if let content = supplementary[kind],
        let section = supplementarySection(
          indexPath.section, sectionCount: sections.count, showsContent: registration.showsContent)
      {
        let id = sections[section].model.id
        (view as? _SupplementaryView)?.contentConfiguration = UIHostingConfiguration {
          content(kind, id, indexPath)
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

    /// Keyboard focus after an update stays on its item (the coordinator follows it by
    /// identity), not on the path UIKit remembered.
    func indexPathForPreferredFocusedView(in collectionView: UICollectionView) -> IndexPath? {
      coordinator.preferredFocusItem.map(IndexPath.init)
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      let path = ElementPath(indexPath)
      guard let item = coordinator.item(at: path) else { return }
      // A button at the cell's root fires on every selection.
      selections.select(item.element.id)
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

    #if !os(tvOS) && !STAGECRAFT_TVOS_CHECK
      func collectionView(
        _ collectionView: UICollectionView,
        contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
        point: CGPoint
      ) -> UIContextMenuConfiguration? {
        guard let menu = options.contextMenu?.handler else { return nil }
        let elements = indexPaths.compactMap { coordinator.item(at: ElementPath($0)) }
        let typed = options.contextMenu?.type == Element.self
        return elements.isEmpty ? nil : menu(elements.map { typed ? $0.element : Self.payload($0) })
      }
    #endif

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

    func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {
      coordinator.scrollDidSettle()
    }
  }

  /// SwiftUI's refresh action, called off the main actor as its `callAsFunction() async` is
  /// declared (nonisolated). `RefreshAction` is not `Sendable` in the iOS 16.5 SDK, though
  /// what it calls is the `@Sendable` closure `refreshable(action:)` takes: the box says so once,
  /// so that the call compiles whether or not the SDK marks the type `Sendable`.
  struct _RefreshCall: @unchecked Sendable {
    let action: RefreshAction

    func run() async { await action() }
  }
#endif

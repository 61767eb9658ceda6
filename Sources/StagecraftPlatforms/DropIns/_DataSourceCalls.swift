#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftReplay
  import StagecraftSnapshots
  import UIKit

  // The object a UIKit drop-in makes its view's data source. Each of UIKit's calls reaches
  // the drop-in's own method (which a subclass may override), with one exception handled
  // first: a drag. UIKit moves the row or item in the view, then calls the data source's
  // move method (`UITableViewDataSource.tableView(_:moveRowAt:to:)`,
  // `UICollectionViewDataSource.collectionView(_:moveItemAt:to:)`; UIKit's headers list them
  // under "Data manipulation - reorder / moving support", and `UICollectionView`'s
  // `endInteractiveMovement()` says the view "calls the data source's method to move the
  // item"). The drop-in's data source records the move before the override runs
  // (`DiffableDataSource.viewDidMoveItem(at:to:respond:)`), whether or not the override
  // calls `super`, so that Apple's pattern (an override that applies a snapshot with the
  // item moved) diffs from what the view shows and sends no block.

  /// `TableViewDiffableDataSource`'s calls from its table view.
  @MainActor
  final class _TableDataSourceCalls<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: NSObject, UITableViewDataSource {
    unowned let owner: TableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>

    init(owner: TableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>) {
      self.owner = owner
    }

    func numberOfSections(in tableView: UITableView) -> Int {
      owner.numberOfSections(in: tableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      owner.tableView(tableView, numberOfRowsInSection: section)
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
      -> UITableViewCell
    {
      owner.tableView(tableView, cellForRowAt: indexPath)
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      owner.tableView(tableView, titleForHeaderInSection: section)
    }

    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
      owner.tableView(tableView, titleForFooterInSection: section)
    }

    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
      owner.tableView(tableView, canEditRowAt: indexPath)
    }

    func tableView(
      _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
      forRowAt indexPath: IndexPath
    ) {
      owner.tableView(tableView, commit: editingStyle, forRowAt: indexPath)
    }

    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      owner.tableView(tableView, canMoveRowAt: indexPath)
    }

    func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      let owner = owner
      _moved(owner.core, sourceIndexPath, destinationIndexPath) {
        owner.tableView(tableView, moveRowAt: sourceIndexPath, to: destinationIndexPath)
      }
    }

    func sectionIndexTitles(for tableView: UITableView) -> [String]? {
      owner.sectionIndexTitles(for: tableView)
    }

    func tableView(
      _ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int
    ) -> Int {
      owner.tableView(tableView, sectionForSectionIndexTitle: title, at: index)
    }
  }

  /// `CollectionViewDiffableDataSource`'s calls from its collection view.
  @MainActor
  final class _CollectionDataSourceCalls<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: NSObject, UICollectionViewDataSource {
    unowned let owner: CollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>

    init(owner: CollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>) {
      self.owner = owner
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int {
      owner.numberOfSections(in: collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
      -> Int
    {
      owner.collectionView(collectionView, numberOfItemsInSection: section)
    }

    func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      owner.collectionView(collectionView, cellForItemAt: indexPath)
    }

    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      owner.collectionView(
        collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath)
    }

    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath)
      -> Bool
    {
      owner.collectionView(collectionView, canMoveItemAt: indexPath)
    }

    func collectionView(
      _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
      to destinationIndexPath: IndexPath
    ) {
      let owner = owner
      _moved(owner.core, sourceIndexPath, destinationIndexPath) {
        owner.collectionView(collectionView, moveItemAt: sourceIndexPath, to: destinationIndexPath)
      }
    }

    func indexTitles(for collectionView: UICollectionView) -> [String]? {
      owner.indexTitles(for: collectionView)
    }

    func collectionView(
      _ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int
    ) -> IndexPath {
      owner.collectionView(collectionView, indexPathForIndexTitle: title, at: index)
    }
  }

  /// The view's drag from `source` to `destination`, recorded by `core` around `override`
  /// (the drop-in's move method, or a subclass's override of it); a drag the data source
  /// cannot record (a path it does not show) still reaches the method.
  @MainActor
  func _moved<Target, SectionIdentifier, ItemIdentifier>(
    _ core: DiffableDataSource<Target, SectionIdentifier, ItemIdentifier>,
    _ source: IndexPath, _ destination: IndexPath, override: () -> Void
  ) {
    if !core.viewDidMoveItem(
      at: ElementPath(source), to: ElementPath(destination), respond: override)
    {
      override()
    }
  }

  /// The item each cell of a drop-in's view was last configured with, by the cell's identity:
  /// what the view shows, which the data source compares with its data in debug builds.
  /// Recorded in debug builds only.
  struct _CellItems<ItemIdentifier: Hashable> {
    private var items: [ObjectIdentifier: ItemIdentifier] = [:]

    /// Notes that `cell` now shows `item` (`nil`: no item, a placeholder).
    mutating func configured(_ cell: AnyObject, with item: ItemIdentifier?) {
      #if DEBUG
        items[ObjectIdentifier(cell)] = item
      #endif
    }

    /// The path and item of each cell in `cells` that shows an item, its path from `path`.
    @MainActor
    func shown<Cell: AnyObject>(_ cells: [Cell], path: (Cell) -> IndexPath?)
      -> [(path: ElementPath, item: ItemIdentifier)]
    {
      cells.compactMap { cell in
        guard let indexPath = path(cell), let item = items[ObjectIdentifier(cell)] else {
          return nil
        }
        return (ElementPath(indexPath), item)
      }
    }
  }

  /// Focus by identity across a drop-in's applies: what holds keyboard and VoiceOver focus
  /// before an apply is followed to its item (or its neighbour, as `CollectionModel.focus`
  /// says) and handed back to the view after it.
  @MainActor
  struct _DropInFocus<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
    private var before:
      (focused: FocusedItems, snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>)?
    /// Where keyboard focus belongs after the last apply.
    private(set) var preferredItem: ElementPath?

    /// Before an apply: what holds focus in `view`, on the data it shows.
    mutating func willChange(
      _ view: any FocusKeepingTarget, _ core: any _DropInCore<SectionIdentifier, ItemIdentifier>
    ) {
      guard before == nil else { return }
      let focused = view.focusedItems
      if !focused.isEmpty { before = (focused, core.snapshot()) }
    }

    /// After an apply: focus follows its items to where `core` shows them.
    mutating func didChange(
      _ view: any FocusKeepingTarget, _ core: any _DropInCore<SectionIdentifier, ItemIdentifier>
    ) {
      guard let (focused, old) = before else { return }
      before = nil
      let sections = core.snapshot()
      let now = focused.map {
        FocusTarget._following(
          $0,
          oldItem: { path -> ItemIdentifier? in
            guard old.sectionIdentifiers.indices.contains(path.section) else { return nil }
            let items = old.itemIdentifiers(inSection: old.sectionIdentifiers[path.section])
            return items.indices.contains(path.element) ? items[path.element] : nil
          },
          oldSection: {
            old.sectionIdentifiers.indices.contains($0) ? old.sectionIdentifiers[$0] : nil
          },
          newPath: { core.indexPath(for: $0) }, newSection: { sections.indexOfSection($0) })
      }
      preferredItem = now.keyboardItem
      view.restoreFocus(to: now)
    }
  }
#endif

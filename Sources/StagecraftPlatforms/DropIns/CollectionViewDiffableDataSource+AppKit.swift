#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import AppKit
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import StagecraftSnapshots

  /// `NSCollectionViewDiffableDataSource`, by a type-name change (the same name as the UIKit
  /// drop-in: the rule is "drop the prefix" on both): the same initializer, item and
  /// supplementary view providers and snapshots, with every apply guarded.
  ///
  /// Everything that is not about an item runs the headless `DiffableDataSource`, as on UIKit.
  /// Two things AppKit lacks come with it: the scroll metrics and scroll-to-item that keeping
  /// the anchor (`strategy.anchoring`) needs, and reconfigures that keep the item. AppKit has no
  /// reconfigure; give `itemReconfigurationHandler` and a reconfigured item is configured
  /// again in place, keeping its item and selection (without it, the item is reloaded).
  ///
  /// ```swift
  /// import AppKit
  /// import Stagecraft
  ///
  /// @MainActor func makeDataSource(for collectionView: NSCollectionView)
  ///   -> CollectionViewDiffableDataSource<Int, String>
  /// {
  ///   let identifier = NSUserInterfaceItemIdentifier("Title")
  ///   collectionView.register(NSCollectionViewItem.self, forItemWithIdentifier: identifier)
  ///   let dataSource = CollectionViewDiffableDataSource<Int, String>(
  ///     collectionView: collectionView
  ///   ) { collectionView, indexPath, title in
  ///     let item = collectionView.makeItem(withIdentifier: identifier, for: indexPath)
  ///     item.textField?.stringValue = title
  ///     return item
  ///   }
  ///   dataSource.itemReconfigurationHandler = { _, _, title, item in
  ///     item.textField?.stringValue = title
  ///   }
  ///   return dataSource
  /// }
  /// ```
  ///
  /// Like Apple's, it asks only that identifiers be `Hashable`:
  /// <https://developer.apple.com/documentation/appkit/nscollectionviewdiffabledatasource-axww>.
  @MainActor
  open class CollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable, ItemIdentifierType: Hashable
  >: DropInDiffableDataSource<SectionIdentifierType, ItemIdentifierType>,
    NSCollectionViewDataSource, _ItemReconfiguring
  {
    /// Makes the item of an identifier: Apple's `ItemProvider`.
    public typealias ItemProvider =
      (NSCollectionView, IndexPath, ItemIdentifierType) -> NSCollectionViewItem?
    /// Makes a supplementary view: Apple's `SupplementaryViewProvider`.
    public typealias SupplementaryViewProvider = (NSCollectionView, String, IndexPath) -> NSView?
    /// Configures a realized item again for a reconfigure: the view, the item's index path
    /// after the update, its identifier and the item.
    public typealias ItemReconfigurationHandler =
      (NSCollectionView, IndexPath, ItemIdentifierType, NSCollectionViewItem) -> Void

    /// The headless data source that decides everything but the items.
    let core: DiffableDataSource<NSCollectionView, SectionIdentifierType, ItemIdentifierType>
    let itemProvider: ItemProvider
    private var registeredPlaceholders: Set<String> = []

    /// Makes the supplementary views (headers, footers), as Apple's does.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// Configures reconfigured items in place; nil reloads them.
    public var itemReconfigurationHandler: ItemReconfigurationHandler?

    /// Told the index path of each item or supplementary view that the app's provider did
    /// not give, where AppKit raises; an empty one stands in.
    public var missingViewHandler: ((IndexPath) -> Void)?

    /// Creates a data source for `collectionView` and makes it the view's data source.
    ///
    /// - Parameters:
    ///   - collectionView: A collection view that shows nothing yet.
    ///   - itemProvider: Makes the item of an identifier.
    /// - Complexity: O(1).
    public init(collectionView: NSCollectionView, itemProvider: @escaping ItemProvider) {
      core = DiffableDataSource(target: collectionView)
      self.itemProvider = itemProvider
      super.init(_core: _DropInCoreOf(core))
      collectionView.dataSource = self
    }

    // MARK: Snapshots

    // MARK: Lookups

    // MARK: NSCollectionViewDataSource

    /// The number of sections the view shows.
    ///
    /// - Parameter collectionView: The view.
    /// - Returns: The count.
    /// - Complexity: O(1).
    open func numberOfSections(in collectionView: NSCollectionView) -> Int {
      core.numberOfSections
    }

    /// The number of items the view shows in `section`.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - section: A section index.
    /// - Returns: The count.
    /// - Complexity: O(1).
    open func collectionView(
      _ collectionView: NSCollectionView, numberOfItemsInSection section: Int
    ) -> Int {
      core.numberOfItems(inSection: section)
    }

    /// The item provider's item for the identifier the view shows at `indexPath`.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - indexPath: An index path.
    /// - Returns: The item; an empty one (told to `missingViewHandler`) when there is none.
    /// - Complexity: O(1) and the provider.
    open func collectionView(
      _ collectionView: NSCollectionView, itemForRepresentedObjectAt indexPath: IndexPath
    ) -> NSCollectionViewItem {
      let path = ElementPath(indexPath)
      if let item = core.cell(at: path, provider: { itemProvider(collectionView, indexPath, $1) }) {
        return item
      }
      missingViewHandler?(indexPath)
      return NSCollectionViewItem()
    }

    /// The supplementary view provider's view of `kind` at `indexPath`.
    ///
    /// - Parameters:
    ///   - collectionView: The view.
    ///   - kind: The element kind.
    ///   - indexPath: Its index path.
    /// - Returns: The view; an empty one (told to `missingViewHandler`) when there is none.
    /// - Complexity: O(1) and the provider.
    open func collectionView(
      _ collectionView: NSCollectionView,
      viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
      at indexPath: IndexPath
    ) -> NSView {
      let provider = supplementaryViewProvider.map { provider in
        { (kind: String, _: ElementPath) in provider(collectionView, kind, indexPath) }
      }
      if let view = core.supplementaryView(
        ofKind: kind, at: ElementPath(indexPath), provider: provider)
      {
        return view
      }
      missingViewHandler?(indexPath)
      let identifier = NSUserInterfaceItemIdentifier("Stagecraft.placeholder")
      if registeredPlaceholders.insert(kind).inserted {
        collectionView.register(
          NSView.self, forSupplementaryViewOfKind: kind, withIdentifier: identifier)
      }
      return collectionView.makeSupplementaryView(
        ofKind: kind, withIdentifier: identifier, for: indexPath)
    }

    /// Configures the realized items at `paths` again with `itemReconfigurationHandler`.
    func _reconfigureItems(at paths: [IndexPath], in view: NSCollectionView) -> Bool {
      guard let handler = itemReconfigurationHandler else { return false }
      for indexPath in paths {
        guard let item = view.item(at: indexPath), let identifier = itemIdentifier(for: indexPath)
        else { continue }
        handler(view, indexPath, identifier, item)
      }
      return true
    }
  }
#endif

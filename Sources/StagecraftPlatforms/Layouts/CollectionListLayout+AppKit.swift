#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  import StagecraftDiff
  import StagecraftModel
  import StagecraftReplay
  import AppKit

  /// `CollectionListLayout` for `NSCollectionView`: the same headless `ListLayoutState`
  /// behind an `NSCollectionViewLayout`, forwarding as the UIKit layout does. The viewport is
  /// the collection view's `visibleRect` (a flipped view: y grows downward).
  @MainActor
  open class CollectionListLayout<Section: DifferentiableSection>: NSCollectionViewLayout {
    /// What the UIKit and AppKit shells share: the state, and every decision.
    private var forwarding: _ListLayoutForwarding<Section>

    /// The headless layout: data, sizes, scroll position.
    ///
    /// - Complexity: O(1).
    public var state: ListLayoutState<Section> { forwarding.state }

    /// A layout of `state`.
    ///
    /// - Parameter state: The headless layout.
    /// - Complexity: O(1).
    public init(state: ListLayoutState<Section>) {
      forwarding = _ListLayoutForwarding(state: state)
      super.init()
    }

    /// Not available: a layout of Stagecraft's is made in code.
    ///
    /// - Complexity: O(1).
    public required init?(coder: NSCoder) { nil }

    /// Where the layout reads the data the view shows, in `prepare()` (see the UIKit
    /// layout's).
    ///
    /// - Complexity: Reading it, O(1); the layout reads it once per `prepare()`.
    open var shownData: (() -> (version: Int, sections: [Section]))? {
      get { forwarding.shownData }
      set { forwarding.shownData = newValue }
    }
    /// Which items changed in place since a version of `shownData` (see the UIKit layout's).
    ///
    /// - Complexity: Reading it, O(k) for the k items.
    open var shownItemChanges: ((_ since: Int) -> [Section.Collection.Element]?)? {
      get { forwarding.shownItemChanges }
      set { forwarding.shownItemChanges = newValue }
    }
    /// The changes from the layout's data to `shownData`'s:
    /// `CollectionCoordinator.changes(toShownDataFrom:)`. With it, an update the layout
    /// follows is diffed by the coordinator's own diff, specialized for the app's types,
    /// instead of by the layout's generic code.
    ///
    /// - Complexity: Reading it, O(1).
    open var shownChanges: ((_ from: [Section]) -> StagedChangeset<[Section]>)? {
      get { forwarding.shownChanges }
      set { forwarding.shownChanges = newValue }
    }

    /// New data, from the update's `setData`: sizes follow their items by identity.
    ///
    /// - Parameter sections: The data the view now shows.
    /// - Complexity: O(n).
    open func setSections(_ sections: [Section]) {
      forwarding.setSections(sections)
      invalidateLayout()
    }

    /// The item whose top holds while the answer below it streams (`ListLayoutState`).
    ///
    /// - Complexity: Setting, O(n).
    open var pinnedItem: Section.Collection.Element.DifferenceIdentifier? {
      get { forwarding.pinnedItem }
      set { forwarding.pinnedItem = newValue }
    }

    /// Scrolls so that the item at `path` is where `alignment` puts it, and keeps it there
    /// while the items the scroll brings on screen report their sizes
    /// (`ListLayoutState.scrollToItem(at:alignment:)`).
    ///
    /// - Parameters:
    ///   - path: The item.
    ///   - alignment: Where it goes in the viewport.
    /// - Complexity: O(log n).
    open func scrollToItem(at path: ElementPath, alignment: ScrollAlignment) {
      guard let view = collectionView,
        let offset = forwarding.scrollToItem(at: path, alignment: alignment)
      else { return }
      view.enclosingScrollView?.contentView.scroll(
        to: NSPoint(x: view.visibleRect.minX, y: CGFloat(offset)))
      invalidateLayout()
    }

    /// Reads the view's width, viewport (its `visibleRect`) and offset into the state.
    ///
    /// - Complexity: O(log n) for a scroll; O(k) after k items changed in place; O(n) after
    ///   other new data.
    open override func prepare() {
      super.prepare()
      let view = collectionView
      let visible = view?.visibleRect ?? .zero
      let moved = forwarding.prepare(
        view.map { view in
          (Double(view.bounds.width), Double(visible.height), Double(visible.minY))
        })
      // A new viewport height at the bottom of a chat: the view follows the state.
      if moved != 0, let clip = view?.enclosingScrollView?.contentView {
        clip.scroll(to: NSPoint(x: visible.minX, y: visible.minY + CGFloat(moved)))
      }
    }

    /// The content: the state's height at the view's width.
    ///
    /// - Complexity: O(1).
    open override var collectionViewContentSize: NSSize {
      NSSize(
        width: collectionView?.bounds.width ?? 0, height: CGFloat(forwarding.contentHeight))
    }

    /// The items, headers and footers in `rect`, from the state.
    ///
    /// - Complexity: O(log n + k log n) for the k elements.
    open override func layoutAttributesForElements(in rect: NSRect)
      -> [NSCollectionViewLayoutAttributes]
    {
      forwarding.elements(from: Double(rect.minY), to: Double(rect.maxY)).map(attributes)
    }

    /// The item at `indexPath`, from the state.
    ///
    /// - Complexity: O(log n).
    open override func layoutAttributesForItem(at indexPath: IndexPath)
      -> NSCollectionViewLayoutAttributes?
    {
      forwarding.item(at: ElementPath(indexPath)).map(attributes)
    }

    /// A section's header or footer, from the state.
    ///
    /// - Complexity: O(log n).
    open override func layoutAttributesForSupplementaryView(
      ofKind elementKind: NSCollectionView.SupplementaryElementKind, at indexPath: IndexPath
    ) -> NSCollectionViewLayoutAttributes? {
      forwarding.supplementary(
        footer: elementKind == NSCollectionView.elementKindSectionFooter,
        section: indexPath.section
      ).map(attributes)
    }

    /// A new width or viewport height lays out again; a scroll does not.
    ///
    /// - Complexity: O(1).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: NSRect) -> Bool {
      forwarding.isResized(
        width: Double(newBounds.width),
        viewportHeight: Double(collectionView?.visibleRect.height ?? newBounds.height))
    }

    /// Records an item's measured height by its identity; `true` when the layout changed.
    ///
    /// - Complexity: O(log n).
    open override func shouldInvalidateLayout(
      forPreferredLayoutAttributes preferredAttributes: NSCollectionViewLayoutAttributes,
      withOriginalAttributes originalAttributes: NSCollectionViewLayoutAttributes
    ) -> Bool {
      originalAttributes.representedElementKind == nil
        && forwarding.recordPreferredHeight(
          Double(preferredAttributes.frame.height),
          forItemAt: ElementPath(originalAttributes.indexPath ?? IndexPath(item: 0, section: 0)))
    }

    /// The correction that keeps what the user sees in place, as AppKit applies it.
    ///
    /// - Complexity: O(1).
    open override func invalidationContext(
      forPreferredLayoutAttributes preferredAttributes: NSCollectionViewLayoutAttributes,
      withOriginalAttributes originalAttributes: NSCollectionViewLayoutAttributes
    ) -> NSCollectionViewLayoutInvalidationContext {
      let context = super.invalidationContext(
        forPreferredLayoutAttributes: preferredAttributes,
        withOriginalAttributes: originalAttributes)
      context.contentOffsetAdjustment = NSPoint(x: 0, y: CGFloat(forwarding.takeAdjustment()))
      return context
    }

    /// AppKit's attributes for one laid-out element.
    private func attributes(
      _ laidOut: (ListLayoutState<Section>.LayoutElement, ItemExtent)
    ) -> NSCollectionViewLayoutAttributes {
      let (element, extent) = laidOut
      let result: NSCollectionViewLayoutAttributes
      switch element {
      case .item(let path): result = NSCollectionViewLayoutAttributes(forItemWith: IndexPath(path))
      case .header(let section):
        result = NSCollectionViewLayoutAttributes(
          forSupplementaryViewOfKind: NSCollectionView.elementKindSectionHeader,
          with: IndexPath(item: 0, section: section))
      case .footer(let section):
        result = NSCollectionViewLayoutAttributes(
          forSupplementaryViewOfKind: NSCollectionView.elementKindSectionFooter,
          with: IndexPath(item: 0, section: section))
      }
      result.frame = NSRect(
        x: 0, y: CGFloat(extent.top), width: collectionView?.bounds.width ?? 0,
        height: CGFloat(extent.height))
      return result
    }
  }
#endif

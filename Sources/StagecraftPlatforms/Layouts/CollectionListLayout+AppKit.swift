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
    /// The headless layout: data, sizes, scroll position.
    public private(set) var state: ListLayoutState<Section>
    /// The offset adjustment of the last preferred size recorded, for its invalidation
    /// context.
    private var adjustment: Double?

    /// A layout of `state`.
    ///
    /// - Parameter state: The headless layout.
    /// - Complexity: O(1).
    public init(state: ListLayoutState<Section>) {
      self.state = state
      super.init()
    }

    /// Not available: a layout of Stagecraft's is made in code.
    ///
    /// - Complexity: O(1).
    public required init?(coder: NSCoder) { nil }

    /// Where the layout reads the data the view shows, in `prepare()`: a version that changes
    /// with the data, and the sections. `CollectionCoordinator.shownData` is one; with it the
    /// layout needs no `setSections(_:)`.
    ///
    /// - Complexity: Reading it, O(1); the layout reads it once per `prepare()`.
    open var shownData: (() -> (version: Int, sections: [Section]))?
    /// Which items changed in place since a version of `shownData`, or `nil` when the data
    /// changed otherwise: `CollectionCoordinator.itemsChanged(since:)`. With it, a streamed
    /// token lays out one item, not the list.
    ///
    /// - Complexity: Reading it, O(k) for the k items.
    open var shownItemChanges: ((_ since: Int) -> [Section.Collection.Element]?)?

    /// New data, from the update's `setData`: sizes follow their items by identity.
    ///
    /// - Parameter sections: The data the view now shows.
    /// - Complexity: O(n).
    open func setSections(_ sections: [Section]) {
      state.setSections(sections)
      invalidateLayout()
    }

    /// The item whose top holds while the answer below it streams (`ListLayoutState`).
    ///
    /// - Complexity: Setting, O(n).
    open var pinnedItem: Section.Collection.Element.DifferenceIdentifier? {
      get { state.pinnedItem }
      set { state.pinnedItem = newValue }
    }

    /// Scrolls so that the item at `path` is where `alignment` puts it, and keeps it there
    /// while the cells the scroll brings on screen report their sizes, until the user
    /// scrolls (`ListLayoutState.scrollToItem(at:alignment:)`): one call lands, where
    /// UIKit's own `scrollToItem(at:at:animated:)` aims at the estimates once.
    ///
    /// - Parameters:
    ///   - path: The item.
    ///   - alignment: Where it goes in the viewport.
    /// - Complexity: O(log n).
    open func scrollToItem(at path: ElementPath, alignment: ScrollAlignment) {
      guard let view = collectionView,
        let offset = state.scrollToItem(at: path, alignment: alignment)
      else { return }
      view.enclosingScrollView?.contentView.scroll(
        to: NSPoint(x: view.visibleRect.minX, y: CGFloat(offset)))
      invalidateLayout()
    }

    /// Reads the view's width, viewport and offset into the state.
    ///
    /// - Complexity: O(log n) for a scroll; O(k) after k items changed in place; O(n) after
    ///   other new data.
    open override func prepare() {
      super.prepare()
      if let shown = shownData?() { state.follow(shown: shown, itemsChanged: shownItemChanges) }
      guard let view = collectionView else { return }
      let visible = view.visibleRect
      let moved = state.setBounds(
        width: Double(view.bounds.width), height: Double(visible.height),
        offset: Double(visible.minY))
      // A new viewport height at the bottom of a chat: the view follows the state.
      if moved != 0, let clip = view.enclosingScrollView?.contentView {
        clip.scroll(to: NSPoint(x: visible.minX, y: visible.minY + CGFloat(moved)))
      }
    }

    /// The content: the state's height at the view's width.
    ///
    /// - Complexity: O(1).
    open override var collectionViewContentSize: NSSize {
      NSSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(state.contentHeight))
    }

    /// The items, headers and footers in `rect`, from the state.
    ///
    /// - Complexity: O(log n + k log n) for the k elements.
    open override func layoutAttributesForElements(in rect: NSRect)
      -> [NSCollectionViewLayoutAttributes]
    {
      state.elements(from: Double(rect.minY), to: Double(rect.maxY)).map(attributes)
    }

    /// The item at `indexPath`, from the state.
    ///
    /// - Complexity: O(log n).
    open override func layoutAttributesForItem(at indexPath: IndexPath)
      -> NSCollectionViewLayoutAttributes?
    {
      let path = ElementPath(indexPath)
      return state.frameOfItem(at: path).map { attributes((.item(path), $0)) }
    }

    /// A section's header or footer, from the state.
    ///
    /// - Complexity: O(log n).
    open override func layoutAttributesForSupplementaryView(
      ofKind elementKind: NSCollectionView.SupplementaryElementKind, at indexPath: IndexPath
    ) -> NSCollectionViewLayoutAttributes? {
      let element: ListLayoutState<Section>.LayoutElement =
        elementKind == NSCollectionView.elementKindSectionFooter
        ? .footer(indexPath.section) : .header(indexPath.section)
      let frame =
        elementKind == NSCollectionView.elementKindSectionFooter
        ? state.frameOfFooter(indexPath.section) : state.frameOfHeader(indexPath.section)
      return frame.map { attributes((element, $0)) }
    }

    /// A new width or viewport height lays out again; a scroll does not.
    ///
    /// - Complexity: O(1).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: NSRect) -> Bool {
      state.isResized(
        width: Double(newBounds.width),
        height: Double(collectionView?.visibleRect.height ?? newBounds.height))
    }

    /// Records a cell's measured height by its item's identity; `true` when the layout
    /// changed.
    ///
    /// - Complexity: O(log n).
    open override func shouldInvalidateLayout(
      forPreferredLayoutAttributes preferredAttributes: NSCollectionViewLayoutAttributes,
      withOriginalAttributes originalAttributes: NSCollectionViewLayoutAttributes
    ) -> Bool {
      guard originalAttributes.representedElementKind == nil else { return false }
      adjustment = state.recordPreferredHeight(
        Double(preferredAttributes.frame.height),
        forItemAt: ElementPath(originalAttributes.indexPath ?? IndexPath(item: 0, section: 0)))
      return adjustment != nil
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
      context.contentOffsetAdjustment = NSPoint(x: 0, y: CGFloat(adjustment ?? 0))
      adjustment = nil
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

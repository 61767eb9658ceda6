#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftModel
  import StagecraftReplay
  import UIKit

  /// A vertical list layout, with section headers and footers and self-sizing cells, whose
  /// geometry is a `ListLayoutState`: the frames, the content size, and the offset
  /// corrections that keep what the user sees in place are the headless state's, so what a
  /// test proves on Linux is what the device lays out. This class only forwards, as
  /// ChatLayout's layout does to its state controller.
  ///
  /// Give it the data at each update (`setSections(_:)`, from the update's `setData`). A
  /// cell that self-sizes (`preferredLayoutAttributesFitting(_:)`, which
  /// `UIHostingConfiguration` cells do) has its height recorded by its item's identity;
  /// UIKit applies the returned `contentOffsetAdjustment`
  /// (`invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`,
  /// UICollectionViewLayout.h, iOS 8).
  ///
  /// ```swift
  /// import Stagecraft
  /// import UIKit
  ///
  /// @MainActor func makeTranscript(_ messages: [String]) -> UICollectionView {
  ///   let layout = CollectionListLayout(
  ///     state: ListLayoutState(
  ///       sections: [ArraySection(model: 0, elements: messages)], estimatedItemHeight: 60,
  ///       anchoring: .stickToBottom))
  ///   return UICollectionView(frame: .zero, collectionViewLayout: layout)
  /// }
  /// ```
  @MainActor
  open class CollectionListLayout<Section: DifferentiableSection>: UICollectionViewLayout {
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

    /// Where the layout reads the data the view shows, in `prepare()`: a version that changes
    /// with the data, and the sections. `CollectionCoordinator.shownData` is one; with it the
    /// layout needs no `setSections(_:)`.
    ///
    /// - Complexity: Reading it, O(1); the layout reads it once per `prepare()`.
    open var shownData: (() -> (version: Int, sections: [Section]))? {
      get { forwarding.shownData }
      set { forwarding.shownData = newValue }
    }
    /// Which items changed in place since a version of `shownData`, or `nil` when the data
    /// changed otherwise: `CollectionCoordinator.itemsChanged(since:)`. With it, a streamed
    /// token lays out one item, not the list.
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
        let offset = forwarding.scrollToItem(at: path, alignment: alignment)
      else { return }
      view.contentOffset.y = CGFloat(offset) - view.adjustedContentInset.top
      invalidateLayout()
    }

    /// Reads the view's width, viewport (inside the adjusted insets) and offset into the
    /// state.
    ///
    /// - Complexity: O(log n) for a scroll; O(k) after k items changed in place; O(n) after
    ///   other new data.
    open override func prepare() {
      super.prepare()
      let view = collectionView
      let moved = forwarding.prepare(
        view.map { view in
          let insets = view.adjustedContentInset
          return (
            Double(view.bounds.width), Double(view.bounds.height - insets.top - insets.bottom),
            Double(view.contentOffset.y + insets.top)
          )
        })
      // A keyboard's inset at the bottom of a chat: the view follows the state.
      if moved != 0 { view?.contentOffset.y += CGFloat(moved) }
    }

    /// The content: the state's height at the view's width.
    ///
    /// - Complexity: O(1).
    open override var collectionViewContentSize: CGSize {
      CGSize(
        width: collectionView?.bounds.width ?? 0, height: CGFloat(forwarding.contentHeight))
    }

    /// The items, headers and footers in `rect`, from the state.
    ///
    /// - Complexity: O(log n + k log n) for the k elements.
    open override func layoutAttributesForElements(in rect: CGRect)
      -> [UICollectionViewLayoutAttributes]?
    {
      forwarding.elements(from: Double(rect.minY), to: Double(rect.maxY)).map(attributes)
    }

    /// The item at `indexPath`, from the state.
    ///
    /// - Complexity: O(log n).
    open override func layoutAttributesForItem(at indexPath: IndexPath)
      -> UICollectionViewLayoutAttributes?
    {
      forwarding.item(at: ElementPath(indexPath)).map(attributes)
    }

    /// A section's header or footer, from the state.
    ///
    /// - Complexity: O(log n).
    open override func layoutAttributesForSupplementaryView(
      ofKind elementKind: String, at indexPath: IndexPath
    ) -> UICollectionViewLayoutAttributes? {
      forwarding.supplementary(
        footer: elementKind == UICollectionView.elementKindSectionFooter,
        section: indexPath.section
      ).map(attributes)
    }

    /// A new width or viewport height lays out again; a scroll does not.
    ///
    /// - Complexity: O(1).
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
      let insets =
        collectionView?.adjustedContentInset ?? UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
      return forwarding.isResized(
        width: Double(newBounds.width),
        viewportHeight: Double(newBounds.height - insets.top - insets.bottom))
    }

    /// Records a cell's measured height by its item's identity; `true` when the layout
    /// changed.
    ///
    /// - Complexity: O(log n).
    open override func shouldInvalidateLayout(
      forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
      withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> Bool {
      originalAttributes.representedElementKind == nil
        && forwarding.recordPreferredHeight(
          Double(preferredAttributes.frame.height),
          forItemAt: ElementPath(originalAttributes.indexPath))
    }

    /// The correction that keeps what the user sees in place, as UIKit applies it.
    ///
    /// - Complexity: O(1).
    open override func invalidationContext(
      forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
      withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes
    ) -> UICollectionViewLayoutInvalidationContext {
      let context = super.invalidationContext(
        forPreferredLayoutAttributes: preferredAttributes,
        withOriginalAttributes: originalAttributes)
      context.contentOffsetAdjustment = CGPoint(x: 0, y: CGFloat(forwarding.takeAdjustment()))
      return context
    }

    /// After an update: where the state kept the first visible item.
    ///
    /// - Complexity: O(1).
    open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint)
      -> CGPoint
    {
      let top = collectionView?.adjustedContentInset.top ?? 0
      return CGPoint(x: proposedContentOffset.x, y: CGFloat(forwarding.contentOffset) - top)
    }

    /// UIKit's attributes for one laid-out element.
    private func attributes(
      _ laidOut: (ListLayoutState<Section>.LayoutElement, ItemExtent)
    ) -> UICollectionViewLayoutAttributes {
      let (element, extent) = laidOut
      let result: UICollectionViewLayoutAttributes
      switch element {
      case .item(let path): result = UICollectionViewLayoutAttributes(forCellWith: IndexPath(path))
      case .header(let section):
        result = UICollectionViewLayoutAttributes(
          forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
          with: IndexPath(item: 0, section: section))
      case .footer(let section):
        result = UICollectionViewLayoutAttributes(
          forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
          with: IndexPath(item: 0, section: section))
      }
      result.frame = CGRect(
        x: 0, y: CGFloat(extent.top), width: collectionView?.bounds.width ?? 0,
        height: CGFloat(extent.height))
      return result
    }
  }
#endif

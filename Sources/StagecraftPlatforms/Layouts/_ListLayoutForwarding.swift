import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// What the two `CollectionListLayout` shells (UIKit's `UICollectionViewLayout`, AppKit's
/// `NSCollectionViewLayout`) do alike, in plain numbers: each shell reads its view's
/// geometry, hands it here, and turns what comes back into its framework's attributes and
/// offsets. Every decision is the headless `ListLayoutState`'s; this forwards to it.
@MainActor
struct _ListLayoutForwarding<Section: DifferentiableSection> {
  /// The headless layout: data, sizes, scroll position.
  private(set) var state: ListLayoutState<Section>
  /// The offset adjustment of the last preferred size recorded, for its invalidation
  /// context.
  private var adjustment: Double?
  /// Where the layout reads the data the view shows, in `prepare()`.
  var shownData: (() -> (version: Int, sections: [Section]))?
  /// Which items changed in place since a version of `shownData`.
  var shownItemChanges: ((_ since: Int) -> [Section.Collection.Element]?)?
  /// The changes from the layout's data to `shownData`'s.
  var shownChanges: ((_ from: [Section]) -> StagedChangeset<[Section]>)?

  init(state: ListLayoutState<Section>) { self.state = state }

  /// New data, from the update's `setData`.
  mutating func setSections(_ sections: [Section]) { state.setSections(sections) }

  /// The item whose top holds while the answer below it streams.
  var pinnedItem: Section.Collection.Element.DifferenceIdentifier? {
    get { state.pinnedItem }
    set { state.pinnedItem = newValue }
  }

  /// The offset that puts the item at `path` where `alignment` says, and keeps it there as
  /// sizes arrive; `nil` for an item the layout does not have.
  mutating func scrollToItem(at path: ElementPath, alignment: ScrollAlignment) -> Double? {
    state.scrollToItem(at: path, alignment: alignment)
  }

  /// `prepare()`: the data the view shows, then the view's width, viewport height and
  /// offset (`nil` without a view). Returns by how much the view's offset must move to follow
  /// the state (a keyboard's inset at the bottom of a chat).
  mutating func prepare(
    _ bounds: (width: Double, viewportHeight: Double, offset: Double)?
  ) -> Double {
    if let shown = shownData?() {
      state.follow(shown: shown, itemsChanged: shownItemChanges, changes: shownChanges)
    }
    guard let bounds else { return 0 }
    return state.setBounds(
      width: bounds.width, height: bounds.viewportHeight, offset: bounds.offset)
  }

  /// The content's height.
  var contentHeight: Double { state.contentHeight }

  /// The offset the state kept the first visible item at, after an update.
  var contentOffset: Double { state.contentOffset }

  /// The items, headers and footers between `top` and `bottom`.
  func elements(from top: Double, to bottom: Double)
    -> [(ListLayoutState<Section>.LayoutElement, ItemExtent)]
  {
    state.elements(from: top, to: bottom)
  }

  /// The item at `path`, laid out.
  func item(at path: ElementPath) -> (ListLayoutState<Section>.LayoutElement, ItemExtent)? {
    state.frameOfItem(at: path).map { (.item(path), $0) }
  }

  /// A section's header, or its footer, laid out.
  func supplementary(footer: Bool, section: Int)
    -> (ListLayoutState<Section>.LayoutElement, ItemExtent)?
  {
    footer
      ? state.frameOfFooter(section).map { (.footer(section), $0) }
      : state.frameOfHeader(section).map { (.header(section), $0) }
  }

  /// Whether a new width or viewport height lays out again (a scroll does not).
  func isResized(width: Double, viewportHeight: Double) -> Bool {
    state.isResized(width: width, height: viewportHeight)
  }

  /// Records a cell's measured height by its item's identity: whether the layout changed.
  /// The offset adjustment is kept for the invalidation context that follows.
  mutating func recordPreferredHeight(_ height: Double, forItemAt path: ElementPath) -> Bool {
    adjustment = state.recordPreferredHeight(height, forItemAt: path)
    return adjustment != nil
  }

  /// The correction that keeps what the user sees in place, once.
  mutating func takeAdjustment() -> Double {
    defer { adjustment = nil }
    return adjustment ?? 0
  }
}

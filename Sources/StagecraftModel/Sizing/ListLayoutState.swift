import StagecraftDiff
import StagecraftReplay

/// The state behind a vertical list layout whose geometry is `CollectionModel`'s: what a
/// `UICollectionViewLayout` or `NSCollectionViewLayout` (`CollectionListLayout`), or a
/// table's `estimatedHeightForRowAt` (`TableRowHeights`), asks, answered headlessly, so that
/// what a test proves is what the device lays out. The shells only forward.
///
/// Sizes are the model's: measured for an item's identity, content and width, estimates
/// until then, carried across data changes by identity. A measured size corrects the content
/// offset so that the first visible item does not move, and `setSections(_:)` keeps that
/// item where it was. See <doc:SelfSizingWithoutJumps>.
///
/// ```swift
/// import Stagecraft
///
/// var layout = ListLayoutState(
///   sections: [ArraySection(model: "Inbox", elements: Array(0..<100))],
///   estimatedItemHeight: 50, sectionHeaderHeight: 30)
/// layout.setBounds(width: 320, height: 400, offset: 530)
/// print(layout.frameOfItem(at: ElementPath(element: 10, section: 0))!.top)  // prints 530.0
/// // A cell above the viewport measures 80 points: the offset follows, by 30.
/// print(layout.recordPreferredHeight(80, forItemAt: ElementPath(element: 2, section: 0))!)  // prints 30.0
/// print(layout.contentOffset, layout.contentHeight)  // prints 560.0 5060.0
/// ```
public struct ListLayoutState<Section: DifferentiableSection> {
  /// The element type the sections hold.
  public typealias Element = Section.Collection.Element

  /// The model whose geometry the layout is: its data, sizes and scroll position.
  public private(set) var model: CollectionModel<Section>

  /// One laid-out view: an item, or a section's header or footer.
  public enum LayoutElement: Hashable, Sendable {
    /// The item at this path.
    case item(ElementPath)
    /// The header of this section.
    case header(Int)
    /// The footer of this section.
    case footer(Int)
  }

  /// A layout of `sections`, each item `estimatedItemHeight` until it is measured.
  ///
  /// - Parameters:
  ///   - sections: The data.
  ///   - estimatedItemHeight: The height of an item not measured yet.
  ///   - sectionHeaderHeight: The height of each section's header; 0 (none) by default.
  ///   - sectionFooterHeight: The height of each section's footer; 0 (none) by default.
  ///   - anchoring: What a measured size keeps of the scroll position; `.keepAnchor` by
  ///     default (see `CollectionModel.Geometry.anchoring`).
  /// - Complexity: O(n).
  public init(
    sections: [Section], estimatedItemHeight: Double, sectionHeaderHeight: Double = 0,
    sectionFooterHeight: Double = 0, anchoring: ScrollAnchoring = .keepAnchor
  ) {
    model = CollectionModel(sections: sections, viewport: .none)
    var geometry = CollectionModel<Section>.Geometry(
      viewportHeight: 0, sectionHeaderHeight: sectionHeaderHeight,
      itemHeight: estimatedItemHeight)
    geometry.sectionFooterHeight = sectionFooterHeight
    geometry.anchoring = anchoring
    model.geometry = geometry
  }

  /// Where the list is scrolled: the distance from the content's top to the viewport's top.
  ///
  /// - Complexity: O(1).
  public var contentOffset: Double { model.geometry?.contentOffset ?? 0 }

  /// The height of the content: the measured sizes, the estimates of the rest, the headers
  /// and footers, and the room a `pinnedItem` needs below it to hold at the viewport's top
  /// (so that the view lets the offset be there).
  ///
  /// - Complexity: O(1).
  public var contentHeight: Double {
    guard let metrics = model.scrollMetrics else { return 0 }
    guard model.pinnedItem != nil else { return metrics.contentHeight }
    return max(metrics.contentHeight, metrics.contentOffset + metrics.viewportHeight)
  }

  /// The view's size and scroll position, as `prepare()` reads them: a scroll, a resize (a
  /// keyboard's inset) or a new width (a rotation, which measures the items again). The
  /// scroll comes first, at the old size; then the new size keeps the scroll position as
  /// `anchoring` says: a list kept at its bottom (`.stickToBottom`) stays there when a
  /// keyboard shrinks its viewport. The returned change of the offset is the view's to
  /// apply.
  ///
  /// - Parameters:
  ///   - width: The width the items are laid out at.
  ///   - height: The viewport's height.
  ///   - offset: The content offset.
  /// - Returns: How far the new size moved the content offset; 0 for none.
  /// - Complexity: O(log n) for a scroll over the same layout.
  @discardableResult
  public mutating func setBounds(width: Double, height: Double, offset: Double) -> Double {
    guard var geometry = model.geometry else { return 0 }
    if geometry.contentOffset != offset { model.setContentOffset(offset) }
    guard geometry.viewportWidth != width || geometry.viewportHeight != height else { return 0 }
    geometry = model.geometry!
    (geometry.viewportWidth, geometry.viewportHeight) = (width, height)
    model.geometry = geometry
    return contentOffset - offset
  }

  /// Whether a view of this size needs a new layout: its width or its viewport's height
  /// differs (a rotation, a keyboard). A scroll alone does not.
  ///
  /// - Parameters:
  ///   - width: The view's width.
  ///   - height: Its viewport's height.
  /// - Returns: Whether to lay out again.
  /// - Complexity: O(1).
  public func isResized(width: Double, height: Double) -> Bool {
    guard let geometry = model.geometry else { return true }
    return geometry.viewportWidth != width || geometry.viewportHeight != height
  }

  /// New data: sizes follow their items by identity, and the first visible item stays where
  /// it was, if it survives.
  ///
  /// - Parameter sections: The data after the update.
  /// - Complexity: O(n).
  public mutating func setSections(_ sections: [Section]) {
    let anchor = model.scrollAnchor
    model.reloadData(newSections: sections)
    if let anchor { model.restoreScrollAnchor(anchor) }
  }

  /// The item whose top holds still while the items below it grow (a prompt whose answer
  /// streams in): `CollectionModel.pinnedItem`.
  ///
  /// - Complexity: Setting, O(n).
  public var pinnedItem: Element.DifferenceIdentifier? {
    get { model.pinnedItem }
    set { model.pinnedItem = newValue }
  }

  /// Records the height a cell measured (`preferredLayoutAttributesFitting(_:)`), by the
  /// identity of the item at `path`, and returns how far the content offset moved to keep
  /// what the user sees in place: UIKit's `contentOffsetAdjustment`. `nil` when nothing
  /// changed: the same size again, a stale report, or an alternating size held still.
  ///
  /// - Parameters:
  ///   - height: The height the cell measured.
  ///   - path: The item's path.
  /// - Returns: The change of the content offset, or `nil`.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func recordPreferredHeight(_ height: Double, forItemAt path: ElementPath)
    -> Double?
  {
    guard let before = model.extentOfItem(at: path) else { return nil }
    let offset = contentOffset
    guard model.recordMeasuredHeight(height, forItemAt: path),
      model.extentOfItem(at: path) != before || contentOffset != offset
    else { return nil }
    return contentOffset - offset
  }

  /// The height a table should estimate for the item at `path`: its measured size, or its
  /// estimate (its old size at another width, or the geometry's). By identity: an insert
  /// above moves no other row's estimate.
  ///
  /// - Parameter path: An item.
  /// - Returns: Its height; `nil` for a path the data does not have.
  /// - Complexity: O(1).
  public func estimatedHeight(forItemAt path: ElementPath) -> Double? {
    model.extentOfItem(at: path)?.height
  }

  /// Where the item at `path` is: its top and height in the content.
  ///
  /// - Complexity: O(1), or O(log n) below a size measured since the last data change.
  public func frameOfItem(at path: ElementPath) -> ItemExtent? {
    model.extentOfItem(at: path)
  }

  /// Where `section`'s header is; `nil` without headers.
  ///
  /// - Complexity: O(log n).
  public func frameOfHeader(_ section: Int) -> ItemExtent? {
    guard let layout = model._layout, layout.header > 0,
      layout.sectionStarts.indices.contains(section)
    else { return nil }
    return ItemExtent(top: layout.sectionTop(section), height: layout.header)
  }

  /// Where `section`'s footer is; `nil` without footers.
  ///
  /// - Complexity: O(log n).
  public func frameOfFooter(_ section: Int) -> ItemExtent? {
    guard let layout = model._layout, layout.footer > 0,
      layout.sectionStarts.indices.contains(section)
    else { return nil }
    return ItemExtent(top: layout.footerTop(section), height: layout.footer)
  }

  /// What `layoutAttributesForElements(in:)` returns: the items, headers and footers that
  /// overlap the band from `top` to `bottom`, each with its frame, in order.
  ///
  /// - Parameters:
  ///   - top: The top of the band.
  ///   - bottom: Its bottom.
  /// - Returns: The elements and their frames.
  /// - Complexity: O(log n + k log n) for the k elements.
  public func elements(from top: Double, to bottom: Double) -> [(LayoutElement, ItemExtent)] {
    guard let layout = model._layout, top < bottom else { return [] }
    var result: [(LayoutElement, ItemExtent)] = []
    let items = layout.items(in: top..<bottom)
    // The sections the band meets: from the one holding the first item (or above it) on.
    var section = items.isEmpty ? 0 : layout.path(items.lowerBound).section
    while section > 0, layout.sectionTop(section) > top { section -= 1 }
    var flat = items.lowerBound
    while section < layout.sectionStarts.count {
      let sectionTop = layout.sectionTop(section)
      guard sectionTop < bottom else { break }
      if let header = frameOfHeader(section), header.bottom > top {
        result.append((.header(section), header))
      }
      let end =
        section + 1 < layout.sectionStarts.count ? layout.sectionStarts[section + 1] : layout.count
      while flat < min(end, items.upperBound) {
        result.append((.item(layout.path(flat)), layout.extent(flat)))
        flat += 1
      }
      if let footer = frameOfFooter(section), footer.bottom > top, footer.top < bottom {
        result.append((.footer(section), footer))
      }
      section += 1
    }
    return result
  }
}

extension ListLayoutState: Sendable where CollectionModel<Section>: Sendable {}

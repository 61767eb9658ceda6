import StagecraftDiff
import StagecraftReplay

extension CollectionModel {
  /// A headless vertical list layout: each item's height, an optional header height per
  /// section, the viewport's height, and where it is scrolled.
  ///
  /// Items are laid out top to bottom as a list layout does: each section's header, then its
  /// items. With a geometry, the model's realized cells are the items the viewport shows
  /// (`viewport` follows it), and the scroll position can be read and restored by identity
  /// (`scrollAnchor`). Heights that are not finite or are negative count as 0.
  ///
  /// Two geometries are equal when their numbers are; their height functions are not
  /// compared.
  public struct Geometry: Sendable, CustomStringConvertible {
    /// The height of the viewport.
    public var viewportHeight: Double
    /// The distance from the content's top to the viewport's top.
    public var contentOffset: Double
    /// The height of each section's header; 0 for none.
    public var sectionHeaderHeight: Double
    /// The heights of the items: one for all, or a function of the item.
    var _itemHeight: _ItemHeight

    enum _ItemHeight: Sendable {
      case constant(Double)
      case computed(@Sendable (Element) -> Double)
    }

    /// A geometry whose items' heights come from `itemHeight`.
    ///
    /// - Parameters:
    ///   - viewportHeight: The height of the viewport.
    ///   - contentOffset: Where it is scrolled; 0 by default.
    ///   - sectionHeaderHeight: The height of each section's header; 0 (none) by default.
    ///   - itemHeight: The height of an item.
    /// - Complexity: O(1).
    public init(
      viewportHeight: Double, contentOffset: Double = 0, sectionHeaderHeight: Double = 0,
      itemHeight: @escaping @Sendable (Element) -> Double
    ) {
      self.viewportHeight = viewportHeight
      self.contentOffset = contentOffset
      self.sectionHeaderHeight = sectionHeaderHeight
      self._itemHeight = .computed(itemHeight)
    }

    /// A geometry whose items all have the same height.
    ///
    /// - Parameters:
    ///   - viewportHeight: The height of the viewport.
    ///   - contentOffset: Where it is scrolled; 0 by default.
    ///   - sectionHeaderHeight: The height of each section's header; 0 (none) by default.
    ///   - itemHeight: The height of every item.
    /// - Complexity: O(1).
    public init(
      viewportHeight: Double, contentOffset: Double = 0, sectionHeaderHeight: Double = 0,
      itemHeight: Double
    ) {
      self.viewportHeight = viewportHeight
      self.contentOffset = contentOffset
      self.sectionHeaderHeight = sectionHeaderHeight
      self._itemHeight = .constant(itemHeight)
    }

    /// The height of `element`, as a length (0 when negative or not finite).
    ///
    /// - Parameter element: An item.
    /// - Returns: Its height.
    /// - Complexity: That of the height function.
    public func height(of element: Element) -> Double {
      switch _itemHeight {
      case .constant(let height): _length(height)
      case .computed(let height): _length(height(element))
      }
    }

    /// The numbers, on one line.
    ///
    /// - Complexity: O(1).
    public var description: String {
      "Geometry(viewport \(viewportHeight) at \(contentOffset), headers \(sectionHeaderHeight))"
    }

    /// `value` as a length: 0 when it is negative or not finite.
    func _length(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }
  }

  /// Where the list is scrolled, by identity: an item, and the distance of its top from the
  /// viewport's top (negative when it starts above the viewport).
  public struct ScrollAnchor: CustomStringConvertible {
    /// The item's identity.
    public var identifier: Element.DifferenceIdentifier
    /// The distance of the item's top from the viewport's top.
    public var distance: Double

    /// Creates an anchor.
    ///
    /// - Parameters:
    ///   - identifier: The item's identity.
    ///   - distance: The distance of its top from the viewport's top.
    /// - Complexity: O(1).
    public init(identifier: Element.DifferenceIdentifier, distance: Double) {
      self.identifier = identifier
      self.distance = distance
    }

    /// `identifier at distance`.
    ///
    /// - Complexity: That of the identifier's description.
    public var description: String { "\(identifier) at \(distance)" }
  }
}

extension CollectionModel.Geometry: Equatable {
  /// Whether the numbers are equal; the height functions are not compared.
  ///
  /// - Parameters:
  ///   - lhs: A geometry.
  ///   - rhs: Another.
  /// - Returns: Whether their numbers are equal.
  /// - Complexity: O(1).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.viewportHeight == rhs.viewportHeight && lhs.contentOffset == rhs.contentOffset
      && lhs.sectionHeaderHeight == rhs.sectionHeaderHeight
  }
}

extension CollectionModel.Geometry: Hashable {
  /// Hashes the numbers.
  ///
  /// - Parameter hasher: The hasher.
  /// - Complexity: O(1).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(viewportHeight)
    hasher.combine(contentOffset)
    hasher.combine(sectionHeaderHeight)
  }
}

extension CollectionModel.ScrollAnchor: Equatable {}
extension CollectionModel.ScrollAnchor: Hashable {}
extension CollectionModel.ScrollAnchor: Sendable
where Section.Collection.Element.DifferenceIdentifier: Sendable {}

// MARK: Layout

extension CollectionModel {
  /// Calls `body` with each item's path and extent, top to bottom, until it returns `false`.
  ///
  /// - Complexity: O(k) for the k items visited, plus the sections before them.
  func _layout(_ geometry: Geometry, _ body: (ElementPath, ItemExtent) -> Bool) {
    let header = geometry._length(geometry.sectionHeaderHeight)
    var top = 0.0
    for (section, elements) in _elements.enumerated() {
      top += header
      for (index, element) in elements.enumerated() {
        let height = geometry.height(of: element)
        if !body(
          ElementPath(element: index, section: section), ItemExtent(top: top, height: height))
        {
          return
        }
        top += height
      }
    }
  }

  /// The height of the content: every header and item.
  ///
  /// - Complexity: O(n), where n is the number of items.
  func _contentHeight(_ geometry: Geometry) -> Double {
    let header = geometry._length(geometry.sectionHeaderHeight)
    var height = header * Double(_elements.count)
    for elements in _elements {
      for element in elements { height += geometry.height(of: element) }
    }
    return height
  }

  /// Where the item at `path` is.
  ///
  /// - Complexity: O(k), where k is the number of items before it.
  func _extent(of path: ElementPath, _ geometry: Geometry) -> ItemExtent? {
    guard _contains(path) else { return nil }
    var found: ItemExtent?
    _layout(geometry) { visited, extent in
      if visited == path { found = extent }
      return found == nil
    }
    return found
  }

  /// The first item whose bottom is below the viewport's top, and its extent.
  ///
  /// - Complexity: O(k), where k is the number of items up to it.
  func _firstVisible(_ geometry: Geometry) -> (ElementPath, ItemExtent)? {
    var found: (ElementPath, ItemExtent)?
    _layout(geometry) { path, extent in
      if extent.bottom > geometry.contentOffset { found = (path, extent) }
      return found == nil
    }
    return found
  }

  /// The items the viewport shows, as positions counted across sections.
  ///
  /// - Complexity: O(k), where k is the number of items up to the last one shown.
  func _visibleRange(_ geometry: Geometry) -> Range<Int> {
    let end = geometry.contentOffset + geometry._length(geometry.viewportHeight)
    var (flat, first, last) = (0, -1, -1)
    _layout(geometry) { _, extent in
      defer { flat += 1 }
      guard extent.top < end else { return false }
      if extent.bottom > geometry.contentOffset {
        if first < 0 { first = flat }
        last = flat
      }
      return true
    }
    return first < 0 ? 0..<0 : first..<(last + 1)
  }
}

// MARK: The scroll position

extension CollectionModel {
  /// The scroll position as an anchor: the first item at least partly visible (its bottom
  /// below the viewport's top) and the distance of its top from the viewport's top; `nil`
  /// without a geometry, or when the viewport shows no item.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var model = CollectionModel(items: Array(0..<100))
  /// model.geometry = .init(viewportHeight: 200, contentOffset: 130, itemHeight: 50)
  /// print(model.scrollAnchor!)  // prints 2 at -30.0
  /// ```
  ///
  /// - Complexity: O(k), where k is the number of items up to the anchor.
  public var scrollAnchor: ScrollAnchor? {
    guard let geometry, let (path, extent) = _firstVisible(geometry) else { return nil }
    return ScrollAnchor(
      identifier: _elements[path.section][path.element].differenceIdentifier,
      distance: extent.top - geometry.contentOffset)
  }

  /// Scrolls so that the item `anchor` names has its top at the anchor's distance from the
  /// viewport's top: the first item with that identity.
  ///
  /// - Parameter anchor: Where to scroll.
  /// - Returns: Whether the model holds the item (and has a geometry); nothing moves
  ///   otherwise.
  /// - Complexity: O(k), where k is the number of items up to the anchor's item.
  @discardableResult
  public mutating func restoreScrollAnchor(_ anchor: ScrollAnchor) -> Bool {
    guard let geometry else { return false }
    var top: Double?
    _layout(geometry) { path, extent in
      if _elements[path.section][path.element].differenceIdentifier == anchor.identifier {
        top = extent.top
      }
      return top == nil
    }
    guard let top else { return false }
    self.geometry?.contentOffset = top - anchor.distance
    return true
  }

  /// Scrolls to the item at `path`, aligned as `alignment` says.
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - alignment: Where it ends up in the viewport; `.top` by default.
  /// - Returns: Whether the item exists (and the model has a geometry).
  /// - Complexity: O(k), where k is the number of items up to it.
  @discardableResult
  public mutating func scrollToItem(at path: ElementPath, alignment: ScrollAlignment = .top)
    -> Bool
  {
    guard let geometry, let extent = _extent(of: path, geometry) else { return false }
    let viewport = geometry._length(geometry.viewportHeight)
    switch alignment {
    case .top: self.geometry?.contentOffset = extent.top
    case .centeredVertically:
      self.geometry?.contentOffset = extent.top + extent.height / 2 - viewport / 2
    case .bottom: self.geometry?.contentOffset = extent.bottom - viewport
    }
    return true
  }

  /// Scrolls to the item at `path`, as a view does; the model does not animate.
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - alignment: Where it ends up in the viewport.
  ///   - animated: Unused.
  /// - Complexity: O(k), where k is the number of items up to it.
  public mutating func scrollToItem(
    at path: ElementPath, alignment: ScrollAlignment, animated: Bool
  ) {
    scrollToItem(at: path, alignment: alignment)
  }

  /// Where the viewport is and how tall the content is; `nil` without a geometry.
  ///
  /// - Complexity: O(n), where n is the number of items (the content's height).
  public var scrollMetrics: ScrollMetrics? {
    guard let geometry else { return nil }
    return ScrollMetrics(
      contentOffset: geometry.contentOffset,
      viewportHeight: geometry._length(geometry.viewportHeight),
      contentHeight: _contentHeight(geometry))
  }

  /// Where the item at `path` is in the content; `nil` without a geometry or for a path the
  /// model does not have.
  ///
  /// - Parameter path: An item.
  /// - Returns: Its top and height.
  /// - Complexity: O(k), where k is the number of items before it.
  public func extentOfItem(at path: ElementPath) -> ItemExtent? {
    geometry.flatMap { _extent(of: path, $0) }
  }

  /// Scrolls without animation: the geometry's content offset becomes `offset`, and the
  /// cells follow. Nothing without a geometry.
  ///
  /// - Parameter offset: The new content offset.
  /// - Complexity: O(k) for the items up to the last one shown.
  public mutating func setContentOffset(_ offset: Double) {
    geometry?.contentOffset = offset
  }
}

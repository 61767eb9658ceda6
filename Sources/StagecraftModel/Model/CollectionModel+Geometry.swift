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
  /// With `selfSizing`, the heights are estimates until the model measures each item it
  /// shows: see <doc:SelfSizingWithoutJumps>.
  ///
  /// Two geometries are equal when their numbers and their anchoring are; their height and
  /// sizing functions are not compared.
  public struct Geometry: Sendable, CustomStringConvertible {
    /// The height of the viewport.
    public var viewportHeight: Double
    /// The distance from the content's top to the viewport's top.
    public var contentOffset: Double
    /// The height of each section's header; 0 for none.
    public var sectionHeaderHeight: Double
    /// The height of each section's footer; 0 (none) by default.
    public var sectionFooterHeight: Double = 0
    /// The width the items are laid out at: part of the key of a measured size, so that a
    /// change of width (a rotation, a split view) measures the items again. A measured size
    /// stays the item's estimate until then. 0 by default.
    public var viewportWidth: Double = 0
    /// What a measured size keeps of the scroll position when it replaces an estimate, or
    /// when an item grows: `.keepAnchor` (the default) holds the first visible item where it
    /// is; `.stickToBottom` also keeps a list scrolled to its bottom at its bottom, so that
    /// a streamed message is followed; `.none` corrects nothing, as UIKit's flow layout
    /// does. A `pinnedItem` overrides it.
    public var anchoring: ScrollAnchoring = .keepAnchor
    /// The height a cell showing an element measures at a width, standing in for Auto
    /// Layout; `nil` (the default) when the heights are not estimates. With it, the model
    /// measures every item it shows that has no size for its identity, content and width,
    /// and the item heights (`itemHeight`) are the estimates of the items not measured yet.
    public var selfSizing: (@Sendable (_ element: Element, _ width: Double) -> Double)? {
      get { _selfSizing?.measure }
      set {
        if let newValue { _selfSizing = _SizingFunction(newValue) } else { _selfSizing = nil }
      }
    }
    /// The heights of the items: one for all, or a function of the item.
    @usableFromInline var _itemHeight: _ItemHeight
    /// The sizing function, held by reference so that turning it on is known.
    @usableFromInline var _selfSizing: _SizingFunction?

    @usableFromInline
    final class _SizingFunction: Sendable {
      @usableFromInline let measure: @Sendable (Element, Double) -> Double
      init(_ measure: @escaping @Sendable (Element, Double) -> Double) { self.measure = measure }
    }

    @usableFromInline
    enum _ItemHeight: Sendable {
      case constant(Double)
      case computed(_HeightFunction)
    }

    /// A height function, held by reference so that a copy of the geometry (a scroll sets
    /// its offset) is known to lay the items out as before.
    @usableFromInline
    final class _HeightFunction: Sendable {
      @usableFromInline let height: @Sendable (Element) -> Double
      init(_ height: @escaping @Sendable (Element) -> Double) { self.height = height }
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
      self._itemHeight = .computed(_HeightFunction(itemHeight))
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

    /// A self-sizing geometry: the model measures each item it shows with `selfSizing`,
    /// and every item not measured yet counts `estimatedItemHeight`.
    ///
    /// ```swift
    /// import Stagecraft
    ///
    /// var model = CollectionModel(items: Array(0..<100))
    /// model.geometry = .init(
    ///   viewportHeight: 200, viewportWidth: 320, estimatedItemHeight: 50,
    ///   selfSizing: { item, _ in item.isMultiple(of: 2) ? 30 : 60 })
    /// print(model.measurementCount, model.scrollMetrics!.contentHeight)  // prints 5 4960.0
    /// ```
    ///
    /// - Parameters:
    ///   - viewportHeight: The height of the viewport.
    ///   - viewportWidth: The width the items are measured at.
    ///   - contentOffset: Where it is scrolled; 0 by default.
    ///   - sectionHeaderHeight: The height of each section's header; 0 (none) by default.
    ///   - estimatedItemHeight: The height of an item not measured yet.
    ///   - anchoring: What a measured size keeps of the scroll position; `.keepAnchor` by
    ///     default.
    ///   - selfSizing: The height a cell showing an element measures at a width.
    /// - Complexity: O(1).
    public init(
      viewportHeight: Double, viewportWidth: Double, contentOffset: Double = 0,
      sectionHeaderHeight: Double = 0, estimatedItemHeight: Double,
      anchoring: ScrollAnchoring = .keepAnchor,
      selfSizing: @escaping @Sendable (_ element: Element, _ width: Double) -> Double
    ) {
      self.init(
        viewportHeight: viewportHeight, contentOffset: contentOffset,
        sectionHeaderHeight: sectionHeaderHeight, itemHeight: estimatedItemHeight)
      self.viewportWidth = viewportWidth
      self.anchoring = anchoring
      self.selfSizing = selfSizing
    }

    /// The height of `element`, as a length (0 when negative or not finite): its estimate,
    /// with `selfSizing`.
    ///
    /// - Parameter element: An item.
    /// - Returns: Its height.
    /// - Complexity: That of the height function.
    @inlinable
    public func height(of element: Element) -> Double {
      switch _itemHeight {
      case .constant(let height): _length(height)
      case .computed(let function): _length(function.height(element))
      }
    }

    /// The numbers, on one line.
    ///
    /// - Complexity: O(1).
    public var description: String {
      "Geometry(viewport \(viewportHeight) at \(contentOffset), headers \(sectionHeaderHeight)"
        + (viewportWidth == 0 ? ")" : ", width \(viewportWidth))")
    }

    /// `value` as a length: 0 when it is negative or not finite.
    @inlinable func _length(_ value: Double) -> Double {
      value.isFinite && value > 0 ? value : 0
    }
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
  /// Whether the numbers and the anchoring are equal; the functions are not compared.
  ///
  /// - Parameters:
  ///   - lhs: A geometry.
  ///   - rhs: Another.
  /// - Returns: Whether their numbers are equal.
  /// - Complexity: O(1).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.viewportHeight == rhs.viewportHeight && lhs.contentOffset == rhs.contentOffset
      && lhs.sectionHeaderHeight == rhs.sectionHeaderHeight
      && lhs.sectionFooterHeight == rhs.sectionFooterHeight
      && lhs.viewportWidth == rhs.viewportWidth && lhs.anchoring == rhs.anchoring
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
    hasher.combine(sectionFooterHeight)
    hasher.combine(viewportWidth)
    hasher.combine(anchoring)
  }
}

extension CollectionModel.ScrollAnchor: Equatable {}
extension CollectionModel.ScrollAnchor: Hashable {}
extension CollectionModel.ScrollAnchor: Sendable
where Section.Collection.Element.DifferenceIdentifier: Sendable {}

// MARK: Layout

extension CollectionModel.Geometry {
  /// Whether `other` lays the items out the same way: the same header height and the same
  /// heights (the same constant, or the same function value), and sizing alike (the same
  /// sizing function, or none). A change of width alone keeps the layout: the measured
  /// sizes stay as estimates until they are measured again.
  @usableFromInline
  func _laysOutLike(_ other: Self) -> Bool {
    guard sectionHeaderHeight == other.sectionHeaderHeight,
      sectionFooterHeight == other.sectionFooterHeight, _selfSizing === other._selfSizing
    else { return false }
    switch (_itemHeight, other._itemHeight) {
    case (.constant(let a), .constant(let b)): return a == b
    case (.computed(let a), .computed(let b)): return a === b
    default: return false
    }
  }
}

extension CollectionModel {
  /// Lays the data out again: after the data or the heights changed. The sizes follow
  /// their items by identity (`_LayoutCore.relayout`), and cells that show other content
  /// than the data keep theirs apart.
  ///
  /// - Complexity: O(n) calls of the height function.
  @usableFromInline
  mutating func _relayout() {
    _core.relayout(_elements)
    _noteSizesShownApart()
  }

  /// Notes the realized cells that show other content than the data (a silent refresh):
  /// their sizes are kept apart, and a size measured for what they show stays valid.
  ///
  /// - Complexity: O(v log n) for the v realized cells.
  @inlinable
  mutating func _noteSizesShownApart() {
    guard let geometry = _geometry, _sizes.isActive(geometry) else { return }
    // A loop, not a closure: unspecialized, a closure over the cells looks up their
    // element type for each cell.
    var apart: [ElementPath] = []
    for (path, cell) in _cells
    where !cell.element.isContentEqual(to: _elements[path.section][path.element]) {
      apart.append(path)
    }
    _sizes.shownApart = apart
    // A cell that shows other content than the data (a silent refresh) is measured for
    // what it shows: a size measured for that is still valid.
    for path in _sizes.shownApart {
      let shown = _cells[path]!.element
      let flat = _layout!.flat(path)
      guard let entry = _sizes.entry(shown.differenceIdentifier, at: flat), !entry.stale,
        entry.element.isContentEqual(to: shown)
      else { continue }
      let stamp = _sizes.stamp(entry.width)
      _mutableLayout().setStamp(stamp, at: flat)
    }
  }

  /// Where the item at `path` is.
  ///
  /// - Complexity: O(1).
  @inlinable
  func _extent(of path: ElementPath) -> ItemExtent? {
    guard _contains(path), let _layout else { return nil }
    return _layout.extent(_layout.flat(path))
  }

  /// The first item whose bottom is below the viewport's top, and its extent.
  ///
  /// - Complexity: O(log n).
  func _firstVisible(_ geometry: Geometry) -> (ElementPath, ItemExtent)? {
    guard let _layout, let flat = _layout.firstEnding(after: geometry.contentOffset) else {
      return nil
    }
    return (_layout.path(flat), _layout.extent(flat))
  }

  /// The first realized cell's item whose bottom is below `offset`, and its extent, as a
  /// scan of the realized cells finds it (the lowest top, then the lowest path): the first
  /// item in the layout ending below `offset`, when it is realized, since every item before
  /// it ends above, and none after it starts above it. `.some(nil)` when no item ends below
  /// `offset`; `nil` when the scan must decide (no layout, or that item not realized).
  ///
  /// - Complexity: O(log n).
  @inlinable
  package func _firstRealized(below offset: Double) -> (ElementPath, ItemExtent)?? {
    guard let _layout else { return nil }
    guard let flat = _layout.firstEnding(after: offset) else { return .some(nil) }
    let path = _layout.path(flat)
    guard _cells[path] != nil else { return nil }
    return (path, _layout.extent(flat))
  }

  /// The viewport as a range of content offsets, `[y, y + V)`.
  @inlinable
  func _viewportRange(_ geometry: Geometry) -> Range<Double> {
    let start = geometry.contentOffset
    return start..<(start + geometry._length(geometry.viewportHeight))
  }

  /// The items the viewport shows (those that overlap it), as flat positions.
  ///
  /// - Complexity: O(log n), or O(1 + log d) after a scroll by d items.
  @inlinable
  func _visibleRange(_ geometry: Geometry) -> Range<Int> {
    // The items shown before are where a scroll step starts looking.
    let shown: Range<Int>? = if case .items(let range) = _viewport { range } else { nil }
    return _layout?.items(in: _viewportRange(geometry), near: shown) ?? 0..<0
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
  /// - Complexity: O(log n), where n is the number of items.
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
  /// - Complexity: O(k) identifier comparisons, where k is the number of items up to the
  ///   anchor's item, and the items the scroll brings into view.
  @discardableResult
  public mutating func restoreScrollAnchor(_ anchor: ScrollAnchor) -> Bool {
    guard _layout != nil, let flat = _core.flat(of: anchor.identifier, in: _elements) else {
      return false
    }
    _scroll(toFlat: flat, placement: .distance(anchor.distance))
    return true
  }

  /// Scrolls to the item at `path`, aligned as `alignment` says.
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - alignment: Where it ends up in the viewport; `.top` by default.
  /// - Returns: Whether the item exists (and the model has a geometry).
  /// - Complexity: O(log n + v), where n is the number of items and v the number shown.
  @discardableResult
  public mutating func scrollToItem(at path: ElementPath, alignment: ScrollAlignment = .top)
    -> Bool
  {
    guard _contains(path), let _layout else { return false }
    _scroll(toFlat: _layout.flat(path), placement: .aligned(alignment))
    return true
  }

  /// Scrolls to the item at `path`, as a view does; the model does not animate.
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - alignment: Where it ends up in the viewport.
  ///   - animated: Unused.
  /// - Complexity: O(log n + v), where n is the number of items and v the number shown.
  public mutating func scrollToItem(
    at path: ElementPath, alignment: ScrollAlignment, animated: Bool
  ) {
    scrollToItem(at: path, alignment: alignment)
  }

  /// Where the viewport is and how tall the content is; `nil` without a geometry.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var scrollMetrics: ScrollMetrics? {
    guard let geometry, let _layout else { return nil }
    return ScrollMetrics(
      contentOffset: geometry.contentOffset,
      viewportHeight: geometry._length(geometry.viewportHeight),
      contentHeight: _layout.contentHeight)
  }

  /// Where the item at `path` is in the content; `nil` without a geometry or for a path the
  /// model does not have.
  ///
  /// - Parameter path: An item.
  /// - Returns: Its top and height.
  /// - Complexity: O(1).
  @inlinable
  public func extentOfItem(at path: ElementPath) -> ItemExtent? {
    _extent(of: path)
  }

  /// Scrolls without animation: the geometry's content offset becomes `offset`, and the
  /// cells follow. Nothing without a geometry.
  ///
  /// - Parameter offset: The new content offset.
  /// - Complexity: O(k) for the items up to the last one shown.
  @inlinable
  public mutating func setContentOffset(_ offset: Double) {
    geometry?.contentOffset = offset
  }

  /// Ends a scroll's aim: the user (or another scroll) moved the offset.
  @inlinable mutating func _scrollDidStart() {
    if !_sizes.aiming { _core.aim = nil }
  }
}

/// The model keeps a scroll position (with a `geometry`) and its realized cells are the items
/// on screen: a replay keeps what `UpdateStrategy.anchoring` says of it.
extension CollectionModel: ScrollableTarget {
  /// The first item on screen whose bottom is below `metrics.contentOffset`, and its extent,
  /// as the default reads it from `visibleItemPaths` and `extentOfItem(at:)`, found in the
  /// layout at once.
  ///
  /// - Parameter metrics: The scroll metrics the replay read.
  /// - Returns: The item and its extent.
  /// - Complexity: O(log n), or O(v) for the v realized cells when the item is not one.
  @inlinable
  public func _firstVisibleItem(_ metrics: ScrollMetrics) -> (ElementPath, ItemExtent)? {
    _firstRealized(below: metrics.contentOffset) ?? _firstVisibleItemReadOneByOne(metrics)
  }
}

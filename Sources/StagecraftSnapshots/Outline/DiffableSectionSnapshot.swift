import StagecraftDiff
import StagecraftModel

/// The items of one section as an outline: a tree of item identifiers, each expanded or
/// collapsed, with the API and documented semantics of
/// `NSDiffableDataSourceSectionSnapshot`.
///
/// The section shows its `visibleItems`: the root items, and every item whose ancestors are
/// all expanded, depth first. Expansion is kept per item, also for items without children
/// and while an ancestor is collapsed.
///
/// ```swift
/// import Stagecraft
///
/// var outline = DiffableSectionSnapshot<String>()
/// try outline.append(["Food", "Drinks"])
/// try outline.append(["Apple", "Bread"], to: "Food")
/// print(outline.visibleItems)  // prints ["Food", "Drinks"]
/// outline.expand(["Food"])
/// print(outline.visibleItems)  // prints ["Food", "Apple", "Bread", "Drinks"]
/// print(outline.level(of: "Bread"))  // prints 1
/// ```
///
/// Where Apple's snapshot crashes (a duplicate identifier, a parent or destination that is
/// not in the snapshot, a missing item in `delete`), every mutation here throws a
/// `DiffableSnapshotError` that names the identifiers, and leaves the snapshot unchanged.
///
/// Each item knows its parent, level, expansion and visibility, so those queries are hash
/// lookups, and expanding or collapsing an item touches only the rows that appear or
/// disappear. `items`, `visibleItems` and `index(of:)` are computed on first use after a
/// change and kept until the next one.
public struct DiffableSectionSnapshot<ItemIdentifier: Hashable> {
  /// Each item's node: its slot in `_nodes`.
  @usableFromInline var _index = _SlotTable()
  /// The nodes; a deleted item's slot is reused.
  @usableFromInline var _nodes: [_OutlineNode<ItemIdentifier>] = []
  /// The first and last root items (-1 when there are none).
  @usableFromInline var _firstRoot = -1
  @usableFromInline var _lastRoot = -1
  /// The rows the root items take: the number of visible items.
  @usableFromInline var _rootRows = 0
  /// Free slots.
  @usableFromInline var _free: [Int] = []
  /// Counts the changes; the cache holds what was computed for one version.
  @usableFromInline var _version = 0
  /// `items`' order, each slot's position in it, and `visibleItems`, computed on first use.
  /// Copies share it until one changes (see `_invalidate()`).
  @usableFromInline var _cache = _Locked(_OutlineCache<ItemIdentifier>())

  /// Creates an empty section snapshot.
  ///
  /// - Complexity: O(1).
  public init() {}
}

/// One item of an outline, linked to its parent, its siblings and its first and last
/// children (-1 where there is none). Links and counts are kept in 32 bits, which makes a
/// node two thirds the size: building an outline is mostly writing its nodes.
@usableFromInline
struct _OutlineNode<ItemIdentifier: Hashable> {
  /// The item; nil while the slot is free.
  @usableFromInline var item: ItemIdentifier?
  @usableFromInline var _parent: Int32
  @usableFromInline var _previous: Int32 = -1
  @usableFromInline var _next: Int32 = -1
  @usableFromInline var _firstChild: Int32 = -1
  @usableFromInline var _lastChild: Int32 = -1
  @usableFromInline var _level: Int32
  @usableFromInline var _inner: Int32
  @usableFromInline var isExpanded: Bool
  /// Whether every ancestor is expanded.
  @usableFromInline var isVisible: Bool

  @inlinable
  init(
    _ item: ItemIdentifier, parent: Int, level: Int, inner: Int, isExpanded: Bool,
    isVisible: Bool
  ) {
    self.item = item
    self._parent = Int32(truncatingIfNeeded: parent)
    self._level = Int32(truncatingIfNeeded: level)
    self._inner = Int32(truncatingIfNeeded: inner)
    self.isExpanded = isExpanded
    self.isVisible = isVisible
  }

  @inlinable var parent: Int {
    get { Int(_parent) }
    set { _parent = Int32(truncatingIfNeeded: newValue) }
  }
  @inlinable var previous: Int {
    get { Int(_previous) }
    set { _previous = Int32(truncatingIfNeeded: newValue) }
  }
  @inlinable var next: Int {
    get { Int(_next) }
    set { _next = Int32(truncatingIfNeeded: newValue) }
  }
  @inlinable var firstChild: Int {
    get { Int(_firstChild) }
    set { _firstChild = Int32(truncatingIfNeeded: newValue) }
  }
  @inlinable var lastChild: Int {
    get { Int(_lastChild) }
    set { _lastChild = Int32(truncatingIfNeeded: newValue) }
  }
  /// The depth: 0 for a root item.
  @inlinable var level: Int {
    get { Int(_level) }
    set { _level = Int32(truncatingIfNeeded: newValue) }
  }
  /// The rows the children show when this item is expanded: for each child, 1 plus the
  /// child's own count when the child is expanded.
  @inlinable var inner: Int {
    get { Int(_inner) }
    set { _inner = Int32(truncatingIfNeeded: newValue) }
  }
}

/// A depth-first walk over linked nodes without recursion: after visiting a node, `step`
/// gives the next one, going down into its first child when the caller descends.
@usableFromInline
struct _DepthFirst {
  @usableFromInline var pending: [Int] = []

  @inlinable
  init() {}

  /// The node to visit after one whose first child to descend into is `firstChild` (-1:
  /// none, or not descending) and whose next sibling is `next`; -1 when the walk is over.
  @inlinable
  mutating func step(firstChild: Int, next: Int) -> Int {
    if firstChild >= 0 {
      if next >= 0 { pending.append(next) }
      return firstChild
    }
    return next >= 0 ? next : (pending.popLast() ?? -1)
  }
}

/// What a section snapshot computes on first use and keeps until it changes.
@usableFromInline
struct _OutlineCache<ItemIdentifier: Hashable> {
  /// The version of the snapshot these were computed for.
  @usableFromInline var version = -1
  /// Every slot, depth first.
  @usableFromInline var order: [Int]?
  /// Each slot's position in `order` (-1 for a free slot).
  @usableFromInline var position: [Int]?
  /// The visible items, depth first.
  @usableFromInline var visibleItems: [ItemIdentifier]?

  @usableFromInline
  init() {}
}

extension DiffableSectionSnapshot {
  // MARK: Queries

  /// Whether `item` is in the snapshot.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Whether it is there.
  /// - Complexity: Expected O(1).
  @inlinable
  public func contains(_ item: ItemIdentifier) -> Bool { _index.slot(of: item, in: _nodes) != nil }

  /// Whether `item` is expanded; `false` when it is not in the snapshot.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its expansion state.
  /// - Complexity: Expected O(1).
  @inlinable
  public func isExpanded(_ item: ItemIdentifier) -> Bool {
    _index.slot(of: item, in: _nodes).map { _nodes[$0].isExpanded } ?? false
  }

  /// Whether `item` is visible: it is a root item, or every ancestor is expanded. `false`
  /// when it is not in the snapshot.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its visibility.
  /// - Complexity: Expected O(1).
  @inlinable
  public func isVisible(_ item: ItemIdentifier) -> Bool {
    _index.slot(of: item, in: _nodes).map { _nodes[$0].isVisible } ?? false
  }

  /// The depth of `item`: 0 for a root item, 1 for its children and so on; -1 when it is
  /// not in the snapshot.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its level.
  /// - Complexity: Expected O(1).
  @inlinable
  public func level(of item: ItemIdentifier) -> Int {
    _index.slot(of: item, in: _nodes).map { _nodes[$0].level } ?? -1
  }

  /// The parent of `item`; nil for a root item or an item not in the snapshot.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its parent.
  /// - Complexity: Expected O(1).
  @inlinable
  public func parent(of item: ItemIdentifier) -> ItemIdentifier? {
    guard let slot = _index.slot(of: item, in: _nodes), _nodes[slot].parent >= 0 else { return nil }
    return _nodes[_nodes[slot].parent].item
  }

  /// The position of `item` in `items`, or nil.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its index, depth first, among all items.
  /// - Complexity: Expected O(1); O(n) on the first positional query after a change.
  @inlinable
  public func index(of item: ItemIdentifier) -> Int? {
    guard let slot = _index.slot(of: item, in: _nodes) else { return nil }
    return _cachedOrder().position[slot]
  }

  /// Every item, depth first: each item is followed by its descendants.
  ///
  /// - Complexity: O(n), where n is the number of items.
  @inlinable
  public var items: [ItemIdentifier] { _cachedOrder().order.map { _nodes[$0].item! } }

  /// The root items (level 0), in order.
  ///
  /// - Complexity: O(r), where r is the number of root items.
  @inlinable
  public var rootItems: [ItemIdentifier] {
    var result: [ItemIdentifier] = []
    var node = _firstRoot
    while node >= 0 {
      result.append(_nodes[node].item!)
      node = _nodes[node].next
    }
    return result
  }

  /// The items the section shows: the root items and every item whose ancestors are all
  /// expanded, depth first.
  ///
  /// - Complexity: O(v), where v is the number of visible items, on the first use after a
  ///   change; O(1) after that.
  @inlinable
  public var visibleItems: [ItemIdentifier] {
    let version = _version
    if let cached = _cache.withLock({ $0.version == version ? $0.visibleItems : nil }) {
      return cached
    }
    let result = _visibleItems(below: -1)
    _cache.withLock { cache in
      if cache.version != version { cache = _OutlineCache() }
      cache.version = version
      cache.visibleItems = result
    }
    return result
  }

  /// The expanded items, depth first, whether visible or not.
  ///
  /// - Complexity: O(n).
  @inlinable
  public var expandedItems: [ItemIdentifier] {
    _cachedOrder().order.compactMap { _nodes[$0].isExpanded ? _nodes[$0].item : nil }
  }

  /// The number of items.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfItems: Int { _index.count }

  /// The number of visible items: the section's rows.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfVisibleItems: Int { _rootRows }

  /// The rows `slot` takes when it is visible: itself, and its children's rows when
  /// expanded.
  @inlinable
  func _rows(_ slot: Int) -> Int { 1 + (_nodes[slot].isExpanded ? _nodes[slot].inner : 0) }

  /// The first child of `slot`, or the first root item for -1.
  @inlinable
  func _firstChild(of slot: Int) -> Int { slot < 0 ? _firstRoot : _nodes[slot].firstChild }

  /// The last child of `slot`, or the last root item for -1.
  @inlinable
  func _lastChild(of slot: Int) -> Int { slot < 0 ? _lastRoot : _nodes[slot].lastChild }

  /// The items below `slot` (-1: the root) that its expansion shows, depth first.
  @inlinable
  func _visibleItems(below slot: Int) -> [ItemIdentifier] {
    var result: [ItemIdentifier] = []
    result.reserveCapacity(slot < 0 ? _rootRows : _nodes[slot].inner)
    var walk = _DepthFirst()
    var node = _firstChild(of: slot)
    while node >= 0 {
      result.append(_nodes[node].item!)
      node = walk.step(
        firstChild: _nodes[node].isExpanded ? _nodes[node].firstChild : -1,
        next: _nodes[node].next)
    }
    return result
  }

  /// Every slot depth first, and each slot's position in that order.
  @inlinable
  func _cachedOrder() -> (order: [Int], position: [Int]) {
    let version = _version
    let cached = _cache.withLock { cache in
      cache.version == version ? (cache.order, cache.position) : (nil, nil)
    }
    if let order = cached.0, let position = cached.1 { return (order, position) }
    var order: [Int] = []
    order.reserveCapacity(_index.count)
    var position = Array(repeating: -1, count: _nodes.count)
    var walk = _DepthFirst()
    var node = _firstRoot
    while node >= 0 {
      position[node] = order.count
      order.append(node)
      node = walk.step(firstChild: _nodes[node].firstChild, next: _nodes[node].next)
    }
    _cache.withLock { cache in
      if cache.version != version { cache = _OutlineCache() }
      cache.version = version
      cache.order = order
      cache.position = position
    }
    return (order, position)
  }

  /// The visible row `slot` takes in the section, when it is visible.
  ///
  /// - Complexity: O(d·b), for d the slot's depth and b the siblings before it on the way.
  @inlinable
  func _row(of slot: Int) -> Int {
    var row = 0
    var node = slot
    while true {
      var sibling = _nodes[node].previous
      while sibling >= 0 {
        row += _rows(sibling)
        sibling = _nodes[sibling].previous
      }
      let parent = _nodes[node].parent
      guard parent >= 0 else { return row }
      row += 1
      node = parent
    }
  }

  /// A text outline of the snapshot, one item a line, indented by level: `*` marks a
  /// visible item, `+` an expanded item and `-` a collapsed one, as in Apple's
  /// `visualDescription()`.
  ///
  /// - Returns: The outline.
  /// - Complexity: O(n) and the items' descriptions.
  public func visualDescription() -> String {
    var lines = ["DiffableSectionSnapshot: \(numberOfItems) items, \(_rootRows) visible"]
    for slot in _cachedOrder().order {
      let node = _nodes[slot]
      let indent = String(repeating: "  ", count: node.level)
      let marks = (node.isVisible ? "*" : " ") + (node.isExpanded ? "+" : "-")
      lines.append("\(indent)\(marks) \(node.item!)")
    }
    return lines.joined(separator: "\n")
  }
}

extension DiffableSectionSnapshot: Equatable {
  /// Whether both hold the same items in the same tree, each expanded alike.
  ///
  /// - Parameters:
  ///   - lhs: A section snapshot.
  ///   - rhs: Another section snapshot.
  /// - Returns: Whether they are equal.
  /// - Complexity: O(n).
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.numberOfItems == rhs.numberOfItems else { return false }
    let (left, right) = (lhs._cachedOrder().order, rhs._cachedOrder().order)
    for (l, r) in zip(left, right)
    where lhs._nodes[l].item != rhs._nodes[r].item || lhs._nodes[l].level != rhs._nodes[r].level
      || lhs._nodes[l].isExpanded != rhs._nodes[r].isExpanded
    {
      return false
    }
    return true
  }
}

extension DiffableSectionSnapshot: CustomStringConvertible {
  /// The snapshot's `visualDescription()`.
  ///
  /// - Complexity: O(n).
  public var description: String { visualDescription() }
}

extension DiffableSectionSnapshot: Sendable where ItemIdentifier: Sendable {}
extension _OutlineCache: Sendable where ItemIdentifier: Sendable {}
extension _OutlineNode: Sendable where ItemIdentifier: Sendable {}

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
  /// Each item's node. Nodes are slots in the arrays below; a deleted item's slot is reused.
  @usableFromInline var _slotOf: [ItemIdentifier: Int] = [:]
  /// Each slot's item (nil when the slot is free).
  @usableFromInline var _item: [ItemIdentifier?] = []
  /// Each slot's parent slot, or -1 for a root item.
  @usableFromInline var _parent: [Int] = []
  /// Each slot's children, in order.
  @usableFromInline var _children: [[Int]] = []
  /// Each slot's depth: 0 for a root item.
  @usableFromInline var _level: [Int] = []
  /// Whether each slot is expanded, and whether it is visible (every ancestor expanded).
  @usableFromInline var _expanded: [Bool] = []
  @usableFromInline var _visible: [Bool] = []
  /// The rows each slot's children show when the slot is expanded: for each child, 1 plus
  /// the child's own count when the child is expanded.
  @usableFromInline var _inner: [Int] = []
  /// The root items' slots, in order.
  @usableFromInline var _roots: [Int] = []
  /// The rows the root items take: the number of visible items.
  @usableFromInline var _rootRows = 0
  /// Free slots.
  @usableFromInline var _free: [Int] = []
  /// `items`' order, each slot's position in it, and `visibleItems`, computed on first use.
  @usableFromInline var _cache = _Locked(_OutlineCache<ItemIdentifier>())

  /// Creates an empty section snapshot.
  ///
  /// - Complexity: O(1).
  public init() {}
}

/// What a section snapshot computes on first use and keeps until it changes.
@usableFromInline
struct _OutlineCache<ItemIdentifier: Hashable> {
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
  public func contains(_ item: ItemIdentifier) -> Bool { _slotOf[item] != nil }

  /// Whether `item` is expanded; `false` when it is not in the snapshot.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its expansion state.
  /// - Complexity: Expected O(1).
  @inlinable
  public func isExpanded(_ item: ItemIdentifier) -> Bool {
    _slotOf[item].map { _expanded[$0] } ?? false
  }

  /// Whether `item` is visible: it is a root item, or every ancestor is expanded. `false`
  /// when it is not in the snapshot.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its visibility.
  /// - Complexity: Expected O(1).
  @inlinable
  public func isVisible(_ item: ItemIdentifier) -> Bool {
    _slotOf[item].map { _visible[$0] } ?? false
  }

  /// The depth of `item`: 0 for a root item, 1 for its children and so on; -1 when it is
  /// not in the snapshot.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its level.
  /// - Complexity: Expected O(1).
  @inlinable
  public func level(of item: ItemIdentifier) -> Int { _slotOf[item].map { _level[$0] } ?? -1 }

  /// The parent of `item`; nil for a root item or an item not in the snapshot.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its parent.
  /// - Complexity: Expected O(1).
  @inlinable
  public func parent(of item: ItemIdentifier) -> ItemIdentifier? {
    guard let slot = _slotOf[item], _parent[slot] >= 0 else { return nil }
    return _item[_parent[slot]]
  }

  /// The position of `item` in `items`, or nil.
  ///
  /// - Parameter item: An item identifier.
  /// - Returns: Its index, depth first, among all items.
  /// - Complexity: Expected O(1); O(n) on the first positional query after a change.
  @inlinable
  public func index(of item: ItemIdentifier) -> Int? {
    guard let slot = _slotOf[item] else { return nil }
    return _cachedOrder().position[slot]
  }

  /// Every item, depth first: each item is followed by its descendants.
  ///
  /// - Complexity: O(n), where n is the number of items.
  @inlinable
  public var items: [ItemIdentifier] { _cachedOrder().order.map { _item[$0]! } }

  /// The root items (level 0), in order.
  ///
  /// - Complexity: O(r), where r is the number of root items.
  @inlinable
  public var rootItems: [ItemIdentifier] { _roots.map { _item[$0]! } }

  /// The items the section shows: the root items and every item whose ancestors are all
  /// expanded, depth first.
  ///
  /// - Complexity: O(v), where v is the number of visible items, on the first use after a
  ///   change; O(1) after that.
  @inlinable
  public var visibleItems: [ItemIdentifier] {
    if let cached = _cache.withLock({ $0.visibleItems }) { return cached }
    var result: [ItemIdentifier] = []
    result.reserveCapacity(_rootRows)
    _walk(_roots, descendingInto: { _expanded[$0] }) { result.append(_item[$0]!) }
    _cache.withLock { $0.visibleItems = result }
    return result
  }

  /// The expanded items, depth first, whether visible or not.
  ///
  /// - Complexity: O(n).
  @inlinable
  public var expandedItems: [ItemIdentifier] {
    _cachedOrder().order.compactMap { _expanded[$0] ? _item[$0] : nil }
  }

  /// The number of items.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfItems: Int { _slotOf.count }

  /// The number of visible items: the section's rows.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfVisibleItems: Int { _rootRows }

  /// The rows `slot` takes when it is visible: itself, and its children's rows when
  /// expanded.
  @inlinable
  func _rows(_ slot: Int) -> Int { 1 + (_expanded[slot] ? _inner[slot] : 0) }

  /// Visits `start` and their descendants depth first, descending into a node's children
  /// when `descend` says so. Iterative: a deep outline cannot overflow the stack.
  @inlinable
  func _walk(_ start: [Int], descendingInto descend: (Int) -> Bool, _ visit: (Int) -> Void) {
    var stack = Array(start.reversed())
    while let slot = stack.popLast() {
      visit(slot)
      if descend(slot), !_children[slot].isEmpty {
        stack.append(contentsOf: _children[slot].reversed())
      }
    }
  }

  /// Every slot depth first, and each slot's position in that order.
  @inlinable
  func _cachedOrder() -> (order: [Int], position: [Int]) {
    let cached = _cache.withLock { cache in (cache.order, cache.position) }
    if let order = cached.0, let position = cached.1 { return (order, position) }
    var order: [Int] = []
    order.reserveCapacity(_slotOf.count)
    _walk(_roots, descendingInto: { _ in true }) { order.append($0) }
    var position = Array(repeating: -1, count: _item.count)
    for (index, slot) in order.enumerated() { position[slot] = index }
    _cache.withLock {
      $0.order = order
      $0.position = position
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
      let parent = _parent[node]
      let siblings = parent < 0 ? _roots : _children[parent]
      for sibling in siblings {
        if sibling == node { break }
        row += _rows(sibling)
      }
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
      let indent = String(repeating: "  ", count: _level[slot])
      let marks = (_visible[slot] ? "*" : " ") + (_expanded[slot] ? "+" : "-")
      lines.append("\(indent)\(marks) \(_item[slot]!)")
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
    where lhs._item[l] != rhs._item[r] || lhs._level[l] != rhs._level[r]
      || lhs._expanded[l] != rhs._expanded[r]
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

import StagecraftDiff
import StagecraftModel

extension DiffableSectionSnapshot {
  // MARK: Building

  /// Appends items after the existing children of `parent`, or after the root items when
  /// `parent` is nil. The new items are collapsed.
  ///
  /// - Parameters:
  ///   - items: New, unique item identifiers.
  ///   - parent: An item of the snapshot, or nil for the root.
  /// - Throws: `DiffableSnapshotError` (`.duplicateItems`, `.missingItems`); the snapshot is
  ///   unchanged.
  /// - Complexity: Expected O(k + c + d): each new identifier is hashed once; c is the
  ///   parent's children and d its depth.
  @inlinable
  public mutating func append(_ items: [ItemIdentifier], to parent: ItemIdentifier? = nil) throws {
    let slot = try parent.map(_requireSlot) ?? -1
    try _insert(items, under: slot, after: _lastChild(of: slot))
  }

  /// Inserts items before `item`, at its level and under its parent.
  ///
  /// - Parameters:
  ///   - items: New, unique item identifiers.
  ///   - item: An item of the snapshot.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: Expected O(k + b + d), where b is the number of `item`'s siblings.
  @inlinable
  public mutating func insert(_ items: [ItemIdentifier], before item: ItemIdentifier) throws {
    let slot = try _requireSlot(item)
    try _insert(items, under: _nodes[slot].parent, after: _nodes[slot].previous)
  }

  /// Inserts items after `item` and its whole subtree, at its level and under its parent.
  ///
  /// - Parameters:
  ///   - items: New, unique item identifiers.
  ///   - item: An item of the snapshot.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: Expected O(k + b + d).
  @inlinable
  public mutating func insert(_ items: [ItemIdentifier], after item: ItemIdentifier) throws {
    let slot = try _requireSlot(item)
    try _insert(items, under: _nodes[slot].parent, after: slot)
  }

  /// Appends the root items of `snapshot`, with their subtrees and expansion state, after the
  /// children of `parent`, or after the root items when `parent` is nil.
  ///
  /// - Parameters:
  ///   - snapshot: A section snapshot whose items are not in this one.
  ///   - parent: An item of the snapshot, or nil for the root.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: Expected O(m + c + d), where m is the size of `snapshot`.
  @inlinable
  public mutating func append(_ snapshot: Self, to parent: ItemIdentifier? = nil) throws {
    let slot = try parent.map(_requireSlot) ?? -1
    try _requireNew(snapshot)
    _copy(
      snapshot._chain(from: snapshot._firstRoot), of: snapshot, under: slot,
      after: _lastChild(of: slot))
  }

  /// Inserts the root items of `snapshot`, with their subtrees and expansion state, before
  /// `item`, at its level.
  ///
  /// - Parameters:
  ///   - snapshot: A section snapshot whose items are not in this one.
  ///   - item: An item of the snapshot.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: Expected O(m + b + d).
  @inlinable
  public mutating func insert(_ snapshot: Self, before item: ItemIdentifier) throws {
    let slot = try _requireSlot(item)
    try _requireNew(snapshot)
    _copy(
      snapshot._chain(from: snapshot._firstRoot), of: snapshot, under: _nodes[slot].parent,
      after: _nodes[slot].previous)
  }

  /// Inserts the root items of `snapshot`, with their subtrees and expansion state, after
  /// `item` and its whole subtree, at its level.
  ///
  /// - Parameters:
  ///   - snapshot: A section snapshot whose items are not in this one.
  ///   - item: An item of the snapshot.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: Expected O(m + b + d).
  @inlinable
  public mutating func insert(_ snapshot: Self, after item: ItemIdentifier) throws {
    let slot = try _requireSlot(item)
    try _requireNew(snapshot)
    _copy(
      snapshot._chain(from: snapshot._firstRoot), of: snapshot, under: _nodes[slot].parent,
      after: slot)
  }

  /// Replaces the children of `parent`, and their subtrees, with the root items of
  /// `snapshot` and theirs, expansion state included. `parent` keeps its own expansion.
  ///
  /// - Parameters:
  ///   - parent: An item of the snapshot.
  ///   - snapshot: The new children. Its items may be among `parent`'s descendants now, and
  ///     no others of this snapshot.
  /// - Throws: `DiffableSnapshotError`; the snapshot is unchanged.
  /// - Complexity: Expected O(m·d + r), where r is the size of the subtree replaced.
  @inlinable
  public mutating func replace(childrenOf parent: ItemIdentifier, using snapshot: Self) throws {
    let slot = try _requireSlot(parent)
    let duplicates = snapshot.items.filter { item in
      _index.slot(of: item, in: _nodes).map { !_isDescendant($0, of: slot) } ?? false
    }
    if !duplicates.isEmpty {
      throw DiffableSnapshotError(.duplicateItems, identifiers: duplicates.map { "\($0)" })
    }
    for child in _chain(from: _nodes[slot].firstChild) { _freeSubtree(child) }
    _nodes[slot].firstChild = -1
    _nodes[slot].lastChild = -1
    _propagate(-_nodes[slot].inner, from: slot)
    _invalidate()
    _copy(snapshot._chain(from: snapshot._firstRoot), of: snapshot, under: slot, after: -1)
  }

  // MARK: Removing

  /// Deletes items with all their descendants.
  ///
  /// - Parameter items: Items of the snapshot.
  /// - Throws: `DiffableSnapshotError` (`.missingItems`); the snapshot is unchanged.
  /// - Complexity: Expected O(k·b + r + d·k), for r the items removed with their
  ///   descendants and b the siblings of each.
  @inlinable
  public mutating func delete(_ items: [ItemIdentifier]) throws {
    let missing = items.filter { _index.slot(of: $0, in: _nodes) == nil }
    if !missing.isEmpty {
      throw DiffableSnapshotError(.missingItems, identifiers: missing.map { "\($0)" })
    }
    for item in items {
      // An item listed after its ancestor went with it.
      guard let slot = _index.slot(of: item, in: _nodes) else { continue }
      _unlink(slot)
      _propagate(-_rows(slot), from: _nodes[slot].parent)
      _freeSubtree(slot)
    }
    _invalidate()
  }

  /// Deletes every item and its expansion state.
  ///
  /// - Complexity: O(1) amortized.
  @inlinable
  public mutating func deleteAll() { self = Self() }

  // MARK: Expansion

  /// Expands items: their children become visible where the items themselves are. Items
  /// not in the snapshot, or already expanded, are left as they are.
  ///
  /// - Parameter items: Item identifiers.
  /// - Complexity: Expected O(k + v + k·d), where v is the number of items that become
  ///   visible.
  @inlinable
  public mutating func expand(_ items: [ItemIdentifier]) {
    var changed = false
    for item in items {
      guard let slot = _index.slot(of: item, in: _nodes), !_nodes[slot].isExpanded else { continue }
      _nodes[slot].isExpanded = true
      if _nodes[slot].isVisible { _setVisibility(true, below: slot) }
      _propagate(_nodes[slot].inner, from: _nodes[slot].parent)
      changed = true
    }
    if changed { _invalidate() }
  }

  /// Collapses items: their descendants stop being visible. Items not in the snapshot, or
  /// already collapsed, are left as they are. The descendants keep their own expansion.
  ///
  /// - Parameter items: Item identifiers.
  /// - Complexity: Expected O(k + v + k·d), where v is the number of items that stop being
  ///   visible.
  @inlinable
  public mutating func collapse(_ items: [ItemIdentifier]) {
    var changed = false
    for item in items {
      guard let slot = _index.slot(of: item, in: _nodes), _nodes[slot].isExpanded else { continue }
      if _nodes[slot].isVisible { _setVisibility(false, below: slot) }
      _nodes[slot].isExpanded = false
      _propagate(-_nodes[slot].inner, from: _nodes[slot].parent)
      changed = true
    }
    if changed { _invalidate() }
  }

  // MARK: Subtrees

  /// The subtree under `parent` as a snapshot of its own: its levels start at 0 and its
  /// items keep their expansion state.
  ///
  /// - Parameters:
  ///   - parent: An item of the snapshot.
  ///   - includingParent: Whether `parent` is the new snapshot's root item; otherwise its
  ///     children are.
  /// - Returns: The subtree.
  /// - Throws: `DiffableSnapshotError` (`.missingItems`).
  /// - Complexity: Expected O(m), where m is the size of the subtree.
  @inlinable
  public func snapshot(of parent: ItemIdentifier, includingParent: Bool = false) throws -> Self {
    let slot = try _requireSlot(parent)
    var result = Self()
    result._copy(
      includingParent ? [slot] : _chain(from: _nodes[slot].firstChild), of: self, under: -1,
      after: -1)
    return result
  }
}

extension DiffableSectionSnapshot {
  // MARK: Helpers

  @inlinable
  func _requireSlot(_ item: ItemIdentifier) throws -> Int {
    guard let slot = _index.slot(of: item, in: _nodes) else {
      throw DiffableSnapshotError(.missingItems, identifiers: ["\(item)"])
    }
    return slot
  }

  /// `first` and the siblings after it.
  @inlinable
  func _chain(from first: Int) -> [Int] {
    var result: [Int] = []
    var node = first
    while node >= 0 {
      result.append(node)
      node = _nodes[node].next
    }
    return result
  }

  /// Throws when an item of `snapshot` is already here.
  @inlinable
  func _requireNew(_ snapshot: Self) throws {
    let duplicates = snapshot.items.filter { _index.slot(of: $0, in: _nodes) != nil }
    if !duplicates.isEmpty {
      throw DiffableSnapshotError(.duplicateItems, identifiers: duplicates.map { "\($0)" })
    }
  }

  /// Whether `slot` is below `ancestor`.
  @inlinable
  func _isDescendant(_ slot: Int, of ancestor: Int) -> Bool {
    var node = _nodes[slot].parent
    while node >= 0 {
      if node == ancestor { return true }
      node = _nodes[node].parent
    }
    return false
  }

  /// Marks a change: the cached orders no longer hold. A cache that copies share stays
  /// theirs, and this snapshot takes a new one.
  @inlinable
  mutating func _invalidate() {
    _version &+= 1
    if !isKnownUniquelyReferenced(&_cache) { _cache = _Locked(_OutlineCache()) }
  }

  /// Adds `delta` rows below `parent`: to its count, and on up while each is expanded (a
  /// collapsed item shows none of its rows); at the root, to the visible count.
  @inlinable
  mutating func _propagate(_ delta: Int, from parent: Int) {
    guard delta != 0 else { return }
    var node = parent
    while node >= 0 {
      _nodes[node].inner += delta
      guard _nodes[node].isExpanded else { return }
      node = _nodes[node].parent
    }
    _rootRows += delta
  }

  /// Marks the descendants of `slot` that its expansion shows as visible or not.
  @inlinable
  mutating func _setVisibility(_ visible: Bool, below slot: Int) {
    var walk = _DepthFirst()
    var node = _nodes[slot].firstChild
    while node >= 0 {
      _nodes[node].isVisible = visible
      node = walk.step(
        firstChild: _nodes[node].isExpanded ? _nodes[node].firstChild : -1,
        next: _nodes[node].next)
    }
  }

  /// Takes a slot for `node`.
  @inlinable
  mutating func _allocate(_ node: _OutlineNode<ItemIdentifier>) -> Int {
    guard let slot = _free.popLast() else {
      _nodes.append(node)
      return _nodes.count - 1
    }
    _nodes[slot] = node
    return slot
  }

  /// Frees `slot`, without touching its neighbours.
  @inlinable
  mutating func _release(_ slot: Int) {
    _nodes[slot].item = nil
    _nodes[slot].firstChild = -1
    _nodes[slot].lastChild = -1
    _free.append(slot)
  }

  /// Links the chain `first`...`last` (linked among themselves) under `parent` (-1: the
  /// root), after its child `previous` (-1: first).
  @inlinable
  mutating func _link(first: Int, last: Int, under parent: Int, after previous: Int) {
    let next = previous >= 0 ? _nodes[previous].next : _firstChild(of: parent)
    _nodes[first].previous = previous
    _nodes[last].next = next
    _setFollower(of: previous, under: parent, to: first)
    _setLeader(of: next, under: parent, to: last)
  }

  /// Takes `slot` out of its parent's children.
  @inlinable
  mutating func _unlink(_ slot: Int) {
    let (parent, previous, next) = (_nodes[slot].parent, _nodes[slot].previous, _nodes[slot].next)
    _setFollower(of: previous, under: parent, to: next)
    _setLeader(of: next, under: parent, to: previous)
  }

  /// Makes `slot` (or nothing, -1) come right after `previous` among `parent`'s children:
  /// `previous`'s next sibling, or, when `previous` is -1, the first child (the first root
  /// when `parent` is -1).
  @inlinable
  mutating func _setFollower(of previous: Int, under parent: Int, to slot: Int) {
    if previous >= 0 {
      _nodes[previous].next = slot
    } else if parent >= 0 {
      _nodes[parent].firstChild = slot
    } else {
      _firstRoot = slot
    }
  }

  /// Makes `slot` (or nothing, -1) come right before `next` among `parent`'s children:
  /// `next`'s previous sibling, or, when `next` is -1, the last child (the last root when
  /// `parent` is -1).
  @inlinable
  mutating func _setLeader(of next: Int, under parent: Int, to slot: Int) {
    if next >= 0 {
      _nodes[next].previous = slot
    } else if parent >= 0 {
      _nodes[parent].lastChild = slot
    } else {
      _lastRoot = slot
    }
  }

  /// Frees `slot` and every slot below it, and forgets their items.
  @inlinable
  mutating func _freeSubtree(_ slot: Int) {
    var walk = _DepthFirst()
    var node = slot
    var next = -1  // the subtree's root: its siblings stay
    while node >= 0 {
      let firstChild = _nodes[node].firstChild
      if let item = _nodes[node].item { _index.remove(item, in: _nodes) }
      _release(node)
      node = walk.step(firstChild: firstChild, next: next)
      if node >= 0 { next = _nodes[node].next }
    }
  }

  /// Inserts `items` as children of `parent` (-1: the root), after its child `previous`
  /// (-1: first). Each identifier is hashed once: it is entered as it is checked, and the
  /// entries are taken back out if one turns out to be a duplicate.
  @inlinable
  mutating func _insert(_ items: [ItemIdentifier], under parent: Int, after previous: Int) throws {
    guard !items.isEmpty else { return }
    let level = parent < 0 ? 0 : _nodes[parent].level + 1
    let visible = parent < 0 || (_nodes[parent].isVisible && _nodes[parent].isExpanded)
    // The nodes first, chained in order; then their keys in one tight loop. Without free
    // slots the new nodes are consecutive, and their slots a range.
    let (first, last): (Int, Int)
    if _free.isEmpty {
      let base = _nodes.count
      for (offset, item) in items.enumerated() {
        var node = _OutlineNode(
          item, parent: parent, level: level, inner: 0, isExpanded: false, isVisible: visible)
        if offset > 0 { node.previous = base + offset - 1 }
        if offset < items.count - 1 { node.next = base + offset + 1 }
        _nodes.append(node)
      }
      try _enter(items, at: base..<base + items.count)
      (first, last) = (base, base + items.count - 1)
    } else {
      var slots: [Int] = []
      slots.reserveCapacity(items.count)
      for item in items {
        let slot = _allocate(
          _OutlineNode(
            item, parent: parent, level: level, inner: 0, isExpanded: false, isVisible: visible))
        if let last = slots.last {
          _nodes[last].next = slot
          _nodes[slot].previous = last
        }
        slots.append(slot)
      }
      try _enter(items, at: slots)
      (first, last) = (slots[0], slots[slots.count - 1])
    }
    _link(first: first, last: last, under: parent, after: previous)
    _propagate(items.count, from: parent)
    _invalidate()
  }

  /// Enters the keys of new nodes; when one is a duplicate, takes back what this call
  /// entered and allocated, and throws naming every duplicate.
  @inlinable
  mutating func _enter<Slots: RandomAccessCollection<Int>>(
    _ items: [ItemIdentifier], at slots: Slots
  ) throws where Slots.Index == Int {
    guard let entered = _index.enter(items, at: slots, in: _nodes) else { return }
    for earlier in slots.prefix(entered) { _index.remove(_nodes[earlier].item!, in: _nodes) }
    for slot in slots { _release(slot) }
    let duplicates = _repeatedIdentifiers(items) { _index.slot(of: $0, in: _nodes) != nil }
    throw DiffableSnapshotError(.duplicateItems, identifiers: duplicates.map { "\($0)" })
  }

  /// Copies the subtrees of `source` under `tops` (siblings, in order) to `parent` (-1: the
  /// root), after its child `previous` (-1: first), with their expansion state; their items
  /// must not be here yet.
  @inlinable
  mutating func _copy(_ tops: [Int], of source: Self, under parent: Int, after previous: Int) {
    guard let firstTop = tops.first else { return }
    let shift = (parent < 0 ? 0 : _nodes[parent].level + 1) - source._nodes[firstTop].level
    let visible = parent < 0 || (_nodes[parent].isVisible && _nodes[parent].isExpanded)
    var (first, last, rows) = (-1, -1, 0)
    for top in tops {
      let slot = _copySubtree(top, of: source, under: parent, shift: shift, visible: visible)
      if last >= 0 {
        _nodes[last].next = slot
        _nodes[slot].previous = last
      } else {
        first = slot
      }
      last = slot
      rows += _rows(slot)
    }
    _link(first: first, last: last, under: parent, after: previous)
    _propagate(rows, from: parent)
    _invalidate()
  }

  /// Copies `top` of `source` and its subtree; `top`'s copy is not linked to siblings.
  @inlinable
  mutating func _copySubtree(
    _ top: Int, of source: Self, under parent: Int, shift: Int, visible: Bool
  ) -> Int {
    func copy(_ from: Int, under parent: Int, visible: Bool) -> Int {
      let node = source._nodes[from]
      let slot = _allocate(
        _OutlineNode(
          node.item!, parent: parent, level: node.level + shift, inner: node.inner,
          isExpanded: node.isExpanded, isVisible: visible))
      _ = _index.enter(node.item!, at: slot, in: _nodes)
      return slot
    }
    let root = copy(top, under: parent, visible: visible)
    // (source slot, its copy's parent); children pushed last first, so popped in order.
    var stack: [(Int, Int)] = []
    var child = source._nodes[top].lastChild
    while child >= 0 {
      stack.append((child, root))
      child = source._nodes[child].previous
    }
    while let (from, to) = stack.popLast() {
      let slot = copy(from, under: to, visible: _nodes[to].isVisible && _nodes[to].isExpanded)
      _link(first: slot, last: slot, under: to, after: _nodes[to].lastChild)
      var grandchild = source._nodes[from].lastChild
      while grandchild >= 0 {
        stack.append((grandchild, slot))
        grandchild = source._nodes[grandchild].previous
      }
    }
    return root
  }
}

/// The identifiers that occur twice in `new` or already in `existing`, in order, each once.
@inlinable
func _repeatedIdentifiers<T: Hashable>(_ new: [T], existing: (T) -> Bool) -> [T] {
  var seen = Set<T>()
  var duplicates: [T] = []
  var reported = Set<T>()
  for value in new where (existing(value) || !seen.insert(value).inserted) {
    if reported.insert(value).inserted { duplicates.append(value) }
  }
  return duplicates
}

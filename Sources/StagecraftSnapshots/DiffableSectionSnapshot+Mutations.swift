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
    try _insert(items, under: slot, at: _childSlots(of: slot).count)
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
    let (parent, index) = try _place(of: item)
    try _insert(items, under: parent, at: index)
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
    let (parent, index) = try _place(of: item)
    try _insert(items, under: parent, at: index + 1)
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
    _copy(snapshot._roots, of: snapshot, under: slot, at: _childSlots(of: slot).count)
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
    let (parent, index) = try _place(of: item)
    try _requireNew(snapshot)
    _copy(snapshot._roots, of: snapshot, under: parent, at: index)
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
    let (parent, index) = try _place(of: item)
    try _requireNew(snapshot)
    _copy(snapshot._roots, of: snapshot, under: parent, at: index + 1)
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
      _slotOf[item].map { !_isDescendant($0, of: slot) } ?? false
    }
    if !duplicates.isEmpty {
      throw DiffableSnapshotError(.duplicateItems, identifiers: duplicates.map { "\($0)" })
    }
    for child in _children[slot] { _freeSubtree(child) }
    _children[slot] = []
    _propagate(-_inner[slot], from: slot)
    _invalidate()
    _copy(snapshot._roots, of: snapshot, under: slot, at: 0)
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
    let missing = items.filter { _slotOf[$0] == nil }
    if !missing.isEmpty {
      throw DiffableSnapshotError(.missingItems, identifiers: missing.map { "\($0)" })
    }
    for item in items {
      // An item listed after its ancestor went with it.
      guard let slot = _slotOf[item] else { continue }
      let parent = _parent[slot]
      if parent < 0 {
        _roots.remove(at: _roots.firstIndex(of: slot)!)
      } else {
        _children[parent].remove(at: _children[parent].firstIndex(of: slot)!)
      }
      _propagate(-_rows(slot), from: parent)
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
      guard let slot = _slotOf[item], !_expanded[slot] else { continue }
      _expanded[slot] = true
      if _visible[slot] { _setVisibility(true, below: slot) }
      _propagate(_inner[slot], from: _parent[slot])
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
      guard let slot = _slotOf[item], _expanded[slot] else { continue }
      if _visible[slot] { _setVisibility(false, below: slot) }
      _expanded[slot] = false
      _propagate(-_inner[slot], from: _parent[slot])
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
    result._copy(includingParent ? [slot] : _children[slot], of: self, under: -1, at: 0)
    return result
  }
}

extension DiffableSectionSnapshot {
  // MARK: Helpers

  @inlinable
  func _requireSlot(_ item: ItemIdentifier) throws -> Int {
    guard let slot = _slotOf[item] else {
      throw DiffableSnapshotError(.missingItems, identifiers: ["\(item)"])
    }
    return slot
  }

  /// The children of `slot`, or the root items for -1.
  @inlinable
  func _childSlots(of slot: Int) -> [Int] { slot < 0 ? _roots : _children[slot] }

  /// The parent of `item` and its index among the parent's children.
  @inlinable
  func _place(of item: ItemIdentifier) throws -> (parent: Int, index: Int) {
    let slot = try _requireSlot(item)
    let parent = _parent[slot]
    return (parent, _childSlots(of: parent).firstIndex(of: slot)!)
  }

  /// Throws when an item of `snapshot` is already here.
  @inlinable
  func _requireNew(_ snapshot: Self) throws {
    let duplicates = snapshot.items.filter { _slotOf[$0] != nil }
    if !duplicates.isEmpty {
      throw DiffableSnapshotError(.duplicateItems, identifiers: duplicates.map { "\($0)" })
    }
  }

  /// Whether `slot` is below `ancestor`.
  @inlinable
  func _isDescendant(_ slot: Int, of ancestor: Int) -> Bool {
    var node = _parent[slot]
    while node >= 0 {
      if node == ancestor { return true }
      node = _parent[node]
    }
    return false
  }

  /// Forgets the cached orders; the cache is shared with copies, which keep theirs.
  @inlinable
  mutating func _invalidate() {
    if isKnownUniquelyReferenced(&_cache) {
      _cache.withLock { $0 = _OutlineCache() }
    } else {
      _cache = _Locked(_OutlineCache())
    }
  }

  /// Adds `delta` rows below `parent`: to its count, and on up while each is expanded (a
  /// collapsed item shows none of its rows); at the root, to the visible count.
  @inlinable
  mutating func _propagate(_ delta: Int, from parent: Int) {
    guard delta != 0 else { return }
    var node = parent
    while node >= 0 {
      _inner[node] += delta
      guard _expanded[node] else { return }
      node = _parent[node]
    }
    _rootRows += delta
  }

  /// Marks the descendants of `slot` that its expansion shows as visible or not.
  @inlinable
  mutating func _setVisibility(_ visible: Bool, below slot: Int) {
    var stack = _children[slot]
    while let node = stack.popLast() {
      _visible[node] = visible
      if _expanded[node] { stack.append(contentsOf: _children[node]) }
    }
  }

  /// Takes a slot for `item`.
  @inlinable
  mutating func _allocate(
    _ item: ItemIdentifier, parent: Int, level: Int, expanded: Bool, visible: Bool, inner: Int
  ) -> Int {
    guard let slot = _free.popLast() else {
      _item.append(item)
      _parent.append(parent)
      _children.append([])
      _level.append(level)
      _expanded.append(expanded)
      _visible.append(visible)
      _inner.append(inner)
      return _item.count - 1
    }
    _item[slot] = item
    _parent[slot] = parent
    _level[slot] = level
    _expanded[slot] = expanded
    _visible[slot] = visible
    _inner[slot] = inner
    return slot
  }

  /// Frees `slot` and every slot below it.
  @inlinable
  mutating func _freeSubtree(_ slot: Int) {
    var stack = [slot]
    while let node = stack.popLast() {
      stack.append(contentsOf: _children[node])
      if let item = _item[node] { _slotOf[item] = nil }
      _item[node] = nil
      _children[node] = []
      _free.append(node)
    }
  }

  /// Inserts `items` as children of `parent` (-1: the root) at `index`. Each identifier is
  /// hashed once: it is entered as it is checked, and the entries are taken back out if one
  /// turns out to be a duplicate.
  @inlinable
  mutating func _insert(_ items: [ItemIdentifier], under parent: Int, at index: Int) throws {
    _slotOf.reserveCapacity(_slotOf.count + items.count)
    let level = parent < 0 ? 0 : _level[parent] + 1
    let visible = parent < 0 || (_visible[parent] && _expanded[parent])
    var slots: [Int] = []
    slots.reserveCapacity(items.count)
    for item in items {
      let slot = _allocate(
        item, parent: parent, level: level, expanded: false, visible: visible, inner: 0)
      if let earlier = _slotOf.updateValue(slot, forKey: item) {
        // Put back what this call changed, then name every duplicate.
        _slotOf[item] = earlier
        slots.append(slot)
        for (entered, enteredSlot) in zip(items, slots).reversed() {
          if entered != item || enteredSlot != slot { _slotOf[entered] = nil }
          _item[enteredSlot] = nil
          _free.append(enteredSlot)
        }
        let duplicates = _repeatedIdentifiers(items) { _slotOf[$0] != nil }
        throw DiffableSnapshotError(.duplicateItems, identifiers: duplicates.map { "\($0)" })
      }
      slots.append(slot)
    }
    if parent < 0 {
      _roots.insert(contentsOf: slots, at: index)
    } else {
      _children[parent].insert(contentsOf: slots, at: index)
    }
    _propagate(slots.count, from: parent)
    _invalidate()
  }

  /// Copies the subtrees of `source` under `roots` to `parent` (-1: the root) at `index`,
  /// with their expansion state; their items must not be here yet.
  @inlinable
  mutating func _copy(_ roots: [Int], of source: Self, under parent: Int, at index: Int) {
    guard let first = roots.first else { return }
    let shift = (parent < 0 ? 0 : _level[parent] + 1) - source._level[first]
    let visible = parent < 0 || (_visible[parent] && _expanded[parent])
    _slotOf.reserveCapacity(_slotOf.count + roots.count)
    var tops: [Int] = []
    var rows = 0
    // (source slot, new parent slot), depth first; -2 marks a top-level item.
    var stack = roots.reversed().map { ($0, -2) }
    while let (from, to) = stack.popLast() {
      let item = source._item[from]!
      let isTop = to == -2
      let slot = _allocate(
        item, parent: isTop ? parent : to, level: source._level[from] + shift,
        expanded: source._expanded[from],
        visible: isTop ? visible : _visible[to] && _expanded[to], inner: source._inner[from])
      _slotOf[item] = slot
      if isTop {
        tops.append(slot)
        rows += _rows(slot)
      } else {
        _children[to].append(slot)
      }
      stack.append(contentsOf: source._children[from].reversed().map { ($0, slot) })
    }
    if parent < 0 {
      _roots.insert(contentsOf: tops, at: index)
    } else {
      _children[parent].insert(contentsOf: tops, at: index)
    }
    _propagate(rows, from: parent)
    _invalidate()
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

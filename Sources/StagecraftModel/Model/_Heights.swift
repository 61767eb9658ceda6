/// The item heights of a layout, and each item's measuring stamp, by flat position: a B+-tree
/// whose nodes count their items and sum their heights, so that one height changed, one item
/// inserted or removed, and the sum of the heights above an item each cost O(log n).
///
/// Nodes are shared between copies and copied on the way down to a change (path copying): a
/// model saved before a replay (`_atomically`) shares the whole tree with the model that
/// changes, and each change copies only the O(log n) nodes it passes. No node is written
/// while another holder can read it: that is why the node's stored properties skip the
/// dynamic exclusivity checks, and why it is `@unchecked Sendable`.
///
/// Sums are recomputed from their parts at each node a change passes (never adjusted by a
/// difference), so that they do not drift however many changes a long session makes.
@usableFromInline
struct _Heights: Sendable {
  @usableFromInline var root: _HeightNode
  /// How many nodes the changes visited, for the tests of an update's cost.
  @usableFromInline var touched = 0

  /// The most items a leaf holds, and the most children an inner node has.
  @inlinable static var capacity: Int { 64 }
  /// Below this many entries a node is merged with a neighbour.
  @inlinable static var minimum: Int { 16 }
  /// How many entries a node gets when a tree is built.
  @inlinable static var filled: Int { 48 }

  /// A tree of `heights`, each with its stamp (0 for all without `stamps`).
  ///
  /// - Complexity: O(n).
  @usableFromInline init(_ heights: ContiguousArray<Double>, stamps: ContiguousArray<UInt32>? = nil)
  {
    // Leaves and inner nodes three-quarters full, the entries spread evenly over them, so
    // that inserts split few nodes and no node starts under-full.
    func spans(_ total: Int) -> [Range<Int>] {
      let parts = max(1, (total + Self.filled - 1) / Self.filled)
      return (0..<parts).map { part in (total * part / parts)..<(total * (part + 1) / parts) }
    }
    var level = ContiguousArray(
      spans(heights.count).map { span in
        let leaf = _HeightNode(leaf: ContiguousArray(heights[span]))
        leaf.stamps =
          stamps.map { ContiguousArray($0[span]) }
          ?? ContiguousArray(repeating: 0, count: span.count)
        return leaf
      })
    while level.count > 1 {
      level = ContiguousArray(
        spans(level.count).map { _HeightNode(children: ContiguousArray(level[$0])) })
    }
    root = level[0]
  }

  /// The number of items.
  @inlinable var count: Int { root.count }
  /// The sum of every height.
  @inlinable var sum: Double { root.sum }

  /// The leaf that holds the item at `flat`, the item's index in it, and the sum of the
  /// heights before the leaf.
  ///
  /// - Complexity: O(log n).
  @inlinable @inline(__always)
  func locate(_ flat: Int) -> (leaf: _HeightNode, index: Int, before: Double) {
    var node = root
    var (flat, before) = (flat, 0.0)
    while !node.isLeaf {
      var child = 0
      let last = node.counts.count - 1
      while child < last, flat >= node.counts[child] {
        flat -= node.counts[child]
        before += node.sums[child]
        child += 1
      }
      node = node.children[child]
    }
    return (node, flat, before)
  }

  /// The height of the item at `flat`.
  ///
  /// - Complexity: O(log n).
  @inlinable func height(_ flat: Int) -> Double {
    let (leaf, index, _) = locate(flat)
    return leaf.heights[index]
  }

  /// The stamp of the item at `flat`.
  ///
  /// - Complexity: O(log n).
  @inlinable func stamp(_ flat: Int) -> UInt32 {
    let (leaf, index, _) = locate(flat)
    return leaf.stamps[index]
  }

  /// The sum of the heights before `flat`, and the height at `flat` (0 past the end).
  ///
  /// - Complexity: O(log n).
  @inlinable @inline(__always) func prefixAndHeight(_ flat: Int) -> (Double, Double) {
    guard flat < count else { return (sum, 0) }
    let (leaf, index, before) = locate(flat)
    var sum = before
    for item in 0..<index { sum += leaf.heights[item] }
    return (sum, leaf.heights[index])
  }

  /// The first item whose bottom (the sum of its height and those above it) is past
  /// `target`; `count` when none is.
  ///
  /// - Complexity: O(log n).
  @inlinable func firstIndex(endingAfter target: Double) -> Int {
    guard sum > target else { return count }
    var node = root
    var (flat, before) = (0, 0.0)
    while !node.isLeaf {
      // The first child whose end is past the target: the running sums only grow.
      var child = 0
      let last = node.sums.count - 1
      while child < last, before + node.sums[child] <= target {
        before += node.sums[child]
        flat += node.counts[child]
        child += 1
      }
      node = node.children[child]
    }
    for (index, height) in node.heights.enumerated() {
      before += height
      if before > target { return flat + index }
    }
    return min(count, flat + node.heights.count)
  }

  /// The sum of the heights before `flat`.
  ///
  /// - Complexity: O(log n).
  @inlinable func prefix(_ flat: Int) -> Double { prefixAndHeight(flat).0 }

  /// The bytes the tree's nodes hold: their objects and their arrays' storage, as allocated.
  ///
  /// - Complexity: O(n / 48) for the nodes.
  @usableFromInline func allocatedBytes() -> Int { root.allocatedBytes() }

  /// Every height, in order.
  ///
  /// - Complexity: O(n).
  @usableFromInline func allHeights() -> ContiguousArray<Double> {
    var result = ContiguousArray<Double>()
    result.reserveCapacity(count)
    root.forEachLeaf { result.append(contentsOf: $0.heights) }
    return result
  }

  /// Every stamp, in order.
  ///
  /// - Complexity: O(n).
  @usableFromInline func allStamps() -> ContiguousArray<UInt32> {
    var result = ContiguousArray<UInt32>()
    result.reserveCapacity(count)
    root.forEachLeaf { result.append(contentsOf: $0.stamps) }
    return result
  }
}

// MARK: Changes

extension _Heights {
  /// Sets the height (and the stamp, when given) of the item at `flat`; returns the height
  /// it had.
  ///
  /// - Complexity: O(log n).
  @usableFromInline @discardableResult
  mutating func set(_ height: Double?, stamp: UInt32? = nil, at flat: Int) -> Double {
    Self.set(&root, flat, height, stamp, &touched)
  }

  /// Inserts an item at `flat` (from 0 to `count`).
  ///
  /// - Complexity: O(log n).
  @usableFromInline mutating func insert(_ height: Double, stamp: UInt32, at flat: Int) {
    if let split = Self.insert(&root, flat, height, stamp, &touched) {
      root = _HeightNode(children: [root, split])
    }
  }

  /// Removes the item at `flat`, and returns its height and stamp.
  ///
  /// - Complexity: O(log n).
  @usableFromInline @discardableResult
  mutating func remove(at flat: Int) -> (height: Double, stamp: UInt32) {
    let removed = Self.remove(&root, flat, &touched)
    if !root.isLeaf, root.children.count == 1 { root = root.children[0] }
    return removed
  }

  /// `node`, unshared: copied when another tree holds it too.
  @inlinable @inline(__always)
  static func unique(_ node: inout _HeightNode, _ touched: inout Int) {
    touched += 1
    if !isKnownUniquelyReferenced(&node) { node = _HeightNode(copying: node) }
  }

  /// The child of `node` that holds `flat` (or, for an insert at the end, the last), and the
  /// position in it.
  @inlinable static func child(of node: _HeightNode, holding flat: Int) -> (Int, Int) {
    var (child, flat) = (0, flat)
    let last = node.counts.count - 1
    while child < last, flat >= node.counts[child] {
      flat -= node.counts[child]
      child += 1
    }
    return (child, flat)
  }

  @usableFromInline static func set(
    _ node: inout _HeightNode, _ flat: Int, _ height: Double?, _ stamp: UInt32?,
    _ touched: inout Int
  ) -> Double {
    unique(&node, &touched)
    if node.isLeaf {
      let old = node.heights[flat]
      if let height, height != old {
        node.heights[flat] = height
        // By the difference, at each node up the path: O(log n), not a node's entries. (The
        // sums a change adds and takes stay exact for heights of a few binary digits, as
        // points and half points are; inserts and removals sum their nodes again.)
        node.sum += height - old
      }
      if let stamp { node.stamps[flat] = stamp }
      return old
    }
    let (child, position) = Self.child(of: node, holding: flat)
    let old = set(&node.children[child], position, height, stamp, &touched)
    if let height, height != old {
      node.sums[child] = node.children[child].sum
      node.sum += height - old
    }
    return old
  }

  @usableFromInline static func insert(
    _ node: inout _HeightNode, _ flat: Int, _ height: Double, _ stamp: UInt32,
    _ touched: inout Int
  ) -> _HeightNode? {
    unique(&node, &touched)
    if node.isLeaf {
      node.heights.insert(height, at: flat)
      node.stamps.insert(stamp, at: flat)
      node.resum()
      return node.heights.count > capacity ? node.splitOff() : nil
    }
    let (child, position) = Self.child(of: node, holding: flat)
    let split = insert(&node.children[child], position, height, stamp, &touched)
    node.counts[child] = node.children[child].count
    node.sums[child] = node.children[child].sum
    if let split {
      node.children.insert(split, at: child + 1)
      node.counts.insert(split.count, at: child + 1)
      node.sums.insert(split.sum, at: child + 1)
    }
    node.resum()
    return node.children.count > capacity ? node.splitOff() : nil
  }

  @usableFromInline static func remove(
    _ node: inout _HeightNode, _ flat: Int, _ touched: inout Int
  ) -> (height: Double, stamp: UInt32) {
    unique(&node, &touched)
    if node.isLeaf {
      let removed = (node.heights.remove(at: flat), node.stamps.remove(at: flat))
      node.resum()
      return removed
    }
    let (child, position) = Self.child(of: node, holding: flat)
    let removed = remove(&node.children[child], position, &touched)
    node.refresh(child)
    if node.children[child].entries < minimum, node.children.count > 1 {
      rebalance(node, child, &touched)
    }
    node.resum()
    return removed
  }

  /// Merges the child at `child` of `node` with a neighbour, and splits the two evenly again
  /// when together they are more than a node holds.
  @usableFromInline static func rebalance(_ node: _HeightNode, _ child: Int, _ touched: inout Int) {
    let left = child + 1 < node.children.count ? child : child - 1
    unique(&node.children[left], &touched)
    unique(&node.children[left + 1], &touched)
    let (first, second) = (node.children[left], node.children[left + 1])
    first.absorb(second)
    if first.entries > capacity {
      node.children[left + 1] = first.splitOff()
      node.refresh(left)
      node.refresh(left + 1)
    } else {
      node.children.remove(at: left + 1)
      node.counts.remove(at: left + 1)
      node.sums.remove(at: left + 1)
      node.refresh(left)
    }
  }
}

/// A node of `_Heights`: a leaf of heights and stamps, or an inner node of children with
/// each child's count and sum.
@usableFromInline
final class _HeightNode: @unchecked Sendable {
  @usableFromInline let isLeaf: Bool
  /// A leaf's heights and stamps.
  @exclusivity(unchecked) @usableFromInline var heights: ContiguousArray<Double> = []
  @exclusivity(unchecked) @usableFromInline var stamps: ContiguousArray<UInt32> = []
  /// An inner node's children, and the count and height sum of each.
  @exclusivity(unchecked) @usableFromInline var children: ContiguousArray<_HeightNode> = []
  @exclusivity(unchecked) @usableFromInline var counts: ContiguousArray<Int> = []
  @exclusivity(unchecked) @usableFromInline var sums: ContiguousArray<Double> = []
  /// The items below, and the sum of their heights.
  @exclusivity(unchecked) @usableFromInline var count = 0
  @exclusivity(unchecked) @usableFromInline var sum = 0.0

  @usableFromInline init(leaf heights: ContiguousArray<Double>) {
    isLeaf = true
    self.heights = heights
    resum()
  }

  @usableFromInline init(children: ContiguousArray<_HeightNode>) {
    isLeaf = false
    self.children = children
    counts = ContiguousArray(children.lazy.map(\.count))
    sums = ContiguousArray(children.lazy.map(\.sum))
    resum()
  }

  @usableFromInline init(copying other: _HeightNode) {
    isLeaf = other.isLeaf
    (heights, stamps, children, counts, sums) = (
      other.heights, other.stamps, other.children, other.counts, other.sums
    )
    (count, sum) = (other.count, other.sum)
  }

  /// A leaf's items, or an inner node's children.
  @inlinable var entries: Int { isLeaf ? heights.count : children.count }

  /// Counts and sums the node again from its parts.
  @inlinable func resum() {
    var total = 0.0
    if isLeaf {
      count = heights.count
      for height in heights { total += height }
    } else {
      var items = 0
      for index in counts.indices {
        items += counts[index]
        total += sums[index]
      }
      count = items
    }
    sum = total
  }

  /// Takes the count and sum of the child at `child` again.
  @inlinable func refresh(_ child: Int) {
    counts[child] = children[child].count
    sums[child] = children[child].sum
  }

  /// Moves the second half of the node's entries to a new node, and returns it.
  @usableFromInline func splitOff() -> _HeightNode {
    let half = entries / 2
    let right: _HeightNode
    if isLeaf {
      right = _HeightNode(leaf: ContiguousArray(heights[half...]))
      right.stamps = ContiguousArray(stamps[half...])
      heights.removeSubrange(half...)
      stamps.removeSubrange(half...)
    } else {
      right = _HeightNode(children: ContiguousArray(children[half...]))
      children.removeSubrange(half...)
      counts.removeSubrange(half...)
      sums.removeSubrange(half...)
    }
    resum()
    return right
  }

  /// Appends the entries of `other`, a node of the same level.
  @usableFromInline func absorb(_ other: _HeightNode) {
    if isLeaf {
      heights.append(contentsOf: other.heights)
      stamps.append(contentsOf: other.stamps)
    } else {
      children.append(contentsOf: other.children)
      counts.append(contentsOf: other.counts)
      sums.append(contentsOf: other.sums)
    }
    resum()
  }

  /// The bytes this node and the nodes below it hold: the object (its header and fields),
  /// and each array's storage (its header and its capacity), an empty array holding none.
  @usableFromInline func allocatedBytes() -> Int {
    func storage<T>(_ array: ContiguousArray<T>) -> Int {
      array.capacity == 0 ? 0 : 32 + array.capacity * MemoryLayout<T>.stride
    }
    let own =
      16 + MemoryLayout<Bool>.stride + 5 * MemoryLayout<Int>.stride + 2 * MemoryLayout<Int>.stride
      + storage(heights) + storage(stamps) + storage(children) + storage(counts) + storage(sums)
    return children.reduce(own) { $0 + $1.allocatedBytes() }
  }

  /// Calls `body` with each leaf, in order.
  @usableFromInline func forEachLeaf(_ body: (_HeightNode) -> Void) {
    if isLeaf { return body(self) }
    for child in children { child.forEachLeaf(body) }
  }

  /// The depth of the leaves below (1 for a leaf); `nil` when they are not all as deep, or
  /// a count or sum disagrees with the parts, or a node other than the root is under-full or
  /// over-full.
  @usableFromInline func checkedDepth(isRoot: Bool) -> Int? {
    if !isRoot, entries == 0 || entries > _Heights.capacity { return nil }
    if isLeaf {
      guard stamps.count == heights.count, count == heights.count,
        abs(sum - heights.reduce(0, +)) <= 1e-6 * max(1, abs(sum))
      else { return nil }
      return 1
    }
    var depth: Int?
    for (index, child) in children.enumerated() {
      guard counts[index] == child.count, sums[index] == child.sum,
        let below = child.checkedDepth(isRoot: false), depth == nil || depth == below
      else { return nil }
      depth = below
    }
    guard let depth, count == counts.reduce(0, +),
      abs(sum - sums.reduce(0, +)) <= 1e-6 * max(1, abs(sum))
    else { return nil }
    return depth + 1
  }
}

/// A plain outline for checking `DiffableSectionSnapshot`: nested arrays, every query
/// answered by walking the whole tree.
struct ReferenceOutline: Equatable {
  struct Node: Equatable {
    var item: Int
    var expanded = false
    var children: [Node] = []
  }

  /// One item as a depth-first walk sees it.
  struct Row: Equatable {
    var item: Int
    var level: Int
    var parent: Int?
    var expanded: Bool
    var visible: Bool
  }

  var roots: [Node] = []

  var rows: [Row] {
    var result: [Row] = []
    func walk(_ nodes: [Node], level: Int, parent: Int?, visible: Bool) {
      for node in nodes {
        result.append(
          Row(
            item: node.item, level: level, parent: parent, expanded: node.expanded,
            visible: visible))
        walk(
          node.children, level: level + 1, parent: node.item, visible: visible && node.expanded)
      }
    }
    walk(roots, level: 0, parent: nil, visible: true)
    return result
  }

  var items: [Int] { rows.map(\.item) }

  func contains(_ item: Int) -> Bool { items.contains(item) }

  /// The index path of `item` through the children arrays.
  func path(of item: Int) -> [Int]? {
    func find(_ nodes: [Node]) -> [Int]? {
      for (index, node) in nodes.enumerated() {
        if node.item == item { return [index] }
        if let rest = find(node.children) { return [index] + rest }
      }
      return nil
    }
    return find(roots)
  }

  /// Runs `body` on the children array that holds the node at `path` (its siblings).
  mutating func withSiblings(of path: [Int], _ body: (inout [Node], Int) -> Void) {
    func descend(_ nodes: inout [Node], _ path: ArraySlice<Int>) {
      if path.count == 1 { return body(&nodes, path.first!) }
      descend(&nodes[path.first!].children, path.dropFirst())
    }
    descend(&roots, path[...])
  }

  /// Runs `body` on the node at `path`.
  mutating func withNode(at path: [Int], _ body: (inout Node) -> Void) {
    withSiblings(of: path) { nodes, index in body(&nodes[index]) }
  }

  mutating func append(_ nodes: [Node], to parent: Int?) {
    guard let parent else { return roots += nodes }
    withNode(at: path(of: parent)!) { $0.children += nodes }
  }

  mutating func insert(_ nodes: [Node], at item: Int, after: Bool) {
    withSiblings(of: path(of: item)!) { $0.insert(contentsOf: nodes, at: $1 + (after ? 1 : 0)) }
  }

  mutating func delete(_ item: Int) {
    guard let path = path(of: item) else { return }
    withSiblings(of: path) { nodes, index in nodes.remove(at: index) }
  }

  mutating func setExpanded(_ item: Int, _ expanded: Bool) {
    guard let path = path(of: item) else { return }
    withNode(at: path) { $0.expanded = expanded }
  }

  func node(_ item: Int) -> Node? {
    guard let path = path(of: item) else { return nil }
    var copy = self
    var result: Node?
    copy.withNode(at: path) { result = $0 }
    return result
  }

  /// The items of `nodes` and their subtrees.
  static func items(of nodes: [Node]) -> [Int] { ReferenceOutline(roots: nodes).items }
}

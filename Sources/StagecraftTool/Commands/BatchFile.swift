import Stagecraft

/// Reads a hand-written batch: a JSON object with the `BatchUpdate` field names.
enum BatchFile {
  static let keys: Set<String> = [
    "deleteSections", "insertSections", "reloadSections", "moveSections", "deleteItems",
    "insertItems", "reloadItems", "moveItems", "reconfigureItems",
  ]

  static func batch(_ document: JSONValue) throws(ToolError) -> BatchUpdate {
    guard case .object(let members) = document else {
      throw .shape("a batch is an object of calls, found \(document.kind)")
    }
    if let unknown = members.keys.sorted().first(where: { !keys.contains($0) }) {
      throw .shape(
        "unknown call \"\(unknown)\" (expected one of \(keys.sorted().joined(separator: ", ")))")
    }
    func list(_ key: String) throws(ToolError) -> [JSONValue] {
      guard let value = members[key] else { return [] }
      guard case .array(let values) = value else {
        throw .shape("\"\(key)\" is \(value.kind), not an array")
      }
      return values
    }
    func index(_ value: JSONValue, _ key: String) throws(ToolError) -> Int {
      guard case .integer(let index) = value else {
        throw .shape("\"\(key)\" holds \(value.kind) where an index was expected")
      }
      return index
    }
    func path(_ value: JSONValue, _ key: String) throws(ToolError) -> ElementPath {
      guard case .array(let pair) = value, pair.count == 2 else {
        throw .shape("\"\(key)\" holds \(value.compact) where a [section, item] pair was expected")
      }
      return ElementPath(element: try index(pair[1], key), section: try index(pair[0], key))
    }
    func indexes(_ key: String) throws(ToolError) -> [Int] {
      try list(key).map { (value) throws(ToolError) in try index(value, key) }
    }
    func paths(_ key: String) throws(ToolError) -> [ElementPath] {
      try list(key).map { (value) throws(ToolError) in try path(value, key) }
    }
    func pair(_ value: JSONValue, _ key: String) throws(ToolError) -> (JSONValue, JSONValue) {
      guard case .array(let pair) = value, pair.count == 2 else {
        throw .shape("\"\(key)\" holds \(value.compact) where a [from, to] pair was expected")
      }
      return (pair[0], pair[1])
    }
    return BatchUpdate(
      deleteSections: try indexes("deleteSections"),
      insertSections: try indexes("insertSections"),
      reloadSections: try indexes("reloadSections"),
      moveSections: try list("moveSections").map { (value) throws(ToolError) in
        let (from, to) = try pair(value, "moveSections")
        return Move(source: try index(from, "moveSections"), target: try index(to, "moveSections"))
      },
      deleteItems: try paths("deleteItems"),
      insertItems: try paths("insertItems"),
      reloadItems: try paths("reloadItems"),
      moveItems: try list("moveItems").map { (value) throws(ToolError) in
        let (from, to) = try pair(value, "moveItems")
        return Move(source: try path(from, "moveItems"), target: try path(to, "moveItems"))
      },
      reconfigureItems: try paths("reconfigureItems"))
  }
}

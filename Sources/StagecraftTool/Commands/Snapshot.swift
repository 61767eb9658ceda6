import Stagecraft

/// One element of a JSON list: its identity (the value of the identity key, or the whole
/// value for a scalar) and its content (the whole value).
struct JSONItem: Differentiable, Hashable, Sendable {
  /// The identity.
  var identity: JSONValue
  /// The whole value.
  var value: JSONValue

  var differenceIdentifier: JSONValue { identity }

  func isContentEqual(to source: JSONItem) -> Bool { value == source.value }
}

/// One section of a sectioned JSON list: its identity, its content (the object without
/// its items) and its items.
struct JSONSection: DifferentiableSection, Hashable, Sendable {
  /// The section's identity.
  var identity: JSONValue
  /// The section object without its items.
  var content: JSONValue
  /// The section's items.
  var elements: [JSONItem]

  init(identity: JSONValue, content: JSONValue, elements: [JSONItem]) {
    self.identity = identity
    self.content = content
    self.elements = elements
  }

  init<C: Swift.Collection>(source: JSONSection, elements: C) where C.Element == JSONItem {
    self.init(identity: source.identity, content: source.content, elements: Array(elements))
  }

  var differenceIdentifier: JSONValue { identity }

  func isContentEqual(to source: JSONSection) -> Bool { content == source.content }
}

/// How to read identities out of JSON documents.
struct SnapshotFormat: Sendable {
  /// The key that identifies an item object.
  var idKey = "id"
  /// Whether the documents are sectioned.
  var sectioned = false
  /// The key that identifies a section object.
  var sectionIDKey = "id"
  /// The key that holds a section's items.
  var itemsKey = "items"

  init() {}

  /// The items of a flat document.
  func items(_ document: JSONValue) throws(ToolError) -> [JSONItem] {
    guard case .array(let values) = document else {
      throw .shape("expected an array of items, found \(document.kind)")
    }
    return try values.enumerated().map { (index, value) throws(ToolError) in
      try item(value, at: "item \(index)")
    }
  }

  /// The sections of a sectioned document.
  func sections(_ document: JSONValue) throws(ToolError) -> [JSONSection] {
    guard case .array(let values) = document else {
      throw .shape("expected an array of sections, found \(document.kind)")
    }
    return try values.enumerated().map { (index, value) throws(ToolError) in
      guard case .object(var members) = value else {
        throw .shape("section \(index) is \(value.kind), not an object")
      }
      guard let identity = members[sectionIDKey] else {
        throw .missingKey("section \(index) has no \"\(sectionIDKey)\" key")
      }
      guard let itemsValue = members.removeValue(forKey: itemsKey) else {
        throw .missingItems("section \(index) has no \"\(itemsKey)\" key")
      }
      guard case .array(let itemValues) = itemsValue else {
        throw .shape("the \"\(itemsKey)\" of section \(index) is \(itemsValue.kind), not an array")
      }
      let elements = try itemValues.enumerated().map { (offset, value) throws(ToolError) in
        try item(value, at: "item \(offset) of section \(index)")
      }
      return JSONSection(identity: identity, content: .object(members), elements: elements)
    }
  }

  func item(_ value: JSONValue, at place: String) throws(ToolError) -> JSONItem {
    switch value {
    case .object(let members):
      guard let identity = members[idKey] else {
        throw .missingKey("\(place) has no \"\(idKey)\" key")
      }
      return JSONItem(identity: identity, value: value)
    case .array:
      throw .shape("\(place) is an array; items are objects or scalars")
    default:
      return JSONItem(identity: value, value: value)
    }
  }
}

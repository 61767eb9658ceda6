import Foundation
import StagecraftGuard
import StagecraftModel

/// A JSON value, `Hashable` so that it can serve as an identity.
enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case integer(Int)
  /// An integer too long for `Int`, as its decimal digits (with a leading `-` when
  /// negative): compared exactly, never rounded through `Double`.
  case bigInteger(String)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Parses JSON text.
  ///
  /// - Parameter data: UTF-8 JSON.
  /// - Returns: The value.
  /// - Throws: `ToolError.invalidJSON` with a one-line reason.
  static func parse(_ data: Data) throws(ToolError) -> JSONValue {
    try JSONParser.parse(data)
  }

  /// Compact JSON text, with object keys sorted.
  var compact: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .bigInteger(let digits): return digits
    case .number(let value): return String(value)
    case .string(let value): return Self.quoted(value)
    case .array(let values): return "[" + values.map(\.compact).joined(separator: ",") + "]"
    case .object(let members):
      let body = members.keys.sorted().map { Self.quoted($0) + ":" + members[$0]!.compact }
      return "{" + body.joined(separator: ",") + "}"
    }
  }

  /// `text` as a JSON string, escaped as the library escapes the JSON it writes.
  static func quoted(_ text: String) -> String { _jsonString(text) }

  /// A short name of the value's kind, for error messages.
  var kind: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .integer, .bigInteger, .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

/// `text` on one line.
func oneLine(_ text: String) -> String {
  text.split(whereSeparator: \.isNewline).joined(separator: " ")
}

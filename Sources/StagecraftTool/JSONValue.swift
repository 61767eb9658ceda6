import Foundation

/// A JSON value, `Hashable` so that it can serve as an identity.
enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case integer(Int)
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
    do {
      return try JSONDecoder().decode(JSONValue.self, from: data)
    } catch let error as DecodingError {
      throw .invalidJSON(Self.reason(error))
    } catch {
      throw .invalidJSON("\(error)")
    }
  }

  private static func reason(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context):
      let underlying = context.underlyingError.map { " (\(oneLine("\($0)")))" } ?? ""
      return oneLine(context.debugDescription) + underlying
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .keyNotFound(_, let context):
      return oneLine(context.debugDescription)
    @unknown default:
      return oneLine("\(error)")
    }
  }

  /// Compact JSON text, with object keys sorted.
  var compact: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .number(let value): return String(value)
    case .string(let value): return Self.quoted(value)
    case .array(let values): return "[" + values.map(\.compact).joined(separator: ",") + "]"
    case .object(let members):
      let body = members.keys.sorted().map { Self.quoted($0) + ":" + members[$0]!.compact }
      return "{" + body.joined(separator: ",") + "}"
    }
  }

  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        result +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A short name of the value's kind, for error messages.
  var kind: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .integer, .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

extension JSONValue: Decodable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .integer(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }
}

/// `text` on one line.
func oneLine(_ text: String) -> String {
  text.split(whereSeparator: \.isNewline).joined(separator: " ")
}

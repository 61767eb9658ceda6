import Foundation

/// A JSON reader that keeps what `JSONDecoder` loses and says what is wrong.
///
/// - Integers are exact: one that fits in `Int` is `.integer`, a longer one `.bigInteger`
///   with its digits, so two identifiers that differ past 2^53 stay different.
/// - It reads in one pass, linear in the input, and refuses nesting deeper than
///   `maximumDepth` before it gets expensive.
/// - Its errors name the problem: an empty file, bytes that are not UTF-8, a number out of
///   range, the nesting limit, or the unexpected character and where it is.
struct JSONParser {
  static let maximumDepth = 512

  private let bytes: [UInt8]
  private var index = 0

  /// Parses `data` as one JSON value.
  ///
  /// - Parameter data: The file's bytes.
  /// - Returns: The value.
  /// - Throws: `ToolError` with a one-line reason.
  static func parse(_ data: Data) throws(ToolError) -> JSONValue {
    if data.isEmpty { throw .invalidJSON("the file is empty") }
    // Decoding replaces every invalid sequence, so the text round-trips only when valid.
    guard String(decoding: data, as: UTF8.self).utf8.elementsEqual(data) else {
      throw .invalidJSON("the file is not UTF-8 text")
    }
    var parser = JSONParser(bytes: Array(data))
    parser.skipWhitespace()
    if parser.index == parser.bytes.count {
      throw .invalidJSON("the file holds only whitespace")
    }
    let value = try parser.value(depth: 0)
    parser.skipWhitespace()
    if parser.index < parser.bytes.count {
      throw parser.unexpected("after the value")
    }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private mutating func value(depth: Int) throws(ToolError) -> JSONValue {
    guard depth < Self.maximumDepth else {
      throw .invalidJSON("nested more than \(Self.maximumDepth) levels deep")
    }
    guard index < bytes.count else {
      throw .invalidJSON("the file ends where a value should start")
    }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw unexpected("where a value should start")
    }
  }

  private mutating func object(depth: Int) throws(ToolError) -> JSONValue {
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek(UInt8(ascii: "\"")) else { throw unexpected("where a key should start") }
      let key = try string()
      skipWhitespace()
      guard peek(UInt8(ascii: ":")) else { throw unexpected("after the key \"\(key)\"") }
      index += 1
      skipWhitespace()
      members[key] = try value(depth: depth + 1)
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
      } else if peek(UInt8(ascii: "}")) {
        index += 1
        return .object(members)
      } else {
        throw unexpected("in an object")
      }
    }
  }

  private mutating func array(depth: Int) throws(ToolError) -> JSONValue {
    index += 1
    var values: [JSONValue] = []
    skipWhitespace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      return .array(values)
    }
    while true {
      skipWhitespace()
      values.append(try value(depth: depth + 1))
      skipWhitespace()
      if peek(UInt8(ascii: ",")) {
        index += 1
      } else if peek(UInt8(ascii: "]")) {
        index += 1
        return .array(values)
      } else {
        throw unexpected("in an array")
      }
    }
  }

  private mutating func string() throws(ToolError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var run = index
    func flush(upTo end: Int) {
      scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        flush(upTo: index)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 { throw unexpected("inside a string (control characters must be escaped)") }
      if byte == UInt8(ascii: "\\") {
        flush(upTo: index)
        scalars.append(try escape())
        run = index
        continue
      }
      index += 1
    }
    throw .invalidJSON("the file ends inside a string")
  }

  private mutating func escape() throws(ToolError) -> Unicode.Scalar {
    index += 1
    guard index < bytes.count else { throw .invalidJSON("the file ends inside a string") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{c}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try hexQuad()
      if (0xD800..<0xDC00).contains(first) {
        guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw .invalidJSON("an unpaired surrogate \\u\(String(first, radix: 16))") }
        index += 2
        let second = try hexQuad()
        guard (0xDC00..<0xE000).contains(second),
          let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        else { throw .invalidJSON("an unpaired surrogate \\u\(String(first, radix: 16))") }
        return scalar
      }
      guard let scalar = Unicode.Scalar(first) else {
        throw .invalidJSON("an unpaired surrogate \\u\(String(first, radix: 16))")
      }
      return scalar
    default:
      index -= 1
      throw unexpected("after a backslash")
    }
  }

  private mutating func hexQuad() throws(ToolError) -> UInt32 {
    guard index + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw .invalidJSON("a \\u escape without four hex digits") }
    index += 4
    return value
  }

  private mutating func number() throws(ToolError) -> JSONValue {
    let start = index
    if peek(UInt8(ascii: "-")) { index += 1 }
    let integerStart = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      index += 1
    }
    guard index > integerStart else { throw unexpected("in a number") }
    if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
      throw .invalidJSON("a number with a leading zero at byte \(integerStart)")
    }
    var isInteger = true
    if peek(UInt8(ascii: ".")) {
      isInteger = false
      index += 1
      let fractionStart = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      guard index > fractionStart else { throw unexpected("in a number") }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      isInteger = false
      index += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
      let exponentStart = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      guard index > exponentStart else { throw unexpected("in a number") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger {
      if let value = Int(text) { return .integer(value) }
      return .bigInteger(text == "-0" ? "0" : text)
    }
    guard let value = Double(text), value.isFinite else {
      throw .invalidJSON("the number \(text) is out of range")
    }
    return .number(value)
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(ToolError) -> JSONValue {
    let expected = Array(word.utf8)
    guard index + expected.count <= bytes.count,
      Array(bytes[index..<index + expected.count]) == expected
    else { throw unexpected("where a value should start") }
    index += expected.count
    return value
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        index += 1
      default: return
      }
    }
  }

  private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

  /// The error for the byte at `index`, with its line and column.
  private func unexpected(_ context: String) -> ToolError {
    guard index < bytes.count else { return .invalidJSON("the file ends \(context)") }
    var line = 1
    var column = 1
    for byte in bytes[..<index] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    let scalar = String(decoding: bytes[index...].prefix(4), as: UTF8.self).first.map(String.init)
    return .invalidJSON(
      "unexpected '\(scalar ?? "?")' \(context) at line \(line), column \(column)")
  }
}

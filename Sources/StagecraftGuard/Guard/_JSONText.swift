import StagecraftDiff
import StagecraftModel
import StagecraftReplay

// JSON written without Foundation, by one writer (`_JSONSink`): the guard's reports and the
// flight recorder's log, as text (`_JSONText`) or as their length (`_JSONLength`).

/// `text` as a JSON string: quotes, backslashes and control characters escaped.
package func _jsonString(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\t": result += "\\t"
    case "\r": result += "\\r"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}

/// Where JSON is written: text, or only its length, from one writer, so that a record's size
/// is known without building its text.
package protocol _JSONSink {
  /// Appends ASCII text as it is: punctuation and member names.
  mutating func raw(_ text: StaticString)
  /// Appends an integer.
  mutating func integer(_ value: Int)
  /// Appends `text` as a JSON string, escaped.
  mutating func string(_ text: String)
  /// Appends text that is already JSON.
  mutating func json(_ text: String)
  /// Appends UTF-8 bytes as the inside of a JSON string, escaped: a static string's text,
  /// written without making a `String` of it.
  mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension _JSONSink {
  /// Appends `"name":`, after a comma unless it is the first member.
  @inline(__always)
  mutating func member(_ name: StaticString, first: Bool = false) {
    if !first { raw(",") }
    raw("\"")
    raw(name)
    raw("\":")
  }

  /// Appends a list, each element written by `element`.
  @inline(__always)
  mutating func list<T>(_ values: [T], _ element: (inout Self, T) -> Void) {
    raw("[")
    var index = 0
    while index < values.count {
      if index > 0 { raw(",") }
      element(&self, values[index])
      index += 1
    }
    raw("]")
  }

  /// Appends `[section,item]`.
  mutating func path(_ path: ElementPath) {
    raw("[")
    integer(path.section)
    raw(",")
    integer(path.element)
    raw("]")
  }
}

/// JSON text.
package struct _JSONText: _JSONSink {
  package var text = ""
  package init() {}
  package mutating func raw(_ text: StaticString) {
    self.text += String(
      decoding: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount),
      as: UTF8.self)
  }
  package mutating func integer(_ value: Int) { text += String(value) }
  package mutating func string(_ text: String) { self.text += _jsonString(text) }
  package mutating func json(_ text: String) { self.text += text }
  package mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    text += _jsonString(String(decoding: bytes, as: UTF8.self)).dropFirst().dropLast()
  }
}

/// The length of JSON text in UTF-8 bytes, counted without writing it.
package struct _JSONLength: _JSONSink {
  package var count = 0
  /// The last static bytes counted by `escaped` (their address and count) and their escaped
  /// length: a record's file name is the same static string from one record to the next, and
  /// its bytes never change.
  package var lastEscaped: (address: UInt, count: Int, length: Int) = (0, 0, 0)
  package init() {}
  @inline(__always)
  package mutating func raw(_ text: StaticString) { count += text.utf8CodeUnitCount }
  @inline(__always)
  package mutating func integer(_ value: Int) {
    // Comparisons, not divisions: a division costs tens of cycles, and a record holds a
    // dozen integers.
    let magnitude = value.magnitude
    var digits = 1
    var bound: UInt = 10
    while magnitude >= bound {
      digits += 1
      // 10^19 is the largest power of ten a `UInt` holds.
      if digits == 20 { break }
      bound *= 10
    }
    if value < 0 { digits += 1 }
    count += digits
  }
  package mutating func string(_ text: String) {
    count += 2
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\\", "\n", "\t", "\r": count += 2
      case _ where scalar.value < 0x20: count += 6
      default: count += UTF8.width(scalar)
      }
    }
  }
  package mutating func json(_ text: String) { count += text.utf8.count }
  package mutating func escaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    let address = UInt(bitPattern: bytes.baseAddress)
    if address == lastEscaped.address, bytes.count == lastEscaped.count {
      count += lastEscaped.length
      return
    }
    // As `_jsonString` escapes: two bytes for a quote, a backslash, a newline, a tab or a
    // carriage return, six for another control character, the byte itself otherwise.
    var length = bytes.count
    for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C {
      switch byte {
      case 0x22, 0x5C, 0x0A, 0x09, 0x0D: length += 1
      default: length += 5
      }
    }
    lastEscaped = (address, bytes.count, length)
    count += length
  }
}

extension BatchUpdate {
  /// Writes the calls as an object with `BatchUpdate`'s field names: the lists that are not
  /// empty, positions as `[section,item]` pairs.
  func _writeJSON<Sink: _JSONSink>(to sink: inout Sink) {
    var codes: [Int] = []
    _RecordCoding.encode(self, into: &codes)
    var reader = _RecordCoding.Reader(codes: codes, index: 0)
    reader.writeBatch(to: &sink)
  }

  /// The non-empty lists as a JSON object: sections as numbers, index paths as
  /// `[section, item]`, moves as `[from, to]`.
  var _json: String {
    var text = _JSONText()
    _writeJSON(to: &text)
    return text.text
  }
}

// JSON text written without Foundation: what the guard's reports and the flight recorder's
// log are made of.

/// An object of `members`, each value already JSON text, in order.
package func _jsonObject(_ members: [(String, String)]) -> String {
  "{" + members.map { _jsonString($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
}

/// A list of integers.
package func _jsonList(_ list: [Int]) -> String {
  "[" + list.map { "\($0)" }.joined(separator: ",") + "]"
}

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

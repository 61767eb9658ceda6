/// What the tool reports on bad input: one line, and exit code 2.
enum ToolError: Error, Equatable, Sendable {
  case usage(String)
  case unreadable(String)
  case invalidJSON(String)
  case missingKey(String)
  case missingItems(String)
  case noCrashReason
  /// The input has the start of a count refusal, given here, but not its figures.
  case incompleteCrashReason(String)
  case shape(String)
  /// A flight log with a problem on a line.
  case badLog(line: Int, String)

  /// The one-line message, without the file name.
  var message: String {
    switch self {
    case .usage(let text): return text
    case .unreadable(let text): return "cannot read the file: \(text)"
    case .invalidJSON(let text): return "invalid JSON: \(text)"
    case .missingKey(let text): return "missing identity key: \(text)"
    case .missingItems(let text): return "missing items: \(text)"
    case .noCrashReason:
      return
        "no UIKit batch-update refusal found in the input; paste the text after \"reason:\", "
        + "such as \"Invalid update: …\", \"Invalid batch updates detected: …\" or \"attempt "
        + "to delete item 3 …\""
    case .incompleteCrashReason(let start):
      return
        "the input has the start of UIKit's refusal (\"\(start)…\") but not the figures that "
        + "follow it, so it was cut or edited; paste the whole reason as UIKit printed it"
    case .shape(let text): return "wrong shape: \(text)"
    case .badLog(let line, let text): return "line \(line): \(text)"
    }
  }
}

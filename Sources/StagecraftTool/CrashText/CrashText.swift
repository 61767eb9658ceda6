import Foundation
import Stagecraft

/// A batch-update crash reason, as UIKit raised it and as people paste it: from a console,
/// a crash reporter or an issue thread, with or without the noise around it.
struct CrashText: Equatable {
  /// The refused condition and its figures.
  var reason: BatchUpdateError.Reason
  /// The text and layout of its count failure.
  var wording: BatchUpdateError.Wording
  /// The view that raised it.
  var view: BatchUpdateError.ViewKind
  /// UIKit's message alone: no console prefix, no object addresses, no view description.
  var message: String

  /// Reads the crash reason in `input`.
  ///
  /// - Parameters:
  ///   - input: The pasted text.
  ///   - view: The view that raised it, when the text does not say.
  /// - Returns: The crash, or nil when no UIKit batch-update reason is in the text.
  static func parse(_ input: String, view: BatchUpdateError.ViewKind? = nil) -> CrashText? {
    let text = normalize(input)
    let starts = countRefusalStarts + ["attempt to ", "cannot move "]
    let start = starts.compactMap { text.range(of: $0)?.lowerBound }.min()
    guard let start else { return nil }
    let message = String(text[start...])
    let hinted = view ?? viewHint(in: text)
    for parser in parsers {
      if let crash = parser(message, hinted) { return crash }
    }
    return nil
  }

  /// The opening words of a count refusal in `input`, which only a count refusal begins
  /// with, when there is one: a text that has them and does not parse was cut or edited.
  static func countRefusalStart(in input: String) -> String? {
    let text = normalize(input)
    return countRefusalStarts.first { text.contains($0) }?.trimmingCharacters(in: .whitespaces)
  }

  /// The words a count refusal begins with, in every era.
  static let countRefusalStarts = ["Invalid update: ", "Invalid batch updates detected: "]

  /// The text with its escapes undone and UIKit's object addresses removed.
  static func normalize(_ input: String) -> String {
    var text = input.replacingOccurrences(of: "\r\n", with: "\n")
    // A reason copied from Xcode's debugger or a log keeps its escapes.
    if !text.contains("\n\t"), text.contains(#"\n"#) {
      text = text.replacingOccurrences(of: #"\n"#, with: "\n")
        .replacingOccurrences(of: #"\t"#, with: "\t")
        .replacingOccurrences(of: #"\""#, with: "\"")
    }
    return text.replacingOccurrences(
      of: #"<NSIndexPath:? ?0x[0-9a-fA-F]+> "#, with: "", options: .regularExpression)
  }

  /// The view the noise around the message names, if any.
  static func viewHint(in text: String) -> BatchUpdateError.ViewKind? {
    if text.contains("Table view: <") || text.contains("UITableView") { return .tableView }
    if text.contains("Collection view: <") || text.contains("UICollectionView") {
      return .collectionView
    }
    return nil
  }
}

// MARK: The patterns

extension CrashText {
  typealias Parser = (String, BatchUpdateError.ViewKind?) -> CrashText?

  static let path = #"\{length = 2, path = (\d+) - (\d+)\}"#

  /// The capture groups of `pattern` matched at the start of `text`, and the match.
  static func match(_ pattern: String, _ text: String) -> (groups: [String], whole: String)? {
    guard let regex = try? NSRegularExpression(pattern: "^(?:" + pattern + ")"),
      let result = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    else { return nil }
    var groups: [String] = []
    for index in 1..<result.numberOfRanges {
      let range = result.range(at: index)
      groups.append(range.location == NSNotFound ? "" : (text as NSString).substring(with: range))
    }
    return (groups, (text as NSString).substring(with: result.range))
  }

  /// The groups as numbers (0 where an optional group is absent), at the same positions;
  /// nil when one of them is too large for `Int`.
  static func numbers(_ groups: [String], at required: [Int], optional: [Int] = []) -> [Int]? {
    var result = [Int](repeating: 0, count: groups.count)
    for index in required {
      guard let value = Int(groups[index]) else { return nil }
      result[index] = value
    }
    for index in optional where !groups[index].isEmpty {
      guard let value = Int(groups[index]) else { return nil }
      result[index] = value
    }
    return result
  }

  /// The view that a noun ("item", "rows", "table view") names.
  static func view(of noun: String) -> BatchUpdateError.ViewKind {
    noun.hasPrefix("row") || noun.hasPrefix("table") || noun == "a row"
      ? .tableView : .collectionView
  }

  static var parsers: [Parser] {
    [invalidItemCount, invalidSectionCount, batchUpdates] + operationParsers
  }

  static func invalidItemCount(_ text: String, _ hint: BatchUpdateError.ViewKind?) -> CrashText? {
    let pattern =
      #"Invalid update: invalid number of (items|rows) in section (\d+)\.( {1,2})The number of (?:items|rows) contained in an existing section after the update \((\d+)\) must be equal to the number of (?:items|rows) contained in that section before the update \((\d+)\), plus or minus the number of (?:items|rows) inserted or deleted from that section \((\d+) inserted, (\d+) deleted\)(?: and plus or minus the number of (?:items|rows) moved into or out of that section \((\d+) moved in, (\d+) moved out\))?\."#
    guard let (g, whole) = match(pattern, text),
      let n = numbers(g, at: [1, 3, 4, 5, 6], optional: [7, 8])
    else { return nil }
    let reason = BatchUpdateError.Reason.invalidItemCount(
      section: n[1], after: n[3], before: n[4], inserted: n[5], deleted: n[6], movedIn: n[7],
      movedOut: n[8], context: .init(itemCountsBefore: [], itemCountsAfter: [], updates: []))
    let wording: BatchUpdateError.Wording =
      g[7].isEmpty ? .iOS4 : g[2].count == 2 ? .classic : .iOS13
    return CrashText(reason: reason, wording: wording, view: view(of: g[0]), message: whole)
  }

  static func invalidSectionCount(_ text: String, _ hint: BatchUpdateError.ViewKind?)
    -> CrashText?
  {
    let pattern =
      #"Invalid update: invalid number of sections\.( {1,2})The number of sections contained in the (collection view|table view) after the update \((\d+)\) must be equal to the number of sections contained in the (?:collection view|table view) before the update \((\d+)\), plus or minus the number of sections inserted or deleted \((\d+) inserted, (\d+) deleted\)\."#
    guard let (g, whole) = match(pattern, text), let n = numbers(g, at: [2, 3, 4, 5]) else {
      return nil
    }
    let reason = BatchUpdateError.Reason.invalidSectionCount(
      after: n[2], before: n[3], inserted: n[4], deleted: n[5],
      context: .init(itemCountsBefore: [], itemCountsAfter: [], updates: []))
    return CrashText(
      reason: reason, wording: g[0].count == 2 ? .classic : .iOS13, view: view(of: g[1]),
      message: whole)
  }

  static func batchUpdates(_ text: String, _ hint: BatchUpdateError.ViewKind?) -> CrashText? {
    let counts = #"\{ (\d+) sections? with (?:item|row) counts: \[([\d, ]*)\] \}"#
    let pattern =
      #"Invalid batch updates detected: the number of sections and/or (items|rows) returned by the data source before (and/or|and) after performing the batch updates are inconsistent with the updates\.(\s)Data source before updates = "#
      + counts + #"\sData source after updates = "# + counts + #"\sUpdates = \[([^\]]*)\]"#
    guard let (g, whole) = match(pattern, text) else { return nil }
    func list(_ text: String) -> [Int]? {
      let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      let numbers = parts.compactMap { Int($0) }
      return numbers.count == parts.count ? numbers : nil
    }
    guard let countsBefore = list(g[4]), let countsAfter = list(g[6]) else { return nil }
    let lines = g[7].split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    .filter { !$0.isEmpty }
    var updates: [BatchUpdateError.Update] = []
    for line in lines {
      guard let update = parseUpdate(line) else { return nil }
      updates.append(update)
    }
    let context = BatchUpdateError.CountContext(
      itemCountsBefore: countsBefore, itemCountsAfter: countsAfter, updates: updates)
    let view = view(of: g[0])
    // Which section failed the rule is not in this text; any count failure prints the same.
    let reason = BatchUpdateError.Reason.invalidSectionCount(
      after: context.itemCountsAfter.count, before: context.itemCountsBefore.count, inserted: 0,
      deleted: 0, context: context)
    let wording = BatchUpdateError.Wording(
      text: g[1] == "and" ? .batchUpdates : .batchUpdatesAndOr, isOneLine: g[2] != "\n")
    return CrashText(reason: reason, wording: wording, view: view, message: whole)
  }

  /// One line of a batch-updates text's list, such as `Delete row (0 - 1)`.
  static func parseUpdate(_ line: String) -> BatchUpdateError.Update? {
    let pair = #"\((\d+) - (\d+)\)"#
    func numbers(_ groups: [String]) -> [Int]? {
      let values = groups.compactMap { Int($0) }
      return values.count == groups.count ? values : nil
    }
    if let (g, _) = match(#"(Delete|Insert) (?:item|row) "# + pair + "$", line),
      let n = numbers(Array(g.dropFirst()))
    {
      let path = ElementPath(element: n[1], section: n[0])
      return g[0] == "Delete" ? .deleteItem(path) : .insertItem(path)
    }
    if let (g, _) = match(#"Move (?:item|row) "# + pair + " to " + pair + "$", line),
      let n = numbers(g)
    {
      return .moveItem(
        Move(
          source: ElementPath(element: n[1], section: n[0]),
          target: ElementPath(element: n[3], section: n[2])))
    }
    if let (g, _) = match(#"(Delete|Insert) section (\d+)$"#, line), let n = numbers([g[1]]) {
      return g[0] == "Delete" ? .deleteSection(n[0]) : .insertSection(n[0])
    }
    if let (g, _) = match(#"Move section (\d+) to (\d+)$"#, line), let n = numbers(g) {
      return .moveSection(Move(source: n[0], target: n[1]))
    }
    return nil
  }
}

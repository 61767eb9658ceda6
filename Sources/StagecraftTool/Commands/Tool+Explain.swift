import Foundation
import Stagecraft

extension Tool {
  /// `stagecraft explain`: reads a pasted crash reason, says what it means, and proves the
  /// reading by reproducing the text on `CollectionModel`.
  static func explain(
    _ options: Options, readFile: (String) throws -> Data, readInput: () -> Data
  ) throws(Failure) -> ToolResult {
    var input: String
    if let text = options.text {
      input = text
    } else if let path = options.files.first, path != "-" {
      let data: Data
      do {
        data = try readFile(path)
      } catch {
        throw Failure(file: path, error: .unreadable(oneLine(describe(error))))
      }
      input = String(decoding: data, as: UTF8.self)
    } else {
      input = String(decoding: readInput(), as: UTF8.self)
    }
    // A guard's report: explain the text it carries, with its counts.
    let report = guardReport(in: input)
    if let text = report?.error { input = text }
    guard let crash = CrashText.parse(input, view: report?.view ?? options.view) else {
      let file = options.text == nil ? options.files.first : nil
      if let start = CrashText.countRefusalStart(in: input) {
        throw Failure(file: file, error: .incompleteCrashReason(start))
      }
      throw Failure(file: file, error: .noCrashReason)
    }
    let reproduction = crash.reproduction()
    let reproduced = reproduction?.refusal(wording: crash.wording, view: crash.view)
    let matches = reproduced?.description == crash.message
    var data: [String] = []
    if let (oldPath, newPath) = options.data {
      data = try dataReport(crash, options: options, old: oldPath, new: newPath, readFile: readFile)
    }
    var explanation = crash.explanation()
    if let report, let counts = report.data, _countsDisagree(shown: report.before, data: counts) {
      explanation = explanation._staleCountsFirst(
        shown: report.before, data: counts, view: crash.view)
    }
    if options.json {
      return ToolResult(
        output: explainJSON(
          crash, explanation: explanation, reproduction: reproduction, matches: matches,
          data: data
        ).compact + "\n",
        error: "", status: 0)
    }
    var lines = ["UIKit refused a batch update (\(describe(crash))):"]
    lines += crash.message.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "  " + $0 }
    lines += ["", "What disagreed:"] + explanation.disagreement.map { "  - " + $0 }
    lines += ["", "Typical causes:"] + explanation.causes.map { "  - " + $0 }
    lines += ["", "What to change:"] + explanation.changes.map { "  - " + $0 }
    lines.append("")
    if let reproduction, matches {
      lines.append(
        "Reproduced: CollectionModel refuses the smallest batch with these figures with the same "
          + "text:")
      lines.append("  " + summary(reproduction, view: crash.view))
    } else {
      lines.append(
        "Not reproduced: no batch gives these figures without UIKit refusing it for another "
          + "reason first, so the text may have been edited.")
    }
    if !data.isEmpty { lines += [""] + data }
    return ToolResult(output: lines.joined(separator: "\n") + "\n", error: "", status: 0)
  }

  static func describe(_ crash: CrashText) -> String {
    let view = crash.view == .tableView ? "UITableView" : "UICollectionView"
    switch crash.reason {
    case .invalidItemCount, .invalidSectionCount:
      let wording: String
      switch (crash.wording.text, crash.wording.isOneLine) {
      case (.invalidUpdate, _): wording = "worded as up to about iOS 12"
      case (.invalidUpdateOneSpace, _): wording = "worded as from about iOS 13"
      case (.invalidUpdateWithoutMoves, _): wording = "worded as on iOS 4"
      case (.batchUpdatesAndOr, _): wording = "worded as on iOS 16.4 to 17.0"
      case (.batchUpdates, true):
        wording = "worded as from iOS 17.1, on one line as a crash reporter shows it"
      case (.batchUpdates, false): wording = "worded as from iOS 17.1"
      }
      return "\(view), \(wording)"
    default:
      return view
    }
  }

  static func summary(_ reproduction: Reproduction, view: BatchUpdateError.ViewKind) -> String {
    let items = view == .tableView ? "rows" : "items"
    let calls =
      BatchUpdateError.Update.list(reproduction.batch).map { $0.line(view: view) }
      + reproduction.batch.reconfigureItems.map {
        "Reconfigure \(view == .tableView ? "row" : "item") (\($0.section) - \($0.element))"
      }
    return "\(items) per section before: \(reproduction.before); after: \(reproduction.after); "
      + "calls: \(calls.isEmpty ? "none" : calls.joined(separator: ", "))"
  }

  /// Whether the app's data before and after could have produced the crash, and the calls
  /// a staged diff of that data makes.
  static func dataReport(
    _ crash: CrashText, options: Options, old oldPath: String, new newPath: String,
    readFile: (String) throws -> Data
  ) throws(Failure) -> [String] {
    let oldDocument = try load(oldPath, readFile: readFile)
    let newDocument = try load(newPath, readFile: readFile)
    let format = options.format
    let old: [JSONSection]
    let new: [JSONSection]
    if format.sectioned {
      old = try parse(oldPath) { () throws(ToolError) in try format.sections(oldDocument) }
      new = try parse(newPath) { () throws(ToolError) in try format.sections(newDocument) }
    } else {
      old = [
        JSONSection(
          identity: .null, content: .null,
          elements: try parse(oldPath) { () throws(ToolError) in try format.items(oldDocument) })
      ]
      new = [
        JSONSection(
          identity: .null, content: .null,
          elements: try parse(newPath) { () throws(ToolError) in try format.items(newDocument) })
      ]
    }
    let items = crash.view == .tableView ? "rows" : "items"
    let oldCounts = old.map(\.elements.count)
    let newCounts = new.map(\.elements.count)
    var lines = [
      "Your data: \(oldPath) has \(oldCounts) \(items) per section, \(newPath) \(newCounts)."
    ]
    if let (before, after) = crash.counts() {
      if before == oldCounts && after == newCounts {
        lines.append(
          "These are the counts the crash reports: the data went from \(oldPath) to \(newPath), "
            + "and the calls the app made did not describe that change.")
      } else {
        lines.append(
          "The crash reports \(before) before and \(after) after: not this change. The view "
            + "was showing other data than \(oldPath) (a change it was never told about), or the "
            + "data source held other data than \(newPath) when UIKit asked.")
      }
    }
    let staged = StagedChangeset(source: old, target: new)
    var model = CollectionModel(
      sections: old, configuration: .init(wording: crash.wording, view: crash.view))
    let verdict = verdictOf(model: &model) { try $0.reload(using: staged) }
    if let verdict {
      lines.append("The staged diff of this data is refused too: \(verdict)")
    } else {
      lines.append(
        "The staged diff of this data replays cleanly through CollectionModel in "
          + "\(staged.count) stage\(staged.count == 1 ? "" : "s"); these are the calls to make:")
      for (number, stage) in staged.enumerated() {
        lines.append("  stage \(number + 1): " + summary(stage))
      }
    }
    return lines
  }

  /// The guard's report that `input` holds, when it is one whose block was refused.
  static func guardReport(in input: String) -> GuardReport? {
    guard input.first(where: { !$0.isWhitespace }) == "{",
      let document = try? JSONParser.parse(Data(input.utf8)),
      case .object(let members) = document, members["cause"] == .string("refused")
    else { return nil }
    return try? GuardReport(document)
  }

  static func explainJSON(
    _ crash: CrashText, explanation: BatchUpdateError.Explanation, reproduction: Reproduction?,
    matches: Bool, data: [String]
  ) -> JSONValue {
    var report: [String: JSONValue] = [
      "view": .string(crash.view == .tableView ? "tableView" : "collectionView"),
      "message": .string(crash.message),
      "disagreement": .array(explanation.disagreement.map(JSONValue.string)),
      "causes": .array(explanation.causes.map(JSONValue.string)),
      "changes": .array(explanation.changes.map(JSONValue.string)),
      "reproduced": .bool(matches),
    ]
    if let reproduction {
      report["reproduction"] = .object([
        "before": .array(reproduction.before.map(JSONValue.integer)),
        "after": .array(reproduction.after.map(JSONValue.integer)),
        "calls": .array(
          BatchUpdateError.Update.list(reproduction.batch).map {
            .string($0.line(view: crash.view))
          }
        ),
      ])
    }
    if !data.isEmpty { report["data"] = .array(data.map(JSONValue.string)) }
    return .object(report)
  }
}

extension CrashText {
  /// The item counts per section before and after the batch, when the text gives them all.
  func counts() -> (before: [Int], after: [Int])? {
    switch reason {
    case .invalidSectionCount(_, _, _, _, let context) where !context.itemCountsBefore.isEmpty:
      return (context.itemCountsBefore, context.itemCountsAfter)
    case .invalidItemCount(let section, let after, let before, _, _, _, _, _) where section == 0:
      return ([before], [after])
    default:
      return nil
    }
  }
}

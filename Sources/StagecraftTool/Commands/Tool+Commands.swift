import Foundation
import Stagecraft

extension Tool {
  static func diff(_ options: Options, readFile: (String) throws -> Data) throws(Failure)
    -> ToolResult
  {
    let (oldPath, newPath) = (options.files[0], options.files[1])
    let oldDocument = try load(oldPath, readFile: readFile)
    let newDocument = try load(newPath, readFile: readFile)
    let format = options.format
    if format.sectioned {
      let old = try parse(oldPath) { () throws(ToolError) in try format.sections(oldDocument) }
      let new = try parse(newPath) { () throws(ToolError) in try format.sections(newDocument) }
      let staged = StagedChangeset(source: old, target: new)
      var model = CollectionModel(sections: old, configuration: configuration(options))
      let verdict: String?? =
        options.replay ? .some(verdictOf(model: &model) { try $0.reload(using: staged) }) : .none
      return report(staged, source: old, verdict: verdict, json: options.json)
    }
    let old = try parse(oldPath) { () throws(ToolError) in try format.items(oldDocument) }
    let new = try parse(newPath) { () throws(ToolError) in try format.items(newDocument) }
    let staged = StagedChangeset(source: old, target: new)
    var model = CollectionModel(items: old, configuration: configuration(options))
    let verdict: String?? =
      options.replay ? .some(verdictOf(model: &model) { try $0.reload(using: staged) }) : .none
    let sections = StagedChangeset<[JSONSection]>(
      staged.map { stage in
        Changeset(
          data: [JSONSection(identity: .null, content: .null, elements: stage.data)],
          elementDeleted: stage.elementDeleted, elementInserted: stage.elementInserted,
          elementUpdated: stage.elementUpdated, elementMoved: stage.elementMoved)
      })
    return report(
      sections, source: [JSONSection(identity: .null, content: .null, elements: old)],
      verdict: verdict, json: options.json)
  }

  static func check(_ options: Options, readFile: (String) throws -> Data) throws(Failure)
    -> ToolResult
  {
    if options.files.count == 1 { return try checkReport(options, readFile: readFile) }
    let (oldPath, newPath, batchPath) = (options.files[0], options.files[1], options.files[2])
    let oldDocument = try load(oldPath, readFile: readFile)
    let newDocument = try load(newPath, readFile: readFile)
    let batchDocument = try load(batchPath, readFile: readFile)
    let batch = try parse(batchPath) { () throws(ToolError) in try BatchFile.batch(batchDocument) }
    let format = options.format
    let old: [JSONSection]
    let new: [JSONSection]
    if format.sectioned {
      old = try parse(oldPath) { () throws(ToolError) in try format.sections(oldDocument) }
      new = try parse(newPath) { () throws(ToolError) in try format.sections(newDocument) }
    } else {
      let items = try parse(oldPath) { () throws(ToolError) in try format.items(oldDocument) }
      let newItems = try parse(newPath) { () throws(ToolError) in try format.items(newDocument) }
      old = [JSONSection(identity: .null, content: .null, elements: items)]
      new = [JSONSection(identity: .null, content: .null, elements: newItems)]
    }
    var model = CollectionModel(sections: old, configuration: configuration(options))
    do {
      try model.performBatchUpdates(batch, newSections: new)
    } catch {
      return refusal(error, explanation: error.explanation, json: options.json)
    }
    let stale = model.staleCells
    if options.json {
      let report: JSONValue = .object([
        "valid": .bool(true), "error": .null,
        "staleCells": .array(stale.map { .array([.integer($0.section), .integer($0.element)]) }),
      ])
      return ToolResult(output: report.compact + "\n", error: "", status: 0)
    }
    var output = "valid: UIKit accepts this batch (\(describeCounts(model)) after it)\n"
    if !stale.isEmpty {
      output +=
        "warning: \(stale.count) cell\(stale.count == 1 ? " shows" : "s show") stale content "
        + "(moved or kept but not refreshed): \(stale.map(\.description).joined(separator: " "))\n"
    }
    return ToolResult(output: output, error: "", status: 0)
  }

  /// A refused batch: UIKit's text and what it means, in text or JSON; status 1.
  static func refusal(
    _ error: BatchUpdateError, explanation: BatchUpdateError.Explanation, json: Bool,
    staleViewCounts: Bool? = nil
  ) -> ToolResult {
    if json {
      var members: [String: JSONValue] = [
        "valid": .bool(false), "error": .string(error.description), "staleCells": .array([]),
        "explanation": .object([
          "disagreement": .array(explanation.disagreement.map(JSONValue.string)),
          "causes": .array(explanation.causes.map(JSONValue.string)),
          "changes": .array(explanation.changes.map(JSONValue.string)),
        ]),
      ]
      if let staleViewCounts { members["staleViewCounts"] = .bool(staleViewCounts) }
      return ToolResult(output: JSONValue.object(members).compact + "\n", error: "", status: 1)
    }
    return ToolResult(output: "refused: \(error)\n\n\(explanation)\n", error: "", status: 1)
  }

  static func configuration<S>(_ options: Options) -> CollectionModel<S>.Configuration {
    .init(isStrict: !options.lenient, wording: options.modern ? .modern : .classic)
  }

  static func describeCounts(_ model: CollectionModel<JSONSection>) -> String {
    let items = model.sections.reduce(0) { $0 + $1.elements.count }
    let sections = model.sections.count
    return "\(items) item\(items == 1 ? "" : "s") in \(sections) section\(sections == 1 ? "" : "s")"
  }

  /// Runs a replay on the model: nil when valid, else UIKit's text (or the stale cells).
  static func verdictOf<S: DifferentiableSection>(
    model: inout CollectionModel<S>,
    _ replay: (inout CollectionModel<S>) throws -> Void
  ) -> String? {
    do {
      try replay(&model)
    } catch {
      return "\(error)"
    }
    let stale = model.staleCells
    return stale.isEmpty ? nil : "stale cells after the replay: \(stale)"
  }

  /// Prints the stages. `verdict` is nil when no replay ran, `.some(nil)` when it was valid.
  static func report(
    _ staged: StagedChangeset<[JSONSection]>, source: [JSONSection], verdict: String??, json: Bool
  ) -> ToolResult {
    let status: Int32 = (verdict ?? nil) == nil ? 0 : 1
    if json {
      return ToolResult(
        output: jsonReport(staged, verdict: verdict) + "\n", error: "", status: status)
    }
    var lines: [String] = []
    let stages = staged.count
    let changes = staged.changeCount
    lines.append(
      stages == 0
        ? "no changes"
        : "\(stages) stage\(stages == 1 ? "" : "s"), \(changes) change\(changes == 1 ? "" : "s")")
    var before = source
    for (number, stage) in staged.enumerated() {
      lines.append("stage \(number + 1): " + summary(stage))
      func item(_ data: [JSONSection], _ path: ElementPath) -> String {
        guard data.indices.contains(path.section),
          data[path.section].elements.indices.contains(path.element)
        else { return "?" }
        return data[path.section].elements[path.element].identity.compact
      }
      func section(_ data: [JSONSection], _ index: Int) -> String {
        data.indices.contains(index) ? data[index].identity.compact : "?"
      }
      for index in stage.sectionDeleted {
        lines.append("  delete section \(index)  \(section(before, index))")
      }
      for index in stage.sectionInserted {
        lines.append("  insert section \(index)  \(section(stage.data, index))")
      }
      for move in stage.sectionMoved {
        lines.append(
          "  move section \(move.source) -> \(move.target)  \(section(stage.data, move.target))")
      }
      for index in stage.sectionUpdated {
        lines.append("  update section \(index)  \(section(stage.data, index))")
      }
      for path in stage.elementUpdated { lines.append("  update \(path)  \(item(before, path))") }
      for path in stage.elementDeleted { lines.append("  delete \(path)  \(item(before, path))") }
      for path in stage.elementInserted {
        lines.append("  insert \(path)  \(item(stage.data, path))")
      }
      for move in stage.elementMoved {
        lines.append("  move \(move.source) -> \(move.target)  \(item(stage.data, move.target))")
      }
      before = stage.data
    }
    if let verdict {
      lines.append(
        verdict.map { "replay: refused: \($0)" }
          ?? "replay: valid (CollectionModel accepted every stage; no stale cells)")
    }
    return ToolResult(output: lines.joined(separator: "\n") + "\n", error: "", status: status)
  }

  static func summary<C>(_ stage: Changeset<C>) -> String {
    let parts: [(Int, String)] = [
      (stage.sectionDeleted.count, "sections deleted"),
      (stage.sectionInserted.count, "sections inserted"),
      (stage.sectionMoved.count, "sections moved"),
      (stage.sectionUpdated.count, "sections updated"),
      (stage.elementUpdated.count, "updated"), (stage.elementDeleted.count, "deleted"),
      (stage.elementInserted.count, "inserted"), (stage.elementMoved.count, "moved"),
    ]
    return parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
  }

  static func jsonReport(_ staged: StagedChangeset<[JSONSection]>, verdict: String??) -> String {
    func paths(_ list: [ElementPath]) -> JSONValue {
      .array(list.map { .array([.integer($0.section), .integer($0.element)]) })
    }
    let stages: [JSONValue] = staged.map { stage in
      .object([
        "sectionDeleted": .array(stage.sectionDeleted.map(JSONValue.integer)),
        "sectionInserted": .array(stage.sectionInserted.map(JSONValue.integer)),
        "sectionUpdated": .array(stage.sectionUpdated.map(JSONValue.integer)),
        "sectionMoved": .array(
          stage.sectionMoved.map { .array([.integer($0.source), .integer($0.target)]) }),
        "elementDeleted": paths(stage.elementDeleted),
        "elementInserted": paths(stage.elementInserted),
        "elementUpdated": paths(stage.elementUpdated),
        "elementMoved": .array(
          stage.elementMoved.map { .array([paths([$0.source]).first, paths([$0.target]).first]) }),
        "changeCount": .integer(stage.changeCount),
      ])
    }
    var report: [String: JSONValue] = [
      "stageCount": .integer(staged.count), "changeCount": .integer(staged.changeCount),
      "stages": .array(stages),
    ]
    if let verdict {
      report["replay"] = .object(
        ["valid": .bool(verdict == nil), "error": verdict.map(JSONValue.string) ?? .null])
    }
    return JSONValue.object(report).compact
  }

  static func demo() -> ToolResult {
    let old: JSONValue = .array([
      .object(["id": .integer(1), "title": .string("Milk")]),
      .object(["id": .integer(2), "title": .string("Eggs")]),
      .object(["id": .integer(3), "title": .string("Tea")]),
      .object(["id": .integer(4), "title": .string("Rice")]),
    ])
    let new: JSONValue = .array([
      .object(["id": .integer(3), "title": .string("Tea")]),
      .object(["id": .integer(1), "title": .string("Oat milk")]),
      .object(["id": .integer(4), "title": .string("Rice")]),
      .object(["id": .integer(5), "title": .string("Bread")]),
    ])
    let files = ["old.json": old.compact, "new.json": new.compact]
    var result = run(["diff", "old.json", "new.json", "--replay"]) { Data(files[$0]!.utf8) }
    result.output =
      "stagecraft demo: the staged changeset between two JSON snapshots\n\n"
      + "old.json  \(files["old.json"]!)\nnew.json  \(files["new.json"]!)\n\n"
      + "$ stagecraft diff old.json new.json --replay\n" + result.output
      + "\nTry it on your own data: stagecraft diff OLD.json NEW.json --replay\n"
    return result
  }
}

extension JSONValue {
  fileprivate var first: JSONValue {
    if case .array(let values) = self, let first = values.first { return first }
    return .null
  }
}

extension Tool {
  /// Replays a guard's report: the view's counts before the refused block, the counts of
  /// the block's data and the batch, validated as the model validates. When the report
  /// carries the counts of the data the replay started from and they disagree with the
  /// view's, the explanation says so first.
  static func checkReport(_ options: Options, readFile: (String) throws -> Data) throws(Failure)
    -> ToolResult
  {
    let path = options.files[0]
    let document = try load(path, readFile: readFile)
    let report = try parse(path) { () throws(ToolError) in try GuardReport(document) }
    do {
      try report.batch.validate(
        itemCountsBefore: report.before, itemCountsAfter: report.after,
        isStrict: !options.lenient, wording: options.modern ? .modern : .classic,
        view: report.view)
    } catch {
      let fallback = BatchUpdateFallback(
        cause: .refused(error), view: report.view, itemCountsBefore: report.before,
        itemCountsAfter: report.after, batch: report.batch, dataItemCountsBefore: report.data)
      return refusal(
        error, explanation: fallback.explanation ?? error.explanation, json: options.json,
        staleViewCounts: fallback.hasStaleViewCounts)
    }
    if options.json {
      let report: JSONValue = .object([
        "valid": .bool(true), "error": .null, "staleCells": .array([]),
      ])
      return ToolResult(output: report.compact + "\n", error: "", status: 0)
    }
    return ToolResult(
      output: "valid: UIKit accepts this batch with these counts\n", error: "", status: 0)
  }
}

/// A guard's report (`BatchUpdateFallback.json`), read back.
struct GuardReport {
  var before: [Int]
  var after: [Int]
  var batch: BatchUpdate
  var view: ListViewKind
  /// The counts of the data the replay started from, when the report has them.
  var data: [Int?]?
  /// UIKit's text, when the report has it.
  var error: String?

  init(_ document: JSONValue) throws(ToolError) {
    guard case .object(let members) = document else {
      throw .shape("a report is an object, found \(document.kind)")
    }
    func counts(_ key: String, allowingNull: Bool = false) throws(ToolError) -> [Int?] {
      guard case .array(let values)? = members[key] else {
        throw .shape("the report has no \"\(key)\" list")
      }
      return try values.map { (value) throws(ToolError) -> Int? in
        if allowingNull, value == .null { return nil }
        guard case .integer(let count) = value, count >= 0 else {
          throw .shape("\"\(key)\" holds \(value.compact) where a count was expected")
        }
        return count
      }
    }
    guard let batch = members["batch"] else {
      throw .shape("the report has no \"batch\" (an off-screen report has none to check)")
    }
    view = members["view"] == .string("tableView") ? .tableView : .collectionView
    before = try counts("itemCountsBefore").map { $0 ?? 0 }
    after = try counts("itemCountsAfter").map { $0 ?? 0 }
    self.batch = try BatchFile.batch(batch)
    data =
      members["dataItemCountsBefore"] == nil
      ? nil : try counts("dataItemCountsBefore", allowingNull: true)
    if case .string(let text)? = members["error"] { error = text }
  }
}

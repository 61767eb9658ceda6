import Foundation
import Stagecraft

extension Tool {
  /// `stagecraft replay LOG`: the log rebuilt on the model, as text, JSON or a test.
  static func replay(_ options: Options, readFile: (String) throws -> Data) throws(Failure)
    -> ToolResult
  {
    let path = options.files[0]
    let data: Data
    do {
      data = try readFile(path)
    } catch {
      throw Failure(file: path, error: .unreadable(oneLine(describe(error))))
    }
    let log: FlightLog
    do {
      log = try FlightLog.parse(data)
    } catch {
      throw Failure(file: path, error: error)
    }
    let replay = FlightLogReplay(log)
    let status: Int32 = replay.firstDisagreement == nil && replay.verdictsAgree ? 0 : 1
    if options.emitTest {
      return ToolResult(
        output: FlightLogTest(log, replay: replay).source, error: "", status: status)
    }
    let output = options.json ? replayJSON(log, replay) : replayText(log, replay)
    return ToolResult(output: output, error: "", status: status)
  }

  /// One line per record, then the first disagreement.
  static func replayText(_ log: FlightLog, _ replay: FlightLogReplay) -> String {
    var lines = [
      "flight log version \(log.version): \(log.records.count) record"
        + (log.records.count == 1 ? "" : "s")
    ]
    for step in replay.steps {
      let record = step.record
      var line = "#\(record.sequence) \(record.entry.rawValue) \(record.kind.rawValue)"
      if let site = Self.callSite(record.call, record.callSite) { line += " (\(site))" }
      if let counts = record.viewCounts { line += " view \(counts)" }
      if let answered = record.dataSourceCounts, answered != record.viewCounts {
        line += " data source \(answered)"
      }
      if let data = record.dataCounts, data.contains(where: { $0 != nil }) {
        line += " data [" + data.map { $0.map(String.init) ?? "?" }.joined(separator: ", ") + "]"
      }
      if let after = record.countsAfter, record.kind != .keyframe { line += " -> \(after)" }
      line += ": \(record.verdict)"
      if let cause = record.cause { line += " (\(cause))" }
      if record.kind == .block, record.verdict != "coalesced" {
        line += ", replayed \(step.replayed)" + (step.agrees ? "" : " (differs)")
      }
      lines.append(line)
    }
    for gap in log.gaps {
      lines.append(
        gap.count == 1
          ? "record \(gap.lowerBound) is missing from the log"
          : "records \(gap.lowerBound) to \(gap.upperBound) are missing from the log")
    }
    if let disagreement = replay.firstDisagreement {
      lines.append("")
      lines.append("first disagreement: record \(disagreement.record)")
      if let site = Self.callSite(disagreement.call, disagreement.callSite) {
        lines.append("made by \(site)")
      }
      lines.append(disagreement.cause)
      if let uikit = disagreement.uikit { lines.append("UIKit: \(uikit)") }
      if let explanation = disagreement.explanation { lines.append(explanation) }
    } else {
      lines.append("")
      lines.append(
        replay.verdictsAgree
          ? "every verdict replays as recorded; the view and the data agreed at every record"
          : "the view and the data agreed, but some verdicts replay differently")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// "the app's call 9, at Inbox/InboxScreen.swift:52", or what of it the record holds.
  static func callSite(_ call: Int?, _ site: String?) -> String? {
    switch (call, site) {
    case (let call?, let site?): "the app's call \(call), at \(site)"
    case (let call?, nil): "the app's call \(call)"
    case (nil, let site?): "a call at \(site)"
    case (nil, nil): nil
    }
  }

  /// The same as JSON.
  static func replayJSON(_ log: FlightLog, _ replay: FlightLogReplay) -> String {
    func string(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    let steps = replay.steps.map { step -> JSONValue in
      .object([
        "seq": .integer(step.record.sequence), "entry": .string(step.record.entry.rawValue),
        "kind": .string(step.record.kind.rawValue), "recorded": .string(step.record.verdict),
        "recordedError": string(step.record.error), "replayed": .string(step.replayed),
        "replayedError": string(step.replayedError), "agrees": .bool(step.agrees),
        "call": step.record.call.map(JSONValue.integer) ?? .null,
        "at": string(step.record.callSite),
      ])
    }
    let disagreement = replay.firstDisagreement.map { found -> JSONValue in
      .object([
        "record": .integer(found.record),
        "previous": found.previous.map(JSONValue.integer) ?? .null,
        "cause": .string(found.cause), "uikit": string(found.uikit),
        "explanation": string(found.explanation),
        "call": found.call.map(JSONValue.integer) ?? .null, "at": string(found.callSite),
      ])
    }
    let missing = log.gaps.map {
      JSONValue.array([.integer($0.lowerBound), .integer($0.upperBound)])
    }
    let document = JSONValue.object([
      "version": .integer(log.version), "records": .array(steps), "missing": .array(missing),
      "verdictsAgree": .bool(replay.verdictsAgree), "firstDisagreement": disagreement ?? .null,
    ])
    return document.compact + "\n"
  }
}

import Foundation
import Stagecraft

/// A flight recorder's log, read back: its header and its records (`FlightRecorder.export()`).
///
/// The reader takes what a log goes through on its way from a device: CRLF line endings, a
/// byte-order mark and trailing whitespace. Records missing from the sequence (a gap in the
/// sequence numbers: a log cut or edited by hand) are named in `gaps`.
///
/// Every problem is named with its line: a log that is not text, a missing or foreign header,
/// a version newer than this reader, a line that is not JSON (a log cut off mid-record
/// included), a record without a member it needs or with a member of the wrong shape, and
/// sequence numbers that go backwards. Reading is linear in the log and never traps.
struct FlightLog: Equatable {
  /// The version of the format this reader reads.
  static let readableVersion = 1
  /// The most records a log may hold: the recorder's budget keeps far fewer.
  static let maximumRecords = 1_000_000

  var version: Int
  var records: [LoggedRecord]
  /// The records missing between two that the log holds: each gap's first and last sequence
  /// numbers.
  var gaps: [ClosedRange<Int>] = []

  static func parse(_ data: Data) throws(ToolError) -> FlightLog {
    guard String(decoding: data, as: UTF8.self).utf8.elementsEqual(data) else {
      throw .badLog(line: 1, "the log is not UTF-8 text")
    }
    var text = String(decoding: data, as: UTF8.self)
    // A byte-order mark, which editors and mail clients add.
    if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
    // Lines end with LF or CRLF (a Swift string counts "\r\n" as one character): split on
    // the scalars, and drop a carriage return and trailing whitespace from each line.
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line -> Substring in
        var end = line.endIndex
        while end > line.startIndex, line[line.index(before: end)].properties.isWhitespace {
          end = line.index(before: end)
        }
        return Substring(line[..<end])
      }
    guard let first = lines.first, !first.allSatisfy(\.isWhitespace) else {
      throw .badLog(line: 1, "the log is empty: a flight log starts with its header line")
    }
    let version = try header(String(first))
    var records: [LoggedRecord] = []
    var gaps: [ClosedRange<Int>] = []
    var previous: Int?
    for (offset, line) in lines.enumerated().dropFirst() {
      let number = offset + 1
      if line.allSatisfy(\.isWhitespace) {
        continue
      }
      guard records.count < maximumRecords else {
        throw .badLog(line: number, "more than \(maximumRecords) records")
      }
      let isLast = offset == lines.count - 1
      let record = try Self.record(String(line), line: number, cutOff: isLast)
      if let previous, record.sequence <= previous {
        throw .badLog(
          line: number,
          "record \(record.sequence) follows record \(previous): the lines are out of order")
      }
      if let previous, record.sequence > previous + 1 {
        gaps.append(previous + 1...record.sequence - 1)
      }
      previous = record.sequence
      records.append(record)
    }
    return FlightLog(version: version, records: records, gaps: gaps)
  }

  /// Reads the header line; its version.
  static func header(_ line: String) throws(ToolError) -> Int {
    let value: JSONValue
    do throws(ToolError) {
      value = try JSONParser.parse(Data(line.utf8))
    } catch {
      throw .badLog(line: 1, "the header is not JSON (\(error.message))")
    }
    guard case .object(let members) = value,
      members["format"] == .string("stagecraft-flight-log")
    else {
      throw .badLog(
        line: 1, "not a flight log: the header must say \"format\": \"stagecraft-flight-log\"")
    }
    guard case .integer(let version) = members["version"] ?? .null, version >= 1 else {
      throw .badLog(line: 1, "the header has no version (a positive integer)")
    }
    guard version <= readableVersion else {
      throw .badLog(
        line: 1,
        "version \(version) of the flight log is newer than this tool reads (\(readableVersion)); "
          + "update stagecraft")
    }
    return version
  }

  /// Reads one record line.
  static func record(_ line: String, line number: Int, cutOff isLast: Bool) throws(ToolError)
    -> LoggedRecord
  {
    let value: JSONValue
    do throws(ToolError) {
      value = try JSONParser.parse(Data(line.utf8))
    } catch {
      let detail = error.message
      throw .badLog(
        line: number,
        isLast
          ? "the log is cut off in the middle of a record (\(detail))"
          : "the record is not JSON (\(detail))")
    }
    do throws(ToolError) {
      return try FlightLogRecord.decode(value)
    } catch {
      throw .badLog(line: number, error.message)
    }
  }
}

/// One record of a log, as the tool reads it: `FlightRecord`'s members, with the verdict's
/// error as the text UIKit gave.
struct LoggedRecord: Equatable {
  var sequence: Int
  var entry: FlightRecord.EntryPoint
  var view: ListViewKind
  var kind: FlightRecord.Kind
  var batch: BatchUpdate?
  var viewCounts: [Int]?
  var dataCounts: [Int?]?
  var countsAfter: [Int]?
  /// `performed`, `refused`, `fellBack`, `interrupted`, `coalesced` or `pending`.
  var verdict: String
  /// A refusal's text.
  var error: String?
  /// A fallback's cause when it is not a refusal: `offScreen` or `dataSourceChanged`.
  var cause: String?
  var selection: [ElementPath]?
  var offset: Double?
  var identifiers: [[String]]?
  /// The counts the view's data source answered before the block.
  var dataSourceCounts: [Int]?
  /// The number of the app's call that made the record, and where it was made.
  var call: Int?
  var callSite: String?

  /// Whether the view refused the block, or the guard did for it.
  var wasRefused: Bool { error != nil }
}

/// Reads a record's members.
enum FlightLogRecord {
  static let verdicts: Set<String> = [
    "performed", "refused", "fellBack", "interrupted", "coalesced", "pending",
  ]

  static func decode(_ value: JSONValue) throws(ToolError) -> LoggedRecord {
    guard case .object(let members) = value else {
      throw .shape("a record is an object, found \(value.kind)")
    }
    let read = MemberReader(members: members)
    let sequence = try read.integer("seq")
    guard let entry = FlightRecord.EntryPoint(rawValue: try read.string("entry")) else {
      throw .shape("unknown entry point \(members["entry"]?.compact ?? "")")
    }
    guard let kind = FlightRecord.Kind(rawValue: try read.string("kind")) else {
      throw .shape("unknown kind \(members["kind"]?.compact ?? "")")
    }
    let verdict = try read.string("verdict")
    guard verdicts.contains(verdict) else { throw .shape("unknown verdict \"\(verdict)\"") }
    var record = LoggedRecord(
      sequence: sequence, entry: entry,
      view: try read.string("view") == "tableView" ? .tableView : .collectionView, kind: kind,
      batch: try members["batch"].map { (batch) throws(ToolError) in try BatchFile.batch(batch) },
      viewCounts: try read.known("viewCounts"), dataCounts: try read.counts("dataCounts"),
      countsAfter: try read.known("countsAfter"), verdict: verdict,
      error: try read.optionalString("error"), cause: try read.optionalString("cause"))
    if (verdict == "refused" || verdict == "fellBack") && record.error == nil
      && record.cause == nil
    {
      throw .shape("a \(verdict) verdict needs its \"error\" or \"cause\"")
    }
    if let selection = members["selection"] { record.selection = try paths(selection) }
    switch members["offset"] {
    case .number(let offset): record.offset = offset
    case .integer(let offset): record.offset = Double(offset)
    default: break
    }
    if let ids = members["ids"] { record.identifiers = try identifiers(ids) }
    record.dataSourceCounts = try read.known("dataSourceCounts")
    if members["call"] != nil { record.call = try read.integer("call") }
    record.callSite = try read.optionalString("at")
    if kind == .block, verdict != "coalesced", record.batch == nil || record.countsAfter == nil {
      throw .shape("a block record needs its \"batch\" and \"countsAfter\"")
    }
    return record
  }

  /// Reads members of the expected types.
  struct MemberReader {
    let members: [String: JSONValue]

    func integer(_ key: String) throws(ToolError) -> Int {
      guard case .integer(let number) = members[key] ?? .null else {
        throw .shape("\"\(key)\" must be an integer")
      }
      return number
    }

    func string(_ key: String) throws(ToolError) -> String {
      guard case .string(let text) = members[key] ?? .null else {
        throw .shape("\"\(key)\" must be a string")
      }
      return text
    }

    func optionalString(_ key: String) throws(ToolError) -> String? {
      guard members[key] != nil else { return nil }
      return try string(key)
    }

    func counts(_ key: String) throws(ToolError) -> [Int?]? {
      guard let value = members[key] else { return nil }
      guard case .array(let list) = value else { throw .shape("\"\(key)\" must be an array") }
      return try list.map { (element) throws(ToolError) -> Int? in
        switch element {
        case .null: return nil
        case .integer(let count) where count >= 0: return count
        default: throw .shape("\"\(key)\" holds \(element.compact) where a count was expected")
        }
      }
    }

    func known(_ key: String) throws(ToolError) -> [Int]? {
      guard let list = try counts(key) else { return nil }
      guard !list.contains(nil) else { throw .shape("\"\(key)\" holds null") }
      return list.map { $0 ?? 0 }
    }
  }

  static func paths(_ value: JSONValue) throws(ToolError) -> [ElementPath] {
    guard case .array(let list) = value else { throw .shape("\"selection\" must be an array") }
    return try list.map { (pair) throws(ToolError) -> ElementPath in
      guard case .array(let indexes) = pair, indexes.count == 2,
        case .integer(let section) = indexes[0], case .integer(let item) = indexes[1]
      else {
        throw .shape(
          "\"selection\" holds \(pair.compact) where a [section, item] pair was expected")
      }
      return ElementPath(element: item, section: section)
    }
  }

  static func identifiers(_ value: JSONValue) throws(ToolError) -> [[String]] {
    guard case .array(let sections) = value else { throw .shape("\"ids\" must be an array") }
    return try sections.map { (section) throws(ToolError) -> [String] in
      guard case .array(let items) = section else { throw .shape("\"ids\" holds \(section.kind)") }
      return try items.map { (item) throws(ToolError) -> String in
        guard case .string(let text) = item else { throw .shape("\"ids\" holds \(item.kind)") }
        return text
      }
    }
  }
}

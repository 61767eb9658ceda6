import Stagecraft

/// A flight log rebuilt on the headless model: each block's verdict replayed beside the
/// recorded one, and the first record where the view and the data disagreed.
///
/// The replay keeps what the log says the view holds: a keyframe's counts, a performed
/// block's counts after it, a reload's counts. Each block is validated as the guard and
/// `CollectionModel` validate it, against those counts. A block whose view counts differ from
/// them means the view changed outside an update; one whose data counts (what its changeset
/// started from) differ from the view's means the data did. Either is the cause a fix needs,
/// and the log names the two records it happened between.
struct FlightLogReplay {
  /// One record, with the verdict the replay gives it.
  struct Step: Equatable {
    var record: LoggedRecord
    /// `performed`, or `refused` for a block the model refuses.
    var replayed: String
    /// The model's text for a refused block.
    var replayedError: String?
    /// Whether the recorded verdict is the replayed one.
    var agrees: Bool
  }

  /// The first record where the view and the data disagreed, or the first refusal.
  struct Disagreement: Equatable {
    /// The record's sequence number.
    var record: Int
    /// The sequence number of the record before it, if any.
    var previous: Int?
    /// What happened, in a sentence.
    var cause: String
    /// UIKit's text for the block, where UIKit refuses it.
    var uikit: String?
    /// What `stagecraft explain` says of that text.
    var explanation: String?
    /// The app's call that made the record: its number and where it was made.
    var call: Int?
    var callSite: String?
  }

  var steps: [Step] = []
  var firstDisagreement: Disagreement?

  /// Whether every recorded verdict is the replayed one.
  var verdictsAgree: Bool { steps.allSatisfy(\.agrees) }

  init(_ log: FlightLog, wording: BatchUpdateError.Wording = .classic) {
    var held: [Int]?
    var previous: Int?
    let gapsBefore = Set(log.gaps.map { $0.upperBound + 1 })
    for record in log.records {
      var step = Step(record: record, replayed: record.verdict, agrees: true)
      // After missing records, what the view held is not known: the next record says.
      if gapsBefore.contains(record.sequence) { held = nil }
      switch record.kind {
      case .keyframe:
        if let held, let counts = record.viewCounts, counts != held {
          note(viewChanged: held, counts, record: record, previous: previous, error: nil)
        }
        held = record.viewCounts ?? held
      case .reload:
        held = record.countsAfter ?? held
      case .block where record.verdict == "coalesced":
        break
      case .block:
        step = replay(record, held: &held, previous: previous, wording: wording)
      }
      steps.append(step)
      previous = record.sequence
    }
  }

  /// Replays one block against what the view holds, and notes the first disagreement.
  mutating func replay(
    _ record: LoggedRecord, held: inout [Int]?, previous: Int?, wording: BatchUpdateError.Wording
  ) -> Step {
    guard let batch = record.batch, let after = record.countsAfter else {
      return Step(record: record, replayed: record.verdict, agrees: true)
    }
    // The view could not tell its counts, or showed its items in another order than the
    // data: the guard reloaded without checking the block, and so does the replay.
    if record.cause == "countsUnknown" || record.cause == "itemsOutOfOrder" {
      held = nil
      return Step(record: record, replayed: "fellBack", agrees: record.verdict == "fellBack")
    }
    // The model follows what the view reported: a view changed outside an update is
    // reloaded to it first, as the emitted test does, and the change is named below. So the
    // replayed refusal is also what the device's view refused.
    let start = record.viewCounts ?? held
    var replayedError: BatchUpdateError?
    if let start {
      do {
        try batch.validate(
          itemCountsBefore: start, itemCountsAfter: after, wording: wording, view: record.view)
      } catch {
        replayedError = error
      }
    }
    var replayed = replayedError == nil ? "performed" : "refused"
    var agrees = (replayedError == nil) == !record.wasRefused
    if let held, let shown = record.viewCounts, shown != held {
      note(viewChanged: held, shown, record: record, previous: previous, error: replayedError)
    } else if let shown = record.viewCounts, let answered = record.dataSourceCounts,
      answered != shown,
      _countsDisagree(shown: answered, data: record.dataCounts ?? [])
        || Self.dataChanged(shown: shown, data: record.dataCounts ?? []) == nil
    {
      // The guard asked the data source before the block: it answered other counts than the
      // view held, and than the data the block was computed from (where the block says).
      // The guard fell back for it, or (when the change was only in sections the block
      // deletes) let it through: the replay sees the same change either way.
      if record.verdict == "fellBack" { replayed = "fellBack" }
      agrees = record.verdict == replayed
      note(
        "the data source changed without an update between records "
          + "\(Self.between(previous, record)): the view held \(_describeCounts(shown)), the data "
          + "source answered \(_describeCounts(answered)) before record \(record.sequence), "
          + "and its changeset starts from \(_describeCounts(record.dataCounts ?? []))",
        record: record, previous: previous, error: replayedError)
    } else if record.cause == "dataSourceChanged" {
      // The data source agreed before the block and answered other counts once the block's
      // data was set: a change that only the new data shows (the guard swapped the block for
      // one valid whatever the counts, and reloaded).
      replayed = "fellBack"
      agrees = record.verdict == "fellBack"
      note(
        "the data source changed without an update between records "
          + "\(Self.between(previous, record)): once record \(record.sequence)'s data was set, it "
          + "answered other counts than the block's data, \(_describeCounts(after))",
        record: record, previous: previous, error: replayedError)
    } else if record.verdict == "pending" {
      note(
        "record \(record.sequence) was handed to the view, which never returned: the app "
          + "stopped in this block (UIKit raised)", record: record, previous: previous,
        error: replayedError)
    } else if let shown = record.viewCounts, let data = record.dataCounts,
      let cause = Self.dataChanged(shown: shown, data: data)
    {
      note(
        "the data changed outside an update between records \(Self.between(previous, record)): "
          + cause, record: record, previous: previous, error: replayedError)
    } else if let error = replayedError {
      note(
        "record \(record.sequence) is a batch UIKit refuses, though the view and the data agreed "
          + "before it: the batch itself is wrong", record: record, previous: previous,
        error: error)
    }
    if record.verdict == "performed" { held = after }
    return Step(
      record: record, replayed: replayed, replayedError: replayedError?.description,
      agrees: agrees)
  }

  /// Notes that the view changed outside an update.
  mutating func note(
    viewChanged held: [Int], _ shown: [Int], record: LoggedRecord, previous: Int?,
    error: BatchUpdateError?
  ) {
    note(
      "the view changed outside an update between records \(Self.between(previous, record)): "
        + "after record \(previous.map(String.init) ?? "?") it held \(_describeCounts(held)), and "
        + "before record \(record.sequence) it reported \(_describeCounts(shown))",
      record: record, previous: previous, error: error)
  }

  /// Keeps the first disagreement.
  mutating func note(
    _ cause: String, record: LoggedRecord, previous: Int?, error: BatchUpdateError?
  ) {
    guard firstDisagreement == nil else { return }
    firstDisagreement = Disagreement(
      record: record.sequence, previous: previous, cause: cause,
      uikit: error?.description ?? record.error, explanation: error?.explanation.description,
      call: record.call, callSite: record.callSite)
  }

  /// The first section where the view's count and the data's differ, in words; nil when
  /// they agree wherever the data says.
  static func dataChanged(shown: [Int], data: [Int?]) -> String? {
    if shown.count != data.count {
      return "the view held \(shown.count) sections, the next changeset starts from \(data.count)"
    }
    for (section, count) in data.enumerated() {
      if let count, count != shown[section] {
        return "the view held \(items(shown[section])) in section \(section), the next changeset "
          + "starts from \(count)"
      }
    }
    return nil
  }

  static func between(_ previous: Int?, _ record: LoggedRecord) -> String {
    "\(previous.map(String.init) ?? "the start") and \(record.sequence)"
  }

  static func items(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }
}

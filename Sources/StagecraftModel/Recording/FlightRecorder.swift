import StagecraftDiff
import StagecraftReplay

/// A flight recorder for list updates: a bounded log of every update that passes through
/// Stagecraft's entry points, to attach to a crash or fallback report and replay with
/// `stagecraft replay`.
///
/// Turn it on by giving it to the guard every replay onto a view uses
/// (`UpdateGuard.standard.recorder = recorder`, at launch), or to one guard; from then on the
/// coordinator, the pipeline, the diffable data sources and the views' `reload(using:)` record
/// each block, its verdict and the counts on both sides of it. `onIncident` gets the log
/// when the guard refuses a block or falls back, and when a view refuses one:
///
/// ```swift
/// import Stagecraft
///
/// let recorder = FlightRecorder(onIncident: { incident in
///   // Hand incident.log to your crash reporter.
///   _ = incident.log
/// })
///
/// @MainActor func update() {
///   var items = ["a", "b"]
///   let view = HeadlessCollectionView(CollectionModel(items: items), items: { items })
///   // Changed outside an update: the view still holds 2 items.
///   items.append("c")
///   view.reload(
///     using: StagedChangeset(source: items, target: ["c", "a"]),
///     guard: UpdateGuard(recorder: recorder), setData: { items = $0 })
/// }
/// await update()
/// print(recorder.records.map(\.kind.rawValue))  // prints ["block", "reload", "keyframe"]
/// let first = recorder.records[0]
/// print(first.viewCounts ?? [], first.dataCounts ?? [])  // prints [2] [Optional(3)]
/// ```
///
/// **Bounded.** The log is a ring of at most `Configuration.byteBudget` bytes of JSON lines
/// (256 KiB by default). A block's record is sized by its calls and its sections, not by the
/// list. The identifiers are kept only in keyframes, written at the end of an update once
/// the records since the last keyframe fill a quarter of the budget; the ring drops whole
/// segments, oldest first, so a log that wrapped still starts at a keyframe. Identifiers are
/// stable hashes (64-bit FNV-1a of their description), so no app data leaves the device,
/// unless `recordsIdentifierDescriptions` is set.
///
/// The recorder is `Sendable`: it takes a lock around each record.
public final class FlightRecorder: Sendable {
  /// How much the recorder keeps, and how.
  public struct Configuration: Hashable, Sendable {
    /// The most bytes of JSON lines the ring keeps; 256 KiB by default.
    public var byteBudget: Int
    /// The most identifiers a keyframe lists; a longer list, or one that would take more than
    /// a quarter of the budget, is recorded by its counts only. 2,000 by default.
    public var keyframeIdentifierLimit: Int
    /// Whether keyframes keep the identifiers' descriptions instead of their hashes; `false`
    /// by default, so that no app data leaves the device.
    public var recordsIdentifierDescriptions: Bool

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - byteBudget: The most bytes the ring keeps.
    ///   - keyframeIdentifierLimit: The most identifiers a keyframe lists.
    ///   - recordsIdentifierDescriptions: Whether keyframes keep descriptions.
    /// - Complexity: O(1).
    public init(
      byteBudget: Int = 256 * 1024, keyframeIdentifierLimit: Int = 2_000,
      recordsIdentifierDescriptions: Bool = false
    ) {
      self.byteBudget = max(byteBudget, 1_024)
      self.keyframeIdentifierLimit = max(keyframeIdentifierLimit, 0)
      self.recordsIdentifierDescriptions = recordsIdentifierDescriptions
    }
  }

  /// A record that went wrong, and the log up to it.
  public struct Incident: Sendable {
    /// The refused block, or the fallback.
    public var record: FlightRecord
    /// The exported log (`export()`), the record included.
    public var log: String
  }

  /// The version of the log's format, in its header line.
  public static let formatVersion = 1

  /// What the recorder keeps.
  public let configuration: Configuration

  /// Called, on the thread that recorded it, with each incident: a block the guard refused,
  /// a fallback, or a block the view refused.
  public let onIncident: (@Sendable (Incident) -> Void)?

  let _state: _Locked<_RecorderState>

  /// Creates a recorder.
  ///
  /// - Parameters:
  ///   - configuration: What it keeps.
  ///   - onIncident: Called with each incident and the log.
  /// - Complexity: O(1).
  public init(
    configuration: Configuration = Configuration(),
    onIncident: (@Sendable (Incident) -> Void)? = nil
  ) {
    self.configuration = configuration
    self.onIncident = onIncident
    self._state = _Locked(_RecorderState())
  }

  /// The records the ring holds, oldest first.
  ///
  /// - Complexity: O(r) for r records.
  public var records: [FlightRecord] {
    _state.withLock { state in state.segments.flatMap(\.records) }
  }

  /// The bytes of JSON lines the ring holds, the header excluded.
  ///
  /// - Complexity: O(1).
  public var byteCount: Int { _state.withLock { $0.bytes } }

  /// The log as text: a header line, then one JSON line per record, oldest first.
  ///
  /// The header says the format and its version:
  /// `{"format":"stagecraft-flight-log","version":1,"byteBudget":…}`.
  ///
  /// - Returns: The log.
  /// - Complexity: O(b), where b is `byteCount`.
  public func export() -> String {
    let lines = _state.withLock { state in state.segments.flatMap { $0.records.map(\.json) } }
    return ([header] + lines).joined(separator: "\n") + "\n"
  }

  /// Forgets every record; the sequence numbers go on.
  ///
  /// - Complexity: O(1).
  public func clear() {
    _state.withLock { state in
      state.segments = []
      state.bytes = 0
    }
  }

  /// The header line of the log.
  var header: String {
    _jsonObject([
      ("format", _jsonString("stagecraft-flight-log")), ("version", "\(Self.formatVersion)"),
      ("byteBudget", "\(configuration.byteBudget)"),
      (
        "identifiers",
        _jsonString(configuration.recordsIdentifierDescriptions ? "descriptions" : "fnv1a64")
      ),
    ])
  }
}

extension FlightRecorder {
  /// Appends the record `make` builds with the next sequence number; reports it as an
  /// incident when it went wrong.
  /// Appends `record` with the next sequence number.
  ///
  /// - Returns: Whether the end of the update should write a keyframe (as
  ///   `_keyframeIsDue`), read under the same lock.
  @usableFromInline
  func _append(_ record: consuming FlightRecord) -> Bool {
    var record = record
    var due = false
    let quarter = configuration.byteBudget / 4
    _record { sequence in
      record.sequence = sequence
      return record
    } after: { state in
      due = state.keyframeIsDue(quarter: quarter)
    }
    return due
  }

  @usableFromInline
  package func _record(
    _ make: (Int) -> FlightRecord, after: (borrowing _RecorderState) -> Void = { _ in }
  ) {
    let budget = configuration.byteBudget
    let incident = _state.withLock { state -> FlightRecord? in
      state.sequence += 1
      let record = make(state.sequence)
      let size = record._jsonByteCount + 1
      // Only an incident's record is kept beside the ring's copy.
      let incident = record.isIncident ? record : nil
      state.append(consume record, bytes: size, budget: budget)
      after(state)
      return incident
    }
    if let onIncident, let incident {
      onIncident(Incident(record: incident, log: export()))
    }
  }

  /// Whether the records since the last keyframe fill a quarter of the budget, or there is
  /// no keyframe yet: the end of the update should write one.
  @usableFromInline
  package var _keyframeIsDue: Bool {
    let quarter = configuration.byteBudget / 4
    return _state.withLock { $0.keyframeIsDue(quarter: quarter) }
  }

  /// Writes a keyframe of what the view holds after an update: its counts, and the
  /// identifiers of `data` when they are few enough.
  @usableFromInline
  package func _keyframe<C: Collection>(
    entry: FlightRecord.EntryPoint, view: ListViewKind, counts: [Int]?, data: C
  ) {
    // A keyframe takes at most a quarter of the budget: a hash is 16 digits, quoted and
    // followed by a comma (descriptions are checked once written).
    let fitting = configuration.byteBudget / 4 / 19
    var identifiers = _recordedIdentifiers(
      data, limit: min(configuration.keyframeIdentifierLimit, fitting),
      descriptions: configuration.recordsIdentifierDescriptions)
    if configuration.recordsIdentifierDescriptions, let written = identifiers,
      written.joined().reduce(0, { $0 + $1.utf8.count + 3 }) > configuration.byteBudget / 4
    {
      identifiers = nil
    }
    _record {
      FlightRecord(
        sequence: $0, entry: entry, view: view, kind: .keyframe, viewCounts: counts,
        countsAfter: counts, identifiers: identifiers)
    }
  }
}

extension FlightRecord {
  /// Whether the record went wrong: refused, or fallen back.
  var isIncident: Bool {
    switch verdict {
    case .refused, .fellBack: true
    case .performed, .interrupted, .coalesced: false
    }
  }
}

/// The ring: segments, each a keyframe and the records after it (the first may start
/// without one).
@usableFromInline
package struct _RecorderState {
  struct Segment {
    var records: [FlightRecord] = []
    var sizes: [Int] = []
    var bytes = 0
    var startsWithKeyframe: Bool { records.first?.kind == .keyframe }
  }

  var segments: [Segment] = []
  var bytes = 0
  var sequence = 0

  /// Whether the records since the last keyframe fill `quarter` bytes, or there is no
  /// keyframe yet.
  func keyframeIsDue(quarter: Int) -> Bool {
    guard let last = segments.last else { return true }
    return !last.startsWithKeyframe || last.bytes >= quarter
  }

  /// Appends `record`; a keyframe starts a segment. Drops the oldest segments while the ring
  /// is over `budget`, and, when one segment alone is, its oldest records.
  mutating func append(_ record: consuming FlightRecord, bytes size: Int, budget: Int) {
    if record.kind == .keyframe || segments.isEmpty { segments.append(Segment()) }
    let last = segments.count - 1
    segments[last].sizes.append(size)
    segments[last].bytes += size
    segments[last].records.append(record)
    bytes += size
    while bytes > budget, segments.count > 1 {
      bytes -= segments.removeFirst().bytes
    }
    if bytes > budget, var only = segments.first {
      var dropped = 0
      while bytes > budget, dropped < only.records.count - 1 {
        bytes -= only.sizes[dropped]
        only.bytes -= only.sizes[dropped]
        dropped += 1
      }
      only.records.removeFirst(dropped)
      only.sizes.removeFirst(dropped)
      segments[0] = only
    }
  }
}

import StagecraftDiff
import StagecraftModel
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
/// print(recorder.records.map(\.kind.rawValue))  // prints ["keyframe", "block", "reload"]
/// let block = recorder.records[1]
/// print(block.viewCounts ?? [], block.dataCounts ?? [])  // prints [2] [Optional(3)]
/// print(block.dataSourceCounts ?? [])  // prints [3]
/// ```
///
/// **What the app did.** Each record carries the call that made it: `call`, the number of the
/// app's call to an entry point (those that changed nothing counted too), and `callSite`, the
/// `#fileID` and `#line` of that `apply`, `update` or `reload(using:)`. A block is written
/// before the view sees it, marked in flight (`pending`) until the view returns: a log
/// exported from an uncaught-exception handler (`NSSetUncaughtExceptionHandler`, where UIKit's
/// `NSInternalInconsistencyException` lands) ends with the block that raised. The handler
/// writes `recorder.export()` to a file; the next launch sends it. The first update writes a
/// keyframe of the view's counts before its first block, so that every log starts at one.
///
/// **Bounded.** The log is a ring of at most `Configuration.byteBudget` bytes of JSON lines (256
/// KiB by default), beyond its newest keyframe and what follows it. A block's record is sized by
/// its calls and its sections, not by the list. The identifiers are kept only in keyframes, written
/// at the end of an update once the records since the last keyframe fill a quarter of the budget;
/// the ring drops whole segments, oldest first, so a log that wrapped still starts at a keyframe.
/// Identifiers are stable hashes (64-bit FNV-1a of their description), so no app data leaves the
/// device, unless `recordsIdentifierDescriptions` is set.
///
/// **Cheap.** A block is encoded as integers straight into the ring, with no record value and
/// no allocation of its own, and its line is written only by `export()`; in memory a record
/// takes about as many bytes as its line, and the ring's storage at most twice its budget
/// before it compacts. The recorder is `Sendable`: it takes a lock around each record.
public final class FlightRecorder: Sendable {
  /// How much the recorder keeps, and how.
  public struct Configuration: Hashable, Sendable {
    /// The most bytes of JSON lines the ring keeps, beyond its newest keyframe and what
    /// follows it; 256 KiB by default.
    ///
    /// No budget is too small: the ring drops the oldest records while it is over, but never
    /// its newest keyframe nor a record after it, so that the log always starts at a keyframe
    /// and holds the last block (what `onIncident` gets holds the incident's block). A budget
    /// smaller than one update's records lets the ring hold that update until the next
    /// keyframe, written at the update's end, lets the older ones go.
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
      self.byteBudget = byteBudget
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
    _state.withLock { state in state.records }
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
    let lines = _state.withLock { state in state.lines }
    return ([header] + lines).joined(separator: "\n") + "\n"
  }

  /// Forgets every record; the sequence numbers go on.
  ///
  /// - Complexity: O(1).
  public func clear() {
    _state.withLock { state in state.removeAll() }
  }

  /// The header line of the log.
  var header: String {
    var text = _JSONText()
    text.raw("{")
    text.member("format", first: true)
    text.string("stagecraft-flight-log")
    text.member("version")
    text.integer(Self.formatVersion)
    text.member("byteBudget")
    text.integer(configuration.byteBudget)
    text.member("identifiers")
    text.string(configuration.recordsIdentifierDescriptions ? "descriptions" : "fnv1a64")
    text.raw("}")
    return text.text
  }
}

extension FlightRecorder {
  /// Records a block: `fields` (with the next sequence number) and the lists, encoded
  /// straight into the ring, so that recording a block builds no record value. Reports it as
  /// an incident when it went wrong.
  ///
  /// Under the same lock it opens the app's call when `fields.site` has no number yet
  /// (`_RecorderState.open`), and, with `inFlight`, marks the block as the one the view is
  /// being handed: until `_endUpdate()` or the next record, the log shows it `pending`.
  ///
  /// - Returns: The record's sequence number and the call's number.
  /// - Complexity: O(c + s + k) for c calls, s sections and k selected items.
  func _recordBlock(
    _ fields: _RecordCoding.Fields, error: BatchUpdateError?, batch: BatchUpdate,
    viewCounts: [Int]?, dataSourceCounts: [Int]?, storedDataCounts: [Int]?, countsAfter: [Int],
    selection: [ElementPath]?, inFlight: Bool
  ) -> _RecordedBlock {
    // No closure: one would copy the batch it captures.
    _state.lock()
    var fields = fields
    _state.value.open(&fields.site, entry: fields.entry, view: fields.view, counts: viewCounts)
    fields.call = fields.site?.call
    let start = _state.value.begin()
    let sequence = _state.value.sequence
    let payload = _RecordCoding.encode(
      fields, sequence: sequence, error: error, batch: batch, viewCounts: viewCounts,
      dataSourceCounts: dataSourceCounts,
      dataCounts: storedDataCounts, countsAfter: countsAfter, selection: selection,
      into: &_state.value.codes)
    let incident = _state.value.finish(
      start: start, payload: payload, budget: configuration.byteBudget
    ).incident
    _state.value.inFlight = inFlight ? sequence : 0
    _state.unlock()
    _report(incident)
    return _RecordedBlock(sequence: sequence, call: fields.site?.call ?? 0)
  }

  /// Ends an update: opens the app's call if nothing recorded it (an update that changed
  /// nothing is counted too), and clears the block in flight: the view returned.
  ///
  /// - Returns: The call's number, and whether a keyframe is due.
  /// - Complexity: O(1).
  @usableFromInline
  package func _endUpdate(_ site: _CallSite?) -> (site: _CallSite?, keyframeDue: Bool) {
    let quarter = configuration.byteBudget / 4
    return _state.withLock { state in
      var site = site
      if site?.call == 0 {
        state.calls += 1
        site?.call = state.calls
      }
      state.inFlight = 0
      return (site, state.keyframeIsDue(quarter: quarter))
    }
  }

  /// Sets the verdict of record `sequence`, recorded in flight, when the view refused its
  /// block; nothing when the ring no longer holds it. Reports it as an incident.
  ///
  /// - Complexity: O(1), and O(r) for the record r it reports.
  func _amend(_ sequence: Int, code: Int, error: BatchUpdateError?) {
    _state.lock()
    let incident = _state.value.amend(
      sequence, code: code, error: error, budget: configuration.byteBudget
    ).incident
    _state.unlock()
    _report(incident)
  }

  /// Appends the record `make` builds with the next sequence number; reports it as an
  /// incident when it went wrong.
  ///
  /// - Complexity: O(c + s + k + i), as `FlightRecord.json`.
  @usableFromInline
  @discardableResult
  package func _record(
    site: _CallSite? = nil, opening: _Opening? = nil, _ make: (Int) -> FlightRecord
  ) -> _CallSite? {
    let budget = configuration.byteBudget
    var site = site
    let incident = _state.withLock { state in
      if let opening {
        state.open(&site, entry: opening.entry, view: opening.view, counts: opening.counts)
      }
      let start = state.begin()
      let payload = _RecordCoding.encode(make(state.sequence), site: site, into: &state.codes)
      return state.finish(start: start, payload: payload, budget: budget).incident
    }
    _report(incident)
    return site
  }

  /// Hands `incident`, if any, and the log to `onIncident`.
  func _report(_ incident: FlightRecord?) {
    if let onIncident, let incident {
      onIncident(Incident(record: incident, log: export()))
    }
  }

  /// The integers and record starts the ring's storage holds, the dropped ones not yet
  /// compacted included: what a test bounds.
  package var _storageCount: Int { _state.withLock { $0.codes.count + $0.starts.count } }

  /// Writes a keyframe of what the view holds after an update: its counts, and the
  /// identifiers of `data` when they are few enough.
  @usableFromInline
  package func _keyframe<C: Collection>(
    entry: FlightRecord.EntryPoint, view: ListViewKind, counts: [Int]?, data: C,
    site: _CallSite? = nil
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
    _record(site: site) {
      FlightRecord(
        sequence: $0, entry: entry, view: view, kind: .keyframe, viewCounts: counts,
        countsAfter: counts, identifiers: identifiers)
    }
  }

  /// Writes a keyframe of the counts alone, without identifiers: what the view holds before
  /// an update, when the ring has no keyframe to start from.
  @usableFromInline
  package func _keyframe(
    entry: FlightRecord.EntryPoint, view: ListViewKind, counts: [Int]?, site: _CallSite?
  ) {
    _record(site: site) {
      FlightRecord(
        sequence: $0, entry: entry, view: view, kind: .keyframe, viewCounts: counts,
        countsAfter: counts)
    }
  }
}

/// A block's record: its sequence number, and the number of the app's call that made it. A
/// struct, not a tuple, so that the guard's unspecialized code looks up no metadata for it.
@usableFromInline
package struct _RecordedBlock {
  @usableFromInline let sequence: Int
  @usableFromInline let call: Int
}

/// What opens the app's call when a record is its first (`_RecorderState.open`): where the
/// update entered, the view, and the counts it showed before the call.
@usableFromInline
package struct _Opening {
  @usableFromInline let entry: FlightRecord.EntryPoint
  @usableFromInline let view: ListViewKind
  @usableFromInline let counts: [Int]?

  @inlinable
  package init(entry: FlightRecord.EntryPoint, view: ListViewKind, counts: [Int]?) {
    self.entry = entry
    self.view = view
    self.counts = counts
  }
}

/// The ring: the records, oldest first, encoded as integers (`_RecordCoding`) in one array
/// whose dropped front is compacted once it is half the storage, so that appending and
/// dropping are O(1) amortized and allocate nothing. A keyframe starts a segment; the ring
/// drops whole segments, oldest first, while it is over its budget and a later keyframe
/// remains, and then, when one segment alone is over, its oldest records.
@usableFromInline
package struct _RecorderState {
  /// The records' integers; those before `starts[first]` are dropped.
  var codes: [Int] = []
  /// Where each record starts in `codes`; those before `first` are dropped.
  var starts: [Int] = []
  /// Each record's bytes (its line and the newline), beside `starts`.
  var sizes: [Int] = []
  var first = 0
  /// The indices in `starts` of the keyframes the ring holds, oldest first, from
  /// `firstKeyframe`.
  var keyframes: [Int] = []
  var firstKeyframe = 0
  /// What the records hold that is not a number, by sequence number.
  var payloads: [Int: _RecordCoding.Payload] = [:]
  /// The bytes the ring holds.
  var bytes = 0
  /// The bytes from the last keyframe on, that keyframe included.
  var bytesSinceKeyframe = 0
  var sequence = 0
  /// The app's calls to the entry points so far.
  var calls = 0
  /// The escaped length of the last call site's file name, as `_JSONLength` counted it.
  var lastEscaped: (address: UInt, count: Int, length: Int) = (0, 0, 0)
  /// The sequence number of the block the view is being handed (0 for none): written as
  /// performed, and shown as `pending` until the view returns.
  var inFlight = 0

  /// Whether the ring holds no keyframe.
  var hasNoKeyframe: Bool { firstKeyframe == keyframes.count }

  /// Opens the app's call when `site` has no number yet: counts it, and, when the ring holds
  /// no keyframe, writes one of `counts` (what the view shows before the call) to start from.
  mutating func open(
    _ site: inout _CallSite?, entry: FlightRecord.EntryPoint, view: ListViewKind,
    counts: [Int]?
  ) {
    guard site?.call == 0 else { return }
    calls += 1
    site?.call = calls
    guard hasNoKeyframe else { return }
    let start = begin()
    let payload = _RecordCoding.encode(
      FlightRecord(
        sequence: sequence, entry: entry, view: view, kind: .keyframe, viewCounts: counts,
        countsAfter: counts),
      site: site, into: &codes)
    _ = finish(start: start, payload: payload, budget: .max)
  }

  /// The records the ring holds, oldest first.
  var records: [FlightRecord] {
    starts[first...].map(record(at:))
  }

  /// Whether the records since the last keyframe fill `quarter` bytes, or there is no
  /// keyframe yet.
  func keyframeIsDue(quarter: Int) -> Bool {
    firstKeyframe == keyframes.count || bytesSinceKeyframe >= quarter
  }

  /// Starts a record with the next sequence number, which the caller then encodes into
  /// `codes` (`_RecordCoding.encode`) and ends with `finish`.
  ///
  /// - Returns: Where the record starts in `codes`.
  mutating func begin() -> Int {
    compact()
    sequence += 1
    return codes.count
  }

  /// Ends the record that starts at `start`: keeps its payload and its size (its line, as
  /// `_RecordCoding.writeJSON` writes it, and the newline). Drops the oldest segments while
  /// the ring is over `budget` and holds a later keyframe, and then, when one segment alone
  /// is over, its oldest records (the newest is always kept).
  ///
  /// - Returns: The record when it is an incident (refused, or fallen back), to hand to
  ///   `onIncident`; and whether the end of the update should write a keyframe.
  mutating func finish(
    start: Int, payload: _RecordCoding.Payload?, budget: Int
  ) -> (incident: FlightRecord?, keyframeDue: Bool) {
    if let payload { payloads[sequence] = payload }
    var length = _JSONLength()
    length.lastEscaped = lastEscaped
    _RecordCoding.writeJSON(codes, at: start, payload: payload, to: &length)
    lastEscaped = length.lastEscaped
    let size = length.count + 1
    let header = codes[start + 1]
    if _RecordCoding.kind(ofHeader: header) == .keyframe {
      keyframes.append(starts.count)
      bytesSinceKeyframe = 0
    }
    starts.append(start)
    sizes.append(size)
    bytes += size
    bytesSinceKeyframe += size
    // Only an incident's record is read back.
    let incident =
      _RecordCoding.isIncident(_RecordCoding.verdictCode(ofHeader: header))
      ? record(at: start) : nil
    trim(budget: budget)
    return (incident, keyframeIsDue(quarter: budget / 4))
  }

  /// While the ring is over `budget`: drops its oldest segment when a later keyframe
  /// starts the next one, and its oldest record when it holds no keyframe at all; never the
  /// newest keyframe nor what follows it, nor the newest record.
  mutating func trim(budget: Int) {
    while bytes > budget, starts.count - first > 1 {
      // The next segment's start, after the oldest record.
      guard let next = keyframes[firstKeyframe...].first(where: { $0 > first }) else {
        // One segment left: it starts at the newest keyframe (kept), or the ring holds none.
        if firstKeyframe < keyframes.count { return }
        drop(upTo: first + 1)
        continue
      }
      drop(upTo: next)
    }
  }

  /// Sets the verdict of the record `sequence` (written in flight), if the ring
  /// holds it: its header's verdict, the error aside, and its size.
  ///
  /// - Returns: The record when it is now an incident; whether a keyframe is due.
  mutating func amend(
    _ sequence: Int, code: Int, error: BatchUpdateError?, budget: Int
  ) -> (incident: FlightRecord?, keyframeDue: Bool) {
    let index = starts.count - 1 - (self.sequence - sequence)
    guard index >= first, index < starts.count else {
      return (nil, keyframeIsDue(quarter: budget / 4))
    }
    let start = starts[index]
    let header = codes[start + 1]
    let oldCode = _RecordCoding.verdictCode(ofHeader: header)
    let change =
      _RecordCoding.verdictLength(code, error: error)
      - _RecordCoding.verdictLength(
        oldCode, error: header & _RecordCoding.hasPayload != 0 ? payloads[sequence]?.error : nil)
    var updated = header & ~_RecordCoding.verdictBits | code << 6
    if let error {
      payloads[sequence, default: _RecordCoding.Payload()].error = error
      updated |= _RecordCoding.hasPayload
    }
    codes[start + 1] = updated
    if inFlight == sequence { inFlight = 0 }
    sizes[index] += change
    bytes += change
    if keyframes.last.map({ $0 <= index }) ?? true { bytesSinceKeyframe += change }
    let incident = _RecordCoding.isIncident(code) ? record(at: start) : nil
    trim(budget: budget)
    return (incident, keyframeIsDue(quarter: budget / 4))
  }

  /// The records' lines, oldest first.
  var lines: [String] {
    starts[first...].map { start in
      var text = _JSONText()
      _RecordCoding.writeJSON(
        codes, at: start, payload: payloads[codes[start]], to: &text,
        pending: codes[start] == inFlight)
      return text.text
    }
  }

  /// The record that starts at `start` in `codes`.
  func record(at start: Int) -> FlightRecord {
    var record = _RecordCoding.decode(codes, at: start, payload: payloads[codes[start]])
    if record.sequence == inFlight, record.verdict == .performed { record.verdict = .pending }
    return record
  }

  /// Drops the records before `end`.
  mutating func drop(upTo end: Int) {
    while first < end {
      bytes -= sizes[first]
      // Most rings hold no payload: the record's cold header is then not read.
      if !payloads.isEmpty, codes[starts[first] + 1] & _RecordCoding.hasPayload != 0 {
        payloads[codes[starts[first]]] = nil
      }
      first += 1
    }
    while firstKeyframe < keyframes.count, keyframes[firstKeyframe] < first {
      firstKeyframe += 1
    }
  }

  /// Forgets the dropped records once they are half the storage.
  mutating func compact() {
    guard first > 0, first * 2 >= starts.count else { return }
    let dropped = starts[first]
    codes.removeFirst(dropped)
    starts.removeFirst(first)
    for index in starts.indices { starts[index] -= dropped }
    sizes.removeFirst(first)
    keyframes.removeFirst(firstKeyframe)
    for index in keyframes.indices { keyframes[index] -= first }
    firstKeyframe = 0
    first = 0
  }

  /// Forgets every record; the sequence numbers go on.
  mutating func removeAll() {
    self = _RecorderState(sequence: sequence, calls: calls)
  }

  init(sequence: Int = 0, calls: Int = 0) {
    self.sequence = sequence
    self.calls = calls
  }
}

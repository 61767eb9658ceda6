import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// One entry of a `FlightRecorder`'s log: a block that reached a view, a reload, or a keyframe
/// of what the view held.
///
/// A record holds positions and counts, never the app's data: the calls of the block, the
/// item counts the view reported before it, the counts the block's data was computed from,
/// the counts after it, the verdict, the selection, and the scroll offset where the view has
/// a geometry. Keyframes add the identifiers, as stable hashes (or, when the app opts in,
/// their descriptions).
public struct FlightRecord: Sendable {
  /// Where an update entered Stagecraft.
  public enum EntryPoint: String, Hashable, Sendable, CaseIterable {
    /// A view's `reload(using:…)`.
    case reload
    /// A diffable data source's apply.
    case dataSource
    /// `UpdatePipeline`.
    case pipeline
    /// `CollectionCoordinator` (through its pipeline).
    case coordinator
    /// A recording view: batch updates the app made itself (`BatchUpdateRecording`).
    case recordingView
  }

  /// What a record is.
  public enum Kind: String, Hashable, Sendable {
    /// A snapshot of what the view holds, from which a replay can start.
    case keyframe
    /// One `performBatchUpdates` block.
    case block
    /// A `reloadData()`.
    case reload
  }

  /// What became of a block or a reload.
  public enum Verdict: Hashable, Sendable {
    /// It reached the view, which took it.
    case performed
    /// The view (or `CollectionModel`, or a recording view's check) refused it, with UIKit's
    /// error.
    case refused(BatchUpdateError)
    /// The guard kept it from the view and reloaded instead: UIKit would have refused it, or
    /// the view was off screen.
    case fellBack(BatchUpdateFallback.Cause)
    /// The replay's interrupt reloaded instead of applying the rest.
    case interrupted
    /// A newer update replaced it before it reached the view (latest wins).
    case coalesced
    /// The block was handed to the view, which had not returned when the log was read: the
    /// record is written before the view sees the block and marked in flight until it
    /// returns, so a log read while the view raises (from an uncaught-exception handler) ends
    /// with the block that raised, as `pending`.
    case pending
  }

  /// Where in the app's code an update was asked for: the `#fileID` and `#line` of the call
  /// to the entry point (`apply`, `update`, `reload(using:)`).
  public struct CallSite: Hashable, Sendable, CustomStringConvertible {
    /// The file, as `#fileID` names it: `Module/File.swift`.
    public var fileID: String
    /// The line of the call.
    public var line: Int

    /// Creates a call site.
    ///
    /// - Parameters:
    ///   - fileID: The file, as `#fileID` names it.
    ///   - line: The line.
    /// - Complexity: O(1).
    public init(fileID: String, line: Int) {
      self.fileID = fileID
      self.line = line
    }

    /// `File.swift:52`, with the module: `Inbox/InboxScreen.swift:52`.
    ///
    /// - Complexity: O(f) for the file's name.
    public var description: String { "\(fileID):\(line)" }
  }

  /// The record's position in the log: one more than the previous record's.
  public var sequence: Int
  /// Where the update entered.
  public var entry: EntryPoint
  /// The view the update was for.
  public var view: ListViewKind
  /// What the record is.
  public var kind: Kind
  /// What became of it.
  public var verdict: Verdict
  /// The scroll offset before the block, where the view has a geometry.
  public var contentOffset: Double?
  /// Where the app asked for the update that made the record; nil when the entry point was
  /// not told (a recording view, whose blocks UIKit hands it).
  public var callSite: CallSite?
  /// The number of the app's update call that made the record, counting every call to a
  /// recorded entry point, those that changed nothing (and so left no record) included: the
  /// app's ninth `apply` is call 9. Nil when not counted.
  public var call: Int?

  /// The lists, in one box: copying a record (out of `records`, into an incident) retains
  /// one object, not each list. The box is copied before a change when it is shared.
  @usableFromInline var _lists: _FlightRecordLists

  /// The block's calls; nil for a reload or a keyframe.
  ///
  /// - Complexity: O(1); a change copies the record's lists when they are shared.
  public var batch: BatchUpdate? {
    get { _lists.batch }
    set { _uniqueLists().batch = newValue }
  }

  /// The item count of each section the view reported before the block (or, for a keyframe,
  /// holds); nil when the view does not report them.
  ///
  /// - Complexity: O(1); a change copies the record's lists when they are shared.
  public var viewCounts: [Int]? {
    get { _lists.viewCounts }
    set { _uniqueLists().viewCounts = newValue }
  }

  /// The item count of each section that the view's data source answered before the block,
  /// read from the data source itself (`BatchUpdateTarget.dataSourceItemCounts`); nil when the
  /// view cannot ask it.
  ///
  /// - Complexity: O(1); a change copies the record's lists when they are shared.
  public var dataSourceCounts: [Int]? {
    get { _lists.dataSourceCounts }
    set { _uniqueLists().dataSourceCounts = newValue }
  }

  /// The item count of each section that the block's data was computed from, as the
  /// changeset's source accounts for it; nil for a section it says nothing about.
  ///
  /// - Complexity: O(1); a change copies the record's lists when they are shared.
  public var dataCounts: [Int?]? {
    get { _lists.dataCounts.map { $0.map { $0 < 0 ? nil : $0 } } }
    set { _uniqueLists().dataCounts = newValue.map { $0.map { $0 ?? -1 } } }
  }

  /// The item count of each section after the block (or the reload).
  ///
  /// - Complexity: O(1); a change copies the record's lists when they are shared.
  public var countsAfter: [Int]? {
    get { _lists.countsAfter }
    set { _uniqueLists().countsAfter = newValue }
  }

  /// The selected items before the block, where the view reports them.
  ///
  /// - Complexity: O(1); a change copies the record's lists when they are shared.
  public var selection: [ElementPath]? {
    get { _lists.selection }
    set { _uniqueLists().selection = newValue }
  }

  /// A keyframe's identifiers, per section: stable hashes, or descriptions when the
  /// recorder was told to keep them; nil when the list was longer than the recorder keeps.
  ///
  /// - Complexity: O(1); a change copies the record's lists when they are shared.
  public var identifiers: [[String]]? {
    get { _lists.identifiers }
    set { _uniqueLists().identifiers = newValue }
  }

  /// The lists, copied first when another record shares them.
  mutating func _uniqueLists() -> _FlightRecordLists {
    if !isKnownUniquelyReferenced(&_lists) { _lists = _lists.copy() }
    return _lists
  }

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - sequence: Its position in the log.
  ///   - entry: Where the update entered.
  ///   - view: The view the update was for.
  ///   - kind: What the record is.
  ///   - batch: The block's calls.
  ///   - viewCounts: The counts the view reported before.
  ///   - dataCounts: The counts the block's data was computed from.
  ///   - countsAfter: The counts after.
  ///   - verdict: What became of it.
  ///   - selection: The selected items before.
  ///   - contentOffset: The scroll offset before.
  ///   - identifiers: A keyframe's identifiers.
  ///   - callSite: Where the app asked for the update.
  ///   - call: The number of the app's update call.
  ///   - dataSourceCounts: The counts the view's data source answered before the block.
  /// - Complexity: O(1).
  public init(
    sequence: Int, entry: EntryPoint, view: ListViewKind = .collectionView, kind: Kind,
    batch: BatchUpdate? = nil, viewCounts: [Int]? = nil, dataCounts: [Int?]? = nil,
    countsAfter: [Int]? = nil, verdict: Verdict = .performed, selection: [ElementPath]? = nil,
    contentOffset: Double? = nil, identifiers: [[String]]? = nil, callSite: CallSite? = nil,
    call: Int? = nil, dataSourceCounts: [Int]? = nil
  ) {
    self.sequence = sequence
    self.entry = entry
    self.view = view
    self.kind = kind
    self.verdict = verdict
    self.contentOffset = contentOffset
    self.callSite = callSite
    self.call = call
    self._lists = _FlightRecordLists(
      batch: batch, viewCounts: viewCounts,
      dataCounts: dataCounts.map { $0.map { $0 ?? -1 } }, countsAfter: countsAfter,
      selection: selection, identifiers: identifiers)
    self._lists.dataSourceCounts = dataSourceCounts
  }
}

extension FlightRecord {
  /// The record as one line of JSON, the log's format (version 1): the members that are set,
  /// with `BatchUpdate`'s field names for the calls and UIKit's text for an error.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// let record = FlightRecord(
  ///   sequence: 7, entry: .pipeline, kind: .block,
  ///   batch: BatchUpdate(insertItems: [ElementPath(element: 3, section: 0)]),
  ///   viewCounts: [3], dataCounts: [3], countsAfter: [4])
  /// print(record.json)
  /// // prints {"seq":7,"entry":"pipeline","view":"collectionView","kind":"block","viewCounts":[3],"dataCounts":[3],"countsAfter":[4],"verdict":"performed","batch":{"insertItems":[[0,3]]}}
  /// ```
  ///
  /// - Complexity: O(c + s + k + i) for c calls, s sections, k selected items and i
  ///   identifiers.
  public var json: String {
    var text = _JSONText()
    _writeJSON(to: &text)
    return text.text
  }

  /// The length of `json` in UTF-8 bytes, counted without writing it.
  package var _jsonByteCount: Int {
    var length = _JSONLength()
    _writeJSON(to: &length)
    return length.count
  }

  /// Writes the record's line, as the ring writes it from the record's integers.
  func _writeJSON<Sink: _JSONSink>(to sink: inout Sink) {
    var codes: [Int] = []
    let payload = _RecordCoding.encode(self, into: &codes)
    _RecordCoding.writeJSON(codes, at: 0, payload: payload, to: &sink)
  }
}

/// A record's lists. Shared between copies of a record and never changed while shared
/// (`FlightRecord` copies it first), so sharing it across threads is safe.
///
/// `@unchecked`: that copy on write is the invariant; no mutation reaches a shared instance
/// (`isKnownUniquelyReferenced` guards every write).
@usableFromInline
final class _FlightRecordLists: @unchecked Sendable {
  var batch: BatchUpdate?
  var viewCounts: [Int]?
  /// -1 for a count that is not known.
  var dataCounts: [Int]?
  var countsAfter: [Int]?
  var selection: [ElementPath]?
  var identifiers: [[String]]?
  var dataSourceCounts: [Int]?

  init(
    batch: BatchUpdate?, viewCounts: [Int]?, dataCounts: [Int]?, countsAfter: [Int]?,
    selection: [ElementPath]?, identifiers: [[String]]?
  ) {
    self.batch = batch
    self.viewCounts = viewCounts
    self.dataCounts = dataCounts
    self.countsAfter = countsAfter
    self.selection = selection
    self.identifiers = identifiers
  }

  func copy() -> _FlightRecordLists {
    let copy = _FlightRecordLists(
      batch: batch, viewCounts: viewCounts, dataCounts: dataCounts, countsAfter: countsAfter,
      selection: selection, identifiers: identifiers)
    copy.dataSourceCounts = dataSourceCounts
    return copy
  }
}

extension FlightRecord: Hashable {
  /// Whether two records have the same members.
  ///
  /// - Parameters:
  ///   - lhs: A record.
  ///   - rhs: Another record.
  /// - Returns: Whether they are equal.
  /// - Complexity: O(c + s + k + i), as `json`.
  public static func == (lhs: FlightRecord, rhs: FlightRecord) -> Bool {
    lhs.sequence == rhs.sequence && lhs.entry == rhs.entry && lhs.view == rhs.view
      && lhs.kind == rhs.kind && lhs.verdict == rhs.verdict
      && lhs.contentOffset == rhs.contentOffset && lhs.batch == rhs.batch
      && lhs.viewCounts == rhs.viewCounts && lhs._lists.dataCounts == rhs._lists.dataCounts
      && lhs.countsAfter == rhs.countsAfter && lhs.selection == rhs.selection
      && lhs.identifiers == rhs.identifiers && lhs.callSite == rhs.callSite
      && lhs.call == rhs.call && lhs.dataSourceCounts == rhs.dataSourceCounts
  }

  /// Hashes the members that `==` compares.
  ///
  /// - Parameter hasher: The hasher.
  /// - Complexity: O(c + s + k + i).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(sequence)
    hasher.combine(entry)
    hasher.combine(view)
    hasher.combine(kind)
    hasher.combine(verdict)
    hasher.combine(contentOffset)
    hasher.combine(batch)
    hasher.combine(viewCounts)
    hasher.combine(_lists.dataCounts)
    hasher.combine(countsAfter)
    hasher.combine(selection)
    hasher.combine(identifiers)
    hasher.combine(callSite)
    hasher.combine(call)
    hasher.combine(dataSourceCounts)
  }
}

extension FlightRecord.EntryPoint {
  /// The name as a JSON string, written without escaping.
  var _json: StaticString {
    switch self {
    case .reload: "\"reload\""
    case .dataSource: "\"dataSource\""
    case .pipeline: "\"pipeline\""
    case .coordinator: "\"coordinator\""
    case .recordingView: "\"recordingView\""
    }
  }
}

extension FlightRecord.Kind {
  /// The name as a JSON string, written without escaping.
  var _json: StaticString {
    switch self {
    case .keyframe: "\"keyframe\""
    case .block: "\"block\""
    case .reload: "\"reload\""
    }
  }
}

import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// How the ring keeps a record: as integers appended to one array, so that a block's record
/// allocates nothing and dropping it frees nothing (a record kept as a value would hold the
/// block's nine arrays until it leaves the ring, and free them then, from a cold cache).
///
/// A record is its sequence number, a header of small fields and flags, then, in the order its
/// line writes them, each list that is set as its length followed by its values, and last
/// the scroll offset's bits when there is one.
/// What is not a number (a refusal's error, a keyframe's identifiers) goes in a side table
/// keyed by the sequence number, which only incidents and keyframes use.
enum _RecordCoding {
  /// What a record keeps outside the integers.
  struct Payload {
    var error: BatchUpdateError?
    var identifiers: [[String]]?
    /// A call site given as text (a record made by `FlightRecord.init`); the guard's records
    /// keep theirs as integers (`_CallSite`).
    var callSite: FlightRecord.CallSite?
  }

  // The header's bits: kind (2), entry (3), view (1), verdict (4), then one flag per member.
  // `encode` packs the first four; these read them back.
  static func kind(ofHeader header: Int) -> FlightRecord.Kind { kind(header & 3) }
  static func entry(ofHeader header: Int) -> FlightRecord.EntryPoint { entry(header >> 2 & 7) }
  static func view(ofHeader header: Int) -> ListViewKind {
    header >> 5 & 1 == 1 ? .tableView : .collectionView
  }
  static func verdictCode(ofHeader header: Int) -> Int { header >> 6 & 15 }
  static let hasOffset = 1 << 10
  static let hasBatch = 1 << 11
  static let hasViewCounts = 1 << 12
  static let hasDataCounts = 1 << 13
  static let hasCountsAfter = 1 << 14
  static let hasSelection = 1 << 15
  static let hasPayload = 1 << 16
  static let hasDataSourceCounts = 1 << 17
  static let hasCallSite = 1 << 18
  /// The verdict's bits in the header, for `amend`.
  static let verdictBits = 7 << 6

  /// Appends `record` to `codes`.
  ///
  /// - Returns: What it keeps outside the integers, if anything.
  /// - Complexity: O(c + s + k + i) for c calls, s sections, k selected items and i
  ///   identifiers.
  static func encode(
    _ record: borrowing FlightRecord, site: _CallSite? = nil, into codes: inout [Int]
  ) -> Payload? {
    let lists = record._lists
    return encode(
      Fields(
        sequence: record.sequence, entry: record.entry, view: record.view, kind: record.kind,
        verdictCode: record.verdict._code, offset: record.contentOffset, site: site,
        call: record.call),
      error: record.verdict._error, batch: lists.batch ?? BatchUpdate(),
      hasBatch: lists.batch != nil,
      viewCounts: lists.viewCounts, dataSourceCounts: lists.dataSourceCounts,
      dataCounts: lists.dataCounts, countsAfter: lists.countsAfter, selection: lists.selection,
      identifiers: lists.identifiers, callSite: record.callSite, into: &codes)
  }

  /// A record's members that are not lists.
  struct Fields {
    var sequence: Int
    var entry: FlightRecord.EntryPoint
    var view: ListViewKind
    var kind: FlightRecord.Kind
    /// The verdict's code (`FlightRecord.Verdict._code`); a refusal's error is handed to
    /// `encode` beside the fields, so that they hold plain values only and copy as bytes.
    var verdictCode: Int
    var offset: Double?
    /// The app's call that made the record: its number, and where it was made.
    var site: _CallSite?
    /// The call's number, for a record made by `FlightRecord.init` (whose call site, if any,
    /// is text and goes in the payload).
    var call: Int?

    init(
      sequence: Int, entry: FlightRecord.EntryPoint, view: ListViewKind, kind: FlightRecord.Kind,
      verdictCode: Int, offset: Double?, site: _CallSite? = nil, call: Int? = nil
    ) {
      self.sequence = sequence
      self.entry = entry
      self.view = view
      self.kind = kind
      self.verdictCode = verdictCode
      self.offset = offset
      self.site = site
      self.call = site?.call ?? call
    }
  }

  /// Appends a record of `fields` (numbered `sequence`, when given, so that the fields are
  /// not copied to be numbered) and the lists to `codes`, in the order its line writes them
  /// (`batch` only when `hasBatch`, so that a block's batch is not copied into an optional);
  /// `dataCounts` holds -1 for a count that is not known.
  ///
  /// - Returns: What it keeps outside the integers, if anything.
  /// - Complexity: O(c + s + k) for c calls, s sections and k selected items.
  static func encode(
    _ fields: Fields, sequence: Int? = nil, error: BatchUpdateError? = nil, batch: BatchUpdate,
    hasBatch: Bool = true, viewCounts: [Int]?,
    dataSourceCounts: [Int]? = nil, dataCounts: [Int]?,
    countsAfter: [Int]?, selection: [ElementPath]?, identifiers: [[String]]? = nil,
    callSite: FlightRecord.CallSite? = nil, into codes: inout [Int]
  ) -> Payload? {
    // A call site given as text is kept aside, unless the integers hold one.
    let textSite = fields.site == nil ? callSite : nil
    let keepsPayload = error != nil || identifiers != nil || textSite != nil
    var header = kindCode(fields.kind) | entryCode(fields.entry) << 2
    header |= (fields.view == .tableView ? 1 : 0) << 5 | fields.verdictCode << 6
    if fields.offset != nil { header |= hasOffset }
    if hasBatch { header |= Self.hasBatch }
    if viewCounts != nil { header |= hasViewCounts }
    if dataCounts != nil { header |= hasDataCounts }
    if countsAfter != nil { header |= hasCountsAfter }
    if selection != nil { header |= hasSelection }
    if keepsPayload { header |= hasPayload }
    if dataSourceCounts != nil { header |= hasDataSourceCounts }
    let hasCall = fields.call != nil
    if hasCall { header |= hasCallSite }
    var count = 2 + (fields.offset == nil ? 0 : 1) + (hasBatch ? size(of: batch) : 0)
    count += (viewCounts.map { $0.count + 1 } ?? 0) + (dataCounts.map { $0.count + 1 } ?? 0)
    count += (countsAfter.map { $0.count + 1 } ?? 0) + (selection.map { $0.count * 2 + 1 } ?? 0)
    count += (dataSourceCounts.map { $0.count + 1 } ?? 0) + (hasCall ? 4 : 0)
    Writer.append(count, to: &codes) { writer in
      writer.put(sequence ?? fields.sequence)
      writer.put(header)
      if hasCall {
        // The call's number, then its file as the address and length of a static string
        // (0 and 0 without one), then its line.
        writer.put(fields.call ?? 0)
        writer.put(fields.site.map { Int(bitPattern: $0.fileAddress) } ?? 0)
        writer.put(fields.site?.fileLength ?? 0)
        writer.put(fields.site.map { Int($0.line) } ?? 0)
      }
      if let viewCounts { writer.put(viewCounts) }
      if let dataSourceCounts { writer.put(dataSourceCounts) }
      if let dataCounts { writer.put(dataCounts) }
      if let countsAfter { writer.put(countsAfter) }
      if hasBatch { writer.put(batch) }
      if let selection { writer.put(selection) }
      if let offset = fields.offset { writer.put(Int(bitPattern: UInt(offset.bitPattern))) }
    }
    return keepsPayload
      ? Payload(error: error, identifiers: identifiers, callSite: textSite) : nil
  }

  /// Reads the record that starts at `index`.
  ///
  /// - Complexity: O(c + s + k), as `encode`.
  static func decode(_ codes: [Int], at index: Int, payload: Payload?) -> FlightRecord {
    var reader = Reader(codes: codes, index: index)
    let sequence = reader.next()
    let header = reader.next()
    let call = header & hasCallSite != 0 ? reader.callSite() : nil
    let viewCounts = header & hasViewCounts != 0 ? reader.list() : nil
    let dataSourceCounts = header & hasDataSourceCounts != 0 ? reader.list() : nil
    let dataCounts = header & hasDataCounts != 0 ? reader.list() : nil
    let countsAfter = header & hasCountsAfter != 0 ? reader.list() : nil
    let batch = header & hasBatch != 0 ? reader.batch() : nil
    let selection = header & hasSelection != 0 ? reader.paths() : nil
    let offset = header & hasOffset != 0 ? reader.offset() : nil
    let record = FlightRecord(
      sequence: sequence, entry: entry(ofHeader: header), view: view(ofHeader: header),
      kind: kind(ofHeader: header), batch: batch, viewCounts: viewCounts,
      countsAfter: countsAfter,
      verdict: verdict(verdictCode(ofHeader: header), error: payload?.error), selection: selection,
      contentOffset: offset, identifiers: payload?.identifiers,
      callSite: call?.site ?? payload?.callSite, call: call?.number)
    record._lists.dataCounts = dataCounts
    record._lists.dataSourceCounts = dataSourceCounts
    return record
  }

  /// Appends `batch`'s lists to `codes`.
  static func encode(_ batch: BatchUpdate, into codes: inout [Int]) {
    Writer.append(size(of: batch), to: &codes) { $0.put(batch) }
  }

  /// How many integers `batch` takes.
  static func size(of batch: BatchUpdate) -> Int {
    var count = 9 + batch.deleteSections.count + batch.insertSections.count
    count += batch.reloadSections.count + batch.moveSections.count * 2
    count += (batch.deleteItems.count + batch.insertItems.count + batch.reloadItems.count) * 2
    return count + batch.moveItems.count * 4 + batch.reconfigureItems.count * 2
  }

  /// Writes integers into a buffer sized for them.
  struct Writer {
    let buffer: UnsafeMutableBufferPointer<Int>
    var index: Int

    /// Appends `count` integers to `codes`, as `write` puts them: counted first and written
    /// through one buffer, so that the array is checked for uniqueness once, not per integer.
    static func append(_ count: Int, to codes: inout [Int], _ write: (inout Writer) -> Void) {
      let start = codes.count
      codes.append(contentsOf: repeatElement(0, count: count))
      codes.withUnsafeMutableBufferPointer { buffer in
        var writer = Writer(buffer: buffer, index: start)
        write(&writer)
        // `count` is counted by hand beside what `write` puts (`encode`, `size(of:)`): a
        // member added to one and not the other is caught here, in every build.
        precondition(writer.index == buffer.count, "a flight record's size was miscounted")
      }
    }

    /// Puts one integer; never past the buffer (checked in every build, as the buffer is
    /// unsafe).
    mutating func put(_ value: Int) {
      precondition(index < buffer.count, "a flight record's size was miscounted")
      buffer[index] = value
      index += 1
    }

    mutating func put(_ values: [Int]) {
      put(values.count)
      for value in values { put(value) }
    }

    mutating func put(_ path: ElementPath) {
      put(path.section)
      put(path.element)
    }

    mutating func put(_ paths: [ElementPath]) {
      put(paths.count)
      for path in paths { put(path) }
    }

    mutating func put(_ batch: BatchUpdate) {
      put(batch.deleteSections)
      put(batch.insertSections)
      put(batch.reloadSections)
      put(batch.moveSections.count)
      for move in batch.moveSections {
        put(move.source)
        put(move.target)
      }
      put(batch.deleteItems)
      put(batch.insertItems)
      put(batch.reloadItems)
      put(batch.moveItems.count)
      for move in batch.moveItems {
        put(move.source)
        put(move.target)
      }
      put(batch.reconfigureItems)
    }
  }

  /// Reads integers in order, as values or as JSON.
  struct Reader {
    let codes: [Int]
    var index: Int

    mutating func next() -> Int {
      defer { index += 1 }
      return codes[index]
    }

    mutating func list() -> [Int] {
      let count = next()
      defer { index += count }
      return Array(codes[index..<index + count])
    }

    /// A call's number and site, as `encode` wrote them.
    mutating func callSite() -> (number: Int, site: FlightRecord.CallSite?) {
      let number = next()
      let address = next()
      let length = next()
      let line = next()
      return (number, _CallSite.text(address: address, length: length, line: line))
    }

    mutating func offset() -> Double {
      Double(bitPattern: UInt64(UInt(bitPattern: next())))
    }

    mutating func path() -> ElementPath {
      let section = next()
      return ElementPath(element: next(), section: section)
    }

    mutating func paths() -> [ElementPath] {
      (0..<next()).map { _ in path() }
    }

    /// Writes a list of integers; with `unknownAsNull`, -1 (a count not known) as null.
    @inline(__always)
    mutating func writeList<Sink: _JSONSink>(to sink: inout Sink, unknownAsNull: Bool = false) {
      let count = next()
      sink.raw("[")
      for offset in 0..<count {
        if offset > 0 { sink.raw(",") }
        let value = next()
        if value < 0, unknownAsNull { sink.raw("null") } else { sink.integer(value) }
      }
      sink.raw("]")
    }

    /// Writes a list of paths as `[section,item]` pairs.
    @inline(__always)
    mutating func writePaths<Sink: _JSONSink>(to sink: inout Sink) {
      let count = next()
      sink.raw("[")
      for offset in 0..<count {
        if offset > 0 { sink.raw(",") }
        writePath(to: &sink)
      }
      sink.raw("]")
    }

    /// Writes `[section,item]`.
    @inline(__always)
    mutating func writePath<Sink: _JSONSink>(to sink: inout Sink) {
      sink.raw("[")
      sink.integer(next())
      sink.raw(",")
      sink.integer(next())
      sink.raw("]")
    }

    /// Writes a list: its length, then each element as `element` reads and writes it.
    mutating func writeElements<Sink: _JSONSink>(
      to sink: inout Sink, _ element: (inout Reader, inout Sink) -> Void
    ) {
      let count = next()
      sink.raw("[")
      for offset in 0..<count {
        if offset > 0 { sink.raw(",") }
        element(&self, &sink)
      }
      sink.raw("]")
    }

    /// Writes the calls as an object with `BatchUpdate`'s field names: the lists that are
    /// not empty, positions as `[section,item]` pairs, moves as `[from,to]`.
    mutating func writeBatch<Sink: _JSONSink>(to sink: inout Sink) {
      var first = true
      func member(_ name: StaticString) -> Bool {
        guard codes[index] > 0 else {
          index += 1
          return false
        }
        sink.member(name, first: first)
        first = false
        return true
      }
      sink.raw("{")
      // In the order `encode` wrote them.
      if member("deleteSections") { writeList(to: &sink) }
      if member("insertSections") { writeList(to: &sink) }
      if member("reloadSections") { writeList(to: &sink) }
      if member("moveSections") {
        writeElements(to: &sink) { reader, sink in reader.writePath(to: &sink) }
      }
      if member("deleteItems") { writePaths(to: &sink) }
      if member("insertItems") { writePaths(to: &sink) }
      if member("reloadItems") { writePaths(to: &sink) }
      if member("moveItems") {
        writeElements(to: &sink) { reader, sink in
          sink.raw("[")
          reader.writePath(to: &sink)
          sink.raw(",")
          reader.writePath(to: &sink)
          sink.raw("]")
        }
      }
      if member("reconfigureItems") { writePaths(to: &sink) }
      sink.raw("}")
    }

    mutating func batch() -> BatchUpdate {
      var batch = BatchUpdate()
      batch.deleteSections = list()
      batch.insertSections = list()
      batch.reloadSections = list()
      batch.moveSections = (0..<next()).map { _ in
        let source = next()
        return Move(source: source, target: next())
      }
      batch.deleteItems = paths()
      batch.insertItems = paths()
      batch.reloadItems = paths()
      batch.moveItems = (0..<next()).map { _ in
        let source = path()
        return Move(source: source, target: path())
      }
      batch.reconfigureItems = paths()
      return batch
    }
  }

  /// Writes the line of the record that starts at `index`: the log's format (version 1),
  /// the members that are set, with `BatchUpdate`'s field names for the calls and UIKit's
  /// text for an error.
  ///
  /// - Complexity: O(c + s + k + i), as `encode`.
  static func writeJSON<Sink: _JSONSink>(
    _ codes: [Int], at index: Int, payload: Payload?, to sink: inout Sink, pending: Bool = false
  ) {
    var reader = Reader(codes: codes, index: index)
    sink.raw("{")
    sink.member("seq", first: true)
    sink.integer(reader.next())
    let header = reader.next()
    sink.member("entry")
    sink.raw(entry(ofHeader: header)._json)
    sink.member("view")
    sink.raw(view(ofHeader: header) == .tableView ? "\"tableView\"" : "\"collectionView\"")
    sink.member("kind")
    sink.raw(kind(ofHeader: header)._json)
    if header & hasCallSite != 0 {
      sink.member("call")
      sink.integer(reader.next())
      let (address, length, line) = (reader.next(), reader.next(), reader.next())
      if line > 0 {
        // The file's bytes as they are, without a `String`: this runs for every record.
        sink.member("at")
        sink.raw("\"")
        if let bytes = _CallSite.bytes(address: address, length: length) {
          sink.escaped(bytes)
        } else {
          sink.raw("?")
        }
        sink.raw(":")
        sink.integer(line)
        sink.raw("\"")
      } else if let site = payload?.callSite {
        sink.member("at")
        sink.string(site.description)
      }
    } else if let site = payload?.callSite {
      sink.member("at")
      sink.string(site.description)
    }
    if header & hasViewCounts != 0 {
      sink.member("viewCounts")
      reader.writeList(to: &sink)
    }
    if header & hasDataSourceCounts != 0 {
      sink.member("dataSourceCounts")
      reader.writeList(to: &sink)
    }
    if header & hasDataCounts != 0 {
      sink.member("dataCounts")
      reader.writeList(to: &sink, unknownAsNull: true)
    }
    if header & hasCountsAfter != 0 {
      sink.member("countsAfter")
      reader.writeList(to: &sink)
    }
    let code = verdictCode(ofHeader: header)
    // The block in flight: written as performed, shown as pending until the view returns.
    writeVerdict(
      pending && code == 0 ? FlightRecord.Verdict.pending._code : code, error: payload?.error,
      to: &sink)
    if header & hasBatch != 0 {
      sink.member("batch")
      reader.writeBatch(to: &sink)
    }
    if header & hasSelection != 0 {
      sink.member("selection")
      reader.writePaths(to: &sink)
    }
    if header & hasOffset != 0, case let offset = reader.offset(), offset.isFinite {
      sink.member("offset")
      sink.json("\(offset)")
    }
    if let identifiers = payload?.identifiers {
      sink.member("ids")
      sink.list(identifiers) { sink, section in sink.list(section) { $0.string($1) } }
    }
    sink.raw("}")
  }

  /// Writes a verdict's members from its code: its name, and the error or the cause.
  static func writeVerdict<Sink: _JSONSink>(
    _ code: Int, error: BatchUpdateError?, to sink: inout Sink
  ) {
    sink.member("verdict")
    switch code {
    case 1, 2:
      sink.raw(code == 1 ? "\"refused\"" : "\"fellBack\"")
      sink.member("error")
      sink.string(error?.description ?? "")
    case 3, 6, 8, 9:
      sink.raw("\"fellBack\"")
      sink.member("cause")
      switch code {
      case 3: sink.raw("\"offScreen\"")
      case 6: sink.raw("\"dataSourceChanged\"")
      case 8: sink.raw("\"countsUnknown\"")
      default: sink.raw("\"itemsOutOfOrder\"")
      }
    case 4: sink.raw("\"interrupted\"")
    case 5: sink.raw("\"coalesced\"")
    case 7: sink.raw("\"pending\"")
    default: sink.raw("\"performed\"")
    }
  }

  /// The bytes `writeVerdict` writes for each code without an error's text, counted once.
  static let verdictLengths: [Int] = (0..<10).map { code in
    var length = _JSONLength()
    writeVerdict(code, error: nil, to: &length)
    return length.count
  }

  /// The bytes `writeVerdict` writes for a verdict's code: counted from the error's text for
  /// a refusal, and known for the others, so that amending a record counts no text.
  static func verdictLength(_ code: Int, error: BatchUpdateError?) -> Int {
    guard code == 1 || code == 2, error != nil else { return verdictLengths[code] }
    var length = _JSONLength()
    writeVerdict(code, error: error, to: &length)
    return length.count
  }

  static func kindCode(_ kind: FlightRecord.Kind) -> Int {
    switch kind {
    case .keyframe: 0
    case .block: 1
    case .reload: 2
    }
  }

  static func kind(_ code: Int) -> FlightRecord.Kind {
    switch code {
    case 0: .keyframe
    case 1: .block
    default: .reload
    }
  }

  static func entryCode(_ entry: FlightRecord.EntryPoint) -> Int {
    switch entry {
    case .reload: 0
    case .dataSource: 1
    case .pipeline: 2
    case .coordinator: 3
    case .recordingView: 4
    }
  }

  static func entry(_ code: Int) -> FlightRecord.EntryPoint {
    switch code {
    case 1: .dataSource
    case 2: .pipeline
    case 3: .coordinator
    case 4: .recordingView
    default: .reload
    }
  }

  /// Whether a verdict's code (`FlightRecord.Verdict._code`) is an incident's: refused, or
  /// fallen back.
  static func isIncident(_ code: Int) -> Bool {
    (1...3).contains(code) || code == 6 || code == 8 || code == 9
  }

  static func verdict(_ code: Int, error: BatchUpdateError?) -> FlightRecord.Verdict {
    switch (code, error) {
    case (1, let error?): .refused(error)
    case (2, let error?): .fellBack(.refused(error))
    case (3, _): .fellBack(.offScreen)
    case (4, _): .interrupted
    case (5, _): .coalesced
    case (6, _): .fellBack(.dataSourceChanged)
    case (7, _): .pending
    case (8, _): .fellBack(.countsUnknown)
    case (9, _): .fellBack(.itemsOutOfOrder)
    default: .performed
    }
  }
}

extension FlightRecord.Verdict {
  /// The verdict's code in a record's header.
  var _code: Int {
    switch self {
    case .performed: 0
    case .refused: 1
    case .fellBack(.refused): 2
    case .fellBack(.offScreen): 3
    case .interrupted: 4
    case .coalesced: 5
    case .fellBack(.dataSourceChanged): 6
    case .pending: 7
    case .fellBack(.countsUnknown): 8
    case .fellBack(.itemsOutOfOrder): 9
    }
  }

  /// The refusal's error, if any.
  var _error: BatchUpdateError? {
    switch self {
    case .refused(let error), .fellBack(.refused(let error)): error
    case .performed, .fellBack(.offScreen), .fellBack(.dataSourceChanged),
      .fellBack(.countsUnknown), .fellBack(.itemsOutOfOrder), .interrupted, .coalesced, .pending:
      nil
    }
  }
}

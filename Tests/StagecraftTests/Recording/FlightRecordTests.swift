import Stagecraft
import StagecraftModel
import StagecraftTestSupport
import Testing

/// A random record: every member set or not, escapes and non-ASCII text, every verdict, and
/// positions an app's own batch may get wrong (negative ones included).
func randomFlightRecord(_ random: inout SplitMix64) -> FlightRecord {
  func maybe<T>(_ value: @autoclosure () -> T) -> T? { random.next() % 2 == 0 ? value() : nil }
  func counts() -> [Int] {
    (0..<Int(random.next() % 4)).map { _ in Int(random.next() % 20_000) }
  }
  let texts = ["a\"b\\c\nd\te\r", "\u{1}x", "é 文字 🙂", "Invalid update: …", ""]
  let verdicts: [FlightRecord.Verdict] = [
    .performed, .interrupted, .coalesced, .fellBack(.offScreen),
    .refused(BatchUpdateError(.deleteItemOutOfRange(item: 3, section: 0, itemCount: 2))),
    .fellBack(.refused(BatchUpdateError(.insertSectionOutOfRange(section: 9, sectionCount: 1)))),
    .pending, .fellBack(.dataSourceChanged),
  ]
  let element = Int(random.next() % 30_000) - 2
  return FlightRecord(
    sequence: Int(random.next() % 1_000_000), entry: .allCases[Int(random.next() % 5)],
    view: random.next() % 2 == 0 ? .tableView : .collectionView,
    kind: [.block, .reload, .keyframe][Int(random.next() % 3)],
    batch: maybe(
      BatchUpdate(
        deleteSections: [1, 22], insertSections: maybe([-1]) ?? [], reloadSections: counts(),
        moveSections: [Move(source: 0, target: 3)],
        deleteItems: maybe([ElementPath(element: element, section: 1)]) ?? [],
        insertItems: [ElementPath(element: 12_345, section: 0)],
        reloadItems: maybe([ElementPath(element: 0, section: 0)]) ?? [],
        moveItems: [
          Move(
            source: ElementPath(element: 1, section: 2),
            target: ElementPath(element: element, section: 0))
        ], reconfigureItems: maybe([ElementPath(element: 7, section: 3)]) ?? [])),
    viewCounts: maybe(counts()), dataCounts: maybe(counts().map { $0 % 3 == 0 ? nil : $0 }),
    countsAfter: maybe(counts()), verdict: verdicts[Int(random.next() % 8)],
    selection: maybe([ElementPath(element: 4, section: 1)]),
    contentOffset: maybe(Double(random.next() % 10_000) / 7),
    identifiers: maybe([[texts[Int(random.next() % 5)], "0123456789abcdef"], []]),
    callSite: maybe(
      FlightRecord.CallSite(
        fileID: texts[Int(random.next() % 5)], line: Int(random.next() % 900) + 1)),
    call: maybe(Int(random.next() % 1_000)), dataSourceCounts: maybe(counts()))
}

/// The recorder counts each record's bytes without writing it: the count is the length of
/// the line it writes, for every member, escapes and non-ASCII text included.
@Suite struct FlightRecordTests {
  @Test(arguments: 0..<40)
  func theCountedLengthIsTheWrittenLength(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let record = randomFlightRecord(&random)
    #expect(record._jsonByteCount == record.json.utf8.count, "\(record.json)")
  }

  /// The ring keeps records as integers and reads them back: every record it holds equals
  /// the one recorded, and the log's lines are their lines, whatever the members.
  @Test(arguments: 0..<20)
  func theRingGivesBackWhatWasRecorded(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let recorder = FlightRecorder(configuration: .init(byteBudget: 6_000))
    var recorded: [FlightRecord] = []
    for _ in 0..<60 {
      var record = randomFlightRecord(&random)
      recorder._record { sequence in
        record.sequence = sequence
        return record
      }
      recorded.append(record)
    }
    let kept = recorder.records
    #expect(!kept.isEmpty && kept.count < recorded.count)
    #expect(kept == Array(recorded.suffix(kept.count)))
    let lines = recorder.export().split(separator: "\n").dropFirst().map(String.init)
    #expect(lines == kept.map(\.json))
    #expect(recorder.byteCount == lines.reduce(0) { $0 + $1.utf8.count + 1 })
    #expect(recorder.byteCount <= 6_000)
  }

  /// A ring without keyframes (a recording view writes none) drops its oldest records one
  /// by one; its storage stays within a constant factor of what it holds, however many
  /// records pass through it.
  @Test func aRingWithoutKeyframesStaysBounded() {
    let recorder = FlightRecorder(configuration: .init(byteBudget: 2_048))
    let batch = BatchUpdate(insertItems: [ElementPath(element: 3, section: 0)])
    var largest = 0
    for round in 0..<20_000 {
      recorder._record {
        FlightRecord(
          sequence: $0, entry: .recordingView, kind: .block, batch: batch,
          viewCounts: [round], countsAfter: [round + 1])
      }
      largest = max(largest, recorder._storageCount)
    }
    let held = recorder.records
    #expect(held.last?.viewCounts == [19_999])
    #expect(held.count * 2 >= 2_048 / 120)
    // A record is 22 integers and a start: twice what the ring holds, and one more record.
    #expect(largest <= (held.count + 1) * 23 * 2)
  }
}

/// What the guard records besides performed blocks: an interrupt's reload, and the reload of
/// a view off screen, each with its verdict and the counts it left.
@MainActor
@Suite struct FlightRecorderVerdictTests {
  @Test func interruptsAndOffScreenReloadsAreRecordedAsSuch() {
    let recorder = FlightRecorder()
    var items = [1, 2, 3]
    let view = HeadlessCollectionView(CollectionModel(items: items), items: { items })
    view.reload(
      using: StagedChangeset(source: items, target: [3, 4, 1]),
      guard: UpdateGuard(recorder: recorder), interrupt: { _ in true }, setData: { items = $0 })
    view.isOnScreen = false
    view.reload(
      using: StagedChangeset(source: items, target: [5]), guard: UpdateGuard(recorder: recorder),
      setData: { items = $0 })
    let reloads = recorder.records.filter { $0.kind == .reload }
    #expect(reloads.map(\.verdict) == [.interrupted, .fellBack(.offScreen)])
    #expect(reloads.map(\.countsAfter) == [[3], [1]])
    #expect(!recorder.records.contains { $0.kind == .block })
    #expect(view.model.items == [5])
  }

  /// The log an uncaught-exception handler exports while UIKit raises in a block ends with
  /// that block, pending; once the view returns, the block is performed. A view double stands
  /// in for the handler: it exports the log inside its block.
  @Test func aLogReadInsideTheBlockEndsWithItPending() {
    final class RaisingView: BatchUpdateTarget {
      var counts = [2]
      var exported: [String] = []
      var records: [FlightRecord] = []
      let recorder: FlightRecorder
      init(_ recorder: FlightRecorder) { self.recorder = recorder }
      var isOnScreen: Bool { true }
      var displayedItemCounts: [Int]? { counts }
      func reloadData(_ snapshot: Void, setData: () -> Void) { setData() }
      func performBatchUpdates(
        _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
        refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
        completion: ((Bool) -> Void)?
      ) {
        let batch = setData() ?? batch
        // What `NSSetUncaughtExceptionHandler`'s handler does when UIKit raises here.
        exported.append(recorder.export())
        records = recorder.records
        counts = [counts[0] + batch.insertItems.count - batch.deleteItems.count]
        completion?(true)
      }
    }
    let recorder = FlightRecorder()
    let view = RaisingView(recorder)
    var items = [1, 2]
    view.reload(
      using: StagedChangeset(source: items, target: [1, 2, 3]),
      guard: UpdateGuard(recorder: recorder), setData: { items = $0 })
    let last = view.exported.first?.split(separator: "\n").last ?? ""
    #expect(last.contains(#""kind":"block""#) && last.contains(#""verdict":"pending""#))
    #expect(view.records.last?.verdict == .pending)
    #expect(recorder.records.last { $0.kind == .block }?.verdict == .performed)
    #expect(!recorder.export().contains("pending"))
  }

  /// At every budget, down to none, what `onIncident` gets starts at a keyframe and holds
  /// the incident's block, and the final log does too: the ring never drops its newest
  /// keyframe nor what follows it.
  @Test(arguments: [0, 1, 64, 300, 1_024])
  func everyBudgetKeepsTheIncidentFromAKeyframe(budget: Int) {
    final class Incidents: @unchecked Sendable {
      // Appended on the main actor, where the replay runs, and read after it.
      var all: [FlightRecorder.Incident] = []
    }
    let incidents = Incidents()
    let recorder = FlightRecorder(
      configuration: .init(byteBudget: budget), onIncident: { incidents.all.append($0) })
    let check = UpdateGuard(recorder: recorder)
    var items = Array(0..<20)
    let view = HeadlessCollectionView(CollectionModel(items: items), items: { items })
    for round in 0..<30 {
      if round == 25 { items.append(999) }  // changed outside an update: the next block falls back
      let next =
        round % 2 == 0 ? Array(items.reversed()) : Array(items.dropFirst() + items.prefix(1))
      view.reload(
        using: StagedChangeset(source: items, target: next), guard: check,
        setData: { items = $0 })
    }
    #expect(!incidents.all.isEmpty)
    for incident in incidents.all {
      let lines = incident.log.split(separator: "\n").dropFirst()
      #expect(lines.first?.contains(#""kind":"keyframe""#) == true, "\(budget)")
      #expect(lines.contains { $0.hasPrefix("{\"seq\":\(incident.record.sequence),") })
    }
    #expect(recorder.records.first?.kind == .keyframe)
  }

  /// Blocks written in flight, one amended (the data source changed with the new data),
  /// fallbacks for a data source that changed before a block, and call sites written from
  /// their static strings: the ring counts exactly the bytes of the lines it exports, escapes
  /// in the file's name included.
  @Test func amendedRecordsAreCountedAsWritten() {
    let recorder = FlightRecorder()
    let check = UpdateGuard(recorder: recorder)
    var items = [1, 2, 3]
    var extra: [Int] = []
    var emptyState = false
    let view = HeadlessCollectionView(
      CollectionModel(items: items),
      items: { emptyState && items.isEmpty ? [0] : items + extra })
    func show(_ next: [Int]) {
      view.reload(
        using: StagedChangeset(source: items, target: next), guard: check,
        setData: { items = $0 }, fileID: "Quoted \"File\".swift", line: 7)
    }
    show([3, 1, 4])
    extra = [99]  // the data source changes without an update
    show([4])
    extra = []
    show([1, 2])
    emptyState = true  // a section only the new data shows
    show([])
    let verdicts = recorder.records.filter { $0.kind == .block }.map(\.verdict)
    // One seen before its block, one only once the empty data was set (amended in flight).
    #expect(verdicts.filter { $0 == .fellBack(.dataSourceChanged) }.count == 2)
    #expect(!verdicts.contains(.pending))
    #expect(recorder.records.allSatisfy { $0.callSite?.fileID == "Quoted \"File\".swift" })
    let lines = recorder.export().split(separator: "\n").dropFirst()
    #expect(recorder.byteCount == lines.reduce(0) { $0 + $1.utf8.count + 1 })
    #expect(lines.allSatisfy { $0.contains(#""at":"Quoted \"File\".swift:7""#) })
  }
}

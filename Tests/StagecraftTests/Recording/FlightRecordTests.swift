import Stagecraft
import StagecraftModel
import StagecraftTestSupport
import Testing

/// The recorder counts each record's bytes without writing it: the count is the length of
/// the line it writes, for every member, escapes and non-ASCII text included.
@Suite struct FlightRecordTests {
  @Test(arguments: 0..<40)
  func theCountedLengthIsTheWrittenLength(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    func maybe<T>(_ value: @autoclosure () -> T) -> T? { random.next() % 2 == 0 ? value() : nil }
    func counts() -> [Int] { (0..<Int(random.next() % 4)).map { _ in Int(random.next() % 20_000) } }
    let texts = ["a\"b\\c\nd\te\r", "\u{1}x", "é 文字 🙂", "Invalid update: …", ""]
    let verdicts: [FlightRecord.Verdict] = [
      .performed, .interrupted, .coalesced, .fellBack(.offScreen),
      .refused(BatchUpdateError(.deleteItemOutOfRange(item: 3, section: 0, itemCount: 2))),
      .fellBack(.refused(BatchUpdateError(.insertSectionOutOfRange(section: 9, sectionCount: 1)))),
    ]
    let record = FlightRecord(
      sequence: Int(random.next() % 1_000_000), entry: .allCases[Int(random.next() % 5)],
      view: random.next() % 2 == 0 ? .tableView : .collectionView,
      kind: [.block, .reload, .keyframe][Int(random.next() % 3)],
      batch: maybe(
        BatchUpdate(
          deleteSections: [1, 22], moveSections: [Move(source: 0, target: 3)],
          insertItems: [ElementPath(element: 12_345, section: 0)],
          moveItems: [
            Move(
              source: ElementPath(element: 1, section: 2),
              target: ElementPath(element: 0, section: 0))
          ])),
      viewCounts: maybe(counts()), dataCounts: maybe(counts().map { $0 % 3 == 0 ? nil : $0 }),
      countsAfter: maybe(counts()), verdict: verdicts[Int(random.next() % 6)],
      selection: maybe([ElementPath(element: 4, section: 1)]),
      contentOffset: maybe(Double(random.next() % 10_000) / 7),
      identifiers: maybe([[texts[Int(random.next() % 5)], "0123456789abcdef"], []]))
    #expect(record._jsonByteCount == record.json.utf8.count, "\(record.json)")
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
}

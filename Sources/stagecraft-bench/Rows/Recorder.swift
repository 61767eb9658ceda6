import Stagecraft
import StagecraftTestSupport

/// The flight recorder's cost: an update of `count` items with one change (as in the
/// coordinator row: one item's content, alternating between two versions), recorded against
/// not recorded, in the same rounds: diffed and replayed through the guard onto a view double,
/// and through a `CollectionCoordinator`. Also the bytes a record of that update takes.
@MainActor func runRecorder(count: Int) -> [String] {
  guard selected("recorder") else { return [] }
  let first = (0..<count).map { BenchItem(id: $0, content: 0) }
  var second = first
  second[count / 2].content = 1
  let versions = [first, second]
  let recorder = FlightRecorder()

  /// `reload(using:)` onto a view double, through `check`.
  final class Replayed {
    let view: CountsView
    var shown: [BenchItem]
    var updates = 0
    init(_ items: [BenchItem]) {
      view = CountsView(counts: [items.count])
      view.recordsBlocks = false
      shown = items
    }
  }
  func replay(_ state: Replayed, _ check: UpdateGuard) -> Int {
    state.updates += 1
    state.view.reload(
      using: StagedChangeset(source: state.shown, target: versions[state.updates % 2]),
      strategy: UpdateStrategy().elementUpdates(.reconfigure), guard: check,
      setData: { state.shown = $0 })
    return state.shown[count / 2].content
  }
  let (recordedReplay, plainReplay) = (Replayed(first), Replayed(first))

  /// A coordinator onto a view double, through `check`.
  func coordinator(_ check: UpdateGuard) -> (Int) -> Int {
    let view = CountsView()
    view.recordsBlocks = false
    let coordinator = CollectionCoordinator<CountsView, BenchSection>(
      target: view, strategy: UpdateStrategy().diffingInline(below: .max), guard: check)
    view.dataCounts = { [unowned coordinator] in coordinator.sections.map(\.elements.count) }
    view.answersDataSource = true
    coordinator.update(items: first, animated: true)
    return { round in
      coordinator.update(items: versions[round % 2], animated: true)
      return coordinator.sections[0].elements[count / 2].content
    }
  }
  let (recordedCoordinator, plainCoordinator) = (
    coordinator(UpdateGuard(recorder: recorder)), coordinator(UpdateGuard())
  )
  var rounds = [0, 0]
  let recorded = UpdateGuard(recorder: recorder)
  if options.profile {
    // Under callgrind, the two give the instructions an update costs with and without the
    // recorder.
    profile("recorder") { replay(recordedReplay, recorded) }
    profile("recorder, not recorded") { replay(plainReplay, UpdateGuard()) }
    return []
  }
  let timings = measureInterleaved(
    runs: options.runs * 5,
    [
      { replay(recordedReplay, recorded) }, { replay(plainReplay, UpdateGuard()) },
      {
        rounds[0] += 1
        return recordedCoordinator(rounds[0])
      },
      {
        rounds[1] += 1
        return plainCoordinator(rounds[1])
      },
    ])
  // The bytes of one update's record, keyframes excluded (the ring writes one per quarter of
  // its budget; this list is too long for its identifiers, so a keyframe holds its counts).
  let blocks = recorder.records.filter { $0.kind == .block }
  let bytes = blocks.map { $0.json.utf8.count + 1 }
  let perRecord = bytes.isEmpty ? 0 : bytes.reduce(0, +) / bytes.count
  let ok =
    recordedReplay.shown == versions[recordedReplay.updates % 2]
    && plainReplay.shown == versions[plainReplay.updates % 2]
    && !recorder.records.contains { $0.verdict != .performed }
  return [
    "the flight recorder, an update of \(count) items with one change onto a view double:",
    "  reload(using:) recorded \(timings[0].median.formatted), not recorded "
      + "\(timings[1].median.formatted), \(format(medianRatio(timings[0], timings[1]), 3))x; "
      + "CollectionCoordinator recorded \(timings[2].median.formatted), not recorded "
      + "\(timings[3].median.formatted), \(format(medianRatio(timings[2], timings[3]), 3))x; "
      + "\(perRecord) bytes per record, ring \(recorder.byteCount) of "
      + "\(recorder.configuration.byteBudget) bytes " + (ok ? "ok" : "FAILED"),
  ]
}

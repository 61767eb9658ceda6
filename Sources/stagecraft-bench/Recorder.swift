import Stagecraft
import StagecraftTestSupport

/// The flight recorder's cost: an update of `count` items with one change, diffed and replayed
/// through the guard onto a view double, recorded against not recorded, in the same rounds;
/// and the bytes a record of that update takes in the log.
@MainActor func runRecorder(count: Int) -> [String] {
  guard selected("recorder") else { return [] }
  let source = Array(0..<count)
  var target = source
  target.remove(at: count / 2)
  let recorder = FlightRecorder()
  let recorded = UpdateGuard(recorder: recorder)
  func replay(_ check: UpdateGuard) -> Int {
    let view = CountingView(count: source.count)
    var shown = source
    view.reload(
      using: StagedChangeset(source: source, target: target), guard: check,
      setData: { shown = $0 })
    return shown.count + view.counts[0]
  }
  if options.profile {
    profile("recorder") { replay(recorded) }
    return []
  }
  let ok = replay(recorded) == 2 * target.count && replay(UpdateGuard()) == 2 * target.count
  let timings = measureInterleaved(
    runs: options.runs, [{ replay(recorded) }, { replay(UpdateGuard()) }])
  // The bytes of one update's records, a keyframe excluded (the ring writes one per quarter
  // of its budget, about every 400 updates of this size by default).
  let blocks = recorder.records.filter { $0.kind == .block }
  let bytes = blocks.map { $0.json.utf8.count + 1 }
  let perRecord = bytes.isEmpty ? 0 : bytes.reduce(0, +) / bytes.count
  let keyframes = recorder.records.filter { $0.kind == .keyframe }.count
  return [
    "the flight recorder, an update of \(count) items with one change onto a view double:",
    "  diff + guarded replay recorded \(timings[0].median.formatted), not recorded "
      + "\(timings[1].median.formatted), \(format(medianRatio(timings[0], timings[1]), 3))x; "
      + "\(perRecord) bytes per record, \(keyframes) keyframe(s) in \(recorder.records.count) "
      + "records, ring \(recorder.byteCount) of \(recorder.configuration.byteBudget) bytes "
      + (ok ? "ok" : "FAILED: the replay did not reach the target"),
  ]
}

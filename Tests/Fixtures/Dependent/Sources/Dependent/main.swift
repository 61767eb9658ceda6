import StagecraftDiff

// What this build of the library compiled: its internal checks, and a diff through them.
let staged = StagedChangeset(source: [1, 2, 3], target: [3, 1, 2])
print("internal checks: \(_stagecraftInternalChecksEnabled), stages: \(staged.count)")

// `--measure`: the median of 5 diffs of 100,000 items with a tenth of them moved, in this
// build (debug, as an app's), for the figure in the notes.
if CommandLine.arguments.contains("--measure") {
  let source = Array(0..<100_000)
  var target = source
  for index in stride(from: 0, to: 100_000, by: 10) { target.swapAt(index, 99_999 - index) }
  let clock = ContinuousClock()
  let times = (0..<5).map { _ in
    clock.measure { _ = StagedChangeset(source: source, target: target) }
  }
  print("median diff of 100,000 items: \(times.sorted()[2])")
}

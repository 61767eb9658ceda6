import Stagecraft
import StagecraftTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether this is an optimized build; debug figures would mislead.
func isReleaseBuild() -> Bool {
  #if DEBUG
    return false
  #else
    return true
  #endif
}

if !isReleaseBuild() {
  print(
    "stagecraft-bench refuses to report from a debug build: unoptimized generics are 10-100x "
      + "slower and the figures would mislead. Run: swift run -c release stagecraft-bench")
  exit(1)
}

if _stagecraftInternalChecksEnabled {
  print(
    "stagecraft-bench refuses to report: the library was built with STAGECRAFT_INTERNAL_CHECKS, "
      + "which checks invariants on every diff. Build it without the flag.")
  exit(1)
}

// MARK: Options

struct Options {
  var quick = false
  var scale = false
  var filter: String?
  var json: String?
  var runs = 11
  var profile = false

  init(_ arguments: [String]) {
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--quick": quick = true
      case "--scale": scale = true
      case "--filter": filter = iterator.next()
      case "--json": json = iterator.next()
      case "--runs": runs = max(5, Int(iterator.next() ?? "") ?? 11)
      case "--profile": profile = true
      case "--help", "-h":
        print(
          """
          usage: stagecraft-bench [--quick] [--filter TEXT] [--runs N] [--json FILE]
            --quick        small sizes only (well under 30 s); the CI smoke test
            --scale        only the scale scenarios: 10,000,000 flat, 1,000 x 10,000 sectioned
            --filter TEXT  only the scenarios whose name contains TEXT (or, comma-separated,
                           any of several texts)
            --runs N       timed rounds after one warm-up (at least 5; 11 by default)
            --profile      with --filter: only diff the matching flat scenarios, for 3 s each,
                           without the floor or the standard library (to run under perf)
            --json FILE    also write the results as JSON
          """)
        exit(0)
      default:
        print("stagecraft-bench: unknown argument '\(argument)' (see --help)")
        exit(2)
      }
    }
  }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))

// MARK: Results

struct Row {
  var name: String
  var elements: Int
  var stagecraft: Timing
  var floor: Timing
  var standardLibrary: Timing?
  var standardLibraryNote: String
  /// Median of the round-by-round ratios to the floor, and of the standard library to us.
  var floorRatio: Double
  var standardLibraryRatio: Double?
  var stages: Int
  var moves: Int
  var changes: Int
  var peakBytesPerElement: Double?
  var checked: String
}

var rows: [Row] = []

@MainActor func selected(_ name: String) -> Bool {
  guard let filter = options.filter else { return true }
  return filter.split(separator: ",").contains { name.localizedStandardContainsLite(String($0)) }
}

extension String {
  func localizedStandardContainsLite(_ other: String) -> Bool {
    lowercased().contains(other.lowercased())
  }
}

/// Peak resident bytes above the current level while `work` runs once, per element.
func peakBytesPerElement(elements: Int, _ work: () -> Void) -> Double? {
  guard elements > 0 else { return nil }
  ResidentMemory.resetPeak()
  guard let before = ResidentMemory.read() else { return nil }
  work()
  guard let after = ResidentMemory.read() else { return nil }
  return Double(max(0, after.peak - before.current)) / Double(elements)
}

/// The floor: hash every source identifier once into a table and probe it with every
/// target identifier.
@inline(never)
func floorWork(_ source: [BenchItem], _ target: [BenchItem]) -> Int {
  var table = [Int: Int](minimumCapacity: source.count)
  for (index, item) in source.enumerated() { table[item.id] = index }
  var hits = 0
  for item in target where table[item.id] != nil { hits += 1 }
  return hits
}

/// Runs `work` over and over for 3 seconds, to run under a profiler, and prints how long
/// one run took.
func profile(_ name: String, _ work: () -> Any) {
  let clock = ContinuousClock()
  let start = clock.now
  var runs = 0
  while clock.now - start < .seconds(3) {
    blackHole(work())
    runs += 1
  }
  print("\(name): \(((clock.now - start) / runs).formatted) per run, \(runs) runs")
}

/// The standard library's diff of every step, with moves inferred. Not isolated to the main
/// actor: a closure formed there would check the executor on every comparison.
nonisolated func standardLibraryDiff(
  _ steps: [(source: [BenchItem], target: [BenchItem])]
) -> [CollectionDifference<BenchItem>] {
  steps.map { step in
    step.target.difference(from: step.source) { $0.id == $1.id }.inferringMoves()
  }
}

/// Diffs every step of a scenario; what `works` times.
func diffSteps(_ steps: [(source: [BenchItem], target: [BenchItem])]) -> Int {
  var changes = 0
  for step in steps { changes &+= StagedChangeset(source: step.source, target: step.target).count }
  return changes
}

/// The floor of every step of a scenario.
func floorSteps(_ steps: [(source: [BenchItem], target: [BenchItem])]) -> Int {
  var hits = 0
  for step in steps { hits &+= floorWork(step.source, step.target) }
  return hits
}

@MainActor func runFlat(_ scenario: FlatScenario, standardLibraryBudget: Int) {
  guard selected(scenario.name) else { return }
  if options.profile {
    profile(scenario.name) { diffSteps(scenario.steps) }
    return
  }
  let steps = scenario.steps
  var problems: [String] = []
  var (moves, minimum, stages, changes, differing, work) = (0, 0, 0, 0, 0, 0)
  for (source, target) in steps {
    let staged = StagedChangeset(source: source, target: target)
    if (staged.last?.data ?? source) != target { problems.append("does not end at the target") }
    moves += staged.reduce(0) { $0 + $1.elementMoved.count }
    minimum += minimumMoves(source: source.map(\.id), target: target.map(\.id))
    stages += staged.count
    changes += staged.changeCount
    differing += staged.reduce(0) {
      $0 + $1.elementDeleted.count + $1.elementInserted.count + 2 * $1.elementMoved.count
    }
    work += (source.count + target.count) * max(differing, 1)
  }
  if let expected = scenario.expectedMoves, expected != minimum {
    problems.append("the input has \(minimum) minimal moves, not the \(expected) it should")
  }
  if moves != minimum { problems.append("\(moves) moves, minimum \(minimum)") }

  var works: [() -> Any] = [{ diffSteps(steps) }, { floorSteps(steps) }]
  var note = ""
  if work <= standardLibraryBudget {
    works.append { standardLibraryDiff(steps) }
  } else {
    note = "skipped: O(n·d) past the cap"
  }
  let timings = measureInterleaved(runs: options.runs, works)
  let (stagecraft, floor) = (timings[0], timings[1])
  let standardLibrary = timings.count > 2 ? timings[2] : nil
  let elements = steps.reduce(0) { $0 + $1.source.count + $1.target.count }
  let peak = peakBytesPerElement(elements: elements) { blackHole(diffSteps(steps)) }
  rows.append(
    Row(
      name: scenario.name, elements: scenario.source.count, stagecraft: stagecraft, floor: floor,
      standardLibrary: standardLibrary, standardLibraryNote: note,
      floorRatio: medianRatio(stagecraft, floor),
      standardLibraryRatio: standardLibrary.map { medianRatio($0, stagecraft) },
      stages: stages, moves: moves, changes: changes, peakBytesPerElement: peak,
      checked: problems.isEmpty ? "ok" : problems.joined(separator: "; ")))
}

@MainActor func runSectioned(_ scenario: SectionedScenario) {
  guard selected(scenario.name) else { return }
  let (source, target) = (scenario.source, scenario.target)
  if options.profile {
    profile(scenario.name) { StagedChangeset(source: source, target: target) }
    return
  }
  let staged = StagedChangeset(source: source, target: target)
  let problems = (staged.last?.data ?? source) == target ? "ok" : "does not end at the target"
  let flatSource = source.flatMap(\.elements)
  let flatTarget = target.flatMap(\.elements)
  let sourceModels = source.map { BenchItem(id: $0.model, content: 0) }
  let targetModels = target.map { BenchItem(id: $0.model, content: 0) }
  let timings = measureInterleaved(
    runs: options.runs,
    [
      { StagedChangeset(source: source, target: target) },
      { floorWork(flatSource, flatTarget) + floorWork(sourceModels, targetModels) },
    ])
  let (stagecraft, floor) = (timings[0], timings[1])
  let peak = peakBytesPerElement(elements: flatSource.count + flatTarget.count) {
    blackHole(StagedChangeset(source: source, target: target))
  }
  rows.append(
    Row(
      name: scenario.name, elements: flatSource.count, stagecraft: stagecraft, floor: floor,
      standardLibrary: nil, standardLibraryNote: "n/a: no sectioned diff",
      floorRatio: medianRatio(stagecraft, floor), standardLibraryRatio: nil, stages: staged.count,
      moves: staged.reduce(0) { $0 + $1.elementMoved.count + $1.sectionMoved.count },
      changes: staged.changeCount, peakBytesPerElement: peak, checked: problems))
}

/// The sweep of local edits: for each kind of edit and each k, the diff's time as a ratio
/// to the floor of hashing the whole list, in one table.
@MainActor func runSweep(count: Int, ks: [Int]) -> [String] {
  guard selected("sweep") else { return [] }
  var lines = [
    "local edits of k contiguous elements in a \(count)-element list: time / floor "
      + "(hashing the whole list once), medians",
    (["k"] + Inputs.localEditKinds.map(\.rawValue)).map { pad($0, 14, right: true) }.joined(),
  ]
  var worst = 0.0
  for k in ks {
    var cells = [pad(String(k), 14, right: true)]
    for kind in Inputs.localEditKinds {
      let scenario = Inputs.localEdit(kind, count: count, k: k)
      let (source, target) = (scenario.source, scenario.target)
      let staged = StagedChangeset(source: source, target: target)
      let ok =
        (staged.last?.data ?? source) == target
        && staged.reduce(0, { $0 + $1.elementMoved.count })
          == minimumMoves(source: source.map(\.id), target: target.map(\.id))
      let timings = measureInterleaved(
        runs: options.runs,
        [{ StagedChangeset(source: source, target: target) }, { floorWork(source, target) }])
      let ratio = medianRatio(timings[0], timings[1])
      if k <= 1_000 { worst = max(worst, ratio) }
      cells.append(pad(format(ratio, 3) + (ok ? "" : " WRONG"), 14, right: true))
      if !ok { sweepFailed = true }
    }
    lines.append(cells.joined())
  }
  lines.append("  worst for k <= 1000: \(format(worst, 3))x the floor")
  return lines
}

var sweepFailed = false

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
  let padding = String(repeating: " ", count: max(0, width - text.count))
  return right ? padding + text : text + padding
}

@MainActor func runModelReplay(_ scenario: FlatScenario) {
  let name = "model replay \(scenario.source.count)"
  guard selected(name) else { return }
  let (source, target) = (scenario.source, scenario.target)
  let staged = StagedChangeset(source: source, target: target)
  if options.profile {
    profile(name) { () -> CollectionModel<BenchSection> in
      var model = CollectionModel(items: source, viewport: .items(0..<20))
      try? model.reload(using: staged)
      return model
    }
    return
  }
  var check = CollectionModel(items: source, viewport: .items(0..<20))
  var problems = "ok"
  do {
    try check.reload(using: staged)
    if check.items != target || !check.staleCells.isEmpty { problems = "wrong end state" }
  } catch {
    problems = "refused: \(error)"
  }
  let timings = measureInterleaved(
    runs: options.runs,
    [
      { () -> Int in
        var model = CollectionModel(items: source, viewport: .items(0..<20))
        try? model.reload(using: staged)
        return model.items.count
      },
      { floorWork(source, target) },
      { StagedChangeset(source: source, target: target) },
    ])
  let (stagecraft, floor) = (timings[0], timings[1])
  let peak = peakBytesPerElement(elements: source.count + target.count) {
    var model = CollectionModel(items: source, viewport: .items(0..<20))
    try? model.reload(using: staged)
    blackHole(model)
  }
  rows.append(
    Row(
      name: name, elements: source.count, stagecraft: stagecraft, floor: floor,
      standardLibrary: nil,
      standardLibraryNote: "\(format(medianRatio(stagecraft, timings[2]), 2))x the diff",
      floorRatio: medianRatio(stagecraft, floor),
      standardLibraryRatio: nil, stages: staged.count,
      moves: staged.reduce(0) { $0 + $1.elementMoved.count }, changes: staged.changeCount,
      peakBytesPerElement: peak, checked: problems))
}

/// The same diff on type-erased elements, measured against the unwrapped diff.
@MainActor func runTypeErased(_ scenario: FlatScenario) {
  runTypeErased(
    name: "AnyDifferentiable \(scenario.source.count) 10/10/10/10", scenario.source,
    scenario.target)
}

/// The identity of `PairItem`: a small struct of two fields, as a kind and a number.
struct PairID: Hashable {
  var kind: Int
  var number: Int
}

/// An element whose identifier is a `PairID`.
struct PairItem: Differentiable, Hashable {
  var id: PairID
  var content: Int
  var differenceIdentifier: PairID { id }
}

/// `AnyDifferentiable` over elements identified by a two-field struct: the same edit as
/// `runTypeErased(_:)`, each `Int` id split into a kind and a number.
@MainActor func runTypeErasedPairs(_ scenario: FlatScenario) {
  func pair(_ item: BenchItem) -> PairItem {
    PairItem(id: PairID(kind: item.id % 7, number: item.id / 7), content: item.content)
  }
  runTypeErased(
    name: "AnyDifferentiable \(scenario.source.count) 10/10/10/10, struct ids",
    scenario.source.map(pair), scenario.target.map(pair))
}

/// A type-erased diff against the unwrapped diff of the same elements, in the same rounds.
@MainActor func runTypeErased<Element: Differentiable & Sendable>(
  name: String, _ source: [Element], _ target: [Element]
) {
  guard selected(name) else { return }
  let wrappedSource = source.map(AnyDifferentiable.init)
  let wrappedTarget = target.map(AnyDifferentiable.init)
  if options.profile {
    profile(name) { StagedChangeset(source: wrappedSource, target: wrappedTarget) }
    return
  }
  let staged = StagedChangeset(source: wrappedSource, target: wrappedTarget)
  let plain = StagedChangeset(source: source, target: target)
  let same =
    staged.map { [$0.elementDeleted, $0.elementInserted, $0.elementUpdated] }
    == plain.map { [$0.elementDeleted, $0.elementInserted, $0.elementUpdated] }
    && staged.map(\.elementMoved) == plain.map(\.elementMoved)
  // The floor: hashing every identifier once, as they are.
  func floor() -> Int {
    var table = [Element.DifferenceIdentifier: Int](minimumCapacity: source.count)
    for (index, item) in source.enumerated() { table[item.differenceIdentifier] = index }
    var hits = 0
    for item in target where table[item.differenceIdentifier] != nil { hits += 1 }
    return hits
  }
  let timings = measureInterleaved(
    runs: options.runs,
    [
      { StagedChangeset(source: wrappedSource, target: wrappedTarget) },
      { floor() },
      { StagedChangeset(source: source, target: target) },
    ])
  let peak = peakBytesPerElement(elements: source.count + target.count) {
    blackHole(StagedChangeset(source: wrappedSource, target: wrappedTarget))
  }
  rows.append(
    Row(
      name: name, elements: source.count, stagecraft: timings[0], floor: timings[1],
      standardLibrary: nil,
      standardLibraryNote: "\(format(medianRatio(timings[0], timings[2]), 2))x the unwrapped diff",
      floorRatio: medianRatio(timings[0], timings[1]), standardLibraryRatio: nil,
      stages: staged.count, moves: staged.reduce(0) { $0 + $1.elementMoved.count },
      changes: staged.changeCount, peakBytesPerElement: peak,
      checked: same ? "ok" : "differs from the unwrapped diff"))
}

// MARK: Scenarios

let clock = ContinuousClock()
let started = clock.now
var sweepLines: [String] = []
var snapshotLines: [String] = []
var guardLines: [String] = []
if options.scale {
  runFlat(Inputs.tenPercent(10_000_000), standardLibraryBudget: 0)
  runSectioned(Inputs.sectioned(sections: 1_000, perSection: 10_000))
} else {
  // The quick run is the same table at a tenth of the size (a hundredth for the largest).
  let quick = options.quick
  let n = quick ? 10_000 : 100_000
  let budget = quick ? 20_000_000 : 400_000_000
  for count in quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000] {
    runFlat(Inputs.tenPercent(count), standardLibraryBudget: budget)
  }
  runFlat(Inputs.unchanged(n), standardLibraryBudget: budget)
  runFlat(Inputs.reversed(n), standardLibraryBudget: budget)
  runFlat(Inputs.replaced(n), standardLibraryBudget: budget)
  runFlat(Inputs.firstToEnd(n), standardLibraryBudget: budget)
  runFlat(Inputs.duplicates(n, values: quick ? 100 : 1_000), standardLibraryBudget: budget)
  runFlat(Inputs.duplicatesTenPercent(n), standardLibraryBudget: budget)
  runFlat(Inputs.periodicDuplicatesTenPercent(n), standardLibraryBudget: budget)
  // Edits at one end, around the old suffix check's limit of 8.
  runFlat(Inputs.localEdit(.prepend, count: n, k: 8), standardLibraryBudget: budget)
  runFlat(Inputs.localEdit(.prepend, count: n, k: 9), standardLibraryBudget: budget)
  runFlat(Inputs.deleteFrontEditMiddle(n), standardLibraryBudget: budget)
  // What apps do.
  runFlat(Inputs.feedPrepend(n, new: 10), standardLibraryBudget: budget)
  runFlat(Inputs.feedPrepend(n, new: 100), standardLibraryBudget: budget)
  runFlat(Inputs.pagination(n), standardLibraryBudget: budget)
  runFlat(Inputs.filter(n), standardLibraryBudget: budget)
  runFlat(Inputs.resort(n), standardLibraryBudget: budget)
  runFlat(Inputs.swapTwo(n), standardLibraryBudget: budget)
  runFlat(Inputs.chat(n), standardLibraryBudget: budget)
  runFlat(Inputs.search(n), standardLibraryBudget: budget)
  // Sections.
  runSectioned(Inputs.sectioned(sections: n / 100, perSection: 100))
  runSectioned(Inputs.sectionedTenPercent(sections: 100, perSection: n / 100))
  runSectioned(Inputs.sectionedUnchanged(sections: 100, perSection: n / 100))
  runSectioned(Inputs.newDay(days: 365, perDay: n / 365))
  runModelReplay(Inputs.tenPercent(n))
  runTypeErased(Inputs.tenPercent(n))
  runTypeErasedPairs(Inputs.tenPercent(n))
  snapshotLines = runSnapshots(count: n / 10) + runSnapshots(count: n) + runOutlines(count: n)
  guardLines =
    runGuard(count: n) + runRecorder(count: 10_000) + runCoordinator(count: 10_000)
    + runScrollAnchor(count: 10_000)
    + runPrefetch(count: n)
    + (await runBudget(
      counts: quick ? [n] : [n, 10 * n],
      sizedCounts: quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]))
    + runSizing(counts: [100_000, 1_000_000])
    + runStreaming(counts: quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000])
    + runLayoutUpdates(counts: quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000])
  sweepLines = runSweep(
    count: n,
    ks: quick
      ? [1, 8, 9, 100, 1_000]
      : [1, 2, 4, 8, 9, 16, 32, 64, 128, 256, 512, 1_000, 2_000, 4_000, 10_000])
}

// The update pipeline: the main actor's share of an apply, and a burst.
var pipelineLines: [String] = []
if !options.scale, selected("pipeline") {
  pipelineLines = await runPipeline(
    count: options.quick ? 10_000 : 100_000, burst: options.quick ? 200 : 1_000,
    runs: options.quick ? 5 : options.runs)
}

// MARK: Report

let header = [
  "scenario", "median", "min", "floor", "x floor", "stdlib", "stdlib/us", "stages", "moves",
  "changes", "peak B/elem", "check",
]
var table: [[String]] = [header]
for row in rows {
  let ratio = row.floorRatio
  let standard = row.standardLibrary.map { $0.median.formatted } ?? "-"
  let versus = row.standardLibraryRatio.map { format($0, 1) + "x" } ?? row.standardLibraryNote
  table.append([
    row.name, row.stagecraft.median.formatted, row.stagecraft.minimum.formatted,
    row.floor.median.formatted, format(ratio, 2) + "x", standard, versus, String(row.stages),
    String(row.moves), String(row.changes), row.peakBytesPerElement.map { format($0, 1) } ?? "-",
    row.checked,
  ])
}
let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
print(
  "stagecraft-bench: medians of \(options.runs) interleaved rounds after a warm-up round; "
    + "ratios are medians of round-by-round ratios")
for (index, line) in table.enumerated() where rows.count > 0 {
  print(
    line.indices.map { pad(line[$0], widths[$0], right: $0 > 0 && $0 < 11) }.joined(separator: "  ")
  )
  if index == 0 { print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
}
for line in snapshotLines { print(line) }
for line in guardLines { print(line) }
for line in sweepLines { print(line) }
for line in pipelineLines { print(line) }
print("total \((clock.now - started).formatted)")

if let path = options.json {
  func number(_ value: Double?) -> String { value.map { String($0) } ?? "null" }
  let entries = rows.map { row in
    """
      {"scenario": "\(row.name)", "elements": \(row.elements), \
    "median_s": \(row.stagecraft.median.seconds), "min_s": \(row.stagecraft.minimum.seconds), \
    "floor_median_s": \(row.floor.median.seconds), \
    "ratio_to_floor": \(row.floorRatio), \
    "stdlib_median_s": \(number(row.standardLibrary?.median.seconds)), \
    "stages": \(row.stages), "moves": \(row.moves), "changes": \(row.changes), \
    "peak_bytes_per_element": \(number(row.peakBytesPerElement)), "check": "\(row.checked)"}
    """
  }
  let text = "[\n" + entries.joined(separator: ",\n") + "\n]\n"
  guard let file = fopen(path, "w") else {
    print("stagecraft-bench: cannot write \(path)")
    exit(2)
  }
  fputs(text, file)
  fclose(file)
}

if sweepFailed || snapshotFailed || rows.contains(where: { $0.checked != "ok" }) {
  print("stagecraft-bench: a result was wrong (see the check column)")
  exit(1)
}

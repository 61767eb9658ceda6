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

  init(_ arguments: [String]) {
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--quick": quick = true
      case "--scale": scale = true
      case "--filter": filter = iterator.next()
      case "--json": json = iterator.next()
      case "--runs": runs = max(5, Int(iterator.next() ?? "") ?? 11)
      case "--help", "-h":
        print(
          """
          usage: stagecraft-bench [--quick] [--filter TEXT] [--runs N] [--json FILE]
            --quick        small sizes only (well under 30 s); the CI smoke test
            --scale        only the scale scenarios: 10,000,000 flat, 1,000 x 10,000 sectioned
            --filter TEXT  only the scenarios whose name contains TEXT
            --runs N       timed rounds after one warm-up (at least 5; 11 by default)
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
  return name.localizedStandardContainsLite(filter)
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

@MainActor func runFlat(_ scenario: FlatScenario, standardLibraryBudget: Int) {
  guard selected(scenario.name) else { return }
  let (source, target) = (scenario.source, scenario.target)
  let staged = StagedChangeset(source: source, target: target)
  let moves = staged.reduce(0) { $0 + $1.elementMoved.count }
  var problems: [String] = []
  if (staged.last?.data ?? source) != target { problems.append("does not end at the target") }
  let minimum =
    scenario.expectedMoves ?? minimumMoves(source: source.map(\.id), target: target.map(\.id))
  if moves != minimum { problems.append("\(moves) moves, minimum \(minimum)") }

  let differing = staged.reduce(0) {
    $0 + $1.elementDeleted.count + $1.elementInserted.count + 2 * $1.elementMoved.count
  }
  var works: [() -> Any] = [
    { StagedChangeset(source: source, target: target) }, { floorWork(source, target) },
  ]
  var note = ""
  if (source.count + target.count) * max(differing, 1) <= standardLibraryBudget {
    works.append { target.difference(from: source) { $0.id == $1.id }.inferringMoves() }
  } else {
    note = "skipped: O(n·d) past the cap"
  }
  let timings = measureInterleaved(runs: options.runs, works)
  let (stagecraft, floor) = (timings[0], timings[1])
  let standardLibrary = timings.count > 2 ? timings[2] : nil
  let peak = peakBytesPerElement(elements: source.count + target.count) {
    blackHole(StagedChangeset(source: source, target: target))
  }
  rows.append(
    Row(
      name: scenario.name, elements: source.count, stagecraft: stagecraft, floor: floor,
      standardLibrary: standardLibrary, standardLibraryNote: note,
      floorRatio: medianRatio(stagecraft, floor),
      standardLibraryRatio: standardLibrary.map { medianRatio($0, stagecraft) },
      stages: staged.count,
      moves: moves, changes: staged.changeCount, peakBytesPerElement: peak,
      checked: problems.isEmpty ? "ok" : problems.joined(separator: "; ")))
}

@MainActor func runSectioned(sections: Int, perSection: Int) {
  let name = "sectioned \(sections)x\(perSection)"
  guard selected(name) else { return }
  let (source, target) = Inputs.sectioned(sections: sections, perSection: perSection)
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
      name: name, elements: flatSource.count, stagecraft: stagecraft, floor: floor,
      standardLibrary: nil, standardLibraryNote: "n/a: no sectioned diff",
      floorRatio: medianRatio(stagecraft, floor), standardLibraryRatio: nil, stages: staged.count,
      moves: staged.reduce(0) { $0 + $1.elementMoved.count + $1.sectionMoved.count },
      changes: staged.changeCount, peakBytesPerElement: peak, checked: problems))
}

@MainActor func runModelReplay(_ scenario: FlatScenario) {
  let name = "model replay \(scenario.source.count)"
  guard selected(name) else { return }
  let (source, target) = (scenario.source, scenario.target)
  let staged = StagedChangeset(source: source, target: target)
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
      standardLibrary: nil, standardLibraryNote: "n/a", floorRatio: medianRatio(stagecraft, floor),
      standardLibraryRatio: nil, stages: staged.count,
      moves: staged.reduce(0) { $0 + $1.elementMoved.count }, changes: staged.changeCount,
      peakBytesPerElement: peak, checked: problems))
}

/// The same diff on type-erased elements, measured against the unwrapped diff.
@MainActor func runTypeErased(_ scenario: FlatScenario) {
  let name = "AnyDifferentiable \(scenario.source.count) 10/10/10/10"
  guard selected(name) else { return }
  let (source, target) = (scenario.source, scenario.target)
  let wrappedSource = source.map(AnyDifferentiable.init)
  let wrappedTarget = target.map(AnyDifferentiable.init)
  let staged = StagedChangeset(source: wrappedSource, target: wrappedTarget)
  let plain = StagedChangeset(source: source, target: target)
  let same =
    staged.map { [$0.elementDeleted, $0.elementInserted, $0.elementUpdated] }
    == plain.map { [$0.elementDeleted, $0.elementInserted, $0.elementUpdated] }
    && staged.map(\.elementMoved) == plain.map(\.elementMoved)
  let timings = measureInterleaved(
    runs: options.runs,
    [
      { StagedChangeset(source: wrappedSource, target: wrappedTarget) },
      { floorWork(source, target) },
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
if options.scale {
  runFlat(Inputs.tenPercent(10_000_000), standardLibraryBudget: 0)
  runSectioned(sections: 1_000, perSection: 10_000)
} else if options.quick {
  let budget = 20_000_000
  for count in [1_000, 10_000, 100_000] {
    runFlat(Inputs.tenPercent(count), standardLibraryBudget: budget)
  }
  runFlat(Inputs.unchanged(10_000), standardLibraryBudget: budget)
  runFlat(Inputs.reversed(10_000), standardLibraryBudget: budget)
  runFlat(Inputs.replaced(10_000), standardLibraryBudget: budget)
  runFlat(Inputs.firstToEnd(10_000), standardLibraryBudget: budget)
  runFlat(Inputs.duplicates(10_000, values: 100), standardLibraryBudget: budget)
  runSectioned(sections: 100, perSection: 100)
  runModelReplay(Inputs.tenPercent(10_000))
  runTypeErased(Inputs.tenPercent(10_000))
} else {
  let budget = 400_000_000
  for count in [1_000, 10_000, 100_000, 1_000_000] {
    runFlat(Inputs.tenPercent(count), standardLibraryBudget: budget)
  }
  runFlat(Inputs.unchanged(100_000), standardLibraryBudget: budget)
  runFlat(Inputs.reversed(100_000), standardLibraryBudget: budget)
  runFlat(Inputs.replaced(100_000), standardLibraryBudget: budget)
  runFlat(Inputs.firstToEnd(100_000), standardLibraryBudget: budget)
  runFlat(Inputs.duplicates(100_000), standardLibraryBudget: budget)
  runSectioned(sections: 1_000, perSection: 100)
  runModelReplay(Inputs.tenPercent(100_000))
  runTypeErased(Inputs.tenPercent(100_000))
}

// The update pipeline: the main actor's share of an apply, and a burst.
var pipelineLines: [String] = []
if !options.scale, selected("pipeline") {
  pipelineLines = await runPipeline(
    count: options.quick ? 10_000 : 100_000, burst: options.quick ? 200 : 1_000,
    runs: options.quick ? 5 : options.runs)
}

// MARK: Report

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
  let padding = String(repeating: " ", count: max(0, width - text.count))
  return right ? padding + text : text + padding
}

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

if rows.contains(where: { $0.checked != "ok" }) {
  print("stagecraft-bench: a result was wrong (see the check column)")
  exit(1)
}

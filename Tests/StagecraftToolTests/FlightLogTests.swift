import Foundation
import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftTool

/// One entry point, driven as an app drives it, recording into its own recorder.
@MainActor
protocol RecordedEntryPoint {
  var recorder: FlightRecorder { get }
  /// Shows `items` through the entry point.
  func show(_ items: [Int]) async
  /// Changes the data, or the view, outside any update: the cause of most field crashes.
  func changeOutsideAnUpdate()
}

/// `reload(using:)` on a view, with the app's own array: the app appends to its array without
/// telling the view.
@MainActor final class ReloadEntry: RecordedEntryPoint {
  let recorder: FlightRecorder
  var items: [Int] = []
  lazy var view = HeadlessCollectionView(
    CollectionModel(items: [Int]()), items: { [unowned self] in items })
  init(recorder: FlightRecorder) { self.recorder = recorder }

  func show(_ next: [Int]) async {
    view.reload(
      using: StagedChangeset(source: items, target: next), guard: UpdateGuard(recorder: recorder),
      setData: { self.items = $0 })
  }

  func changeOutsideAnUpdate() { items.append(10_000 + items.count) }
}

/// Reloads `view` behind its owner's back, with one more item in its first section.
@MainActor func reloadBehindTheBack<Section: DifferentiableSection>(
  _ view: HeadlessCollectionView<Section>, extra: Section.Element
) where Section: RangeReplaceableSection {
  let read = view.dataSource
  view.dataSource = {
    var sections = read()
    if sections.isEmpty { return sections }
    sections[0].appendElement(extra)
    return sections
  }
  view.reloadData((), setData: {})
  view.dataSource = read
}

/// Sections that an element can be appended to, for `reloadBehindTheBack`.
protocol RangeReplaceableSection {
  associatedtype Element
  mutating func appendElement(_ element: Element)
}

extension ArraySection: RangeReplaceableSection {
  mutating func appendElement(_ element: Element) { elements.append(element) }
}

/// A diffable data source on a view.
@MainActor final class DataSourceEntry: RecordedEntryPoint {
  typealias Section = DiffableSnapshot<String, Int>.Section
  let recorder: FlightRecorder
  let view = HeadlessCollectionView(CollectionModel(sections: [Section]()))
  let dataSource: DiffableDataSource<HeadlessCollectionView<Section>, String, Int>

  init(recorder: FlightRecorder) {
    self.recorder = recorder
    dataSource = DiffableDataSource(target: view)
    dataSource.updateGuard = UpdateGuard(recorder: recorder)
    view.dataSource = { [weak dataSource] in dataSource?.shownSections ?? [] }
  }

  func show(_ next: [Int]) async {
    var snapshot = DiffableSnapshot<String, Int>()
    try? snapshot.appendSections(["main"])
    try? snapshot.appendItems(next)
    dataSource.apply(snapshot, animatingDifferences: true, completion: nil)
  }

  func changeOutsideAnUpdate() { reloadBehindTheBack(view, extra: SnapshotItem(99_999)) }
}

/// `UpdatePipeline` onto a view; now and then a request is superseded (coalesced).
@MainActor final class PipelineEntry: RecordedEntryPoint {
  let recorder: FlightRecorder
  let view = HeadlessCollectionView(CollectionModel(items: [Int]()), items: { [] })
  let pipeline: UpdatePipeline<[Int], Never>
  var round = 0

  init(recorder: FlightRecorder) {
    self.recorder = recorder
    pipeline = UpdatePipeline(target: view, items: [], guard: UpdateGuard(recorder: recorder))
    view.dataSource = { [weak pipeline] in [ArraySection(model: 0, elements: pipeline?.data ?? [])]
    }
  }

  func show(_ next: [Int]) async {
    round += 1
    if round % 3 == 0 { pipeline.apply(next.reversed(), animated: false) { _ in } }
    _ = await pipeline.apply(next, animated: false)
  }

  func changeOutsideAnUpdate() { reloadBehindTheBack(view, extra: 99_999) }
}

/// `CollectionCoordinator` onto a view.
@MainActor final class CoordinatorEntry: RecordedEntryPoint {
  let recorder: FlightRecorder
  let view = HeadlessCollectionView(CollectionModel(items: [Int]()))
  let coordinator:
    CollectionCoordinator<HeadlessCollectionView<ArraySection<Int, Int>>, ArraySection<Int, Int>>

  init(recorder: FlightRecorder) {
    self.recorder = recorder
    coordinator = CollectionCoordinator(target: view, guard: UpdateGuard(recorder: recorder))
  }

  func show(_ next: [Int]) async {
    coordinator.update(items: next, animated: false)
    await coordinator.waitForBackgroundDiffs()
    await coordinator.waitForCallbacks()
  }

  func changeOutsideAnUpdate() { reloadBehindTheBack(view, extra: 99_999) }
}

/// An app that makes its own batch updates on a recording view: the diff's stages, as
/// DifferenceKit's `reload(using:)` makes them, go through `BatchUpdateRecording`; the app
/// appends to its array without telling the view.
@MainActor final class RecordingViewEntry: RecordedEntryPoint {
  let recorder: FlightRecorder
  let recording: BatchUpdateRecording
  var items: [Int] = []
  /// The counts the view holds, as UIKit caches them.
  var held = [0]

  init(recorder: FlightRecorder) {
    self.recorder = recorder
    recording = BatchUpdateRecording(guard: UpdateGuard(recorder: recorder))
  }

  func show(_ next: [Int]) async {
    for stage in StagedChangeset(source: items, target: next) {
      recording.beginBatch()
      recording.add(
        BatchUpdate(
          deleteItems: stage.elementDeleted, insertItems: stage.elementInserted,
          reloadItems: stage.elementUpdated, moveItems: stage.elementMoved))
      // The data source switches to the stage's data inside the block; after it the view
      // holds the data source's counts, whether UIKit took the block or the view reloaded.
      items = Array(stage.data)
      recording.endBatch(viewCounts: held, dataCounts: [items.count])
      held = [items.count]
    }
  }

  func changeOutsideAnUpdate() { items.append(10_000 + items.count) }
}

@MainActor
@Suite("stagecraft replay: flight logs")
struct FlightLogTests {
  enum Entry: String, CaseIterable {
    case reload, dataSource, pipeline, coordinator, recordingView
  }

  func make(_ entry: Entry, _ recorder: FlightRecorder) -> any RecordedEntryPoint {
    switch entry {
    case .reload: ReloadEntry(recorder: recorder)
    case .dataSource: DataSourceEntry(recorder: recorder)
    case .pipeline: PipelineEntry(recorder: recorder)
    case .coordinator: CoordinatorEntry(recorder: recorder)
    case .recordingView: RecordingViewEntry(recorder: recorder)
    }
  }

  /// The next list: a few inserts, deletes and moves of unique items, never the same list.
  static func next(after items: [Int], _ random: inout SplitMix64) -> [Int] {
    var result = items
    for _ in 0..<Int(random.next() % 3) + 1 {
      switch random.next() % 3 {
      case 0 where !result.isEmpty: result.remove(at: Int(random.next() % UInt64(result.count)))
      case 1 where result.count > 1:
        let item = result.remove(at: Int(random.next() % UInt64(result.count)))
        result.insert(item, at: Int(random.next() % UInt64(result.count + 1)))
      default:
        let fresh = (0..<40).first { !result.contains($0) } ?? result.count + 100
        result.insert(fresh, at: Int(random.next() % UInt64(result.count + 1)))
      }
    }
    return result == items ? items + [(items.max() ?? 0) + 1] : result
  }

  /// Random sequences through each entry point, with a change outside any update injected
  /// at a random step: the replayed log names the first record after it, in every case.
  /// Without an injection every verdict replays as recorded and nothing is named.
  @Test(arguments: Entry.allCases)
  func replayNamesTheInjectedStep(entry: Entry) async throws {
    for seed in 0..<UInt64(toolTestSeeds(full: 12, reduced: 4)) {
      var random = SplitMix64(seed: seed &* 7 &+ UInt64(entry.rawValue.count))
      let recorder = FlightRecorder()
      let app = make(entry, recorder)
      let steps = 10
      let injectAt = seed % 4 == 0 ? nil : Int(random.next() % UInt64(steps - 1)) + 1
      var items: [Int] = []
      var mark: Int?
      for step in 0..<steps {
        if step == injectAt {
          mark = recorder.records.last?.sequence ?? 0
          app.changeOutsideAnUpdate()
        }
        items = Self.next(after: items, &random)
        await app.show(items)
      }
      let replay = try Self.replay(recorder)
      if let mark {
        let expected = recorder.records.first {
          $0.sequence > mark && $0.kind == .block && $0.verdict != .coalesced
        }
        #expect(expected != nil, "seed \(seed)")
        #expect(replay.firstDisagreement?.record == expected?.sequence, "seed \(seed)")
        let text = run("replay", "field.log", files: ["field.log": recorder.export()])
        #expect(text.status == 1)
        #expect(text.output.contains("first disagreement: record \(expected?.sequence ?? -1)\n"))
        #expect(text.output.contains("changed outside an update between records"))
      } else {
        #expect(replay.firstDisagreement == nil, "seed \(seed)")
        #expect(replay.verdictsAgree, "seed \(seed)")
        #expect(run("replay", "field.log", files: ["field.log": recorder.export()]).status == 0)
      }
      #expect(replay.verdictsAgree, "seed \(seed)")
      #expect(recorder.records.allSatisfy { $0.entry.rawValue == entry.rawValue })
    }
  }

  static func replay(_ recorder: FlightRecorder) throws -> FlightLogReplay {
    FlightLogReplay(try FlightLog.parse(Data(recorder.export().utf8)))
  }
}

@MainActor
@Suite("stagecraft replay: the ring and bad logs")
struct FlightLogRingTests {
  /// Runs `steps` random updates through `reload(using:)` into `recorder`, checking the
  /// budget after each.
  static func load(_ recorder: FlightRecorder, steps: Int, seed: UInt64) async {
    var random = SplitMix64(seed: seed)
    let app = ReloadEntry(recorder: recorder)
    var items: [Int] = []
    for _ in 0..<steps {
      items = FlightLogTests.next(after: items, &random)
      if random.next() % 5 == 0 { items += (200..<(200 + Int(random.next() % 30))).map { $0 } }
      await app.show(items)
      #expect(recorder.byteCount <= recorder.configuration.byteBudget)
    }
  }

  /// Under a random load and a small budget the ring wraps: it holds at most its budget, its
  /// oldest record is a keyframe, and the log replays from it with every verdict as recorded.
  @Test(arguments: [1_024, 3_000, 8_192])
  func aWrappedRingReplaysFromItsOldestKeyframe(budget: Int) async throws {
    let recorder = FlightRecorder(configuration: .init(byteBudget: budget))
    await Self.load(recorder, steps: 150, seed: UInt64(budget))
    let records = recorder.records
    #expect(records.first?.sequence ?? 0 > 1)  // it wrapped
    #expect(records.first?.kind == .keyframe)
    #expect(recorder.export().utf8.count <= budget + 200)  // the header's few bytes
    let replay = try FlightLogTests.replay(recorder)
    #expect(replay.firstDisagreement == nil && replay.verdictsAgree)
    #expect(replay.steps.count == records.count)
  }

  /// A block's record grows with its calls and sections, not with the list: one change to a
  /// list of 10,000 items records the same bytes as one change to a list of 10.
  @Test func recordsAreSizedByTheChange() async {
    func bytesOfOneChange(in count: Int) async -> Int {
      let recorder = FlightRecorder(configuration: .init(keyframeIdentifierLimit: 0))
      let app = ReloadEntry(recorder: recorder)
      await app.show(Array(0..<count))
      let before = recorder.byteCount
      var next = Array(0..<count)
      next.remove(at: count / 2)
      await app.show(next)
      return recorder.byteCount - before
    }
    let small = await bytesOfOneChange(in: 10)
    let large = await bytesOfOneChange(in: 10_000)
    // The counts' digits differ (10 against 10000), nothing else.
    #expect(large - small <= 16)
    #expect(large < 300)
  }

  /// Bad logs get a message naming the line and the problem, and exit status 2.
  @Test(arguments: [
    ("", "line 1: the log is empty"),
    ("not json\n", "line 1: the header is not JSON"),
    (#"{"format":"other","version":1}"# + "\n", "line 1: not a flight log"),
    (
      #"{"format":"stagecraft-flight-log","version":2}"# + "\n",
      "line 1: version 2 of the flight log is newer than this tool reads (1)"
    ),
    (#"{"format":"stagecraft-flight-log"}"# + "\n", "line 1: the header has no version"),
    (
      #"{"format":"stagecraft-flight-log","version":1}"# + "\n"
        + #"{"seq":1,"entry":"reload","view":"collectionView","kind":"reload","verdict":"performed"}"#
        + "\n" + #"{"seq":2,"entry":"rel"#, "line 3: the log is cut off in the middle of a record"
    ),
    (
      #"{"format":"stagecraft-flight-log","version":1}"# + "\n"
        + #"{"seq":1,"entry":"reload","view":"collectionView","kind":"block","verdict":"performed"}"#
        + "\n", "line 2: wrong shape: a block record needs its \"batch\" and \"countsAfter\""
    ),
    (
      #"{"format":"stagecraft-flight-log","version":1}"# + "\n"
        + #"{"seq":1,"entry":"elsewhere","view":"collectionView","kind":"reload","verdict":"performed"}"#
        + "\n", "line 2: wrong shape: unknown entry point"
    ),
    (
      #"{"format":"stagecraft-flight-log","version":1}"# + "\n"
        + #"{"seq":2,"entry":"reload","view":"collectionView","kind":"reload","verdict":"performed"}"#
        + "\n"
        + #"{"seq":1,"entry":"reload","view":"collectionView","kind":"reload","verdict":"performed"}"#
        + "\n", "line 3: record 1 follows record 2"
    ),
    (
      #"{"format":"stagecraft-flight-log","version":1}"# + "\n"
        + #"{"seq":1,"entry":"reload","view":"collectionView","kind":"block","verdict":"fellBack","batch":{},"countsAfter":[1]}"#
        + "\n", "line 2: wrong shape: a fellBack verdict needs its \"error\" or \"cause\""
    ),
    (
      #"{"format":"stagecraft-flight-log","version":1}"# + "\n"
        + #"{"seq":1,"entry":"reload","view":"collectionView","kind":"block","verdict":"performed","batch":{"insertItems":[[0]]},"countsAfter":[1]}"#
        + "\n", "line 2: wrong shape: \"insertItems\" holds [0]"
    ),
  ])
  func badLogsAreNamed(log: String, message: String) {
    let result = run("replay", "field.log", files: ["field.log": log])
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("stagecraft: field.log: " + message), "\(result.error)")
  }

  /// Every prefix of a real log, and every log with one byte changed, is read or refused with
  /// a message, never a trap (the fuzz target goes further).
  @Test func cutAndCorruptedLogsNeverTrap() async {
    let recorder = FlightRecorder()
    await Self.load(recorder, steps: 12, seed: 3)
    let log = Array(recorder.export().utf8)
    var refused = 0
    for length in stride(from: 0, to: log.count, by: 7) {
      let result = Tool.run(["replay", "f"], readFile: { _ in Data(log[..<length]) })
      #expect(result.status != 0 || length == 0 || result.output.contains("flight log"))
      if result.status == 2 { refused += 1; #expect(result.error.contains("line ")) }
    }
    var random = SplitMix64(seed: 9)
    for _ in 0..<200 {
      var bytes = log
      bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
      let result = Tool.run(["replay", "f"], readFile: { _ in Data(bytes) })
      #expect([0, 1, 2].contains(result.status))
      if result.status == 2 { #expect(result.error.contains("line ")) }
    }
    #expect(refused > 0)
  }
}

@MainActor
@Suite("stagecraft replay --emit-test")
struct EmittedTestTests {
  /// The library's object files and modules, beside the running test bundle.
  static var buildDirectory: URL? {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let modules = bundle.appendingPathComponent("Modules")
    return FileManager.default.fileExists(atPath: modules.path) ? bundle : nil
  }

  /// Runs a program; its standard output and status.
  static func execute(_ arguments: [String], in directory: URL) throws -> (String, Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: output, as: UTF8.self), process.terminationStatus)
  }

  /// Compiles emitted tests, each under its own names (`name` replaces `FieldLog`), with a
  /// main file that prints, for each, "passed" or the first refusal; the program's output.
  static func compileAndRun(_ tests: [(name: String, source: String)]) throws -> String {
    let build = try #require(buildDirectory)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagecraft-emitted-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var main = ""
    var files: [String] = []
    for (name, source) in tests {
      let renamed = source.replacingOccurrences(of: "FieldLog", with: name)
        .replacingOccurrences(of: "fieldLog", with: "f\(name)")
        .replacingOccurrences(of: "@MainActor @Test func", with: "@MainActor func")
      let file = "\(name).swift"
      try renamed.write(
        to: directory.appendingPathComponent(file), atomically: true, encoding: .utf8)
      files.append(file)
      main +=
        "MainActor.assumeIsolated { let refusals = replay\(name)(); "
        + #"print(refusals.first.map { "failed: \($0)" } ?? "passed") }"# + "\n"
    }
    try main.write(
      to: directory.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
    let modules = [
      "Stagecraft", "StagecraftDiff", "StagecraftReplay", "StagecraftModel", "StagecraftGuard",
      "StagecraftSnapshots",
      "StagecraftPlatforms", "StagecraftPipeline", "StagecraftCoordinator", "StagecraftSwiftUI",
    ]
    let objects = try modules.flatMap { module in
      let folder = build.appendingPathComponent("\(module).build")
      // The objects of the module's current sources (its `sources` list), not those a file
      // since renamed left behind in an incremental build.
      let sources = try String(
        contentsOf: folder.appendingPathComponent("sources"), encoding: .utf8)
      let current = Set(
        sources.split(separator: "\n").map { "\(($0 as Substring).split(separator: "/").last!).o" })
      return try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { current.contains($0) }.map { folder.appendingPathComponent($0).path }
    }
    let compile =
      ["swiftc", "-I", build.appendingPathComponent("Modules").path] + files + ["main.swift"]
      + objects + ["-o", "replay"]
    // A sanitizer run built the objects with its sanitizer: link with it too.
    var compiled = try execute(compile, in: directory)
    for sanitizer in ["address", "thread"] where compiled.1 != 0 {
      compiled = try execute(compile + ["-sanitize=\(sanitizer)"], in: directory)
    }
    #expect(compiled.1 == 0, "\(compiled.0)")
    return try execute(["./replay"], in: directory).0
  }

  /// The error the field run recorded for its first refused block.
  static func fieldError(_ recorder: FlightRecorder) -> BatchUpdateError? {
    for record in recorder.records where record.kind == .block {
      switch record.verdict {
      case .refused(let error), .fellBack(.refused(let error)): return error
      default: continue
      }
    }
    return nil
  }

  /// Logs from every entry point, each with a change outside an update or without, and a log
  /// of a data source that changed without an update: each emitted test compiles on the
  /// headless view and runs; it fails with the error the field run recorded where the field
  /// run refused a block, and passes for a clean log. The drifted log's test runs the app's
  /// code once the article's app is plugged in: it fails while the app adds its loading
  /// section behind the diff (the guard's fallback fails it, not only a refusal), and passes
  /// once the article's fix is applied to the app.
  @Test func theEmittedTestsCompileAndFailWhereTheFieldRunsFailed() async throws {
    var tests: [(name: String, source: String)] = []
    var expected: [String] = []
    for entry in FlightLogTests.Entry.allCases {
      for injected in [true, false] {
        let recorder = FlightRecorder()
        let app = FlightLogTests().make(entry, recorder)
        var random = SplitMix64(seed: 11)
        var items: [Int] = []
        for step in 0..<8 {
          if injected, step == 5 { app.changeOutsideAnUpdate() }
          items = FlightLogTests.next(after: items, &random)
          await app.show(items)
        }
        let error = Self.fieldError(recorder)
        #expect((error != nil) == injected, "\(entry)")
        let emitted = run(
          "replay", "field.log", "--emit-test", files: ["field.log": recorder.export()])
        #expect(emitted.status == (injected ? 1 : 0), "\(entry)")
        tests.append(("Log\(entry.rawValue.capitalized)\(injected)", emitted.output))
        expected.append(error.map { "failed: \($0.description)" } ?? "passed")
      }
    }
    // The loading-section log, as printed; with the article's app plugged in; with the
    // article's fix applied to that app. Fails, fails, passes.
    let drifted = try await Self.loadingSectionLog()
    tests.append(("LogDrift", drifted))
    expected.append("failed: Invalid")
    let app = try FlightLogArticleTests.articlesApp()
    let plugged = try #require(Self.plugIn(app, into: drifted))
    tests.append(("LogBuggy", plugged))
    expected.append("failed: the data source changed without an update")
    let fixed = try FlightLogArticleTests.fixed(app)
    #expect(fixed != app)
    tests.append(("LogFixed", try #require(Self.plugIn(fixed, into: drifted))))
    expected.append("passed")
    let output = try Self.compileAndRun(tests).split(
      separator: "\n", omittingEmptySubsequences: false)
    // UIKit's iOS 17 texts run over several lines: each program line starts a result.
    var results: [String] = []
    for line in output {
      if line.hasPrefix("failed: ") || line == "passed" {
        results.append(String(line))
      } else if !results.isEmpty, !line.isEmpty {
        results[results.count - 1] += "\n" + line
      }
    }
    #expect(results.count == expected.count)
    for (result, expectation) in zip(results, expected) {
      if expectation.hasPrefix("failed: "), !expectation.contains(".") {
        #expect(result.hasPrefix(expectation), "\(result)")
      } else {
        #expect(result == expectation)
      }
    }
  }

  /// A coordinator whose view's data source adds a loading section from a flag, without an
  /// update: the emitted test of its log.
  static func loadingSectionLog() async throws -> String {
    let recorder = FlightRecorder()
    let view = HeadlessCollectionView(CollectionModel(sections: [ArraySection<Int, Int>]()))
    let coordinator = CollectionCoordinator(target: view, guard: UpdateGuard(recorder: recorder))
    var isLoading = false
    let read = view.dataSource
    view.dataSource = {
      isLoading ? read() + [ArraySection(model: -1, elements: [-1])] : read()
    }
    // The article's inbox: three messages, then a sync that starts without an update.
    for (step, items) in [[1, 2, 3], [4, 1, 2, 3]].enumerated() {
      if step == 1 { isLoading = true }
      coordinator.update(sections: [ArraySection(model: 0, elements: items)], animated: true)
      await coordinator.waitForBackgroundDiffs()
      await coordinator.waitForCallbacks()
    }
    #expect(view.refusals.isEmpty)
    #expect(recorder.records.contains { $0.verdict == .fellBack(.dataSourceChanged) })
    let emitted = run("replay", "field.log", "--emit-test", files: ["field.log": recorder.export()])
    #expect(emitted.status == 1)
    return emitted.output
  }

  /// `test` with the app `app` plugged in where the emitted test says: its
  /// `makeFieldLogApp(guard:)` replaced by the app's, and the app's class added.
  static func plugIn(_ app: String, into test: String) -> String? {
    let made = """
      @MainActor func makeFieldLogApp(guard check: UpdateGuard) -> any FieldLogApp {
        FieldLogReplay()
      }
      """
    guard test.contains(made), app.contains("func makeFieldLogApp") else { return nil }
    return test.replacingOccurrences(of: made, with: "") + "\n" + app
  }
}

@Suite("stagecraft replay: the article's example")
struct FlightLogArticleTests {
  /// The article Reproducing a Field Crash's code blocks that are not Swift.
  static func articleBlocks() throws -> [String] {
    let article = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent(
          "../../Sources/Stagecraft/Stagecraft.docc/ReproducingAFieldCrash.md"),
      encoding: .utf8)
    // Fenced blocks, each from a line that opens with three backticks (and a language, for
    // Swift) to the next line of three backticks alone.
    var blocks: [String] = []
    var current: [Substring]?
    var isSwift = false
    for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        if let lines = current {
          if !isSwift { blocks.append(lines.joined(separator: "\n") + "\n") }
          current = nil
        } else {
          current = []
          isSwift = line.count > 3
        }
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// The logs and the outputs the article shows: each log's replay prints what the article
  /// prints after it (the article shortens a refusal's text in a log; the tool reads it as
  /// written), and the drifted log's emitted test holds the lines the article quotes.
  @Test func theArticlesExamplesAreWhatTheToolPrints() throws {
    let blocks = try Self.articleBlocks()
    let logs = blocks.filter { $0.hasPrefix(#"{"format""#) }
    let printed = blocks.filter { $0.hasPrefix("flight log version") }
    #expect(logs.count == 2 && printed.count == 2)
    for (log, output) in zip(logs, printed) {
      let result = run("replay", "field.log", files: ["field.log": log])
      #expect(result.status == 1)
      #expect(result.output.hasPrefix(output), "\(result.output)")
    }
    let excerpt = try #require(blocks.first { $0.contains("app.prepare(forUpdate:") })
    let emitted = run("replay", "field.log", "--emit-test", files: ["field.log": logs[1]])
    for line in excerpt.split(separator: "\n") {
      #expect(emitted.output.contains(line), "\(line)")
    }
  }

  /// The fix the article gives, as written.
  /// The article's app for the emitted test, as it plugs in before the fix.
  static func articlesApp() throws -> String {
    try #require(try articleBlocks().first { $0.hasPrefix("@MainActor final class FieldLogInbox") })
  }

  /// `app` with the article's fix applied: its `show` as the article's fix writes it, and the
  /// data source the coordinator set.
  static func fixed(_ app: String) throws -> String {
    let show = try #require(try articleBlocks().first { $0.hasPrefix("  func show(") })
    let lines = app.split(separator: "\n", omittingEmptySubsequences: false)
    let showStart = try #require(lines.firstIndex { $0.hasPrefix("  func show(") })
    let showEnd = try #require(lines[showStart...].firstIndex { $0 == "  }" })
    let readStart = try #require(lines.firstIndex { $0.contains("let read = coordinator") })
    let readEnd = try #require(lines[readStart...].firstIndex { $0 == "    }" })
    var fixed = lines
    fixed.replaceSubrange(
      showStart...showEnd,
      with: show.trimmingCharacters(in: .newlines).split(separator: "\n").map { $0 })
    fixed.removeSubrange(readStart...readEnd)
    return fixed.joined(separator: "\n")
  }
}

import Foundation
import Testing

/// Code written against 1.1 meets 2.0: each removed or renamed form is refused with a
/// diagnostic that names its replacement, as Xcode shows it, and code written for 2.0 beside
/// it compiles with none (the unavailable forms take no call away from the new ones).
@MainActor
@Suite("Migrating from 1.1: the compiler names each replacement")
struct MigrationTests {
  /// Calls of 1.1, each followed by the words its diagnostic must contain.
  static let eleven = """
    import Stagecraft

    @MainActor func eleven() throws {
      var model = CollectionModel<ArraySection<Int, Int>>(sections: [])
      let staged = StagedChangeset(source: [1, 2], target: [2, 1])
      let headless = HeadlessCollectionView(model)
      try model.reload(using: staged, elementUpdates: .reconfigure)  // expect: strategy: UpdateStrategy().elementUpdates
      let view = CollectionModelView(model)
      try view.reload(using: staged, elementUpdates: .reload)  // expect: strategy: UpdateStrategy().elementUpdates
      headless.reload(using: staged, elementUpdates: .reload, setData: { _ in })  // expect: strategy: UpdateStrategy().elementUpdates
      headless.reload(using: staged, setData: { _ in }) { finished in if finished { print(1) } }  // expect: outcome.showsFinalData
      _ = UpdatePipeline(target: headless, items: [1], elementUpdates: .reload)  // expect: strategy: UpdateStrategy().elementUpdates
      _ = UpdatePipeline(target: headless, sections: [ArraySection(model: 0, elements: [1])], elementUpdates: .reload)  // expect: strategy: UpdateStrategy().elementUpdates
      typealias Coordinator = CollectionCoordinator<HeadlessCollectionView<ArraySection<Int, Int>>, ArraySection<Int, Int>>
      _ = Coordinator(target: headless, elementUpdates: .reload)  // expect: UpdateStrategy.coordinator.elementUpdates
      let recording = BatchUpdateRecording(view: .tableView, recorder: nil, refusalPolicy: .raise)  // expect: renamed to 'init(view:guard:)'
      _ = recording.refusalPolicy  // expect: renamed to 'updateGuard'
      _ = recording.recorder  // expect: updateGuard?.recorder
      _ = recording.wording  // expect: updateGuard?.wording
    }

    func elevenGeneric<T: BatchUpdateTarget>(_ target: inout T) {
      _ = target.scrollMetrics  // expect: moved to ScrollableTarget
      _ = target.visibleItemPaths  // expect: moved to ScrollableTarget
      _ = target.selectedItemPaths  // expect: moved to SelectableTarget
      _ = target.dataSourceItemCounts  // expect: moved to DataSourceBackedTarget
      _ = target.lastBlockRefusal  // expect: moved to RefusalReportingTarget
      target.setContentOffset(0)  // expect: moved to ScrollableTarget
      target.replayWillBegin()  // expect: moved to ReplayObservingTarget
      target.moveItemInteractively(from: ElementPath(element: 0, section: 0), to: ElementPath(element: 1, section: 0))  // expect: moved to ReorderableTarget
    }
    """

  /// The same work written for 2.0.
  static let twenty = """
    import Stagecraft

    @MainActor func twenty() throws {
      var model = CollectionModel<ArraySection<Int, Int>>(sections: [])
      let staged = StagedChangeset(source: [1, 2], target: [2, 1])
      let headless = HeadlessCollectionView(model)
      try model.reload(using: staged, strategy: UpdateStrategy().elementUpdates(.reconfigure))
      try model.reload(using: staged, completion: { outcome in print(outcome) })
      let view = CollectionModelView(model)
      try view.reload(using: staged, strategy: UpdateStrategy().elementUpdates(.reload))
      headless.reload(using: staged, setData: { _ in }) { outcome in print(outcome.showsFinalData) }
      headless.reload(using: staged, setData: { _ in }) { _ in }
      headless.reload(using: staged, setData: { _ in })
      _ = UpdatePipeline(target: headless, items: [1])
      _ = UpdatePipeline(target: headless, items: [1], strategy: UpdateStrategy().elementUpdates(.reload))
      typealias Coordinator = CollectionCoordinator<HeadlessCollectionView<ArraySection<Int, Int>>, ArraySection<Int, Int>>
      _ = Coordinator(target: headless, strategy: .coordinator)
      let recording = BatchUpdateRecording(view: .tableView, guard: .off)
      _ = recording.updateGuard?.recorder
      _ = (headless.scrollMetrics, headless.visibleItemPaths, headless.selectedItemPaths)
      _ = (headless.dataSourceItemCounts, headless.lastBlockRefusal)
      headless.setContentOffset(0)
      headless.moveItemInteractively(from: ElementPath(element: 0, section: 0), to: ElementPath(element: 1, section: 0))
    }

    func twentyGeneric<T: ScrollableTarget & SelectableTarget & ReplayObservingTarget>(_ target: inout T) {
      _ = (target.scrollMetrics, target.visibleItemPaths, target.selectedItemPaths)
      target.setContentOffset(0)
      target.replayWillBegin()
    }
    """

  @Test func eachRemovedFormNamesItsReplacement() throws {
    let build = try #require(EmittedTestTests.buildDirectory)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("stagecraft-migration-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (name, source) in [("Eleven.swift", Self.eleven), ("Twenty.swift", Self.twenty)] {
      try source.write(
        to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let command = [
      "swiftc", "-typecheck", "-swift-version", "6", "-I",
      build.appendingPathComponent("Modules").path, "Eleven.swift", "Twenty.swift",
    ]
    var (output, status) = try EmittedTestTests.execute(command, in: directory)
    // A sanitizer run built the modules with its sanitizer: check with it too.
    for sanitizer in ["address", "thread"] where output.contains("sanitize") {
      (output, status) = try EmittedTestTests.execute(
        command + ["-sanitize=\(sanitizer)"], in: directory)
    }
    #expect(status != 0)
    // Each diagnostic's first line: `file:line:column: error: text`.
    var errors: [String: [Int: [String]]] = [:]
    for line in output.split(separator: "\n") where line.contains(": error: ") {
      let parts = line.split(separator: ":", maxSplits: 3)
      guard parts.count == 4, let number = Int(parts[1]) else { continue }
      let file = String(parts[0].split(separator: "/").last ?? "")
      errors[file, default: [:]][number, default: []].append(String(parts[3]))
    }
    #expect(errors["Twenty.swift"] == nil, "2.0 code compiles: \(errors["Twenty.swift"] ?? [:])")
    var expected = 0
    for (index, line) in Self.eleven.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      guard let marker = line.range(of: "// expect: ") else { continue }
      expected += 1
      let words = String(line[marker.upperBound...])
      let found = errors["Eleven.swift"]?[index + 1] ?? []
      #expect(found.contains { $0.contains(words) }, "line \(index + 1): \(found)")
    }
    #expect(expected == 19)
  }
}

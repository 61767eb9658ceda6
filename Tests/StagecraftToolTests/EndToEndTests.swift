import Foundation
import Testing

/// Runs the built `stagecraft` binary on files in a temporary folder.
@Suite("stagecraft: end to end")
struct EndToEndTests {
  /// The `stagecraft` executable next to the test bundle (SwiftPM builds it with the tests).
  static func binary() throws -> URL {
    let candidates = [
      Bundle.main.bundleURL.deletingLastPathComponent(),
      Bundle.main.bundleURL,
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug"),
    ].map { $0.appendingPathComponent("stagecraft") }
    return try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
      "no stagecraft binary in \(candidates.map(\.path))")
  }

  struct Run {
    var output: String
    var error: String
    var status: Int32
  }

  func stagecraft(_ arguments: [String], files: [String: String]) throws -> Run {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stagecraft-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    let process = Process()
    process.executableURL = try Self.binary()
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self), status: process.terminationStatus)
  }

  @Test func aDirectoryIsNamedAsSuch() throws {
    let run = try stagecraft(["diff", ".", "new.json"], files: ["new.json": "[]"])
    #expect(run.status == 2)
    #expect(run.error == "stagecraft: .: cannot read the file: it is a directory, not a file\n")
  }

  @Test func diffAndReplay() throws {
    let run = try stagecraft(
      ["diff", "old.json", "new.json", "--replay"],
      files: ["old.json": #"[{"id":1},{"id":2}]"#, "new.json": #"[{"id":2},{"id":3}]"#])
    #expect(run.status == 0)
    #expect(run.output.contains("delete [0, 0]  1"))
    #expect(run.output.contains("insert [0, 1]  3"))
    #expect(
      run.output.hasSuffix("replay: valid (CollectionModel accepted every stage; no stale cells)\n")
    )
  }

  @Test func checkRefusesWithExitCodeOne() throws {
    let run = try stagecraft(
      ["check", "old.json", "new.json", "batch.json"],
      files: [
        "old.json": "[1, 2, 3]", "new.json": "[1, 2]",
        "batch.json": #"{"deleteItems": [[0, 5]]}"#,
      ])
    #expect(run.status == 1)
    #expect(
      run.output.hasPrefix(
        "refused: attempt to delete item 5 from section 0 which only contains 3 items before the "
          + "update\n\nWhat disagreed:\n"))
  }

  @Test func noArgumentsRunsTheDemo() throws {
    let run = try stagecraft([], files: [:])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("stagecraft demo:"))
  }

  @Test(arguments: [
    (
      ["diff", "missing.json", "new.json"],
      "stagecraft: missing.json: cannot read the file: no such file"
    ),
    (["diff", "broken.json", "new.json"], "stagecraft: broken.json: invalid JSON:"),
    (["diff", "noid.json", "new.json"], "stagecraft: noid.json: missing identity key:"),
    (["diff", "shape.json", "new.json"], "stagecraft: shape.json: wrong shape:"),
    (["check", "new.json", "new.json", "shape.json"], "stagecraft: shape.json: wrong shape:"),
    (["diff", "--nope"], "stagecraft: unknown option '--nope'"),
  ])
  func badInputExitsTwoWithOneLineAndNoTrace(arguments: [String], prefix: String) throws {
    let run = try stagecraft(
      arguments,
      files: [
        "new.json": "[]", "broken.json": "[{", "noid.json": #"[{"x":1}]"#, "shape.json": #""text""#,
      ])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.error.hasPrefix(prefix), "\(run.error)")
    #expect(!run.error.contains("Stack") && !run.error.contains("Fatal error"))
    #expect(run.error.split(separator: "\n").count <= 2)
  }
}

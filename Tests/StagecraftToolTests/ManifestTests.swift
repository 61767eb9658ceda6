import Foundation
import Testing

/// The README's installation manifest, as a user would paste it: in a package next to a
/// checkout of this one, it must resolve to the `Stagecraft` product of the package
/// `stagecraft`.
@Suite("README: the installation manifest resolves")
struct ManifestTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `swift` from the toolchain that runs the tests, if it can be found.
  static func swift() -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
      .map { $0.appendingPathComponent("swift") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  @Test func theReadmeManifestResolvesAgainstThisCheckout() throws {
    let manifests = Self.root.appendingPathComponent("Tests/StagecraftToolTests/DocManifests")
    let names = try FileManager.default.contentsOfDirectory(atPath: manifests.path)
    #expect(!names.isEmpty, "the README shows no manifest")
    let swift = try #require(Self.swift(), "no swift on PATH")
    for name in names {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "stagecraft-manifest-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: folder) }
      let app = folder.appendingPathComponent("MyApp")
      try FileManager.default.createDirectory(
        at: app.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true)
      // The manifest depends on "../stagecraft": a checkout next to the app.
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent("stagecraft"), withDestinationURL: Self.root)
      try FileManager.default.copyItem(
        at: manifests.appendingPathComponent(name), to: app.appendingPathComponent("Package.swift"))
      try Data("import Stagecraft\n".utf8).write(
        to: app.appendingPathComponent("Sources/MyApp/main.swift"))
      let process = Process()
      process.executableURL = swift
      process.arguments = ["package", "--package-path", app.path, "describe", "--type", "json"]
      let output = Pipe()
      let error = Pipe()
      process.standardOutput = output
      process.standardError = error
      try process.run()
      let described = String(
        decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let problems = String(
        decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(name): \(problems)")
      #expect(described.contains("\"Stagecraft\""), "\(name): \(described)")
    }
  }
}

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

  /// Runs `swift package describe` on an app whose manifest is `manifest`, next to a link
  /// to this checkout named `folder`: the exit status, standard output and standard error.
  static func describe(manifest: String, checkoutFolder folder: String) throws
    -> (status: Int32, output: String, error: String)
  {
    let swift = try #require(Self.swift(), "no swift on PATH")
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stagecraft-manifest-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let app = root.appendingPathComponent("MyApp")
    try FileManager.default.createDirectory(
      at: app.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: root.appendingPathComponent(folder), withDestinationURL: Self.root)
    try Data(manifest.utf8).write(to: app.appendingPathComponent("Package.swift"))
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
    let problems = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, described, problems)
  }

  static func readmeManifests() throws -> [(name: String, text: String)] {
    let manifests = Self.root.appendingPathComponent("Tests/StagecraftToolTests/DocManifests")
    return try FileManager.default.contentsOfDirectory(atPath: manifests.path).sorted().map {
      ($0, try String(contentsOf: manifests.appendingPathComponent($0), encoding: .utf8))
    }
  }

  /// As written, next to a checkout named `stagecraft`, and with only the path changed, next
  /// to a checkout in a folder of another name (the README says to change the path).
  @Test(arguments: ["stagecraft", "main"])
  func theReadmeManifestResolvesFromAnyFolderName(folder: String) throws {
    let manifests = try Self.readmeManifests()
    #expect(!manifests.isEmpty, "the README shows no manifest")
    for (name, text) in manifests {
      let manifest = text.replacingOccurrences(of: "\"../stagecraft\"", with: "\"../\(folder)\"")
      let result = try Self.describe(manifest: manifest, checkoutFolder: folder)
      #expect(result.status == 0, "\(name): \(result.error)")
      #expect(result.output.contains("\"Stagecraft\""), "\(name): \(result.output)")
    }
  }

  /// Without `name: "stagecraft"`, a checkout in a folder called `main` fails with the error
  /// the README quotes: SwiftPM names a path dependency after its folder.
  @Test func withoutTheNameAFolderOfAnotherNameFailsAsTheReadmeSays() throws {
    let (_, text) = try #require(try Self.readmeManifests().first)
    let manifest = text.replacingOccurrences(
      of: #".package(name: "stagecraft", path: "../stagecraft")"#,
      with: #".package(path: "../main")"#)
    #expect(manifest != text)
    let result = try Self.describe(manifest: manifest, checkoutFolder: "main")
    #expect(result.status != 0)
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let quoted = try #require(
      readme.split(separator: "\n").first { $0.hasPrefix("error: 'myapp': unknown package") })
    // The quoted line up to the path, which is the reader's own.
    let claim = try #require(quoted.components(separatedBy: " (at ").first)
    #expect(result.error.contains(claim), "\(result.error)")
  }
}

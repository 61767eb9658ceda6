// swift-tools-version:6.0
import PackageDescription

// Target dependencies are named here so that `dependencies: []` below stays the only
// package-dependency list: the package depends on nothing outside itself.
let onLibrary: [Target.Dependency] = ["Stagecraft"]
let onTool: [Target.Dependency] = ["StagecraftTool"]
let onToolAndCLI: [Target.Dependency] = ["StagecraftTool", "StagecraftCLI"]

let package = Package(
  name: "Stagecraft",
  products: [
    .library(name: "Stagecraft", targets: ["Stagecraft"]),
    .executable(name: "stagecraft-bench", targets: ["stagecraft-bench"]),
    .executable(name: "stagecraft", targets: ["StagecraftCLI"]),
  ],
  dependencies: [],
  targets: [
    .target(
      name: "Stagecraft",
      swiftSettings: [
        // Internal invariant checks (`_checkInvariants()`); the benchmark refuses them.
        .define("STAGECRAFT_INTERNAL_CHECKS", .when(configuration: .debug))
      ]
    ),
    .executableTarget(name: "stagecraft-bench", dependencies: onLibrary),
    // The command-line tool; the only targets that may use Foundation.
    .target(name: "StagecraftTool", dependencies: onLibrary),
    .executableTarget(name: "StagecraftCLI", dependencies: onTool),
    .testTarget(name: "StagecraftToolTests", dependencies: onToolAndCLI),
    .testTarget(name: "StagecraftTests", dependencies: onLibrary),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
import PackageDescription

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
        // `swift build -Xswiftc -DSTAGECRAFT_INTERNAL_CHECKS` turns on invariant checks.
        .define("STAGECRAFT_INTERNAL_CHECKS", .when(configuration: .debug))
      ]
    ),
    .executableTarget(
      name: "stagecraft-bench",
      dependencies: ["Stagecraft"]
    ),
    // The command-line tool; the only targets that may use Foundation.
    .target(
      name: "StagecraftTool",
      dependencies: ["Stagecraft"]
    ),
    .executableTarget(
      name: "StagecraftCLI",
      dependencies: ["StagecraftTool"]
    ),
    .testTarget(
      name: "StagecraftToolTests",
      dependencies: ["StagecraftTool", "StagecraftCLI"]
    ),
    .testTarget(
      name: "StagecraftTests",
      dependencies: ["Stagecraft"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

// The library is five layers, each its own module, so that a dependency pointing the wrong
// way fails the build; `Stagecraft` re-exports them as one product:
//
//   StagecraftDiff       identity, change types, the diff
//   StagecraftReplay     BatchUpdate, UIKit's old -> new map, BatchUpdateTarget, the replay
//   StagecraftModel      CollectionModel: validates batches as UIKit does
//   StagecraftSnapshots  DiffableSnapshot and DiffableDataSource
//   StagecraftPlatforms  UICollectionView, UITableView and NSCollectionView adapters
let checks: [SwiftSetting] = [
  // Internal invariant checks (`_checkInvariants()`); the benchmark refuses them.
  .define("STAGECRAFT_INTERNAL_CHECKS", .when(configuration: .debug))
]

let package = Package(
  name: "stagecraft",
  products: [
    .library(name: "Stagecraft", targets: ["Stagecraft"]),
    .executable(name: "stagecraft-bench", targets: ["stagecraft-bench"]),
    .executable(name: "stagecraft", targets: ["StagecraftCLI"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "StagecraftDiff", swiftSettings: checks),
    .target(name: "StagecraftReplay", dependencies: ["StagecraftDiff"], swiftSettings: checks),
    .target(
      name: "StagecraftModel", dependencies: ["StagecraftDiff", "StagecraftReplay"],
      swiftSettings: checks),
    .target(
      name: "StagecraftSnapshots",
      dependencies: ["StagecraftDiff", "StagecraftReplay", "StagecraftModel"],
      swiftSettings: checks),
    .target(
      name: "StagecraftPlatforms", dependencies: ["StagecraftDiff", "StagecraftReplay"],
      swiftSettings: checks),
    .target(
      name: "Stagecraft",
      dependencies: [
        "StagecraftDiff", "StagecraftReplay", "StagecraftModel", "StagecraftSnapshots",
        "StagecraftPlatforms",
      ]),
    // Shared by the tests, the fuzzers and the benchmark: reference matcher, LIS oracle,
    // seeded generator, replay oracle. Not part of any library product.
    .target(name: "StagecraftTestSupport", dependencies: ["Stagecraft"]),
    .executableTarget(
      name: "stagecraft-bench", dependencies: ["Stagecraft", "StagecraftTestSupport"]),
    // The command-line tool; the only targets that may use Foundation.
    .target(name: "StagecraftTool", dependencies: ["Stagecraft"]),
    .executableTarget(name: "StagecraftCLI", dependencies: ["StagecraftTool"]),
    .testTarget(
      name: "StagecraftToolTests", dependencies: ["StagecraftTool", "StagecraftCLI"]),
    .testTarget(name: "StagecraftTests", dependencies: ["Stagecraft", "StagecraftTestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

// The library is nine layers, each its own module, so that a dependency pointing the wrong
// way fails the build; `Stagecraft` re-exports them as one product. Data flows down the list,
// and nothing points up it (Scripts/check-layers.py checks this list against the targets'
// dependencies, in CI):
//
//   1 StagecraftDiff         identity, change types, the diff
//   2 StagecraftReplay       BatchUpdate, UIKit's old -> new map, BatchUpdateTarget, the one
//                            replay, UpdateStrategy, and the scrolling vocabulary
//   3 StagecraftModel        CollectionModel: validates batches as UIKit does; the headless
//                            views (CollectionModelView, HeadlessCollectionView); prefetching
//   4 StagecraftGuard        the guarded replay onto views (reload(using:)), UpdateGuard, and
//                            the flight recorder
//   5 StagecraftSnapshots    DiffableSnapshot, DiffableDataSource, outlines
//   6 StagecraftPlatforms    UIKit and AppKit adapters, and the drop-in data sources on them
//   7 StagecraftPipeline     UpdatePipeline: updates from any thread, latest wins, in order
//   8 StagecraftCoordinator  CollectionCoordinator: what a SwiftUI collection's coordinator
//                            does, headless
//   9 StagecraftSwiftUI      StagedCollection, the SwiftUI view over it (Apple platforms only)
//
// Then the tools: stagecraft-bench and the stagecraft command (StagecraftTool).
// Internal invariant checks (`_checkInvariants()`, `_stagecraftInternalChecksEnabled`): on
// only when asked, with STAGECRAFT_INTERNAL_CHECKS=1 in the environment of the build
// (`STAGECRAFT_INTERNAL_CHECKS=1 swift test`, as CI runs the suite at full scale). They cost
// O(n) per diff and per update, so an app's debug build of the package, which never asks,
// compiles none of them; the benchmark refuses to run with them.
let internalChecks = ["1", "true", "yes"].contains(
  Context.environment["STAGECRAFT_INTERNAL_CHECKS"]?.lowercased() ?? "")
let checks: [SwiftSetting] = internalChecks ? [.define("STAGECRAFT_INTERNAL_CHECKS")] : []

let package = Package(
  name: "stagecraft",
  // The floor: iOS 15, the oldest deployment target the current Xcode builds for (Xcode 27
  // accepts iOS 15.0 to 27), and the first with `reconfigureItems`, which element updates use;
  // the other platforms of the same year. Every module builds at exactly this floor
  // (Scripts/check-apple-sdk.sh checks iOS against Apple's SDK); what is newer stays behind
  // `@available` / `#available`. Linux ignores `platforms:`.
  platforms: [
    .iOS(.v15), .macCatalyst(.v15), .tvOS(.v15), .macOS(.v12), .watchOS(.v8), .visionOS(.v1),
  ],
  // A product per layer an app or a library takes alone (with the layers below it), and the
  // whole library under one import.
  products: [
    // The diff: `Differentiable`, `StagedChangeset` and the change types. What a library
    // author builds a list framework on.
    .library(name: "StagecraftDiff", targets: ["StagecraftDiff"]),
    // The headless `CollectionModel` and its views, and the diff and `BatchUpdate` below it:
    // what a test target takes to check its updates as UIKit would.
    .library(name: "StagecraftModel", targets: ["StagecraftModel"]),
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
      name: "StagecraftGuard",
      dependencies: ["StagecraftDiff", "StagecraftReplay", "StagecraftModel"],
      swiftSettings: checks),
    .target(
      name: "StagecraftSnapshots",
      dependencies: ["StagecraftDiff", "StagecraftReplay", "StagecraftModel", "StagecraftGuard"],
      swiftSettings: checks),
    .target(
      name: "StagecraftPlatforms",
      dependencies: [
        "StagecraftDiff", "StagecraftReplay", "StagecraftModel", "StagecraftGuard",
        "StagecraftSnapshots",
      ],
      swiftSettings: checks),
    .target(
      name: "StagecraftPipeline",
      dependencies: ["StagecraftDiff", "StagecraftReplay", "StagecraftModel", "StagecraftGuard"],
      swiftSettings: checks),
    .target(
      name: "StagecraftCoordinator",
      dependencies: [
        "StagecraftDiff", "StagecraftReplay", "StagecraftModel", "StagecraftGuard",
        "StagecraftPipeline",
      ],
      swiftSettings: checks),
    // The SwiftUI collection: a thin shell over the coordinator, built where SwiftUI and
    // UIKit exist (its files are empty elsewhere).
    .target(
      name: "StagecraftSwiftUI",
      dependencies: [
        "StagecraftDiff", "StagecraftReplay", "StagecraftModel", "StagecraftPlatforms",
        "StagecraftCoordinator",
      ]),
    .target(
      name: "Stagecraft",
      dependencies: [
        "StagecraftDiff", "StagecraftReplay", "StagecraftModel", "StagecraftGuard",
        "StagecraftSnapshots", "StagecraftPlatforms", "StagecraftPipeline", "StagecraftCoordinator",
        "StagecraftSwiftUI",
      ]),
    // Shared by the tests, the fuzzers and the benchmark: the reference matcher, the LIS
    // oracle, the seeded generator, the one replay oracle and the counts-only view double.
    // Not part of any library product.
    .target(name: "StagecraftTestSupport", dependencies: ["Stagecraft"]),
    .executableTarget(
      name: "stagecraft-bench", dependencies: ["Stagecraft", "StagecraftTestSupport"]),
    // The command-line tool; the only targets that may use Foundation.
    .target(name: "StagecraftTool", dependencies: ["Stagecraft"]),
    .executableTarget(name: "StagecraftCLI", dependencies: ["StagecraftTool"]),
    .testTarget(
      name: "StagecraftToolTests",
      dependencies: ["StagecraftTool", "StagecraftCLI", "StagecraftTestSupport"],
      // The README's manifest, resolved against this checkout by a test.
      exclude: ["DocManifests"]),
    .testTarget(name: "StagecraftTests", dependencies: ["Stagecraft", "StagecraftTestSupport"]),
    // Each smaller product, tested alone: these targets see only what the product gives.
    .testTarget(name: "StagecraftDiffTests", dependencies: ["StagecraftDiff"]),
    .testTarget(
      name: "StagecraftModelTests",
      dependencies: ["StagecraftDiff", "StagecraftReplay", "StagecraftModel"]),
    // Every Swift block of the README, the articles and the doc comments, generated by
    // Scripts/doctests.py.
    .testTarget(name: "StagecraftDocTests", dependencies: ["Stagecraft"]),
  ],
  swiftLanguageModes: [.v6]
)

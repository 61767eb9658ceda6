// swift-tools-version:6.2
import PackageDescription

// An app's package that depends on Stagecraft (this checkout), as an app adds it: built by
// Scripts/check-dependent.sh to show what a dependent's debug build compiles.
let package = Package(
  name: "Dependent",
  dependencies: [.package(name: "stagecraft", path: "../../..")],
  targets: [
    .executableTarget(
      name: "Dependent", dependencies: [.product(name: "StagecraftDiff", package: "stagecraft")])
  ],
  swiftLanguageModes: [.v6]
)

// The `Stagecraft` product: every layer of the library, under one import.
@_exported import StagecraftCoordinator
@_exported import StagecraftDiff
@_exported import StagecraftGuard
@_exported import StagecraftModel
@_exported import StagecraftPipeline
@_exported import StagecraftPlatforms
@_exported import StagecraftReplay
@_exported import StagecraftSnapshots
@_exported import StagecraftSwiftUI

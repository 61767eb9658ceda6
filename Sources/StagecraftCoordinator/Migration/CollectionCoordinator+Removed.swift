import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftReplay

// The 1.1 initializers of the coordinator that 2.0 removed, unavailable with their
// replacement named, so that code written against 1.1 is told what to write. They are never
// called: Swift refuses the call with the message.

extension CollectionCoordinator {
  /// Unavailable: `elementUpdates` is part of the strategy since 2.0.
  ///
  /// - Parameters:
  ///   - target: The view.
  ///   - elementUpdates: How changed items reach their cells.
  ///   - strategy: The settings.
  ///   - check: The guard.
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: """
      elementUpdates is part of the strategy in 2.0: pass strategy: \
      UpdateStrategy.coordinator.elementUpdates(.reload) (a silent refresh's configuration goes \
      in configureCell:)
      """
  )
  public convenience init(
    target: Target, elementUpdates: Target.ElementUpdates, strategy: UpdateStrategy = .coordinator,
    guard check: UpdateGuard = .standard
  ) {
    fatalError("unavailable")
  }
}

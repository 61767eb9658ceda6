import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftReplay

// The 1.1 initializers of the pipeline that 2.0 removed, unavailable with their replacement
// named, so that code written against 1.1 is told what to write. They are never called:
// Swift refuses the call with the message.

extension UpdatePipeline {
  /// Unavailable: `elementUpdates` is part of the strategy since 2.0.
  ///
  /// - Parameters:
  ///   - target: The view.
  ///   - items: What it shows now.
  ///   - strategy: The settings.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - check: The guard.
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: """
      elementUpdates is part of the strategy in 2.0: pass strategy: \
      UpdateStrategy().elementUpdates(.reconfigure) (a silent refresh's configuration goes in \
      configureCell:)
      """
  )
  public convenience init<Target: BatchUpdateTarget & AnyObject>(
    target: Target, items: Data, strategy: UpdateStrategy = UpdateStrategy(),
    elementUpdates: Target.ElementUpdates, guard check: UpdateGuard = .standard
  ) where Target.Failure == Failure {
    fatalError("unavailable")
  }

  /// Unavailable: `elementUpdates` is part of the strategy since 2.0.
  ///
  /// - Parameters:
  ///   - target: The view.
  ///   - sections: What it shows now.
  ///   - strategy: The settings.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - check: The guard.
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: """
      elementUpdates is part of the strategy in 2.0: pass strategy: \
      UpdateStrategy().elementUpdates(.reconfigure) (a silent refresh's configuration goes in \
      configureCell:)
      """
  )
  public convenience init<Target: BatchUpdateTarget & AnyObject>(
    target: Target, sections: Data, strategy: UpdateStrategy = UpdateStrategy(),
    elementUpdates: Target.ElementUpdates, guard check: UpdateGuard = .standard
  ) where Target.Failure == Failure {
    fatalError("unavailable")
  }

  /// Unavailable: `elementUpdates` is part of the strategy since 2.0.
  ///
  /// - Parameters:
  ///   - target: The view.
  ///   - data: What it shows now.
  ///   - strategy: The settings.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - diff: The diff.
  ///   - snapshot: The target's snapshot of the data.
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: """
      elementUpdates is part of the strategy in 2.0: pass strategy: \
      UpdateStrategy().elementUpdates(.reconfigure) (a silent refresh's configuration goes in \
      configureCell:)
      """
  )
  public convenience init<Target: BatchUpdateTarget & AnyObject>(
    target: Target, data: Data, strategy: UpdateStrategy = UpdateStrategy(),
    elementUpdates: Target.ElementUpdates,
    diff: @escaping @Sendable (Data, Data) -> StagedChangeset<Data>,
    snapshot: @escaping (Data) -> Target.Snapshot
  ) where Target.Failure == Failure {
    fatalError("unavailable")
  }
}

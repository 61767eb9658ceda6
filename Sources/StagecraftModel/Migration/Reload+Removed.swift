import StagecraftDiff
import StagecraftReplay

// The 1.1 forms of the model's replay that 2.0 removed, unavailable with their replacement
// named, so that code written against 1.1 is told what to write. They are never called:
// Swift refuses the call with the message.

extension CollectionModel {
  /// Unavailable: `elementUpdates` is part of the strategy since 2.0.
  ///
  /// - Parameters:
  ///   - staged: The changeset.
  ///   - strategy: The settings.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - interrupt: Decides, per block, to reload instead.
  ///   - setData: The app's side of each switch.
  ///   - completion: Called once at the end.
  /// - Throws: Never: the call is refused.
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: """
      elementUpdates is part of the strategy in 2.0: pass strategy: \
      UpdateStrategy().elementUpdates(.reconfigure), and read the completion's ReplayOutcome
      """
  )
  public mutating func reload<C: Collection>(
    using staged: StagedChangeset<C>, strategy: UpdateStrategy = UpdateStrategy(),
    elementUpdates: ElementUpdateMode, interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void = { _ in }, completion: ((Bool) -> Void)? = nil
  ) throws(BatchUpdateError) {}
}

extension CollectionModelView {
  /// Unavailable: `elementUpdates` is part of the strategy since 2.0.
  ///
  /// - Parameters:
  ///   - staged: The changeset.
  ///   - strategy: The settings.
  ///   - elementUpdates: How updated elements reach their cells.
  ///   - interrupt: Decides, per block, to reload instead.
  ///   - setData: The app's side of each switch.
  ///   - completion: Called once at the end.
  /// - Throws: Never: the call is refused.
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: """
      elementUpdates is part of the strategy in 2.0: pass strategy: \
      UpdateStrategy().elementUpdates(.reconfigure), and read the completion's ReplayOutcome
      """
  )
  public func reload<C: Collection>(
    using staged: StagedChangeset<C>, strategy: UpdateStrategy = UpdateStrategy(),
    elementUpdates: ElementUpdateMode, interrupt: ((Changeset<C>) -> Bool)? = nil,
    setData: (C) -> Void = { _ in }, completion: ((Bool) -> Void)? = nil
  ) throws(BatchUpdateError) {}
}

#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftReplay
  import UIKit

  // The 1.1 forms of a table's animated replay that 2.0 removed, unavailable with their
  // replacement named. They are never called: Swift refuses the call with the message.

  extension UITableView {
    /// Unavailable: `elementUpdates` is part of the strategy since 2.0.
    ///
    /// - Parameters:
    ///   - staged: The changeset.
    ///   - animations: The row animations.
    ///   - strategy: The settings.
    ///   - elementUpdates: How updated rows reach their cells.
    ///   - check: The guard.
    ///   - interrupt: Decides, per block, to reload instead.
    ///   - setData: The app's side of each switch.
    ///   - completion: Called once at the end.
    ///   - fileID: Where the call is.
    ///   - line: The line of the call.
    /// - Complexity: O(1).
    @available(
      *, unavailable,
      message: """
        elementUpdates is part of the strategy in 2.0: pass strategy: \
        UpdateStrategy().elementUpdates(.reconfigure) (a silent refresh's configuration goes in \
        configureCell:), and read the completion's ReplayOutcome
        """
    )
    public func reload<C: Collection>(
      using staged: StagedChangeset<C>, with animations: TableViewRowAnimations,
      strategy: UpdateStrategy = UpdateStrategy(), elementUpdates: ElementUpdates,
      guard check: UpdateGuard = .standard, interrupt: ((Changeset<C>) -> Bool)? = nil,
      setData: (C) -> Void, completion: ((Bool) -> Void)? = nil,
      fileID: StaticString = #fileID, line: UInt = #line
    ) {}

    /// Unavailable: the completion reports a `ReplayOutcome` since 2.0.
    ///
    /// - Parameters:
    ///   - staged: The changeset.
    ///   - animations: The row animations.
    ///   - strategy: The settings.
    ///   - check: The guard.
    ///   - interrupt: Decides, per block, to reload instead.
    ///   - setData: The app's side of each switch.
    ///   - completion: Called once at the end.
    ///   - fileID: Where the call is.
    ///   - line: The line of the call.
    /// - Complexity: O(1).
    @available(
      *, unavailable,
      message: """
        the completion takes a ReplayOutcome in 2.0: read outcome.showsFinalData where you read \
        the Bool
        """
    )
    public func reload<C: Collection>(
      using staged: StagedChangeset<C>, with animations: TableViewRowAnimations,
      strategy: UpdateStrategy = UpdateStrategy(), guard check: UpdateGuard = .standard,
      interrupt: ((Changeset<C>) -> Bool)? = nil, setData: (C) -> Void,
      completion: @escaping (Bool) -> Void, fileID: StaticString = #fileID, line: UInt = #line
    ) {}
  }
#endif

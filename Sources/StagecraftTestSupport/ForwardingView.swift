import Stagecraft

/// A view that forwards its blocks to a `HeadlessCollectionView`, as an app's wrapper of a
/// view does: the double the tests share for a target that is not the view itself.
///
/// - `answersDataSource` `false` stands for a target the guard cannot ask for its data
///   source's counts (it reports the view's counts and refusals only).
/// - `during` runs inside each block, once the block's data is set and before the view makes
///   its calls: where an app updates another view from within a block.
///
/// A guard's replacement block, which `setData` returns, is handed on to the view as it is.
@MainActor
public final class ForwardingView<Section: DifferentiableSection> {
  /// The view the blocks go to.
  public let view: HeadlessCollectionView<Section>
  /// Whether the guard may ask for the data source's counts.
  public let answersDataSource: Bool
  /// Runs inside each block, after its data is set.
  public var during: () -> Void = {}

  /// Creates a view that forwards to `view`.
  ///
  /// - Parameters:
  ///   - view: The view the blocks go to.
  ///   - answersDataSource: Whether the guard may ask for the data source's counts.
  /// - Complexity: O(1).
  public init(_ view: HeadlessCollectionView<Section>, answersDataSource: Bool = true) {
    self.view = view
    self.answersDataSource = answersDataSource
  }
}

extension ForwardingView: @MainActor BatchUpdateTarget {
  /// On screen, always.
  ///
  /// - Complexity: O(1).
  public var isOnScreen: Bool { true }
  /// The view's counts.
  ///
  /// - Complexity: O(S), where S is the number of sections.
  public var displayedItemCounts: [Int]? { view.displayedItemCounts }

  /// Forwards the reload.
  ///
  /// - Parameters:
  ///   - snapshot: Nothing: the view reads its data source.
  ///   - setData: Switches the app's data source.
  /// - Complexity: That of the view's reload.
  public func reloadData(_ snapshot: Void, setData: () -> Void) {
    view.reloadData((), setData: setData)
  }

  /// Sets the block's data, runs `during`, and forwards the block with the replacement
  /// `setData` returned, if any, and no silent refresh.
  ///
  /// - Parameters:
  ///   - batch: The calls.
  ///   - snapshot: Nothing: the view reads its data source.
  ///   - animated: Whether the block animates.
  ///   - setData: Switches the app's data source; returns the guard's replacement, if any.
  ///   - refreshing: Unused: the view is refreshed by reloads.
  ///   - elementUpdates: Unused, as `refreshing`.
  ///   - completion: Called when the block's animation ends.
  /// - Complexity: That of `during` and of the view's block.
  public func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) {
    let replacement = setData()
    during()
    view.performBatchUpdates(
      batch, snapshot: (), animated: animated, setData: { replacement }, refreshing: [],
      by: .reload, completion: completion)
  }
}

extension ForwardingView: @MainActor DataSourceBackedTarget {
  /// The view's data source's counts, when `answersDataSource`.
  ///
  /// - Complexity: That of the view's data source.
  public var dataSourceItemCounts: [Int]? {
    answersDataSource ? view.dataSourceItemCounts : nil
  }
}

extension ForwardingView: @MainActor RefusalReportingTarget {
  /// The view's refusal of the last block.
  ///
  /// - Complexity: O(1).
  public var lastBlockRefusal: (any Error)? { view.lastBlockRefusal }
}

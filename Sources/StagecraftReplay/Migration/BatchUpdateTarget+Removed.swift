import StagecraftDiff

// 2.0 moved these requirements of `BatchUpdateTarget` to the capability protocols that
// refine it. Each keeps an unavailable declaration under its 1.1 name, so that code written
// against 1.1 is told where the member went instead of "has no member". They are never
// called: Swift refuses the call with the message.

extension BatchUpdateTarget {
  /// Unavailable: `DataSourceBackedTarget.dataSourceItemCounts` since 2.0.
  ///
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: """
      moved to DataSourceBackedTarget in 2.0: adopt it (extension MyView: \
      DataSourceBackedTarget), or constrain to it
      """
  )
  public var dataSourceItemCounts: [Int]? { nil }

  /// Unavailable: `RefusalReportingTarget.lastBlockRefusal` since 2.0.
  ///
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: "moved to RefusalReportingTarget in 2.0: adopt it, or constrain to it"
  )
  public var lastBlockRefusal: (any Error)? { nil }

  /// Unavailable: `ScrollableTarget.scrollMetrics` since 2.0.
  ///
  /// - Complexity: O(1).
  @available(
    *, unavailable, message: "moved to ScrollableTarget in 2.0: adopt it, or constrain to it"
  )
  public var scrollMetrics: ScrollMetrics? { nil }

  /// Unavailable: `ScrollableTarget.visibleItemPaths` (now `[ElementPath]`) since 2.0.
  ///
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: "moved to ScrollableTarget in 2.0, as [ElementPath]: adopt it, or constrain to it"
  )
  public var visibleItemPaths: [ElementPath]? { nil }

  /// Unavailable: `ScrollableTarget.extentOfItem(at:)` since 2.0.
  ///
  /// - Parameter path: The item.
  /// - Returns: Nothing: the call is refused.
  /// - Complexity: O(1).
  @available(
    *, unavailable, message: "moved to ScrollableTarget in 2.0: adopt it, or constrain to it"
  )
  public func extentOfItem(at path: ElementPath) -> ItemExtent? { nil }

  /// Unavailable: `ScrollableTarget.setContentOffset(_:)` since 2.0.
  ///
  /// - Parameter offset: The offset.
  /// - Complexity: O(1).
  @available(
    *, unavailable, message: "moved to ScrollableTarget in 2.0: adopt it, or constrain to it"
  )
  public mutating func setContentOffset(_ offset: Double) {}

  /// Unavailable: `ScrollableTarget.scrollToItem(at:alignment:animated:)` since 2.0.
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - alignment: Where it goes.
  ///   - animated: Whether to animate.
  /// - Complexity: O(1).
  @available(
    *, unavailable, message: "moved to ScrollableTarget in 2.0: adopt it, or constrain to it"
  )
  public mutating func scrollToItem(
    at path: ElementPath, alignment: ScrollAlignment, animated: Bool
  ) {}

  /// Unavailable: `SelectableTarget.selectedItemPaths` (now `[ElementPath]`) since 2.0.
  ///
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: "moved to SelectableTarget in 2.0, as [ElementPath]: adopt it, or constrain to it"
  )
  public var selectedItemPaths: [ElementPath]? { nil }

  /// Unavailable: `SelectableTarget.allowsSelectingMultipleItems` (now `Bool`) since 2.0.
  ///
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: "moved to SelectableTarget in 2.0, as Bool: adopt it, or constrain to it"
  )
  public var allowsSelectingMultipleItems: Bool? { nil }

  /// Unavailable: `SelectableTarget.selectItem(at:animated:)` since 2.0.
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - animated: Whether to animate.
  /// - Complexity: O(1).
  @available(
    *, unavailable, message: "moved to SelectableTarget in 2.0: adopt it, or constrain to it"
  )
  public mutating func selectItem(at path: ElementPath, animated: Bool) {}

  /// Unavailable: `SelectableTarget.deselectItem(at:animated:)` since 2.0.
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - animated: Whether to animate.
  /// - Complexity: O(1).
  @available(
    *, unavailable, message: "moved to SelectableTarget in 2.0: adopt it, or constrain to it"
  )
  public mutating func deselectItem(at path: ElementPath, animated: Bool) {}

  /// Unavailable: `ReorderableTarget.moveItemInteractively(from:to:)` since 2.0.
  ///
  /// - Parameters:
  ///   - source: Where the item was.
  ///   - destination: Where it is now.
  /// - Complexity: O(1).
  @available(
    *, unavailable, message: "moved to ReorderableTarget in 2.0: adopt it, or constrain to it"
  )
  public mutating func moveItemInteractively(from source: ElementPath, to destination: ElementPath)
  {}

  /// Unavailable: `ReplayObservingTarget.replayWillBegin()` since 2.0.
  ///
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: "moved to ReplayObservingTarget in 2.0: adopt it, or constrain to it"
  )
  public mutating func replayWillBegin() {}

  /// Unavailable: `ReplayObservingTarget.replayDidEnd()` since 2.0.
  ///
  /// - Complexity: O(1).
  @available(
    *, unavailable,
    message: "moved to ReplayObservingTarget in 2.0: adopt it, or constrain to it"
  )
  public mutating func replayDidEnd() {}
}

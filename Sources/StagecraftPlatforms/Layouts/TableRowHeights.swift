#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftModel
  import UIKit

  /// A table's row heights by identity: what its delegate answers for
  /// `tableView(_:estimatedHeightForRowAt:)` (UITableView.h, iOS 7), and records from
  /// `tableView(_:willDisplay:forRowAt:)`. A cache keyed by index path gives an inserted row
  /// the height of the row it displaced, and the table jumps; this one keeps each row's
  /// measured height with its item, for its content and width, in a `ListLayoutState`.
  ///
  /// ```swift
  /// import Stagecraft
  /// import UIKit
  ///
  /// @MainActor final class Rows: NSObject, UITableViewDelegate {
  ///   let heights = TableRowHeights(
  ///     sections: [ArraySection(model: 0, elements: ["a", "b"])], estimatedRowHeight: 44)
  ///
  ///   func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath)
  ///     -> CGFloat
  ///   {
  ///     heights.estimatedHeight(forRowAt: indexPath)
  ///   }
  ///
  ///   func tableView(
  ///     _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
  ///   ) {
  ///     heights.recordHeight(of: cell, forRowAt: indexPath, in: tableView)
  ///   }
  /// }
  /// ```
  @MainActor
  public final class TableRowHeights<Section: DifferentiableSection> {
    /// The headless heights and scroll position.
    public private(set) var state: ListLayoutState<Section>

    /// Heights for `sections`, each row `estimatedRowHeight` until it is displayed.
    ///
    /// - Parameters:
    ///   - sections: The data.
    ///   - estimatedRowHeight: The estimate of a row not displayed yet.
    /// - Complexity: O(n).
    public init(sections: [Section], estimatedRowHeight: Double) {
      state = ListLayoutState(sections: sections, estimatedItemHeight: estimatedRowHeight)
    }

    /// New data, from the update's `setData`: heights follow their rows by identity.
    ///
    /// - Parameter sections: The data the table now shows.
    /// - Complexity: O(n).
    public func setSections(_ sections: [Section]) { state.setSections(sections) }

    /// The row's measured height, or its estimate.
    ///
    /// - Parameter indexPath: The row.
    /// - Returns: Its height.
    /// - Complexity: O(1).
    public func estimatedHeight(forRowAt indexPath: IndexPath) -> CGFloat {
      CGFloat(state.estimatedHeight(forItemAt: ElementPath(indexPath)) ?? 0)
    }

    /// Records the height the table gave a displayed row, at the table's width.
    ///
    /// - Parameters:
    ///   - cell: The row's cell.
    ///   - indexPath: The row.
    ///   - tableView: The table.
    /// - Complexity: O(log n).
    public func recordHeight(
      of cell: UITableViewCell, forRowAt indexPath: IndexPath, in tableView: UITableView
    ) {
      state.setBounds(
        width: Double(tableView.bounds.width), height: Double(tableView.bounds.height),
        offset: Double(tableView.contentOffset.y))
      state.recordPreferredHeight(Double(cell.bounds.height), forItemAt: ElementPath(indexPath))
    }
  }
#endif

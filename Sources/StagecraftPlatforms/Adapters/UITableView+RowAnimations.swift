#if canImport(UIKit) && !os(watchOS)
  import StagecraftDiff
  import StagecraftGuard
  import StagecraftModel
  import StagecraftReplay
  import UIKit

  /// The row animation of each kind of call a table view replay makes, as DifferenceKit's
  /// `reload(using:deleteSectionsAnimation:…)` takes them.
  public struct TableViewRowAnimations: Sendable {
    /// For `deleteSections(_:with:)`.
    public var deleteSections: UITableView.RowAnimation
    /// For `insertSections(_:with:)`.
    public var insertSections: UITableView.RowAnimation
    /// For `reloadSections(_:with:)`.
    public var reloadSections: UITableView.RowAnimation
    /// For `deleteRows(at:with:)`.
    public var deleteRows: UITableView.RowAnimation
    /// For `insertRows(at:with:)`.
    public var insertRows: UITableView.RowAnimation
    /// For `reloadRows(at:with:)`.
    public var reloadRows: UITableView.RowAnimation

    /// An animation for each kind of call.
    ///
    /// - Parameters:
    ///   - deleteSections: For `deleteSections(_:with:)`.
    ///   - insertSections: For `insertSections(_:with:)`.
    ///   - reloadSections: For `reloadSections(_:with:)`.
    ///   - deleteRows: For `deleteRows(at:with:)`.
    ///   - insertRows: For `insertRows(at:with:)`.
    ///   - reloadRows: For `reloadRows(at:with:)`.
    /// - Complexity: O(1).
    public init(
      deleteSections: UITableView.RowAnimation, insertSections: UITableView.RowAnimation,
      reloadSections: UITableView.RowAnimation, deleteRows: UITableView.RowAnimation,
      insertRows: UITableView.RowAnimation, reloadRows: UITableView.RowAnimation
    ) {
      (self.deleteSections, self.insertSections, self.reloadSections) = (
        deleteSections, insertSections, reloadSections
      )
      (self.deleteRows, self.insertRows, self.reloadRows) = (deleteRows, insertRows, reloadRows)
    }

    /// The same animation for every kind of call.
    ///
    /// - Parameter animation: The animation.
    /// - Complexity: O(1).
    public init(_ animation: UITableView.RowAnimation) {
      self.init(
        deleteSections: animation, insertSections: animation, reloadSections: animation,
        deleteRows: animation, insertRows: animation, reloadRows: animation)
    }

    // One animation for every call, spelled as the `RowAnimation` case, so that
    // DifferenceKit's `reload(using:with: .fade, …)` reads the same here.

    /// `.fade` for every call.
    public static let fade = Self(.fade)
    /// `.right` for every call.
    public static let right = Self(.right)
    /// `.left` for every call.
    public static let left = Self(.left)
    /// `.top` for every call.
    public static let top = Self(.top)
    /// `.bottom` for every call.
    public static let bottom = Self(.bottom)
    /// `.none` for every call.
    public static let none = Self(.none)
    /// `.middle` for every call.
    public static let middle = Self(.middle)
    /// `.automatic` for every call.
    public static let automatic = Self(.automatic)
  }

  /// A table view that animates each kind of call its own way: what the row-animation
  /// replays run on, through the same guarded replay as the view itself. It forwards to the
  /// table, with its animations for the calls of an animated block.
  @MainActor
  struct _AnimatedTableView: @MainActor DataSourceBackedTarget,
    @MainActor SelectableTarget, @MainActor ScrollableTarget
  {
    typealias ElementUpdates = CellUpdateMode<UITableViewCell>
    let table: UITableView
    let animations: TableViewRowAnimations

    var isOnScreen: Bool { table.isOnScreen }
    var displayedItemCounts: [Int]? { table.displayedItemCounts }
    var viewKind: ListViewKind { table.viewKind }
    var dataSourceItemCounts: [Int]? { table.dataSourceItemCounts }
    var selectedItemPaths: [ElementPath] { table.selectedItemPaths }
    var allowsSelectingMultipleItems: Bool { table.allowsSelectingMultipleItems }
    func selectItem(at path: ElementPath, animated: Bool) {
      table.selectItem(at: path, animated: animated)
    }
    func deselectItem(at path: ElementPath, animated: Bool) {
      table.deselectItem(at: path, animated: animated)
    }
    var scrollMetrics: ScrollMetrics? { table.scrollMetrics }
    var visibleItemPaths: [ElementPath] { table.visibleItemPaths }
    func extentOfItem(at path: ElementPath) -> ItemExtent? { table.extentOfItem(at: path) }
    func setContentOffset(_ offset: Double) { table.setContentOffset(offset) }
    func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {
      table.scrollToItem(at: path, alignment: alignment, animated: animated)
    }

    func reloadData(_ snapshot: Void, setData: () -> Void) {
      table.reloadData((), setData: setData)
    }

    func performBatchUpdates(
      _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
      refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<UITableViewCell>,
      completion: ((Bool) -> Void)?
    ) {
      table._perform(
        batch, animated: animated,
        animations: animated ? animations : TableViewRowAnimations(.none),
        setData: setData, refreshing: refreshing, by: elementUpdates, completion: completion)
    }
  }

  extension UITableView {
    /// Replays a staged changeset, flat or of sections, with a row animation per kind of
    /// call: one for all (`with: .fade`, as DifferenceKit's `reload(using:with:…)`), or one
    /// each (`TableViewRowAnimations(deleteSections:…)`, DifferenceKit's
    /// `deleteSectionsAnimation:…`). Guarded like `reload(using:setData:)`.
    ///
    /// - Parameters:
    ///   - staged: The changeset to replay.
    ///   - animations: The animation of each kind of call.
    ///   - strategy: The update's settings (`UpdateStrategy`).
    ///   - configureCell: Configures a realized cell for the row at a path, for a silent
    ///     refresh.
    ///   - check: What to do with a block UIKit would refuse.
    ///   - interrupt: Decides, per block, to reload instead of applying the rest.
    ///   - setData: Switches the data source to the given data.
    ///   - completion: Called once at the end, with the outcome.
    ///   - fileID: Where the call is, for the flight recorder's record.
    ///   - line: The line of the call.
    /// - Complexity: O(s + c log c), where s is the number of stages and c the number of
    ///   changes, plus O(S) per block for the guard, where S is the number of sections.
    public func reload<C: Collection>(
      using staged: StagedChangeset<C>, with animations: TableViewRowAnimations,
      strategy: UpdateStrategy = UpdateStrategy(),
      configureCell: ((UITableViewCell, ElementPath) -> Void)? = nil,
      guard check: UpdateGuard = .standard,
      interrupt: ((Changeset<C>) -> Bool)? = nil, setData: (C) -> Void,
      completion: ((ReplayOutcome) -> Void)? = nil,
      fileID: StaticString = #fileID, line: UInt = #line
    ) {
      var table = _AnimatedTableView(table: self, animations: animations)
      _reload(
        staged, on: &table,
        _ReplayRequest(
          staged, strategy: strategy, itemCount: { _finalElementCount(staged) },
          interrupt: interrupt, site: _CallSite(fileID: fileID, line: line)),
        configureCell: configureCell, guard: check, setData: setData,
        completion: _keepingFocus(staged, completion))
    }
  }
#endif

import StagecraftDiff

/// Something that takes batch updates: a `UICollectionView`, a `UITableView`, an
/// `NSCollectionView`, the headless `CollectionModel`, or a view of your own.
///
/// The replay drives every target through the same code, so a test on `CollectionModel`
/// tests what runs on a device. A conformance only forwards: inside one update block it
/// calls `setData`, makes every call of the batch `setData` returns (or, when it returns
/// `nil`, of the `BatchUpdate` it was handed), and hands the listed realized cells their new
/// elements in place.
///
/// The associated types say what kind of target it is:
/// - `Failure` is what a refused block throws: `Never` for a view, which raises instead of
///   throwing, so its replay needs no `try`; `BatchUpdateError` for `CollectionModel`.
/// - `Snapshot` is the data the target holds itself: `Void` for a view, which reads its data
///   source; the sections for `CollectionModel`, which is its own data source.
/// - `ElementUpdates` is how updated elements may reach its cells: `CellUpdateMode` for a
///   view, whose silent refresh carries the app's cell configuration; `ElementUpdateMode`
///   for `CollectionModel`, which refreshes its cells itself.
///
/// A class target replays through a non-mutating method, so a view held in a `let` can
/// replay:
///
/// ```swift
/// import Stagecraft
///
/// final class LogView: BatchUpdateTarget {
///   var log: [String] = []
///   var isOnScreen: Bool { true }
///   var displayedItemCounts: [Int]? { nil }  // not guarded: it keeps no counts
///   func reloadData(_ snapshot: Void, setData: () -> Void) {
///     setData()
///     log.append("reloadData")
///   }
///   func performBatchUpdates(
///     _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
///     refreshing: [Move<ElementPath>], by elementUpdates: CellUpdateMode<String>,
///     completion: ((Bool) -> Void)?
///   ) {
///     let calls = setData() ?? batch
///     log.append("\(calls)")
///     completion?(true)
///   }
/// }
///
/// let view = LogView()
/// var items = ["a", "b"]
/// view.reload(using: StagedChangeset(source: items, target: ["b"]), setData: { items = $0 })
/// print(view.log)  // prints ["BatchUpdate(deleteItems: [[0, 0]])"]
/// print(items)  // prints ["b"]
/// ```
public protocol BatchUpdateTarget {
  /// What a refused block throws: `Never` for a view.
  associatedtype Failure: Error = Never
  /// The data the target holds itself, handed to it with each block: `Void` for a view.
  associatedtype Snapshot = Void
  /// How updated elements may reach the target's cells.
  associatedtype ElementUpdates: ElementUpdateStyle = ElementUpdateMode

  /// Whether the target is on screen. When it is not, the replay sets the data once and
  /// reloads (a view off screen reads its counts early and would fail).
  var isOnScreen: Bool { get }

  /// The item count of each section as the target holds it now, as UIKit's
  /// `numberOfSections` and `numberOfItems(inSection:)` report them; `nil` (the default)
  /// when the target cannot tell.
  ///
  /// A guarded replay onto a view checks every block against these counts before the view
  /// sees it: data that the app changed behind the view's back shows up here. A target that
  /// answers `nil` is not guarded, so a conformance says so itself: this requirement has no
  /// default (before 2.0, a default of `nil` left a target that forgot it unguarded without
  /// a word).
  ///
  /// - Complexity: O(S), where S is the number of sections.
  var displayedItemCounts: [Int]? { get }

  /// The item count of each section as the target's data source answers now, read from the
  /// data source itself and not from the view's cache: for a `UICollectionView`, its
  /// `dataSource`'s `numberOfSections(in:)` and `collectionView(_:numberOfItemsInSection:)`.
  /// `nil` (the default) when the target cannot ask, or is its own data source.
  ///
  /// UIKit reads the data source after each block and raises when its answer is not the
  /// cached counts changed by the block's calls. A guarded replay asks before each block: a
  /// data source that answers other counts than the data the block was computed from changed
  /// without an update (a loading section derived from a flag, a store mutated behind it),
  /// and the guard reloads instead of handing the view a block it would refuse. It asks
  /// again inside the block, once the block's data is set: on a mismatch, `setData` returns
  /// the block to make instead (one valid whatever the counts), and the target makes it, as
  /// the library's views do.
  ///
  /// - Complexity: O(S) calls to the data source, where S is the number of sections.
  var dataSourceItemCounts: [Int]? { get }

  /// The refusal of the last block the target took, when it stands in for a view (a test
  /// double) and records what UIKit would raise instead of raising; `nil` (the default) when
  /// it took the block, and always for a real view, which raises.
  ///
  /// A guarded replay reads it after each block: a refused block is recorded as refused,
  /// reported once as a fallback, and replaced by a reload with the final data, as the
  /// guard does for a block it refuses itself. `HeadlessCollectionView` gives its refusal
  /// here, a `BatchUpdateError` with UIKit's text. A target that refuses a block recovers on
  /// its own before it returns (by reloading from its data source); the completion it calls
  /// for the refused block is not passed on, since the guarded replay calls it once, with
  /// `false`, after its reload.
  ///
  /// - Complexity: O(1).
  var lastBlockRefusal: (any Error)? { get }

  /// The kind of view the target is, for the words of a refusal: `.collectionView` by
  /// default.
  ///
  /// - Complexity: O(1).
  var viewKind: ListViewKind { get }

  /// Calls `setData`, then reloads everything.
  ///
  /// - Parameters:
  ///   - snapshot: The data the target holds afterwards, when it is its own data source.
  ///   - setData: Switches the app's data source.
  /// - Throws: `Failure`, when a target that is its own data source cannot hold `snapshot`.
  /// - Complexity: That of the target's reload.
  mutating func reloadData(_ snapshot: Snapshot, setData: () -> Void) throws(Failure)

  /// Performs one update block: calls `setData` first, then every call of the batch it
  /// returns, or of `batch` when it returns `nil`, then hands each listed realized cell its
  /// new element in place.
  ///
  /// The replacement travels with this block and no other: a guarded replay whose data
  /// source, once switched, answers other counts than the block's data returns the one
  /// block valid whatever the counts (every section deleted and inserted), with no silent
  /// refresh, and then reloads with the final data. A target that ignores it makes the
  /// planned calls, which UIKit would refuse (Swift warns about the unused result).
  ///
  /// - Parameters:
  ///   - batch: The calls to make inside the block.
  ///   - snapshot: The data after the block, when the target is its own data source.
  ///   - animated: Whether to animate.
  ///   - setData: Switches the app's data source; called synchronously inside the block,
  ///     before any call. Returns the calls to make instead of `batch`'s, or `nil`.
  ///   - refreshing: Silent refreshes: from the path of a realized cell before the block to
  ///     the path of the element it must show after it. Empty unless `elementUpdates` is a
  ///     silent refresh. None is made when `setData` returns a replacement.
  ///   - elementUpdates: The way the updates reach the cells; for a silent refresh, the
  ///     configuration to call for each entry of `refreshing`.
  ///   - completion: Called once when the block's animations end, with whether they
  ///     finished; not called when the block throws.
  /// - Throws: `Failure`, when the target refuses the block; it is then unchanged.
  /// - Complexity: That of the target's batch update.
  mutating func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Snapshot, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdates,
    completion: ((Bool) -> Void)?
  ) throws(Failure)

  /// Follows an item that the user moved by dragging it (interactive reordering), as UIKit
  /// tells a data source with `collectionView(_:moveItemAt:to:)`: the view has already
  /// moved its cell, so there is no batch. A view does nothing (the default); a target that
  /// holds cells itself, such as `CollectionModel`, moves its item, cell and selection.
  ///
  /// - Parameters:
  ///   - source: Where the item was.
  ///   - destination: Where it is now, after the move.
  /// - Throws: `Failure`, when a path does not exist; the target is then unchanged.
  /// - Complexity: That of the target; O(1) for a view.
  mutating func moveItemInteractively(from source: ElementPath, to destination: ElementPath)
    throws(Failure)

  /// The paths of the selected items, as `indexPathsForSelectedItems` (or a table view's
  /// `indexPathsForSelectedRows`) reports them; `nil` (the default) when the target keeps no
  /// selection.
  ///
  /// - Complexity: O(k), where k is the number of selected items.
  var selectedItemPaths: [ElementPath]? { get }

  /// Selects the item at `path` as `selectItem(at:animated:scrollPosition:)` does: without
  /// telling the delegate, and, where the view allows one selection only, deselecting the
  /// others. Nothing by default, and nothing for a path that does not exist.
  ///
  /// - Parameters:
  ///   - path: The item to select.
  ///   - animated: Whether to animate the change.
  /// - Complexity: O(1) for a view.
  mutating func selectItem(at path: ElementPath, animated: Bool)

  /// Deselects the item at `path` as `deselectItem(at:animated:)` does: without telling the
  /// delegate. Nothing by default.
  ///
  /// - Parameters:
  ///   - path: The item to deselect.
  ///   - animated: Whether to animate the change.
  /// - Complexity: O(1) for a view.
  mutating func deselectItem(at path: ElementPath, animated: Bool)

  /// The paths of the items on screen, as `indexPathsForVisibleItems` (or a table view's
  /// `indexPathsForVisibleRows`) reports them; `nil` (the default) when the target cannot
  /// tell.
  ///
  /// - Complexity: O(v), where v is the number of visible items.
  var visibleItemPaths: [ElementPath]? { get }

  /// Whether the view lets the user select more than one item (a `UICollectionView`'s
  /// `allowsMultipleSelection`); `nil` (the default) when the target does not say.
  ///
  /// - Complexity: O(1).
  var allowsSelectingMultipleItems: Bool? { get }

  /// The vertical scroll position and sizes (`contentOffset`, the bounds' height, the
  /// content's height); `nil` (the default) when the target has no scroll geometry, and a
  /// replay then leaves the scroll position alone.
  ///
  /// - Complexity: O(1) for a view.
  var scrollMetrics: ScrollMetrics? { get }

  /// Where the item at `path` lies in the content after the last layout (the layout
  /// attributes' frame); `nil` (the default) when the target cannot tell.
  ///
  /// - Parameter path: An item.
  /// - Returns: Its top and height.
  /// - Complexity: That of the layout's attributes for one item.
  func extentOfItem(at path: ElementPath) -> ItemExtent?

  /// Scrolls, without animation, so that the viewport's top is `offset` from the content's
  /// top. Nothing by default.
  ///
  /// - Parameter offset: The new content offset.
  /// - Complexity: O(1) for a view.
  mutating func setContentOffset(_ offset: Double)

  /// Scrolls so that the item at `path` sits in the viewport as `alignment` says
  /// (`scrollToItem(at:at:animated:)`). Nothing by default.
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - alignment: Where it ends up.
  ///   - animated: Whether to animate the scroll.
  /// - Complexity: That of the view's scroll.
  mutating func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool)

  /// The replay is about to bring one update onto the target: the blocks of a staged
  /// changeset, or the reload that replaces them. Each call is followed by one
  /// `replayDidEnd()`; calls may nest. Nothing by default.
  ///
  /// A target that reacts to its data and its scroll position (a `CollectionModel`
  /// evaluating its prefetch and reach triggers) waits for the outermost `replayDidEnd()`
  /// and reacts once, to the final data; the offsets the replay sets to keep the scroll
  /// position in between are not scrolls.
  ///
  /// - Complexity: O(1).
  mutating func replayWillBegin()

  /// The update that `replayWillBegin()` announced has been applied: every block has been
  /// performed (their animations may still run), or the reload that replaced them.
  ///
  /// - Complexity: O(1) by default; what the target does in reaction otherwise.
  mutating func replayDidEnd()
}

extension BatchUpdateTarget {
  /// `nil`: the target cannot ask its data source, and the guard checks the view's counts
  /// only.
  ///
  /// - Complexity: O(1).
  public var dataSourceItemCounts: [Int]? { nil }

  /// `nil`: a real view raises instead of recording a refusal.
  ///
  /// - Complexity: O(1).
  public var lastBlockRefusal: (any Error)? { nil }

  /// `.collectionView`.
  ///
  /// - Complexity: O(1).
  public var viewKind: ListViewKind { .collectionView }

  /// Nothing: a view has already moved the cell the user dragged.
  ///
  /// - Parameters:
  ///   - source: Where the item was.
  ///   - destination: Where it is now.
  /// - Throws: Nothing here; a target that holds its cells throws `Failure` for a path that
  ///   does not exist.
  /// - Complexity: O(1).
  public mutating func moveItemInteractively(
    from source: ElementPath, to destination: ElementPath
  ) throws(Failure) {}

  /// `nil`: the target keeps no selection.
  ///
  /// - Complexity: O(1).
  public var selectedItemPaths: [ElementPath]? { nil }

  /// Nothing: the target keeps no selection.
  ///
  /// - Parameters:
  ///   - path: The item to select.
  ///   - animated: Whether to animate the change.
  /// - Complexity: O(1).
  public mutating func selectItem(at path: ElementPath, animated: Bool) {}

  /// Nothing: the target keeps no selection.
  ///
  /// - Parameters:
  ///   - path: The item to deselect.
  ///   - animated: Whether to animate the change.
  /// - Complexity: O(1).
  public mutating func deselectItem(at path: ElementPath, animated: Bool) {}

  /// `nil`: the target cannot tell which items are on screen.
  ///
  /// - Complexity: O(1).
  public var visibleItemPaths: [ElementPath]? { nil }

  /// `nil`: the target does not say.
  ///
  /// - Complexity: O(1).
  public var allowsSelectingMultipleItems: Bool? { nil }

  /// `nil`: the target has no scroll geometry.
  ///
  /// - Complexity: O(1).
  public var scrollMetrics: ScrollMetrics? { nil }

  /// `nil`: the target cannot tell where its items are.
  ///
  /// - Parameter path: An item.
  /// - Returns: `nil`.
  /// - Complexity: O(1).
  public func extentOfItem(at path: ElementPath) -> ItemExtent? { nil }

  /// Nothing: the target has no scroll geometry.
  ///
  /// - Parameter offset: The new content offset.
  /// - Complexity: O(1).
  public mutating func setContentOffset(_ offset: Double) {}

  /// Nothing: the target has no scroll geometry.
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - alignment: Where it ends up.
  ///   - animated: Whether to animate the scroll.
  /// - Complexity: O(1).
  public mutating func scrollToItem(
    at path: ElementPath, alignment: ScrollAlignment, animated: Bool
  ) {}

  /// Nothing: the target does not react to updates as a whole.
  ///
  /// - Complexity: O(1).
  public mutating func replayWillBegin() {}

  /// Nothing: the target does not react to updates as a whole.
  ///
  /// - Complexity: O(1).
  public mutating func replayDidEnd() {}
}

import StagecraftDiff
import StagecraftReplay

/// Why a batch update was refused: the condition under which UIKit raises
/// `NSInternalInconsistencyException` (or, in strict mode, would crash or corrupt its
/// state without saying so).
///
/// `description` is UIKit's own text, with index paths printed as UIKit prints them
/// (`{length = 2, path = 0 - 5}`, without the object address).
///
/// ```swift
/// import Stagecraft
///
/// var model = CollectionModel(items: [1, 2, 3])
/// var batch = BatchUpdate()
/// batch.deleteItems = [ElementPath(element: 5, section: 0)]
/// do {
///   try model.performBatchUpdates(batch, newItems: [1, 2])
/// } catch {
///   print(error)
/// }
/// ```
///
/// prints
///
/// ```
/// attempt to delete item 5 from section 0 which only contains 3 items before the update
/// ```
public struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The refused condition and its figures.
  public var reason: Reason

  /// Which of UIKit's texts `description` uses for count failures, and how it lays them out.
  public var wording: Wording

  /// Which view raised it: the words of its text.
  public var view: ViewKind

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - reason: The refused condition.
  ///   - wording: The text of count failures; `.classic` by default.
  ///   - view: The view whose words the text uses; a collection view by default.
  /// - Complexity: O(1).
  public init(_ reason: Reason, wording: Wording = .classic, view: ViewKind = .collectionView) {
    self.reason = reason
    self.wording = wording
    self.view = view
  }

  /// The view that refuses a batch: `UICollectionView` speaks of items, `UITableView` of
  /// rows.
  public typealias ViewKind = ListViewKind

  /// The counts and calls of a refused batch, which the batch-updates text lists.
  public struct CountContext: Hashable, Sendable {
    /// Items per section before the update.
    public var itemCountsBefore: [Int]
    /// Items per section that the data source reports after the update.
    public var itemCountsAfter: [Int]
    /// The batch's calls as UIKit lists them: deletes (descending), inserts (ascending),
    /// then moves, with each reload listed as a delete and an insert.
    public var updates: [Update]

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - itemCountsBefore: Items per section before.
    ///   - itemCountsAfter: Items per section after.
    ///   - updates: The calls, in UIKit's order.
    /// - Complexity: O(1).
    public init(itemCountsBefore: [Int], itemCountsAfter: [Int], updates: [Update]) {
      self.itemCountsBefore = itemCountsBefore
      self.itemCountsAfter = itemCountsAfter
      self.updates = updates
    }

    /// Creates the context of `batch`.
    ///
    /// - Parameters:
    ///   - itemCountsBefore: Items per section before.
    ///   - itemCountsAfter: Items per section after.
    ///   - batch: The calls of the block.
    /// - Complexity: O(c log c), where c is the number of calls.
    public init(itemCountsBefore: [Int], itemCountsAfter: [Int], batch: BatchUpdate) {
      self.init(
        itemCountsBefore: itemCountsBefore, itemCountsAfter: itemCountsAfter,
        updates: Update.list(batch))
    }
  }

  /// One call of a refused batch, as UIKit lists it.
  public enum Update: Hashable, Sendable {
    /// `Delete section 2`.
    case deleteSection(Int)
    /// `Insert section 2`.
    case insertSection(Int)
    /// `Move section 0 to 2`.
    case moveSection(Move<Int>)
    /// `Delete item (0 - 1)`, or `Delete row (0 - 1)`.
    case deleteItem(ElementPath)
    /// `Insert item (0 - 1)`, or `Insert row (0 - 1)`.
    case insertItem(ElementPath)
    /// `Move item (0 - 1) to (0 - 3)`, or `Move row (0 - 1) to (0 - 3)`.
    case moveItem(Move<ElementPath>)
  }

  /// Every condition the model refuses.
  public enum Reason: Hashable, Sendable {
    // Count failures.
    /// The section count after the update is not before + inserted − deleted.
    case invalidSectionCount(
      after: Int, before: Int, inserted: Int, deleted: Int, context: CountContext)
    /// An existing section's item count after the update does not add up.
    case invalidItemCount(
      section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int,
      movedOut: Int, context: CountContext)

    // Range failures.
    /// A deleted section does not exist before the update.
    case deleteSectionOutOfRange(section: Int, sectionCount: Int)
    /// A reloaded section does not exist before the update.
    case reloadSectionOutOfRange(section: Int, sectionCount: Int)
    /// An inserted section lies beyond the sections after the update.
    case insertSectionOutOfRange(section: Int, sectionCount: Int)
    /// A moved section does not exist before the update.
    case moveSectionOutOfRange(section: Int, sectionCount: Int)
    /// A section is moved beyond the sections after the update.
    case moveSectionTargetOutOfRange(section: Int, target: Int, sectionCount: Int)
    /// A deleted (or reloaded) item's section does not exist before the update.
    case deleteItemSectionOutOfRange(item: Int, section: Int, sectionCount: Int)
    /// A deleted (or reloaded) item does not exist before the update.
    case deleteItemOutOfRange(item: Int, section: Int, itemCount: Int)
    /// An inserted item's section does not exist after the update.
    case insertItemSectionOutOfRange(item: Int, section: Int, sectionCount: Int)
    /// An inserted item lies beyond its section's items after the update.
    case insertItemOutOfRange(item: Int, section: Int, itemCount: Int)
    /// A moved item does not exist before the update.
    case moveItemOutOfRange(path: ElementPath, itemCount: Int)
    /// A moved item's target does not exist after the update.
    case moveItemTargetOutOfRange(path: ElementPath, target: ElementPath, itemCount: Int)
    /// A moved item's section does not exist before the update.
    case moveItemSectionOutOfRange(path: ElementPath, sectionCount: Int)
    /// A moved item's target section does not exist after the update.
    case moveItemTargetSectionOutOfRange(path: ElementPath, target: ElementPath, sectionCount: Int)
    /// A reconfigured item does not exist after the update.
    case reconfigureItemOutOfRange(path: ElementPath, sectionCount: Int, itemCount: Int)

    // Conflicts.
    /// The same section is deleted and reloaded.
    case deleteAndReloadSameSection(section: Int)
    /// The same index path is deleted and reloaded.
    case deleteAndReloadSamePath(path: ElementPath)
    /// The same index path is deleted (or reloaded) and moved.
    case deleteAndMoveSamePath(path: ElementPath)
    /// The same section is deleted (or reloaded) and moved.
    case deleteAndMoveSameSection(section: Int)
    /// An insert and a move have the same target index path.
    case insertAndMoveSamePath(path: ElementPath)
    /// An insert and a move have the same target section.
    case insertAndMoveSameSection(section: Int)
    /// An item is moved out of a deleted (or reloaded) section.
    case moveFromDeletedSection(section: Int)
    /// An item is moved into a newly inserted (or reloaded) section.
    case moveIntoInsertedSection(section: Int)
    /// One section is moved to two targets.
    case sectionMovedTwice(section: Int, first: Int, second: Int)
    /// Two sections are moved to one target.
    case sectionsMovedToSameTarget(first: Int, second: Int, target: Int)
    /// One item is moved to two targets.
    case itemMovedTwice(path: ElementPath, first: ElementPath, second: ElementPath)
    /// Two items are moved to one target.
    case itemsMovedToSameTarget(first: ElementPath, second: ElementPath, target: ElementPath)
    /// A reload's shifted insert lands on a move's target. UIKit computes the shift without
    /// the moves and then raises "insert and move to the same index path".
    case reloadLandsOnMoveTarget(reloaded: ElementPath, target: ElementPath)
    /// A section reload's shifted insert lands on a section move's target.
    case sectionReloadLandsOnMoveTarget(reloaded: Int, target: Int)

    // Strict mode: accepted by UIKit, but it then crashes or corrupts its state.
    /// The same index path is deleted twice (a bad memory access in UIKit).
    case duplicateItemDelete(path: ElementPath)
    /// The same index path is inserted twice.
    case duplicateItemInsert(path: ElementPath)
    /// The same index path is reloaded twice.
    case duplicateItemReload(path: ElementPath)
    /// The same section is deleted, inserted or reloaded twice.
    case duplicateSectionUpdate(section: Int)
    /// Items are inserted into a section that the same batch moves (heap corruption).
    case insertIntoMovedSection(section: Int)
    /// A reloaded section's item count changes ("attempt to create view animation for nil
    /// view").
    case reloadSectionChangesItemCount(section: Int, before: Int, after: Int)
    /// Items are deleted from a section that the same batch moves: a cell is animated twice
    /// and a snapshot of it is never removed (IGListKit's `IGListBatchUpdateData`).
    case deleteFromMovedSection(section: Int)
    /// An item is moved out of a section that the same batch moves, even to its own index:
    /// UIKit then asks for an index path past its items and raises (radar 48941906;
    /// IGListKit's `IGListBatchUpdateData` rewrites such blocks). Refused in every mode.
    case moveFromMovedSection(path: ElementPath, section: Int)
    /// An item is reloaded in a section that the same batch deletes: nothing records what
    /// UIKit does with it, so strict mode refuses it rather than guess.
    case reloadInDeletedSection(path: ElementPath)

    // Misuse of the model.
    /// `newItems` was given to a model that has no section to hold it.
    case noSectionForItems
  }

  /// UIKit's text for the failure.
  ///
  /// - Complexity: O(c) for count failures in the batch-updates text, where c is the number
  ///   of calls in the batch; O(1) otherwise.
  public var description: String { reason.message(wording: wording, view: view) }
}

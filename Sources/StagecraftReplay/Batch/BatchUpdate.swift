import StagecraftDiff

/// The calls that go into one `performBatchUpdates` block, in UIKit's index spaces.
///
/// Deletes and reloads name positions *before* the batch, inserts and reconfigures
/// positions *after* it, and moves go from before to after. The order of the calls inside
/// a block does not matter, so each list is just a list.
///
/// ```swift
/// import Stagecraft
///
/// var batch = BatchUpdate()
/// batch.deleteItems = [ElementPath(element: 5, section: 0)]
/// batch.insertItems = [ElementPath(element: 0, section: 0)]
/// print(batch)  // prints BatchUpdate(deleteItems: [[0, 5]], insertItems: [[0, 0]])
/// ```
public struct BatchUpdate: Hashable, Sendable {
  /// Sections to delete (before the batch).
  public var deleteSections: [Int]
  /// Sections to insert (after the batch).
  public var insertSections: [Int]
  /// Sections to reload (before the batch): a delete plus an insert of the same section.
  public var reloadSections: [Int]
  /// Sections to move, from before the batch to after it.
  public var moveSections: [Move<Int>]
  /// Items to delete (before the batch).
  public var deleteItems: [ElementPath]
  /// Items to insert (after the batch).
  public var insertItems: [ElementPath]
  /// Items to reload (before the batch): the cell is replaced by a new one.
  public var reloadItems: [ElementPath]
  /// Items to move, from before the batch to after it.
  public var moveItems: [Move<ElementPath>]
  /// Items to reconfigure (after the batch): the cell is kept and shows the new data.
  public var reconfigureItems: [ElementPath]

  /// Creates a batch update; every list defaults to empty.
  ///
  /// - Parameters:
  ///   - deleteSections: Sections to delete (before).
  ///   - insertSections: Sections to insert (after).
  ///   - reloadSections: Sections to reload (before).
  ///   - moveSections: Section moves.
  ///   - deleteItems: Items to delete (before).
  ///   - insertItems: Items to insert (after).
  ///   - reloadItems: Items to reload (before).
  ///   - moveItems: Item moves.
  ///   - reconfigureItems: Items to reconfigure (after).
  /// - Complexity: O(1).
  @inlinable
  public init(
    deleteSections: [Int] = [],
    insertSections: [Int] = [],
    reloadSections: [Int] = [],
    moveSections: [Move<Int>] = [],
    deleteItems: [ElementPath] = [],
    insertItems: [ElementPath] = [],
    reloadItems: [ElementPath] = [],
    moveItems: [Move<ElementPath>] = [],
    reconfigureItems: [ElementPath] = []
  ) {
    self.deleteSections = deleteSections
    self.insertSections = insertSections
    self.reloadSections = reloadSections
    self.moveSections = moveSections
    self.deleteItems = deleteItems
    self.insertItems = insertItems
    self.reloadItems = reloadItems
    self.moveItems = moveItems
    self.reconfigureItems = reconfigureItems
  }

  /// Whether the batch makes no call at all.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool {
    deleteSections.isEmpty && insertSections.isEmpty && reloadSections.isEmpty
      && moveSections.isEmpty && deleteItems.isEmpty && insertItems.isEmpty
      && reloadItems.isEmpty && moveItems.isEmpty && reconfigureItems.isEmpty
  }
}

extension BatchUpdate: CustomStringConvertible {
  /// The non-empty lists, e.g. `BatchUpdate(deleteItems: [[0, 5]])`.
  ///
  /// - Complexity: O(c), where c is the number of calls.
  public var description: String {
    var parts: [String] = []
    func add<T>(_ name: String, _ list: [T]) {
      guard !list.isEmpty else { return }
      let items = list.map { String(describing: $0) }.joined(separator: ", ")
      parts.append("\(name): [\(items)]")
    }
    add("deleteSections", deleteSections)
    add("insertSections", insertSections)
    add("reloadSections", reloadSections)
    add("moveSections", moveSections)
    add("deleteItems", deleteItems)
    add("insertItems", insertItems)
    add("reloadItems", reloadItems)
    add("moveItems", moveItems)
    add("reconfigureItems", reconfigureItems)
    return "BatchUpdate(" + parts.joined(separator: ", ") + ")"
  }
}

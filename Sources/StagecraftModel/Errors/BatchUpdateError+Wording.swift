import StagecraftDiff
import StagecraftReplay

extension BatchUpdateError {
  /// How UIKit words a count failure ("the number of items does not add up"). UIKit has
  /// changed that text over the years; the per-operation texts ("attempt to delete item 5
  /// …") have stayed the same.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var model = CollectionModel(
  ///   items: [1, 2, 3], configuration: .init(wording: .iOS17, view: .tableView))
  /// var batch = BatchUpdate()
  /// batch.deleteItems = [ElementPath(element: 0, section: 0)]
  /// do {
  ///   try model.performBatchUpdates(batch, newItems: [1, 2, 3])
  /// } catch {
  ///   print(error)
  /// }
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates.
  /// Data source before updates = { 1 section with row counts: [3] }
  /// Data source after updates = { 1 section with row counts: [3] }
  /// Updates = [
  /// 	Delete row (0 - 0)
  /// ]
  /// ```
  public struct Wording: Hashable, Sendable {
    /// Which text a count failure gets.
    public enum Text: Hashable, Sendable, CaseIterable {
      /// `Invalid update: invalid number of items in section 0.  The number of items …`,
      /// with two spaces after the first sentence, as reports up to about iOS 12 show it.
      case invalidUpdate
      /// The same text with one space after the first sentence, as reports from about
      /// iOS 13 on show it. Later versions still raise it for some count failures.
      case invalidUpdateOneSpace
      /// The text of table views before they could move rows in a batch (iOS 4): two
      /// spaces, and no "moved into or out of that section" clause.
      case invalidUpdateWithoutMoves
      /// `Invalid batch updates detected: … before and/or after performing the batch
      /// updates …`, with the counts and the calls listed (iOS 16.4 to 17.0).
      case batchUpdatesAndOr
      /// `Invalid batch updates detected: … before and after performing the batch
      /// updates …` (iOS 17.1 and later).
      case batchUpdates
    }

    /// The text of count failures.
    public var text: Text

    /// Whether a batch-updates text is on one line, as crash reporters such as Crashlytics
    /// and Sentry show it, instead of on several lines, as UIKit logs it.
    public var isOneLine: Bool

    /// Creates a wording.
    ///
    /// - Parameters:
    ///   - text: The text of count failures.
    ///   - isOneLine: Whether a batch-updates text is laid out on one line.
    /// - Complexity: O(1).
    public init(text: Text, isOneLine: Bool = false) {
      self.text = text
      self.isOneLine = isOneLine
    }

    /// `Invalid update: …` with two spaces, as reports up to about iOS 12 show it.
    public static let classic = Wording(text: .invalidUpdate)
    /// `Invalid update: …` with one space, as reports from about iOS 13 on show it.
    public static let iOS13 = Wording(text: .invalidUpdateOneSpace)
    /// `Invalid update: …` without the moves clause, as table views raised it on iOS 4.
    public static let iOS4 = Wording(text: .invalidUpdateWithoutMoves)
    /// `Invalid batch updates detected: … before and/or after …`, on several lines (iOS 16.4
    /// to 17.0).
    public static let iOS16_4 = Wording(text: .batchUpdatesAndOr)
    /// `Invalid batch updates detected: … before and after …`, on several lines (iOS 17.1
    /// and later).
    public static let iOS17 = Wording(text: .batchUpdates)
    /// The iOS 17 text on one line, as crash reporters show it.
    public static let modern = Wording(text: .batchUpdates, isOneLine: true)
  }
}

extension BatchUpdateError.ViewKind {
  /// The noun for one element: "item" or "row".
  var item: String { self == .tableView ? "row" : "item" }
  /// The noun for several elements: "items" or "rows".
  var items: String { self == .tableView ? "rows" : "items" }
  /// "collection view" or "table view".
  var name: String { self == .tableView ? "table view" : "collection view" }
}

extension BatchUpdateError.Update {
  /// The calls of `batch` as UIKit lists them: section and item deletes, descending; then
  /// section and item inserts, ascending; then moves. A reload is listed as a delete at its
  /// path before the batch and an insert at its shifted path after it.
  ///
  /// - Parameter batch: The calls of one block.
  /// - Returns: The list.
  /// - Complexity: O(c log c), where c is the number of calls.
  public static func list(_ batch: BatchUpdate) -> [BatchUpdateError.Update] {
    let map = _BatchMap(batch)
    let reloadedSections = _sortedUnique(batch.reloadSections)
    let reloadedItems = _sortedUnique(batch.reloadItems)
    let deletedSections = _sortedUnique(batch.deleteSections + reloadedSections)
    let deletedItems = _sortedUnique(batch.deleteItems + reloadedItems)
    let insertedSections = _sortedUnique(
      batch.insertSections + reloadedSections.map(map.reloadedSectionTarget(of:)))
    let insertedItems = _sortedUnique(
      batch.insertItems + reloadedItems.compactMap(map.reloadedItemTarget(of:)))
    var updates: [BatchUpdateError.Update] = []
    updates += deletedSections.reversed().map(Self.deleteSection)
    updates += deletedItems.reversed().map(Self.deleteItem)
    updates += insertedSections.map(Self.insertSection)
    updates += insertedItems.map(Self.insertItem)
    updates += batch.moveSections.map(Self.moveSection)
    updates += batch.moveItems.map(Self.moveItem)
    return updates
  }

  /// The line UIKit prints for the call.
  ///
  /// - Parameter view: The view whose words to use.
  /// - Returns: Such as `Delete row (0 - 1)`.
  /// - Complexity: O(1).
  public func line(view: BatchUpdateError.ViewKind) -> String {
    func path(_ path: ElementPath) -> String { "(\(path.section) - \(path.element))" }
    let item = view == .tableView ? "row" : "item"
    switch self {
    case .deleteSection(let section): return "Delete section \(section)"
    case .insertSection(let section): return "Insert section \(section)"
    case .moveSection(let move): return "Move section \(move.source) to \(move.target)"
    case .deleteItem(let at): return "Delete \(item) \(path(at))"
    case .insertItem(let at): return "Insert \(item) \(path(at))"
    case .moveItem(let move):
      return "Move \(item) \(path(move.source)) to \(path(move.target))"
    }
  }
}

import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// A replay onto a view that was not animated as asked, but reloaded with the final data:
/// what the guard reports, once, to `UpdateGuard.onFallback`.
///
/// For a refused block it carries the refusal (`error`, with UIKit's text), its
/// `explanation`, and what the check read (`itemCountsBefore`, `itemCountsAfter`, `batch`),
/// which `json` writes out for `stagecraft check REPORT.json` to replay on a laptop.
///
/// ```swift
/// import Stagecraft
///
/// let fallback = BatchUpdateFallback(
///   cause: .refused(BatchUpdateError(.deleteItemOutOfRange(item: 3, section: 0, itemCount: 3))),
///   view: .collectionView, itemCountsBefore: [3], itemCountsAfter: [2],
///   batch: BatchUpdate(deleteItems: [ElementPath(element: 3, section: 0)]))
/// print(fallback.json)
/// ```
///
/// prints
///
/// ```
/// {"cause":"refused","view":"collectionView","error":"attempt to delete item 3 from section 0 which only contains 3 items before the update","itemCountsBefore":[3],"itemCountsAfter":[2],"batch":{"deleteItems":[[0,3]]}}
/// ```
public struct BatchUpdateFallback: Hashable, Sendable, CustomStringConvertible {
  /// Why the replay reloaded.
  public enum Cause: Hashable, Sendable {
    /// A block failed the check: UIKit would have raised, or crashed or corrupted itself.
    case refused(BatchUpdateError)
    /// The view was not in a window or had no size: it would have read its counts early.
    case offScreen
    /// Before the block, the view's data source answered other counts than the data the
    /// block was computed from (`dataSourceItemCounts`): it changed without an update, and
    /// UIKit, which reads it after the block, would have raised.
    case dataSourceChanged
    /// The view could not tell its item counts (`BatchUpdateTarget.displayedItemCounts`
    /// answered `nil`): no block can be checked against them, and the guard does not hand
    /// the view one blind.
    case countsUnknown
    /// Before an apply, the view showed items in another order than the data the data
    /// source last gave it (a drag it was not told of, for example): the counts agree, but
    /// a block computed from that data would move cells onto other items. Checked in debug
    /// builds, where the data source can say which item each cell shows
    /// (`DiffableDataSource.itemsShownByView`).
    case itemsOutOfOrder
  }

  /// Why the replay reloaded.
  public var cause: Cause
  /// The view's kind, for the words of the texts.
  public var view: ListViewKind
  /// The item count of each section that the view held before the refused block; `nil`
  /// when off screen.
  public var itemCountsBefore: [Int]?
  /// The item count of each section of the refused block's data; `nil` when off screen.
  public var itemCountsAfter: [Int]?
  /// The refused block's calls; `nil` when off screen.
  public var batch: BatchUpdate?
  /// The item count of each section of the data the replay computed the refused block
  /// from: the previous block's data, or, for the first block, the changeset's source as
  /// that block accounts for it (`nil` for a section the block deletes, whose count it does
  /// not tell). `nil` when off screen or not known.
  ///
  /// When it disagrees with `itemCountsBefore`, the view did not show the data the replay
  /// started from: its counts were stale (`hasStaleViewCounts`).
  public var dataItemCountsBefore: [Int?]?
  /// The item count of each section that the view's data source answered before the block,
  /// where the view can ask it (`BatchUpdateTarget.dataSourceItemCounts`); `nil` otherwise.
  ///
  /// With `.dataSourceChanged` it differs from the data the block was computed from
  /// (`dataItemCountsBefore`): the report names the three, the counts the view cached, the
  /// counts the data source answers and the counts the changeset starts from.
  public var dataSourceItemCounts: [Int]?

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - cause: Why the replay reloaded.
  ///   - view: The view's kind.
  ///   - itemCountsBefore: The view's counts before the refused block.
  ///   - itemCountsAfter: The counts of the refused block's data.
  ///   - batch: The refused block.
  ///   - dataItemCountsBefore: The counts of the data the replay computed the block from.
  ///   - dataSourceItemCounts: The counts the view's data source answered before the block.
  /// - Complexity: O(1).
  public init(
    cause: Cause, view: ListViewKind = .collectionView, itemCountsBefore: [Int]? = nil,
    itemCountsAfter: [Int]? = nil, batch: BatchUpdate? = nil, dataItemCountsBefore: [Int?]? = nil,
    dataSourceItemCounts: [Int]? = nil
  ) {
    self.dataSourceItemCounts = dataSourceItemCounts
    self.cause = cause
    self.view = view
    self.itemCountsBefore = itemCountsBefore
    self.itemCountsAfter = itemCountsAfter
    self.batch = batch
    self.dataItemCountsBefore = dataItemCountsBefore
  }

  /// Whether the view's counts before the refused block (`itemCountsBefore`) disagree with
  /// the counts of the data the replay started from (`dataItemCountsBefore`): the data
  /// changed behind the view's back, and that, not the block, is what to fix.
  ///
  /// - Complexity: O(S), where S is the number of sections.
  public var hasStaleViewCounts: Bool {
    guard let shown = itemCountsBefore, let data = dataItemCountsBefore else { return false }
    return _countsDisagree(shown: shown, data: data)
  }

  /// The refusal, with UIKit's text; `nil` when the view was off screen.
  ///
  /// - Complexity: O(1).
  public var error: BatchUpdateError? {
    if case .refused(let error) = cause { error } else { nil }
  }

  /// What the refusal means: what disagreed, the usual causes, what to change, as
  /// `stagecraft explain` prints them for the same text; `nil` when off screen. When the
  /// view's counts were stale (`hasStaleViewCounts`), that comes first, as what disagreed
  /// and as the cause.
  ///
  /// - Complexity: That of `BatchUpdateError.explanation`.
  public var explanation: BatchUpdateError.Explanation? {
    guard let error else { return nil }
    guard hasStaleViewCounts, let shown = itemCountsBefore, let data = dataItemCountsBefore
    else { return error.explanation }
    return error.explanation._staleCountsFirst(shown: shown, data: data, view: view)
  }

  /// UIKit's text for a refused block; for a view off screen, a sentence that says so.
  ///
  /// - Complexity: That of `BatchUpdateError.description`.
  public var description: String {
    switch cause {
    case .refused(let error): error.description
    case .offScreen:
      "the \(view == .tableView ? "table" : "collection") view is not on screen (no window, "
        + "or no size): it was reloaded with the final data instead of animated"
    case .dataSourceChanged:
      "the data source changed without an update: the "
        + "\(view == .tableView ? "table" : "collection") view cached "
        + "\(itemCountsBefore.map(_describeCounts) ?? "nothing"), the data source answers "
        + "\(dataSourceItemCounts.map(_describeCounts) ?? "nothing"), and the changeset starts "
        + "from \(dataItemCountsBefore.map(_describeCounts) ?? "unknown counts"); UIKit reads "
        + "the data source after the block and would have raised, so the view was reloaded "
        + "with the final data instead"
    case .countsUnknown:
      "the \(view == .tableView ? "table" : "collection") view could not tell its item counts "
        + "(displayedItemCounts is nil), so no block could be checked against them: it was "
        + "reloaded with the final data instead"
    case .itemsOutOfOrder:
      "the \(view == .tableView ? "table" : "collection") view showed items in another order "
        + "than the data source's data (a drag it was not told of?): a block computed from "
        + "that data would have moved cells onto other items, so the view was reloaded with "
        + "the final data instead"
    }
  }

  /// The report as one line of JSON: the cause, the view, UIKit's text, the counts (the
  /// view's, the block's data's and the data's the replay started from) and the batch, in
  /// the file format of `stagecraft check`, which replays it.
  ///
  /// - Complexity: O(S + c), where S is the number of sections and c the number of calls.
  public var json: String {
    var text = _JSONText()
    text.raw("{")
    text.member("cause", first: true)
    switch cause {
    case .refused: text.string("refused")
    case .offScreen: text.string("offScreen")
    case .dataSourceChanged: text.string("dataSourceChanged")
    case .countsUnknown: text.string("countsUnknown")
    case .itemsOutOfOrder: text.string("itemsOutOfOrder")
    }
    text.member("view")
    text.string(view == .tableView ? "tableView" : "collectionView")
    if case .refused(let error) = cause {
      text.member("error")
      text.string(error.description)
    }
    for (name, counts) in [
      ("dataSourceItemCounts", dataSourceItemCounts), ("itemCountsBefore", itemCountsBefore),
      ("itemCountsAfter", itemCountsAfter),
    ] as [(StaticString, [Int]?)] {
      guard let counts else { continue }
      text.member(name)
      text.list(counts) { $0.integer($1) }
    }
    if let dataItemCountsBefore {
      text.member("dataItemCountsBefore")
      text.list(dataItemCountsBefore) { sink, count in
        if let count { sink.integer(count) } else { sink.raw("null") }
      }
    }
    if let batch {
      text.member("batch")
      batch._writeJSON(to: &text)
    }
    text.raw("}")
    return text.text
  }
}

/// Counts in words, as the reports and `stagecraft replay` write them: "12 items in section
/// 0", "3 sections of 4, 0, 2 items", with "?" for a count that is not known.
///
/// - Complexity: O(S), where S is the number of sections.
package func _describeCounts(_ counts: [Int?]) -> String {
  let written = counts.map { $0.map { "\($0)" } ?? "?" }
  switch counts.count {
  case 0: return "no sections"
  case 1: return written[0] + (counts[0] == 1 ? " item" : " items") + " in section 0"
  default: return "\(counts.count) sections of " + written.joined(separator: ", ") + " items"
  }
}

/// Counts in words, as `_describeCounts` of optionals.
///
/// - Complexity: O(S), where S is the number of sections.
package func _describeCounts(_ counts: [Int]) -> String {
  _describeCounts(counts.map(Optional.some))
}

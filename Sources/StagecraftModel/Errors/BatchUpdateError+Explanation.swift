import StagecraftDiff
import StagecraftReplay

extension BatchUpdateError {
  /// A refusal in plain words: what disagreed, what usually causes it, and what to change.
  public struct Explanation: Hashable, Sendable, CustomStringConvertible {
    /// What the counts or the calls said, and how they disagree.
    public var disagreement: [String]
    /// What usually causes it in an app.
    public var causes: [String]
    /// What to change.
    public var changes: [String]

    /// Creates an explanation.
    ///
    /// - Parameters:
    ///   - disagreement: What disagreed.
    ///   - causes: The usual causes.
    ///   - changes: What to change.
    /// - Complexity: O(1).
    public init(disagreement: [String], causes: [String], changes: [String]) {
      self.disagreement = disagreement
      self.causes = causes
      self.changes = changes
    }

    /// The three lists under their headings, as `stagecraft explain` prints them.
    ///
    /// - Complexity: O(n), where n is the length of the text.
    public var description: String {
      var lines = ["What disagreed:"] + disagreement.map { "  - " + $0 }
      lines += ["", "Typical causes:"] + causes.map { "  - " + $0 }
      lines += ["", "What to change:"] + changes.map { "  - " + $0 }
      return lines.joined(separator: "\n")
    }
  }
}

extension BatchUpdateError {
  /// What this refusal means, in plain words: what disagreed, what usually causes it, and
  /// what to change. `stagecraft explain` prints the same lines for the same text.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var batch = BatchUpdate()
  /// batch.deleteItems = [ElementPath(element: 3, section: 0)]
  /// do {
  ///   try batch.validate(itemCountsBefore: [3], itemCountsAfter: [2])
  /// } catch {
  ///   print(error.explanation.disagreement[0])
  /// }
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// The batch names a position before the update that did not exist: it tried to delete item 3 from section 0 which only contains 3 items before the update.
  /// ```
  ///
  /// - Complexity: O(c + S), where c is the number of calls and S the number of sections
  ///   listed in the error.
  public var explanation: Explanation {
    let items = view == .tableView ? "rows" : "items"
    let reload = view == .tableView ? "reloadRows" : "reloadItems"
    let switchInside =
      "Switch the data source inside the update block, synchronously, and to exactly the data "
      + "the calls describe: `view.reload(using: StagedChangeset(source: old, target: new), "
      + "setData: { self.data = $0 })` does both."
    let testIt =
      "Prove the fix in a unit test: replay the same two snapshots through `CollectionModel`, "
      + "which refuses with this same text where UIKit would crash."
    switch reason {
    case .invalidItemCount(
      let s, let after, let before, let inserted, let deleted, let movedIn,
      let movedOut, _):
      let expected = before + inserted - deleted + movedIn - movedOut
      var disagreement = [
        "After the batch, the data source said section \(s) has \(after) \(items).",
        "The batch accounts for \(expected): \(before) before, + \(inserted) inserted, "
          + "− \(deleted) deleted, + \(movedIn) moved in, − \(movedOut) moved out.",
        "They are \(abs(after - expected)) apart: the data has \(after > expected ? "more" : "fewer") "
          + "\(items) than the calls account for.",
      ]
      var causes: [String] = []
      if inserted == 0 && deleted == 0 && movedIn == 0 && movedOut == 0 {
        disagreement.append("No call of the batch touched section \(s).")
        causes.append(
          "The data changed but the view was told nothing about it: a change applied to the "
            + "data without its calls, or calls sent to another section index.")
      }
      if after == before && inserted + deleted + movedIn + movedOut > 0 {
        causes.append(
          "The data source already returned the new count before the batch: it was changed "
            + "before `performBatchUpdates` (or its count was read after the change), so the "
            + "calls were counted twice.")
      }
      causes += [
        "The data source is switched outside the update block, or not at all.",
        "Two updates overlapped: a second change arrived while the first was animating, and its "
          + "calls were computed against data the view no longer showed.",
        "A hand-made diff counted an item twice (duplicate identifiers) or missed one.",
      ]
      return Explanation(
        disagreement: disagreement, causes: causes,
        changes: [
          switchInside,
          "Apply one change at a time, each diffed from what the view shows; coalesce bursts.",
          testIt,
        ])
    case .invalidSectionCount(let after, let before, let inserted, let deleted, let context):
      if !context.itemCountsBefore.isEmpty || !context.updates.isEmpty {
        return _listedExplanation(context, items: items, switchInside: switchInside, testIt: testIt)
      }
      let expected = before + inserted - deleted
      return Explanation(
        disagreement: [
          "After the batch, the data source said there are \(after) sections.",
          "The batch accounts for \(expected): \(before) before, + \(inserted) inserted, "
            + "− \(deleted) deleted.",
        ],
        causes: [
          "Sections were added to or removed from the data without `insertSections` or "
            + "`deleteSections`, or with them but outside the data source switch.",
          "`numberOfSections` returns a count cached before the change, or the first batch ran "
            + "before the view had loaded its sections (it then reads the new count as the old).",
        ],
        changes: [switchInside, testIt])
    default:
      return _operationExplanation(items: items, reload: reload, testIt: testIt)
    }
  }

  private func _listedExplanation(
    _ context: BatchUpdateError.CountContext, items: String, switchInside: String, testIt: String
  ) -> Explanation {
    let before = context.itemCountsBefore
    let after = context.itemCountsAfter
    var disagreement = [
      "Before the batch the data source reported \(before) \(items) per section; after it, "
        + "\(after).",
      context.updates.isEmpty
        ? "The batch made no call at all, so the counts had to stay the same."
        : "The batch made \(context.updates.count) call\(context.updates.count == 1 ? "" : "s"): "
          + context.updates.map { $0.line(view: view) }.joined(separator: ", ") + ".",
    ]
    if before.count != after.count {
      disagreement.append(
        "The number of sections went from \(before.count) to \(after.count).")
    } else if !context.updates.contains(where: \.isSectionCall) {
      for (section, (old, new)) in zip(before, after).enumerated() {
        let expected = old + context.updates.reduce(0) { $0 + $1.itemDelta(in: section) }
        if expected != new {
          disagreement.append(
            "Section \(section): \(old) before and the calls account for \(expected) after, "
              + "but the data source said \(new).")
        }
      }
    }
    return Explanation(
      disagreement: disagreement,
      causes: [
        "The data source changed outside the update block: before it (so UIKit's 'before' "
          + "counts already show the change) or without calls at all.",
        "Calls computed against other data than the data source holds.",
        "Two updates overlapped, each computed against data the view no longer showed.",
      ],
      changes: [switchInside, testIt])
  }

  private func _operationExplanation(items: String, reload: String, testIt: String)
    -> Explanation
  {
    let before =
      "Deletes, reloads and the start of moves name positions before the batch; inserts, "
      + "reconfigures and the end of moves name positions after it."
    switch reason {
    case .deleteItemOutOfRange, .deleteItemSectionOutOfRange, .deleteSectionOutOfRange,
      .reloadSectionOutOfRange, .moveItemOutOfRange, .moveItemSectionOutOfRange,
      .moveSectionOutOfRange:
      return Explanation(
        disagreement: [
          "The batch names a position before the update that did not exist: "
            + _triedTo(description) + "."
        ],
        causes: [
          "Positions taken from the new data instead of the old (for a delete, a reload or a "
            + "move's start).",
          "The same delete sent twice, or a \(reload) of an item that was already gone.",
          "The view's counts were stale: the data source changed earlier without an update.",
        ],
        changes: [before, testIt])
    case .insertItemOutOfRange, .insertItemSectionOutOfRange, .insertSectionOutOfRange,
      .moveItemTargetOutOfRange, .moveItemTargetSectionOutOfRange, .moveSectionTargetOutOfRange,
      .reconfigureItemOutOfRange:
      return Explanation(
        disagreement: [
          "The batch names a position after the update that does not exist: "
            + _triedTo(description) + "."
        ],
        causes: [
          "The data source was not switched inside the block, so after it the view still saw "
            + "the old, shorter data.",
          "Positions taken from the old data instead of the new (for an insert or a move's end).",
        ],
        changes: [before, testIt])
    default:
      return Explanation(
        disagreement: ["Two calls of the batch conflict: \(description)."],
        causes: [
          "A reload (or delete) and a move of the same item: a moved item that also changed. "
            + "Reload it in a batch of its own, or reconfigure it after the move.",
          "An insert and a move, or two moves, aimed at one position: positions computed "
            + "against different data.",
          "Items of a deleted or inserted section listed one by one as well.",
        ],
        changes: [
          "Let a staged diff split the work: `StagedChangeset` never puts conflicting calls in "
            + "one block.",
          testIt,
        ])
    }
  }
}

extension BatchUpdateError.Update {
  /// Whether the call concerns a whole section.
  var isSectionCall: Bool {
    switch self {
    case .deleteSection, .insertSection, .moveSection: true
    case .deleteItem, .insertItem, .moveItem: false
    }
  }

  /// How the call changes the item count of `section`.
  func itemDelta(in section: Int) -> Int {
    switch self {
    case .deleteItem(let path): path.section == section ? -1 : 0
    case .insertItem(let path): path.section == section ? 1 : 0
    case .moveItem(let move):
      (move.target.section == section ? 1 : 0) - (move.source.section == section ? 1 : 0)
    case .deleteSection, .insertSection, .moveSection: 0
    }
  }
}

/// `text` with its leading "attempt to " read as "it tried to ".
private func _triedTo(_ text: String) -> String {
  text.hasPrefix("attempt to ") ? "it tried to " + text.dropFirst("attempt to ".count) : text
}

extension BatchUpdateError.Explanation {
  /// This explanation with stale view counts stated first: what the view showed against
  /// what the data had, as the first disagreement, cause and change. A cause that only
  /// guessed at stale counts is dropped.
  ///
  /// - Complexity: O(S + n), where S is the number of sections and n the number of lines.
  package func _staleCountsFirst(shown: [Int], data: [Int?], view: ListViewKind) -> Self {
    let items = view == .tableView ? "rows" : "items"
    func list(_ counts: [Int?]) -> String {
      "[" + counts.map { $0.map(String.init) ?? "?" }.joined(separator: ", ") + "]"
    }
    var result = self
    result.disagreement.insert(
      "Before the block the view showed \(list(shown)) \(items) per section, but the data the "
        + "replay started from had \(list(data)): the view's counts were stale, so every call "
        + "was computed against counts the view did not show.",
      at: 0)
    result.causes.removeAll { $0.hasPrefix("The view's counts were stale") }
    result.causes.insert(
      "The view's counts were stale: the data changed behind the view's back (replaced, or "
        + "reloaded from other data, without an update reaching the view), and the changeset "
        + "was computed from data the view never showed.",
      at: 0)
    result.changes.insert(
      "Diff from what the view shows: keep the data the view was last given (set only inside "
        + "`setData`) and make it the source of the next diff, or let `UpdatePipeline` or "
        + "`DiffableDataSource` keep it.",
      at: 0)
    return result
  }
}

/// Whether the counts a view showed and the counts of the data disagree: in the number of
/// sections, or in a section whose data count is known.
///
/// - Complexity: O(S), where S is the number of sections.
@usableFromInline package func _countsDisagree(shown: [Int], data: [Int?]) -> Bool {
  shown.count != data.count
    || zip(shown, data).contains { shown, data in data.map { $0 != shown } ?? false }
}

import StagecraftDiff
import StagecraftModel
import StagecraftPipeline
import StagecraftReplay

extension CollectionCoordinator where Target: ItemContentUpdating {
  /// Changes one item's content, found by its identity, without handing over the whole
  /// list: what a chat calls at each token of a streamed answer. The data the view shows
  /// takes the item in place, and the view reconfigures its cell (`ItemContentUpdating`),
  /// so the text is the data's and survives the cell leaving the screen; the layout keeps
  /// the item's last size as its estimate until the cell measures the new content, and
  /// keeps the anchor, the bottom or the pin as it does for any measurement.
  ///
  /// While a replay is under way (or data waits for one), or the item is only in newer
  /// data, the newest data with the item replaced is handed in as any other update.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// struct Message: Differentiable {
  ///   var id: Int
  ///   var text: String
  ///   var differenceIdentifier: Int { id }
  ///   func isContentEqual(to source: Message) -> Bool { text == source.text }
  /// }
  ///
  /// @MainActor func stream() -> [String] {
  ///   let view = HeadlessCollectionView(CollectionModel(items: [Message]()), items: { [] })
  ///   let coordinator = CollectionCoordinator(target: view)
  ///   coordinator.update(
  ///     items: [Message(id: 0, text: "Why?"), Message(id: 1, text: "")], animated: false)
  ///   var answer = Message(id: 1, text: "")
  ///   for token in ["Because", " it", " streams."] {
  ///     answer.text += token
  ///     coordinator.updateItem(answer)
  ///   }
  ///   return view.model.items.map(\.text) + ["\(view.model.events.last!)"]
  /// }
  /// print(await stream())  // prints ["Why?", "Because it streams.", "reconfigureItems([[0, 1]])"]
  /// ```
  ///
  /// - Parameter item: The item, with its new content.
  /// - Returns: Whether the data holds an item with its identity.
  /// - Complexity: O(1) expected, plus O(log n) for the layout; the first lookup after the
  ///   data changed indexes it, O(n), and storage the data shares with the view's copy is
  ///   copied once per streamed item (amortized over its tokens).
  @discardableResult
  public func updateItem(_ item: Item) -> Bool {
    performViewUpdate {
      guard hasLoaded, !pipeline._isBusy, _shownVersion == _latestVersion,
        let path = indexPath(of: item.differenceIdentifier)
      else { return _updateItemInNewestData(item) }
      // One reference to the data while it changes, so that it changes in place.
      _latestSections = []
      pipeline._changeContent { $0[path.section].replaceElement(at: path.element, with: item) }
      _latestSections = pipeline.data
      _latestVersion += 1
      _shownVersion = _latestVersion
      _noteContentChange([path])
      var target = self.target
      target.itemContentDidChange(at: path)
      return true
    }
  }

  /// The newest data with `item` replaced, as an update; `false` when it has no such item.
  ///
  /// - Complexity: O(n), and the update.
  func _updateItemInNewestData(_ item: Item) -> Bool {
    var sections = latestSections
    for s in sections.indices {
      guard
        let offset = sections[s].elements.firstIndex(where: {
          $0.differenceIdentifier == item.differenceIdentifier
        })
      else { continue }
      sections[s].replaceElement(
        at: sections[s].elements.distance(from: sections[s].elements.startIndex, to: offset),
        with: item)
      update(sections: sections, animated: false)
      return true
    }
    return false
  }
}

extension CollectionCoordinator {
  /// The items whose content changed since the data shown was at `version` (a `shownData`
  /// version), when nothing else changed: those of `updateItem(_:)`, and those of an
  /// update whose changes only changed content (a token handed in with the whole list, as
  /// the SwiftUI collection does), in order. What a `CollectionListLayout` reads in
  /// `prepare()` to lay out only those items. `nil` when the data changed otherwise since, or
  /// when `version` is older than the changes kept: read the data anew then.
  ///
  /// - Parameter version: A version `shownData` gave.
  /// - Returns: The items, or `nil`.
  /// - Complexity: O(k) for the k items returned.
  public func itemsChanged(since version: Int) -> [Item]? {
    guard version >= _contentLog.start, version <= shownData.version else { return nil }
    // The paths hold: only content changed since `start`. Each is read in the data now, its
    // newest content.
    let data = pipeline.data
    var items: [Item] = []
    for entry in _contentLog.entries where entry.version > version {
      for path in entry.paths {
        let elements = data[path.section].elements
        items.append(elements[elements.index(elements.startIndex, offsetBy: path.element)])
      }
    }
    return items
  }

  /// The changes from `sections` to the data the view shows (`shownData`), found as the
  /// coordinator finds its own (its diff, built where the app names its types, runs
  /// specialized for them). A layout that follows the view hands it to
  /// `ListLayoutState.follow(shown:itemsChanged:changes:)`, so that its own diff of the data
  /// costs what the coordinator's costs.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// @MainActor func follow() -> [Int] {
  ///   let view = HeadlessCollectionView(CollectionModel(items: [Int]()), items: { [] })
  ///   let coordinator = CollectionCoordinator(target: view)
  ///   coordinator.update(items: [1, 2, 3], animated: false)
  ///   var layout = ListLayoutState(
  ///     sections: [ArraySection(model: 0, elements: [1, 3])], estimatedItemHeight: 44)
  ///   layout.follow(shown: coordinator.shownData, changes: coordinator.changes(toShownDataFrom:))
  ///   return layout.sections[0].elements
  /// }
  /// print(await follow())  // prints [1, 2, 3]
  /// ```
  ///
  /// - Parameter sections: Data a layout holds.
  /// - Returns: The changes from it to the data the view shows.
  /// - Complexity: That of the coordinator's diff: O(k) expected for a local edit of k
  ///   elements of one section; otherwise that of `StagedChangeset(source:target:)`.
  public func changes(toShownDataFrom sections: [Section]) -> StagedChangeset<[Section]> {
    pipeline._diff(sections, pipeline.data)
  }

  /// Records the paths of items that changed in place, at the data's version now.
  func _noteContentChange(_ paths: [ElementPath]) {
    // Bounded: a layout that reads less often than this reads the data anew.
    if _contentLog.entries.count == _ContentLog.limit {
      let dropped = _ContentLog.limit / 2
      _contentLog.start = _contentLog.entries[dropped - 1].version
      _contentLog.entries.removeFirst(dropped)
    }
    _contentLog.entries.append((shownData.version, paths))
  }

  /// New data reached the view: `updated`, the paths the changes of a replay that only
  /// changed content updated, is recorded; anything else (`nil`) starts the record again.
  func _noteApplied(_ updated: [ElementPath]?) {
    guard let updated else {
      _contentLog = _ContentLog(start: shownData.version)
      return
    }
    _noteContentChange(updated)
  }
}

/// Where items changed content, each change at the `shownData` version after it, since the
/// data last changed otherwise (at `start`): their paths, which only a change of content
/// leaves in place, so that they hold until `start` moves.
@usableFromInline
struct _ContentLog {
  /// The `shownData` version from which the entries count.
  var start: Int
  /// The changes, in order.
  var entries: [(version: Int, paths: [ElementPath])] = []
  /// The most changes kept.
  static var limit: Int { 1_024 }
}

extension CollectionCoordinator where Target == HeadlessCollectionView<Section> {
  /// The item whose top holds still while the items below it grow (a prompt whose answer
  /// streams in): the view's `pinnedItem`, which governs updates and measured sizes alike.
  ///
  /// - Complexity: Setting, O(n).
  public var pinnedItem: ItemIdentifier? {
    get { target.pinnedItem }
    set { target.pinnedItem = newValue }
  }
}

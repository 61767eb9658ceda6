import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftPipeline
import StagecraftReplay

extension CollectionCoordinator {
  /// Brings `sections` onto the view: what `updateUIViewController` calls with the new data
  /// and whether the SwiftUI transaction animates. The first data, a view off screen and a
  /// change above the strategy's threshold reload; unchanged data does nothing; anything else
  /// is replayed as staged, guarded batch updates (as the same batches without animation
  /// when `animated` is `false`). While a replay animates, the data waits and only the
  /// newest is kept.
  ///
  /// - Parameters:
  ///   - sections: The new data.
  ///   - animated: Whether to animate: `false` when the transaction has no animation or
  ///     disables animations.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Complexity: O(n + m) for the diff, expected, and O(k log k) for k moves; off the
  ///   main actor from `strategy.inlineDiffBelow` elements.
  @inlinable
  public func update(
    sections: [Section], animated: Bool, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    _update(sections: sections, animated: animated, site: _CallSite(fileID: fileID, line: line))
  }

  /// `update(sections:animated:)`, with a diff given for this update: what the benchmark's
  /// main-thread budget row hands a diff made beforehand, so that it times the main actor's
  /// share alone. Without one, the pipeline's diff runs: made where the coordinator was
  /// made (in the app's code), it runs specialized for its types, and an update forms no
  /// closure of its own.
  @inlinable
  package func _update(
    sections: [Section], animated: Bool,
    diff given: (@Sendable ([Section], [Section]) -> StagedChangeset<[Section]>)? = nil,
    site: _CallSite? = nil
  ) {
    performViewUpdate {
      _focusWillChange()
      _latestSections = sections
      _latestVersion += 1
      let version = _latestVersion
      let ended: @MainActor @Sendable (UpdateOutcome<Target.Failure>) -> Void = {
        [weak self] outcome in self?._updateDidEnd(outcome, version: version)
      }
      guard hasLoaded else {
        hasLoaded = true
        pipeline._reloadNow(sections, site: site, completion: ended)
        return
      }
      // The selection and the prefetch relay will look items up in the new data: index it
      // beside the diff, off the main actor when the diff runs there.
      let diffing =
        _index.indexing(given ?? pipeline._diff, needed: _needsIndexAfterUpdate) ?? given
      pipeline._submit(
        sections, animated: animated, diff: diffing, site: site,
        completion: ended)
    }
  }

  /// The updates' settings (`UpdateStrategy`): whether batch updates animate (as the
  /// transaction says by default), when the view reloads instead, from how many elements
  /// the diff runs off the main actor, and what an update keeps of the scroll position
  /// (`.coordinator` by default: the anchor, which reloads keep too, by identity).
  ///
  /// - Complexity: O(1).
  public var strategy: UpdateStrategy {
    get { pipeline.strategy }
    set { pipeline.strategy = newValue }
  }

  /// Brings a flat list onto the view, as one section: see `update(sections:animated:)`.
  ///
  /// - Parameters:
  ///   - items: The new items.
  ///   - animated: Whether to animate.
  ///   - fileID: Where the call is, for the flight recorder's record.
  ///   - line: The line of the call.
  /// - Complexity: That of `update(sections:animated:)`.
  @inlinable @inline(__always)
  public func update<Element>(
    items: [Element], animated: Bool, fileID: StaticString = #fileID, line: UInt = #line
  ) where Section == ArraySection<Int, Element> {
    update(
      sections: [ArraySection(model: 0, elements: items)], animated: animated, fileID: fileID,
      line: line)
  }

  /// Tells the coordinator that the view entered or left a window (or changed size): what
  /// the view's `didMoveToWindow` calls. Back in a window, a view that does not show the
  /// newest data, and has no replay under way that will bring it, is brought up to date.
  ///
  /// - Complexity: O(1), and an update when one is due.
  public func windowDidChange() {
    performViewUpdate {
      if hasLoaded, target.isOnScreen, !pipeline._isBusy, _shownVersion < _latestVersion {
        update(sections: latestSections, animated: false)
      }
      viewportDidChange()
    }
  }

  /// Waits until every diff running off the main actor has been replayed; an animation
  /// still in flight may hold the newest data back, as it does on a device.
  ///
  /// - Complexity: That of the diffs awaited.
  public func waitForBackgroundDiffs() async {
    while let task = pipeline._backgroundDiff { await task.value }
  }

  /// Ends one update, once its animations ended: the newest data shown is recorded.
  /// Inlinable, so that reading the outcome does not look up its type's metadata.
  @inlinable
  func _updateDidEnd(_ outcome: UpdateOutcome<Target.Failure>, version: Int) {
    switch outcome {
    case .applied, .fellBack:
      _shownVersion = max(_shownVersion, version)
    case .failed:
      // The target refused a block (only a `CollectionModelView` can): reload the newest
      // data instead.
      pipeline._reloadNow(latestSections) { _ in }
      _shownVersion = _latestVersion
    case .superseded, .cancelled:
      break
    }
  }

  /// New data reached the view (an update's blocks were performed, their animations may
  /// still run, or a reload): each concern hears of it, in order (the selection follows it
  /// at once, a pending scrolled item is scrolled to, prefetches of deleted items are
  /// cancelled, the reach triggers look at the new content).
  func _viewDidApply() {
    _noteApplied(pipeline._lastContentUpdates)
    _index.dataDidApply(pipeline.data, version: pipeline._dataVersion)
    _tellConcerns(.dataDidApply)
    _focus.dataDidApply(pipeline.data) { self.indexPath(of: $0) }
  }

  /// Notes what holds focus before the data changes, when the view keeps focus by index path.
  @usableFromInline
  func _focusWillChange() {
    if _focus.isActive { _focus.dataWillChange(from: pipeline.data) }
  }

  /// Where keyboard focus belongs after the last update, by identity: what the collection
  /// view's delegate answers to `indexPathForPreferredFocusedView(in:)` (the SwiftUI
  /// collection does), so that focus stays on its item instead of the path UIKit remembered.
  /// `nil` when focus was not in the view.
  ///
  /// - Complexity: O(1).
  public var preferredFocusItem: ElementPath? { _focus.preferredItem }
}

// MARK: The data source

extension CollectionCoordinator {
  /// The data the view shows: what its data source answers from. During a replay, the
  /// current block's data.
  ///
  /// - Complexity: O(1).
  public var sections: [Section] { pipeline.data }

  /// The number of sections the view shows.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { pipeline.data.count }

  /// The data the view shows now, as its data source answers, with a version that changes
  /// whenever it does: what a `CollectionListLayout` reads in `prepare()` (its `shownData`),
  /// so that its sizes follow the items by identity. When only items' content changed in
  /// place since a version, `itemsChanged(since:)` says which.
  ///
  /// - Complexity: O(1).
  public var shownData: (version: Int, sections: [Section]) {
    (pipeline._dataVersion &+ pipeline._contentVersion, pipeline.data)
  }

  /// The number of items of `section` the view shows; 0 for a section it does not have.
  ///
  /// - Parameter section: A section index.
  /// - Returns: Its number of items.
  /// - Complexity: O(1) for sections whose `elements` is random-access.
  public func numberOfItems(inSection section: Int) -> Int {
    pipeline.data.indices.contains(section) ? pipeline.data[section].elements.count : 0
  }

  /// The item at `path` in the data the view shows; nil for a path it does not have.
  ///
  /// - Parameter path: An index path.
  /// - Returns: The item, for the cell to show.
  /// - Complexity: O(1) for sections whose `elements` is random-access.
  public func item(at path: ElementPath) -> Item? {
    guard pipeline.data.indices.contains(path.section), path.element >= 0 else { return nil }
    let elements = pipeline.data[path.section].elements
    guard path.element < elements.count else { return nil }
    return elements[elements.index(elements.startIndex, offsetBy: path.element)]
  }

  /// Where the item with `identifier` is in the data the view shows.
  ///
  /// - Parameter identifier: An item's identity.
  /// - Returns: Its path, or nil when the data does not hold it.
  /// - Complexity: O(1) expected; the first lookup after the data changed indexes it, O(n).
  public func indexPath(of identifier: ItemIdentifier) -> ElementPath? {
    _index.path(of: identifier, in: pipeline.data, version: pipeline._dataVersion)
  }
}

// MARK: Displaying items

extension CollectionCoordinator {
  /// Tells the coordinator that the item at `path` is about to be shown: what the delegate's
  /// `willDisplay` calls (a `HeadlessCollectionView` calls it for every cell it makes, as
  /// UIKit does). Its outstanding prefetch is used (not cancelled).
  ///
  /// - Parameter path: The item about to be shown.
  /// - Complexity: O(1) expected.
  public func willDisplayItem(at path: ElementPath) {
    _tellConcerns(.willDisplayItem(path))
  }
}

// MARK: Sections by identity

extension CollectionCoordinator {
  /// The identity of the section at `index` in the data the view shows: what a layout given
  /// per section reads, so that a section keeps its layout when sections are inserted,
  /// deleted or moved around it.
  ///
  /// - Parameter index: A section index, as a compositional layout's section provider gets it.
  /// - Returns: The section's identity, or `nil` for an index the data does not have.
  /// - Complexity: O(1).
  public func sectionIdentifier(at index: Int) -> Section.DifferenceIdentifier? {
    pipeline.data.indices.contains(index) ? pipeline.data[index].differenceIdentifier : nil
  }
}

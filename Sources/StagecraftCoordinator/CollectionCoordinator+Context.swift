import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// The coordinator is its concerns' context: what they read of the data the view shows and
/// of the view, and what they may do to the view.
extension CollectionCoordinator: CoordinatorContext {
  package func latestDataHolds(_ identifier: ItemIdentifier) -> Bool {
    if _latestVersion == _indexedShownVersion { return indexPath(of: identifier) != nil }
    return _index.latestHolds(identifier, in: _latestSections, version: _latestVersion)
  }

  /// The version of the newest data when it is the data the view shows, -1 otherwise.
  private var _indexedShownVersion: Int {
    hasLoaded && !pipeline._isBusy && !pipeline._isReplaying && _shownVersion == _latestVersion
      ? _latestVersion : -1
  }

  /// Whether a concern will look items up after the next update: a selection, outstanding
  /// prefetches, or an item waiting to be scrolled to.
  @usableFromInline
  var _needsIndexAfterUpdate: Bool {
    // The concerns' stored flags: reading their state would look up its types' metadata.
    !_selection.isEmpty || _prefetch.hasOutstanding || _scrolled.hasPending
  }

  package var dataVersion: Int { pipeline._dataVersion }
  package var isReplaying: Bool { pipeline._isReplaying }
  package var selectedItemPaths: [ElementPath]? { target.selectedItemPaths }
  package var visibleItemPaths: [ElementPath]? { target.visibleItemPaths }
  package var scrollMetrics: ScrollMetrics? { target.scrollMetrics }
  package var allowsSelectingMultipleItems: Bool? { target.allowsSelectingMultipleItems }
  package var firstVisibleItem: ElementPath? { _firstVisibleItem(of: target) }

  package func selectItem(at path: ElementPath) {
    var view = target
    view.selectItem(at: path, animated: false)
  }

  package func deselectItem(at path: ElementPath, animated: Bool) {
    var view = target
    view.deselectItem(at: path, animated: animated)
  }

  package func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {
    var view = target
    view.scrollToItem(at: path, alignment: alignment, animated: animated)
  }

  package func withdraw(_ binding: CoordinatorCallbacks.Binding) {
    _callbacks.withdraw(binding)
  }

  package func emit(_ binding: CoordinatorCallbacks.Binding?, _ deliver: @escaping () -> Void) {
    _callbacks.emit(binding, deliver)
  }
}

extension CollectionCoordinator {
  /// Traps when the coordinator disagrees with itself: its index with the data shown and the
  /// newest data, its pipeline's queue (`UpdatePipeline._checkInvariants()`), the data shown
  /// never newer than the newest. Compiled only with `STAGECRAFT_INTERNAL_CHECKS`; the random
  /// sequences call it after every step.
  ///
  /// - Complexity: O(n) for the n items, and the pipeline's check.
  package func _checkInvariants() {
    #if STAGECRAFT_INTERNAL_CHECKS
      _index._checkInvariants(
        shown: pipeline.data, version: pipeline._dataVersion, latest: _latestSections,
        latestVersion: _latestVersion)
      pipeline._checkInvariants()
      precondition(_shownVersion <= _latestVersion, "the view shows data newer than the newest")
    #endif
  }
}

import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftReplay

extension CollectionCoordinator {
  /// Applies one SwiftUI update's input: what `updateUIViewController` calls, once, and
  /// nothing else. It is a view update (every callback it causes arrives on the next turn of
  /// the main actor), and it runs in one order:
  ///
  /// 0. **The view's own properties**, which only the shell knows (insets, a refresh
  ///    control, supplementary registrations): `configure`, so that what UIKit calls back
  ///    meanwhile (a scroll the new insets cause) waits as well.
  /// 1. **The data**, brought onto the view as the input's strategy says
  ///    (`update(sections:animated:)`).
  /// 2. **The bindings, read against the new data**: the selection (an item added and
  ///    selected in the same state change is selected, at its new path), then the scrolled
  ///    item (an item added in the same change is scrolled to). An item the new data holds
  ///    but the view does not show yet (its diff runs off the main actor, or waits for an
  ///    animation) stays bound, and is selected or scrolled to when its data arrives.
  /// 3. **The handlers**: taps, the reach triggers and prefetching. The reach triggers then
  ///    look at the new content, so a handler given with the first data hears of a short
  ///    list at once.
  ///
  /// - Parameters:
  ///   - input: The update's data, bindings and handlers.
  ///   - configure: Sets the view's own properties; nothing by default.
  ///   - fileID: Where the call is, for the flight recorder's record (`FlightRecord.callSite`).
  ///   - line: The line of the call.
  /// - Complexity: That of `update(sections:animated:)`, plus O(k) expected for k
  ///   identifiers whose selection changed.
  @inlinable
  public func apply(
    _ input: CollectionInput<Section>, configuringView configure: () -> Void = {},
    fileID: StaticString = #fileID, line: UInt = #line
  ) {
    performViewUpdate {
      configure()
      strategy = input.strategy
      update(sections: input.sections, animated: input.animated, fileID: fileID, line: line)
      _applyBindingsAndHandlers(input)
    }
  }

  /// Steps 2 and 3 of `apply(_:)`.
  @usableFromInline
  func _applyBindingsAndHandlers(_ input: CollectionInput<Section>) {
    _selection.follow(input.selection, self)
    _scrolled.follow(input.scrolledItem, self)
    _selection.onSelectItem = input.onSelectItem
    _reach.onReachEnd = input.reachEnd?.action
    _reach.onReachStart = input.reachStart?.action
    if let reach = input.reachEnd { _reach.end.distance = reach.distance }
    if let reach = input.reachStart { _reach.start.distance = reach.distance }
    _prefetch.onPrefetch = input.prefetch?.prefetch
    _prefetch.onCancel = input.prefetch?.cancel
    _reach.handlersDidChange(self)
  }
}

import StagecraftDiff
import StagecraftModel
import StagecraftPipeline
import StagecraftReplay

extension CollectionCoordinator {
  /// Scrolls the view to the item with `identifier`, aligned as `alignment` says. An item
  /// the newest data holds but the view does not show yet is scrolled to when its data
  /// arrives.
  ///
  /// - Parameters:
  ///   - identifier: The item's identity.
  ///   - alignment: Where it ends up in the viewport; `.top` by default.
  ///   - animated: Whether to animate the scroll.
  /// - Returns: Whether the view shows the item now.
  /// - Complexity: O(1) expected to find it (O(n) to index the data once per version), and
  ///   the view's scroll.
  @discardableResult
  public func scrollToItem(
    withIdentifier identifier: ItemIdentifier, at alignment: ScrollAlignment = .top,
    animated: Bool = true
  ) -> Bool {
    _scrolled.scroll(to: identifier, alignment: alignment, animated: animated, self)
  }

  /// The item the list is scrolled to, by identity: the first item at least partly
  /// visible, as last reported (`scrollDidSettle()`); the value of a scrolled-item
  /// binding. Setting it scrolls that item to the top of the viewport (when the view shows
  /// it, or as soon as it does).
  ///
  /// - Complexity: Reading, O(1); setting, that of `scrollToItem(withIdentifier:at:animated:)`.
  public var scrolledItem: ItemIdentifier? {
    get { _scrolled.value }
    set { performViewUpdate { _scrolled.set(newValue, self) } }
  }

  /// Called when a scroll comes to rest on another item (`scrollDidSettle()`): write it back
  /// to a scrolled-item binding.
  ///
  /// - Complexity: O(1).
  public var onScrolledItemChange: ((ItemIdentifier) -> Void)? {
    get { _scrolled.onChange }
    set { _scrolled.onChange = newValue }
  }

  /// Tells the coordinator that a scroll came to rest: what the scroll view delegate's
  /// `scrollViewDidEndDecelerating`, `scrollViewDidEndDragging(_:willDecelerate:)` without
  /// deceleration, `scrollViewDidEndScrollingAnimation` and `scrollViewDidScrollToTop` (a
  /// tap on the status bar) call. Reports the item the list is now scrolled to through
  /// `onScrolledItemChange`, when it changed: once per settled scroll.
  ///
  /// - Complexity: O(v) for the v items on screen.
  public func scrollDidSettle() {
    _scrolled.scrollDidSettle(self)
  }
}

import StagecraftDiff
import StagecraftModel
import StagecraftPipeline
import StagecraftReplay

extension CollectionCoordinator {
  /// What each update does with the view's scroll position: the anchor is kept by default
  /// (the item the user reads stays where it is when items arrive above it); `.stickToBottom`
  /// for a chat; `.none` to leave it alone. Reloads keep it too, by identity.
  ///
  /// - Complexity: O(1).
  public var scrollPosition: ScrollPositionPolicy {
    get { pipeline.scrollPosition }
    set { pipeline.scrollPosition = newValue }
  }

  /// Scrolls the view to the item with `identifier`, aligned as `alignment` says.
  ///
  /// - Parameters:
  ///   - identifier: The item's identity.
  ///   - alignment: Where it ends up in the viewport; `.top` by default.
  ///   - animated: Whether to animate the scroll.
  /// - Returns: Whether the view shows the item.
  /// - Complexity: O(1) expected to find it (O(n) to index the data once per version), and
  ///   the view's scroll.
  @discardableResult
  public func scrollToItem(
    withIdentifier identifier: ItemIdentifier, at alignment: ScrollAlignment = .top,
    animated: Bool = true
  ) -> Bool {
    guard let path = indexPath(of: identifier) else { return false }
    var view = target
    view.scrollToItem(at: path, alignment: alignment, animated: animated)
    _scrolledItem = identifier
    return true
  }

  /// The item the list is scrolled to, by identity: the first item at least partly
  /// visible, as last reported (`scrollDidSettle()`); the value of a scroll-position
  /// binding. Setting it scrolls that item to the top of the viewport.
  ///
  /// - Complexity: Reading, O(1); setting, that of `scrollToItem(withIdentifier:at:animated:)`.
  public var scrolledItem: ItemIdentifier? {
    get { _scrolledItem }
    set {
      guard let newValue, newValue != _scrolledItem else { return }
      performViewUpdate { scrollToItem(withIdentifier: newValue, at: .top, animated: false) }
    }
  }

  /// Tells the coordinator that a scroll came to rest: what the scroll view delegate's
  /// `scrollViewDidEndDecelerating`, `scrollViewDidEndDragging(_:willDecelerate:)` without
  /// deceleration, and `scrollViewDidEndScrollingAnimation` call. Reports the item the list
  /// is now scrolled to through `onScrollPositionChange`, when it changed: once per settled
  /// scroll.
  ///
  /// - Complexity: O(v) for the v items on screen.
  public func scrollDidSettle() {
    guard let path = _firstVisibleItem(of: target), let item = item(at: path) else { return }
    let identifier = item.differenceIdentifier
    guard identifier != _scrolledItem else { return }
    _scrolledItem = identifier
    _emit(.scrollPosition) { [weak self] in self?.onScrollPositionChange?(identifier) }
  }
}

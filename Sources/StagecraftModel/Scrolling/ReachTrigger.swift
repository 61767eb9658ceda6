import StagecraftReplay

/// A trigger that asks for more content near one end of a scrolled list, at most once per
/// page: the state behind "load more" at the end of a feed and "load older" at the top of a
/// chat.
///
/// The distance left is `contentHeight − (offset + viewport)` to the end and `offset` to the
/// start. The trigger fires when it is idle and armed and either the content is no taller
/// than the viewport, or the distance left is at most `distance` and the last scroll did not
/// go away from its end. Firing makes it busy until the app's handler completes
/// (`complete()`) and records the content's height; it is armed again only once the content
/// grew past that height (the page arrived) or the viewport left the trigger zone
/// (`distance left > distance`, on content taller than the viewport) and came back. So it
/// never fires twice for the same page, never loops on short content that loads nothing,
/// and fires again when a page arrived that did not fill the screen.
///
/// ```swift
/// import Stagecraft
///
/// var end = ReachTrigger(.end)
/// let page = ScrollMetrics(contentOffset: 0, viewportHeight: 600, contentHeight: 1_500)
/// // 900 points left, within twice the viewport: it fires, and is busy.
/// print(end.evaluate(page, direction: .forward))  // prints true
/// print(end.evaluate(page, direction: .forward))  // prints false
/// // The handler completed, but no page arrived.
/// end.complete()
/// print(end.evaluate(page, direction: .forward))  // prints false
/// // A page arrived: armed again, but 2,400 points are left.
/// let longer = ScrollMetrics(contentOffset: 0, viewportHeight: 600, contentHeight: 3_000)
/// print(end.evaluate(longer, direction: .forward))  // prints false
/// let nearer = ScrollMetrics(contentOffset: 1_500, viewportHeight: 600, contentHeight: 3_000)
/// print(end.evaluate(nearer, direction: .forward))  // prints true
/// ```
public struct ReachTrigger: Hashable, Sendable {
  /// The end of the content a trigger watches.
  public enum Edge: Hashable, Sendable {
    /// The top: older messages of a chat.
    case start
    /// The bottom: the next page of a feed.
    case end
  }

  /// The end it watches.
  public let edge: Edge
  /// How close to that end it fires.
  public var distance: ReachDistance
  /// Whether it fired and the app's handler has not completed yet.
  ///
  /// - Complexity: O(1).
  public var isBusy: Bool { _isBusy }
  /// The storage of `isBusy`, set by the inlinable evaluation.
  @usableFromInline var _isBusy = false
  /// The content's height when it last fired; `nil` while armed.
  @usableFromInline var _firedAtHeight: Double?
  /// Whether the viewport left the trigger zone since it last fired.
  @usableFromInline var _leftZone = false

  /// A trigger for `edge`, idle and armed.
  ///
  /// - Parameters:
  ///   - edge: The end to watch.
  ///   - distance: How close to it to fire; twice the viewport's height by default.
  /// - Complexity: O(1).
  public init(_ edge: Edge, distance: ReachDistance = .standard) {
    self.edge = edge
    self.distance = distance
  }

  /// Whether it may fire: not since the content it last fired for, or armed again.
  ///
  /// - Complexity: O(1).
  public var isArmed: Bool { _firedAtHeight == nil }

  /// Looks at where the viewport is, arms the trigger again when a page arrived or the
  /// viewport came back to the zone, and fires when it should: call it on every offset
  /// change, viewport change and update, and after `complete()`.
  ///
  /// - Parameters:
  ///   - metrics: Where the viewport is and how tall the content is.
  ///   - direction: The direction of the last scroll.
  /// - Returns: Whether it fires now; it is then busy until `complete()`.
  /// - Complexity: O(1).
  @inlinable
  public mutating func evaluate(_ metrics: ScrollMetrics, direction: ScrollDirection) -> Bool {
    let viewport = metrics.viewportHeight
    let left =
      edge == .end
      ? metrics.contentHeight - (metrics.contentOffset + viewport) : metrics.contentOffset
    let short = metrics.contentHeight <= viewport
    let inZone = short || left <= distance.points(viewportHeight: viewport)
    if let fired = _firedAtHeight {
      if metrics.contentHeight > fired || (inZone && _leftZone) {
        _firedAtHeight = nil
        _leftZone = false
      } else if !inZone {
        _leftZone = true
      }
    }
    guard !_isBusy, _firedAtHeight == nil, inZone else { return false }
    let away = edge == .end ? direction == .backward : direction == .forward
    guard short || !away else { return false }
    _isBusy = true
    _firedAtHeight = metrics.contentHeight
    return true
  }

  /// The app's handler completed: the trigger is idle again. Evaluate it next, since the
  /// viewport may still be in the zone with new content.
  ///
  /// - Complexity: O(1).
  public mutating func complete() {
    _isBusy = false
  }
}

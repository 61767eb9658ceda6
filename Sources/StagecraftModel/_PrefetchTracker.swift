import StagecraftDiff
import StagecraftReplay

/// The prefetch state of a list, by identity: which items were in the prefetch window at the
/// last evaluation, which of them were visible, and which have an outstanding prefetch.
///
/// An identifier is one item: when the data repeats it, its occurrences count together (in
/// the window if any is, visible if any is; its path is its first occurrence in the window).
struct _PrefetchTracker<Element: Differentiable> {
  typealias ID = Element.DifferenceIdentifier

  /// An item of the window, at the last evaluation.
  struct Entry {
    /// Its flat position in the data of that evaluation.
    var flat: Int
    /// Its path there.
    var path: ElementPath
    /// The element, to tell a change of content at the next update.
    var element: Element
    /// Whether it was visible.
    var isVisible: Bool
    /// Whether it has an outstanding prefetch.
    var isOutstanding: Bool
    /// Its distance from the viewport (0 when visible).
    var distance: Double
  }

  /// The items of the window at the last evaluation, in data order.
  var entries: [Entry] = []

  /// What one evaluation asks for.
  struct Events {
    /// Prefetches to cancel, in the order the items held in the data before: the element and
    /// its current path (`nil` when the data no longer holds it).
    var cancels: [(Element, ElementPath?)] = []
    /// Prefetches to start, nearest to the viewport first, ties in data order.
    var prefetches: [(Element, ElementPath)] = []
  }

  /// Moves to a new window and says which prefetches start and which are cancelled.
  ///
  /// - Parameters:
  ///   - window: The items now in the window, in data order: flat position, path, element,
  ///     whether visible, and distance from the viewport.
  ///   - dataChanged: Whether the data changed since the last evaluation (contents are then
  ///     compared, and items that left the window are looked up by `locate`).
  ///   - locate: Where an item that left the window is now, by identity.
  /// - Returns: The cancels and the prefetches.
  /// - Complexity: O(w + w′ + e log e) for the w items in the window now, the w′ at the last
  ///   evaluation and the e events, plus what `locate` costs.
  mutating func move(
    to window: [Entry], dataChanged: Bool, locate: (ID) -> ElementPath?
  ) -> Events {
    // The window now, one entry per identifier.
    var now: [Entry] = []
    now.reserveCapacity(window.count)
    var index: [ID: Int] = [:]
    index.reserveCapacity(window.count)
    for item in window {
      let id = item.element.differenceIdentifier
      if let at = index[id] {
        now[at].isVisible = now[at].isVisible || item.isVisible
        now[at].distance = min(now[at].distance, item.distance)
      } else {
        index[id] = now.count
        now.append(item)
      }
    }
    var events = Events()
    var reprefetch: [Int] = []
    var seen = Set<ID>(minimumCapacity: entries.count)
    for old in entries {
      let id = old.element.differenceIdentifier
      seen.insert(id)
      guard old.isOutstanding else { continue }
      guard let at = index[id] else {
        // It left the window, or the data.
        events.cancels.append((old.element, dataChanged ? locate(id) : old.path))
        continue
      }
      // Visible now: the cell uses what was prefetched; no event.
      if now[at].isVisible { continue }
      if dataChanged, !now[at].element.isContentEqual(to: old.element) {
        events.cancels.append((old.element, now[at].path))
        reprefetch.append(at)
      } else {
        now[at].isOutstanding = true
      }
    }
    // Items that entered the window, or were inserted into it, without being visible.
    var starts = reprefetch
    for at in now.indices
    where !now[at].isVisible && !seen.contains(now[at].element.differenceIdentifier) {
      starts.append(at)
    }
    starts.sort { (now[$0].distance, now[$0].flat) < (now[$1].distance, now[$1].flat) }
    for at in starts {
      now[at].isOutstanding = true
      events.prefetches.append((now[at].element, now[at].path))
    }
    entries = now
    return events
  }

  /// Cancels every outstanding prefetch: prefetching was turned off.
  ///
  /// - Complexity: O(w) for the w items of the window.
  mutating func cancelAll() -> [(Element, ElementPath?)] {
    defer { entries = [] }
    return entries.filter(\.isOutstanding).map { ($0.element, $0.path) }
  }
}

extension _PrefetchTracker.Entry: Equatable where Element: Equatable {}
extension _PrefetchTracker.Entry: Sendable where Element: Sendable {}
extension _PrefetchTracker: Equatable where Element: Equatable {}
extension _PrefetchTracker: Sendable where Element: Sendable {}

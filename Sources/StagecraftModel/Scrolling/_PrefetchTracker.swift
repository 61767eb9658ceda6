import StagecraftDiff
import StagecraftReplay

/// The prefetch state of a list, by identity: which items were in the prefetch window at the
/// last evaluation, which of them were visible, and which have an outstanding prefetch.
///
/// An identifier is one item: when the data repeats it, its occurrences count together (in
/// the window if any is, visible if any is; its path is its first occurrence in the window).
///
/// Two forms of one state. While the data does not change and no identifier repeats in the
/// window, the state is positional (`_Positional`): the window's flat positions and a flag
/// byte for each, so that a scroll looks only at the items that enter or leave the window.
/// Before the data changes, the state is materialized (`entries`): each item's element and
/// path, which each block of the update carries through its old → new map; the evaluation
/// after the update matches them by identity.
@usableFromInline
struct _PrefetchTracker<Element: Differentiable> {
  @usableFromInline
  typealias ID = Element.DifferenceIdentifier

  /// An item of the window, at the last evaluation.
  @usableFromInline
  struct Entry {
    /// Its flat position in the data of that evaluation.
    @usableFromInline
    var flat: Int
    /// Its path: in that data, then carried through each block since (`nil` once deleted).
    @usableFromInline
    var path: ElementPath?
    /// The element, to tell a change of content at the next update.
    @usableFromInline
    var element: Element
    /// Whether it was visible.
    @usableFromInline
    var isVisible: Bool
    /// Whether it has an outstanding prefetch.
    @usableFromInline
    var isOutstanding: Bool
    /// Its distance from the viewport (0 when visible).
    @usableFromInline
    var distance: Double

    @inlinable
    init(
      flat: Int, path: ElementPath?, element: Element, isVisible: Bool, isOutstanding: Bool,
      distance: Double
    ) {
      (self.flat, self.path, self.element) = (flat, path, element)
      (self.isVisible, self.isOutstanding, self.distance) = (isVisible, isOutstanding, distance)
    }
  }

  /// The materialized state, in data order; empty while `positional` holds the state.
  @usableFromInline
  var entries: [Entry] = []
  /// The positional state, while the data is unchanged and identifiers do not repeat in the
  /// window.
  @usableFromInline var positional: _Positional?
  /// Whether the entries' paths follow the data (`false` after a reload, which has no map).
  @usableFromInline
  var pathsAreCarried = true

  /// What one evaluation asks for.
  @usableFromInline
  struct Events {
    /// Prefetches to cancel, in the order the items held in the data before: the element and
    /// its current path (`nil` when the data no longer holds it).
    @usableFromInline
    var cancels: [(Element, ElementPath?)] = []
    /// Prefetches to start, nearest to the viewport first, ties in data order.
    @usableFromInline
    var prefetches: [(Element, ElementPath)] = []

    @inlinable
    init(cancels: [(Element, ElementPath?)] = [], prefetches: [(Element, ElementPath)] = []) {
      (self.cancels, self.prefetches) = (cancels, prefetches)
    }
  }

  /// Whether any prefetch is outstanding or any item is in the window.
  @usableFromInline
  var isEmpty: Bool { entries.isEmpty && (positional?.window.isEmpty ?? true) }

  /// The identifiers of the outstanding prefetches, in data order.
  @inlinable
  func outstanding(in elements: [[Element]], _ layout: _Layout?) -> [ID] {
    if let positional, let layout {
      return positional.window.filter { positional.isOutstanding($0) }.map {
        let path = layout.path($0)
        return elements[path.section][path.element].differenceIdentifier
      }
    }
    return entries.filter(\.isOutstanding).map(\.element.differenceIdentifier)
  }

  // MARK: Before the data changes

  /// Turns the positional state into entries, read from the data it describes: before the
  /// data changes, or before a general evaluation.
  ///
  /// - Complexity: O(w) for the w items of the window.
  @inlinable
  mutating func materialize(_ elements: [[Element]], _ layout: _Layout?) {
    guard let state = positional else { return }
    positional = nil
    entries = []
    guard let layout else { return }
    entries.reserveCapacity(state.window.count)
    for flat in state.window {
      let path = layout.path(flat)
      entries.append(
        Entry(
          flat: flat, path: path, element: elements[path.section][path.element],
          isVisible: state.isVisible(flat), isOutstanding: state.isOutstanding(flat),
          distance: 0))
    }
  }

  /// Carries the entries' paths through one block.
  ///
  /// - Complexity: O(w) calls of `target`.
  @inlinable
  mutating func carry(_ target: (ElementPath) -> ElementPath?) {
    for index in entries.indices { entries[index].path = entries[index].path.flatMap(target) }
  }

  // MARK: The general evaluation (a scroll over the same data is `_Positional.scroll`)

  /// Moves to a new window, by identity: after an update, or when identifiers repeat.
  ///
  /// - Parameters:
  ///   - window: The items now in the window, in data order: flat position, path, element,
  ///     whether visible, and distance from the viewport.
  ///   - dataChanged: Whether the data changed since the last evaluation (contents are then
  ///     compared).
  ///   - locate: Where an item that left the window is now, by identity, when the entries'
  ///     paths were not carried (after a reload).
  /// - Returns: The cancels and the prefetches.
  /// - Complexity: O(w + w′ + e log e) for the w items in the window now, the w′ at the last
  ///   evaluation and the e events, plus what `locate` costs.
  @inlinable
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
        events.cancels.append((old.element, pathsAreCarried ? old.path : locate(id)))
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
      events.prefetches.append((now[at].element, now[at].path!))
    }
    pathsAreCarried = true
    // Without repeats (nor hash values that collide), the state goes positional: the window
    // is contiguous, and so are its visible items.
    let visibleFlats: Range<Int> = {
      guard let first = window.first(where: \.isVisible), let last = window.last(where: \.isVisible)
      else { return (window.first?.flat ?? 0)..<(window.first?.flat ?? 0) }
      return first.flat..<(last.flat + 1)
    }()
    if now.count == window.count, let first = window.first, let last = window.last,
      let state = _Positional(
        window: first.flat..<(last.flat + 1), visible: visibleFlats,
        flags: now.map { $0.isOutstanding ? _Positional.outstanding : 0 },
        hashOf: now.map { _windowHash($0.element.differenceIdentifier) })
    {
      positional = state
      entries = []
    } else {
      positional = window.isEmpty ? .empty : nil
      entries = window.isEmpty ? [] : now
    }
    return events
  }

  /// Cancels every outstanding prefetch: prefetching was turned off.
  ///
  /// - Complexity: O(w) for the w items of the window.
  @inlinable
  mutating func cancelAll(_ elements: [[Element]], _ layout: _Layout?) -> [(Element, ElementPath?)]
  {
    materialize(elements, layout)
    defer { entries = [] }
    return entries.filter(\.isOutstanding).map { ($0.element, $0.path) }
  }
}

extension _PrefetchTracker.Entry: Equatable where Element: Equatable {}
extension _PrefetchTracker.Entry: Sendable where Element: Sendable {}
extension _PrefetchTracker: Equatable where Element: Equatable {}
extension _PrefetchTracker: Sendable where Element: Sendable {}

/// The value the positional prefetch state keeps for an identifier, to tell one that enters
/// the window while it is there already: equal for equal identifiers, and rarely equal
/// otherwise (the general evaluation then tells them apart): `_fastHash`, whose integer
/// identifiers never collide.
@inlinable
func _windowHash<ID: Hashable>(_ identifier: ID) -> Int {
  _fastHash(identifier, seed: 0, hashSeed: 0)
}

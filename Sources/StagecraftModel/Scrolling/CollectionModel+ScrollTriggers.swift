import StagecraftDiff
import StagecraftReplay

extension CollectionModel {
  /// What the model's prefetching and reach triggers asked for, in `scrollEvents`.
  public enum ScrollEvent: CustomStringConvertible {
    /// Prefetch this item: it entered the prefetch window (or was inserted into it) without
    /// being visible, or its content changed while its prefetch was outstanding.
    case prefetch(Element, at: ElementPath)
    /// Cancel this item's outstanding prefetch: it left the window, was deleted (no path),
    /// or its content changed (a new prefetch follows).
    case cancelPrefetch(Element, at: ElementPath?)
    /// The reach-end trigger fired: load the next page.
    case reachEnd
    /// The reach-start trigger fired: load what comes before.
    case reachStart

    /// The identity of the item prefetched or cancelled; `nil` for a reach event.
    ///
    /// - Complexity: O(1).
    public var identifier: Element.DifferenceIdentifier? {
      switch self {
      case .prefetch(let element, _), .cancelPrefetch(let element, _):
        element.differenceIdentifier
      case .reachEnd, .reachStart: nil
      }
    }

    /// The item's path in the data after the operation; `nil` for a reach event, and for
    /// a cancel of an item the data no longer holds.
    ///
    /// - Complexity: O(1).
    public var path: ElementPath? {
      switch self {
      case .prefetch(_, let path): path
      case .cancelPrefetch(_, let path): path
      case .reachEnd, .reachStart: nil
      }
    }

    /// `prefetch ID at PATH`, `cancel ID at PATH` (or `cancel ID, deleted`), `reach end`,
    /// `reach start`.
    ///
    /// - Complexity: That of the identifier's description.
    public var description: String {
      switch self {
      case .prefetch(let element, let path): "prefetch \(element.differenceIdentifier) at \(path)"
      case .cancelPrefetch(let element, let path?):
        "cancel \(element.differenceIdentifier) at \(path)"
      case .cancelPrefetch(let element, nil): "cancel \(element.differenceIdentifier), deleted"
      case .reachEnd: "reach end"
      case .reachStart: "reach start"
      }
    }
  }

  /// The prefetching and reach-trigger state of a model.
  @usableFromInline
  struct _ScrollTriggers {
    @usableFromInline var buffers: PrefetchBuffers?
    @usableFromInline var tracker = _PrefetchTracker<Element>()
    @usableFromInline var end: ReachTrigger?
    @usableFromInline var start: ReachTrigger?
    @usableFromInline var direction = ScrollDirection.forward
    /// Whether the data changed since the last evaluation.
    @usableFromInline var dataChanged = false
    /// How many replays are under way (`replayWillBegin()` without its `replayDidEnd()`).
    @usableFromInline var replayDepth = 0

    @usableFromInline init() {}
  }
}

// MARK: Settings

extension CollectionModel {
  /// How far around the viewport items are prefetched, or `nil` (the default) for no
  /// prefetching. With a `geometry`, every scroll, resize and update then records in
  /// `scrollEvents` the items to prefetch and the prefetches to cancel, by identity (see
  /// `ScrollEvent`). Turning it off cancels the outstanding prefetches.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var model = CollectionModel(items: Array(0..<100))
  /// model.geometry = .init(viewportHeight: 100, itemHeight: 50)
  /// model.prefetching = PrefetchBuffers(leading: 1, trailing: 1)
  /// print(model.scrollEvents)  // prints [prefetch 2 at [0, 2], prefetch 3 at [0, 3]]
  /// model.setContentOffset(50)
  /// print(model.scrollEvents.suffix(1))  // prints [prefetch 4 at [0, 4]]
  /// ```
  ///
  /// - Complexity: Setting, O(w) for the w items of the prefetch window.
  public var prefetching: PrefetchBuffers? {
    get { _triggers.buffers }
    set {
      _triggers.buffers = newValue
      if newValue == nil {
        _record(.init(cancels: _triggers.tracker.cancelAll(_elements, _layout)))
      }
      _evaluateScrollTriggers()
    }
  }

  /// How close to the end of the content the reach-end trigger fires, or `nil` (the
  /// default) for none. See `ReachTrigger` for when it fires; each firing is a `.reachEnd`
  /// in `scrollEvents`, and the trigger is busy until `completeReach(.end)`.
  ///
  /// - Complexity: Setting, O(1), and the evaluation of the triggers.
  public var reachEnd: ReachDistance? {
    get { _triggers.end?.distance }
    set { _setReach(.end, newValue) }
  }

  /// How close to the start of the content the reach-start trigger fires, or `nil` (the
  /// default) for none: a chat loading older messages. Each firing is a `.reachStart` in
  /// `scrollEvents`, and the trigger is busy until `completeReach(.start)`.
  ///
  /// - Complexity: Setting, O(1), and the evaluation of the triggers.
  public var reachStart: ReachDistance? {
    get { _triggers.start?.distance }
    set { _setReach(.start, newValue) }
  }

  private mutating func _setReach(_ edge: ReachTrigger.Edge, _ distance: ReachDistance?) {
    var trigger = edge == .end ? _triggers.end : _triggers.start
    if let distance {
      if trigger == nil { trigger = ReachTrigger(edge) }
      trigger?.distance = distance
    } else {
      trigger = nil
    }
    if edge == .end { _triggers.end = trigger } else { _triggers.start = trigger }
    _evaluateScrollTriggers()
  }

  /// The app's handler for a reach trigger completed (its page loaded, or failed): the
  /// trigger is idle again and the triggers are evaluated, so it fires again at once if a
  /// new page arrived, or the viewport came back to the zone, and it is still there.
  ///
  /// - Parameter edge: The trigger's end.
  /// - Complexity: That of evaluating the triggers.
  public mutating func completeReach(_ edge: ReachTrigger.Edge) {
    if edge == .end { _triggers.end?.complete() } else { _triggers.start?.complete() }
    _evaluateScrollTriggers()
  }

  /// Whether the reach trigger of `edge` fired and its handler has not completed.
  ///
  /// - Parameter edge: The trigger's end.
  /// - Returns: Whether it is busy; `false` without one.
  /// - Complexity: O(1).
  public func isReaching(_ edge: ReachTrigger.Edge) -> Bool {
    (edge == .end ? _triggers.end : _triggers.start)?.isBusy ?? false
  }

  /// The direction of the last scroll: `.forward` until the first, and when a scroll grew
  /// the offset; `.backward` when one shrank it. Offsets a replay sets to keep the scroll
  /// position are not scrolls.
  ///
  /// - Complexity: O(1).
  public var scrollDirection: ScrollDirection { _triggers.direction }

  /// The identifiers of the items whose prefetch is outstanding, in data order.
  ///
  /// - Complexity: O(w) for the w items of the prefetch window.
  public var prefetchedItems: [Element.DifferenceIdentifier] {
    _triggers.tracker.outstanding(in: _elements, _layout)
  }
}

// MARK: Evaluation

extension CollectionModel {
  /// The geometry changed: lay the items out again if their heights did, note the
  /// direction of a scroll, follow with the cells, and evaluate the triggers.
  @inlinable
  mutating func _geometryDidChange(from old: Geometry?) {
    if let old, let geometry, geometry.contentOffset != old.contentOffset { _scrollDidStart() }
    if let old, let geometry, old._laysOutLike(geometry) {
      if _triggers.replayDepth == 0, geometry.contentOffset != old.contentOffset {
        _triggers.direction = geometry.contentOffset > old.contentOffset ? .forward : .backward
      }
      if geometry.viewportWidth != old.viewportWidth
        || geometry.viewportHeight != old.viewportHeight
      {
        _resized(from: old)
      }
    } else {
      _relayout()
    }
    _realizeCells()
    if !_sizes.shownApart.isEmpty { _forgetSizesShownApart() }
    if _geometry?._selfSizing != nil { _settleSizes() }
    _evaluateScrollTriggers()
  }

  /// The viewport changed size over the same layout (`_LayoutCore.resized(from:)`).
  @usableFromInline
  mutating func _resized(from old: Geometry) {
    _core.resized(from: old)
  }

  /// The data changed: lay it out, unless a batch laid it out in place (`laidOut`), (the items
  /// at `remeasured` to be measured again), follow
  /// with the cells, and evaluate the triggers (after the last block, when a replay is under
  /// way).
  @inlinable
  mutating func _dataDidChange(remeasuring remeasured: [ElementPath] = [], laidOut: Bool = false) {
    if laidOut { _noteSizesShownApart() } else { _relayout() }
    if !remeasured.isEmpty { _invalidateSizes(at: remeasured) }
    _realizeCells()
    if !_sizes.shownApart.isEmpty { _forgetSizesShownApart() }
    _triggers.dataChanged = true
    _settleSizes()
    _evaluateScrollTriggers()
  }

  /// Starts one update: the triggers wait for its end.
  ///
  /// - Complexity: O(1).
  @inlinable
  public mutating func replayWillBegin() {
    if _triggers.replayDepth == 0, _sizes.replayAnchor == nil { _noteReplayAnchor() }
    if _triggers.replayDepth == 0 { _noteFocusAtReplayStart() }
    _triggers.replayDepth += 1
  }

  /// Ends one update: after the outermost, the triggers are evaluated on the final data.
  ///
  /// - Complexity: O(1), and the evaluation of the triggers after the outermost update.
  @inlinable
  public mutating func replayDidEnd() {
    _triggers.replayDepth = max(0, _triggers.replayDepth - 1)
    if _triggers.replayDepth == 0 {
      _settleSizesAfterReplay()
      _settleFocusAfterReplay()
    }
    _evaluateScrollTriggers()
  }

  /// Moves the prefetch window and evaluates the reach triggers, recording what they ask
  /// for in `scrollEvents`: cancels, then prefetches, then the reach triggers.
  ///
  /// - Complexity: O(log n + w + e log e) for the w items of the window and the e events,
  ///   and O(n) to find the current paths of items an update took out of the window.
  @inlinable
  mutating func _evaluateScrollTriggers() {
    guard _triggers.replayDepth == 0 else { return }
    defer { _triggers.dataChanged = false }
    // Read field by field from the storage: binding the geometry or the layout, or reading
    // the `geometry` property, would copy them (and retain what they hold) at every step.
    guard let offset = _geometry?.contentOffset, let height = _geometry?.viewportHeight,
      let contentHeight = _layout?.contentHeight
    else { return }
    let length = height.isFinite && height > 0 ? height : 0
    let metrics = ScrollMetrics(
      contentOffset: offset, viewportHeight: length, contentHeight: contentHeight)
    if let buffers = _triggers.buffers {
      _movePrefetchWindow(
        buffers.window(metrics, direction: _triggers.direction),
        viewport: offset..<(offset + length))
    }
    if _triggers.end?.evaluate(metrics, direction: _triggers.direction) == true {
      _scrollEvents.append(.reachEnd)
    }
    if _triggers.start?.evaluate(metrics, direction: _triggers.direction) == true {
      _scrollEvents.append(.reachStart)
    }
  }

  @inlinable
  mutating func _movePrefetchWindow(_ window: Range<Double>, viewport: Range<Double>) {
    // The closures read the model's storage in place: a call of one of its methods would
    // copy the model. The layout is taken once: a read of `_layout` in a closure goes
    // through the core's accessor, which copied the core at each item.
    guard let layout = _layout else { return }
    // The cells followed the viewport already: its items are the realized range.
    let visible: Range<Int> =
      if case .items(let range) = _viewport { range } else { layout.items(in: viewport) }
    // A scroll over the same data looks at what enters and leaves the window, from where
    // the last evaluation's window was.
    guard !_triggers.dataChanged, let last = _triggers.tracker.positional?.window else {
      _movePrefetchWindowByIdentity(layout.items(in: window), viewport, layout)
      return
    }
    let flats = layout.items(in: window, near: last)
    if flats == last {
      // Most frames of a finger's scroll: the same items, only visibility changes.
      _triggers.tracker.positional!.updateVisibility(visible)
      return
    }
    // Taken out, so that the closures can read the data while the state changes.
    var state = _triggers.tracker.positional.take()!
    let moved = state.scroll(
      to: flats, visible: visible,
      identity: { flat in
        let path = layout.path(flat)
        return _windowHash(_elements[path.section][path.element].differenceIdentifier)
      },
      distance: { flat in layout.extent(flat).distance(to: viewport) })
    _triggers.tracker.positional = state
    guard moved else {
      _movePrefetchWindowByIdentity(flats, viewport, layout)
      return
    }
    let ring = state.ring
    for index in 0..<ring.cancelCount {
      let path = layout.path(ring.cancels[index])
      _scrollEvents.append(.cancelPrefetch(_elements[path.section][path.element], at: path))
    }
    for index in 0..<ring.startCount {
      let path = layout.path(ring.starts[index].flat)
      _scrollEvents.append(.prefetch(_elements[path.section][path.element], at: path))
    }
  }

  /// Moves the prefetch window by identity: after an update (whose blocks carried the
  /// paths), or when an identifier repeats in the window.
  @inlinable
  mutating func _movePrefetchWindowByIdentity(
    _ flats: Range<Int>, _ viewport: Range<Double>, _ _layout: _Layout
  ) {
    if !_triggers.dataChanged { _triggers.tracker.materialize(_elements, _layout) }
    var entries: [_PrefetchTracker<Element>.Entry] = []
    entries.reserveCapacity(flats.count)
    for flat in flats {
      let path = _layout.path(flat)
      let extent = _layout.extent(flat)
      entries.append(
        .init(
          flat: flat, path: path, element: _elements[path.section][path.element],
          isVisible: extent.overlaps(viewport), isOutstanding: false,
          distance: extent.distance(to: viewport)))
    }
    var index: [Element.DifferenceIdentifier: ElementPath]?
    let elements = _elements
    let events = _triggers.tracker.move(to: entries, dataChanged: _triggers.dataChanged) { id in
      if index == nil { index = Self._firstPaths(elements) }
      return index?[id]
    }
    _record(events)
  }

  @inlinable
  mutating func _record(_ events: _PrefetchTracker<Element>.Events) {
    for (element, path) in events.cancels {
      _scrollEvents.append(.cancelPrefetch(element, at: path))
    }
    for (element, path) in events.prefetches {
      _scrollEvents.append(.prefetch(element, at: path))
    }
  }

  /// Before the data changes: the prefetch state is read from the data it describes, and
  /// `carry` takes each tracked item to its path after the change (`nil` when a reload
  /// leaves it to be found by identity).
  @inlinable
  mutating func _dataWillChange(carry: ((ElementPath) -> ElementPath?)?) {
    guard !_triggers.tracker.isEmpty else { return }
    _triggers.tracker.materialize(_elements, _layout)
    if let carry {
      _triggers.tracker.carry(carry)
    } else {
      _triggers.tracker.pathsAreCarried = false
    }
  }

  /// The path of each identifier's first occurrence.
  @inlinable
  static func _firstPaths(_ elements: [[Element]]) -> [Element.DifferenceIdentifier:
    ElementPath]
  {
    var result: [Element.DifferenceIdentifier: ElementPath] = [:]
    for (section, items) in elements.enumerated() {
      for (index, item) in items.enumerated() where result[item.differenceIdentifier] == nil {
        result[item.differenceIdentifier] = ElementPath(element: index, section: section)
      }
    }
    return result
  }
}

extension CollectionModel.ScrollEvent: Equatable where CollectionModel.Element: Equatable {}
extension CollectionModel.ScrollEvent: Hashable where CollectionModel.Element: Hashable {}
extension CollectionModel.ScrollEvent: Sendable where CollectionModel.Element: Sendable {}
extension CollectionModel._ScrollTriggers: Equatable where CollectionModel.Element: Equatable {}
extension CollectionModel._ScrollTriggers: Sendable where CollectionModel.Element: Sendable {}

/// The model evaluates its triggers and settles its sizes once per update.
extension CollectionModel: ReplayObservingTarget {}

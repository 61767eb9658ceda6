import StagecraftDiff
import StagecraftModel
import StagecraftPipeline
import StagecraftReplay

// MARK: Reaching the ends

extension CollectionCoordinator {
  /// How close to the end `onReachEnd` is called: twice the viewport's height by default,
  /// as KarrotListKit's `onReachEnd`.
  ///
  /// - Complexity: O(1).
  public var reachEndDistance: ReachDistance {
    get { _reachEnd.distance }
    set { _reachEnd.distance = newValue }
  }

  /// How close to the start `onReachStart` is called: twice the viewport's height by
  /// default.
  ///
  /// - Complexity: O(1).
  public var reachStartDistance: ReachDistance {
    get { _reachStart.distance }
    set { _reachStart.distance = newValue }
  }

  /// Tells the coordinator that the viewport moved or changed size: what the scroll view
  /// delegate's `scrollViewDidScroll(_:)` and a layout pass that resized the view call. A
  /// scroll that grew the offset goes forward, one that shrank it backward; an offset set
  /// by an update to keep the scroll position is not a scroll. The reach triggers look at
  /// where the viewport is, and the items on screen use their outstanding prefetch.
  ///
  /// - Complexity: O(v) for the v items on screen, and the view's scroll metrics.
  public func viewportDidChange() {
    if !_prefetches.outstanding.isEmpty, let visible = target.visibleItemPaths {
      // Items on screen use what was prefetched for them.
      _prefetches.use(visible.compactMap { item(at: $0)?.differenceIdentifier })
    }
    guard let metrics = target.scrollMetrics else { return }
    if !pipeline._isReplaying, let last = _lastOffset, metrics.contentOffset != last {
      _direction = metrics.contentOffset > last ? .forward : .backward
    }
    _lastOffset = metrics.contentOffset
    _evaluateReach()
  }

  /// The direction of the last scroll the coordinator was told of.
  ///
  /// - Complexity: O(1).
  public var scrollDirection: ScrollDirection { _direction }

  /// Whether the reach trigger of `edge` fired and its handler is still running.
  ///
  /// - Parameter edge: The end.
  /// - Returns: Whether it is busy.
  /// - Complexity: O(1).
  public func isReaching(_ edge: ReachTrigger.Edge) -> Bool {
    edge == .end ? _reachEnd.isBusy : _reachStart.isBusy
  }

  /// Evaluates the reach triggers that have a handler, on the view's scroll metrics (a view
  /// not laid out yet, with no viewport, is skipped).
  func _evaluateReach() {
    guard onReachEnd != nil || onReachStart != nil, let metrics = target.scrollMetrics,
      metrics.viewportHeight > 0
    else { return }
    _lastOffset = metrics.contentOffset
    if onReachEnd != nil, _reachEnd.evaluate(metrics, direction: _direction) {
      _emit { [weak self] in self?._runReachHandler(.end) }
    }
    if onReachStart != nil, _reachStart.evaluate(metrics, direction: _direction) {
      _emit { [weak self] in self?._runReachHandler(.start) }
    }
  }

  /// Runs the app's handler of `edge`; when it returns, the trigger is idle and evaluated
  /// again.
  func _runReachHandler(_ edge: ReachTrigger.Edge) {
    guard let handler = edge == .end ? onReachEnd : onReachStart else {
      _reachDidComplete(edge)
      return
    }
    let run: @MainActor () async -> Void = { [weak self] in
      await handler()
      self?._reachDidComplete(edge)
    }
    // The handler starts now, in the delivery (outside any view update), and runs on until
    // it first suspends: a handler that appends a page it has at hand does so in this turn.
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      Task.immediate { @MainActor in await run() }
    } else {
      Task { @MainActor in await run() }
    }
  }

  func _reachDidComplete(_ edge: ReachTrigger.Edge) {
    if edge == .end { _reachEnd.complete() } else { _reachStart.complete() }
    _evaluateReach()
  }
}

// MARK: Prefetching

extension CollectionCoordinator {
  /// The view asks to prefetch the items at `paths`: what a prefetch data source's
  /// `collectionView(_:prefetchItemsAt:)` calls. The paths are read in the data the view
  /// shows now (a path it does not have is dropped), and `onPrefetch` hears of the items not
  /// already outstanding.
  ///
  /// - Parameter paths: Index paths, nearest first.
  /// - Complexity: O(k) expected for k paths.
  public func prefetchItems(at paths: [ElementPath]) {
    _takePrefetches(cancel: [], prefetch: paths.compactMap { item(at: $0)?.differenceIdentifier })
  }

  /// The view cancels the prefetch of the items at `paths`: what a prefetch data source's
  /// `collectionView(_:cancelPrefetchingForItemsAt:)` calls. Only outstanding items reach
  /// `onCancelPrefetch`, so a stale path never cancels another item's work.
  ///
  /// - Parameter paths: Index paths in the data the view shows.
  /// - Complexity: O(k + p) expected for k paths and p outstanding prefetches.
  public func cancelPrefetchingForItems(at paths: [ElementPath]) {
    _takePrefetches(cancel: paths.compactMap { item(at: $0)?.differenceIdentifier }, prefetch: [])
  }

  /// The items whose prefetch is outstanding, in the order they were asked for.
  ///
  /// - Complexity: O(1).
  public var prefetchedItems: [ItemIdentifier] { _prefetches.outstanding }

  /// Records what the view asked for, and tells the app: cancels, then prefetches. During an
  /// update the view's requests wait for its end, where deleted items are cancelled first.
  func _takePrefetches(cancel: [ItemIdentifier], prefetch: [ItemIdentifier]) {
    if pipeline._isReplaying {
      _heldPrefetches.cancel += cancel
      _heldPrefetches.prefetch += prefetch
      return
    }
    _tellPrefetches(cancelled: _prefetches.cancel(cancel), started: _prefetches.prefetch(prefetch))
  }

  /// After an update: items it deleted are cancelled, then what the view asked for during
  /// it is taken.
  func _prefetchesDidApply() {
    guard
      !_prefetches.outstanding.isEmpty || !_heldPrefetches.prefetch.isEmpty
        || !_heldPrefetches.cancel.isEmpty
    else { return }
    let held = _heldPrefetches
    _heldPrefetches = ([], [])
    var cancelled = _prefetches.retain { indexPath(of: $0) != nil }
    cancelled += _prefetches.cancel(held.cancel)
    _tellPrefetches(cancelled: cancelled, started: _prefetches.prefetch(held.prefetch))
  }

  func _tellPrefetches(cancelled: [ItemIdentifier], started: [ItemIdentifier]) {
    if !cancelled.isEmpty { _emit { [weak self] in self?.onCancelPrefetch?(cancelled) } }
    if !started.isEmpty { _emit { [weak self] in self?.onPrefetch?(started) } }
  }
}

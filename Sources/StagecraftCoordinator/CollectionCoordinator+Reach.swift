import StagecraftDiff
import StagecraftModel
import StagecraftPipeline
import StagecraftReplay

// MARK: Reaching the ends

extension CollectionCoordinator {
  /// Called when the list comes within `reachEndDistance` of its end: load the next page.
  /// The trigger is busy until the handler returns, and fires again only once the page
  /// arrived (the content grew) or the viewport left the zone and came back (see
  /// `ReachTrigger`). Needs a view that reports its scroll metrics.
  ///
  /// The coordinator is the one keeper of its reach triggers: UIKit has none, so a view
  /// never fires one. On a `HeadlessCollectionView`, the model's own `reachEnd` and
  /// `reachStart` serve tests of the model alone; the coordinator neither reads nor drives
  /// them, so leave them unset on a view a coordinator drives.
  ///
  /// - Complexity: O(1).
  public var onReachEnd: (@MainActor () async -> Void)? {
    get { _reach.onReachEnd }
    set { _reach.onReachEnd = newValue }
  }

  /// Called when the list comes within `reachStartDistance` of its start, scrolling toward
  /// it: load older messages. Busy until the handler returns, as `onReachEnd`.
  ///
  /// - Complexity: O(1).
  public var onReachStart: (@MainActor () async -> Void)? {
    get { _reach.onReachStart }
    set { _reach.onReachStart = newValue }
  }

  /// How close to the end `onReachEnd` is called: twice the viewport's height by default,
  /// as KarrotListKit's `onReachEnd`.
  ///
  /// - Complexity: O(1).
  public var reachEndDistance: ReachDistance {
    get { _reach.end.distance }
    set { _reach.end.distance = newValue }
  }

  /// How close to the start `onReachStart` is called: twice the viewport's height by
  /// default.
  ///
  /// - Complexity: O(1).
  public var reachStartDistance: ReachDistance {
    get { _reach.start.distance }
    set { _reach.start.distance = newValue }
  }

  /// Tells the coordinator that the viewport moved or changed size: what the scroll view
  /// delegate's `scrollViewDidScroll(_:)` and a layout pass that resized the view call. A
  /// scroll that grew the offset goes forward, one that shrank it backward; an offset set
  /// by an update to keep the scroll position is not a scroll. The reach triggers look at
  /// where the viewport is, and the items on screen use their outstanding prefetch. What a
  /// scroll causes reaches the app at once, as a tap's does.
  ///
  /// - Complexity: O(v) for the v items on screen, and the view's scroll metrics.
  public func viewportDidChange() {
    _tellConcerns(.viewportDidChange)
  }

  /// Tells the coordinator that a layout pass ran: what `viewDidLayoutSubviews` calls. A new
  /// size moves the reach triggers' zones and the items on screen, as `viewportDidChange()`
  /// says, but layout is part of a view update: what it causes reaches the app on the next
  /// turn of the main actor, never during layout.
  ///
  /// - Complexity: That of `viewportDidChange()`.
  public func viewDidLayout() {
    performViewUpdate { viewportDidChange() }
  }

  /// The direction of the last scroll the coordinator was told of.
  ///
  /// - Complexity: O(1).
  public var scrollDirection: ScrollDirection { _reach.direction }

  /// Whether the reach trigger of `edge` fired and its handler is still running.
  ///
  /// - Parameter edge: The end.
  /// - Returns: Whether it is busy.
  /// - Complexity: O(1).
  public func isReaching(_ edge: ReachTrigger.Edge) -> Bool {
    edge == .end ? _reach.end.isBusy : _reach.start.isBusy
  }
}

// MARK: Prefetching

extension CollectionCoordinator {
  /// Called with the items to prefetch, nearest first: the view's prefetching
  /// (`prefetchItems(at:)`, or a `HeadlessCollectionView`'s model) mapped to identities
  /// through the data the view shows. An item is asked for once until it is shown or
  /// cancelled.
  ///
  /// - Complexity: O(1).
  public var onPrefetch: (([ItemIdentifier]) -> Void)? {
    get { _prefetch.onPrefetch }
    set { _prefetch.onPrefetch = newValue }
  }

  /// Called with the items whose prefetch is no longer needed: the view cancelled it, or an
  /// update deleted the item. Only items `onPrefetch` asked for, once each.
  ///
  /// - Complexity: O(1).
  public var onCancelPrefetch: (([ItemIdentifier]) -> Void)? {
    get { _prefetch.onCancel }
    set { _prefetch.onCancel = newValue }
  }

  /// The view asks to prefetch the items at `paths`: what a prefetch data source's
  /// `collectionView(_:prefetchItemsAt:)` calls. The paths are read in the data the view
  /// shows now (a path it does not have is dropped), and `onPrefetch` hears of the items not
  /// already outstanding.
  ///
  /// - Parameter paths: Index paths, nearest first.
  /// - Complexity: O(k) expected for k paths.
  public func prefetchItems(at paths: [ElementPath]) {
    _prefetch.take(cancel: [], prefetch: paths, self)
  }

  /// The view cancels the prefetch of the items at `paths`: what a prefetch data source's
  /// `collectionView(_:cancelPrefetchingForItemsAt:)` calls. Only outstanding items reach
  /// `onCancelPrefetch`, so a stale path never cancels another item's work.
  ///
  /// - Parameter paths: Index paths in the data the view shows.
  /// - Complexity: O(k + p) expected for k paths and p outstanding prefetches.
  public func cancelPrefetchingForItems(at paths: [ElementPath]) {
    _prefetch.take(cancel: paths, prefetch: [], self)
  }

  /// The items whose prefetch is outstanding, in the order they were asked for.
  ///
  /// - Complexity: O(1).
  public var prefetchedItems: [ItemIdentifier] { _prefetch.ledger.outstanding }
}

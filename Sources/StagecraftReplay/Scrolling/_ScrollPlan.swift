import StagecraftDiff

/// What a replay needs to keep the scroll position: the policy, and, to keep it across a
/// reload as well, a way to find where an item the target shows is in the final data, by
/// its identity. `relocate` gets the data the target shows when the replay knows it (after
/// its first block), and nil before: the caller then knows it (the source it diffed from).
@usableFromInline
package struct _ScrollKeeping<C: Collection> {
  @usableFromInline
  package var policy: ScrollAnchoring
  @usableFromInline
  package var relocate: ((_ shown: C?, _ path: ElementPath, _ final: C) -> ElementPath?)?

  @usableFromInline
  package init(
    policy: ScrollAnchoring,
    relocate: ((_ shown: C?, _ path: ElementPath, _ final: C) -> ElementPath?)? = nil
  ) {
    self.policy = policy
    self.relocate = relocate
  }

  /// The plan for a reload from `shown` (the data the target shows, when known) to `final`.
  @usableFromInline
  package func planReload<Target: BatchUpdateTarget>(
    on target: Target, from shown: C?, to final: C, carried: _ScrollPlan? = nil
  ) -> _ScrollPlan? {
    guard policy != .none, let relocate else {
      // Without identities, only the bottom can be kept.
      if case .bottom? = carried { return .bottom }
      guard policy == .stickToBottom, target._scrollMetrics?.isAtBottom == true else { return nil }
      return .bottom
    }
    return _ScrollPlan.forReload(on: target, policy: policy, carried: carried) {
      relocate(shown, $0, final)
    }
  }
}

/// How one block, or one reload, keeps the scroll position: read from the target before, and
/// carried out on it after (`ScrollAnchoring`).
@usableFromInline
package enum _ScrollPlan {
  /// Put the item that is at this path after the block at this distance from the
  /// viewport's top.
  case anchor(ElementPath, distance: Double)
  /// Scroll to the content's top: nothing at or above the anchor survived.
  case top
  /// Scroll to the content's end.
  case bottom

  /// The plan for `batch` on `target`, read before the block. The anchor is the one the
  /// previous block of the replay carried (`carried`), or, for the first block, the first
  /// item whose bottom is below the viewport's top; it is carried through the block's
  /// old → new map, and when the block deletes it, the nearest item above it that survives
  /// takes over at its own distance. `nil` when the policy keeps nothing, or the target has
  /// no scroll geometry or shows no item.
  ///
  /// - Complexity: O(c log c) for the map of c calls, plus O(v) for v visible items, plus
  ///   O(d log c) for d deleted items right above the anchor.
  @inlinable
  package static func forBlock<Target: BatchUpdateTarget>(
    _ batch: BatchUpdate, on target: Target, policy: ScrollAnchoring, carried: _ScrollPlan?
  ) -> _ScrollPlan? {
    guard policy != .none, let metrics = target._scrollMetrics else { return nil }
    let destinations = _Destinations(batch)
    return _plan(
      on: target, metrics: metrics, policy: policy, carried: carried,
      destination: destinations.of)
  }

  /// The plan for a reload of `target` to data in which `relocate` finds where each item the
  /// target shows now has gone (nil for an item that is not there): the same rule as a
  /// block's, by identity instead of a map.
  ///
  /// - Complexity: O(v) for v visible items, plus the calls to `relocate`.
  package static func forReload<Target: BatchUpdateTarget>(
    on target: Target, policy: ScrollAnchoring, carried: _ScrollPlan?,
    relocate: (ElementPath) -> ElementPath?
  ) -> _ScrollPlan? {
    guard policy != .none, let metrics = target._scrollMetrics else { return nil }
    return _plan(
      on: target, metrics: metrics, policy: policy, carried: carried, destination: relocate)
  }

  /// The rule both share: the anchor (carried, or the first visible item), where it goes,
  /// or the nearest item above it that survives, at its own distance, or the top.
  @inlinable
  static func _plan<Target: BatchUpdateTarget>(
    on target: Target, metrics: ScrollMetrics, policy: ScrollAnchoring, carried: _ScrollPlan?,
    destination: (ElementPath) -> ElementPath?
  ) -> _ScrollPlan? {
    let anchor: ElementPath
    let distance: Double
    switch carried {
    case .bottom?, .top?: return carried
    case .anchor(let path, let kept)?: (anchor, distance) = (path, kept)
    case nil:
      if policy == .stickToBottom, metrics.isAtBottom { return .bottom }
      guard let (first, extent) = target._firstVisibleItem(metrics) else { return nil }
      (anchor, distance) = (first, extent.top - metrics.contentOffset)
    }
    if let after = destination(anchor) { return .anchor(after, distance: distance) }
    // The anchor goes: the nearest item above it that survives keeps its own distance.
    let counts = target.displayedItemCounts ?? []
    var path = anchor
    while let above = _pathAbove(path, counts: counts) {
      path = above
      guard let after = destination(above) else { continue }
      guard let extent = target._extentOfItem(at: above) else { return nil }
      return .anchor(after, distance: extent.top - metrics.contentOffset)
    }
    return .top
  }

  /// Carries the plan out on `target`, after the block (or the reload) and its layout.
  ///
  /// - Complexity: That of one `extentOfItem(at:)` and one `setContentOffset(_:)`.
  @inlinable
  package func apply<Target: BatchUpdateTarget>(to target: inout Target) {
    switch self {
    case .anchor(let path, let distance):
      guard let extent = target._extentOfItem(at: path) else { return }
      // Most updates leave the anchor where it was: a scroll to where the view is already
      // would only make the view follow its own offset again.
      let offset = extent.top - distance
      guard target._scrollMetrics?.contentOffset != offset else { return }
      target._setContentOffset(offset)
    case .top:
      target._setContentOffset(0)
    case .bottom:
      guard let metrics = target._scrollMetrics else { return }
      target._setContentOffset(metrics.bottomOffset)
    }
  }
}

/// The first item whose bottom is below the viewport's top: the item a list is scrolled to.
///
/// - Complexity: O(v) for the v visible items.
package func _firstVisibleItem<Target: BatchUpdateTarget>(of target: Target) -> ElementPath? {
  guard let metrics = target._scrollMetrics else { return target._visibleItemPaths?.min() }
  return target._firstVisibleItem(metrics)?.0
}

/// The item right before `path` in the sections laid end to end: the previous item of its
/// section, or the last item of the nearest non-empty section before it.
@usableFromInline
func _pathAbove(_ path: ElementPath, counts: [Int]) -> ElementPath? {
  if path.element > 0 { return ElementPath(element: path.element - 1, section: path.section) }
  var section = min(path.section, counts.count) - 1
  while section >= 0 {
    if counts[section] > 0 { return ElementPath(element: counts[section] - 1, section: section) }
    section -= 1
  }
  return nil
}

/// Where each item goes through one block. A block that only deletes and inserts items,
/// each list sorted without repeats (most blocks of a flat diff), is answered from the lists
/// by binary search; any other builds the block's old → new map. A reloaded item survives:
/// its fresh copy takes its shifted place.
@usableFromInline
package struct _Destinations {
  @usableFromInline let batch: BatchUpdate
  @usableFromInline package let map: _BatchMap?

  /// - Complexity: O(c) to look at the calls, and O(c log c) for the map when one is needed.
  @usableFromInline
  package init(_ batch: BatchUpdate) {
    let simple =
      batch.deleteSections.isEmpty && batch.insertSections.isEmpty
      && batch.reloadSections.isEmpty && batch.moveSections.isEmpty && batch.moveItems.isEmpty
      && batch.reloadItems.isEmpty && batch.deleteItems._isStrictlyAscending
      && batch.insertItems._isStrictlyAscending
    self.batch = batch
    self.map = simple ? nil : _BatchMap(batch)
  }

  /// Where the item at `path` is after the block; nil when the block deletes it.
  ///
  /// - Complexity: O(log c).
  @usableFromInline
  package func of(_ path: ElementPath) -> ElementPath? {
    if let map {
      return map.itemTarget(of: path)
        ?? (batch.reloadItems.isEmpty ? nil : map.reloadedItemTarget(of: path))
    }
    if batch.deleteItems._containsSorted(path) { return nil }
    let element = _landing(of: path, deletes: batch.deleteItems, inserts: batch.insertItems)
    return ElementPath(element: element, section: path.section)
  }
}

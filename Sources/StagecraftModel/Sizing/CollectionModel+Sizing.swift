import StagecraftDiff
import StagecraftReplay

// MARK: Public

extension CollectionModel {
  /// An item whose measured size cycled: measured again with its identity, content and
  /// width unchanged, it went back to a height it had since (a → b → a, or a → b → c → a),
  /// or turned from growing to shrinking and back too often for any longer cycle. The model
  /// holds it at `height` and does not lay it out again until its content or the width
  /// changes; a layout feedback loop (rows alternating 170 ↔ 164 pt) ends there, at its
  /// first repeat, reported once. A size that only grows (a cell streaming content it holds
  /// itself) never repeats or turns: it is never taken for a cycle.
  public struct SizeOscillation: CustomStringConvertible {
    /// The item's identity.
    public var identifier: Element.DifferenceIdentifier
    /// The height it is held at.
    public var height: Double
    /// The height measured last, which the model did not take.
    public var rejectedHeight: Double

    /// `ID held at HEIGHT (measured REJECTED)`.
    ///
    /// - Complexity: That of the identifier's description.
    public var description: String {
      "\(identifier) held at \(height) (measured \(rejectedHeight))"
    }
  }

  /// How many sizes the model measured with the geometry's `selfSizing`, or was given by
  /// `recordMeasuredHeight(_:forItemAt:showing:width:)`: an update measures the items it
  /// shows that are new or changed, and nothing else.
  ///
  /// - Complexity: O(1).
  public var measurementCount: Int { _sizes.measurements }

  /// How many measured sizes the model keeps: at most one per live item that was measured
  /// (or recorded), none for an item that is gone.
  ///
  /// - Complexity: O(1).
  public var keptSizeCount: Int { _sizes.count }

  /// The items whose measured sizes alternated, each reported once, in the order found.
  ///
  /// - Complexity: O(k) for the k items.
  public var sizeOscillations: [SizeOscillation] {
    _sizes.oscillations.map {
      SizeOscillation(identifier: $0.0.differenceIdentifier, height: $0.kept, rejectedHeight: $0.2)
    }
  }

  /// The height measured for the item at `path`, at the geometry's width and for the item's
  /// identity and content; `nil` while its height is an estimate.
  ///
  /// - Parameter path: An item.
  /// - Returns: Its measured height.
  /// - Complexity: O(log n).
  public func measuredHeight(ofItemAt path: ElementPath) -> Double? {
    guard _contains(path), _layout != nil else { return nil }
    return _core.measuredHeight(at: _layout!.flat(path))
  }

  /// The realized items without a size measured for their identity, content and the
  /// geometry's width, ascending: what a layout asks its cells to measure.
  ///
  /// - Complexity: O(v) for the v realized items.
  public var itemsNeedingMeasurement: [ElementPath] {
    _pendingMeasurements().map(\.path)
  }

  /// The item whose top holds still while the items below it grow, by identity: the prompt
  /// a streamed answer follows. While the answer (and what else is below the prompt) is
  /// shorter than the viewport, the list may scroll past its end to hold it
  /// (`ScrollMetrics.contentOffset` beyond `bottomOffset`); once the answer outgrows the
  /// viewport, the prompt keeps holding, as a reading position does. It overrides the
  /// geometry's `anchoring` for measured sizes; `nil` (the default) for none, and when the
  /// item is deleted.
  ///
  /// - Complexity: Setting, O(n) to find the item; each growth then costs O(log n).
  public var pinnedItem: Element.DifferenceIdentifier? {
    get { _sizes.pin?.element.differenceIdentifier }
    set { _sizes.pin = newValue.flatMap(_pin) }
  }

  /// Records the height a cell measured for the item at `path`, and keeps the scroll
  /// position as the geometry's `anchoring` (or `pinnedItem`) says: an item above the
  /// anchor moves the content offset by as much as it grew, so that what the user sees
  /// does not move.
  ///
  /// Measurements may arrive in any order. One is ignored, returning `false`, when it is
  /// stale: the item at `path` has another identity than the element measured, or shows
  /// other content (its cell's, or the data's without a cell), or the width is not the
  /// geometry's. Measured again with the same identity, content and width, an
  /// item that gives a second different height is held (see `SizeOscillation`).
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var model = CollectionModel(items: Array(0..<100))
  /// model.geometry = .init(viewportHeight: 200, contentOffset: 500, itemHeight: 50)
  /// print(model.scrollAnchor!)  // prints 10 at 0.0
  /// model.recordMeasuredHeight(80, forItemAt: ElementPath(element: 3, section: 0))
  /// print(model.scrollAnchor!, model.geometry!.contentOffset)  // prints 10 at 0.0 530.0
  /// ```
  ///
  /// - Parameters:
  ///   - height: The height measured.
  ///   - path: The item's path in the data.
  ///   - element: What the cell showed; the realized cell's element (or the data's) by
  ///     default. A silent refresh streams content into a cell: its size is that content's.
  ///   - width: The width it was measured at; the geometry's by default.
  /// - Returns: Whether the size was recorded.
  /// - Complexity: O(log n), and the measuring of what the correction brings on screen.
  @inlinable @discardableResult
  public mutating func recordMeasuredHeight(
    _ height: Double, forItemAt path: ElementPath, showing element: Element? = nil,
    width: Double? = nil
  ) -> Bool {
    guard let geometry = _geometry, _contains(path), _layout != nil else { return false }
    let data = _elements[path.section][path.element]
    let showing = _cells[path]?.element ?? data
    let shown = element ?? showing
    let width = width ?? geometry.viewportWidth
    guard shown.differenceIdentifier == data.differenceIdentifier,
      shown.isContentEqual(to: showing), width == geometry.viewportWidth
    else { return false }
    _record(geometry._length(height), at: _layout!.flat(path), showing: shown, width: width)
    _sizesDidChange()
    return true
  }
}

extension CollectionModel {
  /// Records the height a cell measured for the item with `identifier`: as
  /// `recordMeasuredHeight(_:forItemAt:showing:width:)`, found by identity, for an app that
  /// knows the item and not its path.
  ///
  /// - Parameters:
  ///   - height: The height measured.
  ///   - identifier: The item's identity.
  ///   - element: What the cell showed; the realized cell's element (or the data's) by
  ///     default.
  ///   - width: The width it was measured at; the geometry's by default.
  /// - Returns: Whether the size was recorded; `false` for an identity the data does not
  ///   hold.
  /// - Complexity: O(1) expected to find the item (the first lookup after the data changed
  ///   indexes it, O(n)), and O(log n) to record it.
  @discardableResult
  public mutating func recordMeasuredHeight(
    _ height: Double, forItem identifier: Element.DifferenceIdentifier,
    showing element: Element? = nil, width: Double? = nil
  ) -> Bool {
    guard _layout != nil, let flat = _core.flat(of: identifier, in: _elements) else {
      return false
    }
    return recordMeasuredHeight(
      height, forItemAt: _layout!.path(flat), showing: element, width: width)
  }
}

extension CollectionModel.SizeOscillation: Equatable {}
extension CollectionModel.SizeOscillation: Hashable {}
extension CollectionModel.SizeOscillation: Sendable
where CollectionModel.Element.DifferenceIdentifier: Sendable {}

// MARK: Layout with sizes

extension CollectionModel {
  /// The pin of the first item with identity `id`; `nil` when there is none.
  ///
  /// - Complexity: O(n).
  @usableFromInline func _pin(_ id: Element.DifferenceIdentifier) -> (element: Element, flat: Int)?
  {
    _LayoutCore<Section>.find(id, _elements)
  }

  /// The layout, unshared, to change in place (`_LayoutCore.mutableLayout()`).
  ///
  /// - Complexity: O(1), or O(n) to copy it when another model shares it.
  @inlinable mutating func _mutableLayout() -> _Layout { _core.mutableLayout() }

  /// Records one measured size (`_LayoutCore.record`).
  ///
  /// - Complexity: O(log n).
  @inlinable mutating func _record(
    _ height: Double, at flat: Int, showing element: Element, width: Double
  ) {
    _core.record(height, at: flat, showing: element, width: width)
  }

  /// The realized items not measured at the geometry's width, ascending.
  ///
  /// - Complexity: O(v log n) for the v realized items.
  @inlinable func _pendingMeasurements() -> [(flat: Int, path: ElementPath)] {
    guard let _layout, case .items(let range) = _viewport else { return [] }
    let current = _sizes.current
    var result: [(flat: Int, path: ElementPath)] = []
    for flat in range where _layout.stamp(flat) != current {
      result.append((flat, _layout.path(flat)))
    }
    return result
  }

  /// Measures, with the geometry's `selfSizing`, every realized item not measured yet,
  /// pass after pass, until what the corrections bring on screen is measured too; then a
  /// viewport left wholly past the content comes back to its end, and what that shows is
  /// measured. Each item is measured once per key, and the offset only comes back: the
  /// passes end.
  ///
  /// - Complexity: O(m log n) for the m items measured.
  @inlinable
  mutating func _settleSizes(holding held: Int? = nil) {
    guard let sizing = _geometry?._selfSizing, _layout != nil, !_sizes.settling,
      _triggers.replayDepth == 0
    else { return }
    _sizes.settling = true
    // What the user sees stays put for the whole measuring: the item an update kept in
    // place, or the first visible item.
    _sizes.anchor = held ?? _geometry.flatMap { _layout!.firstEnding(after: $0.contentOffset) }
    defer { (_sizes.settling, _sizes.anchor) = (false, nil) }
    let width = _geometry!.viewportWidth
    while true {
      let pending = _pendingMeasurements()
      if pending.isEmpty {
        // The measuring done, a viewport left wholly past the content comes back to its
        // end, and what that brings on screen is measured too.
        let offset = _geometry?.contentOffset
        _core.clampIfBlank()
        if _geometry?.contentOffset == offset { return }
        _realizeCells()
        continue
      }
      for (flat, path) in pending {
        let element = _cells[path]?.element ?? _elements[path.section][path.element]
        _record(
          _geometry!._length(sizing.measure(element, width)), at: flat, showing: element,
          width: width)
      }
      _realizeCells()
      if !_sizes.shownApart.isEmpty { _forgetSizesShownApart() }
    }
  }

  /// Notes the item that holds still through an update as it begins, and its distance from
  /// the viewport's top: the pinned item, which the update keeps in place whatever its
  /// anchoring (a pin governs updates as it governs measured sizes), or else the first
  /// visible item, which measuring what the update brings on screen keeps where the update
  /// left it.
  ///
  /// - Complexity: O(log² n).
  @inlinable
  mutating func _noteReplayAnchor() {
    guard let geometry = _geometry, let layout = _layout else { return }
    if let pin = _sizes.pin, pin.flat < layout.count, !_sizes.has(.pinIgnoredByUpdates) {
      _sizes.replayAnchor = (pin.element, layout.top(pin.flat) - geometry.contentOffset)
      _sizes.replayPinned = true
      return
    }
    guard _sizes.isActive(geometry), let flat = layout.firstEnding(after: geometry.contentOffset)
    else { return }
    let path = layout.path(flat)
    _sizes.replayAnchor = (
      _elements[path.section][path.element], layout.top(flat) - geometry.contentOffset
    )
    _sizes.replayAnchorFlat = flat
  }

  /// After the outermost update: puts the pinned item back where it was, or leaves an
  /// offset past the content's end at the end (never a blank viewport), then measures
  /// what the update brought on screen, holding the item that was first visible before it
  /// when the update kept it at its distance (its own size may change: its top stays).
  ///
  /// - Complexity: O(log n), or O(n) to find it by identity after a reload; and the
  ///   measuring.
  @inlinable
  mutating func _settleSizesAfterReplay() {
    defer {
      (_sizes.replayAnchor, _sizes.replayPinned, _sizes.replayAnchorFlat) = (nil, false, nil)
    }
    let offset = _geometry?.contentOffset
    if _sizes.replayPinned, let (pinned, distance) = _sizes.replayAnchor, let pin = _sizes.pin,
      pin.element.differenceIdentifier == pinned.differenceIdentifier, _layout != nil
    {
      let top = _layout!.top(pin.flat)
      _geometry?.contentOffset = top - distance
    }
    _core.clampIfBlank()
    // The cells follow where the pin, or the content's end, put the viewport.
    if _geometry?.contentOffset != offset { _realizeCells() }
    // No reference to the layout is held across the measuring, which changes it in place.
    guard let (anchor, distance) = _sizes.replayAnchor, _layout != nil,
      let offset = _geometry?.contentOffset,
      let flat = _sizes.replayAnchorFlat ?? _pin(anchor.differenceIdentifier)?.flat,
      abs(_layout!.top(flat) - offset - distance) <= 0.5
    else { return _settleSizes() }
    _settleSizes(holding: flat)
  }

  /// After sizes changed outside an update: the cells follow the viewport, what it brings
  /// on screen is measured, and the triggers are evaluated.
  @inlinable mutating func _sizesDidChange() {
    // The cells follow only when the items shown changed: most measurements move none.
    if let geometry = _geometry, case .items(let shown) = _viewport {
      _keepWindow(around: shown)
      if _visibleRange(geometry) != shown { _realizeCells() }
    } else {
      _realizeCells()
    }
    if !_sizes.shownApart.isEmpty { _forgetSizesShownApart() }
    if _geometry?._selfSizing != nil { _settleSizes() }
    _evaluateScrollTriggers()
  }

  /// Keeps the layout's window around `shown` (`_Layout.keepWindow(around:)`) when the cache
  /// does not hold it.
  ///
  /// - Complexity: O(1), or that of building the window.
  @inlinable mutating func _keepWindow(around shown: Range<Int>) {
    // No binding of the layout: it would hold a second reference, and the mutable one would
    // be a copy.
    if shown.upperBound > _layout?.cached ?? .max { _mutableLayout().keepWindow(around: shown) }
  }

  /// The cells that showed content the data does not hold (a silent refresh) and have
  /// left the screen: the item they come back as shows the data, and is measured again;
  /// until then its last size is its estimate (`_LayoutCore.contentDidChange`).
  ///
  /// - Complexity: O(k log n) for the k such cells.
  @usableFromInline
  mutating func _forgetSizesShownApart() {
    guard _geometry != nil else { return }
    var changed = false
    defer { if changed { _realizeCells() } }
    var still: [ElementPath] = []
    for path in _sizes.shownApart {
      guard _cells[path] == nil else {
        still.append(path)
        continue
      }
      guard _contains(path), _layout != nil else { continue }
      let flat = _layout!.flat(path)
      let height = _layout!.height(flat)
      _core.contentDidChange(at: flat, to: _elements[path.section][path.element])
      changed = changed || _layout!.height(flat) != height
    }
    _sizes.shownApart = still
  }

  /// Marks the items at `paths` to be measured again (a reconfigure, a silent refresh):
  /// each keeps its height as its estimate until then.
  ///
  /// - Complexity: O(k) for the k paths.
  @usableFromInline
  mutating func _invalidateSizes(at paths: some Sequence<ElementPath>) {
    // New content ends a scroll's aim: anchoring keeps the position from here.
    _core.aim = nil
    guard let geometry = _geometry, _sizes.isActive(geometry), _layout != nil else { return }
    for path in paths where _contains(path) {
      _core.invalidate(
        _elements[path.section][path.element].differenceIdentifier, at: _layout!.flat(path))
    }
  }

  /// Scrolls so that the item at `flat` is where `placement` puts it, and keeps it there
  /// while what the scroll brings on screen is measured, and while sizes recorded later
  /// arrive, until the user scrolls or another scroll starts: one call lands. The offset is
  /// clamped to the content (and the room a pin makes).
  ///
  /// - Complexity: O(log n + v), and the measuring of the items brought on screen.
  mutating func _scroll(toFlat flat: Int, placement: _Aim<Element>.Placement) {
    guard let layout = _layout, flat < layout.count else { return }
    let path = layout.path(flat)
    guard
      let offset = _core.aim(
        at: flat, element: _elements[path.section][path.element], placement: placement)
    else { return }
    _sizes.target = flat
    defer { _sizes.target = nil }
    _moveToAim(offset)
    if _sizes.has(.scrollInOnePass) { _core.aim = nil }
  }

  /// Sets the content offset for the aim under way, without ending it.
  mutating func _moveToAim(_ offset: Double) {
    _sizes.aiming = true
    defer { _sizes.aiming = false }
    geometry?.contentOffset = offset
  }
}

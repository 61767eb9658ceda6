import StagecraftDiff
import StagecraftReplay

// MARK: Public

extension CollectionModel {
  /// An item whose measured size alternated: measured again with its identity, content and
  /// width unchanged, it went back to the height it had before its last change. The model
  /// holds it at `height` and does not lay it out again until its content or the width
  /// changes; a layout feedback loop (rows alternating 170 ↔ 164 pt) ends there, at its
  /// second change, reported once. A size that only grows (a cell streaming content it
  /// holds itself) is not an oscillation.
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
  /// - Complexity: O(1).
  public func measuredHeight(ofItemAt path: ElementPath) -> Double? {
    guard _contains(path), let _layout, !_layout.stamps.isEmpty else { return nil }
    let flat = _layout.flat(path)
    return _layout.stamps[flat] == _sizes.current ? _layout.heights[flat] : nil
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

extension CollectionModel.SizeOscillation: Equatable {}
extension CollectionModel.SizeOscillation: Hashable {}
extension CollectionModel.SizeOscillation: Sendable
where CollectionModel.Element.DifferenceIdentifier: Sendable {}

// MARK: Layout with sizes

extension CollectionModel {
  /// Lays the data out with the sizes that still hold: an entry whose item survives with
  /// its content keeps its height (measured at this width, or an estimate until it is
  /// measured at it), and every other entry goes.
  ///
  /// - Complexity: O(n) lookups by identity.
  mutating func _relayoutSized(_ geometry: Geometry, header: Double, footer: Double) {
    let old = _sizes.entries
    for entry in old.values { _ = _sizes.stamp(entry.width) }
    let sizes = _sizes
    var kept: [Int: _Sizes<Element>.Entry] = sizes.faults.contains(.noEviction) ? old : [:]
    kept.reserveCapacity(old.count)
    var stamps = ContiguousArray<UInt32>()
    stamps.reserveCapacity(_elements.reduce(0) { $0 + $1.count })
    let layout = _Layout(_elements, header: header, footer: footer) { element in
      let id = element.differenceIdentifier
      let key = sizes.key(id, at: stamps.count)
      if !old.isEmpty, let entry = old[key], sizes.owns(entry, id),
        sizes.faults.contains(.indexKeyedSizes) || entry.element.isContentEqual(to: element)
      {
        kept[key] = entry
        stamps.append(entry.stale ? 0 : sizes.widths[entry.width] ?? 1)
        return entry.height
      }
      stamps.append(0)
      return geometry.height(of: element)
    }
    layout.stamps = stamps
    _layout = layout
    _sizes.entries = kept
    _sizes.shownApart = _cells.compactMap { path, cell in
      cell.element.isContentEqual(to: _elements[path.section][path.element]) ? nil : path
    }
    if let pin = _sizes.pin { _sizes.pin = _pin(pin.element.differenceIdentifier) }
  }

  /// The pin of the first item with identity `id`; `nil` when there is none.
  ///
  /// - Complexity: O(n).
  func _pin(_ id: Element.DifferenceIdentifier) -> (element: Element, flat: Int)? {
    var flat = 0
    for elements in _elements {
      if let index = elements.firstIndex(where: { $0.differenceIdentifier == id }) {
        return (elements[index], flat + index)
      }
      flat += elements.count
    }
    return nil
  }

  /// The layout, unshared, to change in place. Hold no other reference to it across the
  /// call: one would make it look shared, and copied.
  ///
  /// - Complexity: O(1), or O(n) to copy it when another model shares it.
  @inlinable mutating func _mutableLayout() -> _Layout {
    if !isKnownUniquelyReferenced(&_layout) { _layout = _Layout(copying: _layout!) }
    if _layout!.stamps.count != _layout!.count {
      _layout!.stamps = ContiguousArray(repeating: 0, count: _layout!.count)
    }
    return _layout!
  }

  /// Records one measured size: its entry by identity, the layout's height and stamp, and
  /// the correction of the scroll position.
  ///
  /// - Complexity: O(log n).
  @inlinable mutating func _record(
    _ height: Double, at flat: Int, showing element: Element, width: Double
  ) {
    let id = element.differenceIdentifier
    _sizes.measurements += 1
    var entry = _Sizes<Element>.Entry(element: element, width: width, height: height)
    if var known = _sizes.entry(id, at: flat), known.element.isContentEqual(to: element),
      _sizes.holds(known.width, at: width)
    {
      // The same key measured again: the same height; a new one (a correction, or content
      // the cell streams that the layout was not told of); or the one before the last,
      // which is an oscillation: held where it is.
      if !known.frozen, known.height != height {
        if known.previous == height {
          known.frozen = true
          _sizes.oscillations.append((element, kept: known.height, height))
        } else {
          (known.previous, known.height) = (known.height, height)
        }
      }
      known.element = element
      known.stale = false
      entry = known
    }
    _sizes.entries[_sizes.key(id, at: flat)] = entry
    let stamp = _sizes.stamp(width)
    _mutableLayout().stamps[flat] = stamp
    _setHeight(entry.height, at: flat)
  }

  /// Gives the item at `flat` a new height, and keeps the scroll position: the pinned item,
  /// the scroll's target, the bottom (`.stickToBottom` at the bottom), or the first visible
  /// item (`.keepAnchor`) stays where it is on screen. The offset is never clamped to the
  /// content: a shrink that a later growth makes up for leaves nothing moved.
  ///
  /// - Complexity: O(log n).
  @inlinable mutating func _setHeight(_ height: Double, at flat: Int) {
    let layout = _mutableLayout()
    let old = layout.heights[flat]
    guard old != height, let geometry = _geometry else { return }
    let viewport = geometry._length(geometry.viewportHeight)
    let offset = geometry.contentOffset
    let wasAtBottom =
      ScrollMetrics(
        contentOffset: offset, viewportHeight: viewport, contentHeight: layout.contentHeight
      ).isAtBottom
    // Above the anchor: an item before the held one (a scroll's target, the pinned item,
    // or the first visible item when the measuring began), or one that ends at or above the
    // viewport's top.
    let held = _sizes.target ?? _sizes.pin?.flat
    let above = (held ?? _sizes.anchor).map { flat < $0 } ?? (layout.top(flat) + old <= offset)
    let delta = layout.setHeight(height, at: flat)
    if _sizes.faults.contains(.rebuildPerMeasurement) { layout.rebuildTops() }
    var corrected = offset
    if _sizes.faults.contains(.noAnchorCorrection) {
    } else if held != nil {
      if above { corrected += delta }
    } else {
      switch geometry.anchoring {
      case .none: break
      case .keepAnchor: if above { corrected += delta }
      case .stickToBottom:
        if wasAtBottom {
          corrected = max(0, layout.contentHeight - viewport)
        } else if above {
          corrected += delta
        }
      }
    }
    if corrected != offset { _geometry?.contentOffset = corrected }
  }

  /// The realized items not measured at the geometry's width, ascending.
  ///
  /// - Complexity: O(v) for the v realized items.
  @inlinable func _pendingMeasurements() -> [(flat: Int, path: ElementPath)] {
    guard let _layout, case .items(let range) = _viewport else { return [] }
    let stamps = _layout.stamps
    let current = _sizes.current
    var result: [(flat: Int, path: ElementPath)] = []
    for flat in range where stamps.isEmpty || stamps[flat] != current {
      result.append((flat, _layout.path(flat)))
    }
    return result
  }

  /// Measures, with the geometry's `selfSizing`, every realized item not measured yet,
  /// pass after pass, until what the corrections bring on screen is measured too. Each item
  /// is measured once per key: the passes end.
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
    while case let pending = _pendingMeasurements(), !pending.isEmpty {
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

  /// Notes the first visible item, and its distance from the viewport's top, as an update
  /// begins: if the update keeps it there (`ScrollAnchoring`), measuring what the update
  /// brings on screen keeps it there too.
  ///
  /// - Complexity: O(log n).
  mutating func _noteReplayAnchor() {
    guard let geometry = _geometry, _sizes.isActive(geometry), let layout = _layout,
      let flat = layout.firstEnding(after: geometry.contentOffset)
    else { return }
    let path = layout.path(flat)
    _sizes.replayAnchor = (
      _elements[path.section][path.element], layout.top(flat) - geometry.contentOffset
    )
  }

  /// After the outermost update: measures what it brought on screen, holding the item that
  /// was first visible before it when the update kept it at its distance (its own size may
  /// change: its top stays).
  ///
  /// - Complexity: O(n) to find it by identity, and the measuring.
  mutating func _settleSizesAfterReplay() {
    defer { _sizes.replayAnchor = nil }
    // No reference to the layout is held across the measuring, which changes it in place.
    guard let (anchor, distance) = _sizes.replayAnchor, _layout != nil,
      let offset = _geometry?.contentOffset, let flat = _pin(anchor.differenceIdentifier)?.flat,
      abs(_layout!.top(flat) - offset - distance) <= 0.5
    else { return _settleSizes() }
    _settleSizes(holding: flat)
  }

  /// After sizes changed outside an update: the cells follow the viewport, what it brings
  /// on screen is measured, and the triggers are evaluated.
  @inlinable mutating func _sizesDidChange() {
    // The cells follow only when the items shown changed: most measurements move none.
    if let geometry = _geometry, case .items(let shown) = _viewport,
      _visibleRange(geometry) == shown
    {
    } else {
      _realizeCells()
    }
    if !_sizes.shownApart.isEmpty { _forgetSizesShownApart() }
    if _geometry?._selfSizing != nil { _settleSizes() }
    _evaluateScrollTriggers()
  }

  /// Forgets the sizes of cells that showed content the data does not hold (a silent
  /// refresh) and have left the screen: the item they come back as shows the data, and is
  /// measured again; until then it counts its estimate.
  ///
  /// - Complexity: O(k log n) for the k such cells.
  @usableFromInline
  mutating func _forgetSizesShownApart() {
    guard let geometry = _geometry else { return }
    var changed = false
    defer { if changed { _realizeCells() } }
    var still: [ElementPath] = []
    for path in _sizes.shownApart {
      guard _cells[path] == nil else {
        still.append(path)
        continue
      }
      guard _contains(path), _layout != nil else { continue }
      let data = _elements[path.section][path.element]
      let flat = _layout!.flat(path)
      let key = _sizes.key(data.differenceIdentifier, at: flat)
      guard let entry = _sizes.entries[key], _sizes.owns(entry, data.differenceIdentifier),
        !entry.element.isContentEqual(to: data)
      else { continue }
      _sizes.entries[key] = nil
      _mutableLayout().stamps[flat] = 0
      _setHeight(geometry.height(of: data), at: flat)
      changed = true
    }
    _sizes.shownApart = still
  }

  /// Marks the items at `paths` to be measured again (a reconfigure, a silent refresh):
  /// each keeps its height as its estimate until then.
  ///
  /// - Complexity: O(k) for the k paths.
  mutating func _invalidateSizes(at paths: some Sequence<ElementPath>) {
    guard let geometry = _geometry, _sizes.isActive(geometry), _layout != nil else { return }
    let layout = _mutableLayout()
    for path in paths where _contains(path) {
      let id = _elements[path.section][path.element].differenceIdentifier
      let flat = layout.flat(path)
      if _sizes.entry(id, at: flat)?.frozen == true { continue }
      _sizes.update(id, at: flat) { $0.stale = true }
      layout.stamps[flat] = 0
    }
  }

  /// Scrolls so that the item at `flat` is where `offset` puts it, holding it there while
  /// what the scroll brings on screen is measured, then once more with its own measured
  /// size: it lands exactly, in two passes.
  ///
  /// - Complexity: O(log n + v), and the measuring of the items brought on screen.
  mutating func _scroll(toFlat flat: Int, offset: (ItemExtent, Double) -> Double) {
    guard _layout != nil, flat < _layout!.count else { return }
    _sizes.target = flat
    defer { _sizes.target = nil }
    // Without measuring, one pass lands: nothing the scroll brings on screen changes size.
    let passes = _geometry?._selfSizing == nil ? 1 : 2
    for pass in 0..<passes {
      guard let geometry = _geometry else { return }
      let target = offset(_layout!.extent(flat), geometry._length(geometry.viewportHeight))
      if pass > 0, target == geometry.contentOffset { return }
      setContentOffset(target)
    }
  }
}

import StagecraftDiff
import StagecraftReplay

/// The geometry and sizing state of a vertical list, apart from everything else a model
/// holds: the geometry (viewport, offset, heights), its layout of the data (tops, heights,
/// stamps), and the measured sizes by identity. `CollectionModel` (in tests) and
/// `ListLayoutState` (on the device) each hold one, so that the rules of sizing and of
/// keeping the scroll position have one place, and the device's layout carries no cells,
/// selection or event log.
///
/// The data is not the core's: each holder passes its elements where the core needs them
/// (a relayout, a pin), so that the model's data source and the layout's data stay one copy.
@usableFromInline
struct _LayoutCore<Section: DifferentiableSection> {
  @usableFromInline typealias Element = Section.Collection.Element
  @usableFromInline typealias Geometry = CollectionModel<Section>.Geometry

  /// The geometry; `nil` for none.
  @usableFromInline var geometry: Geometry?
  /// The geometry's layout of the data; `nil` without a geometry.
  @usableFromInline var layout: _Layout?
  /// The measured sizes, by identity.
  @usableFromInline var sizes = _Sizes<Element>()
  /// The item a scroll to it keeps aligned while its sizes arrive, until the user scrolls
  /// or another scroll starts.
  @usableFromInline var aim: _Aim<Element>?

  @usableFromInline init() {}
}

/// A scroll's target, held aligned: the item (by flat position, and the element to find it
/// again after new data) and where it goes in the viewport.
@usableFromInline
struct _Aim<Element: Differentiable> {
  /// Where the item goes: aligned, or its top at a distance from the viewport's top.
  @usableFromInline enum Placement: Equatable, Sendable {
    case aligned(ScrollAlignment)
    case distance(Double)
  }
  @usableFromInline var element: Element
  @usableFromInline var flat: Int
  @usableFromInline var placement: Placement

  @inlinable init(element: Element, flat: Int, placement: Placement) {
    (self.element, self.flat, self.placement) = (element, flat, placement)
  }

  /// The offset that puts an item of `extent` where the placement says, in a viewport of
  /// height `viewport`.
  @inlinable func offset(_ extent: ItemExtent, viewport: Double) -> Double {
    switch placement {
    case .aligned(.top): extent.top
    case .aligned(.centeredVertically): extent.top + extent.height / 2 - viewport / 2
    case .aligned(.bottom): extent.bottom - viewport
    case .distance(let distance): extent.top - distance
    }
  }
}

extension _Aim: Sendable where Element: Sendable {}

extension _LayoutCore: Sendable where Element: Sendable {}

extension _LayoutCore: Equatable where Element: Equatable {
  @usableFromInline static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.geometry == rhs.geometry && lhs.layout == rhs.layout && lhs.sizes == rhs.sizes
      && lhs.aim?.flat == rhs.aim?.flat && lhs.aim?.placement == rhs.aim?.placement
  }
}

// MARK: Laying the data out

extension _LayoutCore {
  /// Lays `elements` out again with the sizes that still hold: an item whose identity
  /// survives keeps its size, measured at this width or an estimate until it is measured
  /// (its content changed, or the width); an item that is new or gone loses it.
  ///
  /// - Complexity: O(n) lookups by identity.
  @inlinable
  mutating func relayout(_ elements: [[Element]]) {
    guard let geometry else {
      layout = nil
      sizes.entries = [:]
      return
    }
    // The width is the sizes' whether or not they are active yet: a size recorded next is
    // stamped with it, and counts as measured only at it.
    sizes.setWidth(geometry.viewportWidth)
    let header = geometry._length(geometry.sectionHeaderHeight)
    let footer = geometry._length(geometry.sectionFooterHeight)
    defer { sizes.identifierIndex = nil }
    guard sizes.isActive(geometry) else {
      layout = _Layout(elements, header: header, footer: footer) { geometry.height(of: $0) }
      if let pin = sizes.pin { sizes.pin = Self.find(pin.element.differenceIdentifier, elements) }
      aim = nil
      return
    }
    let old = sizes.entries
    for entry in old.values { _ = sizes.stamp(entry.width) }
    let sizes = self.sizes
    var kept: [Int: _Sizes<Element>.Entry] = sizes.has(.noEviction) ? old : [:]
    kept.reserveCapacity(old.count)
    let count = elements.reduce(0) { $0 + $1.count }
    var (heights, stamps) = (ContiguousArray<Double>(), ContiguousArray<UInt32>())
    heights.reserveCapacity(count)
    stamps.reserveCapacity(count)
    for section in elements {
      for element in section {
        let (height, stamp, keep) = laidOut(element, at: heights.count, geometry: geometry)
        if keep {
          let key = sizes.key(element.differenceIdentifier, at: heights.count)
          kept[key] = old[key]
        }
        heights.append(height)
        stamps.append(stamp)
      }
    }
    let layout = _Layout(
      heights: heights, stamps: stamps, sectionStarts: Self.starts(elements), header: header,
      footer: footer)
    // Counted on from the layout it replaces, for the tests of an update's cost.
    layout.writes += self.layout?.writes ?? 0
    layout.tree.touched += self.layout?.tree.touched ?? 0
    self.layout = layout
    self.sizes.entries = kept
    if let pin = sizes.pin {
      self.sizes.pin = Self.find(pin.element.differenceIdentifier, elements)
    }
    // New data ends a scroll's aim: the update's anchoring keeps the position from here.
    aim = nil
  }

  /// The first item with identity `id` in `elements`, and its flat position; `nil` when
  /// there is none.
  ///
  /// - Complexity: O(n).
  @inlinable
  static func find(
    _ id: Element.DifferenceIdentifier, _ elements: [[Element]]
  ) -> (element: Element, flat: Int)? {
    var flat = 0
    for section in elements {
      if let index = section.firstIndex(where: { $0.differenceIdentifier == id }) {
        return (section[index], flat + index)
      }
      flat += section.count
    }
    return nil
  }

  /// The flat position of the item with identity `id` in `elements`: from the index of
  /// identifiers, built at the first lookup after the data changed; `nil` when there is
  /// none. Colliding hashes are told apart by comparing identifiers.
  ///
  /// - Complexity: O(1) expected; the first lookup after the data changed, O(n).
  @inlinable
  mutating func flat(of id: Element.DifferenceIdentifier, in elements: [[Element]]) -> Int? {
    guard let layout else { return nil }
    if sizes.identifierIndex == nil {
      var index: [Int: Int] = [:]
      index.reserveCapacity(layout.count)
      var flat = 0
      for section in elements {
        for element in section {
          // The first of colliding identifiers is kept; the others are found by search.
          let hash = element.differenceIdentifier.hashValue
          if index[hash] == nil { index[hash] = flat }
          flat += 1
        }
      }
      sizes.identifierIndex = index
    }
    guard let flat = sizes.identifierIndex![id.hashValue] else { return nil }
    let path = layout.path(flat)
    if elements[path.section][path.element].differenceIdentifier == id { return flat }
    return Self.find(id, elements)?.flat
  }
}

// MARK: Measured sizes

extension _LayoutCore {
  /// The layout, unshared, to change in place. Hold no other reference to it across the
  /// call: one would make it look shared, and copied.
  ///
  /// - Complexity: O(1), or O(S) to copy it when another holder shares it (the copy shares
  ///   the tree, and each change copies the O(log n) nodes it passes).
  @inlinable mutating func mutableLayout() -> _Layout {
    if !isKnownUniquelyReferenced(&layout) { layout = _Layout(copying: layout!) }
    return layout!
  }

  /// Records one measured size: its entry by identity, the layout's height and stamp, and
  /// the correction of the scroll position. A size that comes back to a height it had
  /// since its content last changed, or that turns from growing to shrinking (or back) too
  /// often, is a cycle: held where it is, and reported once. A size that only grows never
  /// is.
  ///
  /// - Complexity: O(log n).
  @inlinable mutating func record(
    _ height: Double, at flat: Int, showing element: Element, width: Double
  ) {
    let id = element.differenceIdentifier
    sizes.measurements += 1
    var entry = _Sizes<Element>.Entry(element: element, width: width, height: height)
    if var known = sizes.entry(id, at: flat), known.element.isContentEqual(to: element),
      sizes.holds(known.width, at: width)
    {
      // The same key measured again: the same height; a new one (a correction, or content
      // the cell streams that the layout was not told of); or one it had before, which is
      // a cycle: held where it is.
      if !known.frozen, known.height != height {
        if known.isCycle(to: height, any: !sizes.has(.onlyTwoCycles)) {
          known.frozen = true
          sizes.oscillations.append((element, kept: known.height, height))
        } else {
          known.take(height)
        }
      }
      known.element = element
      known.stale = false
      entry = known
    }
    sizes.entries[sizes.key(id, at: flat)] = entry
    setHeight(entry.height, at: flat, stamp: sizes.stamp(width))
  }

  /// Gives the item at `flat` a new height, and keeps the scroll position: the pinned item,
  /// the scroll's target, the bottom (`.stickToBottom` at the bottom), or the first visible
  /// item (`.keepAnchor`) stays where it is on screen. The offset is not clamped here: a
  /// shrink that a later growth in the same pass makes up for leaves nothing moved. A
  /// viewport the pass leaves wholly past the content's end comes back to it at the pass's
  /// end (`clampIfBlank()`: the model's measuring, the layout's next `setBounds`).
  ///
  /// - Complexity: O(log n).
  @inlinable mutating func setHeight(_ height: Double, at flat: Int, stamp: UInt32? = nil) {
    let layout = mutableLayout()
    let old = layout.height(flat)
    guard old != height, let geometry else {
      if let stamp { layout.setStamp(stamp, at: flat) }
      return
    }
    let viewport = geometry._length(geometry.viewportHeight)
    let offset = geometry.contentOffset
    let wasAtBottom =
      ScrollMetrics(
        contentOffset: offset, viewportHeight: viewport, contentHeight: layout.contentHeight
      ).isAtBottom
    // Above the anchor: an item before the held one (a scroll's target, the pinned item,
    // or the first visible item when the measuring began), or one that ends at or above the
    // viewport's top.
    let held = sizes.target ?? sizes.pin?.flat
    let above = (held ?? sizes.anchor).map { flat < $0 } ?? (layout.top(flat) + old <= offset)
    let delta = layout.setHeight(height, at: flat, stamp: stamp)
    if sizes.has(.rebuildPerMeasurement) { layout.rebuildTops() }
    var corrected = offset
    if sizes.has(.noAnchorCorrection) {
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
    if let aim, aim.flat < layout.count, !sizes.has(.scrollInOnePass) {
      // A scroll's target holds where the scroll put it, whatever changed size.
      corrected = clamped(aim.offset(layout.extent(aim.flat), viewport: viewport))
    }
    if corrected != offset { self.geometry?.contentOffset = corrected }
  }

  /// Marks the item at `flat`, with identity `id`, to be measured again (a reconfigure, a
  /// silent refresh, new content): it keeps its height as its estimate until then.
  ///
  /// - Complexity: O(1).
  @usableFromInline
  mutating func invalidate(_ id: Element.DifferenceIdentifier, at flat: Int) {
    if sizes.entry(id, at: flat)?.frozen == true { return }
    sizes.update(id, at: flat) { $0.stale = true }
    mutableLayout().setStamp(0, at: flat)
  }

  /// The item at `flat`'s data changed to `element`, with the same identity: its size is
  /// kept as its estimate until it is measured showing the new content; a size already
  /// measured for that content and width (the item comes back to it) is its size again.
  ///
  /// - Complexity: O(1).
  @usableFromInline
  mutating func contentDidChange(at flat: Int, to element: Element) {
    guard let geometry, sizes.isActive(geometry), layout != nil else { return }
    let id = element.differenceIdentifier
    guard sizes.entry(id, at: flat) != nil, !sizes.has(.estimateAfterContentChange) else {
      sizes.entries[sizes.key(id, at: flat)] = nil
      mutableLayout().setStamp(0, at: flat)
      setHeight(geometry.height(of: element), at: flat)
      return
    }
    // The entry stays its content's: valid again if the item shows that content again, as a
    // relayout would find it (`laidOut`).
    let entry = sizes.entry(id, at: flat)!
    if !entry.element.isContentEqual(to: element) {
      mutableLayout().setStamp(0, at: flat)
    } else if !entry.stale {
      let stamp = sizes.stamp(entry.width)
      mutableLayout().setStamp(stamp, at: flat)
      setHeight(entry.height, at: flat)
    }
  }

  /// The height measured for the item at `flat` at the geometry's width, for its identity
  /// and content; `nil` while it is an estimate.
  ///
  /// - Complexity: O(1).
  @inlinable func measuredHeight(at flat: Int) -> Double? {
    guard let layout else { return nil }
    let (leaf, index, _) = layout.tree.locate(flat)
    return leaf.stamps[index] == sizes.current ? leaf.heights[index] : nil
  }
}

// MARK: The viewport

extension _LayoutCore {
  /// The viewport changed size over the same layout: a new width measures the items again
  /// (their sizes stay as estimates until then), and a list kept at its bottom
  /// (`.stickToBottom`) stays there when a keyboard's inset shrinks its viewport.
  ///
  /// - Complexity: O(1).
  @usableFromInline
  mutating func resized(from old: Geometry) {
    guard let geometry, let layout else { return }
    // A new size (a rotation, a keyboard) ends a scroll's aim: anchoring keeps the position.
    aim = nil
    if geometry.viewportWidth != old.viewportWidth { sizes.setWidth(geometry.viewportWidth) }
    let before = ScrollMetrics(
      contentOffset: old.contentOffset, viewportHeight: old._length(old.viewportHeight),
      contentHeight: layout.contentHeight)
    if sizes.pin == nil, geometry.anchoring == .stickToBottom,
      geometry.viewportHeight != old.viewportHeight, before.isAtBottom
    {
      self.geometry?.contentOffset = max(
        0, layout.contentHeight - geometry._length(geometry.viewportHeight))
    }
  }

  /// Where the viewport is and how tall the content is; `nil` without a geometry.
  ///
  /// - Complexity: O(1).
  @inlinable var scrollMetrics: ScrollMetrics? {
    guard let geometry, let layout else { return nil }
    return ScrollMetrics(
      contentOffset: geometry.contentOffset,
      viewportHeight: geometry._length(geometry.viewportHeight),
      contentHeight: layout.contentHeight)
  }

  /// The highest offset the content allows: its bottom at the viewport's bottom, or, with a
  /// pinned item, the pinned item at the viewport's top (the room a pin makes).
  ///
  /// - Complexity: O(log n).
  @usableFromInline var maximumOffset: Double {
    guard let metrics = scrollMetrics else { return 0 }
    let bottom = max(0, metrics.contentHeight - metrics.viewportHeight)
    guard let pin = sizes.pin, let layout, pin.flat < layout.count else { return bottom }
    return max(bottom, layout.top(pin.flat))
  }

  /// `offset` within the content: from 0 to `maximumOffset`.
  ///
  /// - Complexity: O(log n).
  @usableFromInline func clamped(_ offset: Double) -> Double {
    max(0, min(offset, maximumOffset))
  }

  /// Brings an offset that an update left wholly past the content's end (a blank viewport)
  /// back to the end, or to the room a pin makes. An offset that still shows some of the
  /// content is the update's anchoring's to keep.
  ///
  /// - Complexity: O(log n).
  @usableFromInline mutating func clampIfBlank() {
    guard let offset = geometry?.contentOffset, let layout, offset >= layout.contentHeight
    else { return }
    let highest = maximumOffset
    if offset > highest { geometry?.contentOffset = highest }
  }

  /// Starts a scroll to the item at `flat`, which then stays where `placement` puts it
  /// while sizes arrive, until the user scrolls or another scroll starts; returns the
  /// offset, clamped to the content.
  ///
  /// - Complexity: O(log n).
  @usableFromInline mutating func aim(
    at flat: Int, element: Element, placement: _Aim<Element>.Placement
  ) -> Double? {
    guard let geometry, let layout, flat < layout.count else { return nil }
    let aim = _Aim(element: element, flat: flat, placement: placement)
    self.aim = aim
    let viewport = geometry._length(geometry.viewportHeight)
    return clamped(aim.offset(layout.extent(flat), viewport: viewport))
  }
}

// MARK: Invariants

extension _Layout {
  /// Traps when the layout disagrees with itself: the tree's counts and sums with its
  /// heights and its leaves all at one depth, each top with the heights and headers above
  /// it, the content height with their sum, the sections' starts in order; compiled only
  /// with `STAGECRAFT_INTERNAL_CHECKS`.
  ///
  /// - Complexity: O(n log n).
  @usableFromInline func _checkInvariants() {
    #if STAGECRAFT_INTERNAL_CHECKS
      precondition(tree.root.checkedDepth(isRoot: true) != nil, "the tree disagrees with itself")
      let heights = tree.allHeights()
      precondition(heights.count == count, "a height per item")
      var (top, sum) = (0.0, 0.0)
      var section = 0
      for flat in 0..<count {
        while section < sectionStarts.count, sectionStarts[section] <= flat {
          top += section == 0 ? header : footer + header
          section += 1
        }
        precondition(heights[flat] >= 0 && heights[flat].isFinite, "a height is not a length")
        if flat < cached {
          precondition(cachedHeights[flat] == heights[flat], "a cached height is off")
          precondition(abs(cachedTops[flat] - top) <= 1e-6 * max(1, top), "a cached top is off")
        }
        if flat >= windowStart, flat - windowStart < windowTops.count {
          let window = flat - windowStart
          precondition(windowHeights[window] == heights[flat], "a height in the window is off")
          precondition(
            abs(windowTops[window] + windowShift - top) <= 1e-6 * max(1, top),
            "a top in the window is off")
        }
        // The tree's sums are checked above; its tops, read the way a scroll reads them,
        // for every item of a short list and a sample of a long one.
        if count <= 2_000 || flat % 61 == 0 || flat == count - 1 {
          precondition(abs(self.top(flat) - top) <= 1e-6 * max(1, top), "a top is off")
        }
        top += heights[flat]
        sum += heights[flat]
      }
      let chrome = (header + footer) * Double(sectionStarts.count)
      precondition(
        abs(contentHeight - sum - chrome) <= 1e-6 * max(1, sum), "the content height is off")
      precondition(sectionStarts.allSatisfy { $0 <= count }, "a section starts past the items")
      precondition(zip(sectionStarts, sectionStarts.dropFirst()).allSatisfy { $0 <= $1 })
    #endif
  }
}

extension _LayoutCore {
  /// Traps when the layout core disagrees with itself or with `elements`, the data it lays
  /// out: the layout (`_Layout._checkInvariants()`), one item per element, no more sizes than
  /// items and each of a live item, a stamp that says measured only where a size of the
  /// item's identity, content and width is kept, the pin and the aim at their items;
  /// compiled only with `STAGECRAFT_INTERNAL_CHECKS`.
  ///
  /// - Parameter elements: The data; for each item, what it shows (its cell's element where
  ///   that differs).
  /// - Complexity: O(n log n).
  @usableFromInline func _checkInvariants(_ elements: [[Element]]) {
    #if STAGECRAFT_INTERNAL_CHECKS
      guard let layout else {
        precondition(geometry == nil, "a geometry without a layout")
        return
      }
      layout._checkInvariants()
      precondition(layout.count == elements.reduce(0) { $0 + $1.count }, "an item per element")
      var live: Set<Int> = []
      var shared: Set<Int> = []
      var flat = 0
      for section in elements {
        for element in section {
          let key = sizes.key(element.differenceIdentifier, at: flat)
          if !live.insert(key).inserted { shared.insert(key) }
          flat += 1
        }
      }
      let stamps = layout.tree.allStamps()
      precondition(layout.sectionStarts == _LayoutCore.starts(elements), "the sections drifted")
      flat = 0
      for section in elements {
        for element in section {
          let id = element.differenceIdentifier
          // Items that share an identifier share its size: the update that deletes one of
          // them takes it, and the others keep their heights until measured again.
          // (Sizes kept by position, a planted mistake, follow no item: the tests' rules
          // catch that.)
          if stamps[flat] == sizes.current, !sizes.has(.widthOutOfKey),
            !sizes.has(.indexKeyedSizes), !shared.contains(sizes.key(id, at: flat))
          {
            let entry = sizes.entry(id, at: flat)
            precondition(entry != nil, "measured without a size")
            precondition(
              entry!.width == geometry?.viewportWidth || sizes.has(.indexKeyedSizes),
              "measured at another width")
          }
          flat += 1
        }
      }
      precondition(
        sizes.has(.noEviction) || sizes.entries.keys.allSatisfy(live.contains),
        "a size outlives its item")
      if let pin = sizes.pin {
        precondition(pin.flat < layout.count, "the pin is past the items")
        let path = layout.path(pin.flat)
        precondition(
          elements[path.section][path.element].differenceIdentifier
            == pin.element.differenceIdentifier, "the pin is not at its item")
      }
      if let aim {
        precondition(aim.flat < layout.count, "the aim is past the items")
        let path = layout.path(aim.flat)
        precondition(
          elements[path.section][path.element].differenceIdentifier
            == aim.element.differenceIdentifier, "the aim is not at its item")
      }
      for entry in sizes.entries.values {
        precondition(entry.earlier.count <= _Sizes<Element>.Entry.remembered, "too many heights")
      }
    #endif
  }
}

extension CollectionModel {
  /// Traps when the model disagrees with itself: its layout core with its data
  /// (`_LayoutCore._checkInvariants(_:)`), its cells and selection outside the data, its
  /// logs past their bound; compiled only with `STAGECRAFT_INTERNAL_CHECKS`. The tests call
  /// it after each step of their random sequences.
  ///
  /// - Complexity: O(n log n).
  package func _checkInvariants() {
    #if STAGECRAFT_INTERNAL_CHECKS
      _core._checkInvariants(_elements)
      precondition(sections.count == _elements.count, "a section per element list")
      for (index, section) in sections.enumerated() {
        precondition(section.elements.count == _elements[index].count, "the sections drifted")
      }
      precondition(_cells.keys.allSatisfy(_contains), "a cell outside the data")
      if let geometry = _geometry, let layout = _layout, _triggers.replayDepth == 0 {
        // With a geometry, the realized cells are the items the viewport shows.
        let shown = layout.items(in: _viewportRange(geometry))
        precondition(_viewport == .items(shown), "the cells do not follow the viewport")
        precondition(_cells.count == shown.count, "a cell outside the viewport")
      }
      precondition(_selection.allSatisfy(_contains), "a selection outside the data")
      if let limit = configuration.eventLimit {
        precondition(events.count <= 2 * Swift.max(limit, 1), "the event log is past its bound")
        precondition(_scrollEvents.count <= 2 * Swift.max(limit, 1), "the scroll log is past it")
      }
    #endif
  }
}

extension ListLayoutState {
  /// Traps when the layout state disagrees with itself: its core with its data, the
  /// sections changed in place with the sections; compiled only with
  /// `STAGECRAFT_INTERNAL_CHECKS`.
  ///
  /// - Complexity: O(n log n).
  package func _checkInvariants() {
    #if STAGECRAFT_INTERNAL_CHECKS
      _core._checkInvariants(_elements)
      precondition(_sections.count == _elements.count, "a section per element list")
      precondition(_changed.allSatisfy(_elements.indices.contains), "a changed section is gone")
    #endif
  }
}

import StagecraftDiff
import StagecraftReplay

/// The state behind a vertical list layout whose geometry is `CollectionModel`'s: what a
/// `UICollectionViewLayout` or `NSCollectionViewLayout` (`CollectionListLayout`), or a
/// table's `estimatedHeightForRowAt` (`TableRowHeights`), asks, answered headlessly, so that
/// what a test proves is what the device lays out. The shells only forward.
///
/// Sizes are the model's: measured for an item's identity, content and width, estimates
/// until then, carried across data changes by identity. A measured size corrects the content
/// offset so that the first visible item does not move, and `setSections(_:)` keeps that
/// item where it was. See <doc:SelfSizingWithoutJumps>.
///
/// ```swift
/// import Stagecraft
///
/// var layout = ListLayoutState(
///   sections: [ArraySection(model: "Inbox", elements: Array(0..<100))],
///   estimatedItemHeight: 50, sectionHeaderHeight: 30)
/// layout.setBounds(width: 320, height: 400, offset: 530)
/// print(layout.frameOfItem(at: ElementPath(element: 10, section: 0))!.top)  // prints 530.0
/// // A cell above the viewport measures 80 points: the offset follows, by 30.
/// print(layout.recordPreferredHeight(80, forItemAt: ElementPath(element: 2, section: 0))!)  // prints 30.0
/// print(layout.contentOffset, layout.contentHeight)  // prints 560.0 5060.0
/// ```
public struct ListLayoutState<Section: DifferentiableSection> {
  /// The element type the sections hold.
  public typealias Element = Section.Collection.Element

  /// The sections as last given, before any in-place content change (`_changed`).
  @usableFromInline var _sections: [Section]
  /// The elements of each section: the data the layout is of.
  @usableFromInline var _elements: [[Element]]
  /// The sections whose elements changed in place since `_sections` was set.
  @usableFromInline var _changed: Set<Int> = []
  /// The version of the data last read by `follow(shown:itemsChanged:)`.
  @usableFromInline var _shownVersion: Int?
  /// The pinned item's identity, kept while the data does not hold it (yet), so that a pin
  /// set before its update arrives takes hold when it does.
  @usableFromInline var _pinRequest: Element.DifferenceIdentifier?
  /// The geometry, its layout and the sizes: the same state, and the same rules, as a
  /// `CollectionModel`'s, without cells, selection or an event log.
  @usableFromInline var _core = _LayoutCore<Section>()

  /// The data the layout is of.
  ///
  /// - Complexity: O(1), or O(m) to rebuild the m elements of sections whose content
  ///   changed in place since.
  @inlinable public var sections: [Section] {
    var result = _sections
    for section in _changed {
      result[section] = Section(source: result[section], elements: _elements[section])
    }
    return result
  }

  /// A model of the layout, for a test to read: its data, geometry, sizes and scroll
  /// position, as a `CollectionModel` holds them (no cell is realized).
  ///
  /// - Complexity: O(n).
  public var model: CollectionModel<Section> {
    var model = CollectionModel(sections: sections, viewport: .none)
    model._core = _core
    return model
  }

  /// One laid-out view: an item, or a section's header or footer.
  public enum LayoutElement: Hashable, Sendable {
    /// The item at this path.
    case item(ElementPath)
    /// The header of this section.
    case header(Int)
    /// The footer of this section.
    case footer(Int)
  }

  /// A layout of `sections`, each item `estimatedItemHeight` until it is measured.
  ///
  /// - Parameters:
  ///   - sections: The data.
  ///   - estimatedItemHeight: The height of an item not measured yet.
  ///   - sectionHeaderHeight: The height of each section's header; 0 (none) by default.
  ///   - sectionFooterHeight: The height of each section's footer; 0 (none) by default.
  ///   - anchoring: What a measured size keeps of the scroll position; `.keepAnchor` by
  ///     default (see `CollectionModel.Geometry.anchoring`).
  /// - Complexity: O(n).
  public init(
    sections: [Section], estimatedItemHeight: Double, sectionHeaderHeight: Double = 0,
    sectionFooterHeight: Double = 0, anchoring: ScrollAnchoring = .keepAnchor
  ) {
    _sections = sections
    _elements = sections.map { Array($0.elements) }
    var geometry = CollectionModel<Section>.Geometry(
      viewportHeight: 0, sectionHeaderHeight: sectionHeaderHeight,
      itemHeight: estimatedItemHeight)
    geometry.sectionFooterHeight = sectionFooterHeight
    geometry.anchoring = anchoring
    _core.geometry = geometry
    _core.relayout(_elements)
  }

  /// Where the list is scrolled: the distance from the content's top to the viewport's top.
  ///
  /// - Complexity: O(1).
  public var contentOffset: Double { _core.geometry?.contentOffset ?? 0 }

  /// The height of the content: the measured sizes, the estimates of the rest, the headers
  /// and footers, and the room a `pinnedItem` needs below it to hold at the viewport's top
  /// (so that the view lets the offset be there).
  ///
  /// - Complexity: O(1).
  public var contentHeight: Double {
    guard let metrics = _core.scrollMetrics else { return 0 }
    guard _core.sizes.pin != nil else { return metrics.contentHeight }
    return max(metrics.contentHeight, metrics.contentOffset + metrics.viewportHeight)
  }

  /// The view's size and scroll position, as `prepare()` reads them: a scroll, a resize (a
  /// keyboard's inset) or a new width (a rotation, which measures the items again). The
  /// scroll comes first, at the old size; then the new size keeps the scroll position as
  /// `anchoring` says: a list kept at its bottom (`.stickToBottom`) stays there when a
  /// keyboard shrinks its viewport; and a viewport that measured sizes left wholly past the
  /// content's end comes back to it. The returned change of the offset is the view's to
  /// apply. An offset other than the state's is the user's scroll: it ends the aim of a
  /// `scrollToItem(at:alignment:)`.
  ///
  /// - Parameters:
  ///   - width: The width the items are laid out at.
  ///   - height: The viewport's height.
  ///   - offset: The content offset.
  /// - Returns: How far the new size moved the content offset; 0 for none.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func setBounds(width: Double, height: Double, offset: Double) -> Double {
    guard let old = _core.geometry else { return 0 }
    if old.contentOffset != offset {
      (_core.aim, _core.sizes.anchor) = (nil, nil)
      _core.geometry!.contentOffset = offset
    }
    // A viewport the last pass of measured sizes left wholly past the content's end comes
    // back to it, at the start of the next.
    _core.clampIfBlank()
    guard old.viewportWidth != width || old.viewportHeight != height else {
      return contentOffset - offset
    }
    _core.sizes.anchor = nil
    let before = _core.geometry!
    (_core.geometry!.viewportWidth, _core.geometry!.viewportHeight) = (width, height)
    _core.resized(from: before)
    return contentOffset - offset
  }

  /// Whether a view of this size needs a new layout: its width or its viewport's height
  /// differs (a rotation, a keyboard). A scroll alone does not.
  ///
  /// - Parameters:
  ///   - width: The view's width.
  ///   - height: Its viewport's height.
  /// - Returns: Whether to lay out again.
  /// - Complexity: O(1).
  public func isResized(width: Double, height: Double) -> Bool {
    guard let geometry = _core.geometry else { return true }
    return geometry.viewportWidth != width || geometry.viewportHeight != height
  }

  /// New data, as a reload: sizes follow their items by identity (an item whose content
  /// changed keeps its last size as its estimate), and the pinned item, or else the first
  /// visible item, stays where it was, if it survives. An update is `update(to:)`.
  ///
  /// - Parameter sections: The data after the reload.
  /// - Complexity: O(n).
  public mutating func setSections(_ sections: [Section]) {
    let held = _heldItem()
    _sections = sections
    _elements = sections.map { Array($0.elements) }
    _changed = []
    _core.relayout(_elements)
    _restore(held)
    _resolvePin()
  }

  /// New data, as an update: only what changed is laid out again, in O(c log n) for the c
  /// items the changes touch. An item whose content changed keeps its last size as its
  /// estimate until its cell measures it; an inserted item gets its kept size or the
  /// estimate; the sizes of deleted items go. The pinned item, or else the first visible
  /// item, holds its place on screen (followed by position through the changes, never
  /// searched for), and the viewport is never left past the content's end. A stage that
  /// touches more than a sixteenth of the items merges the heights in one pass instead
  /// (array work, and lookups for the items it puts only), which then costs less.
  ///
  /// - Parameter sections: The data after the update.
  /// - Returns: The changes found.
  /// - Complexity: O(n) for the diff, expected (O(k) of it for k edits at one place, see
  ///   `StagedChangeset`), then O(c log n + S) for the c items the changes touch and the S
  ///   sections, or O(n) for a change of more than n / 16 items.
  @inlinable @discardableResult
  public mutating func update(to sections: [Section]) -> StagedChangeset<[Section]> {
    let changes = StagedChangeset(source: self.sections, target: sections)
    apply(changes, final: sections)
    return changes
  }

  /// An update's changes, as the view replays them: see `update(to:)`.
  ///
  /// - Parameter changes: The changes from the data the layout has.
  /// - Complexity: O(c log n + S) for the c items the changes touch and the S sections, or
  ///   O(n) for a change of more than n / 16 items.
  @inlinable
  public mutating func apply(_ changes: StagedChangeset<[Section]>) {
    guard let last = changes.last else { return }
    apply(changes, final: last.data)
  }

  @inlinable
  mutating func apply(_ changes: StagedChangeset<[Section]>, final: [Section]) {
    guard !changes.isEmpty else { return }
    let old = _elements
    let finalElements = final.map { Array($0.elements) }
    (_sections, _elements, _changed) = (final, finalElements, [])
    if let updated = changes._contentUpdatePaths() {
      // Content alone: each item keeps its last size as its estimate.
      (_core.aim, _core.sizes.anchor) = (nil, nil)
      for path in updated {
        _core.contentDidChange(
          at: _core.layout!.flat(path), to: finalElements[path.section][path.element])
      }
      return
    }
    let held = _heldItem(in: old)
    guard _core.layout != nil else { return setSections(final) }
    var tracked = held?.flats ?? []
    if let stages = Self._itemStages(of: changes),
      stages.reduce(0, { $0 + $1.touched }) * 16 > _core.layout!.count,
      let put = _core.applyComposed(stages, from: old, to: finalElements, tracking: &tracked)
    {
      // A large change that moves no section: one merge for all its stages.
      _restore(held, at: tracked)
      _resolvePin(among: put)
      _core.clampIfBlank()
      return
    }
    var put: [Int] = []
    var elements = old
    for (index, stage) in changes.enumerated() {
      let new = index == changes.count - 1 ? finalElements : stage.data.map { Array($0.elements) }
      let batch = BatchUpdate(
        deleteSections: stage.sectionDeleted, insertSections: stage.sectionInserted,
        reloadSections: stage.sectionUpdated, moveSections: stage.sectionMoved,
        deleteItems: stage.elementDeleted, insertItems: stage.elementInserted,
        moveItems: stage.elementMoved)
      let map = _BatchMap(batch)
      // The items put earlier move with the later stages.
      var followed = put.map(Optional.some) + tracked
      put = _core.apply(
        batch, map: map, from: elements, to: new, updated: stage.elementUpdated,
        tracking: &followed)
      put += followed.prefix(followed.count - tracked.count).compactMap { $0 }
      tracked = Array(followed.suffix(tracked.count))
      elements = new
    }
    _restore(held, at: tracked)
    _resolvePin(among: put)
    _core.clampIfBlank()
  }

  /// The item calls of each stage of `changes`, when none of them changes a section.
  @inlinable static func _itemStages(of changes: StagedChangeset<[Section]>) -> [_ItemStage]? {
    var stages: [_ItemStage] = []
    stages.reserveCapacity(changes.count)
    for stage in changes {
      guard stage.sectionDeleted.isEmpty, stage.sectionInserted.isEmpty,
        stage.sectionMoved.isEmpty, stage.sectionUpdated.isEmpty
      else { return nil }
      stages.append(
        _ItemStage(
          deleted: stage.elementDeleted, inserted: stage.elementInserted,
          moved: stage.elementMoved, updated: stage.elementUpdated))
    }
    return stages
  }

  /// Follows the data a view shows, as a layout reads it in `prepare()`: a version that
  /// changes with the data (`CollectionCoordinator.shownData`), and, where only items'
  /// content changed since the version last read, which items (`itemsChanged`, as
  /// `CollectionCoordinator.itemsChanged(since:)` says). Those items are updated in place
  /// (`updateItem(_:)`); any other change is an update (`update(to:)`), whose changes
  /// `changes` finds when given (`CollectionCoordinator.changes(toShownDataFrom:)`: the
  /// coordinator's own diff, specialized for the app's types where a layout of generic code
  /// is not). The same version again does nothing.
  ///
  /// - Parameters:
  ///   - shown: The data's version and sections.
  ///   - itemsChanged: The items changed in place since a version, or `nil` when the data
  ///     changed otherwise.
  ///   - changes: The changes from the layout's data to `shown.sections`; the layout diffs
  ///     them itself without it.
  /// - Returns: Whether the data changed.
  /// - Complexity: O(1) for the same version; O(k) for k items changed in place; that of
  ///   `changes` (or the diff) and `apply(_:)` otherwise.
  @inlinable @discardableResult
  public mutating func follow(
    shown: (version: Int, sections: [Section]), itemsChanged: ((_ since: Int) -> [Element]?)? = nil,
    changes: ((_ from: [Section]) -> StagedChangeset<[Section]>)? = nil
  ) -> Bool {
    guard shown.version != _shownVersion else { return false }
    defer { _shownVersion = shown.version }
    if let last = _shownVersion, let items = itemsChanged?(last) {
      for item in items { updateItem(item) }
    } else if let changes {
      apply(changes(sections), final: shown.sections)
    } else {
      update(to: shown.sections)
    }
    return true
  }

  /// The content of one item changed: the app hands the item, found by its identity, and
  /// the layout keeps its last size as its estimate until its cell measures it again. What
  /// a streamed message calls at each token, without handing over the whole list.
  ///
  /// - Parameter element: The item, with its new content.
  /// - Returns: Its path; `nil` when the data has no item with its identity.
  /// - Complexity: O(1) expected (the first lookup after the data changed indexes it, O(n)).
  @discardableResult
  public mutating func updateItem(_ element: Element) -> ElementPath? {
    guard let flat = _core.flat(of: element.differenceIdentifier, in: _elements) else {
      return nil
    }
    let path = _core.layout!.path(flat)
    _replace(element, at: path)
    return path
  }

  /// Replaces the element at `path`, of the same identity.
  mutating func _replace(_ element: Element, at path: ElementPath) {
    (_core.aim, _core.sizes.anchor) = (nil, nil)
    _elements[path.section][path.element] = element
    _changed.insert(path.section)
    let flat = _core.layout!.flat(path)
    _core.contentDidChange(at: flat, to: element)
  }

  /// What holds still across new data: the pinned item; the bottom, for a list kept at its
  /// bottom (`.stickToBottom`) that is there; or the first visible item. Items are held by
  /// identity and position, at their distance from the viewport's top: the pinned one
  /// first, and the first visible one in case the pinned one is gone.
  @usableFromInline enum _Held {
    case items([(Element.DifferenceIdentifier, flat: Int, distance: Double)])
    case bottom

    /// The positions of the held items.
    @usableFromInline var flats: [Int?] {
      guard case .items(let items) = self else { return [] }
      return items.map(\.flat)
    }
  }

  @inlinable mutating func _heldItem(in elements: [[Element]]? = nil) -> _Held? {
    _core.sizes.anchor = nil
    guard let geometry = _core.geometry, let layout = _core.layout,
      let metrics = _core.scrollMetrics
    else { return nil }
    if _core.sizes.pin == nil, geometry.anchoring == .stickToBottom, metrics.isAtBottom {
      return .bottom
    }
    let elements = elements ?? _elements
    let pin = _core.sizes.has(.pinIgnoredByUpdates) ? nil : _core.sizes.pin?.flat
    let flats = [pin, layout.firstEnding(after: geometry.contentOffset)]
    return .items(
      flats.compactMap { flat in
        guard let flat, flat < layout.count else { return nil }
        let path = layout.path(flat)
        return (
          elements[path.section][path.element].differenceIdentifier, flat,
          layout.top(flat) - geometry.contentOffset
        )
      })
  }

  /// Puts what was held back: the first held item that survives at its distance, or the
  /// bottom. The items are found where `flats` says (followed through an update), or by
  /// identity without.
  @inlinable mutating func _restore(_ held: _Held?, at flats: [Int?]? = nil) {
    switch held {
    case .items(let items)?:
      for (index, (id, _, distance)) in items.enumerated() {
        let found = flats.map { $0[index] } ?? _core.flat(of: id, in: _elements)
        guard let flat = found else { continue }
        _core.geometry?.contentOffset = _core.layout!.top(flat) - distance
        // The sizes the device reports next hold it too: what an update brought above it
        // moves the offset, not the item, until the user scrolls, the view changes size or
        // content changes.
        _core.sizes.anchor = flat
        return
      }
    case .bottom?:
      guard let metrics = _core.scrollMetrics else { return }
      _core.geometry?.contentOffset = metrics.bottomOffset
    case nil: break
    }
  }

  /// The item whose top holds still while the items below it grow (a prompt whose answer
  /// streams in): `CollectionModel.pinnedItem`. It governs updates as well as measured
  /// sizes: across `update(to:)` and `setSections(_:)` the pinned item keeps its place.
  /// Set before the data holds the item (a pin set with the update that adds the prompt),
  /// it takes hold when the data arrives; it reads `nil` until then.
  ///
  /// - Complexity: Setting, O(1) expected (O(n) for the first lookup after new data).
  public var pinnedItem: Element.DifferenceIdentifier? {
    get { _core.sizes.pin?.element.differenceIdentifier }
    set {
      _pinRequest = newValue
      _resolvePin()
    }
  }

  /// Pins the item `pinnedItem` named, once the data holds it: looked for among `candidates`
  /// (the items an update put) when given, else in all the data.
  @inlinable mutating func _resolvePin(among candidates: [Int]? = nil) {
    guard let id = _pinRequest, _core.sizes.pin?.element.differenceIdentifier != id else {
      if _pinRequest == nil { _core.sizes.pin = nil }
      return
    }
    let found =
      candidates.map { flats in
        flats.first { flat in
          let path = _core.layout!.path(flat)
          return _elements[path.section][path.element].differenceIdentifier == id
        }
      } ?? _core.flat(of: id, in: _elements)
    _core.sizes.pin = found.map { flat in
      let path = _core.layout!.path(flat)
      return (_elements[path.section][path.element], flat)
    }
  }

  /// The bytes the layout's own storage of its items holds: the tree of their heights and
  /// measuring stamps (`_Heights`) and the cache and window of tops and heights a scroll
  /// reads, counted from their allocations. The data is the app's, shared, not copied; the
  /// measured sizes are one entry per measured item.
  ///
  /// - Complexity: O(n / 48).
  package var _layoutBytes: Int {
    guard let layout = _core.layout else { return 0 }
    let cache =
      (layout.cachedTops.capacity + layout.cachedHeights.capacity + layout.windowTops.capacity
        + layout.windowHeights.capacity) * MemoryLayout<Double>.stride
    return layout.tree.allocatedBytes() + cache
  }

  /// How many measured sizes the layout keeps: at most one per item, and none for an item
  /// that is gone.
  ///
  /// - Complexity: O(1).
  public var keptSizeCount: Int { _core.sizes.count }

  /// Scrolls so that the item at `path` is where `alignment` puts it, and keeps it there
  /// while the cells the scroll brings on screen report their sizes, until the user
  /// scrolls (an offset other than the state's in `setBounds`), another scroll starts, the
  /// view changes size or the data changes: one call lands. The offset is clamped to the
  /// content, and to the room a `pinnedItem` makes.
  ///
  /// - Parameters:
  ///   - path: The item.
  ///   - alignment: Where it goes in the viewport.
  /// - Returns: The new content offset, for the view to take; `nil` for a path the data
  ///   does not have.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func scrollToItem(at path: ElementPath, alignment: ScrollAlignment) -> Double? {
    guard let layout = _core.layout, _elements.indices.contains(path.section),
      _elements[path.section].indices.contains(path.element),
      let offset = _core.aim(
        at: layout.flat(path), element: _elements[path.section][path.element],
        placement: .aligned(alignment))
    else { return nil }
    _core.sizes.anchor = nil
    _core.geometry?.contentOffset = offset
    return offset
  }

  /// Records the height a cell measured (`preferredLayoutAttributesFitting(_:)`), by the
  /// identity of the item at `path`, and returns how far the content offset moved to keep
  /// what the user sees in place: UIKit's `contentOffsetAdjustment`. `nil` when nothing
  /// changed: the same size again, a stale report, or an alternating size held still.
  ///
  /// The sizes of a layout pass hold one anchor, whatever the order they arrive in: the
  /// pinned item, a scroll's target, the item an update held, or else the first visible item
  /// when the pass's first size arrived. A size moves the offset by its change only for an
  /// item before the anchor, so the anchor keeps its distance from the viewport's top, even
  /// when an earlier size of the pass pushed the item off the screen. The anchor lasts until
  /// the view scrolls, changes size or the data changes.
  ///
  /// - Parameters:
  ///   - height: The height the cell measured.
  ///   - path: The item's path.
  /// - Returns: The change of the content offset, or `nil`.
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func recordPreferredHeight(_ height: Double, forItemAt path: ElementPath)
    -> Double?
  {
    guard let geometry = _core.geometry, _core.layout != nil,
      _elements.indices.contains(path.section),
      _elements[path.section].indices.contains(path.element)
    else { return nil }
    // No reference to the layout is held across the recording, which changes it in place:
    // one would make it look shared, and copied (O(n)).
    let flat = _core.layout!.flat(path)
    let before = _core.layout!.extent(flat)
    let offset = contentOffset
    // The pass's anchor: the first visible item when its first size arrives (unless an
    // update, a pin or a scroll's target holds one). A size then moves the offset only for an
    // item before it, whatever the order the sizes arrive in: an item that an earlier size of
    // the pass pushed off the screen is still after it.
    if _core.sizes.anchor == nil, !_core.sizes.has(.anchorPerMeasurement) {
      _core.sizes.anchor = _core.layout!.firstEnding(after: offset)
    }
    _core.record(
      geometry._length(height), at: flat, showing: _elements[path.section][path.element],
      width: geometry.viewportWidth)
    guard _core.layout!.extent(flat) != before || contentOffset != offset else { return nil }
    return contentOffset - offset
  }

  /// Records the height a cell measured for the item with `identifier`: as
  /// `recordPreferredHeight(_:forItemAt:)`, found by identity.
  ///
  /// - Parameters:
  ///   - height: The height the cell measured.
  ///   - identifier: The item's identity.
  /// - Returns: The change of the content offset, or `nil`.
  /// - Complexity: O(log n), and O(1) expected to find the item (O(n) for the first lookup
  ///   after new data).
  @discardableResult
  public mutating func recordPreferredHeight(
    _ height: Double, forItem identifier: Element.DifferenceIdentifier
  ) -> Double? {
    guard let flat = _core.flat(of: identifier, in: _elements) else { return nil }
    return recordPreferredHeight(height, forItemAt: _core.layout!.path(flat))
  }

  /// The height measured for the item at `path` at the current width, for its identity
  /// and content; `nil` while its height is an estimate.
  ///
  /// - Parameter path: An item.
  /// - Returns: Its measured height.
  /// - Complexity: O(1).
  public func measuredHeight(ofItemAt path: ElementPath) -> Double? {
    guard let layout = _core.layout, _elements.indices.contains(path.section),
      _elements[path.section].indices.contains(path.element)
    else { return nil }
    return _core.measuredHeight(at: layout.flat(path))
  }

  /// The height a table should estimate for the item at `path`: its measured size, or its
  /// estimate (its last size, at another width or for other content, or the geometry's).
  /// By identity: an insert above moves no other row's estimate.
  ///
  /// - Parameter path: An item.
  /// - Returns: Its height; `nil` for a path the data does not have.
  /// - Complexity: O(1).
  public func estimatedHeight(forItemAt path: ElementPath) -> Double? {
    frameOfItem(at: path)?.height
  }

  /// Where the item at `path` is: its top and height in the content.
  ///
  /// - Complexity: O(1), or O(log n) below a size measured since the last data change.
  public func frameOfItem(at path: ElementPath) -> ItemExtent? {
    guard let layout = _core.layout, _elements.indices.contains(path.section),
      _elements[path.section].indices.contains(path.element)
    else { return nil }
    return layout.extent(layout.flat(path))
  }

  /// Where `section`'s header is; `nil` without headers.
  ///
  /// - Complexity: O(log n).
  public func frameOfHeader(_ section: Int) -> ItemExtent? {
    guard let layout = _core.layout, layout.header > 0,
      layout.sectionStarts.indices.contains(section)
    else { return nil }
    return ItemExtent(top: layout.sectionTop(section), height: layout.header)
  }

  /// Where `section`'s footer is; `nil` without footers.
  ///
  /// - Complexity: O(log n).
  public func frameOfFooter(_ section: Int) -> ItemExtent? {
    guard let layout = _core.layout, layout.footer > 0,
      layout.sectionStarts.indices.contains(section)
    else { return nil }
    return ItemExtent(top: layout.footerTop(section), height: layout.footer)
  }

  /// What `layoutAttributesForElements(in:)` returns: the items, headers and footers that
  /// overlap the band from `top` to `bottom`, each with its frame, in order.
  ///
  /// - Parameters:
  ///   - top: The top of the band.
  ///   - bottom: Its bottom.
  /// - Returns: The elements and their frames.
  /// - Complexity: O(log n + k log n) for the k elements.
  public func elements(from top: Double, to bottom: Double) -> [(LayoutElement, ItemExtent)] {
    guard let layout = _core.layout, top < bottom else { return [] }
    var result: [(LayoutElement, ItemExtent)] = []
    let items = layout.items(in: top..<bottom)
    // The sections the band meets: from the one holding the first item (or above it) on.
    var section = items.isEmpty ? 0 : layout.path(items.lowerBound).section
    while section > 0, layout.sectionTop(section) > top { section -= 1 }
    var flat = items.lowerBound
    while section < layout.sectionStarts.count {
      let sectionTop = layout.sectionTop(section)
      guard sectionTop < bottom else { break }
      if let header = frameOfHeader(section), header.bottom > top {
        result.append((.header(section), header))
      }
      let end =
        section + 1 < layout.sectionStarts.count ? layout.sectionStarts[section + 1] : layout.count
      while flat < min(end, items.upperBound) {
        result.append((.item(layout.path(flat)), layout.extent(flat)))
        flat += 1
      }
      if let footer = frameOfFooter(section), footer.bottom > top, footer.top < bottom {
        result.append((.footer(section), footer))
      }
      section += 1
    }
    return result
  }
}

extension ListLayoutState: Sendable
where Section: Sendable, Element: Sendable, Element.DifferenceIdentifier: Sendable {}

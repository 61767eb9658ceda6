import StagecraftDiff
import StagecraftReplay

// MARK: An update, laid out in place

extension _LayoutCore {
  /// The height and stamp an item showing `element` at `flat` gets when it is laid out
  /// anew, by the rule a relayout follows (`relayout(_:)`): its size when one is kept for
  /// its identity (measured, when for its content too and not stale; else its last size as
  /// the estimate), or the geometry's estimate. `keep` is whether the item has a size that
  /// stays (not when the estimate replaces it: a planted mistake, after a content change).
  ///
  /// - Complexity: O(1) expected.
  @inlinable func laidOut(_ element: Element, at flat: Int, geometry: Geometry)
    -> (height: Double, stamp: UInt32, keep: Bool)
  {
    let id = element.differenceIdentifier
    guard !sizes.entries.isEmpty, let entry = sizes.entries[sizes.key(id, at: flat)],
      sizes.owns(entry, id)
    else { return (geometry.height(of: element), 0, false) }
    if sizes.has(.indexKeyedSizes) || entry.element.isContentEqual(to: element) {
      return (entry.height, entry.stale ? 0 : sizes.widths[entry.width] ?? 1, true)
    }
    if sizes.has(.estimateAfterContentChange) { return (geometry.height(of: element), 0, false) }
    // Other content: the last size is the estimate until the item is measured showing it.
    return (entry.height, 0, true)
  }

  /// How many items an update touches in the layout: its item calls, and every item of the
  /// sections it inserts, deletes, moves or reloads.
  ///
  /// - Complexity: O(c) for the c calls.
  @inlinable static func touchedItems(
    by batch: BatchUpdate, from old: [[Element]], to new: [[Element]]
  ) -> Int {
    var items =
      batch.deleteItems.count + batch.insertItems.count + 2 * batch.moveItems.count
      + 2 * batch.reloadItems.count + batch.reconfigureItems.count
    for section in batch.deleteSections where old.indices.contains(section) {
      items += old[section].count
    }
    for section in batch.reloadSections where old.indices.contains(section) {
      items += 2 * old[section].count
    }
    for move in batch.moveSections where old.indices.contains(move.source) {
      items += 2 * old[move.source].count
    }
    for section in batch.insertSections where new.indices.contains(section) {
      items += new[section].count
    }
    return items
  }

  /// Lays out one validated batch in place, from the data `old` to `new`, in O(c log n) for
  /// the c items it touches (`touchedItems`), as UIKit's old → new map (`map`) says where
  /// each item goes: the items a batch removes (deleted, reloaded, moved away, or in a
  /// section deleted, reloaded or moved) leave the tree, last first; then the items it puts
  /// (inserted, reloaded, moved to, or in a section inserted, reloaded or moved to) enter
  /// it, first first, each with the height and stamp a relayout would give it
  /// (`laidOut`). The items the batch leaves where they are keep their heights: a relayout
  /// would give them the same. `updated` lists items whose content changed in place (paths
  /// after the batch). The sizes of the items removed for good go; the pin and `tracked`
  /// (positions before the batch, `nil` for none) follow their items.
  ///
  /// An update that touches more than a sixteenth of the items is laid out again whole
  /// (`relayout(_:)`): then O(n) costs less.
  ///
  /// - Returns: The positions after the batch of the items it put, ascending.
  /// - Complexity: O(c log n + S) for the c items touched and the S sections, or O(n).
  @usableFromInline
  mutating func apply(
    _ batch: BatchUpdate, map: _BatchMap, from old: [[Element]], to new: [[Element]],
    updated: [ElementPath] = [], tracking tracked: inout [Int?]
  ) -> [Int] {
    guard let geometry, layout != nil, old.count == layout!.sectionStarts.count else {
      relayout(new)
      for index in tracked.indices { tracked[index] = nil }
      return []
    }
    let touched = Self.touchedItems(by: batch, from: old, to: new) + updated.count
    guard touched * 16 <= layout!.count else {
      // The positions are followed by the map before the relayout.
      let starts = layout!.sectionStarts
      let followed = tracked.map { flat in flat.flatMap { Self.follow($0, starts, new, map) } }
      relayout(new)
      tracked = followed
      return []
    }
    let pinPath = sizes.pin.map { layout!.path($0.flat) }
    let trackedPaths = tracked.map { $0.map(layout!.path) }
    let laid = mutableLayout()
    sizes.setWidth(geometry.viewportWidth)
    let active = sizes.isActive(geometry)
    var gone = removeItems(of: batch, map: map, from: old, layout: laid)
    laid.sectionStarts = Self.starts(new)
    let (put, kept) = putItems(of: batch, map: map, to: new, layout: laid, active: active)
    for path in updated where new.indices.contains(path.section) {
      guard new[path.section].indices.contains(path.element) else { continue }
      let flat = laid.flat(path)
      let element = new[path.section][path.element]
      let (height, stamp, keep) =
        active
        ? laidOut(element, at: flat, geometry: geometry) : (geometry.height(of: element), 0, true)
      if !keep { gone.append((element, flat)) }
      laid.tree.set(height, stamp: stamp, at: flat)
      laid.writes += 1
    }
    // The sizes of the items gone for good: not those of an identity the batch put back.
    for (element, flat) in gone {
      let id = element.differenceIdentifier
      let key = sizes.key(id, at: flat)
      guard !kept.contains(key), let entry = sizes.entries[key], sizes.owns(entry, id) else {
        continue
      }
      sizes.entries[key] = nil
    }
    sizes.identifierIndex = nil
    aim = nil
    sizes.pin = pinPath.flatMap { path in
      Self.follow(path, map).map { (new[$0.section][$0.element], laid.flat($0)) }
    }
    tracked = trackedPaths.map { path in path.flatMap { Self.follow($0, map) }.map(laid.flat) }
    return put
  }

  /// Where the item at `path` is after a batch: its target, or its fresh copy's when the
  /// batch reloads it.
  static func follow(_ path: ElementPath, _ map: _BatchMap) -> ElementPath? {
    map.itemTarget(of: path) ?? map.reloadedItemTarget(of: path)
  }

  /// `follow(_:_:)` for a flat position before the batch, with the section starts before it,
  /// to a flat position in `new`.
  static func follow(
    _ flat: Int, _ starts: [Int], _ new: [[Element]], _ map: _BatchMap
  ) -> Int? {
    var section = 0
    while section + 1 < starts.count, starts[section + 1] <= flat { section += 1 }
    guard let path = follow(ElementPath(element: flat - starts[section], section: section), map),
      new.indices.contains(path.section), new[path.section].indices.contains(path.element)
    else { return nil }
    return new[..<path.section].reduce(0) { $0 + $1.count } + path.element
  }

  /// The flat position of each section's first item.
  @usableFromInline static func starts(_ sections: [[Element]]) -> [Int] {
    var starts: [Int] = []
    starts.reserveCapacity(sections.count)
    var flat = 0
    for section in sections {
      starts.append(flat)
      flat += section.count
    }
    return starts
  }

  /// Removes the items a batch takes away, last first; returns those that leave for good
  /// (deleted or reloaded, or in a deleted or reloaded section), with their positions.
  @usableFromInline
  func removeItems(
    of batch: BatchUpdate, map: _BatchMap, from old: [[Element]], layout: _Layout
  ) -> [(Element, Int)] {
    let starts = layout.sectionStarts
    let movedSections = Set(map.sectionMoveSources)
    var gone: [(Element, Int)] = []
    for section in old.indices.reversed() {
      let whole = map.sectionTarget(of: section) == nil || movedSections.contains(section)
      let calls = map.before[section]
      let leaving = Set((calls?.deleted ?? []) + (calls?.reloaded ?? []))
      let removed: [Int] = whole ? Array(old[section].indices) : calls?.gone ?? []
      for element in removed.reversed() {
        let flat = starts[section] + element
        layout.tree.remove(at: flat)
        if map.sectionTarget(of: section) == nil || leaving.contains(element) {
          gone.append((old[section][element], flat))
        }
      }
    }
    return gone
  }

  /// Puts the items a batch brings, first first, each laid out as a relayout would; returns
  /// their positions and the keys of their sizes.
  @usableFromInline
  mutating func putItems(
    of batch: BatchUpdate, map: _BatchMap, to new: [[Element]], layout: _Layout, active: Bool
  ) -> ([Int], Set<Int>) {
    guard let geometry else { return ([], []) }
    var whole = Set(map.insertedSections).union(map.sectionMoveTargets)
    for section in map.reloadedSections where map.sectionTarget(of: section) == nil {
      if !map.deletedSections._containsSorted(section) {
        whole.insert(map.reloadedSectionTarget(of: section))
      }
    }
    var put: [Int] = []
    var kept = Set<Int>()
    for section in new.indices {
      let positions: [Int] =
        whole.contains(section) ? Array(new[section].indices) : map.after[section]?.taken ?? []
      for element in positions where new[section].indices.contains(element) {
        let flat = layout.sectionStarts[section] + element
        let item = new[section][element]
        var (height, stamp) = (geometry.height(of: item), UInt32(0))
        if active {
          let laid = laidOut(item, at: flat, geometry: geometry)
          (height, stamp) = (laid.height, laid.stamp)
          if laid.keep { kept.insert(sizes.key(item.differenceIdentifier, at: flat)) }
        }
        layout.tree.insert(height, stamp: stamp, at: flat)
        layout.writes += 1
        put.append(flat)
      }
    }
    return (put, kept)
  }
}

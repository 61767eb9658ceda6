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

  /// Lays out one validated batch in place, from the data `old` to `new`, as UIKit's
  /// old → new map (`map`) says where each item goes: the items a batch removes (deleted,
  /// reloaded, moved away, or in a section deleted, reloaded or moved) leave, and the items
  /// it puts (inserted, reloaded, moved to, or in a section inserted, reloaded or moved to)
  /// enter, each with the height and stamp a relayout would give it (`laidOut`). The items
  /// the batch leaves where they are keep their heights: a relayout would give them the
  /// same. `updated` lists items whose content changed in place (paths after the batch). The
  /// sizes of the items removed for good go; the pin and `tracked` (positions before the
  /// batch, `nil` for none) follow their items by position.
  ///
  /// A batch that touches c items (`touchedItems`) changes the tree in O(c log n); one that
  /// touches more than a sixteenth of them merges the heights into new arrays in one pass
  /// and builds the tree again (`mergeItems`), in O(n) array work, which then costs less.
  /// Either way only the c items touched are looked up by identity.
  ///
  /// - Returns: The positions after the batch of the items it put, ascending.
  /// - Complexity: O(c log n + S) for the c items touched and the S sections, or O(n) when
  ///   c is more than n / 16.
  @inlinable
  mutating func apply(
    _ batch: BatchUpdate, map: _BatchMap, from old: [[Element]], to new: [[Element]],
    updated: [ElementPath] = [], tracking tracked: inout [Int?]
  ) -> [Int] {
    guard let geometry, layout != nil, old.count == layout!.sectionStarts.count,
      !sizes.has(.relayoutPerUpdate)
    else {
      relayout(new)
      for index in tracked.indices { tracked[index] = nil }
      return []
    }
    let touched = Self.touchedItems(by: batch, from: old, to: new) + updated.count
    let pinPath = sizes.pin.map { layout!.path($0.flat) }
    let trackedPaths = tracked.map { $0.map(layout!.path) }
    let laid = mutableLayout()
    sizes.setWidth(geometry.viewportWidth)
    let active = sizes.isActive(geometry)
    var changes: _LayoutChanges<Element>
    // A batch that moves nothing (an update stage) changes heights in place, however many.
    if touched * 16 <= laid.count || batch.isEmpty {
      changes = _LayoutChanges(gone: removeItems(of: batch, map: map, from: old, layout: laid))
      laid.sectionStarts = Self.starts(new)
      putItems(of: batch, map: map, to: new, layout: laid, active: active, into: &changes)
      for path in updated where Self.contains(path, new) {
        let flat = laid.flat(path)
        let (height, stamp) = laidOut(new[path.section][path.element], at: flat, active, &changes)
        // In place: the tops after it shift, in the cache's window too.
        let writes = laid.writes
        laid.setHeight(height, at: flat, stamp: stamp)
        laid.writes = writes + 1
      }
    } else {
      changes = mergeItems(
        of: batch, map: map, from: old, to: new, updated: updated, layout: laid, active: active)
    }
    evict(changes)
    if !batch.isEmpty { sizes.identifierIndex = nil }
    aim = nil
    sizes.pin = pinPath.flatMap { path in
      Self.follow(path, map, in: new).map { (new[$0.section][$0.element], laid.flat($0)) }
    }
    tracked = trackedPaths.map { path in
      path.flatMap { Self.follow($0, map, in: new) }.map(laid.flat)
    }
    return changes.put
  }

  /// Whether `path` is in `sections`.
  @inlinable static func contains(_ path: ElementPath, _ sections: [[Element]]) -> Bool {
    sections.indices.contains(path.section)
      && sections[path.section].indices.contains(path.element)
  }

  /// `laidOut(_:at:geometry:)` for an item a batch puts at `flat`, noting in `changes` the
  /// key of a size that stays, or the item when its size goes; the estimate when the sizes
  /// are not `active`.
  @inlinable func laidOut(
    _ element: Element, at flat: Int, _ active: Bool, _ changes: inout _LayoutChanges<Element>
  ) -> (Double, UInt32) {
    guard let geometry else { return (0, 0) }
    guard active else { return (geometry.height(of: element), 0) }
    let (height, stamp, keep) = laidOut(element, at: flat, geometry: geometry)
    if keep {
      changes.kept.insert(sizes.key(element.differenceIdentifier, at: flat))
    } else if sizes.has(.estimateAfterContentChange) {
      // A size that goes though its item stays (the only way an item put has a size it
      // does not keep).
      changes.gone.append((element, flat))
    }
    return (height, stamp)
  }

  /// The items a batch removes for good (deleted or reloaded, or in a deleted or reloaded
  /// section), with their positions before it.
  @inlinable func goneItems(of map: _BatchMap, from old: [[Element]], starts: [Int])
    -> [(Element, Int)]
  {
    var gone: [(Element, Int)] = []
    for section in old.indices {
      if map.sectionTarget(of: section) == nil {
        for element in old[section].indices {
          gone.append((old[section][element], starts[section] + element))
        }
      } else if let calls = map.before[section] {
        for element in calls.deleted + calls.reloaded {
          gone.append((old[section][element], starts[section] + element))
        }
      }
    }
    return gone
  }

  /// The sections after a batch whose items it puts whole: inserted, moved to, or the fresh
  /// copy of a reloaded section.
  @inlinable static func wholeSections(of map: _BatchMap) -> Set<Int> {
    var whole = Set(map.insertedSections).union(map.sectionMoveTargets)
    for section in map.reloadedSections where !map.deletedSections._containsSorted(section) {
      whole.insert(map.reloadedSectionTarget(of: section))
    }
    return whole
  }

  /// Lays a batch out by merging: the heights and stamps after it, in one pass over the
  /// sections after it, each position either a survivor's (the next of its section's
  /// survivors in order, as UIKit fills the free positions) or an item put and looked up;
  /// then the items updated in place; then the tree built again from them.
  ///
  /// - Complexity: O(n + S) array work, and O(c) lookups for the c items put or updated.
  @inlinable
  mutating func mergeItems(
    of batch: BatchUpdate, map: _BatchMap, from old: [[Element]], to new: [[Element]],
    updated: [ElementPath], layout: _Layout, active: Bool
  ) -> _LayoutChanges<Element> {
    let (heights, stamps) = (layout.tree.allHeights(), layout.tree.allStamps())
    let starts = layout.sectionStarts
    var changes = _LayoutChanges(gone: goneItems(of: map, from: old, starts: starts))
    let whole = Self.wholeSections(of: map)
    let moved = Set(map.sectionMoveSources)
    // The section before the batch whose survivors fill each section after it.
    var source = [Int](repeating: -1, count: new.count)
    for section in old.indices where !moved.contains(section) {
      if let target = map.sectionTarget(of: section), target < new.count {
        source[target] = section
      }
    }
    var (newHeights, newStamps) = (ContiguousArray<Double>(), ContiguousArray<UInt32>())
    let count = new.reduce(0) { $0 + $1.count }
    newHeights.reserveCapacity(count)
    newStamps.reserveCapacity(count)
    for section in new.indices {
      let from = whole.contains(section) ? -1 : source[section]
      let (gone, taken) = (
        from < 0 ? [] : map.before[from]?.gone ?? [], map.after[section]?.taken ?? []
      )
      var (survivor, nextGone, nextTaken) = (0, 0, 0)
      for element in new[section].indices {
        if from >= 0, nextTaken >= taken.count || taken[nextTaken] != element {
          while nextGone < gone.count, gone[nextGone] == survivor {
            (nextGone, survivor) = (nextGone + 1, survivor + 1)
          }
          if survivor < old[from].count {
            newHeights.append(heights[starts[from] + survivor])
            newStamps.append(stamps[starts[from] + survivor])
            survivor += 1
            continue
          }
        }
        if from >= 0, nextTaken < taken.count, taken[nextTaken] == element { nextTaken += 1 }
        let (height, stamp) = laidOut(
          new[section][element], at: newHeights.count, active, &changes)
        changes.put.append(newHeights.count)
        newHeights.append(height)
        newStamps.append(stamp)
      }
    }
    layout.sectionStarts = Self.starts(new)
    for path in updated where Self.contains(path, new) {
      let flat = layout.flat(path)
      (newHeights[flat], newStamps[flat]) = laidOut(
        new[path.section][path.element], at: flat, active, &changes)
    }
    layout.tree = _Heights(newHeights, stamps: newStamps)
    layout.cache(newHeights)
    layout.writes += count
    return changes
  }

  /// Where the item at `path` is after a batch: its target, or its fresh copy's when the
  /// batch reloads it.
  @usableFromInline static func follow(
    _ path: ElementPath, _ map: _BatchMap, in new: [[Element]]
  ) -> ElementPath? {
    // A reloaded section's fresh copy may be shorter: a position past it is no item.
    guard let target = map.itemTarget(of: path) ?? map.reloadedItemTarget(of: path),
      contains(target, new)
    else { return nil }
    return target
  }

  /// The flat position of each section's first item.
  @inlinable static func starts(_ sections: [[Element]]) -> [Int] {
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
  @inlinable
  func removeItems(
    of batch: BatchUpdate, map: _BatchMap, from old: [[Element]], layout: _Layout
  ) -> [(Element, Int)] {
    let starts = layout.sectionStarts
    let moved = Set(map.sectionMoveSources)
    for section in old.indices.reversed() {
      let whole = map.sectionTarget(of: section) == nil || moved.contains(section)
      let removed: [Int] = whole ? Array(old[section].indices) : map.before[section]?.gone ?? []
      for element in removed.reversed() {
        layout.tree.remove(at: starts[section] + element)
        layout.didChange(from: starts[section] + element)
      }
    }
    return goneItems(of: map, from: old, starts: starts)
  }

  /// Puts the items a batch brings, first first, each laid out as a relayout would, noting
  /// their positions and the keys of their sizes in `changes`.
  @inlinable
  mutating func putItems(
    of batch: BatchUpdate, map: _BatchMap, to new: [[Element]], layout: _Layout, active: Bool,
    into changes: inout _LayoutChanges<Element>
  ) {
    let whole = Self.wholeSections(of: map)
    for section in new.indices {
      let positions: [Int] =
        whole.contains(section) ? Array(new[section].indices) : map.after[section]?.taken ?? []
      for element in positions where new[section].indices.contains(element) {
        let flat = layout.sectionStarts[section] + element
        let (height, stamp) = laidOut(new[section][element], at: flat, active, &changes)
        layout.tree.insert(height, stamp: stamp, at: flat)
        layout.didChange(from: flat)
        layout.writes += 1
        changes.put.append(flat)
      }
    }
  }
}

/// What laying out a batch found: the items gone for good (with their positions before it),
/// the keys of the sizes of the items it put that stay, and the positions it put.
@usableFromInline
struct _LayoutChanges<Element> {
  @usableFromInline var gone: [(Element, Int)]
  @usableFromInline var kept = Set<Int>()
  @usableFromInline var put: [Int] = []

  @inlinable init(gone: [(Element, Int)]) { self.gone = gone }
}

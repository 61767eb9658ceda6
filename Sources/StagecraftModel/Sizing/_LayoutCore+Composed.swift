import StagecraftDiff
import StagecraftReplay

// MARK: Several stages, laid out as one

/// One stage's item calls, as a staged changeset lists them: deletes at paths before it,
/// inserts and moves' targets at paths after it, and items whose content changed (paths
/// after it).
@usableFromInline
struct _ItemStage {
  @usableFromInline var deleted: [ElementPath]
  @usableFromInline var inserted: [ElementPath]
  @usableFromInline var moved: [Move<ElementPath>]
  @usableFromInline var updated: [ElementPath]

  @inlinable init(
    deleted: [ElementPath], inserted: [ElementPath], moved: [Move<ElementPath>],
    updated: [ElementPath]
  ) {
    (self.deleted, self.inserted, self.moved, self.updated) = (deleted, inserted, moved, updated)
  }

  /// How many items the stage touches in a layout (`_LayoutCore.touchedItems`).
  @inlinable var touched: Int { deleted.count + inserted.count + 2 * moved.count + updated.count }
}

/// Where each item of a list came from through a run of stages, by position: an item of
/// the list before them (its flat position), one inserted, or one before them whose content
/// changed. Followed stage by stage as UIKit fills a section: the items a stage puts take
/// their positions, and the section's survivors fill the rest in order
/// (BATCH_UPDATE_RULES.md, "the old → new map").
@usableFromInline
struct _Origins {
  /// The origin of each current position: `>= 0` the unchanged item at that position
  /// before, `inserted`, or `<= -2` the item at `-2 - value` before with new content.
  @usableFromInline var origin: ContiguousArray<Int32>
  /// The items of each current section.
  @usableFromInline var counts: [Int]
  /// The items before the stages that a stage deleted (their flat positions then).
  @usableFromInline var deleted: [Int] = []
  /// Where some items are now (the pin, the items an update holds), followed through the
  /// stages; `nil` for one gone.
  @usableFromInline var held: [Int?] = []

  @usableFromInline static var inserted: Int32 { -1 }
  @usableFromInline static var free: Int32 { .min }

  @inlinable init(counts: [Int]) {
    let total = counts.reduce(0, +)
    self.origin = ContiguousArray((0..<Int32(truncatingIfNeeded: total)))
    self.counts = counts
  }

  /// The item before the stages that `value` came from, if any.
  @inlinable static func source(_ value: Int32) -> Int? {
    value >= 0 ? Int(value) : value <= -2 ? Int(-2 - value) : nil
  }

  @inlinable static func starts(_ counts: [Int]) -> [Int] {
    var (starts, flat) = ([Int](), 0)
    starts.reserveCapacity(counts.count)
    for count in counts {
      starts.append(flat)
      flat += count
    }
    return starts
  }

  /// Follows one stage; `false`, and no change, when its calls do not fit the list (a path
  /// out of range, a position taken twice, or counts that do not add up).
  ///
  /// - Complexity: O(n + c) for the n items and the c calls.
  @inlinable mutating func follow(_ stage: _ItemStage, byIndex: Bool = false) -> Bool {
    if stage.deleted.isEmpty, stage.inserted.isEmpty, stage.moved.isEmpty {
      return markUpdated(stage.updated, in: Self.starts(counts))
    }
    guard let after = counts(after: stage) else { return false }
    let (starts, newStarts) = (Self.starts(counts), Self.starts(after))
    func flat(_ path: ElementPath, _ starts: [Int], _ counts: [Int]) -> Int? {
      counts[path.section] > path.element && path.element >= 0
        ? starts[path.section] + path.element : nil
    }
    let origin = self.origin
    // The held items by position, each then found as its move's source or as a survivor.
    let pending = held.indices.compactMap { index in held[index].map { ($0, index) } }.sorted {
      $0.0 < $1.0
    }
    var nextHeld = [Int?](repeating: nil, count: held.count)
    var gone = ContiguousArray<Bool>(repeating: false, count: origin.count)
    var next = ContiguousArray<Int32>(repeating: Self.free, count: after.reduce(0, +))
    let fits = gone.withUnsafeMutableBufferPointer { gone in
      next.withUnsafeMutableBufferPointer { next in
        origin.withUnsafeBufferPointer { origin in
          for path in stage.deleted {
            guard let old = flat(path, starts, counts), !gone[old] else { return false }
            gone[old] = true
            if let source = Self.source(origin[old]) { deleted.append(source) }
          }
          for path in stage.inserted {
            guard let new = flat(path, newStarts, after), next[new] == Self.free else {
              return false
            }
            next[new] = Self.inserted
          }
          for move in stage.moved {
            guard let old = flat(move.source, starts, counts), !gone[old],
              let new = flat(move.target, newStarts, after), next[new] == Self.free
            else { return false }
            gone[old] = true
            next[new] = origin[old]
            for (position, index) in pending where position == old { nextHeld[index] = new }
          }
          // Each section's survivors, in order, fill its free positions.
          var nextPending = 0
          for section in after.indices {
            var survivor = starts[section]
            let end = starts[section] + counts[section]
            for new in newStarts[section]..<(newStarts[section] + after[section])
            where next[new] == Self.free {
              while survivor < end, gone[survivor] { survivor += 1 }
              guard survivor < end else { return false }
              // By index, a planted mistake: the item that held the position before.
              let byIndexSource = min(starts[section] + new - newStarts[section], end - 1)
              next[new] = origin[byIndex ? byIndexSource : survivor]
              while nextPending < pending.count, pending[nextPending].0 <= survivor {
                if pending[nextPending].0 == survivor { nextHeld[pending[nextPending].1] = new }
                nextPending += 1
              }
              survivor += 1
            }
            while survivor < end, gone[survivor] { survivor += 1 }
            guard survivor == end else { return false }
          }
          return true
        }
      }
    }
    guard fits else { return false }
    (self.origin, counts, held) = (next, after, nextHeld)
    return markUpdated(stage.updated, in: newStarts)
  }

  /// The items of each section after `stage`; `nil` when a call names no section or a
  /// section would have fewer than none.
  ///
  /// - Complexity: O(S + c).
  @inlinable func counts(after stage: _ItemStage) -> [Int]? {
    var after = counts
    for path in stage.deleted {
      guard counts.indices.contains(path.section) else { return nil }
      after[path.section] -= 1
    }
    for path in stage.inserted {
      guard counts.indices.contains(path.section) else { return nil }
      after[path.section] += 1
    }
    for move in stage.moved {
      guard counts.indices.contains(move.source.section),
        counts.indices.contains(move.target.section)
      else { return nil }
      after[move.source.section] -= 1
      after[move.target.section] += 1
    }
    return after.contains(where: { $0 < 0 }) ? nil : after
  }

  /// Marks the items at `paths` (current positions) as changed in content.
  @inlinable mutating func markUpdated(_ paths: [ElementPath], in starts: [Int]) -> Bool {
    for path in paths {
      guard counts.indices.contains(path.section), counts[path.section] > path.element,
        path.element >= 0
      else { return false }
      let flat = starts[path.section] + path.element
      if origin[flat] >= 0 { origin[flat] = -2 - origin[flat] }
    }
    return true
  }
}

/// Which keys of the measured sizes there may be: a merge asks it before it looks a size up,
/// so that the items with none (most of a large update's) cost no lookup. A bit per key's
/// low bits: no false negatives, few false positives while the measured items are few.
@usableFromInline
struct _KeyFilter {
  @usableFromInline var bits: ContiguousArray<UInt64>

  @inlinable init<Keys: Collection<Int>>(_ keys: Keys) {
    bits = ContiguousArray(repeating: 0, count: 64)
    for key in keys { bits[(key >> 6) & 63] |= 1 &<< (key & 63) }
  }

  @inlinable func mayContain(_ key: Int) -> Bool {
    bits[(key >> 6) & 63] & (1 &<< (key & 63)) != 0
  }
}

extension _LayoutCore {
  /// Lays out a run of stages that change no section as one merge (a large update through
  /// `ListLayoutState`): where each item comes from is followed through the stages by
  /// position (`_Origins`), with no data between them built; then the heights after them
  /// are gathered in one pass: an item of the list before keeps its height and stamp, an
  /// item inserted or whose content changed is laid out as a relayout would (`laidOut`).
  /// The sizes of the items gone for good are evicted; the pin and `tracked` (positions
  /// before) follow their items.
  ///
  /// - Returns: The positions after the stages of the items inserted, ascending; `nil`, with
  ///   nothing changed, when the stages do not fit the data (the caller lays them out one by
  ///   one, as a view would refuse them).
  /// - Complexity: O(n) array work per stage, and O(c) lookups for the c items inserted or
  ///   changed.
  @inlinable
  mutating func applyComposed(
    _ stages: [_ItemStage], from old: [[Element]], to new: [[Element]],
    tracking tracked: inout [Int?]
  ) -> [Int]? {
    // No reference to the layout is held across `mutableLayout()`, which would copy it.
    guard let geometry, let oldStarts = layout?.sectionStarts, old.count == oldStarts.count,
      old.count == new.count, !sizes.has(.relayoutPerUpdate)
    else { return nil }
    var origins = _Origins(counts: old.map(\.count))
    guard origins.origin.count == layout!.count else { return nil }
    let pin = sizes.pin
    origins.held = tracked + [pin?.flat]
    for stage in stages {
      guard origins.follow(stage, byIndex: sizes.has(.mergeByIndex)) else { return nil }
    }
    guard origins.counts == new.map(\.count) else { return nil }
    let laid = mutableLayout()
    sizes.setWidth(geometry.viewportWidth)
    let active = sizes.isActive(geometry)
    let filter = _KeyFilter(sizes.entries.keys)
    let heights =
      laid.cached == laid.count ? laid.cachedHeights : laid.tree.allHeights()
    let stamps = laid.tree.allStamps()
    let count = origins.origin.count
    var changes = _LayoutChanges<Element>(gone: [])
    var newStamps = ContiguousArray<UInt32>(repeating: 0, count: count)
    // Every position below `count` is written once: `flat` runs over the sections after the
    // stages, whose counts were checked to add up to `count` (`origins.counts`).
    let newHeights = ContiguousArray<Double>(unsafeUninitializedCapacity: count) {
      newHeights, initialized in
      newStamps.withUnsafeMutableBufferPointer { newStamps in
        origins.origin.withUnsafeBufferPointer { origin in
          var flat = 0
          for section in new.indices {
            for element in new[section].indices {
              defer { flat += 1 }
              let value = origin[flat]
              if value >= 0 {
                (newHeights[flat], newStamps[flat]) = (heights[Int(value)], stamps[Int(value)])
                continue
              }
              if value == _Origins.inserted { changes.put.append(flat) }
              let item = new[section][element]
              if active, filter.mayContain(sizes.key(item.differenceIdentifier, at: flat)) {
                (newHeights[flat], newStamps[flat]) = laidOut(item, at: flat, active, &changes)
              } else {
                (newHeights[flat], newStamps[flat]) = (geometry.height(of: item), 0)
              }
            }
          }
        }
      }
      initialized = count
    }
    evict(origins.deleted, of: old, starts: oldStarts, filter: filter, keeping: changes.kept)
    // And the sizes of items put that do not keep theirs (a planted mistake only), as the
    // stage-by-stage path evicts them.
    evict(changes)
    laid.sectionStarts = Self.starts(new)
    laid.tree = _Heights(newHeights, stamps: newStamps)
    laid.cache(newHeights)
    laid.writes += count
    sizes.identifierIndex = nil
    aim = nil
    sizes.pin = pin.flatMap { _ in origins.held.last! }.map { flat in
      let path = laid.path(flat)
      return (new[path.section][path.element], flat)
    }
    tracked = Array(origins.held.dropLast())
    return changes.put
  }

  /// Evicts the sizes of the items a merged run of stages deleted (`deleted`, flat positions
  /// in `old`, whose sections start at `starts`): not those of an identity put back (`kept`),
  /// and none as a planted mistake. Only keys `filter` may hold are looked up.
  ///
  /// - Complexity: O(d log S) for the d items deleted and the S sections.
  @inlinable mutating func evict(
    _ deleted: [Int], of old: [[Element]], starts: [Int], filter: _KeyFilter, keeping kept: Set<Int>
  ) {
    guard !sizes.entries.isEmpty, !sizes.has(.noEviction) else { return }
    for source in deleted {
      // The section holding `source` before: the last that starts at or before it (an empty
      // section starts where the next one does).
      var (low, high) = (0, starts.count)
      while high - low > 1 {
        let mid = (low + high) / 2
        (low, high) = starts[mid] <= source ? (mid, high) : (low, mid)
      }
      let id = old[low][source - starts[low]].differenceIdentifier
      let key = sizes.key(id, at: source)
      guard filter.mayContain(key), !kept.contains(key), let entry = sizes.entries[key],
        sizes.owns(entry, id)
      else { continue }
      sizes.entries[key] = nil
    }
  }

  /// Evicts the sizes of the items gone for good: not those of an identity put back (all
  /// of them kept, as a planted mistake).
  @inlinable mutating func evict(_ changes: _LayoutChanges<Element>) {
    for (element, flat) in changes.gone where !sizes.has(.noEviction) {
      let id = element.differenceIdentifier
      let key = sizes.key(id, at: flat)
      guard !changes.kept.contains(key), let entry = sizes.entries[key], sizes.owns(entry, id)
      else { continue }
      sizes.entries[key] = nil
    }
  }
}

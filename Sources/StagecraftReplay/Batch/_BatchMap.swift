import StagecraftDiff

/// UIKit's old → new map of one batch update: where each section and item that exists
/// before the batch is after it (the article The Batch-Update Rules, "The old-to-new map").
///
/// 1. A deleted section, and every item in it, maps to nothing; so does a deleted item.
/// 2. A reloaded section or item maps to nothing: a fresh one takes its *shifted*
///    position, its old index minus the deletes before it, counted among the positions
///    that are not inserted. Moves are not considered in that shift.
/// 3. A moved section or item maps to its target; a moved section carries its items.
/// 4. Every other section fills the free section positions in order, and every other item
///    the free positions of its section in order, where a position is free when nothing is
///    inserted, moved or re-inserted there.
///
/// The map reads only the batch, never counts, and answers for one position at a time in
/// O(log c), so a batch costs what it touches: the model asks for its realized cells and
/// its selection, and the replay for the updates it carries into the next block. It never
/// traps; for a batch that UIKit would refuse its answers are unspecified.
@usableFromInline
package struct _BatchMap: Sendable {
  /// The calls that concern one section before the batch, each list sorted and unique.
  @usableFromInline package struct Before: Sendable {
    @usableFromInline package var deleted: [Int] = []
    @usableFromInline package var reloaded: [Int] = []
    /// Item move sources, sorted, and the target of each (the first, for a source moved
    /// twice).
    @usableFromInline package var moveSources: [Int] = []
    @usableFromInline package var moveTargets: [ElementPath] = []
    /// Positions whose item does not fill a free slot: deleted, reloaded or moved away.
    @usableFromInline package var gone: [Int] = []
  }

  /// The calls that concern one section after the batch, each list sorted and unique.
  @usableFromInline package struct After: Sendable {
    @usableFromInline package var inserted: [Int] = []
    @usableFromInline package var moveTargets: [Int] = []
    /// Positions a surviving item cannot fill: inserted, moved to, or re-inserted by a
    /// reload.
    @usableFromInline package var taken: [Int] = []
  }

  @usableFromInline package private(set) var deletedSections: [Int]
  @usableFromInline package private(set) var reloadedSections: [Int]
  @usableFromInline package private(set) var insertedSections: [Int]
  /// Section move sources, sorted, and the target of each.
  @usableFromInline package private(set) var sectionMoveSources: [Int]
  @usableFromInline package private(set) var sectionMoveTargets: [Int]
  private var goneSections: [Int]
  private var takenSections: [Int]
  @usableFromInline package private(set) var before: [Int: Before]
  @usableFromInline package private(set) var after: [Int: After]

  /// Reads the calls of `batch`, once.
  ///
  /// - Complexity: O(c log c), where c is the number of calls; O(c) when each list is
  ///   already sorted, as the diff's are.
  @usableFromInline
  package init(_ batch: BatchUpdate) {
    let deleted = _sortedUnique(batch.deleteSections)
    let reloaded = _sortedUnique(batch.reloadSections)
    let inserted = _sortedUnique(batch.insertSections)
    let (sources, targets) = _firstMoves(batch.moveSections)
    let reinserts = reloaded.map { section in
      _kthFree(section - deleted._countBelow(section), taken: inserted)
    }
    deletedSections = deleted
    reloadedSections = reloaded
    insertedSections = inserted
    sectionMoveSources = sources
    sectionMoveTargets = targets
    goneSections = _mergedUnique(deleted, reloaded, sources)
    takenSections = _mergedUnique(inserted, _sortedUnique(targets), reinserts)
    before = [:]
    after = [:]
    _readItemCalls(batch)
  }

  private mutating func _readItemCalls(_ batch: BatchUpdate) {
    for (section, elements) in _grouped(batch.deleteItems) {
      before[section, default: .init()].deleted = elements
    }
    for (section, elements) in _grouped(batch.reloadItems) {
      before[section, default: .init()].reloaded = elements
    }
    for (section, elements) in _grouped(batch.insertItems) {
      after[section, default: .init()].inserted = elements
    }
    var moves = batch.moveItems
    if !_isSorted(moves, by: { $0.source < $1.source }) {
      moves.sort { $0.source < $1.source }
    }
    var index = 0
    var kept = 0
    var keptTargets: [ElementPath] = []
    while index < moves.count {
      let section = moves[index].source.section
      var sources: [Int] = []
      var targets: [ElementPath] = []
      while index < moves.count, moves[index].source.section == section {
        let move = moves[index]
        if sources.last != move.source.element {
          sources.append(move.source.element)
          targets.append(move.target)
        }
        index += 1
      }
      kept += sources.count
      before[section, default: .init()].moveSources = sources
      before[section, default: .init()].moveTargets = targets
      keptTargets += targets
    }
    // The targets by section, in the batch's order when no move was dropped: ascending
    // already for the diff's moves, which are ordered by target.
    var run: (section: Int, elements: [Int])?
    for target in kept == batch.moveItems.count ? batch.moveItems.map(\.target) : keptTargets {
      if let current = run, current.section != target.section {
        after[current.section, default: .init()].moveTargets += current.elements
        run = nil
      }
      if run == nil { run = (target.section, []) }
      run!.elements.append(target.element)
    }
    if let current = run {
      after[current.section, default: .init()].moveTargets += current.elements
    }
    for section in before.keys {
      let calls = before[section]!
      before[section]!.gone = _mergedUnique(calls.deleted, calls.reloaded, calls.moveSources)
    }
    // Reloaded items are re-inserted at their shifted position, in the section at their
    // section's position computed without the moves.
    var reinserts: [Int: [Int]] = [:]
    for (section, calls) in before where !calls.reloaded.isEmpty {
      // Placed without the section moves, as `reloadedItemTarget(of:)` places them.
      guard sectionTarget(of: section) != nil else { continue }
      let target = reloadedSectionTarget(of: section)
      let inserted = after[target]?.inserted ?? []
      for element in calls.reloaded {
        reinserts[target, default: []].append(
          _kthFree(element - calls.deleted._countBelow(element), taken: inserted))
      }
    }
    for section in Set(after.keys).union(reinserts.keys) {
      var calls = after[section] ?? After()
      calls.moveTargets = _sortedUnique(calls.moveTargets)
      calls.taken = _mergedUnique(calls.inserted, calls.moveTargets, reinserts[section] ?? [])
      after[section] = calls
    }
  }
}

extension _BatchMap {
  /// Where section `section` is after the batch; nil when it is deleted or reloaded.
  ///
  /// - Complexity: O(log c).
  @usableFromInline package func sectionTarget(of section: Int) -> Int? {
    if deletedSections._containsSorted(section) || reloadedSections._containsSorted(section) {
      return nil
    }
    if let move = sectionMoveSources._indexSorted(section) { return sectionMoveTargets[move] }
    return _kthFree(section - goneSections._countBelow(section), taken: takenSections)
  }

  /// Where the fresh section of reloaded section `section` is inserted: its shifted
  /// position, computed without the moves.
  ///
  /// - Complexity: O(log c).
  @usableFromInline package func reloadedSectionTarget(of section: Int) -> Int {
    _kthFree(section - deletedSections._countBelow(section), taken: insertedSections)
  }

  /// Where the item at `path` is after the batch; nil when it is deleted or reloaded, or
  /// its section is.
  ///
  /// - Complexity: O(log c).
  @usableFromInline
  package func itemTarget(of path: ElementPath) -> ElementPath? {
    guard let section = sectionTarget(of: path.section) else { return nil }
    guard let calls = before[path.section] else {
      return ElementPath(
        element: _kthFree(path.element, taken: after[section]?.taken ?? []), section: section)
    }
    if calls.deleted._containsSorted(path.element) || calls.reloaded._containsSorted(path.element) {
      return nil
    }
    if let move = calls.moveSources._indexSorted(path.element) { return calls.moveTargets[move] }
    let rank = path.element - calls.gone._countBelow(path.element)
    return ElementPath(
      element: _kthFree(rank, taken: after[section]?.taken ?? []), section: section)
  }

  /// Where each of `paths` is after the batch, as `itemTarget(of:)` says, for paths sorted
  /// ascending (a stage's updates): one sweep of each section's sorted lists instead of a
  /// binary search of them per path.
  ///
  /// - Complexity: O(p + c) for p paths and the c calls of their sections, when `paths` is
  ///   sorted; O(p log c) otherwise.
  @usableFromInline
  package func itemTargets(ofSorted paths: [ElementPath]) -> [ElementPath?] {
    guard _isSorted(paths, by: <) else { return paths.map(itemTarget(of:)) }
    var result: [ElementPath?] = []
    result.reserveCapacity(paths.count)
    var start = 0
    while start < paths.count {
      let section = paths[start].section
      var end = start + 1
      while end < paths.count, paths[end].section == section { end += 1 }
      _sweep(paths[start..<end], of: section, into: &result)
      start = end
    }
    return result
  }

  /// The targets of `paths`, all in `section` and ascending, appended to `result`.
  private func _sweep(
    _ paths: ArraySlice<ElementPath>, of section: Int, into result: inout [ElementPath?]
  ) {
    guard let target = sectionTarget(of: section) else {
      result.append(contentsOf: repeatElement(nil, count: paths.count))
      return
    }
    let calls = before[section] ?? Before()
    let taken = after[target]?.taken ?? []
    // Cursors into the sorted lists; each only moves forward as the paths ascend.
    var (deleted, reloaded, moved, gone, free) = (0, 0, 0, 0, 0)
    for path in paths {
      let element = path.element
      while deleted < calls.deleted.count, calls.deleted[deleted] < element { deleted += 1 }
      while reloaded < calls.reloaded.count, calls.reloaded[reloaded] < element {
        reloaded += 1
      }
      if deleted < calls.deleted.count && calls.deleted[deleted] == element
        || reloaded < calls.reloaded.count && calls.reloaded[reloaded] == element
      {
        result.append(nil)
        continue
      }
      while moved < calls.moveSources.count, calls.moveSources[moved] < element { moved += 1 }
      if moved < calls.moveSources.count, calls.moveSources[moved] == element {
        result.append(calls.moveTargets[moved])
        continue
      }
      while gone < calls.gone.count, calls.gone[gone] < element { gone += 1 }
      // The rank-th free position: as `_kthFree`, with the taken positions before it
      // counted by a cursor (the ranks ascend with the paths).
      let rank = element - gone
      while free < taken.count, taken[free] - free <= rank { free += 1 }
      result.append(ElementPath(element: rank + free, section: target))
    }
  }

  /// Where the fresh item of the reloaded item at `path` is inserted: its shifted position,
  /// computed without the moves, item moves and section moves alike (so in another section
  /// than its own when its section moves); nil when its section does not survive.
  ///
  /// - Complexity: O(log c).
  @usableFromInline package func reloadedItemTarget(of path: ElementPath) -> ElementPath? {
    guard sectionTarget(of: path.section) != nil else { return nil }
    let section = reloadedSectionTarget(of: path.section)
    let deleted = before[path.section]?.deleted ?? []
    let rank = path.element - deleted._countBelow(path.element)
    return ElementPath(
      element: _kthFree(rank, taken: after[section]?.inserted ?? []), section: section)
  }
}

// MARK: Sorted-list helpers

/// The `k`-th position (from 0) that is not in `taken`, which is sorted and unique.
///
/// Before `taken[i]` lie `taken[i] - i` free positions, a non-decreasing count, so the
/// positions taken before the answer are found by binary search.
///
/// - Complexity: O(log t), where t is `taken.count`.
package func _kthFree(_ k: Int, taken: [Int]) -> Int {
  var low = 0
  var high = taken.count
  while low < high {
    let middle = low + (high - low) / 2
    if taken[middle] - middle <= k { low = middle + 1 } else { high = middle }
  }
  return k + low
}

/// `list` sorted, without repeats.
///
/// - Complexity: O(n log n); O(n) when it is sorted already.
@inlinable
package func _sortedUnique<T: Comparable>(_ list: [T]) -> [T] {
  var sorted = list
  if !_isSorted(sorted, by: <) { sorted.sort() }
  var result: [T] = []
  result.reserveCapacity(sorted.count)
  for value in sorted where result.last != value { result.append(value) }
  return result
}

/// The union of three lists, sorted, without repeats: merged in one pass when each is
/// sorted, as the lists of a diff's batch are.
///
/// - Complexity: O(n); O(n log n) when a list is out of order.
package func _mergedUnique(_ first: [Int], _ second: [Int], _ third: [Int]) -> [Int] {
  guard _isSorted(first, by: <), _isSorted(second, by: <), _isSorted(third, by: <) else {
    return _sortedUnique(first + second + third)
  }
  var result: [Int] = []
  result.reserveCapacity(first.count + second.count + third.count)
  var (i, j, k) = (0, 0, 0)
  while i < first.count || j < second.count || k < third.count {
    let next = Swift.min(
      i < first.count ? first[i] : Int.max, j < second.count ? second[j] : Int.max,
      k < third.count ? third[k] : Int.max)
    if result.last != next { result.append(next) }
    if i < first.count, first[i] == next { i += 1 }
    if j < second.count, second[j] == next { j += 1 }
    if k < third.count, third[k] == next { k += 1 }
  }
  return result
}

@inlinable
package func _isSorted<T>(_ list: [T], by precedes: (T, T) -> Bool) -> Bool {
  var index = 1
  while index < list.count {
    if precedes(list[index], list[index - 1]) { return false }
    index += 1
  }
  return true
}

/// Item paths grouped by section, each group's elements sorted and unique.
private func _grouped(_ paths: [ElementPath]) -> [(section: Int, elements: [Int])] {
  let sorted = _sortedUnique(paths)
  var groups: [(section: Int, elements: [Int])] = []
  for path in sorted {
    if groups.last?.section == path.section {
      groups[groups.count - 1].elements.append(path.element)
    } else {
      groups.append((path.section, [path.element]))
    }
  }
  return groups
}

/// The first move of each source, sorted by source.
private func _firstMoves(_ moves: [Move<Int>]) -> (sources: [Int], targets: [Int]) {
  var ordered = moves
  if !_isSorted(ordered, by: { $0.source < $1.source }) {
    ordered.sort { $0.source < $1.source }
  }
  var sources: [Int] = []
  var targets: [Int] = []
  for move in ordered where sources.last != move.source {
    sources.append(move.source)
    targets.append(move.target)
  }
  return (sources, targets)
}

extension Array where Element: Comparable {
  /// The number of elements less than `value`, in a sorted array.
  ///
  /// - Complexity: O(log n).
  @inlinable
  package func _countBelow(_ value: Element) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = low + (high - low) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The index of `value` in a sorted array, or nil.
  ///
  /// - Complexity: O(log n).
  @inlinable
  package func _indexSorted(_ value: Element) -> Int? {
    let index = _countBelow(value)
    return index < count && self[index] == value ? index : nil
  }

  /// Whether a sorted array holds `value`.
  ///
  /// - Complexity: O(log n).
  @inlinable
  package func _containsSorted(_ value: Element) -> Bool { _indexSorted(value) != nil }
}

extension Array where Element: Comparable {
  /// Whether the array is strictly ascending: sorted, without repeats.
  ///
  /// - Complexity: O(n).
  @inlinable
  package var _isStrictlyAscending: Bool {
    var index = 1
    while index < count {
      if !(self[index - 1] < self[index]) { return false }
      index += 1
    }
    return true
  }
}

/// Where the item at `path` lands after a block with these sorted deletes and inserts, when
/// it survives: its index minus the deletes before it in its section, counted among the
/// positions of that section that no insert takes. The element index in the same section.
///
/// - Complexity: O(log c), where c is the number of deletes and inserts.
@inlinable
package func _landing(
  of path: ElementPath, deletes: [ElementPath], inserts: [ElementPath]
) -> Int {
  let sectionStart = ElementPath(element: Int.min, section: path.section)
  let rank = path.element - (deletes._countBelow(path) - deletes._countBelow(sectionStart))
  // The rank-th free position among the section's inserts: before the i-th insert of the
  // section lie (its element - i) free positions, a non-decreasing count.
  let first = inserts._countBelow(sectionStart)
  let end = inserts._countBelow(ElementPath(element: Int.min, section: path.section + 1))
  var (low, high) = (first, end)
  while low < high {
    let middle = low + (high - low) / 2
    if inserts[middle].element - (middle - first) <= rank {
      low = middle + 1
    } else {
      high = middle
    }
  }
  return rank + (low - first)
}

import StagecraftDiff
import StagecraftReplay

extension _BatchValidation {
  /// Whether `batch` is accepted, decided without building its old → new map: for a batch
  /// with item calls only, each list sorted without repeats (the diff's batches). It
  /// answers `true` only for a batch the exact phases accept (a test compares them on
  /// random batches); on anything else it answers `false`, and the caller validates in
  /// full. What the guard runs before every block.
  ///
  /// - Complexity: O(S + c) for the diff's batches, whose move targets are sorted and whose
  ///   move sources span O(64 c) positions; O(S + c log c) otherwise.
  static func passesWithoutMap(before: [Int], after: [Int], batch: BatchUpdate) -> Bool {
    guard batch.deleteSections.isEmpty, batch.insertSections.isEmpty,
      batch.reloadSections.isEmpty, batch.moveSections.isEmpty, before.count == after.count,
      let startBefore = _starts(before)
    else { return false }
    let (deletes, reloads, inserts) = (batch.deleteItems, batch.reloadItems, batch.insertItems)
    let moves = batch.moveItems
    // Each list ascends without repeats and names existing positions; deletes and inserts
    // add up, per section, what the count rule needs (no section moves: a section stays
    // where it is).
    var delta = [Int](repeating: 0, count: before.count)
    guard _ascends(deletes, within: before, adding: -1, to: &delta),
      _ascends(reloads, within: before, adding: 0, to: &delta),
      _ascends(inserts, within: after, adding: 1, to: &delta),
      !_intersect(deletes, reloads)
    else { return false }
    func exists(_ path: ElementPath, in counts: [Int]) -> Bool {
      counts.indices.contains(path.section) && (0..<counts[path.section]).contains(path.element)
    }
    for path in batch.reconfigureItems where !exists(path, in: after) { return false }
    for move in moves {
      guard exists(move.source, in: before), exists(move.target, in: after) else { return false }
      if move.source.section != move.target.section {
        delta[move.source.section] &-= 1
        delta[move.target.section] &+= 1
      }
    }
    for section in before.indices where before[section] &+ delta[section] != after[section] {
      return false
    }

    // No position is the source of two calls, nor the target of two. Index paths compare
    // as their positions in the sections laid end to end.
    let sources = moves.map { startBefore[$0.source.section] + $0.source.element }
    guard _areDisjointAndUnique(sources, from: deletes, reloads, starts: startBefore) else {
      return false
    }
    // The diff lists moves by target: their targets are then read in place.
    let targets =
      _isStrictlyAscending(moves, by: \.target) ? nil : moves.map(\.target).sorted()
    if let targets {
      guard targets._isStrictlyAscending, !_intersect(targets, inserts) else { return false }
    } else {
      guard !_intersect(moves, inserts, by: \.target) else { return false }
    }

    // Each reload's fresh copy lands inside its section, on no move's target.
    return reloads.allSatisfy { path in
      let landing = _landing(of: path, deletes: deletes, inserts: inserts)
      let fresh = ElementPath(element: landing, section: path.section)
      guard landing < after[path.section] else { return false }
      if let targets { return targets._indexSorted(fresh) == nil }
      return !_containsSorted(moves, fresh, by: \.target)
    }
  }
}

/// Where each section's items start when all sections are laid end to end; nil when the
/// total overflows.
private func _starts(_ counts: [Int]) -> [Int]? {
  var starts = [Int]()
  starts.reserveCapacity(counts.count)
  var total = 0
  for count in counts {
    starts.append(total)
    let (sum, overflow) = total.addingReportingOverflow(count)
    if overflow { return nil }
    total = sum
  }
  return starts
}

/// Whether `values` (positions in the sections laid end to end, as `starts` lays them) hold
/// no repeat and none of the paths of `first` and `second`: with a bitmap over the span of
/// `values` when it is narrow, as the diff's move sources are, else by sorting.
private func _areDisjointAndUnique(
  _ values: [Int], from first: [ElementPath], _ second: [ElementPath], starts: [Int]
) -> Bool {
  guard let low = values.min(), let high = values.max() else { return true }
  let span = high - low
  func others(_ body: (Int) -> Bool) -> Bool {
    first.contains { body(starts[$0.section] + $0.element) }
      || second.contains { body(starts[$0.section] + $0.element) }
  }
  guard span / 64 <= 8 * values.count + 64 else {
    let sorted = values.sorted()
    return sorted._isStrictlyAscending && !others { sorted._indexSorted($0) != nil }
  }
  var bits = [UInt64](repeating: 0, count: span / 64 + 1)
  for value in values {
    let (word, bit) = ((value - low) / 64, UInt64(1) << ((value - low) % 64))
    if bits[word] & bit != 0 { return false }
    bits[word] |= bit
  }
  return !others { value in
    guard (low...high).contains(value) else { return false }
    return bits[(value - low) / 64] & (UInt64(1) << ((value - low) % 64)) != 0
  }
}

/// Whether the keys of `list` are strictly ascending.
private func _isStrictlyAscending<T, Key: Comparable>(_ list: [T], by key: (T) -> Key) -> Bool {
  var index = 1
  while index < list.count {
    if !(key(list[index - 1]) < key(list[index])) { return false }
    index += 1
  }
  return true
}

/// Whether the keys of `list`, strictly ascending, share an entry with `other`, strictly
/// ascending too, by one merge.
private func _intersect<T, Key: Comparable>(_ list: [T], _ other: [Key], by key: (T) -> Key)
  -> Bool
{
  var (left, right) = (0, 0)
  while left < list.count, right < other.count {
    let value = key(list[left])
    if value < other[right] {
      left += 1
    } else if other[right] < value {
      right += 1
    } else {
      return true
    }
  }
  return false
}

/// Whether the keys of `list`, strictly ascending, hold `value`, by binary search.
private func _containsSorted<T, Key: Comparable>(_ list: [T], _ value: Key, by key: (T) -> Key)
  -> Bool
{
  var (low, high) = (0, list.count)
  while low < high {
    let middle = low + (high - low) / 2
    if key(list[middle]) < value { low = middle + 1 } else { high = middle }
  }
  return low < list.count && key(list[low]) == value
}

/// Whether `paths` ascend without repeats and each names a position of `counts`, adding
/// `step` to `delta` for each path's section on the way.
private func _ascends(
  _ paths: [ElementPath], within counts: [Int], adding step: Int, to delta: inout [Int]
) -> Bool {
  var previous: ElementPath?
  for path in paths {
    guard previous.map({ $0 < path }) ?? true, counts.indices.contains(path.section),
      (0..<counts[path.section]).contains(path.element)
    else { return false }
    delta[path.section] &+= step
    previous = path
  }
  return true
}

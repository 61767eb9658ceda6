import StagecraftDiff
import StagecraftReplay

/// The item count of each section before `batch` that its calls account for, given the
/// counts after it: UIKit's count rule run backward. For a block of a staged changeset, the
/// counts of the data it was computed from. `nil` for a section the batch deletes, whose
/// count the calls do not tell; `nil` altogether when the calls name sections that the
/// counts cannot hold.
///
/// - Complexity: O(S + c log c), where S is the number of sections and c the number of
///   calls.
package func _countsAccountedBefore(after: [Int], batch: BatchUpdate) -> [Int?]? {
  if let counts = _itemCountsAccountedBefore(after: after, batch: batch) { return counts }
  let deleted = Set(batch.deleteSections)
  let inserted = Set(batch.insertSections)
  let sectionCount = after.count - inserted.count + deleted.count
  guard sectionCount >= 0, deleted.allSatisfy((0..<sectionCount).contains),
    inserted.allSatisfy(after.indices.contains)
  else { return nil }
  let map = _BatchMap(batch)
  var home = [Int?](repeating: nil, count: sectionCount)
  for section in 0..<sectionCount where !deleted.contains(section) {
    let target =
      batch.reloadSections.contains(section)
      ? map.reloadedSectionTarget(of: section) : map.sectionTarget(of: section)
    if let target, after.indices.contains(target) { home[section] = target }
  }
  // What the calls add to each section: inserts and moves in, less deletes and moves out.
  var added = [Int](repeating: 0, count: after.count)
  var removed = [Int](repeating: 0, count: sectionCount)
  for path in Set(batch.insertItems) where after.indices.contains(path.section) {
    added[path.section] += 1
  }
  for path in Set(batch.deleteItems) where removed.indices.contains(path.section) {
    removed[path.section] += 1
  }
  for move in Set(batch.moveItems)
  where removed.indices.contains(move.source.section) && after.indices.contains(move.target.section)
    && home[move.source.section] != move.target.section
  {
    added[move.target.section] += 1
    removed[move.source.section] += 1
  }
  return home.indices.map { section in
    home[section].map { after[$0] - added[$0] + removed[section] }
  }
}

/// `_countsAccountedBefore` for the common block, without a map or a set: no section calls,
/// inserts and deletes sorted without repeats (as the diff makes them), and moves that stay
/// in their section (any number: they change no count) or a single one, so that each call
/// counts once. Nil for any other block, which takes the general path.
///
/// - Complexity: O(S + c).
private func _itemCountsAccountedBefore(after: [Int], batch: BatchUpdate) -> [Int?]? {
  guard batch.deleteSections.isEmpty, batch.insertSections.isEmpty,
    batch.reloadSections.isEmpty, batch.moveSections.isEmpty,
    _isStrictlyAscending(batch.insertItems), _isStrictlyAscending(batch.deleteItems),
    batch.moveItems.count <= 1
      || batch.moveItems.allSatisfy({ $0.source.section == $0.target.section })
  else { return nil }
  var before = [Int?](repeating: nil, count: after.count)
  for (section, count) in after.enumerated() { before[section] = count }
  for path in batch.insertItems {
    guard before.indices.contains(path.section) else { return nil }
    before[path.section]! -= 1
  }
  for path in batch.deleteItems {
    guard before.indices.contains(path.section) else { return nil }
    before[path.section]! += 1
  }
  for move in batch.moveItems where move.source.section != move.target.section {
    guard before.indices.contains(move.source.section), before.indices.contains(move.target.section)
    else { return nil }
    before[move.target.section]! -= 1
    before[move.source.section]! += 1
  }
  return before
}

/// Whether `paths` ascend with no repeats.
private func _isStrictlyAscending(_ paths: [ElementPath]) -> Bool {
  var index = 1
  while index < paths.count {
    if !(paths[index - 1] < paths[index]) { return false }
    index += 1
  }
  return true
}

/// The counts of the data a first block was computed from, as a flight record stores them (-1
/// for a count the calls do not tell): `after` itself, shared, when the block changes no
/// count; otherwise `_countsAccountedBefore`.
///
/// - Complexity: O(c) to see that the block changes no count, else as `_countsAccountedBefore`.
@usableFromInline
package func _storedCountsBefore(after: [Int], batch: BatchUpdate) -> [Int]? {
  if batch.deleteSections.isEmpty, batch.insertSections.isEmpty, batch.reloadSections.isEmpty,
    batch.moveSections.isEmpty, batch.insertItems.isEmpty, batch.deleteItems.isEmpty,
    batch.moveItems.allSatisfy({ $0.source.section == $0.target.section })
  {
    return after
  }
  return _countsAccountedBefore(after: after, batch: batch)?.map { $0 ?? -1 }
}

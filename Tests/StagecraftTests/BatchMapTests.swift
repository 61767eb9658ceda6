import Stagecraft
import StagecraftReplay
import StagecraftTestSupport
import Testing

/// UIKit's old → new map of a batch that UIKit accepts, computed in bulk and by
/// construction: per section, mark the positions that inserts, moves and reloads take, then
/// let the survivors fill the others in order. The library answers per position by binary
/// search instead; the two must agree on every item.
func referenceMap(before: [Int], after: [Int], batch: BatchUpdate) -> [ElementPath: ElementPath] {
  /// The k-th non-deleted old position goes to the k-th non-inserted new position.
  func shifted(_ old: Int, deleted: Set<Int>, inserted: Set<Int>, count: Int) -> Int {
    let rank = (0..<old).filter { !deleted.contains($0) }.count
    return (0..<count).filter { !inserted.contains($0) }[rank]
  }
  // Sections.
  let deletedSections = Set(batch.deleteSections)
  let reloadedSections = Set(batch.reloadSections)
  let insertedSections = Set(batch.insertSections)
  var sectionTarget: [Int: Int] = [:]
  for move in batch.moveSections where sectionTarget[move.source] == nil {
    sectionTarget[move.source] = move.target
  }
  var takenSections = insertedSections.union(sectionTarget.values)
  for section in reloadedSections {
    takenSections.insert(
      shifted(section, deleted: deletedSections, inserted: insertedSections, count: after.count))
  }
  var freeSections = (0..<after.count).filter { !takenSections.contains($0) }.makeIterator()
  for section in before.indices
  where !deletedSections.contains(section) && !reloadedSections.contains(section)
    && sectionTarget[section] == nil
  {
    sectionTarget[section] = freeSections.next()
  }
  // Items, per surviving section.
  var moveTarget: [ElementPath: ElementPath] = [:]
  for move in batch.moveItems where moveTarget[move.source] == nil {
    moveTarget[move.source] = move.target
  }
  var result: [ElementPath: ElementPath] = [:]
  for (old, new) in sectionTarget {
    let deleted = Set(batch.deleteItems.filter { $0.section == old }.map(\.element))
    let reloaded = Set(batch.reloadItems.filter { $0.section == old }.map(\.element))
    let inserted = Set(batch.insertItems.filter { $0.section == new }.map(\.element))
    var taken = inserted.union(moveTarget.values.filter { $0.section == new }.map(\.element))
    for element in reloaded {
      taken.insert(shifted(element, deleted: deleted, inserted: inserted, count: after[new]))
    }
    var free = (0..<after[new]).filter { !taken.contains($0) }.makeIterator()
    for element in 0..<before[old] where !deleted.contains(element) && !reloaded.contains(element) {
      let path = ElementPath(element: element, section: old)
      if let target = moveTarget[path] {
        result[path] = target
      } else {
        result[path] = ElementPath(element: free.next()!, section: new)
      }
    }
  }
  return result
}

@Suite("UIKit's old → new map")
struct BatchMapTests {
  /// Every batch the model accepts, from random staged changesets (with their updates as
  /// reloads) and random damage to them: the map answers for every old item exactly as the
  /// bulk construction does.
  @Test(arguments: [11, 12, 13] as [UInt64])
  func agreesWithTheBulkConstructionOnEveryAcceptedBatch(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var checked = 0
    for _ in 0..<TestScale.count(3_000) {
      let sections = random.sections(
        maxSections: 4, sectionIDs: 5, maxItems: 5, ids: 7, contents: 2)
      let targets = random.sections(
        maxSections: 4, sectionIDs: 5, maxItems: 5, ids: 7, contents: 2)
      let staged = StagedChangeset(source: sections, target: targets)
      var batch = BatchUpdate()
      var newSections = targets
      var previous = sections
      if !staged.isEmpty {
        let index = Int.random(in: 0..<staged.count, using: &random)
        let stage = staged[index]
        previous = index == 0 ? sections : staged[index - 1].data
        batch = BatchUpdate(
          deleteSections: stage.sectionDeleted, insertSections: stage.sectionInserted,
          reloadSections: stage.sectionUpdated, moveSections: stage.sectionMoved,
          deleteItems: stage.elementDeleted, insertItems: stage.elementInserted,
          reloadItems: stage.elementUpdated, moveItems: stage.elementMoved)
        newSections = stage.data
      }
      if Bool.random(using: &random) { random.corrupt(&batch) }
      var model = CollectionModel(sections: previous, configuration: .init(isStrict: false))
      guard (try? model.performBatchUpdates(batch, newSections: newSections)) != nil else {
        continue
      }
      let before = previous.map(\.elements.count)
      let expected = referenceMap(
        before: before, after: newSections.map(\.elements.count), batch: batch)
      let map = _BatchMap(batch)
      for (section, count) in before.enumerated() {
        for element in 0..<count {
          let path = ElementPath(element: element, section: section)
          #expect(map.itemTarget(of: path) == expected[path], "\(batch) at \(path)")
        }
      }
      checked += 1
    }
    #expect(checked > TestScale.count(3_000) / 4, "only \(checked) accepted batches")
  }

  @Test func survivorsFillTheFreePositionsInOrder() {
    // Before: a b c d e. Delete b, move d to 0, insert at 2: d a X c e.
    let batch = BatchUpdate(
      deleteItems: [p(0, 1)], insertItems: [p(0, 2)], moveItems: [mv(p(0, 3), p(0, 0))])
    let map = _BatchMap(batch)
    #expect(
      (0..<5).map { map.itemTarget(of: p(0, $0)) } == [p(0, 1), nil, p(0, 3), p(0, 0), p(0, 4)])
  }

  @Test func aReloadIsReinsertedWithoutRegardToMoves() {
    // Reloading 2 while 0 moves to the end: the fresh 2 takes position 2 (old index minus
    // no deletes), not 1 where the moves would put it.
    let batch = BatchUpdate(reloadItems: [p(0, 2)], moveItems: [mv(p(0, 0), p(0, 3))])
    let map = _BatchMap(batch)
    #expect(map.reloadedItemTarget(of: p(0, 2)) == p(0, 2))
    #expect(map.itemTarget(of: p(0, 2)) == nil)
    #expect((0..<4).map { map.itemTarget(of: p(0, $0)) } == [p(0, 3), p(0, 0), nil, p(0, 1)])
  }

  @Test func sectionMovesCarryTheirItems() {
    let batch = BatchUpdate(deleteSections: [0], moveSections: [Move(source: 2, target: 0)])
    let map = _BatchMap(batch)
    #expect(map.sectionTarget(of: 0) == nil)
    #expect(map.sectionTarget(of: 1) == 1)
    #expect(map.sectionTarget(of: 2) == 0)
    #expect(map.itemTarget(of: p(2, 4)) == p(0, 4))
    #expect(map.itemTarget(of: p(0, 0)) == nil)
  }

  @Test func kthFreePositionSkipsTakenOnes() {
    #expect(_kthFree(0, taken: []) == 0)
    #expect(_kthFree(0, taken: [0, 1]) == 2)
    #expect(_kthFree(1, taken: [1]) == 2)
    #expect(_kthFree(2, taken: [0, 2, 5]) == 4)
    #expect(_kthFree(3, taken: [0, 2, 5]) == 6)
  }
}

@Suite("Where an item goes through a block, without the map")
struct DestinationsTests {
  /// For blocks that only delete and insert items, sorted (the fast path), and for any other
  /// block, `_Destinations` answers what UIKit's old → new map answers.
  @Test func theListsAnswerAsTheMapDoes() {
    var random = SplitMix64(seed: 0xDE57)
    var fast = 0
    for _ in 0..<TestScale.count(3_000) {
      let drawn = RandomBatch(&random)
      var batch = drawn.batch
      if random.next(2) == 0 {
        // Deletes and inserts only, sorted without repeats.
        batch = BatchUpdate(
          deleteItems: Array(Set(batch.deleteItems)).sorted(),
          insertItems: Array(Set(batch.insertItems)).sorted())
      }
      let destinations = _Destinations(batch)
      if destinations.map == nil { fast += 1 }
      let map = _BatchMap(batch)
      for section in drawn.before.indices {
        for element in 0..<drawn.before[section] {
          let path = ElementPath(element: element, section: section)
          let expected =
            map.itemTarget(of: path)
            ?? (batch.reloadItems.isEmpty ? nil : map.reloadedItemTarget(of: path))
          #expect(destinations.of(path) == expected, "\(batch) at \(path)")
        }
      }
    }
    #expect(fast > TestScale.count(3_000) / 3)
  }
}

@Suite("Where sorted items go through a block, in one sweep")
struct SortedTargetsTests {
  /// For random blocks (sorted or not, with section calls) and random paths, sorted or not,
  /// repeated or not, in range or past it, one sweep answers what a lookup per path answers.
  @Test func oneSweepAnswersAsEachLookupDoes() {
    var random = SplitMix64(seed: 0x5EE9)
    var sorted = 0
    for _ in 0..<TestScale.count(5_000) {
      let drawn = RandomBatch(&random)
      let map = _BatchMap(drawn.batch)
      var paths: [ElementPath] = []
      for _ in 0..<random.next(12) {
        let section = random.next(drawn.before.count + 1)
        paths.append(ElementPath(element: random.next(7), section: section))
      }
      if random.next(4) > 0 {
        paths.sort()
        sorted += 1
      }
      #expect(map.itemTargets(ofSorted: paths) == paths.map(map.itemTarget(of:)), "\(drawn)")
    }
    #expect(sorted > TestScale.count(5_000) / 2)
  }
}

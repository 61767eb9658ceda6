import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftDiff

@Suite("Sectioned diff")
struct SectionedDiffTests {
  @discardableResult
  func check(_ source: [Section], _ target: [Section]) -> StagedChangeset<[Section]> {
    let staged = StagedChangeset(source: source, target: target)
    let problems = ReplayOracle.sectionedProblems(staged, from: source, to: target)
    #expect(problems.isEmpty, "\(source) -> \(target): \(problems)\n\(staged)")
    return staged
  }

  @Test func sectionInserted() {
    let target = [section(0, [1]), section(1, [2])]
    #expect(check([section(0, [1])], target) == [Changeset(data: target, sectionInserted: [1])])
  }

  @Test func sectionDeleted() {
    let target = [section(1, [2])]
    #expect(
      check([section(0, [1]), section(1, [2])], target) == [
        Changeset(data: target, sectionDeleted: [0])
      ])
  }

  @Test func sectionMovedIsMinimal() {
    let source = [section(0, [1]), section(1, [2]), section(2, [3])]
    let target = [section(2, [3]), section(0, [1]), section(1, [2])]
    #expect(
      check(source, target) == [Changeset(data: target, sectionMoved: [Move(source: 2, target: 0)])]
    )
  }

  @Test func sectionUpdatedIsTheLastStageAtTargetIndexes() {
    let source = [section(0, [1]), section(1, [2], content: 0)]
    let target = [section(1, [2], content: 1)]
    #expect(
      check(source, target) == [
        Changeset(data: [section(1, [2], content: 0)], sectionDeleted: [0]),
        Changeset(data: target, sectionUpdated: [0]),
      ])
  }

  @Test func elementMovedAcrossSections() {
    let source = [section(0, [1, 2]), section(1, [3])]
    let target = [section(0, [1]), section(1, [3, 2])]
    #expect(
      check(source, target) == [
        Changeset(data: target, elementMoved: [mv(p(0, 1), p(1, 1))])
      ])
  }

  @Test func elementsOfNewAndDeletedSectionsAreNotListed() {
    // 2 leaves S0 for the new S2: a delete (its target section is new). 3 leaves the
    // deleted S1: not listed at all. S2 arrives with its elements.
    let source = [section(0, [1, 2]), section(1, [3])]
    let target = [section(0, [1]), section(2, [2, 3])]
    #expect(
      check(source, target) == [
        Changeset(
          data: [section(0, [1])], sectionDeleted: [1], elementDeleted: [p(0, 1)]),
        Changeset(data: target, sectionInserted: [1]),
      ])
    // An element whose source section is gone is an insert in its surviving target section.
    let back = check(target, source)
    #expect(back.allInserted == [p(0, 1)])
    #expect(back.allDeleted.isEmpty)
  }

  @Test func allSectionsReplaced() {
    let target = [section(2, [1]), section(3, [2])]
    #expect(
      check([section(0, [1]), section(1, [2])], target) == [
        Changeset(data: [], sectionDeleted: [0, 1]),
        Changeset(data: target, sectionInserted: [0, 1]),
      ])
  }

  @Test func emptySections() {
    check([section(0, []), section(1, [1])], [section(1, [1]), section(0, [])])
    check([section(0, [])], [section(0, [1, 2])])
    check([section(0, [1, 2])], [section(0, [])])
    check([], [section(0, []), section(1, [])])
    check([section(0, []), section(1, [])], [])
    #expect(check([section(0, [])], [section(0, [])]).isEmpty)
  }

  @Test func allFiveStagesInOrder() {
    let source = [section(0, [1, 2, 3]), section(1, [4, 5]), section(2, [6])]
    var target = [section(3, [7]), section(1, [5, 1], content: 1), section(0, [3, 2, 4])]
    target[2].elements[1].content = 1
    let staged = check(source, target)
    #expect(staged.count == 5)
    #expect(staged[0].elementUpdated == [p(0, 1)])
    #expect(staged[1].sectionDeleted == [2])
    #expect(staged[1].elementDeleted.isEmpty)
    #expect(staged[2].sectionInserted == [0])
    #expect(staged[2].sectionMoved == [Move(source: 0, target: 2)])
    #expect(staged[3].elementMoved.count == 3)
    #expect(staged[4].sectionUpdated == [1])
  }

  @Test func duplicateSectionAndElementIdentifiers() {
    check(
      [section(0, [1, 1]), section(0, [1]), section(1, [1, 2])],
      [section(1, [1]), section(0, [1, 1, 1]), section(0, [2]), section(0, [])])
  }

  @Test func movesWithinASectionAreMinimal() {
    let staged = check([section(0, [1, 2, 3, 4])], [section(0, [2, 3, 4, 1])])
    #expect(staged.allMoved == [mv(p(0, 0), p(0, 3))])
  }

  /// Every pair of shapes with up to 3 sections (ids 0–1) of up to 2 elements (ids 0–1),
  /// at most 3 elements per side: 843 shapes, 710,649 pairs (at most 2 elements per side,
  /// 331 shapes, each source with a twenty-fourth of the targets, unless
  /// `STAGECRAFT_TEST_SCALE=full`).
  @Test(arguments: 0..<4)
  func exhaustiveTinyShapes(slice: Int) {
    let shapes = tinyShapes()
    #expect(shapes.count == (TestScale.isFull ? 843 : 331))
    let chunk = (shapes.count + 3) / 4
    // Below full scale, each source meets every twenty-fourth target, a different one for
    // consecutive sources, so that every target is still met.
    let step = TestScale.isFull ? 1 : 24
    for (offset, source) in shapes.enumerated().dropFirst(slice * chunk).prefix(chunk) {
      for index in stride(from: offset % step, to: shapes.count, by: step)
      where !verify(source, shapes[index]) {
        return
      }
    }
  }

  /// 10,000 seeded random pairs, with duplicate section and element identifiers.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func seededRandomPairs(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<TestScale.count(2_500) {
      let sectionIDs = Int.random(in: 1...5, using: &random)
      let ids = Int.random(in: 1...10, using: &random)
      let source = random.sections(
        maxSections: 5, sectionIDs: sectionIDs, maxItems: 5, ids: ids, contents: 2)
      let target = random.sections(
        maxSections: 5, sectionIDs: sectionIDs, maxItems: 5, ids: ids, contents: 2)
      if !verify(source, target) { return }
    }
  }

  @Test func crossSectionMovesWithUniqueIdentifiersAreExact() {
    // Without duplicates, every matched element that changes section is a move, and the
    // rest move minimally within their section.
    var random = SplitMix64(seed: 99)
    for _ in 0..<500 {
      let all = Array(0..<12).shuffled(using: &random)
      func split(_ ids: [Int]) -> [Section] {
        var sections: [Section] = []
        var rest = ids[...]
        for id in 0..<4 {
          let take = id == 3 ? rest.count : Int.random(in: 0...rest.count, using: &random)
          sections.append(section(id, Array(rest.prefix(take))))
          rest = rest.dropFirst(take)
        }
        return sections.shuffled(using: &random)
      }
      let source = split(Array(all.prefix(10)))
      let target = split(Array(all.suffix(10)).shuffled(using: &random))
      let staged = check(source, target)
      let sourceSection = Dictionary(
        uniqueKeysWithValues: source.flatMap { s in s.elements.map { ($0.id, s.model.id) } })
      let targetSection = Dictionary(
        uniqueKeysWithValues: target.flatMap { s in s.elements.map { ($0.id, s.model.id) } })
      var expectedMoves = 0
      for s in source {
        let t = target.first { $0.model.id == s.model.id }!
        let targets = s.elements.compactMap { e in t.elements.firstIndex { $0.id == e.id } }
        expectedMoves += targets.count - longestIncreasingSubsequenceLength(targets)
      }
      let crossing = sourceSection.filter { id, s in targetSection[id].map { $0 != s } ?? false }
      #expect(staged.allMoved.count == expectedMoves + crossing.count)
    }
  }

  func verify(_ source: [Section], _ target: [Section]) -> Bool {
    let staged = StagedChangeset(source: source, target: target)
    var problems = ReplayOracle.sectionedProblems(staged, from: source, to: target)
    // The matching is the reference's, and the moves are the fewest for it: every element
    // that changes section, plus, within each section, the matched elements outside a
    // longest increasing subsequence.
    let reference = SectionedReference(source: source, target: target)
    let surviving = source.indices.filter { reference.sectionTarget[$0] != nil }
    let deleted = surviving.flatMap { s in
      source[s].elements.indices.map { p(s, $0) }.filter { reference.elementTarget[$0] == nil }
    }
    let matchedTargets = Set(reference.elementTarget.values)
    let inserted = target.indices.filter { reference.sectionTarget.contains($0) }.flatMap { t in
      target[t].elements.indices.map { p(t, $0) }.filter { !matchedTargets.contains($0) }
    }
    var moves = 0
    for s in surviving {
      let t = reference.sectionTarget[s]!
      let partners = source[s].elements.indices.compactMap { reference.elementTarget[p(s, $0)] }
      let staying = partners.filter { $0.section == t }.map(\.element)
      moves += partners.count - longestIncreasingSubsequenceLength(staying)
    }
    if staged.flatMap(\.elementDeleted) != deleted { problems.append("deletes differ: \(deleted)") }
    if staged.flatMap(\.elementInserted) != inserted.sorted() {
      problems.append("inserts differ: \(inserted)")
    }
    if staged.flatMap(\.elementMoved).count != moves { problems.append("not \(moves) moves") }
    #expect(problems.isEmpty, "\(source) -> \(target): \(problems)\n\(staged)")
    return problems.isEmpty
  }

  func tinyShapes() -> [[Section]] {
    let contents: [[Int]] = [[], [0], [1], [0, 0], [0, 1], [1, 0], [1, 1]]
    var shapes: [[Section]] = [[]]
    var layer: [[Section]] = [[]]
    for _ in 0..<3 {
      layer = layer.flatMap { prefix in
        (0..<2).flatMap { id in contents.map { prefix + [section(id, $0)] } }
      }
      shapes += layer
    }
    let most = TestScale.isFull ? 3 : 2
    return shapes.filter { $0.reduce(0) { $0 + $1.elements.count } <= most }
  }
}

@Suite("Sectioned diff: cost")
struct SectionedDiffCostTests {
  /// Counts identity and content calls for `sections` × 50 elements with 10% of the
  /// elements moved to other sections and 10% of the sections moved.
  func calls(sections: Int) -> CallCounter {
    let counter = CallCounter()
    var random = SplitMix64(seed: 3)
    func item(_ id: Int) -> CountedItem {
      CountedItem(id: CountedID(value: id, counter: counter), content: 0)
    }
    let source = (0..<sections).map { s in
      ArraySection(model: s, elements: (0..<50).map { item(s * 50 + $0) })
    }
    var target = source
    for s in target.indices {
      for e in target[s].elements.indices where Int.random(in: 0..<10, using: &random) == 0 {
        let other = Int.random(in: 0..<sections, using: &random)
        target[other].elements.append(target[s].elements[e])
        target[s].elements[e] = item(1_000_000 + s * 50 + e)
      }
    }
    for _ in 0..<(sections / 10) { target.swapAt(Int.random(in: 0..<sections, using: &random), 0) }
    let staged = StagedChangeset(source: source, target: target)
    #expect(staged.last?.data.map(\.elements) == target.map(\.elements))
    return counter
  }

  @Test func identityAndContentCallsGrowLinearly() {
    let small = calls(sections: 20)
    let large = calls(sections: 160)
    // Linear growth gives a ratio near 8 (less where runs of unchanged elements are kept
    // without hashing); one flat diff per section pair would give 64.
    let ratio = Double(large.total) / Double(small.total)
    #expect(ratio < 10, "ratio \(ratio)")
    #expect(large.hashes <= 2 * 160 * 55)
  }
  /// Local edits of a sectioned list hash what changed, not the list: a new section on
  /// top, an element inserted in one section, one moved to another section, an unchanged
  /// list; each diff replays to the target.
  @Test func localEditsHashOnlyWhatChanged() {
    let counter = CallCounter()
    func item(_ id: Int) -> CountedItem {
      CountedItem(id: CountedID(value: id, counter: counter), content: 0)
    }
    let source = (0..<50).map { s in
      ArraySection(model: s, elements: (0..<200).map { item(s * 200 + $0) })
    }
    var newDay = source
    newDay.insert(ArraySection(model: 50, elements: (0..<10).map { item(100_000 + $0) }), at: 0)
    var inserted = source
    inserted[20].elements.insert(item(200_000), at: 100)
    var moved = source
    moved[30].elements.insert(moved[10].elements.remove(at: 5), at: 50)
    for (target, limit) in [(newDay, 0), (inserted, 2), (moved, 4), (source, 0)] {
      counter.hashes = 0
      let staged = StagedChangeset(source: source, target: target)
      #expect(staged.last.map { $0.data == target } ?? (source == target))
      var model = CollectionModel(sections: source)
      #expect(throws: Never.self) { try model.reload(using: staged) }
      #expect(model.sections == target)
      // The sections themselves are matched by hashing their 50 or 51 identifiers.
      #expect(counter.hashes <= limit, "\(counter.hashes) element hashes")
    }
  }
}

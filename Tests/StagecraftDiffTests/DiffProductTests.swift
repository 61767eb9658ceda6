import StagecraftDiff
import Testing

/// The `StagecraftDiff` product alone: this target depends on nothing else, so it shows that
/// the diff and its change types build, and are correct, without the rest of the library.
/// Each stage is replayed here by UIKit's rule for one block (the items a block deletes or
/// moves away leave; the items it inserts or moves take their new positions; the others fill
/// the free positions in order), on its own reference written apart from the library's.
@Suite("The StagecraftDiff product, alone")
struct DiffProductTests {
  struct Item: Differentiable, Hashable, CustomStringConvertible {
    var id: Int
    var content: Int
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Item) -> Bool { content == source.content }
    var description: String { content == 0 ? "\(id)" : "\(id)'\(content)" }
  }

  /// One flat stage replayed on `before`: the identifiers after it, or why it cannot be.
  static func replay(_ stage: Changeset<[Item]>, on before: [Item]) -> Result<[Item], Problem> {
    var after = before
    for path in stage.elementUpdated {
      guard path.section == 0, before.indices.contains(path.element) else {
        return .failure(Problem("update out of range: \(path)"))
      }
      // A reload shows the stage's version of the item, of the same identity.
      let new = stage.data[path.element]
      guard new.id == before[path.element].id else {
        return .failure(Problem("update changes identity at \(path)"))
      }
      after[path.element] = new
    }
    if stage.elementDeleted.isEmpty, stage.elementInserted.isEmpty, stage.elementMoved.isEmpty {
      return .success(after)
    }
    let gone = Set(stage.elementDeleted.map(\.element) + stage.elementMoved.map(\.source.element))
    let count = before.count - gone.count + stage.elementInserted.count + stage.elementMoved.count
    guard gone.count == stage.elementDeleted.count + stage.elementMoved.count,
      gone.allSatisfy(before.indices.contains)
    else { return .failure(Problem("deletes or move sources repeat or are out of range")) }
    var result = [Item?](repeating: nil, count: count)
    for path in stage.elementInserted {
      guard result.indices.contains(path.element), result[path.element] == nil else {
        return .failure(Problem("insert out of range or repeated: \(path)"))
      }
      result[path.element] = stage.data[path.element]
    }
    for move in stage.elementMoved {
      guard result.indices.contains(move.target.element), result[move.target.element] == nil
      else { return .failure(Problem("move target out of range or repeated: \(move)")) }
      result[move.target.element] = before[move.source.element]
    }
    var survivors = before.indices.filter { !gone.contains($0) }.makeIterator()
    for index in result.indices where result[index] == nil {
      guard let survivor = survivors.next() else {
        return .failure(Problem("counts do not add up"))
      }
      result[index] = before[survivor]
    }
    guard survivors.next() == nil else { return .failure(Problem("counts do not add up")) }
    return .success(result.map { $0! })
  }

  struct Problem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// Every problem of the diff from `source` to `target`.
  static func problems(_ source: [Item], _ target: [Item]) -> [String] {
    let staged = StagedChangeset(source: source, target: target)
    var data = source
    var problems: [String] = []
    for (index, stage) in staged.enumerated() {
      switch replay(stage, on: data) {
      case .failure(let problem): problems.append("stage \(index): \(problem)")
      case .success(let after):
        if after.map(\.id) != stage.data.map(\.id) {
          problems.append("stage \(index): shows \(after), its data is \(stage.data)")
        }
      }
      data = stage.data
    }
    if data != target { problems.append("ends at \(data), not \(target)") }
    if source == target, !staged.isEmpty { problems.append("changes where nothing changed") }
    return problems
  }

  /// Every list of up to four items over three identifiers (repeats included).
  static let lists: [[Int]] = {
    var lists: [[Int]] = [[]]
    var frontier: [[Int]] = [[]]
    for _ in 0..<4 {
      frontier = frontier.flatMap { list in (0..<3).map { list + [$0] } }
      lists += frontier
    }
    return lists
  }()

  /// Every source of up to four items against every target of up to three (and the
  /// reverse, through the targets' repeats and content).
  @Test func everySmallPairReplaysToItsTarget() {
    var checked = 0
    for source in Self.lists {
      for target in Self.lists where target.count <= 3 {
        // The second occurrence of each target item, and every item 2, has new content.
        var seen = Set<Int>()
        let after = target.map { id in
          Item(id: id, content: seen.insert(id).inserted && id != 2 ? 0 : 1)
        }
        let found = Self.problems(source.map { Item(id: $0, content: 0) }, after)
        #expect(found.isEmpty, "\(source) -> \(after): \(found)")
        if !found.isEmpty { return }
        checked += 1
      }
    }
    #expect(checked == 121 * 40)
  }

  /// The reference replay is not the library's, and it sees what is wrong: two moves to one
  /// place are refused, and a stage whose calls show other items than its data is seen.
  @Test func theReplayCatchesABadStage() {
    let source = [0, 1, 2].map { Item(id: $0, content: 0) }
    let data = [2, 0, 1].map { Item(id: $0, content: 0) }
    let twice = Changeset(
      data: data,
      elementMoved: [
        Move(
          source: ElementPath(element: 2, section: 0), target: ElementPath(element: 0, section: 0)),
        Move(
          source: ElementPath(element: 1, section: 0), target: ElementPath(element: 0, section: 0)),
      ])
    guard case .failure = Self.replay(twice, on: source) else {
      Issue.record("two moves to one place replayed")
      return
    }
    // Moving 0 to the end shows 1, 2, 0, not the data's 2, 0, 1.
    let wrong = Changeset(
      data: data,
      elementMoved: [
        Move(
          source: ElementPath(element: 0, section: 0), target: ElementPath(element: 2, section: 0))
      ])
    guard case .success(let after) = Self.replay(wrong, on: source) else {
      Issue.record("a valid move refused")
      return
    }
    #expect(after.map(\.id) == [1, 2, 0])
  }

  /// The sectioned diff ends at its target, and each stage's counts add up.
  @Test func sectionedChangesEndAtTheirTarget() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    typealias Section = ArraySection<Int, Item>
    func random() -> [Section] {
      (0..<next(4)).map { model in
        Section(
          model: model, elements: (0..<next(5)).map { _ in Item(id: next(8), content: next(2)) })
      }.filter { _ in next(4) != 0 }
    }
    for _ in 0..<2_000 {
      let (source, target) = (random(), random())
      let staged = StagedChangeset(source: source, target: target)
      #expect((staged.last?.data ?? source) == target, "\(source) -> \(target)")
      var data = source
      for stage in staged {
        let before = data.reduce(0) { $0 + $1.elements.count }
        let after = stage.data.reduce(0) { $0 + $1.elements.count }
        let removed =
          stage.elementDeleted.count
          + stage.sectionDeleted.reduce(0) { $0 + data[$1].elements.count }
        let added =
          stage.elementInserted.count
          + stage.sectionInserted.reduce(0) { $0 + stage.data[$1].elements.count }
        let reloaded = stage.sectionUpdated.reduce(0) {
          $0 + stage.data[$1].elements.count - data[$1].elements.count
        }
        #expect(before - removed + added + reloaded == after, "\(source) -> \(target)")
        data = stage.data
      }
    }
  }
}

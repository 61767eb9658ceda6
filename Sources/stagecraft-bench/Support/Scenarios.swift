import Stagecraft
import StagecraftTestSupport

/// The benchmark's element: an `Int` identity and an `Int` content.
struct BenchItem: Differentiable, Hashable {
  var id: Int
  var content: Int
  var differenceIdentifier: Int { id }
}

typealias BenchSection = ArraySection<Int, BenchItem>

/// One benchmark input and what to expect of its diff: one diff, or several in a row (the
/// steps of a search as the user types), timed together.
struct FlatScenario {
  var name: String
  var steps: [(source: [BenchItem], target: [BenchItem])]
  /// The number of moves a correct, minimal diff must report, when known.
  var expectedMoves: Int?

  init(name: String, source: [BenchItem], target: [BenchItem], expectedMoves: Int? = nil) {
    self.init(name: name, steps: [(source, target)], expectedMoves: expectedMoves)
  }

  init(
    name: String, steps: [(source: [BenchItem], target: [BenchItem])], expectedMoves: Int? = nil
  ) {
    self.name = name
    self.steps = steps
    self.expectedMoves = expectedMoves
  }

  /// The first step's source.
  var source: [BenchItem] { steps[0].source }
  /// The first step's target.
  var target: [BenchItem] { steps[0].target }
}

/// A sectioned benchmark input.
struct SectionedScenario {
  var name: String
  var source: [BenchSection]
  var target: [BenchSection]
}

enum Inputs {
  /// 10% deleted, 10% inserted, 10% moved and 10% updated, drawn independently.
  static func tenPercent(_ count: Int, seed: UInt64 = 1) -> FlatScenario {
    let (source, target) = tenPercentEdit(count: count, seed: seed)
    return FlatScenario(
      name: "flat \(count) 10/10/10/10",
      source: source.map { BenchItem(id: $0.id, content: $0.content) },
      target: target.map { BenchItem(id: $0.id, content: $0.content) })
  }

  static func unchanged(_ count: Int) -> FlatScenario {
    let list = (0..<count).map { BenchItem(id: $0, content: 0) }
    return FlatScenario(name: "\(count) unchanged", source: list, target: list, expectedMoves: 0)
  }

  static func reversed(_ count: Int) -> FlatScenario {
    let list = (0..<count).map { BenchItem(id: $0, content: 0) }
    return FlatScenario(
      name: "\(count) reversed", source: list, target: list.reversed(), expectedMoves: count - 1)
  }

  static func replaced(_ count: Int) -> FlatScenario {
    FlatScenario(
      name: "\(count) all replaced", source: (0..<count).map { BenchItem(id: $0, content: 0) },
      target: (count..<(2 * count)).map { BenchItem(id: $0, content: 0) }, expectedMoves: 0)
  }

  static func firstToEnd(_ count: Int) -> FlatScenario {
    let list = (0..<count).map { BenchItem(id: $0, content: 0) }
    return FlatScenario(
      name: "\(count) first moved to end", source: list,
      target: Array(list.dropFirst()) + [list[0]],
      expectedMoves: 1)
  }

  /// The 10/10/10/10 edit of `count` elements whose identifiers are drawn (SplitMix64)
  /// from `values` values, the inserted ones from the same values.
  /// Random duplicates: `count` identifiers drawn at random from `values`, then a
  /// 10/10/10/10 edit whose inserted elements draw from the same values.
  static func duplicatesTenPercent(_ count: Int, values: Int = 1_000) -> FlatScenario {
    let (source, target) = tenPercentEdit(count: count, seed: 1)
    var random = SplitMix64(seed: 4)
    let drawn = (0..<(count + count / 10)).map { _ in Int.random(in: 0..<values, using: &random) }
    return FlatScenario(
      name: "random duplicates: \(count) ids from \(values) values, 10/10/10/10",
      source: source.map { BenchItem(id: drawn[$0.id], content: $0.content) },
      target: target.map { BenchItem(id: drawn[$0.id], content: $0.content) })
  }

  /// Periodic duplicates: identifiers `0, 1, …, values − 1, 0, 1, …`, then the same
  /// 10/10/10/10 edit, inserted elements continuing the period.
  static func periodicDuplicatesTenPercent(_ count: Int, values: Int = 1_000) -> FlatScenario {
    let (source, target) = tenPercentEdit(count: count, seed: 1)
    return FlatScenario(
      name: "periodic duplicates: \(count) ids from \(values) values, 10/10/10/10",
      source: source.map { BenchItem(id: $0.id % values, content: $0.content) },
      target: target.map { BenchItem(id: $0.id % values, content: $0.content) })
  }

  static func duplicates(_ count: Int, values: Int = 1_000) -> FlatScenario {
    var random = SplitMix64(seed: 3)
    let source = (0..<count).map { _ in
      BenchItem(id: Int.random(in: 0..<values, using: &random), content: 0)
    }
    var target = source
    for _ in 0..<(count / 10) {
      target[Int.random(in: 0..<count, using: &random)] = BenchItem(
        id: Int.random(in: 0..<values, using: &random),
        content: Int.random(in: 0..<2, using: &random))
    }
    target.shuffle(using: &random)
    return FlatScenario(name: "\(count) ids from \(values) values", source: source, target: target)
  }

  /// `sections` × `perSection`, with 10% of sections moved and 10% of elements moved to
  /// another section.
  static func sectioned(sections: Int, perSection: Int) -> SectionedScenario {
    var random = SplitMix64(seed: 4)
    let source = (0..<sections).map { s in
      BenchSection(
        model: s, elements: (0..<perSection).map { BenchItem(id: s * perSection + $0, content: 0) })
    }
    var target = source.map { $0.elements }
    var wanderers: [BenchItem] = []
    for s in target.indices {
      target[s].removeAll { item in
        let moves = Int.random(in: 0..<10, using: &random) == 0
        if moves { wanderers.append(item) }
        return moves
      }
    }
    for item in wanderers {
      let s = Int.random(in: 0..<sections, using: &random)
      target[s].insert(item, at: Int.random(in: 0...target[s].count, using: &random))
    }
    var order = Array(0..<sections)
    for _ in 0..<(sections / 10) {
      let from = Int.random(in: 0..<order.count, using: &random)
      let section = order.remove(at: from)
      order.insert(section, at: Int.random(in: 0...order.count, using: &random))
    }
    return SectionedScenario(
      name: "sectioned \(sections)x\(perSection), 10% moved", source: source,
      target: order.map { BenchSection(model: $0, elements: target[$0]) })
  }

  /// `0..<count`, content 0: a feed of `count` posts.
  static func list(_ count: Int, from start: Int = 0) -> [BenchItem] {
    (start..<(start + count)).map { BenchItem(id: $0, content: 0) }
  }

  // MARK: Local edits: k contiguous elements at one place

  /// The local edits of `k` contiguous elements that the sweep times.
  static let localEditKinds: [LocalEdit] = [
    .prepend, .append, .insertInTheMiddle, .deleteInTheMiddle, .replaceInTheMiddle,
    .editInTheMiddle, .prependAndMoveFromTheMiddle,
  ]

  /// One local edit of `k` contiguous elements.
  static func localEdit(_ kind: LocalEdit, count: Int, k: Int) -> FlatScenario {
    let (source, target) = kind.edit(count: count, k: k)
    let bench = { (element: GeneratedElement) in BenchItem(id: element.id, content: element.content)
    }
    return FlatScenario(
      name: "\(count) \(kind.rawValue) \(k)", source: source.map(bench), target: target.map(bench))
  }

  /// The regression case of the old suffix check: 9 deleted at the front and one edited in
  /// the middle.
  static func deleteFrontEditMiddle(_ count: Int, front: Int = 9) -> FlatScenario {
    let source = list(count)
    var target = Array(source.dropFirst(front))
    target[target.count / 2].content += 1
    return FlatScenario(
      name: "\(count) delete \(front) on top, edit 1", source: source, target: target,
      expectedMoves: 0)
  }

  // MARK: Realistic workloads

  /// A feed of `count` posts that gains `new` posts on top.
  static func feedPrepend(_ count: Int, new: Int) -> FlatScenario {
    let source = list(count)
    return FlatScenario(
      name: "feed \(count): \(new) new on top", source: source,
      target: list(new, from: count) + source, expectedMoves: 0)
  }

  /// A list of `count` that loads its next page.
  static func pagination(_ count: Int, page: Int = 50) -> FlatScenario {
    let source = list(count)
    return FlatScenario(
      name: "pagination \(count): next \(page)", source: source,
      target: source + list(page, from: count), expectedMoves: 0)
  }

  /// A filter that keeps every element whose pseudo-random tag is 0 of 10.
  static func filter(_ count: Int) -> FlatScenario {
    var random = SplitMix64(seed: 5)
    let source = list(count)
    let target = source.filter { _ in Int.random(in: 0..<10, using: &random) == 0 }
    return FlatScenario(
      name: "filter \(count): keep 10%", source: source, target: target, expectedMoves: 0)
  }

  /// A list sorted by identifier, re-sorted by another key (a pseudo-random date).
  static func resort(_ count: Int) -> FlatScenario {
    var random = SplitMix64(seed: 6)
    let source = list(count).map { BenchItem(id: $0.id, content: Int(random.next() >> 1)) }
    let target = source.sorted { $0.content < $1.content }
    return FlatScenario(name: "re-sort \(count) by another key", source: source, target: target)
  }

  /// Two rows far apart swap places.
  static func swapTwo(_ count: Int) -> FlatScenario {
    let source = list(count)
    var target = source
    target.swapAt(count / 10, count - count / 10)
    return FlatScenario(
      name: "\(count): two rows swapped", source: source, target: target, expectedMoves: 2)
  }

  /// A chat of `count` messages: one new message at the bottom, and one edited a little
  /// above it.
  static func chat(_ count: Int) -> FlatScenario {
    let source = list(count)
    var target = source + list(1, from: count)
    target[count - 5].content += 1
    return FlatScenario(
      name: "chat \(count): 1 appended, 1 edited", source: source, target: target,
      expectedMoves: 0)
  }

  /// Search as you type: five narrowing steps, each keeping about half of the results.
  static func search(_ count: Int) -> FlatScenario {
    var random = SplitMix64(seed: 7)
    var results = list(count)
    var steps: [(source: [BenchItem], target: [BenchItem])] = []
    for _ in 0..<5 {
      let narrowed = results.filter { _ in Bool.random(using: &random) }
      steps.append((results, narrowed))
      results = narrowed
    }
    return FlatScenario(name: "search \(count): 5 narrowing steps", steps: steps, expectedMoves: 0)
  }

  // MARK: Sectioned

  /// Sections of posts grouped by day, `perDay` posts a day; the newest day gains a section
  /// on top with `new` posts.
  static func newDay(days: Int, perDay: Int, new: Int = 10) -> SectionedScenario {
    let source = (0..<days).map { day in
      BenchSection(model: day, elements: list(perDay, from: day * perDay))
    }
    let today = BenchSection(model: days, elements: list(new, from: days * perDay))
    return SectionedScenario(
      name: "day-grouped \(days)x\(perDay): a new day on top", source: source,
      target: [today] + source)
  }

  /// `sections` × `perSection` elements edited 10/10/10/10 as one list (moves cross
  /// sections), the target cut back into sections of the source's sizes.
  static func sectionedTenPercent(sections: Int, perSection: Int) -> SectionedScenario {
    let (source, target) = tenPercentEdit(count: sections * perSection, seed: 8)
    func cut(_ elements: [GeneratedElement]) -> [BenchSection] {
      let size = (elements.count + sections - 1) / sections
      return (0..<sections).map { s in
        let range = Swift.min(s * size, elements.count)..<Swift.min((s + 1) * size, elements.count)
        return BenchSection(
          model: s, elements: elements[range].map { BenchItem(id: $0.id, content: $0.content) })
      }
    }
    return SectionedScenario(
      name: "sectioned \(sections)x\(perSection) 10/10/10/10", source: cut(source),
      target: cut(target))
  }

  /// `sections` × `perSection`, unchanged.
  static func sectionedUnchanged(sections: Int, perSection: Int) -> SectionedScenario {
    let source = (0..<sections).map { s in
      BenchSection(model: s, elements: list(perSection, from: s * perSection))
    }
    return SectionedScenario(
      name: "sectioned \(sections)x\(perSection) unchanged", source: source, target: source)
  }
}

import Stagecraft
import StagecraftTestSupport

/// The benchmark's element: an `Int` identity and an `Int` content.
struct BenchItem: Differentiable, Hashable {
  var id: Int
  var content: Int
  var differenceIdentifier: Int { id }
}

typealias BenchSection = ArraySection<Int, BenchItem>

/// One benchmark input and what to expect of its diff.
struct FlatScenario {
  var name: String
  var source: [BenchItem]
  var target: [BenchItem]
  /// The number of moves a correct, minimal diff must report, when known.
  var expectedMoves: Int?
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
  static func sectioned(sections: Int, perSection: Int) -> ([BenchSection], [BenchSection]) {
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
    return (source, order.map { BenchSection(model: $0, elements: target[$0]) })
  }
}

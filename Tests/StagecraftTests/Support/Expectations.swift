import Stagecraft
import StagecraftTestSupport

extension StagedChangeset {
  var allDeleted: [ElementPath] { flatMap(\.elementDeleted) }
  var allInserted: [ElementPath] { flatMap(\.elementInserted) }
  var allUpdated: [ElementPath] { flatMap(\.elementUpdated) }
  var allMoved: [Move<ElementPath>] { flatMap(\.elementMoved) }
}

/// Every sequence of length `0...maxLength` over `alphabet`.
func allSequences<T>(over alphabet: [T], maxLength: Int) -> [[T]] {
  var result: [[T]] = [[]]
  var layer: [[T]] = [[]]
  for _ in 0..<maxLength {
    layer = layer.flatMap { prefix in alphabet.map { prefix + [$0] } }
    result += layer
  }
  return result
}

/// An independent, quadratic reference for the sectioned matching: sections k-th by
/// identifier, then elements k-th by identifier among the matched sections only.
struct SectionedReference {
  var sectionTarget: [Int?]
  /// Source path -> target path of each matched element.
  var elementTarget: [ElementPath: ElementPath]

  init<S: DifferentiableSection>(source: [S], target: [S]) {
    let sections = ReferenceMatching(source: source, target: target, trimmingCommonEnds: false)
    sectionTarget = sections.sourceToTarget
    func flatten(_ list: [S], _ participating: [Int?]) -> [(ElementPath, S.Collection.Element)] {
      list.indices.filter { participating[$0] != nil }.flatMap { s in
        list[s].elements.enumerated().map { (p(s, $0.offset), $0.element) }
      }
    }
    let from = flatten(source, sections.sourceToTarget)
    let to = flatten(target, sections.targetToSource)
    let elements = ReferenceMatching(
      source: from.map(\.1), target: to.map(\.1), trimmingCommonEnds: false)
    elementTarget = [:]
    for (index, partner) in elements.sourceToTarget.enumerated() {
      if let partner { elementTarget[from[index].0] = to[partner].0 }
    }
  }
}

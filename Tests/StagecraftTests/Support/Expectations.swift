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
/// identifier; a matched pair of sections with the same element identifiers in the same
/// order keeps its elements in place; the elements of the other matched sections, laid end
/// to end, are matched by the flat rule (common ends in place, k-th occurrence between
/// them).
struct SectionedReference {
  var sectionTarget: [Int?]
  /// Source path -> target path of each matched element.
  var elementTarget: [ElementPath: ElementPath]

  init<S: DifferentiableSection>(source: [S], target: [S]) {
    let sections = ReferenceMatching(source: source, target: target, trimmingCommonEnds: false)
    sectionTarget = sections.sourceToTarget
    elementTarget = [:]
    var sourceTakesPart = sections.sourceToTarget
    var targetTakesPart = sections.targetToSource
    for (s, t) in sections.sourceToTarget.enumerated() {
      guard let t else { continue }
      let ids = { (section: S) in section.elements.map(\.differenceIdentifier) }
      if ids(source[s]) == ids(target[t]) {
        for offset in 0..<source[s].elements.count { elementTarget[p(s, offset)] = p(t, offset) }
        sourceTakesPart[s] = nil
        targetTakesPart[t] = nil
      }
    }
    func flatten(_ list: [S], _ participating: [Int?]) -> [(ElementPath, S.Collection.Element)] {
      list.indices.filter { participating[$0] != nil }.flatMap { s in
        list[s].elements.enumerated().map { (p(s, $0.offset), $0.element) }
      }
    }
    let from = flatten(source, sourceTakesPart)
    let to = flatten(target, targetTakesPart)
    let elements = ReferenceMatching(source: from.map(\.1), target: to.map(\.1))
    for (index, partner) in elements.sourceToTarget.enumerated() {
      if let partner { elementTarget[from[index].0] = to[partner].0 }
    }
  }
}

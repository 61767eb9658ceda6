import StagecraftDiff

/// Where the element at `path` of a flat list `before` is in `after`: the first element
/// with its identity, in the same section; nil when `after` has none.
///
/// - Complexity: O(n), where n is the length of `after`: a reload's cold path.
package func _relocateFlat<B: Collection, A: Collection>(
  _ before: B, _ path: ElementPath, _ after: A
) -> ElementPath? where B.Element: Differentiable, A.Element == B.Element {
  guard (0..<before.count).contains(path.element) else { return nil }
  let identifier = before[before.index(before.startIndex, offsetBy: path.element)]
    .differenceIdentifier
  var index = 0
  for element in after {
    if element.differenceIdentifier == identifier {
      return ElementPath(element: index, section: path.section)
    }
    index += 1
  }
  return nil
}

/// Where the element at `path` of sections `before` is in `after`: the first element with
/// its identity, in any section; nil when `after` has none.
///
/// - Complexity: O(n), where n is the number of elements of `after`: a reload's cold path.
package func _relocateSections<B: Collection, A: Collection>(
  _ before: B, _ path: ElementPath, _ after: A
) -> ElementPath? where B.Element: DifferentiableSection, A.Element == B.Element {
  guard (0..<before.count).contains(path.section) else { return nil }
  let elements = before[before.index(before.startIndex, offsetBy: path.section)].elements
  guard (0..<elements.count).contains(path.element) else { return nil }
  let identifier = elements[elements.index(elements.startIndex, offsetBy: path.element)]
    .differenceIdentifier
  for (section, content) in after.enumerated() {
    var index = 0
    for element in content.elements {
      if element.differenceIdentifier == identifier {
        return ElementPath(element: index, section: section)
      }
      index += 1
    }
  }
  return nil
}

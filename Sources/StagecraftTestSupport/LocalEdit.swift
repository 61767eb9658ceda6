/// A local edit of `k` contiguous elements of a list: the shapes whose cost should depend on
/// k, not on the list. Shared by the tests, which count hashing, and the benchmark, which
/// times it.
public enum LocalEdit: String, CaseIterable, Sendable {
  /// k new elements on top.
  case prepend
  /// k new elements at the end.
  case append
  /// k new elements in the middle.
  case insertInTheMiddle = "insert mid"
  /// k elements deleted from the middle.
  case deleteInTheMiddle = "delete mid"
  /// k elements in the middle replaced by k new ones.
  case replaceInTheMiddle = "replace mid"
  /// k elements in the middle with new content.
  case editInTheMiddle = "edit mid"
  /// k new elements on top, and the middle element moved above them.
  case prependAndMoveFromTheMiddle = "prepend+move"
  /// k new elements on top, and the last element moved above them.
  case prependAndMoveFromTheEnd = "prepend, move from end"
  /// The first element moved to the middle, and k new elements on top.
  case moveFromTheTopAndPrepend = "move from top to mid, prepend"
  /// Two elements far apart swapped (k unused).
  case swapTwoFarApart = "swap two far apart"

  /// The edit of a list of `count` elements with identifiers `0..<count` and content 0; new
  /// elements have identifiers from `count` on.
  ///
  /// - Parameters:
  ///   - count: The length of the source, at least 2 and at least `k` more than its middle.
  ///   - k: The number of elements edited.
  /// - Returns: The source and the target.
  public func edit(count: Int, k: Int) -> (source: [GeneratedElement], target: [GeneratedElement]) {
    let source = (0..<count).map { GeneratedElement(id: $0, content: 0) }
    let fresh = (count..<(count + k)).map { GeneratedElement(id: $0, content: 0) }
    let middle = count / 2
    var target = source
    switch self {
    case .prepend: target = fresh + source
    case .append: target = source + fresh
    case .insertInTheMiddle: target.insert(contentsOf: fresh, at: middle)
    case .deleteInTheMiddle: target.removeSubrange(middle..<(middle + k))
    case .replaceInTheMiddle: target.replaceSubrange(middle..<(middle + k), with: fresh)
    case .editInTheMiddle:
      for index in middle..<(middle + k) { target[index].content += 1 }
    case .prependAndMoveFromTheMiddle:
      let moved = target.remove(at: middle)
      target = [moved] + fresh + target
    case .prependAndMoveFromTheEnd:
      let moved = target.removeLast()
      target = [moved] + fresh + target
    case .moveFromTheTopAndPrepend:
      let moved = target.removeFirst()
      target.insert(moved, at: middle)
      target = fresh + target
    case .swapTwoFarApart:
      target.swapAt(count / 10, count - count / 10)
    }
    return (source, target)
  }
}

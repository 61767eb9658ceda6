extension Changeset: CustomDebugStringConvertible {
  /// A multi-line listing of the data and the non-empty change lists, in canonical order.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// print(StagedChangeset(source: [1, 2], target: [2])[0].debugDescription)
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// Changeset(
  ///   data: [2],
  ///   elementDeleted: [[0, 0]]
  /// )
  /// ```
  ///
  /// - Complexity: O(n + c), where n is the size of `data` and c the number of changes, for
  ///   lists in canonical order; O(n + c log c) otherwise.
  public var debugDescription: String {
    var lines = ["  data: \(String(reflecting: data))"]
    func add<T: Comparable>(_ name: String, _ list: [T]) {
      if !list.isEmpty { lines.append("  \(name): \(_canonical(list))") }
    }
    func add<P: Comparable>(_ name: String, _ moves: [Move<P>]) {
      if !moves.isEmpty { lines.append("  \(name): \(_canonical(moves))") }
    }
    add("sectionDeleted", sectionDeleted)
    add("sectionInserted", sectionInserted)
    add("sectionUpdated", sectionUpdated)
    add("sectionMoved", sectionMoved)
    add("elementDeleted", elementDeleted)
    add("elementInserted", elementInserted)
    add("elementUpdated", elementUpdated)
    add("elementMoved", elementMoved)
    return "Changeset(\n" + lines.joined(separator: ",\n") + "\n)"
  }
}

extension Changeset: CustomReflectable {
  /// The data and the change lists, as `dump` and debuggers show them, whether or not the
  /// data has been built yet (reflecting it builds it).
  ///
  /// - Complexity: That of reading `data`.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "data": data, "sectionDeleted": sectionDeleted, "sectionInserted": sectionInserted,
        "sectionUpdated": sectionUpdated, "sectionMoved": sectionMoved,
        "elementDeleted": elementDeleted, "elementInserted": elementInserted,
        "elementUpdated": elementUpdated, "elementMoved": elementMoved,
      ], displayStyle: .struct)
  }
}

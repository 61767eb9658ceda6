extension Changeset: CustomDebugStringConvertible {
  /// A multi-line listing of the non-empty change lists and the data.
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
  /// - Complexity: O(n + c), where n is the size of `data` and c the number of changes.
  public var debugDescription: String {
    var lines = ["  data: \(String(reflecting: data))"]
    func add<T>(_ name: String, _ list: [T]) {
      if !list.isEmpty { lines.append("  \(name): \(list)") }
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

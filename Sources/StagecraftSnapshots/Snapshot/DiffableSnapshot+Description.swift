extension DiffableSnapshot: CustomStringConvertible {
  /// The sections with their items, one section a line, and the reload and reconfigure
  /// marks when there are any: what `print(snapshot)` shows.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var snapshot = DiffableSnapshot<String, String>()
  /// try snapshot.appendSections(["Places", "Tags"])
  /// try snapshot.appendItems(["iCloud", "Local"], toSection: "Places")
  /// try snapshot.reloadItems(["Local"])
  /// print(snapshot)
  /// ```
  ///
  /// prints
  ///
  /// ```
  /// DiffableSnapshot: 2 sections, 2 items
  ///   Places: [iCloud, Local]
  ///   Tags: []
  ///   reloaded items: [Local]
  /// ```
  ///
  /// - Complexity: O(s + n) and the identifiers' descriptions.
  public var description: String {
    let sections = numberOfSections == 1 ? "1 section" : "\(numberOfSections) sections"
    let items = numberOfItems == 1 ? "1 item" : "\(numberOfItems) items"
    var lines = ["DiffableSnapshot: \(sections), \(items)"]
    for section in _sections {
      lines.append("  \(section.model.identifier): \(_list(section.elements.map(\.identifier)))")
    }
    if !_reloadedSections.isEmpty {
      lines.append("  reloaded sections: \(_list(_reloadedSections))")
    }
    if !_reloadedItems.isEmpty { lines.append("  reloaded items: \(_list(_reloadedItems))") }
    if !_reconfiguredItems.isEmpty {
      lines.append("  reconfigured items: \(_list(_reconfiguredItems))")
    }
    return lines.joined(separator: "\n")
  }
}

extension SnapshotItem: CustomStringConvertible {
  /// The identifier, and its mark when it has one.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// print([SnapshotItem("iCloud"), SnapshotItem("Local", mark: .reload)])  // prints [iCloud, Local (reload)]
  /// ```
  ///
  /// - Complexity: That of the identifier's description.
  public var description: String {
    switch mark {
    case .none: "\(identifier)"
    case .reload: "\(identifier) (reload)"
    case .reconfigure: "\(identifier) (reconfigure)"
    }
  }
}

extension SnapshotSection: CustomStringConvertible {
  /// The identifier, and `(reloaded)` when the section is marked for a reload.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// print(SnapshotSection("Tags", isReloaded: true))  // prints Tags (reloaded)
  /// ```
  ///
  /// - Complexity: That of the identifier's description.
  public var description: String { isReloaded ? "\(identifier) (reloaded)" : "\(identifier)" }
}

extension DiffableDataSourceTransaction: CustomStringConvertible {
  /// The sections before and after, and the difference of the items.
  ///
  /// - Complexity: O(s + n) and the identifiers' descriptions.
  public var description: String {
    func sections(_ snapshot: DiffableSnapshot<SectionIdentifier, ItemIdentifier>) -> String {
      snapshot._sections.map { "\($0.model.identifier): \(_list($0.elements.map(\.identifier)))" }
        .joined(separator: "; ")
    }
    return [
      "DiffableDataSourceTransaction",
      "  initial: \(sections(initialSnapshot))",
      "  final: \(sections(finalSnapshot))",
      "  difference: \(_describe(difference))",
    ].joined(separator: "\n")
  }
}

extension DiffableDataSourceSectionTransaction: CustomStringConvertible {
  /// The section, its items before and after, and their difference.
  ///
  /// - Complexity: O(n) and the identifiers' descriptions.
  public var description: String {
    [
      "DiffableDataSourceSectionTransaction: \(sectionIdentifier)",
      "  initial: \(_list(initialSnapshot.items))",
      "  final: \(_list(finalSnapshot.items))",
      "  difference: \(_describe(difference))",
    ].joined(separator: "\n")
  }
}

/// `[a, b, c]`, each as it describes itself.
func _list<C: Collection>(_ elements: C) -> String {
  "[" + elements.map { "\($0)" }.joined(separator: ", ") + "]"
}

/// A collection difference in words: `move X from 2 to 0`, `remove X at 1`, `insert X at 3`;
/// `none` when it is empty.
func _describe<Element>(_ difference: CollectionDifference<Element>) -> String {
  var words: [String] = []
  for change in difference {
    switch change {
    case .remove(let offset, let element, let other):
      words.append(
        other.map { "move \(element) from \(offset) to \($0)" } ?? "remove \(element) at \(offset)")
    case .insert(let offset, let element, let other):
      if other == nil { words.append("insert \(element) at \(offset)") }
    }
  }
  return words.isEmpty ? "none" : words.joined(separator: ", ")
}

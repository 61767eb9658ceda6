import StagecraftDiff
import StagecraftReplay

extension CollectionModel {
  /// Moves the item at `source` to `destination` as the user's drag does (interactive
  /// reordering): UIKit moves the cell itself and then tells the data source, so no batch is
  /// validated and nothing animates. The item keeps its cell and its selection; the items
  /// between shift by one, with theirs. Across sections, one section loses the item and the
  /// other gains it.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var model = CollectionModel(items: ["a", "b", "c"])
  /// model.selectItem(at: ElementPath(element: 0, section: 0))
  /// try model.moveItemInteractively(
  ///   from: ElementPath(element: 0, section: 0), to: ElementPath(element: 2, section: 0))
  /// print(model.items)  // prints ["b", "c", "a"]
  /// print(model.indexPathsForSelectedItems)  // prints [[0, 2]]
  /// ```
  ///
  /// - Parameters:
  ///   - source: Where the item is.
  ///   - destination: Where it is after the move: an index of the destination section as it
  ///     is once the item has left its own.
  /// - Throws: `BatchUpdateError` with UIKit's text for a move whose path does not exist;
  ///   the model is then unchanged.
  /// - Complexity: O(m + c + k) for the m items of the sections involved, the c realized
  ///   cells and the k selected items.
  public mutating func moveItemInteractively(
    from source: ElementPath, to destination: ElementPath
  ) throws(BatchUpdateError) {
    try _checkInteractiveMove(from: source, to: destination)
    func moved(_ path: ElementPath) -> ElementPath {
      if path == source { return destination }
      var result = path
      if result.section == source.section && result.element > source.element {
        result.element -= 1
      }
      if result.section == destination.section && result.element >= destination.element {
        result.element += 1
      }
      return result
    }
    _dataWillChange { moved($0) }
    let element = _elements[source.section].remove(at: source.element)
    _elements[destination.section].insert(element, at: destination.element)
    for section in Set([source.section, destination.section]) {
      sections[section] = Section(source: sections[section], elements: _elements[section])
    }
    _cells = Dictionary(uniqueKeysWithValues: _cells.map { (moved($0.key), $0.value) })
    _selection = Set(_selection.map(moved))
    if case .item(let focused) = _focus { _focus = .item(moved(focused)) }
    events.append(.interactiveMove(Move(source: source, target: destination)))
    _dataDidChange()
  }

  /// Throws what UIKit says of a move whose source or destination does not exist.
  private func _checkInteractiveMove(from source: ElementPath, to destination: ElementPath)
    throws(BatchUpdateError)
  {
    let move = Move(source: source, target: destination)
    guard sections.indices.contains(source.section) else {
      throw _error(.moveItemSectionOutOfRange(path: source, sectionCount: sections.count))
    }
    guard _elements[source.section].indices.contains(source.element) else {
      throw _error(
        .moveItemOutOfRange(path: source, itemCount: _elements[source.section].count))
    }
    guard sections.indices.contains(destination.section) else {
      throw _error(
        .moveItemTargetSectionOutOfRange(
          path: source, target: destination, sectionCount: sections.count))
    }
    // After the move, the destination section holds one more item unless it is the source's.
    let after = _elements[destination.section].count + (move.isWithinSection ? 0 : 1)
    guard destination.element >= 0 && destination.element < after else {
      throw _error(.moveItemTargetOutOfRange(path: source, target: destination, itemCount: after))
    }
  }

  private func _error(_ reason: BatchUpdateError.Reason) -> BatchUpdateError {
    BatchUpdateError(reason, wording: configuration.wording, view: configuration.view)
  }
}

extension Move where Position == ElementPath {
  /// Whether the move stays in its section.
  var isWithinSection: Bool { source.section == target.section }
}

/// The model holds its cells: it follows an item the user dragged.
extension CollectionModel: ReorderableTarget {}

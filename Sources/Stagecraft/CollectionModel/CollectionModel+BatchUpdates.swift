extension CollectionModel {
  /// Applies one `performBatchUpdates` block, with `newSections` as what the data source
  /// returns after it.
  ///
  /// The batch is validated as UIKit validates it (BATCH_UPDATE_RULES.md §3–§4, and the
  /// strict checks when `configuration.isStrict`). When it is refused, the model is left
  /// exactly as it was. Otherwise every realized cell and selected item follows the old →
  /// new map (§2): moved and shifted items keep their cell and their selection, deleted
  /// and reloaded items lose both, inserted and reloaded items in the viewport get new
  /// cells configured from `newSections`, and reconfigured items keep their cell, which
  /// shows the new data.
  ///
  /// ```swift
  /// var model = CollectionModel(sections: [ArraySection(model: 0, elements: [1, 2])])
  /// var batch = BatchUpdate()
  /// batch.insertItems = [ElementPath(element: 2, section: 0)]
  /// try model.performBatchUpdates(batch, newSections: [ArraySection(model: 0, elements: [1, 2, 3])])
  /// ```
  ///
  /// - Parameters:
  ///   - batch: The calls made inside the block.
  ///   - newSections: The data source after the block.
  ///   - animated: Whether the block was animated; recorded in `events`.
  /// - Throws: `BatchUpdateError`, whose description is UIKit's text.
  /// - Complexity: O(n + m + c log c), where n and m are the numbers of items before and
  ///   after, and c is the number of calls.
  @inlinable
  public mutating func performBatchUpdates<C: Collection>(
    _ batch: BatchUpdate, newSections: C, animated: Bool = true
  ) throws where C.Element == Section {
    try _performBatchUpdates(batch, newSections: Array(newSections), animated: animated)
  }

  /// Applies one `performBatchUpdates` block to a one-section model, with `newItems` as
  /// what section 0 holds after it. Other sections, if any, keep their items.
  ///
  /// ```swift
  /// var model = CollectionModel(items: [1, 2, 3])
  /// var batch = BatchUpdate()
  /// batch.deleteItems = [ElementPath(element: 0, section: 0)]
  /// try model.performBatchUpdates(batch, newItems: [2, 3])
  /// model.items  // [2, 3]
  /// ```
  ///
  /// - Parameters:
  ///   - batch: The calls made inside the block.
  ///   - newItems: The items of section 0 after the block.
  ///   - animated: Whether the block was animated; recorded in `events`.
  /// - Throws: `BatchUpdateError`, whose description is UIKit's text.
  /// - Complexity: O(n + m + c log c), where n and m are the numbers of items before and
  ///   after, and c is the number of calls.
  @inlinable
  public mutating func performBatchUpdates<C: Collection>(
    _ batch: BatchUpdate, newItems: C, animated: Bool = true
  ) throws where C.Element == Element {
    try _performBatchUpdates(
      batch, newSections: _sections(replacingItemsWith: newItems), animated: animated)
  }

  /// `reloadData()`: every cell is discarded and the viewport's cells are configured anew
  /// from the data source. The selection is cleared, or kept where its paths still exist
  /// when `configuration.keepsSelectionOnReloadData`.
  ///
  /// - Complexity: O(n), where n is the number of items.
  public mutating func reloadData() {
    _reloadData(newSections: sections)
  }

  /// Replaces the data source with `newSections` and calls `reloadData()`.
  ///
  /// - Parameter newSections: The new data source.
  /// - Complexity: O(n), where n is the number of items.
  public mutating func reloadData<C: Collection>(newSections: C) where C.Element == Section {
    _reloadData(newSections: Array(newSections))
  }

  /// Replaces section 0's items with `newItems` and calls `reloadData()`.
  ///
  /// - Parameter newItems: The new items of section 0.
  /// - Throws: `BatchUpdateError` with `.noSectionForItems` when the model has no section.
  /// - Complexity: O(n), where n is the number of items.
  public mutating func reloadData<C: Collection>(newItems: C) throws where C.Element == Element {
    _reloadData(newSections: try _sections(replacingItemsWith: newItems))
  }

  /// Reconfigures realized cells outside a batch: each keeps its identity and selection and
  /// shows the data source's element at its path. Items without a realized cell are left
  /// alone.
  ///
  /// - Parameter paths: Paths in the current data source.
  /// - Throws: `BatchUpdateError` when a path does not exist; nothing is changed then.
  /// - Complexity: O(k), where k is the number of paths.
  public mutating func reconfigureItems(at paths: [ElementPath]) throws {
    for path in paths where !_contains(path) {
      throw BatchUpdateError(
        .reconfigureItemOutOfRange(
          path: path, sectionCount: sections.count,
          itemCount: numberOfItems(inSection: path.section)),
        wording: configuration.wording)
    }
    for path in paths where _cells[path.section][path.element] != nil {
      _cells[path.section][path.element]?.element = _elements[path.section][path.element]
    }
    _events.append(.reconfigureItems(paths))
  }

  /// The sections with section 0's items replaced.
  @inlinable
  internal func _sections<C: Collection>(
    replacingItemsWith newItems: C
  ) throws -> [Section] where C.Element == Element {
    guard let first = sections.first else {
      throw BatchUpdateError(.noSectionForItems, wording: configuration.wording)
    }
    var result = sections
    result[0] = Section(source: first, elements: newItems)
    return result
  }

  @inlinable
  internal mutating func _reloadData(newSections: [Section]) {
    let kept = configuration.keepsSelectionOnReloadData ? _selection : []
    _sections = newSections
    _elements = newSections.map { Array($0.elements) }
    _cells = _elements.map { [Cell?](repeating: nil, count: $0.count) }
    _selection = kept.filter(_contains)
    _events.append(.reloadData)
    _realizeCells()
  }

  /// Validates and applies one batch; `refreshing` lists silent in-place refreshes, from
  /// the path of a realized cell before the batch to the path of its new element after it.
  @inlinable
  internal mutating func _performBatchUpdates(
    _ batch: BatchUpdate, newSections: [Section], animated: Bool,
    refreshing: [Move<ElementPath>] = []
  ) throws {
    let newElements = newSections.map { Array($0.elements) }
    let plan: _BatchPlan
    do {
      plan = try _BatchPlan(
        before: _elements.map(\.count), after: newElements.map(\.count), batch: batch,
        strict: configuration.isStrict)
    } catch {
      throw BatchUpdateError(error.reason, wording: configuration.wording)
    }

    // Silent refreshes happen inside the block, on the cells as they are before it.
    var oldCells = _cells
    var refreshed: [ElementPath] = []
    for refresh in refreshing {
      let (cell, item) = (refresh.source, refresh.target)
      guard _contains(cell), oldCells[cell.section][cell.element] != nil,
        newElements.indices.contains(item.section),
        newElements[item.section].indices.contains(item.element)
      else { continue }
      oldCells[cell.section][cell.element]?.element = newElements[item.section][item.element]
      refreshed.append(cell)
    }

    var newCells: [[Cell?]] = newElements.map { [Cell?](repeating: nil, count: $0.count) }
    var newSelection = Set<ElementPath>()
    for (section, sources) in plan.itemSource.enumerated() {
      for (element, source) in sources.enumerated() {
        guard let source else { continue }
        newCells[section][element] = oldCells[source.section][source.element]
        if _selection.contains(source) {
          newSelection.insert(ElementPath(element: element, section: section))
        }
      }
    }
    for path in plan.reconfigured where newCells[path.section][path.element] != nil {
      newCells[path.section][path.element]?.element = newElements[path.section][path.element]
    }

    _sections = newSections
    _elements = newElements
    _cells = newCells
    _selection = newSelection
    if !refreshed.isEmpty { _events.append(.refreshCells(refreshed)) }
    _events.append(.batchUpdates(batch, animated: animated))
    _realizeCells()
  }
}

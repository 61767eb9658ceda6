import StagecraftDiff
import StagecraftReplay

extension CollectionModel {
  /// Applies one `performBatchUpdates` block, with `newSections` as what the data source
  /// returns after it.
  ///
  /// The batch is validated as UIKit validates it (the article The Batch-Update Rules, "What UIKit
  /// refuses", and the strict checks when `configuration.isStrict`). When it is refused,
  /// the model is left exactly as it was. Otherwise every realized cell and selected item
  /// follows the old → new map: moved and shifted items keep their cell and their
  /// selection, deleted and reloaded items lose both, inserted and reloaded items in the
  /// viewport get new cells configured from `newSections`, and reconfigured items keep
  /// their cell, which shows the new data.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var model = CollectionModel(sections: [ArraySection(model: 0, elements: [1, 2])])
  /// var batch = BatchUpdate()
  /// batch.insertItems = [ElementPath(element: 2, section: 0)]
  /// try model.performBatchUpdates(
  ///   batch, newSections: [ArraySection(model: 0, elements: [1, 2, 3])])
  /// print(model.items)  // prints [1, 2, 3]
  /// ```
  ///
  /// - Parameters:
  ///   - batch: The calls made inside the block.
  ///   - newSections: The data source after the block.
  ///   - animated: Whether the block was animated; recorded in `events`.
  /// - Throws: `BatchUpdateError`, whose description is UIKit's text.
  /// - Complexity: O(S + c log c + r), where S is the number of sections, c the number of
  ///   calls and r the number of realized cells and selected items, plus copying
  ///   `newSections`.
  public mutating func performBatchUpdates<C: Collection>(
    _ batch: BatchUpdate, newSections: C, animated: Bool = true
  ) throws(BatchUpdateError) where C.Element == Section {
    try _apply(batch, newSections: Array(newSections), animated: animated, refreshing: [])
  }

  /// Applies one `performBatchUpdates` block to a one-section model, with `newItems` as
  /// what section 0 holds after it. Other sections, if any, keep their items.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var model = CollectionModel(items: [1, 2, 3])
  /// var batch = BatchUpdate()
  /// batch.deleteItems = [ElementPath(element: 0, section: 0)]
  /// try model.performBatchUpdates(batch, newItems: [2, 3])
  /// print(model.items)  // prints [2, 3]
  /// ```
  ///
  /// - Parameters:
  ///   - batch: The calls made inside the block.
  ///   - newItems: The items of section 0 after the block.
  ///   - animated: Whether the block was animated; recorded in `events`.
  /// - Throws: `BatchUpdateError`, whose description is UIKit's text.
  /// - Complexity: O(S + c log c + r), where S is the number of sections, c the number of
  ///   calls and r the number of realized cells and selected items, plus copying
  ///   `newItems`.
  public mutating func performBatchUpdates<C: Collection>(
    _ batch: BatchUpdate, newItems: C, animated: Bool = true
  ) throws(BatchUpdateError) where C.Element == Element {
    try _apply(
      batch, newSections: _sections(replacingItemsWith: newItems), animated: animated,
      refreshing: [])
  }

  /// `reloadData()`: every cell is discarded and the viewport's cells are configured anew
  /// from the data source. The selection is cleared, or kept where its paths still exist
  /// when `configuration.keepsSelectionOnReloadData`.
  ///
  /// - Complexity: O(S + v), where S is the number of sections and v the number of cells
  ///   in the viewport.
  public mutating func reloadData() {
    _reloadData(newSections: sections)
  }

  /// Replaces the data source with `newSections` and calls `reloadData()`.
  ///
  /// - Parameter newSections: The new data source.
  /// - Complexity: O(S + v), plus copying `newSections`.
  public mutating func reloadData<C: Collection>(newSections: C) where C.Element == Section {
    _reloadData(newSections: Array(newSections))
  }

  /// Replaces section 0's items with `newItems` and calls `reloadData()`.
  ///
  /// - Parameter newItems: The new items of section 0.
  /// - Throws: `BatchUpdateError` with `.noSectionForItems` when the model has no section.
  /// - Complexity: O(S + v), plus copying `newItems`.
  public mutating func reloadData<C: Collection>(
    newItems: C
  ) throws(BatchUpdateError) where C.Element == Element {
    _reloadData(newSections: try _sections(replacingItemsWith: newItems))
  }

  /// Reconfigures realized cells outside a batch: each keeps its identity and selection and
  /// shows the data source's element at its path. Items without a realized cell are left
  /// alone.
  ///
  /// - Parameter paths: Paths in the current data source.
  /// - Throws: `BatchUpdateError` when a path does not exist; nothing is changed then.
  /// - Complexity: O(k), where k is the number of paths.
  public mutating func reconfigureItems(at paths: [ElementPath]) throws(BatchUpdateError) {
    for path in paths where !_contains(path) {
      throw BatchUpdateError(
        .reconfigureItemOutOfRange(
          path: path, sectionCount: sections.count,
          itemCount: numberOfItems(inSection: path.section)),
        wording: configuration.wording,
        view: configuration.view)
    }
    for path in paths { _cells[path]?.element = _elements[path.section][path.element] }
    events.append(.reconfigureItems(paths))
    _invalidateSizes(at: paths)
    _sizesDidChange()
  }

  /// The data source's item at `path` changed content in place, keeping its identity, and
  /// its cell is reconfigured: what an app does for one streamed token, setting its data
  /// and calling `reconfigureItems(at:)` outside a batch (UIKit allows it from iOS 15:
  /// `reconfigureItemsAtIndexPaths:`, UICollectionView.h). The item keeps its last size as
  /// its estimate until it is measured showing the new content; no other item is laid out
  /// again.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var model = CollectionModel(items: ["a", "b"])
  /// try model.updateItem(at: ElementPath(element: 1, section: 0), with: "b")
  /// print(model.items, model.events.last!)  // prints ["a", "b"] reconfigureItems([[0, 1]])
  /// ```
  ///
  /// - Parameters:
  ///   - path: The item's path.
  ///   - element: Its new value; of the same identity for its size to be kept (another
  ///     identity replaces the item, with the estimate, as UIKit would not know).
  /// - Throws: `BatchUpdateError` when the path does not exist; nothing is changed then.
  /// - Complexity: O(1) (amortized: storage the data shares with its source is copied
  ///   once), and O(log n) to measure the item again.
  public mutating func updateItem(at path: ElementPath, with element: Element)
    throws(BatchUpdateError)
  {
    guard _contains(path) else {
      throw BatchUpdateError(
        .reconfigureItemOutOfRange(
          path: path, sectionCount: sections.count,
          itemCount: numberOfItems(inSection: path.section)),
        wording: configuration.wording, view: configuration.view)
    }
    let old = _elements[path.section][path.element]
    if old.differenceIdentifier != element.differenceIdentifier { _sizes.identifierIndex = nil }
    _elements[path.section][path.element] = element
    sections[path.section].replaceElement(at: path.element, with: element)
    _cells[path]?.element = element
    events.append(.reconfigureItems([path]))
    if old.isContentEqual(to: element) {
      // The same content, told anew: measured again all the same.
      _invalidateSizes(at: CollectionOfOne(path))
    } else if let flat = _layout?.flat(path) {
      // New content: its size is keyed by content, the last one the estimate until then.
      _core.aim = nil
      _core.contentDidChange(at: flat, to: element)
    }
    _sizesDidChange()
  }

  /// The sections with section 0's items replaced.
  func _sections<C: Collection>(
    replacingItemsWith newItems: C
  ) throws(BatchUpdateError) -> [Section] where C.Element == Element {
    guard let first = sections.first else {
      throw BatchUpdateError(
        .noSectionForItems, wording: configuration.wording,
        view: configuration.view)
    }
    var result = sections
    result[0] = Section(source: first, elements: newItems)
    return result
  }

  mutating func _reloadData(newSections: [Section]) {
    _dataWillChange(carry: nil)
    let kept = configuration.keepsSelectionOnReloadData ? _selection : []
    let (oldElements, oldSections) = (_elements, sections)
    sections = newSections
    _elements = newSections.map { Array($0.elements) }
    _cells = [:]
    _selection = kept.filter(_contains)
    // A reload places nothing: focus follows its item by identity.
    _refocus(from: oldElements, oldSections: oldSections, survivor: { _ in nil }) { _ in nil }
    _sizes.replayAnchorFlat = nil
    events.append(.reloadData)
    _dataDidChange()
  }

  /// Validates and applies one batch; `refreshing` lists silent in-place refreshes, from
  /// the path of a realized cell before the batch to the path of its new element after it.
  @inlinable
  mutating func _apply(
    _ batch: BatchUpdate, newSections: [Section], animated: Bool,
    refreshing: [Move<ElementPath>]
  ) throws(BatchUpdateError) {
    let newElements = newSections.map { Array($0.elements) }
    let map = try _validated(
      batch, itemCountsBefore: _elements.map { $0.count },
      after: newElements.map { $0.count })

    // Silent refreshes happen inside the block, on the cells as they are before it.
    var oldCells = _cells
    var refreshed: [ElementPath] = []
    for refresh in refreshing {
      let (cell, item) = (refresh.source, refresh.target)
      guard oldCells[cell] != nil, newElements.indices.contains(item.section),
        newElements[item.section].indices.contains(item.element)
      else { continue }
      oldCells[cell]?.element = newElements[item.section][item.element]
      refreshed.append(cell)
    }

    // Cells and selection follow the old -> new map.
    var newCells: [ElementPath: Cell] = [:]
    newCells.reserveCapacity(oldCells.count)
    for (path, cell) in oldCells {
      if let target = map.itemTarget(of: path) { newCells[target] = cell }
    }
    for path in batch.reconfigureItems where newCells[path] != nil {
      newCells[path]?.element = newElements[path.section][path.element]
    }
    var newSelection = Set<ElementPath>()
    for path in _selection {
      if let target = map.itemTarget(of: path) { newSelection.insert(target) }
    }

    // Prefetching follows items by identity: a reloaded item is the same item, fresh.
    _dataWillChange { path in
      map.itemTarget(of: path)
        ?? (batch.reloadItems.contains(path) || batch.reloadSections.contains(path.section)
          ? map.reloadedItemTarget(of: path) : nil)
    }
    let remeasured = _remeasured(by: batch, map: map, newElements: newElements)
    // The layout follows the batch in place: O(c log n) for the c items it touches.
    var tracked = [_sizes.replayAnchorFlat]
    let updated = batch.reconfigureItems + refreshing.map(\.target)
    _ = _core.apply(
      batch, map: map, from: _elements, to: newElements, updated: updated, tracking: &tracked)
    _sizes.replayAnchorFlat = tracked[0]
    let (oldElements, oldSections) = (_elements, sections)
    _setSections(newSections)
    _elements = newElements
    _cells = newCells
    _selection = newSelection
    _refocus(
      from: oldElements, oldSections: oldSections,
      survivor: { map.itemTarget(of: $0) ?? map.reloadedItemTarget(of: $0) },
      sectionTarget: { map.sectionTarget(of: $0) })
    if !refreshed.isEmpty { _record(.refreshCells(refreshed)) }
    _record(.batchUpdates(batch, animated: animated))
    _dataDidChange(remeasuring: remeasured, laidOut: true)
  }

  /// Validates `batch` as UIKit does (`_BatchValidation`), against the model's counts.
  ///
  /// - Complexity: O(S + c log c) for S sections and c calls.
  @usableFromInline
  func _validated(
    _ batch: BatchUpdate, itemCountsBefore before: [Int], after: [Int]
  ) throws(BatchUpdateError) -> _BatchMap {
    do {
      return try _BatchValidation.validate(
        before: before, after: after, batch: batch, strict: configuration.isStrict)
    } catch {
      throw BatchUpdateError(
        error.reason, wording: configuration.wording,
        view: configuration.view)
    }
  }

  /// Appends an event.
  @usableFromInline
  mutating func _record(_ event: Event) { events.append(event) }

  /// Replaces the sections (`_elements` is the caller's to replace).
  @usableFromInline
  mutating func _setSections(_ newSections: [Section]) { sections = newSections }

  /// The items a batch reconfigures or reloads whose data keeps its content: the app says
  /// they show something new all the same (a diffable data source's `reconfigureItems`
  /// keeps the identifier), so they are measured again, their sizes the estimates until
  /// then. An item whose content changed needs nothing more: its sizes are keyed by
  /// content. Paths after the batch.
  ///
  /// - Complexity: O(k log c) for the k items and the c calls.
  @inlinable
  func _remeasured(by batch: BatchUpdate, map: _BatchMap, newElements: [[Element]])
    -> [ElementPath]
  {
    guard !batch.reconfigureItems.isEmpty || !batch.reloadItems.isEmpty,
      let geometry = _geometry, _sizes.isActive(geometry)
    else { return [] }
    func unchanged(_ old: ElementPath, _ new: ElementPath) -> Bool {
      _contains(old)
        && _elements[old.section][old.element].isContentEqual(
          to: newElements[new.section][new.element])
    }
    var result: [ElementPath] = []
    for path in batch.reloadItems {
      if let target = map.reloadedItemTarget(of: path), unchanged(path, target) {
        result.append(target)
      }
    }
    // A reconfigure names the item after the batch; in a block that moves nothing it is
    // where it was, and otherwise its old content is not looked up: measured again.
    let movesNothing =
      batch.insertItems.isEmpty && batch.deleteItems.isEmpty && batch.moveItems.isEmpty
      && batch.insertSections.isEmpty && batch.deleteSections.isEmpty
      && batch.moveSections.isEmpty
    for path in batch.reconfigureItems where !movesNothing || unchanged(path, path) {
      result.append(path)
    }
    return result
  }
}

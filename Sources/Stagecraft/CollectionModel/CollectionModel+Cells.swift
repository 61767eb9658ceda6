extension CollectionModel {
  /// The realized cells by path.
  ///
  /// - Complexity: O(n), where n is the number of items.
  public var cells: [ElementPath: Cell] {
    var result: [ElementPath: Cell] = [:]
    for (section, row) in _cells.enumerated() {
      for (element, cell) in row.enumerated() {
        if let cell { result[ElementPath(element: element, section: section)] = cell }
      }
    }
    return result
  }

  /// The realized cell at `path`, if any.
  ///
  /// - Parameter path: An index path.
  /// - Returns: The cell, or nil when the item has no realized cell.
  /// - Complexity: O(1).
  public func cell(at path: ElementPath) -> Cell? {
    guard _contains(path) else { return nil }
    return _cells[path.section][path.element]
  }

  /// The paths of the realized cells, ascending.
  ///
  /// - Complexity: O(n), where n is the number of items.
  public var realizedPaths: [ElementPath] {
    var result: [ElementPath] = []
    for (section, row) in _cells.enumerated() {
      for (element, cell) in row.enumerated() where cell != nil {
        result.append(ElementPath(element: element, section: section))
      }
    }
    return result
  }

  /// The realized cells whose displayed element differs from the data source at their
  /// path, in identity or in content; ascending. Empty after a correct replay.
  ///
  /// A cell is compared as `data.isContentEqual(to: displayed)`.
  ///
  /// - Complexity: O(n), where n is the number of items.
  @inlinable
  public var staleCells: [ElementPath] {
    var result: [ElementPath] = []
    for (section, row) in _cells.enumerated() {
      for (element, cell) in row.enumerated() {
        guard let shown = cell?.element else { continue }
        let data = _elements[section][element]
        if shown.differenceIdentifier != data.differenceIdentifier
          || !data.isContentEqual(to: shown)
        {
          result.append(ElementPath(element: element, section: section))
        }
      }
    }
    return result
  }

  /// Hands `element` to the realized cell at `path` without replacing the cell: a silent
  /// in-place refresh (the cell keeps its identity and its selection). A no-op when the
  /// item has no realized cell.
  ///
  /// - Parameters:
  ///   - path: The cell's current path.
  ///   - element: The element it should show.
  /// - Returns: Whether a realized cell was refreshed.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func refreshCell(at path: ElementPath, with element: Element) -> Bool {
    guard _contains(path), _cells[path.section][path.element] != nil else { return false }
    _cells[path.section][path.element]?.element = element
    _events.append(.refreshCells([path]))
    return true
  }

  /// Whether `path` lies in the viewport, given its position counted across sections.
  @inlinable
  internal func _isInViewport(_ path: ElementPath, flatPosition: Int) -> Bool {
    switch viewport {
    case .all: return true
    case .none: return false
    case .items(let range): return range.contains(flatPosition)
    case .paths(let paths): return paths.contains(path)
    }
  }

  /// Discards cells outside the viewport and configures a new cell, from the data source,
  /// for every item in it that has none.
  @inlinable
  internal mutating func _realizeCells() {
    var flat = 0
    for section in _cells.indices {
      for element in _cells[section].indices {
        let path = ElementPath(element: element, section: section)
        if _isInViewport(path, flatPosition: flat) {
          if _cells[section][element] == nil {
            _cells[section][element] = Cell(id: _nextCellID, element: _elements[section][element])
            _nextCellID += 1
          }
        } else {
          _cells[section][element] = nil
        }
        flat += 1
      }
    }
  }
}

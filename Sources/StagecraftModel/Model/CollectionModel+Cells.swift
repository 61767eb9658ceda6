import StagecraftDiff

extension CollectionModel {
  /// The realized cells by path.
  ///
  /// - Complexity: O(1).
  public var cells: [ElementPath: Cell] { _cells }

  /// The realized cell at `path`, if any.
  ///
  /// - Parameter path: An index path.
  /// - Returns: The cell, or nil when the item has no realized cell.
  /// - Complexity: O(1).
  public func cell(at path: ElementPath) -> Cell? { _cells[path] }

  /// The paths of the realized cells, ascending.
  ///
  /// - Complexity: O(r log r), where r is the number of realized cells.
  public var realizedPaths: [ElementPath] { _cells.keys.sorted() }

  /// The realized cells whose displayed element differs from the data source at their
  /// path, in identity or in content; ascending. Empty after a correct replay.
  ///
  /// A cell is compared as `data.isContentEqual(to: displayed)`.
  ///
  /// - Complexity: O(r log r), where r is the number of realized cells.
  public var staleCells: [ElementPath] {
    var result: [ElementPath] = []
    for (path, cell) in _cells {
      let data = _elements[path.section][path.element]
      if cell.element.differenceIdentifier != data.differenceIdentifier
        || !data.isContentEqual(to: cell.element)
      {
        result.append(path)
      }
    }
    return result.sorted()
  }

  /// Hands `element` to the realized cell at `path` without replacing the cell: a silent
  /// in-place refresh (the cell keeps its identity and its selection). A no-op when the
  /// item has no realized cell. With self-sizing, the cell is measured again showing it: a
  /// streamed message grows in O(log n), kept in place as the geometry's `anchoring` says.
  ///
  /// - Parameters:
  ///   - path: The cell's current path.
  ///   - element: The element it should show.
  /// - Returns: Whether a realized cell was refreshed.
  /// - Complexity: O(1), and O(log n) to measure it with self-sizing.
  @discardableResult
  public mutating func refreshCell(at path: ElementPath, with element: Element) -> Bool {
    guard _cells[path] != nil else { return false }
    _cells[path]?.element = element
    events.append(.refreshCells([path]))
    guard let geometry = _geometry, _sizes.isActive(geometry) else { return true }
    // With sizes: the cell shows other content, measured again, and forgotten when it
    // leaves if the data does not hold that content.
    if !element.isContentEqual(to: _elements[path.section][path.element]),
      !_sizes.shownApart.contains(path)
    {
      _sizes.shownApart.append(path)
    }
    _invalidateSizes(at: CollectionOfOne(path))
    _sizesDidChange()
    return true
  }

  /// Discards the cells outside the viewport, and configures a new cell, from the data
  /// source, for every item in it that has none.
  @inlinable
  mutating func _realizeCells() {
    if let geometry {
      let shown = _visibleRange(geometry)
      _viewport = .items(shown)
      // The reads near the viewport, of this update and the measurements after it, off the
      // tree.
      _keepWindow(around: shown)
    }
    switch _viewport {
    case .none:
      _cells = [:]
    case .all:
      for (section, elements) in _elements.enumerated() {
        for (index, element) in elements.enumerated() {
          _realizeCell(at: ElementPath(element: index, section: section), showing: element)
        }
      }
    case .items(let range):
      // Flat positions: the items counted across sections in order.
      var start = 0
      var firstOfSection: [Int] = []
      for elements in _elements {
        firstOfSection.append(start)
        start += elements.count
      }
      // Most calls change nothing (the viewport shows the items it showed): the cells are
      // only filtered when one is outside, and only looked up when some are missing.
      var inside = 0
      for path in _cells.keys where range.contains(firstOfSection[path.section] + path.element) {
        inside += 1
      }
      if inside < _cells.count {
        _cells = _cells.filter { path, _ in
          range.contains(firstOfSection[path.section] + path.element)
        }
      }
      guard _cells.count < range.count else { return }
      for (section, elements) in _elements.enumerated() {
        let first = firstOfSection[section]
        let visible = range.clamped(to: first..<(first + elements.count))
        for flat in visible {
          let index = flat - first
          _realizeCell(at: ElementPath(element: index, section: section), showing: elements[index])
        }
      }
    case .paths(let paths):
      _cells = _cells.filter { path, _ in paths.contains(path) }
      for path in paths where _contains(path) {
        _realizeCell(at: path, showing: _elements[path.section][path.element])
      }
    }
  }

  @inlinable
  mutating func _realizeCell(at path: ElementPath, showing element: Element) {
    guard _cells[path] == nil else { return }
    _cells[path] = Cell(id: _nextCellID, element: element)
    _nextCellID += 1
  }
}

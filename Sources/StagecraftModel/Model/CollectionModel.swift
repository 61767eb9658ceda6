import StagecraftDiff
import StagecraftReplay

/// A headless `UICollectionView`: the data source, the realized cells and what each one
/// shows, and the selection, updated by batch updates exactly as UIKit updates them.
///
/// It refuses (throws `BatchUpdateError`, with UIKit's text) every batch that UIKit would
/// raise on, and is then left exactly as it was. It runs on every platform, so a plain
/// unit test can prove that a list update is valid and leaves no cell stale.
///
/// ```swift
/// import Stagecraft
///
/// var model = CollectionModel(items: ["a", "b", "c"])
/// try model.reload(using: StagedChangeset(source: ["a", "b", "c"], target: ["c", "a"]))
/// print(model.items)  // prints ["c", "a"]
/// print(model.staleCells)  // prints []
/// ```
///
/// The model is generic over the section type; `CollectionModel(items:)` makes a model of
/// one `ArraySection<Int, Element>`.
public struct CollectionModel<Section: DifferentiableSection> {
  /// The element type the sections hold.
  public typealias Element = Section.Collection.Element

  /// The data source: the sections as the collection view last read them.
  public internal(set) var sections: [Section]

  /// The elements of each section, for random access.
  @usableFromInline var _elements: [[Element]]

  /// The realized cells, by path.
  @usableFromInline var _cells: [ElementPath: Cell]

  /// The selected paths.
  @usableFromInline var _selection: Set<ElementPath>

  /// What holds focus (`focus`).
  var _focus: FocusTarget?
  /// The focus the current update started from, while a replay runs.
  var _focusStart: _FocusStart<Section>?

  /// The identity the next realized cell gets.
  @usableFromInline var _nextCellID: Int

  /// What was applied, in order: batch updates, reloads, reconfigures, refreshes. The newest
  /// `configuration.eventLimit` (10,000 by default) are kept at least; a configuration with
  /// no limit (`nil`) keeps every event for the model's life.
  public internal(set) var events: [Event] {
    didSet {
      if let surplus = _surplus(events.count) {
        events.removeFirst(surplus)
        discardedEventCount += surplus
      }
    }
  }

  /// How many of the oldest `events` were discarded to keep within
  /// `configuration.eventLimit`: the event at `events[i]` is the model's
  /// `discardedEventCount + i`-th.
  public private(set) var discardedEventCount = 0

  /// How many of the oldest `scrollEvents` were discarded, as `discardedEventCount` counts
  /// `events`.
  public internal(set) var discardedScrollEventCount = 0

  /// How many of the oldest events a log of `count` discards: down to
  /// `configuration.eventLimit` once it holds twice as many (at least 2), so that appending
  /// stays O(1) amortized; `nil` to keep them.
  @usableFromInline
  func _surplus(_ count: Int) -> Int? {
    guard let limit = configuration.eventLimit, count > 2 * Swift.max(limit, 1) else {
      return nil
    }
    return count - Swift.max(limit, 0)
  }

  /// Validation and presentation options.
  public var configuration: Configuration

  /// Which items have realized cells. Changing it is scrolling: cells that leave are
  /// discarded, and items that enter get new cells configured from the data source. With a
  /// `geometry`, the viewport follows it: it is the items the geometry's viewport shows, and
  /// setting it has no lasting effect.
  ///
  /// - Complexity: Reading, O(1); setting, O(S + r), where S is the number of sections
  ///   and r the number of realized cells before and after.
  public var viewport: Viewport {
    get { _viewport }
    set {
      _viewport = newValue
      _realizeCells()
    }
  }

  @usableFromInline var _viewport: Viewport

  /// A vertical list layout and its scroll position; `nil` (the default) for none. With
  /// one, the realized cells are the items its viewport shows, and a replay can keep the
  /// scroll position (`ScrollAnchoring`).
  ///
  /// - Complexity: Setting, O(k + r) for the items up to the last one shown and the
  ///   realized cells.
  @inlinable public var geometry: Geometry? {
    get { _geometry }
    set {
      let old = _geometry
      _geometry = newValue
      _geometryDidChange(from: old)
    }
  }

  /// The geometry, its layout of the data and the measured sizes: the state a
  /// `ListLayoutState` holds on the device, so that the rules of sizing have one place. The
  /// three views of it below read in place (`_read`, `_modify`): a getter would copy the
  /// sizes, and retain the layout, at every read of a scroll step.
  @usableFromInline var _core = _LayoutCore<Section>()

  /// The geometry's storage: a scroll sets it and follows with the cells and the triggers,
  /// specialized for the caller's types.
  @inlinable var _geometry: Geometry? {
    _read { yield _core.geometry }
    _modify { yield &_core.geometry }
  }

  /// The geometry's layout of the data; `nil` without a geometry.
  @inlinable var _layout: _Layout? {
    _read { yield _core.layout }
    _modify { yield &_core.layout }
  }

  /// The measured sizes, by identity.
  @inlinable var _sizes: _Sizes<Element> {
    _read { yield _core.sizes }
    _modify { yield &_core.sizes }
  }

  /// Prefetching and the reach triggers: what they watch and where they stand.
  @usableFromInline var _triggers = _ScrollTriggers()

  /// What the prefetching and the reach triggers asked for, in order: each scroll, resize,
  /// update (after its last block) and completed reach handler appends what it caused.
  /// Read the events of one operation as the ones it appended:
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var model = CollectionModel(items: Array(0..<10))
  /// model.geometry = .init(viewportHeight: 100, itemHeight: 50)
  /// model.reachEnd = .viewports(1)
  /// let before = model.scrollEvents.count
  /// model.setContentOffset(300)
  /// print(model.scrollEvents[before...])  // prints [reach end]
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable public var scrollEvents: [ScrollEvent] { _scrollEvents }

  @usableFromInline var _scrollEvents: [ScrollEvent] = [] {
    didSet {
      if let surplus = _surplus(_scrollEvents.count) {
        _scrollEvents.removeFirst(surplus)
        discardedScrollEventCount += surplus
      }
    }
  }

  /// Creates a model showing `sections`, with every cell in the viewport realized.
  ///
  /// - Parameters:
  ///   - sections: The initial data source.
  ///   - configuration: Validation and presentation options.
  ///   - viewport: Which items have realized cells; `.all` by default.
  /// - Complexity: O(n), where n is the number of items.
  public init<C: Collection>(
    sections: C, configuration: Configuration = Configuration(), viewport: Viewport = .all
  ) where C.Element == Section {
    self.sections = Array(sections)
    self._elements = self.sections.map { Array($0.elements) }
    self._cells = [:]
    self._selection = []
    self._nextCellID = 0
    self.events = []
    self.configuration = configuration
    self._viewport = viewport
    _dataDidChange()
  }

  /// A realized cell: its own identity, and the element it displays.
  ///
  /// A reload replaces the cell (a new `id`); a reconfigure, a move or a silent refresh
  /// keeps it.
  public struct Cell {
    /// The cell's identity; every new cell gets a new one.
    public var id: Int
    /// The element the cell was last configured with.
    public var element: Element

    /// Creates a cell.
    ///
    /// - Parameters:
    ///   - id: The cell's identity.
    ///   - element: The element it displays.
    /// - Complexity: O(1).
    public init(id: Int, element: Element) {
      self.id = id
      self.element = element
    }
  }

  /// Something the model applied, for assertions on what reached the view.
  public enum Event: Hashable, Sendable {
    /// A `performBatchUpdates` block.
    case batchUpdates(BatchUpdate, animated: Bool)
    /// A `reloadData()`.
    case reloadData
    /// A `reconfigureItems(at:)` outside a batch, at these paths.
    case reconfigureItems([ElementPath])
    /// Silent in-place refreshes of realized cells, at these paths (before the batch).
    case refreshCells([ElementPath])
    /// An item the user moved by dragging it (`moveItemInteractively(from:to:)`).
    case interactiveMove(Move<ElementPath>)
  }
}

extension CollectionModel {
  /// Creates a model with one section holding `items`.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// let model = CollectionModel(items: [1, 2, 3])
  /// print(model.items)  // prints [1, 2, 3]
  /// ```
  ///
  /// - Parameters:
  ///   - items: The items of section 0.
  ///   - configuration: Validation and presentation options.
  ///   - viewport: Which items have realized cells; `.all` by default.
  /// - Complexity: O(n), where n is the number of items.
  public init<C: Collection, Item>(
    items: C, configuration: Configuration = Configuration(), viewport: Viewport = .all
  ) where Section == ArraySection<Int, Item>, C.Element == Item {
    self.init(
      sections: [ArraySection(model: 0, elements: items)], configuration: configuration,
      viewport: viewport)
  }

  /// The items of section 0 (empty when there is no section): the data source of a
  /// one-section model.
  ///
  /// - Complexity: O(1).
  public var items: [Element] { _elements.first ?? [] }

  /// The number of sections.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { sections.count }

  /// The number of items in `section`, or 0 when there is no such section.
  ///
  /// - Parameter section: A section index.
  /// - Returns: The item count.
  /// - Complexity: O(1).
  public func numberOfItems(inSection section: Int) -> Int {
    _elements.indices.contains(section) ? _elements[section].count : 0
  }

  /// The element the data source holds at `path`, or nil when there is none.
  ///
  /// - Parameter path: An index path.
  /// - Returns: The element.
  /// - Complexity: O(1).
  public func element(at path: ElementPath) -> Element? {
    guard _contains(path) else { return nil }
    return _elements[path.section][path.element]
  }

  @inlinable
  func _contains(_ path: ElementPath) -> Bool {
    _elements.indices.contains(path.section)
      && _elements[path.section].indices.contains(path.element)
  }

  /// The item count of each section.
  var _itemCounts: [Int] { _elements.map { $0.count } }
}

extension CollectionModel.Cell: Equatable where CollectionModel.Element: Equatable {}
extension CollectionModel.Cell: Hashable where CollectionModel.Element: Hashable {}
extension CollectionModel.Cell: Sendable where CollectionModel.Element: Sendable {}
extension CollectionModel: Equatable
where Section: Equatable, Section.Collection.Element: Equatable {}
extension CollectionModel: Sendable where Section: Sendable, Section.Collection.Element: Sendable {}

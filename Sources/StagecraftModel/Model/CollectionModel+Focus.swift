import StagecraftDiff
import StagecraftReplay

// Focus by identity. UIKit keeps focus by index path (`remembersLastFocusedIndexPath`), so
// after an update it lands wherever the paths now point. The model keeps the item that holds
// focus through every update, as the same item: where a block or a reload moved it, or, when
// it is gone, on its neighbour.

extension CollectionModel {
  /// What holds focus: an item, kept by identity through every update (a block, a reload, an
  /// interactive move), or a section's header; `nil` for nothing.
  ///
  /// When the focused item is deleted, focus goes to its neighbour: the item after it in its
  /// section (the nearest one that is still there), else the one before it, else the
  /// section's header, else nothing (its section is gone too). It never jumps to the top.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// var model = CollectionModel(items: [1, 2, 3, 4])
  /// // Item 2 holds focus.
  /// model.focusItem(at: ElementPath(element: 1, section: 0))
  /// try model.reload(using: StagedChangeset(source: [1, 2, 3, 4], target: [4, 1, 2]))
  /// print(model.focus!)  // prints item([0, 2])
  /// try model.reload(using: StagedChangeset(source: [4, 1, 2], target: [4, 1]))
  /// print(model.focus!)  // prints item([0, 1])
  /// ```
  ///
  /// - Complexity: O(1).
  public var focus: FocusTarget? { _focus }

  /// Puts focus on the item at `path`, as the user's keyboard or VoiceOver does.
  ///
  /// - Parameter path: The item; `nil` removes focus.
  /// - Returns: Whether focus is where asked: `false` for a path the model does not hold.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func focusItem(at path: ElementPath?) -> Bool {
    guard let path else {
      _focus = nil
      return true
    }
    guard _contains(path) else { return false }
    _focus = .item(path)
    return true
  }

  /// Puts focus on the header of `section`.
  ///
  /// - Parameter section: A section the model holds.
  /// - Returns: Whether focus is where asked: `false` for a section the model does not hold.
  /// - Complexity: O(1).
  @discardableResult
  public mutating func focusHeader(ofSection section: Int) -> Bool {
    guard sections.indices.contains(section) else { return false }
    _focus = .sectionHeader(section)
    return true
  }

  /// Moves focus with the data, from `old` to the model's current elements: `survivor` takes
  /// an item's old path to its new one (`nil` when the batch deleted or reloaded it, or for a
  /// reload), `sectionTarget` a section's, each checked by identity; an item or a section it
  /// does not place is looked up by identity. Focus whose item is gone goes to a neighbour,
  /// chosen on the data at the end of the update: within a replay, once it ends
  /// (`_settleFocusAfterReplay`), from the data it started from.
  ///
  /// - Complexity: O(log c) for a focused item that survives a batch of c calls; O(n) when
  ///   it must be found, or its neighbour must be.
  @usableFromInline
  mutating func _refocus(
    from old: [[Element]], oldSections: [Section], survivor: (ElementPath) -> ElementPath?,
    sectionTarget: (Int) -> Int?
  ) {
    guard let focus = _focus else { return }
    if _sizes.has(.focusByIndexPath) {
      switch focus {
      case .item(let path): _focus = _contains(path) ? focus : nil
      case .sectionHeader(let section): _focus = sections.indices.contains(section) ? focus : nil
      }
      return
    }
    var finder = _IdentityFinder(elements: _elements, sections: sections)
    let followed = _follow(
      focus, from: old, oldSections: oldSections, finder: &finder, survivor: survivor,
      sectionTarget: sectionTarget)
    if followed != nil || _focusStart == nil {
      _focus =
        followed
        ?? _neighbour(of: focus, from: old, oldSections: oldSections, finder: &finder)
      return
    }
    // Lost inside a replay: the neighbour is chosen on the replay's final data.
    _focusStart?.isLost = true
    _focus = nil
  }

  /// Where `focus` is now, if its item or its section is still there.
  func _follow(
    _ focus: FocusTarget, from old: [[Element]], oldSections: [Section],
    finder: inout _IdentityFinder<Section>, survivor: (ElementPath) -> ElementPath?,
    sectionTarget: (Int) -> Int?
  ) -> FocusTarget? {
    switch focus {
    case .sectionHeader(let section):
      let id = oldSections[section].differenceIdentifier
      if let target = sectionTarget(section), sections.indices.contains(target),
        sections[target].differenceIdentifier == id
      {
        return .sectionHeader(target)
      }
      return finder.section(id).map(FocusTarget.sectionHeader)
    case .item(let path):
      let id = old[path.section][path.element].differenceIdentifier
      if let target = survivor(path), _contains(target),
        _elements[target.section][target.element].differenceIdentifier == id
      {
        return .item(target)
      }
      return finder.item(id).map(FocusTarget.item)
    }
  }

  /// Where focus goes when its item (or its section) is gone from `old` to the current
  /// data: `FocusTarget._following`, by identity.
  func _neighbour(
    of focus: FocusTarget, from old: [[Element]], oldSections: [Section],
    finder: inout _IdentityFinder<Section>
  ) -> FocusTarget? {
    FocusTarget._following(
      focus,
      oldItem: { path in
        old[path.section].indices.contains(path.element)
          ? old[path.section][path.element].differenceIdentifier : nil
      },
      oldSection: { oldSections[$0].differenceIdentifier },
      newPath: { finder.item($0) }, newSection: { finder.section($0) })
  }

  /// Notes, as an update starts, what focus its data started from.
  @usableFromInline
  mutating func _noteFocusAtReplayStart() {
    guard let focus = _focus else { return }
    _focusStart = _FocusStart(focus: focus, elements: _elements, sections: sections)
  }

  /// After an update: focus that lost its item on the way goes to the neighbour the rule
  /// names on the final data.
  @usableFromInline
  mutating func _settleFocusAfterReplay() {
    guard let start = _focusStart else { return }
    _focusStart = nil
    guard start.isLost else { return }
    var finder = _IdentityFinder(elements: _elements, sections: sections)
    _focus =
      _follow(
        start.focus, from: start.elements, oldSections: start.sections, finder: &finder,
        survivor: { _ in nil }, sectionTarget: { _ in nil })
      ?? _neighbour(
        of: start.focus, from: start.elements, oldSections: start.sections, finder: &finder)
  }
}

/// The focus an update started from, and the data it was on.
struct _FocusStart<Section: DifferentiableSection> {
  let focus: FocusTarget
  let elements: [[Section.Collection.Element]]
  let sections: [Section]
  /// Whether a block of the update took away its item (or its section).
  var isLost = false
}

/// Finds items and sections by identity in data, building its indexes on first use.
struct _IdentityFinder<Section: DifferentiableSection> {
  let elements: [[Section.Collection.Element]]
  let sections: [Section]
  private var items: [Section.Collection.Element.DifferenceIdentifier: ElementPath]?
  private var sectionIndex: [Section.DifferenceIdentifier: Int]?

  init(elements: [[Section.Collection.Element]], sections: [Section]) {
    self.elements = elements
    self.sections = sections
  }

  /// The first path of the item with `id`.
  mutating func item(_ id: Section.Collection.Element.DifferenceIdentifier) -> ElementPath? {
    if items == nil {
      var index: [Section.Collection.Element.DifferenceIdentifier: ElementPath] = [:]
      for (section, row) in elements.enumerated() {
        for (element, item) in row.enumerated() where index[item.differenceIdentifier] == nil {
          index[item.differenceIdentifier] = ElementPath(element: element, section: section)
        }
      }
      items = index
    }
    return items?[id]
  }

  /// The first section with `id`.
  mutating func section(_ id: Section.DifferenceIdentifier) -> Int? {
    if sectionIndex == nil {
      var index: [Section.DifferenceIdentifier: Int] = [:]
      for (position, section) in sections.enumerated()
      where index[section.differenceIdentifier] == nil {
        index[section.differenceIdentifier] = position
      }
      sectionIndex = index
    }
    return sectionIndex?[id]
  }
}

extension _FocusStart: Equatable where Section: Equatable, Section.Collection.Element: Equatable {}
extension _FocusStart: Sendable where Section: Sendable, Section.Collection.Element: Sendable {}

import StagecraftDiff
import StagecraftModel
import StagecraftReplay

extension CollectionCoordinator {
  /// Whether more than one item can be selected. With `false`, selecting an item deselects
  /// the others, and `selection` holds at most one identifier.
  ///
  /// Unless set, it follows the view's own setting (`allowsMultipleSelection` of a
  /// `UICollectionView`, a `UITableView` or a `HeadlessCollectionView`), and is `false`, as
  /// UIKit's default, for a view that has none.
  ///
  /// - Complexity: O(1).
  public var allowsMultipleSelection: Bool {
    get { _allowsMultipleSelection ?? target.allowsSelectingMultipleItems ?? false }
    set { _allowsMultipleSelection = newValue }
  }

  /// The selected items, by identity: the binding's value. Setting it (a change of the
  /// binding) selects and deselects the items in the view; identifiers the data does not
  /// hold are dropped, and `onSelectionChange` then reports the set that stands. After
  /// every update, the view's selection is the bound identifiers that still exist: moved
  /// items stay selected, and identifiers that left the data leave the binding.
  ///
  /// Setting it is a view update: the report arrives on the next turn of the main actor
  /// (see `performViewUpdate(_:)`).
  ///
  /// - Complexity: O(k) expected for k identifiers that changed, plus O(n) to index the
  ///   data once per version when an identifier must be looked up.
  public var selection: Set<ItemIdentifier> {
    get { _selection }
    set { performViewUpdate { _setSelection(newValue) } }
  }

  func _setSelection(_ newValue: Set<ItemIdentifier>) {
    var wanted = newValue
    if !allowsMultipleSelection, wanted.count > 1, let any = wanted.first {
      // One item at most: a newly chosen one, if any.
      wanted = [wanted.first { !_selection.contains($0) } ?? any]
    }
    let removed = _selection.subtracting(wanted)
    let added = wanted.subtracting(_selection)
    for identifier in removed {
      if let path = indexPath(of: identifier) { _deselect(path) }
    }
    var missing: [ItemIdentifier] = []
    for identifier in added {
      if let path = indexPath(of: identifier) {
        _select(path)
      } else {
        missing.append(identifier)
      }
    }
    _selection = wanted.subtracting(missing)
    if _selection != newValue { _reportSelection() }
  }

  /// The one selected item: the binding of a single-selection list, flat or sectioned.
  /// Setting it selects that item alone (or none).
  ///
  /// - Complexity: That of `selection`.
  public var selectedItem: ItemIdentifier? {
    get { _selection.count == 1 ? _selection.first : nil }
    set { selection = newValue.map { [$0] } ?? [] }
  }

  /// The user selected the item at `path`: what the delegate's `didSelectItemAt` calls.
  /// `onSelectItem` hears of it. With `selectsOnTap`, the item is selected in the view
  /// (UIKit has done so already), joins the selection (or, with `allowsMultipleSelection`
  /// off, becomes it), and `onSelectionChange` reports it; without, the item is deselected
  /// at once.
  ///
  /// - Parameter path: The tapped item.
  /// - Complexity: O(1) expected, and O(k) for k items deselected in single selection.
  public func didSelectItem(at path: ElementPath) {
    guard let item = item(at: path) else { return }
    _emit { [weak self] in self?.onSelectItem?(item) }
    guard selectsOnTap else {
      if target.selectedItemPaths?.contains(path) == true { _deselect(path, animated: true) }
      return
    }
    let identifier = item.differenceIdentifier
    if !allowsMultipleSelection {
      for other in _selection where other != identifier {
        if let old = indexPath(of: other) { _deselect(old) }
      }
      _selection = []
    }
    if target.selectedItemPaths?.contains(path) == false {
      _select(path)
    }
    _selection.insert(identifier)
    _reportSelection()
  }

  /// The user deselected the item at `path`: what the delegate's `didDeselectItemAt` calls.
  ///
  /// - Parameter path: The item.
  /// - Complexity: O(1) expected.
  public func didDeselectItem(at path: ElementPath) {
    guard let item = item(at: path) else { return }
    deselectItem(withIdentifier: item.differenceIdentifier)
  }

  /// Deselects the item with `identifier`, in the view and in the selection, and reports
  /// the selection: what a cell's `deselectCell` action calls, as LazyCollection's
  /// `deselect(_:)` lets a cell deselect itself.
  ///
  /// - Parameter identifier: The item's identity.
  /// - Returns: Whether it was selected.
  /// - Complexity: O(1) expected, plus O(n) to index the data once per version.
  @discardableResult
  public func deselectItem(withIdentifier identifier: ItemIdentifier) -> Bool {
    if let path = indexPath(of: identifier), target.selectedItemPaths?.contains(path) == true {
      _deselect(path)
    }
    guard _selection.remove(identifier) != nil else { return false }
    _reportSelection()
    return true
  }

  /// Makes the view's selection the bound identifiers that the data still holds, and drops
  /// the others from the binding: as soon as an update's blocks (or a reload) reached the
  /// view, before their animations end (a reload clears a view's selection, a reload of an
  /// item, or its delete and insert, drops its own).
  func _syncSelection() {
    let shownPaths = target.selectedItemPaths ?? []
    guard !_selection.isEmpty || !shownPaths.isEmpty else { return }
    _syncSelection(shownPaths)
  }

  private func _syncSelection(_ shownPaths: [ElementPath]) {
    // What the view shows selected, carried across the update by UIKit's map.
    var shown = Set<ItemIdentifier>()
    for path in shownPaths {
      guard let identifier = item(at: path)?.differenceIdentifier else { continue }
      if _selection.contains(identifier) {
        shown.insert(identifier)
      } else {
        _deselect(path)
      }
    }
    guard shown.count < _selection.count else { return }
    var kept = shown
    for identifier in _selection where !shown.contains(identifier) {
      guard let path = indexPath(of: identifier) else { continue }
      _select(path)
      kept.insert(identifier)
    }
    if kept != _selection {
      _selection = kept
      _reportSelection()
    }
  }
}

/// A selection binding as a SwiftUI collection hands it to its coordinator on each update:
/// none (a tap is an action), a set of identifiers, or one identifier at most, each with its
/// current value and how to write a new one back.
package enum _BoundSelection<ID: Hashable> {
  case none
  case many(Set<ID>, write: (Set<ID>) -> Void)
  case one(ID?, write: (ID?) -> Void)

  /// Whether the view lets more than one item be selected: with a set only.
  package var allowsMultipleSelection: Bool {
    if case .many = self { true } else { false }
  }
}

extension CollectionCoordinator {
  /// Follows a selection binding, both ways: what a representable does on each update.
  /// Without a binding, a tap is an action (`selectsOnTap` off) and nothing is written back;
  /// with one, the view selects what the binding holds (when it differs from the selection,
  /// so an update that changed nothing selects nothing), and the coordinator's changes are
  /// written back through it. The selection is single unless the binding is a set.
  package func _follow(_ binding: _BoundSelection<ItemIdentifier>) {
    allowsMultipleSelection = binding.allowsMultipleSelection
    switch binding {
    case .none:
      selectsOnTap = false
      onSelectionChange = nil
    case .many(let value, let write):
      selectsOnTap = true
      onSelectionChange = write
      if selection != value { selection = value }
    case .one(let value, let write):
      selectsOnTap = true
      onSelectionChange = { write($0.first) }
      if selectedItem != value { selectedItem = value }
    }
  }
}

extension CollectionCoordinator {
  /// Selects in the view, without telling the delegate.
  func _select(_ path: ElementPath) {
    var view = target
    view.selectItem(at: path, animated: false)
  }

  /// Deselects in the view, without telling the delegate.
  func _deselect(_ path: ElementPath, animated: Bool = false) {
    var view = target
    view.deselectItem(at: path, animated: animated)
  }
}

import StagecraftDiff
import StagecraftReplay

/// The coordinator's selection, by identity, in both directions: what the binding holds,
/// what the view shows selected, taps, and what is written back.
///
/// The selection is what the view shows selected, by identity, at every step, animations in
/// flight included. A bound identifier that the data the view shows does not hold leaves,
/// and the binding hears the set that stands. That is why `CollectionCoordinator.apply(_:)`
/// brings the data onto the view before it reads the binding: an item added and selected in
/// one state change is then shown, and selected. (Data that waits, for a diff off the main
/// actor or for an animation, is not shown yet: its new items cannot be selected until it
/// is, and the binding hears so.)
@MainActor
package final class CoordinatorSelection<Item: Differentiable>: CoordinatorConcern {
  package typealias ID = Item.DifferenceIdentifier

  /// The selection: what the view shows selected.
  package private(set) var value: Set<ID> = [] {
    didSet { isEmpty = value.isEmpty }
  }
  // Exempt from run-time exclusivity checks, with the stored flags below: this concern is
  // main-actor isolated, and each access is a plain read or write that ends before anything
  // else runs (no access spans a call out to the app or the view).
  /// Whether nothing is selected: read at every update without the identifier's type.
  @exclusivity(unchecked) package private(set) var isEmpty = true
  /// Whether more than one item can be selected, when the app said so.
  package var allowsMultipleSelectionSetting: Bool?
  /// Whether a tapped item stays selected (see `CollectionCoordinator.selectsOnTap`).
  package var selectsOnTap = true
  /// Called when the selection changes other than by the app: write it back.
  package var onChange: ((Set<ID>) -> Void)?
  /// Called with the item the user tapped.
  package var onSelectItem: ((Item) -> Void)?

  package init() {}

  /// Whether more than one item can be selected: as set, or as the view says, or not.
  package func allowsMultipleSelection(_ context: some CoordinatorContext<Item>) -> Bool {
    allowsMultipleSelectionSetting ?? context.allowsSelectingMultipleItems ?? false
  }

  /// The app sets the selection (a change of the binding).
  ///
  /// - Complexity: O(k) expected for k identifiers that changed.
  package func set(_ newValue: Set<ID>, _ context: some CoordinatorContext<Item>) {
    // The app's value is newer than a write-back not yet delivered.
    context.withdraw(.selection)
    var wanted = newValue
    if !allowsMultipleSelection(context), wanted.count > 1, let any = wanted.first {
      // One item at most: a newly chosen one, if any.
      wanted = [wanted.first { !value.contains($0) } ?? any]
    }
    for identifier in value.subtracting(wanted) {
      if let path = context.indexPath(of: identifier) {
        context.deselectItem(at: path, animated: false)
      }
    }
    var selected = value.intersection(wanted)
    for identifier in wanted where !selected.contains(identifier) {
      guard let path = context.indexPath(of: identifier) else { continue }
      context.selectItem(at: path)
      selected.insert(identifier)
    }
    value = selected
    if value != newValue { report(context) }
  }

  /// Follows a binding as a representable hands it over on each update: without one a tap
  /// is an action; with one the view selects what it holds (when that differs from the
  /// selection, so an update that changed nothing selects nothing), and changes are written
  /// back through it. The selection is single unless the binding is a set.
  package func follow(_ binding: SelectionBinding<ID>, _ context: some CoordinatorContext<Item>) {
    allowsMultipleSelectionSetting = binding.allowsMultipleSelection
    switch binding {
    case .none:
      selectsOnTap = false
      onChange = nil
    case .many(let bound, let write):
      selectsOnTap = true
      onChange = write
      if value != bound { set(bound, context) }
    case .one(let bound, let write):
      selectsOnTap = true
      onChange = { write($0.first) }
      let current = value.count == 1 ? value.first : nil
      if current != bound { set(bound.map { [$0] } ?? [], context) }
    }
  }

  /// The user tapped the item at `path`.
  package func didSelectItem(at path: ElementPath, _ context: some CoordinatorContext<Item>) {
    guard let item = context.item(at: path) else { return }
    context.emit(nil) { [weak self] in self?.onSelectItem?(item) }
    guard selectsOnTap else {
      if context.selectedItemPaths?.contains(path) == true {
        context.deselectItem(at: path, animated: true)
      }
      return
    }
    let identifier = item.differenceIdentifier
    if !allowsMultipleSelection(context) {
      for other in value where other != identifier {
        if let old = context.indexPath(of: other) { context.deselectItem(at: old, animated: false) }
      }
      value = []
    }
    if context.selectedItemPaths?.contains(path) == false { context.selectItem(at: path) }
    value.insert(identifier)
    report(context)
  }

  /// Deselects the item with `identifier`, in the view and in the selection.
  ///
  /// - Returns: Whether it was selected.
  @discardableResult
  package func deselect(_ identifier: ID, _ context: some CoordinatorContext<Item>) -> Bool {
    if let path = context.indexPath(of: identifier),
      context.selectedItemPaths?.contains(path) == true
    {
      context.deselectItem(at: path, animated: false)
    }
    guard value.remove(identifier) != nil else { return false }
    report(context)
    return true
  }

  /// Makes the view's selection the bound identifiers its data holds, at once (before the
  /// update's animations end: a reload clears a view's selection, a reload of an item, or
  /// its delete and insert, drops its own), and drops from the binding those the newest
  /// data does not hold.
  package func dataDidApply<Context: CoordinatorContext>(_ context: Context)
  where Context.Item == Item {
    // Nothing selected on either side, the common case, is told apart here, before the
    // work below, whose generic locals (an item, sets of identifiers) cost metadata lookups
    // at every call when the coordinator's code is not specialized.
    let shownPaths = context.selectedItemPaths
    if isEmpty, shownPaths?.isEmpty != false { return }
    reconcile(shownPaths ?? [], context)
  }

  /// `dataDidApply(_:)` when something is selected, in the selection or in the view.
  private func reconcile<Context: CoordinatorContext>(
    _ shownPaths: [ElementPath], _ context: Context
  ) where Context.Item == Item {
    // What the view shows selected, carried across the update by UIKit's map.
    var shown = value
    shown.removeAll()
    for path in shownPaths {
      guard let identifier = context.item(at: path)?.differenceIdentifier else { continue }
      if value.contains(identifier) {
        shown.insert(identifier)
      } else {
        context.deselectItem(at: path, animated: false)
      }
    }
    guard shown.count < value.count else { return }
    var kept = shown
    for identifier in value where !shown.contains(identifier) {
      guard let path = context.indexPath(of: identifier) else { continue }
      context.selectItem(at: path)
      kept.insert(identifier)
    }
    if kept != value {
      value = kept
      report(context)
    }
  }

  private func report(_ context: some CoordinatorContext<Item>) {
    let value = value
    context.emit(.selection) { [weak self] in self?.onChange?(value) }
  }
}

/// A selection binding as a representable hands it over on each update: none (a tap is an
/// action), a set of identifiers, or one identifier at most; each with its value and how to
/// write a new one back.
///
/// ```swift
/// import Stagecraft
///
/// var bound: Set<Int> = [1]
/// let binding = SelectionBinding.many(bound) { bound = $0 }
/// print(binding.allowsMultipleSelection)  // prints true
/// ```
public enum SelectionBinding<ID: Hashable> {
  /// No binding: a tap is an action, reported to `onSelectItem`, and nothing stays selected.
  case none
  /// A set: multiple selection.
  case many(Set<ID>, write: (Set<ID>) -> Void)
  /// One identifier at most: single selection.
  case one(ID?, write: (ID?) -> Void)

  /// Whether the view lets more than one item be selected: with a set only.
  ///
  /// - Complexity: O(1).
  public var allowsMultipleSelection: Bool {
    if case .many = self { true } else { false }
  }
}

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
    get { _selection.allowsMultipleSelection(self) }
    set { _selection.allowsMultipleSelectionSetting = newValue }
  }

  /// The selected items, by identity: the binding's value. Setting it (a change of the
  /// binding) selects and deselects the items in the view; identifiers no data holds are
  /// dropped, and `onSelectionChange` then reports the set that stands. An identifier that
  /// the newest data holds but the view does not show yet (its diff runs off the main actor,
  /// or waits for an animation) stays, and is selected when its data arrives. After every
  /// update, the view's selection is the bound identifiers that it shows: moved items stay
  /// selected, and identifiers that left the data leave the binding.
  ///
  /// Setting it is a view update: the report arrives on the next turn of the main actor
  /// (see `performViewUpdate(_:)`).
  ///
  /// - Complexity: O(k) expected for k identifiers that changed, plus O(n) to index the
  ///   data once per version when an identifier must be looked up.
  public var selection: Set<ItemIdentifier> {
    get { _selection.value }
    set { performViewUpdate { _selection.set(newValue, self) } }
  }

  /// The one selected item: the binding of a single-selection list, flat or sectioned.
  /// Setting it selects that item alone (or none).
  ///
  /// - Complexity: That of `selection`.
  public var selectedItem: ItemIdentifier? {
    get { _selection.value.count == 1 ? _selection.value.first : nil }
    set { selection = newValue.map { [$0] } ?? [] }
  }

  /// Called when the coordinator changes the selection itself: a tap, or selected items that
  /// left the data. Not called when the app sets `selection`. Write it back to the binding.
  /// A change made during a view update arrives after it (see "Callbacks").
  ///
  /// - Complexity: O(1).
  public var onSelectionChange: ((Set<ItemIdentifier>) -> Void)? {
    get { _selection.onChange }
    set { _selection.onChange = newValue }
  }

  /// Called with the item the user tapped (`didSelectItem(at:)`), whether or not a
  /// selection is bound: the tutorial's `didSelectItem`, a row that opens a detail view.
  ///
  /// - Complexity: O(1).
  public var onSelectItem: ((Item) -> Void)? {
    get { _selection.onSelectItem }
    set { _selection.onSelectItem = newValue }
  }

  /// Whether a tapped item stays selected: `true` (the default) for a list bound to a
  /// selection; `false` for one without, where a tap is an action: the item is reported to
  /// `onSelectItem` and deselected at once, as a tapped button comes back up.
  ///
  /// - Complexity: O(1).
  public var selectsOnTap: Bool {
    get { _selection.selectsOnTap }
    set { _selection.selectsOnTap = newValue }
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
    _selection.didSelectItem(at: path, self)
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
    _selection.deselect(identifier, self)
  }
}

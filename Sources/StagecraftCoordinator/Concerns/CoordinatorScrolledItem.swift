import StagecraftDiff
import StagecraftReplay

/// The item the list is scrolled to, by identity, in both directions: the binding's value
/// scrolls the view; a scroll that comes to rest is written back.
///
/// An item the newest data holds but the view does not show yet (added in the same state
/// change) is scrolled to as soon as its data arrives, not at some later update.
@MainActor
package final class CoordinatorScrolledItem<Item: Differentiable>: CoordinatorConcern {
  package typealias ID = Item.DifferenceIdentifier

  /// The item the list was last scrolled to.
  package private(set) var value: ID?
  /// An item to scroll to once the view shows it.
  package private(set) var pending: ID? {
    didSet { hasPending = pending != nil }
  }
  // Exempt from run-time exclusivity checks, with the stored flags below: this concern is
  // main-actor isolated, and each access is a plain read or write that ends before anything
  // else runs (no access spans a call out to the app or the view).
  /// Whether an item waits: read at every update without the identifier's type (a stored
  /// flag, where `pending == nil` would look up `Optional<ID>`'s metadata each time).
  @exclusivity(unchecked) package private(set) var hasPending = false
  /// Called when a scroll comes to rest on another item: write it back.
  package var onChange: ((ID) -> Void)?

  package init() {}

  /// Nothing waits to be scrolled to.
  package var isIdle: Bool { !hasPending }

  /// Scrolls to the item with `identifier`.
  ///
  /// - Returns: Whether the view shows the item.
  @discardableResult
  package func scroll(
    to identifier: ID, alignment: ScrollAlignment, animated: Bool,
    _ context: some CoordinatorContext<Item>
  ) -> Bool {
    pending = nil
    guard let path = context.indexPath(of: identifier) else {
      if context.latestDataHolds(identifier) { pending = identifier }
      return false
    }
    context.scrollToItem(at: path, alignment: alignment, animated: animated)
    value = identifier
    return true
  }

  /// The app sets the scrolled item (a change of the binding): the view scrolls when it
  /// differs from the item the list is scrolled to.
  package func set(_ newValue: ID?, _ context: some CoordinatorContext<Item>) {
    guard let newValue, newValue != value, newValue != pending else { return }
    scroll(to: newValue, alignment: .top, animated: false, context)
  }

  /// Follows a binding as a representable hands it over on each update: `nil` for none.
  package func follow(_ binding: ScrolledItemBinding<ID>?, _ context: some CoordinatorContext<Item>)
  {
    guard let binding else {
      onChange = nil
      return
    }
    onChange = binding.write
    set(binding.value, context)
  }

  /// A scroll came to rest: the first item at least partly visible is written back when it
  /// changed.
  package func scrollDidSettle(_ context: some CoordinatorContext<Item>) {
    guard let path = context.firstVisibleItem, let item = context.item(at: path) else { return }
    let identifier = item.differenceIdentifier
    guard identifier != value else { return }
    value = identifier
    context.emit(.scrolledItem) { [weak self] in self?.onChange?(identifier) }
  }

  /// The data a pending item waited for may have arrived: scroll to it.
  package func dataDidApply<Context: CoordinatorContext>(_ context: Context)
  where Context.Item == Item {
    guard let pending else { return }
    scroll(to: pending, alignment: .top, animated: false, context)
  }
}

/// A scrolled-item binding as a representable hands it over on each update: its value (the
/// item to scroll to, or `nil`) and how to write back the item a scroll came to rest on.
///
/// ```swift
/// import Stagecraft
///
/// var scrolled: Int? = 7
/// let binding = ScrolledItemBinding(scrolled) { scrolled = $0 }
/// print(binding.value ?? -1)  // prints 7
/// ```
public struct ScrolledItemBinding<ID: Hashable> {
  /// The item to scroll to.
  public var value: ID?
  /// Writes back the item a scroll came to rest on.
  public var write: (ID) -> Void

  /// A binding.
  ///
  /// - Parameters:
  ///   - value: The item to scroll to, or `nil`.
  ///   - write: Writes back the item a scroll came to rest on.
  /// - Complexity: O(1).
  public init(_ value: ID?, write: @escaping (ID) -> Void) {
    self.value = value
    self.write = write
  }
}

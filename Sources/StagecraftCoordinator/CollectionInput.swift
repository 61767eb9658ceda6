import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// Everything a representable hands its coordinator in one SwiftUI update: the data,
/// whether the transaction animates, the bindings and the handlers. The coordinator applies
/// it in one call, `CollectionCoordinator.apply(_:)`, in one order (see there), so that a
/// shell decides nothing about order or state.
///
/// ```swift
/// import Stagecraft
///
/// @MainActor func addAndSelect() async -> [String] {
///   let view = HeadlessCollectionView(CollectionModel(items: [String]()))
///   let coordinator = CollectionCoordinator(target: view)
///   var selected: String? = nil
///   var input = CollectionInput<ArraySection<Int, String>>(items: ["a"])
///   input.selection = .one(selected) { selected = $0 }
///   coordinator.apply(input)
///   // One state change appends an item and selects it.
///   selected = "b"
///   input.sections = [ArraySection(model: 0, elements: ["a", "b"])]
///   input.selection = .one(selected) { selected = $0 }
///   coordinator.apply(input)
///   // The item is shown and selected; the binding keeps it.
///   await coordinator.waitForCallbacks()
///   return view.model.indexPathsForSelectedItems.map { "selected \($0)" } + [selected ?? "-"]
/// }
/// print(await addAndSelect())  // prints ["selected [0, 1]", "b"]
/// ```
public struct CollectionInput<Section: DifferentiableSection> {
  /// An item of the data.
  public typealias Item = Section.Collection.Element
  /// An item's identity.
  public typealias ItemIdentifier = Item.DifferenceIdentifier

  /// A reach trigger's distance and handler.
  public struct Reach {
    /// How close to the edge the handler is called.
    public var distance: ReachDistance
    /// Loads the next page (or the older messages); the trigger is busy until it returns.
    public var action: @MainActor () async -> Void

    /// A reach trigger.
    ///
    /// - Parameters:
    ///   - distance: How close to the edge; two viewports by default.
    ///   - action: The handler.
    /// - Complexity: O(1).
    public init(
      distance: ReachDistance = .viewports(2), action: @escaping @MainActor () async -> Void
    ) {
      self.distance = distance
      self.action = action
    }
  }

  /// The prefetch handlers, by identity.
  public struct Prefetch {
    /// Called with the items to prefetch, nearest first.
    public var prefetch: ([ItemIdentifier]) -> Void
    /// Called with the items whose prefetch is no longer needed.
    public var cancel: ([ItemIdentifier]) -> Void

    /// Prefetch handlers.
    ///
    /// - Parameters:
    ///   - prefetch: Starts work for items about to be shown.
    ///   - cancel: Cancels it.
    /// - Complexity: O(1).
    public init(
      prefetch: @escaping ([ItemIdentifier]) -> Void,
      cancel: @escaping ([ItemIdentifier]) -> Void = { _ in }
    ) {
      self.prefetch = prefetch
      self.cancel = cancel
    }
  }

  /// The new data.
  public var sections: [Section]
  /// Whether the transaction animates (it has an animation and does not disable them).
  public var animated: Bool
  /// The update's settings (`UpdateStrategy`): when it animates, reloads, where it is
  /// diffed and what it keeps of the scroll position. The defaults by default.
  public var strategy: UpdateStrategy
  /// The selection binding: none (a tap is an action), a set, or one identifier.
  public var selection: SelectionBinding<ItemIdentifier>
  /// The scrolled-item binding, or `nil` for none.
  public var scrolledItem: ScrolledItemBinding<ItemIdentifier>?
  /// The reach trigger at the end (load the next page), or `nil` for none.
  public var reachEnd: Reach?
  /// The reach trigger at the start (load older messages), or `nil` for none.
  public var reachStart: Reach?
  /// The prefetch handlers, or `nil` for none.
  public var prefetch: Prefetch?
  /// Called with the item the user tapped.
  public var onSelectItem: ((Item) -> Void)?

  /// An input: the data, and no binding or handler.
  ///
  /// - Parameters:
  ///   - sections: The new data.
  ///   - animated: Whether the transaction animates; `true` by default.
  ///   - strategy: The update's settings; the coordinator's, `.coordinator`, by default.
  /// - Complexity: O(1).
  public init(
    sections: [Section], animated: Bool = true,
    strategy: UpdateStrategy = .coordinator
  ) {
    self.sections = sections
    self.animated = animated
    self.strategy = strategy
    self.selection = .none
  }
}

extension CollectionInput {
  /// An input for a flat list, held as one section.
  ///
  /// - Parameters:
  ///   - items: The new items.
  ///   - animated: Whether the transaction animates; `true` by default.
  ///   - strategy: The update's settings; the coordinator's, `.coordinator`, by default.
  /// - Complexity: O(1).
  public init<Element>(
    items: [Element], animated: Bool = true,
    strategy: UpdateStrategy = .coordinator
  ) where Section == ArraySection<Int, Element> {
    self.init(
      sections: [ArraySection(model: 0, elements: items)], animated: animated, strategy: strategy)
  }
}

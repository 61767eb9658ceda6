import StagecraftDiff
import StagecraftReplay

/// What a concern of the coordinator reads of the data and the view, and what it may do to
/// them: the one context every concern reacts through. `CollectionCoordinator` is the
/// context of its own concerns; a test hands a concern a context of its own, with no
/// pipeline and no view.
@MainActor
package protocol CoordinatorContext<Item>: AnyObject {
  /// An item of the data.
  associatedtype Item: Differentiable

  /// The item at `path` in the data the view shows (during a replay, the block's data).
  func item(at path: ElementPath) -> Item?
  /// Where the item with `identifier` is in the data the view shows.
  func indexPath(of identifier: Item.DifferenceIdentifier) -> ElementPath?
  /// Whether the newest data handed in holds `identifier`, shown yet or not.
  func latestDataHolds(_ identifier: Item.DifferenceIdentifier) -> Bool
  /// A number that changes whenever the data the view shows changes.
  var dataVersion: Int { get }
  /// Whether a replay is under way: the view's calls are about the data of a block.
  var isReplaying: Bool { get }

  /// The view's selected paths, visible paths, scroll metrics, multiple-selection setting,
  /// and the first item at least partly visible.
  var selectedItemPaths: [ElementPath]? { get }
  var visibleItemPaths: [ElementPath]? { get }
  var scrollMetrics: ScrollMetrics? { get }
  var allowsSelectingMultipleItems: Bool? { get }
  var firstVisibleItem: ElementPath? { get }

  /// Selects or deselects in the view, without telling the delegate.
  func selectItem(at path: ElementPath)
  func deselectItem(at path: ElementPath, animated: Bool)
  /// Scrolls the view.
  func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool)

  /// Makes an app callback due (see `CoordinatorCallbacks.emit(_:_:)`).
  func emit(_ binding: CoordinatorCallbacks.Binding?, _ deliver: @escaping () -> Void)
  /// Drops the write-back of `binding` not yet delivered: the app handed a newer value.
  func withdraw(_ binding: CoordinatorCallbacks.Binding)
}

/// One concern of the coordinator (the selection, the scrolled item, the reach triggers,
/// the prefetch relay): it owns its state, and hears of the data and the viewport through
/// one context. A new concern is a new type, and one line in the coordinator's list.
@MainActor
package protocol CoordinatorConcern<Item>: AnyObject {
  /// An item of the data.
  associatedtype Item: Differentiable

  /// New data reached the view: an update's blocks were performed (their animations may
  /// still run), or a reload.
  func dataDidApply<Context: CoordinatorContext>(_ context: Context) where Context.Item == Item
  /// The viewport moved or changed size.
  func viewportDidChange<Context: CoordinatorContext>(_ context: Context)
  where Context.Item == Item
  /// The view is about to show the item at `path`.
  func willDisplayItem<Context: CoordinatorContext>(at path: ElementPath, _ context: Context)
  where Context.Item == Item
  /// Whether the concern has nothing to do whatever happens (no state, no handler): the
  /// coordinator then does not call it.
  var isIdle: Bool { get }
}

/// What a concern hears of: new data on the view, a viewport that moved, a cell about to be
/// shown.
package enum CoordinatorEvent {
  case dataDidApply
  case viewportDidChange
  case willDisplayItem(ElementPath)
}

extension CoordinatorConcern {
  package var isIdle: Bool { false }

  /// Hears of `event`: calls the requirement for it (new data only when not idle).
  @inline(__always)
  package func hear<Context: CoordinatorContext>(_ event: CoordinatorEvent, _ context: Context)
  where Context.Item == Item {
    switch event {
    case .dataDidApply: if !isIdle { dataDidApply(context) }
    case .viewportDidChange: viewportDidChange(context)
    case .willDisplayItem(let path): willDisplayItem(at: path, context)
    }
  }

  package func dataDidApply<Context: CoordinatorContext>(_ context: Context)
  where Context.Item == Item {}
  package func viewportDidChange<Context: CoordinatorContext>(_ context: Context)
  where Context.Item == Item {}
  package func willDisplayItem<Context: CoordinatorContext>(
    at path: ElementPath, _ context: Context
  ) where Context.Item == Item {}
}

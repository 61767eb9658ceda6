import StagecraftDiff
import StagecraftModel

/// Prefetching by identity: what the view asks for (its prefetch data source's calls),
/// mapped to identifiers through the data it shows, passed on to the app once per item.
///
/// The relay is the one keeper of what the app was asked for. The view (UIKit, or the
/// model behind a `HeadlessCollectionView`) decides what to prefetch; it tells the relay
/// through the three calls UIKit makes: prefetch, cancel, and `willDisplay` for the cell
/// that uses a prefetch. An update that deletes an outstanding item cancels it (the view
/// cannot name it: its path is gone); what the view asked for during an update is taken at
/// its end, read in the new data.
@MainActor
package final class CoordinatorPrefetchRelay<Item: Differentiable>: CoordinatorConcern {
  package typealias ID = Item.DifferenceIdentifier

  package private(set) var ledger = PrefetchLedger<ID>() {
    didSet { _followState() }
  }
  private var held: (cancel: [ID], prefetch: [ID]) = ([], []) {
    didSet { _followState() }
  }
  // Exempt from run-time exclusivity checks, with the stored flags below: this concern is
  // main-actor isolated, and each access is a plain read or write that ends before anything
  // else runs (no access spans a call out to the app or the view).
  /// Whether a prefetch is outstanding, and whether anything is (outstanding or held): read
  /// at every update without the identifier's type, as stored flags kept when the state
  /// changes.
  @exclusivity(unchecked) package private(set) var hasOutstanding = false
  @exclusivity(unchecked) private var hasState = false

  private func _followState() {
    hasOutstanding = !ledger.outstanding.isEmpty
    hasState = hasOutstanding || !held.prefetch.isEmpty || !held.cancel.isEmpty
  }
  /// Called with the items to prefetch, nearest first, and with those no longer needed.
  package var onPrefetch: (([ID]) -> Void)?
  package var onCancel: (([ID]) -> Void)?

  package init() {}

  /// Nothing is outstanding, and the view asked for nothing during an update.
  package var isIdle: Bool { !hasState }

  /// The view asks to prefetch, or cancels, the items at `paths`.
  package func take(
    cancel: [ElementPath], prefetch: [ElementPath], _ context: some CoordinatorContext<Item>
  ) {
    let cancel = cancel.compactMap { context.item(at: $0)?.differenceIdentifier }
    let prefetch = prefetch.compactMap { context.item(at: $0)?.differenceIdentifier }
    if context.isReplaying {
      held.cancel += cancel
      held.prefetch += prefetch
      return
    }
    tell(cancelled: ledger.cancel(cancel), started: ledger.prefetch(prefetch), context)
  }

  /// The cell of the item at `path` is shown: it used its prefetch.
  package func willDisplayItem<Context: CoordinatorContext>(
    at path: ElementPath, _ context: Context
  ) where Context.Item == Item {
    guard !ledger.outstanding.isEmpty, let item = context.item(at: path) else { return }
    ledger.use([item.differenceIdentifier])
  }

  /// The items on screen used what was prefetched for them (a view that tells no
  /// `willDisplay` still shows them). Not during an update: its blocks are laid out once, at
  /// its end, and what is on screen between them is not shown.
  package func viewportDidChange<Context: CoordinatorContext>(_ context: Context)
  where Context.Item == Item {
    guard !ledger.outstanding.isEmpty, !context.isReplaying,
      let visible = context.visibleItemPaths
    else { return }
    ledger.use(visible.compactMap { context.item(at: $0)?.differenceIdentifier })
  }

  /// After an update: items it deleted are cancelled, then what the view asked for during
  /// it is taken.
  package func dataDidApply<Context: CoordinatorContext>(_ context: Context)
  where Context.Item == Item {
    guard !ledger.outstanding.isEmpty || !held.prefetch.isEmpty || !held.cancel.isEmpty
    else { return }
    let taken = held
    held = ([], [])
    var cancelled = ledger.retain { context.indexPath(of: $0) != nil }
    cancelled += ledger.cancel(taken.cancel)
    tell(cancelled: cancelled, started: ledger.prefetch(taken.prefetch), context)
  }

  private func tell(
    cancelled: [ID], started: [ID], _ context: some CoordinatorContext<Item>
  ) {
    if !cancelled.isEmpty { context.emit(nil) { [weak self] in self?.onCancel?(cancelled) } }
    if !started.isEmpty { context.emit(nil) { [weak self] in self?.onPrefetch?(started) } }
  }
}

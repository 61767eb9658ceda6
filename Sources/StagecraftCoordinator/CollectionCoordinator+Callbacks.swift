import StagecraftDiff
import StagecraftModel

/// An app callback that is due: what to call, and the binding it writes, if any (a later
/// value of the same binding supersedes one not yet delivered).
struct _PendingCallback {
  enum Binding: Hashable {
    case selection
    case scrollPosition
  }

  let binding: Binding?
  let deliver: () -> Void
}

extension CollectionCoordinator {
  /// Runs `body` as a SwiftUI view update: every app callback it causes (a selection written
  /// back, a reach or prefetch callback, load more, a scroll position) waits until the next
  /// turn of the main actor, so that no state is written while SwiftUI updates its views.
  ///
  /// `update(sections:animated:)`, `update(items:animated:)`, setting `selection`,
  /// `selectedItem` or `scrolledItem`, and `windowDidChange()` are view updates already; a
  /// representable wraps the rest of `updateUIViewController` in this call too, so that what
  /// UIKit calls back meanwhile (a scroll the new insets cause) waits as well. Callbacks
  /// caused outside a view update (a tap, a scroll) are delivered at once, after any still
  /// pending.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// @MainActor func written() async -> [String] {
  ///   let view = HeadlessCollectionView(
  ///     CollectionModel(items: [Int](), configuration: .init(allowsMultipleSelection: true)),
  ///     items: { [] })
  ///   let coordinator = CollectionCoordinator(target: view)
  ///   var log: [String] = []
  ///   coordinator.onSelectionChange = { log.append("binding \($0.sorted())") }
  ///   coordinator.update(items: [1, 2, 3], animated: false)
  ///   coordinator.selection = [2, 9]  // 9 is not in the data: the binding hears [2]
  ///   log.append("pending \(coordinator.hasPendingCallbacks)")
  ///   await coordinator.waitForCallbacks()
  ///   return log
  /// }
  /// print(await written())  // prints ["pending true", "binding [2]"]
  /// ```
  ///
  /// - Parameter body: The view update.
  /// - Returns: What `body` returns.
  /// - Complexity: O(1), and `body`.
  @discardableResult
  public func performViewUpdate<Result>(_ body: () throws -> Result) rethrows -> Result {
    _viewUpdateDepth += 1
    defer {
      _viewUpdateDepth -= 1
      if _viewUpdateDepth == 0, !_pending.isEmpty { _scheduleDelivery() }
    }
    return try body()
  }

  /// Whether app callbacks are due and not yet delivered: they arrive on the next turn of
  /// the main actor (or at the next callback outside a view update).
  ///
  /// - Complexity: O(1).
  public var hasPendingCallbacks: Bool { !_pending.isEmpty }

  /// Lets the main actor turn, then delivers the callbacks still due: what a test awaits
  /// after driving the coordinator as SwiftUI does.
  ///
  /// - Complexity: O(k) for the k callbacks due.
  public func waitForCallbacks() async {
    await Task.yield()
    _deliverPending()
  }

  /// Makes a callback due: at once outside a view update (after those still pending), on
  /// the next turn of the main actor inside one.
  func _emit(_ binding: _PendingCallback.Binding? = nil, _ deliver: @escaping () -> Void) {
    if let binding { _pending.removeAll { $0.binding == binding } }
    _pending.append(_PendingCallback(binding: binding, deliver: deliver))
    if _viewUpdateDepth > 0 { _scheduleDelivery() } else { _deliverPending() }
  }

  func _scheduleDelivery() {
    guard !_deliveryScheduled else { return }
    _deliveryScheduled = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      _deliveryScheduled = false
      _deliverPending()
    }
  }

  /// Delivers the callbacks due, in order, unless a view update is under way.
  func _deliverPending() {
    while _viewUpdateDepth == 0, !_pending.isEmpty {
      _pending.removeFirst().deliver()
    }
    if !_pending.isEmpty { _scheduleDelivery() }
  }

  /// Reports the selection, to be written back to the binding.
  func _reportSelection() {
    let value = _selection
    _emit(.selection) { [weak self] in self?.onSelectionChange?(value) }
  }
}

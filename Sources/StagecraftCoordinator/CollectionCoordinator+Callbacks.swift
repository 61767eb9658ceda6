import StagecraftDiff
import StagecraftModel

extension CollectionCoordinator {
  /// Runs `body` as a SwiftUI view update: every app callback it causes (a selection written
  /// back, a reach or prefetch callback, load more, a scroll position) waits until the next
  /// turn of the main actor, so that no state is written while SwiftUI updates its views.
  ///
  /// `update(sections:animated:)`, `update(items:animated:)`, setting `selection`,
  /// `selectedItem` or `scrolledItem`, and `windowDidChange()` are view updates already; a
  /// representable that does not hand its update over as one `apply(_:configuringView:)`
  /// wraps the rest of `updateUIViewController` in this call, so that what
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
    try _callbacks.performViewUpdate(body)
  }

  /// Whether app callbacks are due and not yet delivered: they arrive on the next turn of
  /// the main actor (or at the next callback outside a view update).
  ///
  /// - Complexity: O(1).
  public var hasPendingCallbacks: Bool { _callbacks.hasPending }

  /// Lets the main actor turn, then delivers the callbacks still due: what a test awaits
  /// after driving the coordinator as SwiftUI does.
  ///
  /// - Complexity: O(k) for the k callbacks due.
  public func waitForCallbacks() async {
    await Task.yield()
    _callbacks.deliverPending()
  }
}

/// The coordinator's callback queue: app callbacks made during a view update wait for the
/// next turn of the main actor, in order, so that no state is written while SwiftUI updates
/// its views; those made outside one are delivered at once, after any still pending.
@MainActor
package final class CoordinatorCallbacks {
  /// A binding a callback writes: a later value of the same binding supersedes one not yet
  /// delivered.
  package enum Binding: Hashable, Sendable {
    case selection
    case scrolledItem
  }

  private struct Pending {
    let binding: Binding?
    let deliver: () -> Void
  }

  // Exempt from run-time exclusivity checks, with the stored flags below: this concern is
  // main-actor isolated, and each access is a plain read or write that ends before anything
  // else runs (no access spans a call out to the app or the view).
  @exclusivity(unchecked) private var pending: [Pending] = []
  /// How many view-update calls are under way.
  @exclusivity(unchecked) private var depth = 0
  /// Whether a delivery of the pending callbacks is scheduled.
  @exclusivity(unchecked) private var deliveryScheduled = false

  package init() {}

  /// Whether callbacks are due and not yet delivered.
  package var hasPending: Bool { !pending.isEmpty }

  /// Whether a view update is under way.
  package var isInViewUpdate: Bool { depth > 0 }

  /// Runs `body` as a view update: the callbacks it causes wait for the next turn.
  package func performViewUpdate<Result>(_ body: () throws -> Result) rethrows -> Result {
    depth += 1
    defer {
      depth -= 1
      if depth == 0, !pending.isEmpty { scheduleDelivery() }
    }
    return try body()
  }

  /// Makes a callback due: at once outside a view update (after those still pending), on
  /// the next turn of the main actor inside one.
  package func emit(_ binding: Binding?, _ deliver: @escaping () -> Void) {
    if let binding { pending.removeAll { $0.binding == binding } }
    pending.append(Pending(binding: binding, deliver: deliver))
    if depth > 0 { scheduleDelivery() } else { deliverPending() }
  }

  /// Drops the write-back of `binding` not yet delivered.
  package func withdraw(_ binding: Binding) {
    pending.removeAll { $0.binding == binding }
  }

  /// Delivers the callbacks due, in order, unless a view update is under way.
  package func deliverPending() {
    while depth == 0, !pending.isEmpty {
      pending.removeFirst().deliver()
    }
    if !pending.isEmpty { scheduleDelivery() }
  }

  private func scheduleDelivery() {
    guard !deliveryScheduled else { return }
    deliveryScheduled = true
    Task { @MainActor [weak self] in
      guard let self else { return }
      deliveryScheduled = false
      deliverPending()
    }
  }
}

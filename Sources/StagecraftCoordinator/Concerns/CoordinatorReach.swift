import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// The reach triggers (`onReachEnd`, `onReachStart`) and the direction of the last scroll:
/// when the list asks the app for more.
@MainActor
package final class CoordinatorReach<Item: Differentiable>: CoordinatorConcern {
  package var end = ReachTrigger(.end)
  package var start = ReachTrigger(.start)
  package private(set) var direction = ScrollDirection.forward
  private var lastOffset: Double?

  // Exempt from run-time exclusivity checks, with the stored flags below: this concern is
  // main-actor isolated, and each access is a plain read or write that ends before anything
  // else runs (no access spans a call out to the app or the view).
  /// Called near the end and near the start; each trigger is busy until its handler returns.
  @exclusivity(unchecked) package var onReachEnd: (@MainActor () async -> Void)?
  @exclusivity(unchecked) package var onReachStart: (@MainActor () async -> Void)?

  package init() {}

  /// No handler: no trigger fires. (The direction is followed by `viewportDidChange`,
  /// which runs whatever this says.)
  package var isIdle: Bool { onReachEnd == nil && onReachStart == nil }

  /// A scroll that grew the offset goes forward, one that shrank it backward; an offset an
  /// update sets to keep the scroll position is not a scroll. Then the triggers look.
  package func viewportDidChange<Context: CoordinatorContext>(_ context: Context)
  where Context.Item == Item {
    guard let metrics = context.scrollMetrics else { return }
    if !context.isReplaying, let last = lastOffset, metrics.contentOffset != last {
      direction = metrics.contentOffset > last ? .forward : .backward
    }
    lastOffset = metrics.contentOffset
    evaluate(context)
  }

  /// The triggers look at the new content.
  package func dataDidApply<Context: CoordinatorContext>(_ context: Context)
  where Context.Item == Item {
    evaluate(context)
  }

  /// Handlers were set: they look at what is there now, as after new data.
  package func handlersDidChange<Context: CoordinatorContext>(_ context: Context)
  where Context.Item == Item {
    dataDidApply(context)
  }

  /// Evaluates the triggers that have a handler, on the view's scroll metrics (a view not
  /// laid out yet, with no viewport, is skipped).
  package func evaluate(_ context: some CoordinatorContext<Item>) {
    guard onReachEnd != nil || onReachStart != nil, let metrics = context.scrollMetrics,
      metrics.viewportHeight > 0
    else { return }
    lastOffset = metrics.contentOffset
    if onReachEnd != nil, end.evaluate(metrics, direction: direction) {
      context.emit(nil) { [weak self, weak context] in
        guard let context else { return }
        self?.run(.end, context)
      }
    }
    if onReachStart != nil, start.evaluate(metrics, direction: direction) {
      context.emit(nil) { [weak self, weak context] in
        guard let context else { return }
        self?.run(.start, context)
      }
    }
  }

  /// Runs the app's handler of `edge`; when it returns, the trigger is idle and evaluated
  /// again.
  private func run<Context: CoordinatorContext<Item>>(_ edge: ReachTrigger.Edge, _ context: Context)
  {
    guard let handler = edge == .end ? onReachEnd : onReachStart else {
      complete(edge, context)
      return
    }
    let run: @MainActor () async -> Void = { [weak self, weak context] in
      await handler()
      guard let self, let context else { return }
      complete(edge, context)
    }
    // The handler starts now, in the delivery (outside any view update), and runs on until
    // it first suspends: a handler that appends a page it has at hand does so in this turn.
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      Task.immediate { @MainActor in await run() }
    } else {
      Task { @MainActor in await run() }
    }
  }

  private func complete(_ edge: ReachTrigger.Edge, _ context: some CoordinatorContext<Item>) {
    if edge == .end { end.complete() } else { start.complete() }
    evaluate(context)
  }
}

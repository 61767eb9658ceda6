import Stagecraft
import Synchronization

/// Collects the reports of a guard, from any thread: the one fallback log the tests share.
///
/// ```swift
/// import Stagecraft
/// import StagecraftTestSupport
///
/// @MainActor func causes() -> [String] {
///   let log = FallbackLog()
///   var items = [1, 2]
///   let view = HeadlessCollectionView(CollectionModel(items: items), items: { items })
///   view.isOnScreen = false
///   view.reload(
///     using: StagedChangeset(source: items, target: [2]), guard: log.guarding,
///     setData: { items = $0 })
///   return log.reports.map { "\($0.cause)" }
/// }
/// print(await causes())  // prints ["offScreen"]
/// ```
public final class FallbackLog: Sendable {
  private let storage = Mutex<[BatchUpdateFallback]>([])

  /// A log with no report yet.
  public init() {}

  /// The reports so far, in order.
  public var reports: [BatchUpdateFallback] { storage.withLock { $0 } }

  /// A guard that reports here, with the classic wording.
  public var guarding: UpdateGuard { guarding(wording: .classic) }

  /// A guard that reports here, with `wording`.
  ///
  /// - Parameter wording: The text of count failures in the reports.
  /// - Returns: The guard.
  public func guarding(wording: BatchUpdateError.Wording) -> UpdateGuard {
    UpdateGuard(
      wording: wording, onFallback: { fallback in self.storage.withLock { $0.append(fallback) } })
  }

  /// Records a report, as a guard's `onFallback` does.
  ///
  /// - Parameter report: The report.
  public func append(_ report: BatchUpdateFallback) { storage.withLock { $0.append(report) } }
}

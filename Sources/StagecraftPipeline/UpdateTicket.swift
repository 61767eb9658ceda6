import StagecraftDiff
import StagecraftModel

/// A request made to an `UpdatePipeline`, which can be cancelled from any thread.
///
/// ```swift
/// import Stagecraft
///
/// let ticket = UpdateTicket()
/// ticket.cancel()
/// print(ticket.isCancelled)  // prints true
/// ```
public final class UpdateTicket: Sendable {
  private let cancelled = _Locked(false)

  /// Creates a ticket that is not cancelled.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Cancels the request: before its replay starts, the target is left untouched; during
  /// it, the rest of the replay becomes a reload. Too late once its last block is issued.
  ///
  /// - Complexity: O(1).
  public func cancel() { cancelled.withLock { $0 = true } }

  /// Whether `cancel()` was called.
  ///
  /// - Complexity: O(1).
  public var isCancelled: Bool { cancelled.withLock { $0 } }
}

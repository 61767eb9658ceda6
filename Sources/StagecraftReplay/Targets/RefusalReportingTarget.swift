/// A view double that records what UIKit would raise instead of raising
/// (`HeadlessCollectionView`), so that a guarded replay can report it and recover.
///
/// A guarded replay reads `lastBlockRefusal` after each block: a refused block is recorded as
/// refused, reported once as a fallback, and replaced by a reload with the final data, as the
/// guard does for a block it refuses itself. A target that refuses a block recovers on its
/// own before it returns (by reloading from its data source); the completion it calls for the
/// refused block is not passed on, since the replay ends with the guard's reload
/// (`ReplayOutcome.fellBack`). A real view raises, and does not adopt this.
public protocol RefusalReportingTarget: BatchUpdateTarget {
  /// The refusal of the last block the target took, with UIKit's text where it is a
  /// `BatchUpdateError`; `nil` when it took the block.
  ///
  /// - Complexity: O(1).
  var lastBlockRefusal: (any Error)? { get }
}

extension RefusalReportingTarget {
  /// `lastBlockRefusal`, for the replay.
  public var _lastBlockRefusal: (any Error)? { lastBlockRefusal }
}

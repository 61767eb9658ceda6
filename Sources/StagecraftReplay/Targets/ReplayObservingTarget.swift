/// A target that reacts to an update as a whole: `CollectionModel` evaluates its prefetch
/// and reach triggers once, against the final data, and a headless view lays its cells out
/// once, as UIKit lays out a batch.
public protocol ReplayObservingTarget: BatchUpdateTarget {
  /// The replay is about to bring one update onto the target: the blocks of a staged
  /// changeset, or the reload that replaces them. Each call is followed by one
  /// `replayDidEnd()`; calls may nest.
  ///
  /// A target that reacts to its data and its scroll position waits for the outermost
  /// `replayDidEnd()` and reacts once, to the final data; the offsets the replay sets to keep
  /// the scroll position in between are not scrolls.
  ///
  /// - Complexity: O(1).
  mutating func replayWillBegin()

  /// The update that `replayWillBegin()` announced has been applied: every block has been
  /// performed (their animations may still run), or the reload that replaced them.
  ///
  /// - Complexity: What the target does in reaction.
  mutating func replayDidEnd()
}

extension ReplayObservingTarget {
  /// `replayWillBegin()`, for the replay.
  public mutating func _replayWillBegin() { replayWillBegin() }
  /// `replayDidEnd()`, for the replay.
  public mutating func _replayDidEnd() { replayDidEnd() }
}

import StagecraftReplay

/// Which way the list was last scrolled: `forward` when a scroll grew the content offset
/// (toward the end), `backward` when it shrank it (toward the start).
///
/// Before the first scroll the direction is `forward`. An offset that an update sets to keep
/// the scroll position (`ScrollAnchoring`) is not a scroll and leaves the direction as
/// it was.
public enum ScrollDirection: Hashable, Sendable, CustomStringConvertible {
  /// Toward the end: the offset grew.
  case forward
  /// Toward the start: the offset shrank.
  case backward

  /// `forward` or `backward`.
  ///
  /// - Complexity: O(1).
  public var description: String { self == .forward ? "forward" : "backward" }
}

extension StagedChangeset
where
  Collection: RangeReplaceableCollection,
  Collection.Element: Differentiable
{
  /// Computes the staged changeset that turns `source` into `target`.
  ///
  /// Elements are matched by `differenceIdentifier`, maximally (the common prefix and
  /// suffix in place, long unchanged runs together, the rest the k-th occurrence of an
  /// identifier in `target` with its k-th occurrence in `source`), and compared with
  /// `isContentEqual(to:)`. The result has at most three stages, empty ones left out:
  /// 1. `elementUpdated` at source indexes;
  /// 2. `elementDeleted` at source indexes;
  /// 3. `elementInserted` at target indexes and `elementMoved` from the post-delete
  ///    index to the target index. The unmoved elements form a longest increasing
  ///    subsequence, so the number of moves is the minimum.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// let staged = StagedChangeset(source: ["a", "b", "c", "d"], target: ["b", "c", "d", "a"])
  /// print(staged[0].elementMoved)  // prints [Move([0, 0] -> [0, 3])]
  /// ```
  ///
  /// - Parameters:
  ///   - source: The collection before the update.
  ///   - target: The collection after the update.
  ///   - section: The section index to put in every `ElementPath`; 0 by default.
  /// - Complexity: Expected O(n + m) identifier comparisons, plus hashing and O(k log k)
  ///   for the moves among the k elements outside the common prefix, suffix and long
  ///   unchanged runs, where n and m are the lengths of `source` and `target`; assumes a
  ///   good hash function for the identifiers (with colliding hashes the result is still
  ///   correct, only slower). A local edit costs comparisons plus the hashing of what
  ///   changed.
  @inlinable
  public init(source: Collection, target: Collection, section: Int = 0) {
    self = _flatStagedChangeset(source: source, target: target, section: section)
    _checkInvariants()
  }
}

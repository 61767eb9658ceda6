extension StagedChangeset
where
  Collection: RangeReplaceableCollection,
  Collection.Element: DifferentiableSection
{
  /// Computes the staged changeset that turns the sections `source` into `target`.
  ///
  /// Sections are matched by their identifier, elements by theirs, across all sections at
  /// once (an element may change section). The result has at most five stages, empty ones
  /// left out:
  /// 1. `elementUpdated` at source paths;
  /// 2. `sectionDeleted` and `elementDeleted`, at source indexes and paths;
  /// 3. `sectionInserted` at target indexes and `sectionMoved` from the post-delete index;
  /// 4. `elementInserted` at target paths and `elementMoved` from the path after stage 3;
  /// 5. `sectionUpdated` at target indexes.
  ///
  /// The elements of a deleted section are not listed as deleted, nor those of an
  /// inserted section as inserted. An element whose source section is gone is an insert;
  /// one whose target section is new is a delete.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// let old = [ArraySection(model: "A", elements: [1, 2]), ArraySection(model: "B", elements: [3])]
  /// let new = [ArraySection(model: "A", elements: [1]), ArraySection(model: "B", elements: [3, 2])]
  /// print(StagedChangeset(source: old, target: new)[0].elementMoved)
  /// // prints [Move([0, 1] -> [1, 1])]
  /// ```
  ///
  /// - Parameters:
  ///   - source: The sections before the update.
  ///   - target: The sections after the update.
  /// - Complexity: Expected O(S + N) hashing plus O(k log k) for the moves, where S is
  ///   the number of sections, N the number of elements and k the number of matched
  ///   elements; assumes a good hash function for the identifiers.
  @inlinable
  public init(source: Collection, target: Collection) {
    self = _sectionedStagedChangeset(source: source, target: target)
    _checkInvariants()
  }
}

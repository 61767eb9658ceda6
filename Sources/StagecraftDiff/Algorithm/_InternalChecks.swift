/// Whether this build of the library checks its internal invariants (the
/// `STAGECRAFT_INTERNAL_CHECKS` compilation condition, on in debug builds). The benchmark
/// refuses to report when it is on.
public let _stagecraftInternalChecksEnabled: Bool = {
  #if STAGECRAFT_INTERNAL_CHECKS
    return true
  #else
    return false
  #endif
}()

extension _OccurrenceMatching {
  /// Traps when the two directions of the matching disagree; compiled only with
  /// `STAGECRAFT_INTERNAL_CHECKS`.
  @inlinable
  @inline(__always)
  internal func _checkInvariants() {
    #if STAGECRAFT_INTERNAL_CHECKS
      var matched = 0
      for (source, target) in sourceToTarget.enumerated() where target >= 0 {
        precondition(targetToSource[target] == source, "matching is not one-to-one")
        matched += 1
      }
      precondition(matched == matchedCount, "matched count is off")
      for (target, source) in targetToSource.enumerated() where source >= 0 {
        precondition(sourceToTarget[source] == target, "matching is not one-to-one")
      }
    #endif
  }
}

extension StagedChangeset {
  /// Traps when a stage's lists are out of canonical order or contain duplicates;
  /// compiled only with `STAGECRAFT_INTERNAL_CHECKS`.
  @inlinable
  @inline(__always)
  internal func _checkInvariants() {
    #if STAGECRAFT_INTERNAL_CHECKS
      func strictlyAscending<T: Comparable>(_ list: [T]) -> Bool {
        zip(list, list.dropFirst()).allSatisfy { $0 < $1 }
      }
      for stage in self {
        precondition(stage.hasChanges, "an empty stage")
        precondition(strictlyAscending(stage.sectionDeleted), "section deletes out of order")
        precondition(strictlyAscending(stage.sectionInserted), "section inserts out of order")
        precondition(strictlyAscending(stage.sectionUpdated), "section updates out of order")
        precondition(strictlyAscending(stage.elementDeleted), "deletes out of order")
        precondition(strictlyAscending(stage.elementInserted), "inserts out of order")
        precondition(strictlyAscending(stage.elementUpdated), "updates out of order")
        precondition(
          strictlyAscending(stage.elementMoved.map(\.target)), "moves out of target order")
        precondition(
          strictlyAscending(stage.sectionMoved.map(\.target)), "section moves out of order")
      }
    #endif
  }
}

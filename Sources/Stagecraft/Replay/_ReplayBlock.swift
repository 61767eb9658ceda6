/// One `performBatchUpdates` block of a replay: the calls, the silent refreshes, and the
/// changeset it applies (what `interrupt` sees).
@usableFromInline
internal struct _ReplayBlock<C: Collection> {
  @usableFromInline internal var batch: BatchUpdate
  @usableFromInline internal var refreshing: [Move<ElementPath>]
  @usableFromInline internal var changeset: Changeset<C>

  /// The blocks that replay `staged`. An updated path whose mode is `.reload` is reloaded
  /// in its stage's block. When every updated path of an update stage is `.reconfigure`
  /// or `.silent` and another stage follows, the update stage is merged into it: each
  /// updated path (before) is carried through the next stage's old → new map to the
  /// position where the element is after the block.
  ///
  /// - Complexity: O(s · (n + c log c)), where s is the number of stages.
  @usableFromInline
  internal static func blocks(
    for staged: StagedChangeset<C>, elementUpdates mode: (ElementPath) -> ElementUpdateMode
  ) -> [_ReplayBlock] {
    var blocks: [_ReplayBlock] = []
    var pendingUpdates: [ElementPath] = []
    var countsBefore: [Int] = []  // item counts before the block that takes the updates
    for (index, stage) in staged.enumerated() {
      var batch = BatchUpdate(
        deleteSections: stage.sectionDeleted, insertSections: stage.sectionInserted,
        reloadSections: stage.sectionUpdated, moveSections: stage.sectionMoved,
        deleteItems: stage.elementDeleted, insertItems: stage.elementInserted,
        moveItems: stage.elementMoved)
      let counts = _itemCounts(stage.data)
      let isUpdateStage =
        !stage.elementUpdated.isEmpty && !stage.hasSectionChanges
        && stage.elementDeleted.isEmpty && stage.elementInserted.isEmpty
        && stage.elementMoved.isEmpty
      if isUpdateStage, index < staged.count - 1,
        stage.elementUpdated.allSatisfy({ mode($0) != .reload })
      {
        // Carried into the next block; an update stage does not change the counts.
        pendingUpdates = stage.elementUpdated
        countsBefore = counts
        continue
      }
      var changeset = stage
      var updates = stage.elementUpdated
      var afterPaths = stage.elementUpdated
      if !pendingUpdates.isEmpty {
        changeset.elementUpdated = pendingUpdates
        updates = pendingUpdates
        afterPaths = _carry(pendingUpdates, through: batch, before: countsBefore, after: counts)
        pendingUpdates = []
      }
      var refreshing: [Move<ElementPath>] = []
      for (before, after) in zip(updates, afterPaths) {
        switch mode(before) {
        case .reload: batch.reloadItems.append(before)
        case .reconfigure: batch.reconfigureItems.append(after)
        case .silent: refreshing.append(Move(source: before, target: after))
        }
      }
      blocks.append(_ReplayBlock(batch: batch, refreshing: refreshing, changeset: changeset))
    }
    return blocks
  }

  /// Where the items at `paths` (before `batch`) are after it, by the old → new map.
  @usableFromInline
  internal static func _carry(
    _ paths: [ElementPath], through batch: BatchUpdate, before: [Int], after: [Int]
  ) -> [ElementPath] {
    guard let plan = try? _BatchPlan(before: before, after: after, batch: batch, strict: false)
    else { return paths }
    var destination: [ElementPath: ElementPath] = [:]
    let wanted = Set(paths)
    for (section, sources) in plan.itemSource.enumerated() {
      for (element, source) in sources.enumerated() {
        if let source, wanted.contains(source) {
          destination[source] = ElementPath(element: element, section: section)
        }
      }
    }
    return paths.map { destination[$0] ?? $0 }
  }
}

/// The item counts per section of a stage's data: one section for a flat collection.
@usableFromInline
internal func _itemCounts<C: Collection>(_ data: C) -> [Int] {
  guard C.Element.self is any DifferentiableSection.Type else { return [data.count] }
  return data.map { element in
    (element as? any DifferentiableSection).map { $0.elements.count } ?? 0
  }
}

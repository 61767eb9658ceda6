import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftReplay

extension UpdatePipeline where Data: RangeReplaceableCollection, Data.Element: Differentiable {
  /// Creates a pipeline that shows a flat list on a view.
  ///
  /// - Parameters:
  ///   - target: The view, such as a `UICollectionView`.
  ///   - items: What the view shows now.
  ///   - strategy: The updates' settings (`UpdateStrategy`).
  ///   - configureCell: Configures a realized cell for the item at a path, for a silent
  ///     refresh (`UpdateStrategy.elementUpdates`).
  ///   - check: What to do with a block UIKit would refuse; every replay is guarded. `nil`
  ///     (the default) reads `UpdateGuard.standard` at each update, so that a recorder the app
  ///     sets on it later is used.
  /// - Complexity: O(1).
  public convenience init<Target: BatchUpdateTarget & AnyObject>(
    target: Target, items: Data, strategy: UpdateStrategy = UpdateStrategy(),
    configureCell: ((Target.ElementUpdates.Cell, ElementPath) -> Void)? = nil,
    guard check: UpdateGuard? = nil
  ) where Target.Snapshot == Void, Target.Failure == Failure {
    self.init(
      view: target, data: items, strategy: strategy, configureCell: configureCell, guard: check,
      counts: { .items($0.count) },
      wiring: _PipelineWiring(relocate: { _relocateFlat($0, $1, $2) }),
      diff: { StagedChangeset(source: $0, target: $1) })
  }
}

extension UpdatePipeline
where Data: RangeReplaceableCollection, Data.Element: DifferentiableSection {
  /// Creates a pipeline that shows a list of sections on a view.
  ///
  /// - Parameters:
  ///   - target: The view, such as a `UICollectionView`.
  ///   - sections: What the view shows now.
  ///   - strategy: The updates' settings (`UpdateStrategy`).
  ///   - configureCell: Configures a realized cell for the item at a path, for a silent
  ///     refresh (`UpdateStrategy.elementUpdates`).
  ///   - check: What to do with a block UIKit would refuse; every replay is guarded. `nil`
  ///     (the default) reads `UpdateGuard.standard` at each update, so that a recorder the app
  ///     sets on it later is used.
  /// - Complexity: O(1).
  public convenience init<Target: BatchUpdateTarget & AnyObject>(
    target: Target, sections: Data, strategy: UpdateStrategy = UpdateStrategy(),
    configureCell: ((Target.ElementUpdates.Cell, ElementPath) -> Void)? = nil,
    guard check: UpdateGuard? = nil
  ) where Target.Snapshot == Void, Target.Failure == Failure {
    self.init(
      view: target, data: sections, strategy: strategy, configureCell: configureCell,
      guard: check,
      counts: { .sections(of: $0) }, elementCount: { _BlockCounts.elementCount(ofSections: $0) },
      wiring: _PipelineWiring(relocate: { _relocateSections($0, $1, $2) }),
      diff: { StagedChangeset(source: $0, target: $1) })
  }
}

extension UpdatePipeline where Data: RangeReplaceableCollection, Data.Element: Differentiable {
  /// Creates a pipeline that shows a flat list on a `CollectionModelView`: a test's view,
  /// which holds its data itself (a block it refuses ends the request as `.failed`).
  ///
  /// - Parameters:
  ///   - target: The view; its model shows `items` in section 0.
  ///   - items: What the view shows now.
  ///   - strategy: The updates' settings (`UpdateStrategy`).
  /// - Complexity: O(1).
  public convenience init(
    target: CollectionModelView<ArraySection<Int, Data.Element>>, items: Data,
    strategy: UpdateStrategy = UpdateStrategy()
  ) where Failure == BatchUpdateError {
    self.init(
      target: target, data: items, strategy: strategy,
      diff: { StagedChangeset(source: $0, target: $1) },
      snapshot: { [ArraySection(model: 0, elements: $0)] }, elementCount: { $0.count },
      wiring: _PipelineWiring(relocate: { _relocateFlat($0, $1, $2) }))
  }
}

extension UpdatePipeline
where Data: RangeReplaceableCollection, Data.Element: DifferentiableSection {
  /// Creates a pipeline that shows a list of sections on a `CollectionModelView`: a test's
  /// view, which holds its data itself (a block it refuses ends the request as `.failed`).
  ///
  /// - Parameters:
  ///   - target: The view; its model shows `sections`.
  ///   - sections: What the view shows now.
  ///   - strategy: The updates' settings (`UpdateStrategy`).
  /// - Complexity: O(1).
  public convenience init(
    target: CollectionModelView<Data.Element>, sections: Data,
    strategy: UpdateStrategy = UpdateStrategy()
  ) where Failure == BatchUpdateError {
    self.init(
      target: target, data: sections, strategy: strategy,
      diff: { StagedChangeset(source: $0, target: $1) }, snapshot: { Array($0) },
      elementCount: { $0.reduce(0) { $0 + $1.elements.count } },
      wiring: _PipelineWiring(relocate: { _relocateSections($0, $1, $2) }))
  }
}

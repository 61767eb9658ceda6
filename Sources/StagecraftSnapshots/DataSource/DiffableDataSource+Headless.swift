import StagecraftDiff
import StagecraftGuard
import StagecraftModel
import StagecraftReplay

extension DiffableDataSource {
  /// Creates a data source for a `HeadlessCollectionView`, wired in this one call, as Apple's
  /// `UICollectionViewDiffableDataSource(collectionView:cellProvider:)` becomes its view's data
  /// source: the view reads its sections from the data source (held weakly) and shows its
  /// empty snapshot at once, so the first apply animates instead of falling back.
  ///
  /// ```swift
  /// import Stagecraft
  ///
  /// typealias Section = DiffableSnapshot<String, Int>.Section
  ///
  /// @MainActor func firstApply() -> String {
  ///   // A view that shows one empty section, as a flat list's first model does.
  ///   let view = HeadlessCollectionView(
  ///     CollectionModel(sections: [Section(model: SnapshotSection(""), elements: [])]))
  ///   let dataSource = DiffableDataSource(target: view)
  ///   var snapshot = DiffableSnapshot<String, Int>()
  ///   try? snapshot.appendSections(["Inbox"])
  ///   try? snapshot.appendItems([1, 2, 3])
  ///   dataSource.apply(snapshot, animatingDifferences: true, completion: nil)
  ///   return "\(view.model.sections.map(\.elements.count)), \(view.refusals.count) refused"
  /// }
  /// print(await firstApply())  // prints [3], 0 refused
  /// ```
  ///
  /// - Parameter target: The view; what it showed before is replaced by the data source's
  ///   (empty) snapshot.
  /// - Complexity: O(S + v) for the view's reload, for S sections and v cells it showed.
  @MainActor
  public convenience init(target: HeadlessCollectionView<Section>)
  where Target == HeadlessCollectionView<Section> {
    self.init(target: target, targetSnapshot: { _ in () }, replayer: Self._guardedReplayer())
    target.dataSource = { [weak self] in self?._shown ?? [] }
    // The view's drag reaches the data source first, as UIKit's data-source call does.
    target.moveItemInDataSource = { [weak self] source, destination in
      self?.viewDidMoveItem(at: source, to: destination)
    }
    // The item each realized cell was last configured with.
    itemsShownByView = { [weak target] in
      target?.model.cells.map { (path: $0.key, item: $0.value.element.identifier) } ?? []
    }
    target.reloadData((), setData: {})
  }
}

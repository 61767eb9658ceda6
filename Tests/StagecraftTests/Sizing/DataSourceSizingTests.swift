import Stagecraft
import StagecraftTestSupport
import Synchronization
import Testing

@testable import StagecraftModel

/// A `DiffableDataSource` on a `HeadlessCollectionView` whose cells size themselves from the
/// app's store, by identifier: a snapshot's `reconfigureItems` (the identifier kept, the
/// content new in the store) measures the item again, its last size its estimate until then;
/// inserts, deletes and moves keep every other size; the anchor holds.
@MainActor
@Suite("Self-sizing through a DiffableDataSource")
struct DataSourceSizingTests {
  typealias Section = DiffableSnapshot<String, Int>.Section

  /// The app's store: each item's text length, which its cell's height follows.
  final class Store: Sendable {
    let lengths = Mutex<[Int: Int]>([:])
    func height(_ id: Int) -> Double {
      Double(20 + (lengths.withLock { $0[id] ?? 0 } % 9) * 10)
    }
  }

  @Test("random applies keep the sizes, the anchor and the reconfigured items' new sizes")
  func randomApplies() {
    for seed in 0..<TestScale.count(60) {
      var rng = SplitMix64(seed: UInt64(seed))
      let store = Store()
      var model = CollectionModel(sections: [Section](), viewport: .none)
      model.geometry = .init(
        viewportHeight: 300, viewportWidth: 320, estimatedItemHeight: 44,
        selfSizing: { item, _ in store.height(item.identifier) })
      let view = HeadlessCollectionView(model)
      let dataSource = DiffableDataSource<HeadlessCollectionView<Section>, String, Int>(
        target: view)
      dataSource.strategy = UpdateStrategy(anchoring: .keepAnchor)
      view.dataSource = { [weak dataSource] in dataSource?.shownSections ?? [] }
      var items = Array(0..<40)
      var fresh = 40
      var snapshot = DiffableSnapshot<String, Int>()
      try? snapshot.appendSections(["main"])
      try? snapshot.appendItems(items)
      dataSource.apply(snapshot, animatingDifferences: false, completion: nil)
      view.setContentOffset(Double(Int.random(in: 0...800, using: &rng)))
      var problems: [String] = []
      for step in 0..<25 {
        // A rotation, or the keyboard's inset, now and then.
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: view.geometry!.viewportWidth = [320, 375].randomElement(using: &rng)!
        case 1: view.geometry!.viewportHeight = [300, 150].randomElement(using: &rng)!
        default: break
        }
        let before = view.model.scrollAnchor
        var next = DiffableSnapshot<String, Int>()
        try? next.appendSections(["main"])
        // Some deleted, some inserted, one moved; some reconfigured with new content.
        for _ in 0..<Int.random(in: 0...2, using: &rng) where items.count > 5 {
          items.remove(at: Int.random(in: 0..<items.count, using: &rng))
        }
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
          items.insert(fresh, at: Int.random(in: 0...items.count, using: &rng))
          fresh += 1
        }
        try? next.appendItems(items)
        let reconfigured = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
          items.randomElement(using: &rng)!
        }
        store.lengths.withLock { for id in reconfigured { $0[id, default: 0] += 1 } }
        try? next.reconfigureItems(Array(Set(reconfigured)))
        dataSource.apply(next, animatingDifferences: Bool.random(using: &rng), completion: nil)
        view.finishAnimations()
        view.model._checkInvariants()
        // Every item the view shows measures what the store says now.
        for path in view.model.realizedPaths {
          let id = view.model.element(at: path)!.identifier
          if view.model.measuredHeight(ofItemAt: path) != store.height(id) {
            problems.append(
              "step \(step): \(id) measured \(String(describing: view.model.measuredHeight(ofItemAt: path))), not \(store.height(id))"
            )
          }
        }
        if !view.model.itemsNeedingMeasurement.isEmpty {
          problems.append("step \(step): not measured \(view.model.itemsNeedingMeasurement)")
        }
        let metrics = view.model.scrollMetrics!
        if metrics.contentOffset >= metrics.contentHeight {
          problems.append("step \(step): blank past the content")
        }
        if let before, before.distance > -metrics.viewportHeight,
          before.distance < 0 || before.distance < metrics.viewportHeight,
          let index = view.model.items.firstIndex(where: { $0.identifier == before.identifier }),
          metrics.contentOffset < metrics.contentHeight - metrics.viewportHeight
        {
          let top = view.model.extentOfItem(at: ElementPath(element: index, section: 0))!.top
          if abs(top - metrics.contentOffset - before.distance) > 0.5 {
            problems.append(
              "step \(step): anchor \(before.identifier) moved \(top - metrics.contentOffset - before.distance)"
            )
          }
        }
        if view.model.keptSizeCount > view.model.items.count {
          problems.append(
            "step \(step): \(view.model.keptSizeCount) sizes for \(view.model.items.count) items")
        }
      }
      #expect(view.refusals.isEmpty)
      #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
      if !problems.isEmpty { return }
    }
  }
}

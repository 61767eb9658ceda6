import Stagecraft
import StagecraftTestSupport
import Testing

/// The same random updates, with the same strategy, through every entry point an app replays
/// through: `CollectionModel.reload(using:)`, `CollectionModelView`, `HeadlessCollectionView`'s
/// `reload(using:)`, `UpdatePipeline`, `DiffableDataSource` and `CollectionCoordinator`. They
/// end each step at the same data, with the same blocks (none refused), the same anchor and
/// the same content offset. The updates change content too, and the strategy says how
/// changed items reach their cells (`elementUpdates`) at every door alike; the views are
/// given the cell configuration a silent refresh calls, and a data source marks the changed
/// items as the strategy says (Apple's identifiers carry no content).
///
/// Reloads are apart: the entry points that hold the data (the pipeline, the data source and
/// the coordinator) keep the anchor across one by identity, and a replay of a changeset
/// cannot, as it never sees the data the view showed; the model's replay keeps what a view's
/// does, only the bottom (`aReloadKeepsWhatAViewsReplayKeeps`).
@MainActor
@Suite("One strategy, one result: every entry point replays alike")
struct EveryDoorAgreesTests {
  typealias Flat = ArraySection<Int, Item>
  typealias Snapshot = DiffableSnapshot<String, Int>

  /// What a door shows after a step.
  struct Shown: Equatable, CustomStringConvertible {
    var items: [Item]
    var batches: [BatchUpdate]
    var refusals: Int
    var anchor: String
    var offset: Double
    var description: String {
      "\(items) anchor \(anchor) offset \(offset) refusals \(refusals) blocks \(batches)"
    }
  }

  /// Heights by identity, so that a move changes where things are.
  nonisolated static func height(_ id: Int) -> Double { Double(30 + (id % 5) * 10) }

  static func geometry(offset: Double) -> CollectionModel<Flat>.Geometry {
    .init(viewportHeight: 200, contentOffset: offset, itemHeight: { height($0.id) })
  }

  /// The batches a model recorded since `start`.
  static func blocks<S>(_ model: CollectionModel<S>, since start: Int) -> [BatchUpdate] {
    model.events[start...].compactMap {
      if case .batchUpdates(let batch, _) = $0 { batch } else { nil }
    }
  }

  static func shown(_ model: CollectionModel<Flat>, since start: Int, refusals: Int) -> Shown {
    Shown(
      items: model.sections.flatMap(\.elements), batches: blocks(model, since: start),
      refusals: refusals, anchor: model.scrollAnchor.map { "\($0)" } ?? "none",
      offset: model.geometry?.contentOffset ?? -1)
  }

  /// The next data: some items deleted, some inserted, one moved, some changed.
  static func next(_ items: [Item], fresh: inout Int, _ random: inout SplitMix64) -> [Item] {
    var items = items
    for _ in 0..<random.next(3) {
      items[random.next(items.count)].content += 1
    }
    for _ in 0..<random.next(3) where items.count > 4 { items.remove(at: random.next(items.count)) }
    for _ in 0..<random.next(3) {
      items.insert(Item(fresh), at: random.next(items.count + 1))
      fresh += 1
    }
    if items.count > 1, random.next(2) == 0 {
      let moved = items.remove(at: random.next(items.count))
      items.insert(moved, at: random.next(items.count + 1))
    }
    return items
  }

  static let strategies: [UpdateStrategy] = [
    UpdateStrategy(), .animatedBatchUpdates, .nonanimatedBatchUpdates, .coordinator,
    UpdateStrategy(anchoring: .stickToBottom),
    UpdateStrategy(anchoring: .keepAnchor, reconfiguresInsideStructuralBlock: true),
    UpdateStrategy(anchoring: .keepAnchor, replaysMovesAsDeletesAndInserts: true),
    UpdateStrategy(anchoring: .stickToBottom, elementUpdates: .reconfigure),
    UpdateStrategy(elementUpdates: .silent).anchoring(.keepAnchor),
  ]

  @Test(arguments: 0..<9)
  func everyDoorEndsWhereTheModelDoes(strategyIndex: Int) async {
    let strategy = Self.strategies[strategyIndex]
    for seed in 0..<TestScale.count(6) {
      var random = SplitMix64(seed: UInt64(seed * 31 + strategyIndex))
      var items = (0..<30).map { Item($0) }
      var fresh = 30
      let offset = Double(random.next(900))

      // The model, and the model behind a CollectionModelView.
      var model = CollectionModel(items: items)
      model.geometry = Self.geometry(offset: offset)
      let modelView = CollectionModelView(model)
      // A headless view with the app's array as its data source.
      var appItems = items
      let replayed = HeadlessCollectionView(model, items: { appItems })
      // The app's configuration of a realized cell, for a silent refresh: it counts.
      var configured = 0
      let configure = { (_: CollectionModel<Flat>.Cell, _: ElementPath) in configured += 1 }
      // A pipeline onto a headless view showing the pipeline's data.
      let piped = HeadlessCollectionView(model, items: { [] })
      let pipeline = UpdatePipeline(
        target: piped, items: items, strategy: strategy, configureCell: configure,
        guard: UpdateGuard())
      piped.dataSource = { [weak pipeline] in
        [ArraySection(model: 0, elements: pipeline?.data ?? [])]
      }
      // A diffable data source.
      var sourced = CollectionModel(sections: [Snapshot.Section](), viewport: .none)
      sourced.geometry = .init(
        viewportHeight: 200, itemHeight: { Self.height($0.identifier) })
      let sourcedView = HeadlessCollectionView(sourced)
      let dataSource = DiffableDataSource<HeadlessCollectionView<Snapshot.Section>, String, Int>(
        target: sourcedView)
      dataSource.strategy = strategy
      sourcedView.dataSource = { [weak dataSource] in dataSource?.shownSections ?? [] }
      // The identifiers, with the items whose content changed marked as the strategy says.
      func snapshot(_ items: [Item], changedFrom old: [Item] = []) -> Snapshot {
        var snapshot = Snapshot()
        try? snapshot.appendSections(["main"])
        try? snapshot.appendItems(items.map(\.id))
        let changed = items.filter { item in old.contains { $0.id == item.id && $0 != item } }
        if strategy.elementUpdates == .reload {
          try? snapshot.reloadItems(changed.map(\.id))
        } else {
          try? snapshot.reconfigureItems(changed.map(\.id))
        }
        return snapshot
      }
      dataSource.apply(snapshot(items), animatingDifferences: false, completion: nil)
      sourcedView.setContentOffset(offset)
      // A coordinator.
      var empty = CollectionModel(items: [Item]())
      empty.geometry = Self.geometry(offset: 0)
      let coordinated = HeadlessCollectionView(empty, items: { [] })
      let coordinator = CollectionCoordinator(
        target: coordinated, strategy: strategy, configureCell: configure, guard: UpdateGuard())
      coordinator.update(items: items, animated: false)
      coordinated.setContentOffset(offset)

      for step in 0..<8 {
        let new = Self.next(items, fresh: &fresh, &random)
        let staged = StagedChangeset(source: items, target: new)
        let marks = (
          model: model.events.count, modelView: modelView.model.events.count,
          replayed: replayed.model.events.count, piped: piped.model.events.count,
          sourced: sourcedView.model.events.count, coordinated: coordinated.model.events.count
        )
        var refusals = 0
        do { try model.reload(using: staged, strategy: strategy) } catch { refusals += 1 }
        var viewRefusals = 0
        do { try modelView.reload(using: staged, strategy: strategy) } catch { viewRefusals += 1 }
        replayed.reload(
          using: staged, strategy: strategy, configureCell: configure, guard: UpdateGuard(),
          setData: { appItems = $0 })
        _ = await pipeline.apply(new)
        dataSource.apply(snapshot(new, changedFrom: items), completion: nil)
        coordinator.update(items: new, animated: true)
        let changed = new != items
        items = new

        let expected = Self.shown(model, since: marks.model, refusals: refusals)
        let label = Comment(rawValue: "seed \(seed) step \(step) \(strategy)")
        #expect(expected.refusals == 0 && expected.batches.isEmpty == !changed, label)
        #expect(expected.items == new, label)
        #expect(
          Self.shown(modelView.model, since: marks.modelView, refusals: viewRefusals) == expected,
          label)
        for (name, view, mark) in [
          ("replayed", replayed, marks.replayed), ("piped", piped, marks.piped),
          ("coordinated", coordinated, marks.coordinated),
        ] {
          #expect(
            Self.shown(view.model, since: mark, refusals: view.refusals.count) == expected,
            "\(name): \(label)")
        }
        // A data source marks reloads and reconfigures (Apple's snapshot has no silent
        // refresh): its blocks are the others' but for a silent strategy.
        let viaSource = sourcedView.model
        #expect(
          Shown(
            items: viaSource.sections.flatMap(\.elements).map { Item($0.identifier) },
            batches: strategy.elementUpdates == .silent
              ? expected.batches : Self.blocks(viaSource, since: marks.sourced),
            refusals: sourcedView.refusals.count,
            anchor: viaSource.scrollAnchor.map { "\($0)" } ?? "none",
            offset: viaSource.geometry?.contentOffset ?? -1)
            == Shown(
              items: expected.items.map { Item($0.id) }, batches: expected.batches,
              refusals: expected.refusals, anchor: expected.anchor, offset: expected.offset),
          "data source: \(label)")
      }
      // A silent refresh reached the views' realized cells through the app's configuration.
      #expect((configured > 0) == (strategy.elementUpdates == .silent), "\(strategy)")
    }
  }

  /// A replay that reloads (the strategy says so) on the model ends where the same replay on
  /// a view does: the offset left for an anchor it cannot follow, the bottom kept.
  @Test(arguments: [ScrollAnchoring.keepAnchor, .stickToBottom, .none])
  func aReloadKeepsWhatAViewsReplayKeeps(anchoring: ScrollAnchoring) {
    for offset in [0.0, 400, 1_180] {
      var model = CollectionModel(items: (0..<30).map { Item($0) })
      model.geometry = Self.geometry(offset: offset)
      var appItems = model.items
      let view = HeadlessCollectionView(model, items: { appItems })
      let new = (-5..<25).map { Item($0) }
      let staged = StagedChangeset(source: model.items, target: new)
      let strategy = UpdateStrategy.reloadData.anchoring(anchoring)
      try? model.reload(using: staged, strategy: strategy)
      view.reload(
        using: staged, strategy: strategy, guard: UpdateGuard(), setData: { appItems = $0 })
      #expect(model.events.last == .reloadData && view.model.events.last == .reloadData)
      #expect(view.model.items == new && model.items == new)
      #expect(view.model.scrollAnchor == model.scrollAnchor, "\(anchoring) at \(offset)")
      #expect(view.model.geometry?.contentOffset == model.geometry?.contentOffset)
    }
  }
}

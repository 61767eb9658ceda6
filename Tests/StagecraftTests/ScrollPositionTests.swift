import Stagecraft
import StagecraftTestSupport
import Testing

/// A height for each item that varies with its identity only (so that an update keeps it).
@Sendable func varyingHeight(_ item: Item) -> Double { Double(20 + (item.id * 7) % 31) }

@Suite("The scroll position on the model")
struct ScrollPositionTests {
  static func model(_ ids: [Int], offset: Double, viewport: Double = 100) -> CollectionModel<
    ArraySection<Int, Item>
  > {
    var model = CollectionModel(items: ids.map { Item($0) })
    model.geometry = .init(
      viewportHeight: viewport, contentOffset: offset, itemHeight: varyingHeight)
    return model
  }

  /// Where the item with `id` is, by an oracle written apart: its top, summing heights.
  static func top(of id: Int, in items: [Item]) -> Double? {
    var top = 0.0
    for item in items {
      if item.id == id { return top }
      top += varyingHeight(item)
    }
    return nil
  }

  @Test func theAnchorIsTheFirstItemPartlyVisible() throws {
    let model = Self.model(Array(0..<20), offset: 50)
    // Heights 20, 27, 34, ...: item 1 spans 20..<47, item 2 47..<81.
    let anchor = try #require(model.scrollAnchor)
    #expect(anchor.identifier == 2 && anchor.distance == -3)
    #expect(model.realizedPaths.first == ElementPath(element: 2, section: 0))
  }

  @Test func itemsArrivingAboveKeepTheAnchorWhereItWas() throws {
    var model = Self.model(Array(10..<30), offset: 100)
    let before = try #require(model.scrollAnchor)
    let new = (0..<30).map { Item($0) }
    try model.reload(
      using: StagedChangeset(source: model.items, target: new),
      strategy: UpdateStrategy(anchoring: .keepAnchor))
    #expect(model.scrollAnchor == before)
    // Without the policy, the content moves under the viewport.
    var unkept = Self.model(Array(10..<30), offset: 100)
    try unkept.reload(using: StagedChangeset(source: unkept.items, target: new))
    #expect(unkept.scrollAnchor != before)
  }

  @Test func aDeletedAnchorHandsOverToTheNearestItemAboveThatSurvives() throws {
    var model = Self.model(Array(0..<20), offset: 50)  // anchor 2 at -3; item 1 at -30
    let new = [0, 3, 4, 5].map { Item($0) } + (6..<20).map { Item($0) }
    try model.reload(
      using: StagedChangeset(source: model.items, target: new),
      strategy: UpdateStrategy(anchoring: .keepAnchor))
    // Items 1 and 2 are gone: item 0 (top 0, 50 above the viewport) keeps its distance.
    #expect(model.geometry?.contentOffset == 50)
    // Nothing above survives: the list scrolls to its top.
    var top = Self.model(Array(0..<20), offset: 50)
    try top.reload(
      using: StagedChangeset(source: top.items, target: (3..<20).map { Item($0) }),
      strategy: UpdateStrategy(anchoring: .keepAnchor))
    #expect(top.geometry?.contentOffset == 0)
  }

  @Test func aListAtItsBottomStaysThere() throws {
    var model = Self.model(Array(0..<20), offset: 0)
    let bottom = try #require(model.scrollMetrics).bottomOffset
    model.setContentOffset(bottom)
    let longer = (0..<25).map { Item($0) }
    try model.reload(
      using: StagedChangeset(source: model.items, target: longer),
      strategy: UpdateStrategy(anchoring: .stickToBottom))
    let metrics = try #require(model.scrollMetrics)
    #expect(metrics.isAtBottom && metrics.contentOffset == metrics.bottomOffset)
    #expect(model.realizedPaths.last == ElementPath(element: 24, section: 0))
    // Scrolled up, the same policy keeps the anchor instead.
    model.setContentOffset(100)
    let anchor = model.scrollAnchor
    try model.reload(
      using: StagedChangeset(source: model.items, target: (0..<30).map { Item($0) }),
      strategy: UpdateStrategy(anchoring: .stickToBottom))
    #expect(model.scrollAnchor == anchor)
  }

  @Test func anAnchorReadsAndRestores() throws {
    var model = Self.model(Array(0..<50), offset: 333)
    let anchor = try #require(model.scrollAnchor)
    model.setContentOffset(0)
    let restored = model.restoreScrollAnchor(anchor)
    #expect(restored && model.geometry?.contentOffset == 333)
    let missing = model.restoreScrollAnchor(.init(identifier: 999, distance: 0))
    #expect(!missing && model.geometry?.contentOffset == 333)
    let scrolled = model.scrollToItem(at: ElementPath(element: 10, section: 0), alignment: .top)
    #expect(scrolled)
    #expect(model.scrollAnchor?.identifier == 10 && model.scrollAnchor?.distance == 0)
  }

  /// Random prepends, appends, deletes, moves and updates around the anchor, with varying
  /// heights, flat and sectioned (with headers): after each replay the anchor item's top is
  /// where it was, or, when it was deleted, the nearest item above it that survived kept its
  /// place, or the list is at its top. Checked by an oracle that lays the items out itself.
  @Test(arguments: [false, true])
  func randomEditsKeepTheAnchor(sectioned: Bool) throws {
    var random = SplitMix64(seed: sectioned ? 0x5C20 : 0xA7C4)
    var kept = 0
    var handedOver = 0
    for _ in 0..<TestScale.count(1_500) {
      let old = Self.randomSections(&random, sectioned: sectioned, from: nil)
      let new = Self.randomSections(&random, sectioned: sectioned, from: old)
      var model = CollectionModel(sections: old)
      let header: Double = sectioned ? 15 : 0
      let total = Self.layout(old, header: header).reduce(0.0) { max($0, $1.value.bottom) }
      model.geometry = .init(
        viewportHeight: 90, contentOffset: Double(random.next(Int(max(total, 1)))),
        sectionHeaderHeight: header, itemHeight: varyingHeight)
      guard let anchor = model.scrollAnchor else { continue }
      let offsetBefore = model.geometry!.contentOffset
      try model.reload(
        using: StagedChangeset(source: old, target: new),
        strategy: UpdateStrategy(anchoring: .keepAnchor))
      let offset = model.geometry!.contentOffset
      let after = Self.layout(new, header: header)
      #expect(model.sections == new)
      if let extent = after[anchor.identifier] {
        kept += 1
        #expect(abs(extent.top - offset - anchor.distance) < 1e-9, "\(old) -> \(new)")
        continue
      }
      // The nearest item above the anchor, in the old order, that the new data holds.
      let before = Self.layout(old, header: header)
      let order = old.flatMap(\.elements).map(\.id)
      let index = order.firstIndex(of: anchor.identifier)!
      if let above = order[..<index].last(where: { after[$0] != nil }) {
        handedOver += 1
        let distance = before[above]!.top - offsetBefore
        // Kept at its distance, unless that leaves the viewport wholly past the content:
        // then at the content's end (never a blank viewport).
        var expected = after[above]!.top - distance
        let content = model.scrollMetrics!.contentHeight
        if expected >= content { expected = max(0, content - 90) }
        #expect(abs(expected - offset) < 1e-9, "\(old) -> \(new)")
      } else {
        #expect(offset == 0)
      }
    }
    #expect(kept > TestScale.count(1_500) / 3 && handedOver > TestScale.count(1_500) / 50)
  }

  /// Each item's top and extent, by identity, laid out apart from the library.
  static func layout(_ sections: [Section], header: Double) -> [Int: (top: Double, bottom: Double)]
  {
    var result: [Int: (top: Double, bottom: Double)] = [:]
    var top = 0.0
    for section in sections {
      top += header
      for item in section.elements {
        result[item.id] = (top, top + varyingHeight(item))
        top += varyingHeight(item)
      }
    }
    return result
  }

  /// Random sections of unique items; from `old`, an edit of it: items deleted, inserted at
  /// the top, the end and between, moved, and changed.
  static func randomSections(_ random: inout SplitMix64, sectioned: Bool, from old: [Section]?)
    -> [Section]
  {
    guard let old else {
      let ids = Array((0..<40).shuffled(using: &random).prefix(5 + random.next(25)))
      if !sectioned { return [Section(model: Header(0), elements: ids.map { Item($0) })] }
      var sections = (0..<(1 + random.next(4))).map { Section(model: Header($0), elements: []) }
      for id in ids { sections[random.next(sections.count)].elements.append(Item(id)) }
      return sections
    }
    var sections = old
    var fresh = 100
    for index in sections.indices {
      var items = sections[index].elements.filter { _ in random.next(5) > 0 }
      for _ in 0..<random.next(4) {
        items.insert(Item(fresh), at: random.next(items.count + 1))
        fresh += 1
      }
      if items.count > 1, random.next(2) == 0 {
        let moved = items.remove(at: random.next(items.count))
        items.insert(moved, at: random.next(items.count + 1))
      }
      items = items.map { random.next(4) == 0 ? Item($0.id, $0.content + 1) : $0 }
      sections[index].elements = items
    }
    if sectioned, sections.count > 1, random.next(3) == 0 {
      let moved = sections.remove(at: random.next(sections.count))
      sections.insert(moved, at: random.next(sections.count + 1))
    }
    // An item that changes section.
    if sectioned, sections.count > 1, random.next(2) == 0 {
      let from = random.next(sections.count)
      if !sections[from].elements.isEmpty {
        let item = sections[from].elements.remove(at: random.next(sections[from].elements.count))
        let to = random.next(sections.count)
        sections[to].elements.insert(item, at: random.next(sections[to].elements.count + 1))
      }
    }
    return sections
  }
}

@Suite("The scroll position through views, the coordinator and the data source")
@MainActor
struct ScrollPositionOnViewsTests {
  typealias View = HeadlessCollectionView<ArraySection<Int, Item>>

  static func view(_ ids: [Int], offset: Double) -> View {
    var model = CollectionModel(items: ids.map { Item($0) })
    model.geometry = .init(viewportHeight: 100, contentOffset: offset, itemHeight: varyingHeight)
    return View(model, items: { [] })
  }

  /// A view's own replay keeps the anchor block by block.
  @Test func aViewsReplayKeepsTheAnchor() throws {
    var items = (10..<40).map { Item($0) }
    let view = Self.view(items.map(\.id), offset: 200)
    view.dataSource = { [ArraySection(model: 0, elements: items)] }
    let anchor = try #require(view.model.scrollAnchor)
    let new =
      (0..<5).map { Item($0) } + items.filter { $0.id % 3 != 0 || $0.id == anchor.identifier }
    view.reload(
      using: StagedChangeset(source: items, target: new),
      strategy: UpdateStrategy(anchoring: .keepAnchor),
      setData: { items = $0 })
    #expect(view.model.items == new && view.refusals.isEmpty)
    #expect(view.model.scrollAnchor == anchor)
  }

  /// The coordinator keeps the anchor by default: older messages loaded on top do not move
  /// what the user reads, and neither does a reload above the threshold (kept by identity).
  @Test func theCoordinatorKeepsTheAnchorAcrossBatchesAndReloads() throws {
    let view = Self.view([], offset: 0)
    let coordinator = CollectionCoordinator(
      target: view, strategy: .coordinator.reloading(above: 20), guard: UpdateGuard())
    coordinator.update(items: (100..<140).map { Item($0) }, animated: true)
    view.setContentOffset(300)
    let anchor = try #require(view.model.scrollAnchor)
    coordinator.update(items: (90..<140).map { Item($0) }, animated: true)  // 10: a batch
    #expect(view.model.scrollAnchor == anchor)
    coordinator.update(items: (50..<140).map { Item($0) }, animated: true)  // 40: a reload
    #expect(view.model.events.last == .reloadData)
    #expect(view.model.scrollAnchor == anchor)
  }

  @Test func scrollingToAnItemAndTheSettledPositionByIdentity() throws {
    let view = Self.view([], offset: 0)
    let coordinator = CollectionCoordinator(target: view)
    var reported: [Int] = []
    coordinator.onScrolledItemChange = { reported.append($0) }
    coordinator.update(items: (0..<50).map { Item($0) }, animated: true)
    #expect(coordinator.scrollToItem(withIdentifier: 20, at: .top, animated: false))
    #expect(view.model.scrollAnchor?.identifier == 20 && view.model.scrollAnchor?.distance == 0)
    #expect(!coordinator.scrollToItem(withIdentifier: 999))
    // The user scrolls; when the scroll settles the binding hears it, once.
    view.setContentOffset(view.model.extentOfItem(at: ElementPath(element: 30, section: 0))!.top)
    coordinator.scrollDidSettle()
    coordinator.scrollDidSettle()
    #expect(reported == [30] && coordinator.scrolledItem == 30)
    // Writing the binding scrolls.
    coordinator.scrolledItem = 5
    #expect(view.model.scrollAnchor?.identifier == 5)
  }

  @Test func theDataSourceKeepsTheAnchorAndScrollsByIdentifier() throws {
    let dataSource = CollectionModelDataSource<Int, Int>()
    var snapshot = DiffableSnapshot<Int, Int>()
    try snapshot.appendSections([0])
    try snapshot.appendItems(Array(10..<40))
    try dataSource.apply(snapshot)
    dataSource.target.geometry = .init(viewportHeight: 100, contentOffset: 230, itemHeight: 25)
    dataSource.strategy.anchoring = .keepAnchor
    let anchor = try #require(dataSource.target.scrollAnchor)
    try snapshot.insertItems(Array(0..<10), beforeItem: 10)
    try dataSource.apply(snapshot)
    #expect(dataSource.target.scrollAnchor == anchor)
    #expect(dataSource.scrollToItem(withIdentifier: 3, at: .top, animated: false))
    #expect(dataSource.target.scrollAnchor?.identifier == 3)
  }

  /// A block the guard refuses (data changed behind the view's back) becomes a reload, which
  /// keeps the anchor too when the replay knows the data (the pipeline does).
  @Test func theGuardsFallbackKeepsTheAnchor() async throws {
    let shownItems = (10..<40).map { Item($0) }
    let view = Self.view(shownItems.map(\.id), offset: 200)
    let reports = FallbackLog()
    // Behind the view's back: the view shows 30 items, the pipeline believes 29.
    let pipeline = UpdatePipeline<[Item], Never>(
      target: view, items: Array(shownItems.dropLast()), guard: reports.guarding)
    pipeline.strategy.anchoring = .keepAnchor
    view.dataSource = { [weak pipeline] in [ArraySection(model: 0, elements: pipeline?.data ?? [])]
    }
    let anchor = try #require(view.model.scrollAnchor)
    let outcome = await pipeline.apply((0..<5).map { Item($0) } + (10..<39).map { Item($0) })
    #expect(outcome == .fellBack)
    #expect(reports.reports.count == 1 && reports.reports.first?.error != nil)
    #expect(view.model.events.last == .reloadData)
    #expect(view.model.scrollAnchor == anchor)
  }
}

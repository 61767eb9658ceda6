import Stagecraft
import StagecraftReplay
import StagecraftTestSupport
import Testing

/// The first visible item a replay anchors on: a headless view, and the model itself, answer
/// it from the model's layout at once (`_firstVisibleItem`), where any other target scans its
/// visible items (`_firstVisibleItemReadOneByOne`). They must agree at every step of random
/// lists of several sections, with section headers, items of zero height, an empty viewport,
/// and offsets anywhere (past either end included), through updates, scrolls and sizes.
@Suite("The first visible item, found at once")
@MainActor
struct FirstVisibleItemTests {
  typealias Section = ArraySection<Int, Item>

  /// Heights from the identity, some of them zero.
  @Sendable nonisolated static func height(_ item: Item) -> Double {
    item.id % 5 == 0 ? 0 : Double(10 + (item.id * 13) % 37)
  }

  static func sections(_ random: inout SplitMix64, ids: inout Int) -> [Section] {
    (0..<Int.random(in: 0...3, using: &random)).map { section in
      let elements = (0..<Int.random(in: 0...12, using: &random)).map { _ -> Item in
        ids += 1
        return Item(ids, Int.random(in: 0...1, using: &random))
      }
      return ArraySection(model: section, elements: elements)
    }
  }

  /// Whether the view's and its model's quick answers are the scan's, at the current offset.
  static func agrees(_ view: HeadlessCollectionView<Section>) -> Bool {
    guard let metrics = view.scrollMetrics else { return true }
    let scanned = view._firstVisibleItemReadOneByOne(metrics)
    return [view._firstVisibleItem(metrics), view.model._firstVisibleItem(metrics)].allSatisfy {
      $0?.0 == scanned?.0 && $0?.1 == scanned?.1
    }
  }

  @Test(arguments: [false, true])
  func theLayoutAnswersAsTheScanDoes(selfSizing: Bool) {
    var disagreements: [String] = []
    var steps = 0
    for seed in 0..<UInt64(TestScale.count(240)) {
      var random = SplitMix64(seed: seed)
      var ids = 0
      var model = CollectionModel(sections: Self.sections(&random, ids: &ids))
      let viewport = [0, 30, 120].randomElement(using: &random)!
      let header = [0.0, 8].randomElement(using: &random)!
      model.geometry =
        selfSizing
        ? .init(
          viewportHeight: Double(viewport), viewportWidth: 320, sectionHeaderHeight: header,
          estimatedItemHeight: 20, selfSizing: { item, _ in Self.height(item) })
        : .init(
          viewportHeight: Double(viewport), sectionHeaderHeight: header,
          itemHeight: Self.height)
      var data = model.sections
      let view = HeadlessCollectionView(model, dataSource: { data })
      for step in 0..<12 {
        steps += 1
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          let height = view.scrollMetrics?.contentHeight ?? 0
          view.setContentOffset(Double.random(in: -20...(height + 40), using: &random).rounded())
        default:
          let target = Self.sections(&random, ids: &ids)
          let changeset = StagedChangeset(source: data, target: target)
          view.reload(
            using: changeset, strategy: UpdateStrategy(anchoring: .keepAnchor),
            setData: { data = $0 })
        }
        if !Self.agrees(view) { disagreements.append("seed \(seed) step \(step)") }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    #expect(steps > 0)
  }
}

import Stagecraft
import StagecraftTestSupport
import Testing

/// Which items count as measured, whatever order the app sets the geometry's width in: with
/// the geometry, after it, or never. A size is measured for an item's identity, content and
/// the current width; every other item is asked for, and none is asked for twice.
@Suite("Self-sizing: the bookkeeping of recorded sizes, in any order of setting")
struct SizeBookkeepingTests {
  /// How the app sets the geometry and its width.
  enum Order: CaseIterable, CustomTestStringConvertible {
    case widthWithGeometry, widthAfterGeometry, noWidth
    var testDescription: String { "\(self)" }
  }

  /// A one-section list of `count` items, each estimated at 50 pt, in a 300 pt viewport,
  /// 320 pt wide (0 for `noWidth`), set in `order`.
  static func list(_ count: Int, _ order: Order, offset: Double = 0) -> SizedModel {
    var model = SizedModel(sections: [
      Section(model: Header(0), elements: (0..<count).map { Item($0) })
    ])
    var geometry = SizedModel.Geometry(viewportHeight: 300, contentOffset: offset, itemHeight: 50)
    switch order {
    case .widthWithGeometry:
      geometry.viewportWidth = 320
      model.geometry = geometry
    case .widthAfterGeometry:
      model.geometry = geometry
      model.geometry!.viewportWidth = 320
    case .noWidth:
      model.geometry = geometry
    }
    return model
  }

  /// The case: 20 items, one recorded. It is measured, and only it.
  @Test("a recorded size is that item's, and only its", arguments: Order.allCases)
  func oneRecorded(order: Order) {
    var model = Self.list(20, order)
    let first = ElementPath(element: 0, section: 0)
    #expect(model.itemsNeedingMeasurement.contains(first))
    let recorded = model.recordMeasuredHeight(80, forItemAt: first)
    #expect(recorded)
    #expect(model.measuredHeight(ofItemAt: first) == 80)
    #expect(!model.itemsNeedingMeasurement.contains(first))
    for element in 1..<20 {
      #expect(model.measuredHeight(ofItemAt: ElementPath(element: element, section: 0)) == nil)
    }
    let realized = model.realizedPaths.filter { $0 != first }
    #expect(model.itemsNeedingMeasurement == realized)
  }

  /// Random updates (content changes among them), scrolls, width changes and recorded sizes
  /// in any order, against a record kept apart: the items asked for are exactly the realized
  /// ones without a size for their identity, content and the current width, and
  /// `measuredHeight` is that size.
  @Test("asked for exactly what is realized and unmeasured", arguments: Order.allCases)
  func randomized(order: Order) throws {
    for seed in 0..<TestScale.count(150) {
      var rng = SplitMix64(seed: UInt64(seed))
      var fresh = 30
      var model = Self.list(30, order, offset: Double(Int.random(in: 0...600, using: &rng)))
      // identity -> (content, width, height) of the last recorded size of the live item.
      var record: [Int: (content: Int, width: Double, height: Double)] = [:]
      for step in 0..<40 {
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
          let target = SelfSizingRandomTests.next(model.sections, &rng, &fresh)
          try model.reload(using: StagedChangeset(source: model.sections, target: target))
          let live = Dictionary(
            model.sections.flatMap(\.elements).map { ($0.id, $0.content) },
            uniquingKeysWith: { first, _ in first })
          record = record.filter { live[$0.key] == $0.value.content }
        case 1: model.setContentOffset(Double(Int.random(in: 0...1_500, using: &rng)))
        case 2 where order != .noWidth:
          model.geometry!.viewportWidth = [320, 375].randomElement(using: &rng)!
        default:
          guard let path = model.realizedPaths.randomElement(using: &rng) else { break }
          let item = model.sections[path.section].elements[path.element]
          let width = model.geometry!.viewportWidth
          let height = trueHeight(item, width)
          if model.recordMeasuredHeight(height, forItemAt: path) {
            record[item.id] = (item.content, width, height)
          }
        }
        let width = model.geometry!.viewportWidth
        func measured(_ path: ElementPath) -> Double? {
          let item = model.sections[path.section].elements[path.element]
          guard let size = record[item.id], size.content == item.content, size.width == width
          else { return nil }
          return size.height
        }
        let expected = model.realizedPaths.filter { measured($0) == nil }
        #expect(
          model.itemsNeedingMeasurement == expected, "seed \(seed), step \(step)")
        for path in model.realizedPaths {
          #expect(model.measuredHeight(ofItemAt: path) == measured(path), "seed \(seed)")
        }
        if model.itemsNeedingMeasurement != expected { return }
      }
    }
  }
}

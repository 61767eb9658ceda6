import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftModel

@Suite("Self-sizing: measurements, oscillation, streaming, cost")
struct SelfSizingTests {
  /// A one-section list of `count` items, each estimated at 44 pt, in a 300 pt viewport.
  static func list(_ count: Int, offset: Double = 0) -> SizedModel {
    var model = SizedModel(sections: [
      Section(model: Header(0), elements: (0..<count).map { Item($0) })
    ])
    model.geometry = .init(viewportHeight: 300, contentOffset: offset, itemHeight: estimate)
    model.geometry!.viewportWidth = 320
    return model
  }

  /// Measurements an app's cells report, in any order, some late (for an item since moved,
  /// or at a width since changed): each one keeps the anchor, and a late one is ignored.
  @Test("measurements arriving in any order", arguments: 0..<4)
  func anyOrder(batch: Int) {
    for seed in 0..<TestScale.count(72) {
      var rng = SplitMix64(seed: UInt64(batch * 1_000 + seed))
      var fresh = 40
      var model = Self.list(40, offset: Double(Int.random(in: 0...800, using: &rng)))
      var reference = SizingReference()
      var late: [(ElementPath, Item, Double)] = []
      for _ in 0..<30 {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
          let target = SelfSizingRandomTests.next(model.sections, &rng, &fresh)
          try? model.reload(
            using: StagedChangeset(source: model.sections, target: target),
            strategy: UpdateStrategy().anchoring(.keepAnchor))
          reference.dataChanged(model)
        case 1: model.setContentOffset(Double(Int.random(in: 0...1_200, using: &rng)))
        case 2: model.geometry!.viewportWidth = [320, 375].randomElement(using: &rng)!
        default: break
        }
        // The cells measure what they show, in a random order; some reports arrive later.
        let width = model.geometry!.viewportWidth
        var pending = model.itemsNeedingMeasurement.map { ($0, model.cell(at: $0)!.element, width) }
        pending += late
        late = []
        pending.shuffle(using: &rng)
        var log: [(Item, Double)] = []
        for (path, item, measuredAt) in pending {
          if Int.random(in: 0..<5, using: &rng) == 0 {
            late.append((path, item, measuredAt))
            continue
          }
          let before = anchor(of: model)
          let current = model.cell(at: path)?.element ?? model.element(at: path)
          let fresh =
            current?.id == item.id && current?.content == item.content
            && measuredAt == model.geometry!.viewportWidth
          let taken = model.recordMeasuredHeight(
            trueHeight(item, measuredAt), forItemAt: path, showing: item, width: measuredAt)
          #expect(
            taken == fresh, "a report for \(item) at \(path) was \(taken ? "taken" : "dropped")")
          if taken { log.append((item, measuredAt)) }
          if let before, before.distance < 300, let after = distance(of: before.id, in: model) {
            #expect(abs(after - before.distance) <= 0.5, "anchor \(before.id) moved")
          }
        }
        let problems = reference.check(
          model, header: 0, measured: log, shownAreMeasured: false)
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
        if !problems.isEmpty { return }
      }
    }
  }

  /// The same content at the same width measured twice with two other heights is an
  /// oscillation: held at one of them, reported once, and not laid out again.
  @Test func oscillationIsFrozenWithinTwoPasses() {
    var model = Self.list(20)
    let path = ElementPath(element: 2, section: 0)
    // Rows alternating 170 ↔ 164 pt, as a layout feedback loop makes them.
    model.recordMeasuredHeight(170, forItemAt: path)
    model.recordMeasuredHeight(164, forItemAt: path)  // one correction is taken
    #expect(model.extentOfItem(at: path)?.height == 164)
    #expect(model.sizeOscillations.isEmpty)
    model.recordMeasuredHeight(170, forItemAt: path)  // the second change: frozen
    #expect(model.extentOfItem(at: path)?.height == 164)
    #expect(model.sizeOscillations.map(\.description) == ["2 held at 164.0 (measured 170.0)"])
    let top = model.extentOfItem(at: ElementPath(element: 3, section: 0))!.top
    for height in [164.0, 170, 164, 170] { model.recordMeasuredHeight(height, forItemAt: path) }
    #expect(model.sizeOscillations.count == 1)
    #expect(model.extentOfItem(at: ElementPath(element: 3, section: 0))!.top == top)
    // A size that only grows (a cell streaming text it holds itself) is taken each time.
    let grower = ElementPath(element: 5, section: 0)
    for height in [50.0, 70, 90, 110] { model.recordMeasuredHeight(height, forItemAt: grower) }
    #expect(model.extentOfItem(at: grower)?.height == 110)
    #expect(model.sizeOscillations.count == 1)
    // New content is a new key: measured afresh, and no longer frozen.
    try? model.reload(
      using: StagedChangeset(
        source: model.sections,
        target: [Section(model: Header(0), elements: (0..<20).map { Item($0, $0 == 2 ? 1 : 0) })]))
    model.recordMeasuredHeight(90, forItemAt: path)
    #expect(model.extentOfItem(at: path)?.height == 90)
  }

  /// With `selfSizing`, an item whose measured size depends on something outside its key
  /// (here, how often it was measured) is frozen after two passes of reconfigures.
  @Test func selfSizingOscillationStops() {
    let counter = MeasureLog()
    var model = Self.list(20)
    model.geometry!.selfSizing = { item, width in
      let calls = counter.measured.withLock { log in
        log.append((item, width))
        return log.filter { $0.0.id == 1 }.count
      }
      return item.id == 1 ? (calls.isMultiple(of: 2) ? 164 : 170) : 50
    }
    let path = ElementPath(element: 1, section: 0)
    for _ in 0..<6 { try? model.reconfigureItems(at: [path]) }
    #expect(model.sizeOscillations.count == 1)
    let measuredOne = counter.take().filter { $0.0.id == 1 }.count
    // Measured when shown, then at the first two reconfigures; never after it froze.
    #expect(measuredOne == 3)
  }

  /// One measurement at 100,000 items writes O(log n) numbers, not the layout: the planted
  /// rebuild per measurement is caught by the same count.
  @Test func oneMeasurementIsLogarithmic() {
    for faults in [_SizingFaults()] + (plantsMistakes ? [.rebuildPerMeasurement] : []) {
      var model = Self.list(100_000, offset: 2_000_000)
      model._sizes.faults = faults
      // The first measurement builds the tree.
      model.recordMeasuredHeight(60, forItemAt: ElementPath(element: 10, section: 0))
      let before = model._layout!.writes
      let visited = model._layout!.tree.touched
      model.recordMeasuredHeight(61, forItemAt: ElementPath(element: 50_000, section: 0))
      let written = model._layout!.writes - before
      if faults.isEmpty {
        #expect(written <= 1, "wrote \(written)")
        // Its stamp and its height: two paths down a tree of 100,000 (3 deep).
        #expect(model._layout!.tree.touched - visited <= 2 * 3)
        // Tops below the change are read from the tree: exact.
        let below = model.extentOfItem(at: ElementPath(element: 99_999, section: 0))!
        #expect(below.top == 99_999 * 44 + 16 + 17)
      } else {
        #expect(written >= 100_000, "the planted rebuild wrote only \(written)")
      }
    }
  }
}

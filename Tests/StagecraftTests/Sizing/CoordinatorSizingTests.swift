import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftModel

/// The coordinator over a `HeadlessCollectionView` whose cells size themselves: what an app
/// with a self-sizing layout sees, held to the same rules as the model.
@MainActor
@Suite("Self-sizing through the coordinator")
struct CoordinatorSizingTests {
  @Test(
    "updates through the coordinator keep the anchor and the sizes by identity", arguments: 0..<2)
  func coordinator(batch: Int) async {
    for seed in 0..<TestScale.count(40) {
      var rng = SplitMix64(seed: UInt64(batch * 1_000 + seed))
      let log = MeasureLog()
      var model = SizedModel(sections: [Section(model: Header(0), elements: [])], viewport: .none)
      model.geometry = .init(
        viewportHeight: 300, viewportWidth: 320, estimatedItemHeight: estimate,
        selfSizing: log.sizing)
      let view = HeadlessCollectionView(model, dataSource: { [] })
      let coordinator = CollectionCoordinator(target: view)
      var fresh = 30
      var sections = [Section(model: Header(0), elements: (0..<30).map { Item($0) })]
      coordinator.update(sections: sections, animated: false)
      var reference = SizingReference()
      _ = reference.check(view.model, header: 0, measured: log.take())
      for _ in 0..<20 {
        if Bool.random(using: &rng) {
          view.setContentOffset(Double(Int.random(in: 0...900, using: &rng)))
          _ = reference.check(view.model, header: 0, measured: log.take())
        }
        let before = anchor(of: view.model)
        sections = SelfSizingRandomTests.next(sections, &rng, &fresh)
        coordinator.update(sections: sections, animated: Bool.random(using: &rng))
        view.finishAnimations()
        await Task.yield()
        reference.dataChanged(view.model)
        let measured = log.take()
        var problems = reference.check(view.model, header: 0, measured: measured)
        problems += reference.checkMeasurements(measured)
        if let before, before.distance < 300, let after = distance(of: before.id, in: view.model),
          abs(after - before.distance) > 0.5
        {
          problems.append("anchor: \(before.id) moved \(after - before.distance)")
        }
        #expect(view.refusals.isEmpty)
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
        if !problems.isEmpty { return }
      }
    }
  }
}

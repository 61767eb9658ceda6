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
          view.model._checkInvariants()
          _ = reference.check(view.model, header: 0, measured: log.take())
        }
        // A rotation, or the keyboard's inset, now and then.
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: view.geometry!.viewportWidth = [320, 375].randomElement(using: &rng)!
        case 1: view.geometry!.viewportHeight = [300, 150].randomElement(using: &rng)!
        default: break
        }
        view.model._checkInvariants()
        let resized = log.take()
        var problems = reference.check(view.model, header: 0, measured: resized)
        problems += reference.checkMeasurements(resized)
        let before = anchor(of: view.model)
        // A pinned item governs the update, even one the update deletes.
        let wasPinned = coordinator.pinnedItem != nil
        // A pin on screen holds (one scrolled far off may give way to a blank viewport).
        let pinned = coordinator.pinnedItem.flatMap { id in
          distance(of: id, in: view.model).map { (id, $0) }
        }.flatMap { $0.1 >= 0 && $0.1 < view.geometry!.viewportHeight ? $0 : nil }
        if Int.random(in: 0..<3, using: &rng) == 0,
          let all = Optional(sections.flatMap(\.elements)),
          var item = all.randomElement(using: &rng)
        {
          // A token: one item's content, by identity, without the list.
          item.content += 1
          #expect(coordinator.updateItem(item))
          sections = sections.map { section in
            Section(
              source: section, elements: section.elements.map { $0.id == item.id ? item : $0 })
          }
        } else {
          sections = SelfSizingRandomTests.next(sections, &rng, &fresh)
          coordinator.update(sections: sections, animated: Bool.random(using: &rng))
        }
        view.finishAnimations()
        await Task.yield()
        reference.dataChanged(view.model)
        let measured = log.take()
        problems += reference.check(view.model, header: 0, measured: measured)
        problems += reference.checkMeasurements(measured)
        #expect(view.model.sections == sections, "the view shows the data")
        view.model._checkInvariants()
        if let (id, was) = pinned {
          if coordinator.pinnedItem == id, let now = distance(of: id, in: view.model),
            abs(now - was) > 0.5
          {
            problems.append("pin: \(id) moved \(now - was)")
          }
        } else if !wasPinned, let before,
          before.distance < view.geometry!.viewportHeight,
          let after = distance(of: before.id, in: view.model), abs(after - before.distance) > 0.5,
          // Held, unless the content's end came up to the viewport's bottom (never blank).
          view.model.scrollMetrics!.contentOffset
            < view.model.scrollMetrics!.contentHeight - view.geometry!.viewportHeight
        {
          problems.append("anchor: \(before.id) moved \(after - before.distance)")
        }
        // A prompt pinned now and then, or let go.
        if Int.random(in: 0..<5, using: &rng) == 0 {
          coordinator.pinnedItem =
            Bool.random(using: &rng)
            ? view.model.realizedPaths.first.map { view.model.element(at: $0)!.id } : nil
        }
        #expect(view.refusals.isEmpty)
        #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
        if !problems.isEmpty { return }
      }
    }
  }
}

import Stagecraft
import Testing

@testable import StagecraftModel

/// The layout core's invariant checks fail on the corruption they look for: each case
/// corrupts one thing in a child process and expects the check to stop it.
@Suite("Invariants of the layout core")
struct InvariantTests {
  static func measuredModel() -> CollectionModel<ArraySection<Int, Int>> {
    var model = CollectionModel(items: Array(0..<200), viewport: .none)
    model.geometry = .init(viewportHeight: 300, itemHeight: 44)
    model.geometry!.viewportWidth = 320
    for item in stride(from: 0, to: 200, by: 7) {
      model.recordMeasuredHeight(
        Double(20 + item % 50), forItemAt: ElementPath(element: item, section: 0))
    }
    return model
  }

  @Test func aConsistentModelPasses() {
    let model = Self.measuredModel()
    model._checkInvariants()
    var layout = ListLayoutState(
      sections: [ArraySection(model: 0, elements: Array(0..<50))], estimatedItemHeight: 44)
    layout.setBounds(width: 320, height: 300, offset: 0)
    layout.recordPreferredHeight(80, forItemAt: ElementPath(element: 3, section: 0))
    layout.updateItem(3)
    layout._checkInvariants()
  }

  // The internal checks trap on what they find; they are compiled only when asked
  // (STAGECRAFT_INTERNAL_CHECKS=1, as CI runs the suite at full scale).
  @Test(.enabled(if: _stagecraftInternalChecksEnabled, "the checks are compiled only when asked"))
  func aCorruptedSumIsCaught() async {
    await #expect(processExitsWith: .failure) {
      let model = InvariantTests.measuredModel()
      model._layout!.tree.root.sum += 1
      model._checkInvariants()
    }
  }

  @Test(.enabled(if: _stagecraftInternalChecksEnabled, "the checks are compiled only when asked"))
  func aHeightTheTreeDoesNotHoldIsCaught() async {
    await #expect(processExitsWith: .failure) {
      let model = InvariantTests.measuredModel()
      let (leaf, index, _) = model._layout!.tree.locate(100)
      leaf.heights[index] += 1
      model._checkInvariants()
    }
  }

  @Test(.enabled(if: _stagecraftInternalChecksEnabled, "the checks are compiled only when asked"))
  func aSizeThatOutlivesItsItemIsCaught() async {
    await #expect(processExitsWith: .failure) {
      var model = InvariantTests.measuredModel()
      let entry = model._sizes.entries.values.first!
      model._sizes.entries[-12_345] = entry
      model._checkInvariants()
    }
  }

  @Test(.enabled(if: _stagecraftInternalChecksEnabled, "the checks are compiled only when asked"))
  func aMeasuredStampWithoutASizeIsCaught() async {
    await #expect(processExitsWith: .failure) {
      var model = InvariantTests.measuredModel()
      model._sizes.entries = [:]
      model._checkInvariants()
    }
  }
}

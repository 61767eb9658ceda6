import Stagecraft
import Testing

@testable import StagecraftCoordinator

/// The coordinator's invariant checks fail on the corruption they look for: an index of
/// other data at the version shown, in a child process.
@Suite("Invariants of the coordinator and its pipeline")
@MainActor
struct CoordinatorInvariantTests {
  static func coordinator() -> CollectionCoordinator<
    HeadlessCollectionView<ArraySection<Int, Int>>, ArraySection<Int, Int>
  > {
    let view = HeadlessCollectionView(CollectionModel(items: [Int]()), items: { [] })
    let coordinator = CollectionCoordinator(target: view, guard: UpdateGuard())
    coordinator.update(items: Array(0..<20), animated: false)
    coordinator.update(items: Array(5..<30), animated: false)
    return coordinator
  }

  @Test func aConsistentCoordinatorPasses() {
    let coordinator = Self.coordinator()
    #expect(coordinator.indexPath(of: 7) == ElementPath(element: 2, section: 0))
    coordinator._checkInvariants()
  }

  // The internal checks trap on what they find; they are compiled only when asked
  // (STAGECRAFT_INTERNAL_CHECKS=1, as CI runs the suite at full scale).
  @Test(.enabled(if: _stagecraftInternalChecksEnabled, "the checks are compiled only when asked"))
  func anIndexOfOtherDataIsCaught() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let coordinator = CoordinatorInvariantTests.coordinator()
        // The data shown's version, indexed from other data.
        _ = coordinator._index.path(
          of: 7, in: [ArraySection(model: 0, elements: Array(0..<30))],
          version: coordinator.pipeline._dataVersion)
        coordinator._checkInvariants()
      }
    }
  }
}

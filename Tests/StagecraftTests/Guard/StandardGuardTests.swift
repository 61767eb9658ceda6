import Stagecraft
import Testing

/// `UpdateGuard.standard` is read at each update by the entry points that take no guard: a
/// recorder set on it after a coordinator or a pipeline was made records their updates (in a
/// 1.x coordinator, which copied the guard when it was made, it recorded nothing).
@MainActor
@Suite("The standard guard, read at each update")
struct StandardGuardTests {
  @Test func aRecorderSetAfterTheCoordinatorRecordsItsUpdates() async {
    let view = HeadlessCollectionView(CollectionModel(items: [Int]()), items: { [] })
    let coordinator = CollectionCoordinator(target: view)
    coordinator.update(items: [1, 2, 3], animated: false)
    let recorder = FlightRecorder()
    UpdateGuard.withStandard(UpdateGuard(recorder: recorder)) {
      coordinator.update(items: [3, 1, 2, 4], animated: false)
    }
    #expect(recorder.records.contains { $0.kind == .block && $0.entry == .coordinator })
    // Outside the scope, the process's guard again: no recorder.
    let before = recorder.records.count
    coordinator.update(items: [4], animated: false)
    #expect(recorder.records.count == before)
    #expect(view.model.items == [4] && view.refusals.isEmpty)
  }

  @Test func aRecorderSetAfterThePipelineRecordsItsUpdates() async {
    let view = HeadlessCollectionView(CollectionModel(items: [Int]()), items: { [] })
    let pipeline = UpdatePipeline(target: view, items: [Int]())
    view.dataSource = { [weak pipeline] in [ArraySection(model: 0, elements: pipeline?.data ?? [])]
    }
    _ = await pipeline.apply([1, 2, 3], animated: false)
    let recorder = FlightRecorder()
    await UpdateGuard.withStandard(UpdateGuard(recorder: recorder)) {
      _ = await pipeline.apply([3, 1, 2, 4], animated: false)
    }
    #expect(recorder.records.contains { $0.kind == .block && $0.entry == .pipeline })
    #expect(view.model.items == [3, 1, 2, 4])
  }

  /// A request made inside `withStandard` replays under that guard even when the line
  /// starts it from a task outside the scope: here the drain that a request made before the
  /// scope scheduled takes both, supersedes the first and starts the second.
  @Test func aRequestMadeInTheScopeReplaysUnderItsGuardWhoeverStartsIt() async {
    let view = HeadlessCollectionView(CollectionModel(items: [Int]()), items: { [] })
    let pipeline = UpdatePipeline(target: view, items: [Int]())
    view.dataSource = { [weak pipeline] in [ArraySection(model: 0, elements: pipeline?.data ?? [])]
    }
    _ = await pipeline.apply([1, 2, 3], animated: false)
    let recorder = FlightRecorder()
    // Made outside the scope: its drain runs first, outside it.
    pipeline.apply([9], animated: false) { _ in }
    await UpdateGuard.withStandard(UpdateGuard(recorder: recorder)) {
      _ = await pipeline.apply([3, 1, 2, 4], animated: false)
    }
    #expect(view.model.items == [3, 1, 2, 4])
    #expect(recorder.records.contains { $0.kind == .block && $0.entry == .pipeline })
  }

  /// A guard given to the coordinator is the one it keeps: the standard's recorder is not
  /// its.
  @Test func aGuardGivenAtBirthIsKept() {
    let view = HeadlessCollectionView(CollectionModel(items: [Int]()), items: { [] })
    let coordinator = CollectionCoordinator(target: view, guard: UpdateGuard())
    coordinator.update(items: [1, 2, 3], animated: false)
    let recorder = FlightRecorder()
    UpdateGuard.withStandard(UpdateGuard(recorder: recorder)) {
      coordinator.update(items: [3, 1, 2, 4], animated: false)
    }
    #expect(recorder.records.isEmpty)
  }
}

import Foundation
import Stagecraft
import StagecraftTestSupport
import Testing

/// An element update style that tells, each time the replay's planning asks an updated
/// item's way (`mode`), the thread it was asked on: its "cell configuration" is handed that
/// thread instead of a cell.
struct RecordingStyle: ElementUpdateStyle {
  typealias Cell = pthread_t
  let raw: ElementUpdateMode
  let asked: ((pthread_t, ElementPath) -> Void)?

  init(_ mode: ElementUpdateMode, configuringCell configure: ((pthread_t, ElementPath) -> Void)?) {
    raw = mode
    asked = configure
  }
  static var reload: RecordingStyle { RecordingStyle(.reload, configuringCell: nil) }
  static var reconfigure: RecordingStyle { RecordingStyle(.reconfigure, configuringCell: nil) }
  var mode: ElementUpdateMode {
    asked?(pthread_self(), ElementPath(element: 0, section: 0))
    return raw
  }
}

/// `CollectionModelView` with `RecordingStyle`: it forwards each call, and reads the style's
/// way without asking it.
@MainActor
final class StyleRecordingView {
  let base: CollectionModelView<ArraySection<Int, Item>>
  init(_ base: CollectionModelView<ArraySection<Int, Item>>) { self.base = base }
}

extension StyleRecordingView: @MainActor BatchUpdateTarget {
  typealias Failure = BatchUpdateError
  var isOnScreen: Bool { base.isOnScreen }
  var displayedItemCounts: [Int]? { base.displayedItemCounts }

  func reloadData(_ snapshot: [ArraySection<Int, Item>], setData: () -> Void)
    throws(BatchUpdateError)
  {
    base.reloadData(snapshot, setData: setData)
  }

  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: [ArraySection<Int, Item>], animated: Bool,
    setData: () -> BatchUpdate?, refreshing: [Move<ElementPath>], by elementUpdates: RecordingStyle,
    completion: ((Bool) -> Void)?
  ) throws(BatchUpdateError) {
    try base.performBatchUpdates(
      batch, snapshot: snapshot, animated: animated, setData: setData, refreshing: refreshing,
      by: elementUpdates.raw, completion: completion)
  }
}

/// Through `UpdatePipeline`, a diff made off the main actor has its replay's blocks planned
/// there as well: the main actor only performs them. The planning asks the element update
/// style about updated items; with the plan made on the diff's task, it is never asked on
/// the main actor. (Fails when the replay plans its blocks itself.)
@Suite("The pipeline plans blocks where it diffs")
@MainActor
struct PlanOffMainActorTests {
  @Test(arguments: 0..<6)
  func blocksArePlannedOffTheMainActor(seed: UInt64) async {
    var random = SplitMix64(seed: seed)
    let asked = _Flags()
    let view = StyleRecordingView(CollectionModelView(CollectionModel(items: [Item]())))
    let mainActorThread = pthread_self()
    let pipeline = UpdatePipeline(
      target: view, data: [Item](),
      strategy: UpdateStrategy(inlineDiffBelow: 4).elementUpdates(.reconfigure),
      configureCell: { thread, _ in asked.record(pthread_equal(thread, mainActorThread) != 0) },
      diff: { StagedChangeset(source: $0, target: $1) },
      snapshot: { [ArraySection(model: 0, elements: $0)] })
    var items = (0..<40).map { Item($0) }
    #expect(await pipeline.apply(items) == .applied)
    for round in 1...4 {
      // Content changes, moves, deletes and inserts: blocks with updates to place.
      for _ in 0..<5 { items[Int(random.next() % UInt64(items.count))].content = round }
      items.swapAt(Int(random.next() % 10), 30 + Int(random.next() % 10))
      items.remove(at: Int(random.next() % UInt64(items.count)))
      items.insert(Item(100 + round), at: Int(random.next() % UInt64(items.count)))
      #expect(await pipeline.apply(items) == .applied)
      #expect(view.base.model.items == items)
      #expect(view.base.model.staleCells.isEmpty)
    }
    #expect(!asked.values.isEmpty)
    #expect(!asked.values.contains(true))
  }
}

/// An element that records, when it is freed, whether the main actor's side of an update
/// freed it: the test's call and the tasks made from it, which inherit `onUpdatePath`, as
/// detached tasks (the diff's, the releases') do not. (Not by thread: under `swift test` on
/// Linux the main actor's jobs run on worker threads that later run other tasks too.)
final class TrackedItem: Differentiable, Sendable {
  @TaskLocal static var onUpdatePath = false

  let id: Int
  let freed: _Flags

  init(_ id: Int, freed: _Flags) { (self.id, self.freed) = (id, freed) }

  var differenceIdentifier: Int { id }
  func isContentEqual(to source: TrackedItem) -> Bool { id == source.id }

  deinit { freed.record(Self.onUpdatePath) }
}

/// What a large update lets go of (the stages' copies of the data, the planned blocks, the
/// data the view showed before) is freed off the main actor: the items an update deletes,
/// whose last holders those are once the app dropped its arrays, are freed by detached
/// tasks. (Fails when the pipeline releases them where it replays.)
@Suite("What an update lets go of")
@MainActor
struct ReleaseOffMainActorTests {
  @Test func deletedItemsAreFreedOffTheMainActor() async {
    let freed = _Flags()
    var source: () -> [Int] = { [] }
    let view = CountsView()
    view.validates = true
    view.dataCounts = { source() }
    // Above the size from which the pipeline frees off the main actor (65,536 elements).
    let count = 70_000
    var items: [TrackedItem]? = (0..<count).map { TrackedItem($0, freed: freed) }
    let pipeline = UpdatePipeline(target: view, items: items!, strategy: UpdateStrategy())
    source = { [weak pipeline] in [pipeline?.data.count ?? 0] }
    view.counts = [count]
    // Every third item deleted, a few hundred inserted, two moved.
    var next = items!.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
    next.swapAt(10, 5_000)
    next.insert(
      contentsOf: (count..<(count + 300)).map { TrackedItem($0, freed: freed) }, at: 2_000)
    let deleted = (0..<count).count { $0 % 3 == 0 }
    items = nil
    let outcome = await TrackedItem.$onUpdatePath.withValue(true) {
      let outcome = await pipeline.apply(next)
      next = []
      return outcome
    }
    #expect(outcome == .applied)
    #expect(!view.blocks.isEmpty && view.reloads == 0 && view.refusals.isEmpty)
    // The releases run on background tasks, which a loaded machine (the rest of the suite)
    // may run late: wait for them, up to a minute.
    for _ in 0..<6_000 where freed.values.count < deleted {
      try? await Task.sleep(for: .milliseconds(10))
    }
    #expect(freed.values.count == deleted)
    #expect(freed.values.allSatisfy { !$0 }, "\(freed.values.filter { $0 }.count) freed elsewhere")
  }
}

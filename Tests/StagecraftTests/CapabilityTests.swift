import Stagecraft
import StagecraftTestSupport
import Testing

/// A view of an app's own that adopts `BatchUpdateTarget` alone: a list of equal rows that
/// counts its items from each block's calls.
class PlainRows: BatchUpdateTarget {
  var count: Int
  var offset = 0.0
  var blocks: [BatchUpdate] = []
  let rowHeight = 10.0
  let height = 100.0
  init(count: Int) { self.count = count }

  var isOnScreen: Bool { true }
  var displayedItemCounts: [Int]? { [count] }
  func reloadData(_ snapshot: Void, setData: () -> Void) { setData() }
  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) {
    let calls = setData() ?? batch
    count += calls.insertItems.count - calls.deleteItems.count
    blocks.append(calls)
    completion?(true)
  }
}

/// The same view, with its scroll position told: `ScrollableTarget`.
final class ScrollingRows: PlainRows, ScrollableTarget {
  var scrollMetrics: ScrollMetrics? {
    ScrollMetrics(
      contentOffset: offset, viewportHeight: height, contentHeight: Double(count) * rowHeight)
  }
  var visibleItemPaths: [ElementPath] {
    let first = Int(offset / rowHeight)
    let last = min(count, Int((offset + height) / rowHeight) + 1)
    return (first..<max(first, last)).map { ElementPath(element: $0, section: 0) }
  }
  func extentOfItem(at path: ElementPath) -> ItemExtent? {
    ItemExtent(top: Double(path.element) * rowHeight, height: rowHeight)
  }
  func setContentOffset(_ offset: Double) { self.offset = offset }
  func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {
    offset = Double(path.element) * rowHeight
  }
}

/// The same view, told of each update as a whole: `ReplayObservingTarget`.
final class ObservingRows: PlainRows, ReplayObservingTarget {
  var depth = 0
  var updates = 0
  func replayWillBegin() {
    if depth == 0 { updates += 1 }
    depth += 1
  }
  func replayDidEnd() { depth -= 1 }
}

/// A target's capabilities are the small protocols it adopts: the replay reads each
/// through its protocol, and a target that adopts none still replays, guarded.
@Suite("Capabilities: a target adopts what it can do")
struct CapabilityTests {
  /// 20 rows, the user reading row 10 at the viewport's top; 5 rows arrive above it.
  func prepend(on view: PlainRows) {
    view.offset = 100
    var items = Array(0..<20)
    view.reload(
      using: StagedChangeset(source: items, target: Array(-5..<20)),
      strategy: UpdateStrategy(anchoring: .keepAnchor), guard: UpdateGuard(),
      setData: { items = $0 })
    #expect(items == Array(-5..<20) && view.count == 25)
  }

  @Test func aTargetWithoutScrollingIsLeftWhereItIs() {
    let view = PlainRows(count: 20)
    prepend(on: view)
    #expect(view.offset == 100)
    #expect(view.blocks == [BatchUpdate(insertItems: (0..<5).map { p(0, $0) })])
  }

  @Test func aScrollableTargetKeepsWhatTheUserReads() {
    let view = ScrollingRows(count: 20)
    prepend(on: view)
    #expect(view.offset == 150, "row 10 stays at the viewport's top")
  }

  @Test func anObservingTargetHearsEachUpdateOnce() {
    let view = ObservingRows(count: 20)
    prepend(on: view)
    var items = Array(-5..<20)
    view.reload(
      using: StagedChangeset(source: items, target: [1, 2]), strategy: .reloadData,
      setData: { items = $0 })
    #expect(view.updates == 2 && view.depth == 0)
  }
}

/// The refusal of a drag by a target whose failure is its own error type.
struct DragRefused: Error, Equatable {
  let source: ElementPath
}

/// A view whose blocks fail with `DragRefused`, adopting `BatchUpdateTarget` alone.
class RefusingRows: BatchUpdateTarget {
  typealias Failure = DragRefused
  var count: Int
  init(count: Int) { self.count = count }
  var isOnScreen: Bool { true }
  var displayedItemCounts: [Int]? { [count] }
  func reloadData(_ snapshot: Void, setData: () -> Void) { setData() }
  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) throws(DragRefused) {
    let calls = setData() ?? batch
    count += calls.insertItems.count - calls.deleteItems.count
    completion?(true)
  }
}

/// The same view, in a subclass, following drags: the conformance to `BatchUpdateTarget`
/// does not see `ReorderableTarget`, so the replay reads it at run time.
final class DraggableRows: RefusingRows, ReorderableTarget {
  var refusing = false
  var moves: [Move<ElementPath>] = []
  func moveItemInteractively(from source: ElementPath, to destination: ElementPath)
    throws(DragRefused)
  {
    if refusing { throw DragRefused(source: source) }
    moves.append(Move(source: source, target: destination))
  }
}

@Suite("Capabilities read at run time keep what they throw")
struct RunTimeCapabilityTests {
  @Test func aDragRefusedBySubclassReachesTheDataSourceAsThrown() throws {
    let view = DraggableRows(count: 0)
    let source = DiffableDataSource<RefusingRows, String, Int>(target: view)
    var snapshot = DiffableSnapshot<String, Int>()
    try snapshot.appendSections(["a"])
    try snapshot.appendItems([1, 2, 3])
    try source.apply(snapshot, animatingDifferences: false)
    #expect(try source.commitReorder(at: p(0, 0), to: p(0, 2)))
    #expect(view.moves == [Move(source: p(0, 0), target: p(0, 2))])
    #expect(source.snapshot().itemIdentifiers == [2, 3, 1])

    view.refusing = true
    #expect(throws: DragRefused(source: p(0, 1))) {
      try source.commitReorder(at: p(0, 1), to: p(0, 0))
    }
    #expect(source.snapshot().itemIdentifiers == [2, 3, 1], "a refused drag changes nothing")
    #expect(view.moves.count == 1)
  }
}

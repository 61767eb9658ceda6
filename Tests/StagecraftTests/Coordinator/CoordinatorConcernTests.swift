import Stagecraft
import Testing

@testable import StagecraftCoordinator

/// A context for one concern at a time: a flat list the "view" shows, what it shows
/// selected and visible, its metrics, and the callbacks made due, delivered when the test
/// says. No pipeline, no view.
@MainActor
final class FakeContext: CoordinatorContext {
  typealias Item = StagecraftTests.Item
  var shown: [Item] = []
  var latest: [Item]?
  var selected: Set<Int> = []
  var visible: [Int] = []
  var metrics: ScrollMetrics?
  var multiple: Bool? = true
  var replaying = false
  var version = 0
  var scrolledTo: [Int] = []
  var due: [() -> Void] = []
  var dueBindings: [CoordinatorCallbacks.Binding?] = []

  func show(_ items: [Item]) {
    shown = items
    version += 1
    selected = selected.filter { $0 < items.count }
  }

  func item(at path: ElementPath) -> Item? {
    path.section == 0 && shown.indices.contains(path.element) ? shown[path.element] : nil
  }
  func indexPath(of identifier: Int) -> ElementPath? {
    shown.firstIndex { $0.id == identifier }.map { ElementPath(element: $0, section: 0) }
  }
  func latestDataHolds(_ identifier: Int) -> Bool {
    (latest ?? shown).contains { $0.id == identifier }
  }
  func flatPosition(of path: ElementPath) -> (position: Int, count: Int)? {
    item(at: path) == nil ? nil : (path.element, shown.count)
  }
  var dataVersion: Int { version }
  var isReplaying: Bool { replaying }
  var selectedItemPaths: [ElementPath]? {
    selected.sorted().map { ElementPath(element: $0, section: 0) }
  }
  var visibleItemPaths: [ElementPath]? { visible.map { ElementPath(element: $0, section: 0) } }
  var scrollMetrics: ScrollMetrics? { metrics }
  var allowsSelectingMultipleItems: Bool? { multiple }
  var firstVisibleItem: ElementPath? { visibleItemPaths?.first }
  func selectItem(at path: ElementPath) { selected.insert(path.element) }
  func deselectItem(at path: ElementPath, animated: Bool) { selected.remove(path.element) }
  func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {
    scrolledTo.append(path.element)
  }
  func emit(_ binding: CoordinatorCallbacks.Binding?, _ deliver: @escaping () -> Void) {
    due.append(deliver)
    dueBindings.append(binding)
  }
  func withdraw(_ binding: CoordinatorCallbacks.Binding) {
    for index in dueBindings.indices.reversed() where dueBindings[index] == binding {
      due.remove(at: index)
      dueBindings.remove(at: index)
    }
  }
  func deliver() {
    let calls = due
    due = []
    dueBindings = []
    for call in calls { call() }
  }
}

@Suite("Coordinator concerns, each alone")
@MainActor
struct CoordinatorConcernTests {
  @Test func theSelectionFollowsTheDataAndReportsWhatStands() {
    let context = FakeContext()
    context.show(items(1, 2, 3))
    let selection = CoordinatorSelection<Item>()
    var written: [Set<Int>] = []
    selection.follow(.many([2, 9]) { written.append($0) }, context)
    // 9 is in no data: it leaves, and the binding hears the set that stands.
    #expect(selection.value == [2] && context.selected == [1])
    context.deliver()
    #expect(written == [[2]])
    // The same value again selects nothing and reports nothing.
    selection.follow(.many([2]) { written.append($0) }, context)
    #expect(context.due.isEmpty)
    // New data moves 2 and drops the view's selection (a reload): it is selected again.
    context.show(items(0, 4, 2))
    context.selected = []
    selection.dataDidApply(context)
    #expect(context.selected == [2] && context.due.isEmpty)
    // 2 leaves the data: the binding hears of it.
    context.show(items(0, 4))
    selection.dataDidApply(context)
    context.deliver()
    #expect(selection.value.isEmpty && written.last == [])
  }

  @Test func singleSelectionKeepsOneAndATapWithoutABindingIsAnAction() {
    let context = FakeContext()
    context.show(items(1, 2, 3))
    let selection = CoordinatorSelection<Item>()
    var one: [Int?] = []
    selection.follow(.one(1) { one.append($0) }, context)
    #expect(!selection.allowsMultipleSelection(context))
    selection.didSelectItem(at: ElementPath(element: 2, section: 0), context)
    context.deliver()
    #expect(selection.value == [3] && context.selected == [2] && one == [3])
    var tapped: [Int] = []
    selection.follow(.none, context)
    selection.onSelectItem = { tapped.append($0.id) }
    selection.didSelectItem(at: ElementPath(element: 0, section: 0), context)
    context.deliver()
    #expect(tapped == [1] && !selection.selectsOnTap && one == [3])
  }

  @Test func theScrolledItemWaitsForItsData() {
    let context = FakeContext()
    context.show(items(1, 2))
    context.latest = items(1, 2, 3)
    let scrolled = CoordinatorScrolledItem<Item>()
    var written: [Int] = []
    scrolled.follow(ScrolledItemBinding(3) { written.append($0) }, context)
    // 3 is in the newest data, not shown yet: no scroll, and it waits.
    #expect(context.scrolledTo.isEmpty && scrolled.pending == 3)
    context.show(items(1, 2, 3))
    scrolled.dataDidApply(context)
    #expect(context.scrolledTo == [2] && scrolled.value == 3 && scrolled.pending == nil)
    // A scroll comes to rest on item 1: written back once.
    context.visible = [0, 1]
    scrolled.scrollDidSettle(context)
    scrolled.scrollDidSettle(context)
    context.deliver()
    #expect(written == [1] && context.dueBindings.isEmpty)
    // An item no data holds is not waited for.
    scrolled.set(99, context)
    #expect(scrolled.pending == nil && context.scrolledTo == [2])
  }

  @Test func theReachTriggerFiresOnceUntilItsHandlerReturns() async {
    let context = FakeContext()
    context.show(items(1, 2, 3))
    context.metrics = ScrollMetrics(contentOffset: 0, viewportHeight: 300, contentHeight: 150)
    let reach = CoordinatorReach<Item>()
    var calls = 0
    // No handler: nothing fires.
    reach.dataDidApply(context)
    #expect(context.due.isEmpty)
    reach.onReachEnd = { calls += 1 }
    reach.handlersDidChange(context)
    #expect(context.due.count == 1)
    context.deliver()
    await Task.yield()
    // The handler returned: idle, and the same content does not fire again.
    #expect(calls == 1 && !reach.end.isBusy && context.due.isEmpty)
    reach.viewportDidChange(context)
    #expect(context.due.isEmpty)
    // A page arrived, still short of the screen: it fires again.
    context.metrics = ScrollMetrics(contentOffset: 0, viewportHeight: 300, contentHeight: 250)
    reach.dataDidApply(context)
    context.deliver()
    #expect(calls == 2)
  }

  @Test func thePrefetchRelayAsksOnceAndNeverCancelsAUsedPrefetch() {
    let context = FakeContext()
    context.show((0..<10).map { Item($0) })
    let relay = CoordinatorPrefetchRelay<Item>()
    var heard: [String] = []
    relay.onPrefetch = { heard.append("prefetch \($0)") }
    relay.onCancel = { heard.append("cancel \($0)") }
    func paths(_ elements: Int...) -> [ElementPath] {
      elements.map { ElementPath(element: $0, section: 0) }
    }
    relay.take(cancel: [], prefetch: paths(3, 4, 5), context)
    relay.take(cancel: [], prefetch: paths(3), context)  // outstanding: not asked again
    // The cell of item 3 is shown: its prefetch is used; a later cancel does not name it.
    relay.willDisplayItem(at: ElementPath(element: 3, section: 0), context)
    relay.take(cancel: paths(3, 4), prefetch: [], context)
    // Asked again later, it reaches the app.
    relay.take(cancel: [], prefetch: paths(3), context)
    // During a replay, requests wait for its end, read in the data at the call; the update
    // deleted item 5, which the view cannot name: the relay cancels it.
    context.replaying = true
    relay.take(cancel: [], prefetch: paths(6), context)
    context.show([0, 1, 2, 3, 4, 6, 7].map { Item($0) })
    context.replaying = false
    relay.dataDidApply(context)
    context.deliver()
    #expect(
      heard == [
        "prefetch [3, 4, 5]", "cancel [4]", "prefetch [3]", "cancel [5]", "prefetch [6]",
      ])
    #expect(relay.ledger.outstanding == [3, 6])
  }

  @Test func theCallbackQueueDefersInsideAViewUpdateAndSupersedesABinding() async {
    let queue = CoordinatorCallbacks()
    var log: [String] = []
    queue.performViewUpdate {
      queue.emit(.selection) { log.append("selection 1") }
      queue.emit(nil) { log.append("reach") }
      queue.emit(.selection) { log.append("selection 2") }
    }
    #expect(log.isEmpty && queue.hasPending)
    await Task.yield()
    #expect(log == ["reach", "selection 2"] && !queue.hasPending)
    queue.emit(nil) { log.append("tap") }
    #expect(log.last == "tap")
  }
}

@Suite("CoordinatorIndex: where items are, by identity")
@MainActor
struct CoordinatorIndexTests {
  typealias Section = ArraySection<Int, Int>

  /// The data shown is indexed once per version, on demand; a repeated identifier is at its
  /// first occurrence; the newest data answers apart from it.
  @Test func eachVersionIsIndexedOnceOnDemand() {
    let index = CoordinatorIndex<Section>()
    let shown = [Section(model: 0, elements: [1, 2, 2]), Section(model: 1, elements: [3])]
    #expect(index.built == 0)
    #expect(index.path(of: 2, in: shown, version: 1) == ElementPath(element: 1, section: 0))
    #expect(index.path(of: 3, in: shown, version: 1) == ElementPath(element: 0, section: 1))
    #expect(index.path(of: 9, in: shown, version: 1) == nil)
    #expect(index.built == 1)
    let next = [Section(model: 1, elements: [3, 1])]
    #expect(index.path(of: 1, in: next, version: 2) == ElementPath(element: 1, section: 0))
    #expect(index.built == 2)
    #expect(index.latestHolds(4, in: [Section(model: 0, elements: [4])], version: 7))
    #expect(!index.latestHolds(1, in: [Section(model: 0, elements: [4])], version: 7))
    // The newest data's answer is its version's: a question about version 7 is not asked
    // of other data.
    #expect(index.latestHolds(4, in: [], version: 7))
  }

  /// An update that will be looked up after it indexes its data beside the diff, and the
  /// data that reaches the view adopts that index without indexing again; other data (a
  /// reload of something else) is indexed on demand.
  @Test func anUpdatesDiffHandsItsIndexOver() {
    let index = CoordinatorIndex<Section>()
    let diff: @Sendable ([Section], [Section]) -> StagedChangeset<[Section]> = {
      StagedChangeset(source: $0, target: $1)
    }
    #expect(index.indexing(diff, needed: false) == nil)
    let old = [Section(model: 0, elements: [1, 2])]
    let new = [Section(model: 0, elements: [2, 5, 1])]
    let indexing = index.indexing(diff, needed: true)!
    let staged = indexing(old, new)
    index.dataDidApply(staged.last!.data, version: 4)
    #expect(
      index.path(of: 5, in: staged.last!.data, version: 4) == ElementPath(element: 1, section: 0))
    #expect(index.built == 0)
    // Data that is not the diff's own (equal, but another copy) is not trusted.
    _ = index.indexing(diff, needed: true)!(new, old)
    let copy = [Section(model: 0, elements: [1, 2])]
    index.dataDidApply(copy, version: 5)
    #expect(index.path(of: 2, in: copy, version: 5) == ElementPath(element: 1, section: 0))
    #expect(index.built == 1)
  }
}

import Stagecraft
import StagecraftTestSupport
import Testing

/// A view that keeps focus by index path, as UIKit does (`remembersLastFocusedIndexPath`):
/// after an update, focus is on whatever the path now points at, unless it is handed back
/// (`FocusKeepingTarget`). It shows its data through a headless view.
@MainActor
final class IndexPathFocusView: @MainActor BatchUpdateTarget, @MainActor SelectableTarget,
  @MainActor ScrollableTarget, @MainActor DataSourceBackedTarget, FocusKeepingTarget
{
  let view: HeadlessCollectionView<ArraySection<Int, Int>>
  /// Where UIKit's focus is: a path, kept as a path.
  var focused = FocusedItems()
  /// What the coordinator handed back, in order.
  var restored: [FocusedItems] = []

  init(_ view: HeadlessCollectionView<ArraySection<Int, Int>>) { self.view = view }

  var isOnScreen: Bool { true }
  var displayedItemCounts: [Int]? { view.displayedItemCounts }
  var dataSourceItemCounts: [Int]? { view.dataSourceItemCounts }
  func reloadData(_ snapshot: Void, setData: () -> Void) { view.reloadData((), setData: setData) }
  func performBatchUpdates(
    _ batch: BatchUpdate, snapshot: Void, animated: Bool, setData: () -> BatchUpdate?,
    refreshing: [Move<ElementPath>], by elementUpdates: ElementUpdateMode,
    completion: ((Bool) -> Void)?
  ) {
    let replacement = setData()
    view.performBatchUpdates(
      batch, snapshot: (), animated: animated, setData: { replacement }, refreshing: [],
      by: .reload, completion: completion)
  }
  var selectedItemPaths: [ElementPath] { view.selectedItemPaths }
  var allowsSelectingMultipleItems: Bool { view.allowsSelectingMultipleItems }
  func selectItem(at path: ElementPath, animated: Bool) {
    view.selectItem(at: path, animated: animated)
  }
  func deselectItem(at path: ElementPath, animated: Bool) {
    view.deselectItem(at: path, animated: animated)
  }
  var scrollMetrics: ScrollMetrics? { view.scrollMetrics }
  var visibleItemPaths: [ElementPath] { view.visibleItemPaths }
  func extentOfItem(at path: ElementPath) -> ItemExtent? { view.extentOfItem(at: path) }
  func setContentOffset(_ offset: Double) { view.setContentOffset(offset) }
  func scrollToItem(at path: ElementPath, alignment: ScrollAlignment, animated: Bool) {
    view.scrollToItem(at: path, alignment: alignment, animated: animated)
  }
  var focusedItems: FocusedItems { focused }
  func restoreFocus(to items: FocusedItems) {
    restored.append(items)
    focused = items
  }
}

/// The coordinator keeps focus on its item through its updates on a view that keeps it by
/// index path: keyboard and VoiceOver focus, each followed by identity and handed back, as
/// the SwiftUI collection's delegate answers `indexPathForPreferredFocusedView(in:)` with
/// `preferredFocusItem`.
@MainActor
@Suite("The coordinator keeps focus on its item")
struct CoordinatorFocusTests {
  @Test func focusFollowsItsItemThroughRandomUpdates() {
    var problems: [String] = []
    for seed in 0..<UInt64(TestScale.count(120)) {
      var random = SplitMix64(seed: seed &+ 17)
      let headless = HeadlessCollectionView(CollectionModel(sections: [ArraySection<Int, Int>]()))
      let view = IndexPathFocusView(headless)
      let coordinator = CollectionCoordinator<IndexPathFocusView, ArraySection<Int, Int>>(
        target: view)
      headless.dataSource = { [unowned coordinator] in coordinator.sections }
      var sections = FocusTests.data(&random)
      coordinator.update(sections: sections, animated: false)
      for step in 0..<12 {
        if view.focused.isEmpty || step % 4 == 0 {
          view.focused = FocusedItems(
            keyboard: FocusTests.randomFocus(sections, &random).flatMap {
              if case .item = $0 { return $0 } else { return nil }
            },
            voiceOver: FocusTests.randomFocus(sections, &random))
        }
        let before = (sections, view.focused)
        sections = FocusTests.data(&random)
        coordinator.update(sections: sections, animated: step % 2 == 0)
        let expected = FocusedItems(
          keyboard: FocusTests.expected(before.1.keyboard, before.0, sections),
          voiceOver: FocusTests.expected(before.1.voiceOver, before.0, sections))
        if view.focused != expected {
          problems.append("seed \(seed) step \(step): \(view.focused), not \(expected)")
          view.focused = expected
        }
        if case .item(let path)? = expected.keyboard {
          if coordinator.preferredFocusItem != path { problems.append("preferred, seed \(seed)") }
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(3))")
  }

  /// The smallest case: the focused item is deleted; focus goes to the item after it, where
  /// UIKit's remembered path would have put it on the item that took its place above.
  @Test func aDeletedItemsFocusGoesToTheItemAfterIt() {
    let headless = HeadlessCollectionView(CollectionModel(sections: [ArraySection<Int, Int>]()))
    let view = IndexPathFocusView(headless)
    let coordinator = CollectionCoordinator<IndexPathFocusView, ArraySection<Int, Int>>(
      target: view)
    headless.dataSource = { [unowned coordinator] in coordinator.sections }
    coordinator.update(sections: [ArraySection(model: 0, elements: [1, 2, 3])], animated: false)
    view.focused = FocusedItems(keyboard: .item(ElementPath(element: 1, section: 0)))
    coordinator.update(sections: [ArraySection(model: 0, elements: [0, 1, 3])], animated: true)
    #expect(view.restored == [FocusedItems(keyboard: .item(ElementPath(element: 2, section: 0)))])
    #expect(coordinator.preferredFocusItem == ElementPath(element: 2, section: 0))
  }

  /// A view's own replay (`reload(using:)`) on a view that keeps focus by index path: it has
  /// only the data after each stage, so it follows focus by position through the blocks,
  /// and hands it back once they ran. The same rule, the same reference.
  @Test(arguments: [false, true])
  func aViewsReplayFollowsFocusThroughItsBlocks(animated: Bool) {
    var problems: [String] = []
    for seed in 0..<UInt64(TestScale.count(120)) {
      var random = SplitMix64(seed: seed &+ 29)
      var sections = FocusTests.data(&random)
      let headless = HeadlessCollectionView(CollectionModel(sections: sections))
      let view = IndexPathFocusView(headless)
      headless.dataSource = { sections }
      for step in 0..<12 {
        if view.focused.isEmpty || step % 4 == 0 {
          view.focused = FocusedItems(
            keyboard: FocusTests.randomFocus(sections, &random),
            voiceOver: FocusTests.randomFocus(sections, &random))
        }
        let (before, focused) = (sections, view.focused)
        let after = FocusTests.data(&random)
        view.reload(
          using: StagedChangeset(source: before, target: after),
          strategy: UpdateStrategy(animation: animated ? .always : .never),
          setData: { sections = $0 })
        let expected = FocusedItems(
          keyboard: FocusTests.expected(focused.keyboard, before, after, byPosition: true),
          voiceOver: FocusTests.expected(focused.voiceOver, before, after, byPosition: true))
        if view.focused != expected {
          problems.append("seed \(seed) step \(step): \(view.focused), not \(expected)")
          view.focused = expected
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(3))")
  }
}

import Stagecraft
import Testing

@testable import StagecraftCoordinator

/// The decisions the SwiftUI shell forwards to UIKit, run here.
@Suite("The SwiftUI shell's decisions")
@MainActor
struct ShellDecisionTests {
  /// Leading and trailing follow the layout direction; without the modifier the app's own
  /// insets stay, and a modifier that goes away gives zero insets back once.
  @Test func insetsFollowTheLayoutDirectionAndLeaveTheAppsOwnAlone() {
    var owner = ContentInsetsOwner()
    #expect(owner.noInsets() == nil)  // never used: the app's insets stay
    let ltr = owner.insets(top: 1, leading: 2, bottom: 3, trailing: 4, rightToLeft: false)
    #expect(ltr == .init(top: 1, left: 2, bottom: 3, right: 4))
    let rtl = owner.insets(top: 1, leading: 2, bottom: 3, trailing: 4, rightToLeft: true)
    #expect(rtl == .init(top: 1, left: 4, bottom: 3, right: 2))
    #expect(owner.noInsets() == .init(top: 0, left: 0, bottom: 0, right: 0))
    #expect(owner.noInsets() == nil)
  }

  /// The per-item selection counts are pruned to the items on screen (the shell passes the
  /// identifiers of the visible cells): an item scrolled away, still in the data, is
  /// forgotten, and counts from 0 when its cell is configured again.
  @Test func theSelectionCounterKeepsOnlyTheItemsOnScreen() {
    var counter = CellSelectionCounter<Int>()
    for id in [1, 2, 2, 3] { counter.select(id) }
    #expect(counter.count(of: 2) == 2 && counter.countedItems == 3)
    let onScreen: Set = [2, 3]  // 1 is still in the data, scrolled away
    counter.prune { onScreen.contains($0) }
    #expect(counter.countedItems == 2 && counter.count(of: 1) == 0 && counter.count(of: 2) == 2)
    counter.select(1)
    #expect(counter.count(of: 1) == 1)
  }

  /// `.refreshable` installs the collection's own control, removes only that one, and never
  /// touches an app's control.
  @Test func theRefreshControlIsTheCollectionsOnlyWhenItMadeIt() {
    #expect(RefreshControlChange.change(hasAction: true, control: .none) == .install)
    #expect(RefreshControlChange.change(hasAction: true, control: .collection) == .keep)
    #expect(RefreshControlChange.change(hasAction: true, control: .app) == .keep)
    #expect(RefreshControlChange.change(hasAction: false, control: .collection) == .remove)
    #expect(RefreshControlChange.change(hasAction: false, control: .app) == .keep)
    #expect(RefreshControlChange.change(hasAction: false, control: .none) == .keep)
  }

  /// A transaction animates only with an animation that it does not disable.
  @Test func aTransactionAnimatesWithAnAnimationItDoesNotDisable() {
    #expect(transactionAnimates(hasAnimation: true, disablesAnimations: false))
    #expect(!transactionAnimates(hasAnimation: true, disablesAnimations: true))
    #expect(!transactionAnimates(hasAnimation: false, disablesAnimations: false))
    #expect(!transactionAnimates(hasAnimation: false, disablesAnimations: true))
  }

  /// A supplementary view shows its section's content only for a section the data has (UIKit
  /// asks for old indexes during an animation) and a kind that shows content.
  @Test func aSupplementaryViewReadsOnlyASectionTheDataHas() {
    #expect(supplementarySection(1, sectionCount: 2, showsContent: true) == 1)
    #expect(supplementarySection(2, sectionCount: 2, showsContent: true) == nil)
    #expect(supplementarySection(-1, sectionCount: 2, showsContent: true) == nil)
    #expect(supplementarySection(0, sectionCount: 2, showsContent: false) == nil)
    #expect(supplementarySection(0, sectionCount: 0, showsContent: true) == nil)
  }

  /// A typed modifier given the wrong type is named, with the type to use.
  @Test func aTypedModifierOfTheWrongTypeIsNamed() {
    #expect(typedModifierMismatch("onSelect", given: Int.self, expected: Int.self) == nil)
    #expect(
      typedModifierMismatch("onSelect", given: String.self, expected: Item.self)
        == "onSelect(for: String.self) on a StagedCollection of Item never fires: name Item.self")
    // A keyed collection's modifiers may name its value or its wrapper.
    #expect(
      typedModifierMismatch(
        "onSelect", given: Int.self, expected: Item.self, alsoAccepted: [Int.self])
        == nil)
  }

  /// A section's layout is asked for by the section's identity, which follows the data as
  /// sections are inserted and moved.
  @Test func aSectionIsNamedByItsIdentityAtEveryIndex() {
    let view = HeadlessCollectionView(CollectionModel(sections: [Section]()))
    let coordinator = CollectionCoordinator(target: view)
    coordinator.update(sections: [section(7, [1]), section(8, [2])], animated: false)
    #expect(coordinator.sectionIdentifier(at: 0) == 7)
    coordinator.update(
      sections: [section(9, []), section(8, [2]), section(7, [1])], animated: true)
    #expect((0..<3).map { coordinator.sectionIdentifier(at: $0) } == [9, 8, 7])
    #expect(coordinator.sectionIdentifier(at: 3) == nil)
  }

  /// Layout-time viewport changes are a view update: what they cause waits for the turn.
  @Test func aLayoutPassIsAViewUpdate() async {
    let (view, coordinator) = makeScrollingCoordinator()
    var heard = 0
    coordinator.reachEndDistance = .points(50)
    coordinator.onReachEnd = { heard += 1 }
    coordinator.update(items: (1...8).map { Item($0) }, animated: false)  // 400 of 200 points
    await coordinator.waitForCallbacks()
    #expect(heard == 0)
    // A rotation: the layout pass (not a scroll) finds the end on screen.
    view.onViewportChange = nil
    view.geometry?.viewportHeight = 1_000
    coordinator.viewDidLayout()
    #expect(heard == 0 && coordinator.hasPendingCallbacks)
    await coordinator.waitForCallbacks()
    #expect(heard == 1)
  }

  /// An input's handlers are installed after its data and then look at it: a reach handler
  /// given with a short first page fires once, after the call.
  @Test func handlersGivenWithTheFirstDataSeeIt() async {
    let (_, coordinator) = makeScrollingCoordinator()
    var pages = 0
    var input = CollectionInput<FlatSection>(items: items(1, 2))
    input.reachEnd = .init { pages += 1 }
    coordinator.apply(input)
    #expect(pages == 0)
    await coordinator.waitForCallbacks()
    #expect(pages == 1)
  }

  /// The strategy of an input decides how that input's data arrives (it is set before the
  /// data), and no setting resets another's default.
  @Test func anInputsStrategyAppliesToItsOwnData() {
    let (view, coordinator) = makeScrollingCoordinator()
    coordinator.update(items: items(1, 2), animated: true)
    let start = view.model.events.count
    var input = CollectionInput<FlatSection>(items: items(1, 2, 3), strategy: .reloadData)
    coordinator.apply(input)
    #expect(view.model.events[start...].elementsEqual([.reloadData]))
    input = CollectionInput(items: items(1, 2, 3, 4), strategy: .alwaysAnimated(below: 10))
    input.animated = false  // the tutorial's rule: animate below 10 items anyway
    coordinator.apply(input)
    guard case .batchUpdates(_, let animated)? = view.model.events.last else {
      Issue.record("no batch")
      return
    }
    #expect(animated)
    coordinator.strategy = coordinator.strategy.diffingInline(below: .max)
    #expect(coordinator.strategy.animation == .alwaysBelow(items: 10))
    #expect(coordinator.strategy.inlineDiffBelow == .max)
  }

  /// A scrolled item added in the same input is scrolled to at once.
  @Test func aScrolledItemAddedInTheSameInputIsScrolledTo() {
    let (view, coordinator) = makeScrollingCoordinator()
    coordinator.update(items: (0..<20).map { Item($0) }, animated: false)
    var input = CollectionInput<FlatSection>(items: (0..<21).map { Item($0) })
    input.scrolledItem = ScrolledItemBinding(20) { _ in }
    coordinator.apply(input)
    #expect(coordinator.scrolledItem == 20)
    #expect(view.model.realizedPaths.contains(p(0, 20)))
  }
}

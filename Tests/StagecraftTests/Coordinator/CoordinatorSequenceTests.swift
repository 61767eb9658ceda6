import Stagecraft
import StagecraftTestSupport
import Testing

/// Random sequences of what an app and its user do to a SwiftUI collection: new data
/// (animated or not), taps, binding writes, animations held and finished, the view leaving
/// and re-entering its window, scrolling. After every step the invariants hold: the view's
/// selection is the coordinator's, animations in flight included; no app callback ran
/// inside a call made as SwiftUI's view update makes it; after one turn of the main actor
/// every callback that was due has arrived and the binding is the coordinator's selection.
@Suite("CollectionCoordinator: random sequences")
@MainActor
struct CoordinatorSequenceTests {
  typealias View = HeadlessCollectionView<Section>

  /// Random data with unique item identifiers (selection is by identity): one section, or
  /// up to four with unique headers.
  static func data(_ random: inout SplitMix64, sectioned: Bool) -> [Section] {
    let ids = Array((0..<30).shuffled(using: &random).prefix(random.next(21)))
    let items = ids.map { Item($0, random.next(2)) }
    guard sectioned else { return [Section(model: Header(0), elements: items)] }
    let headers = Array((0..<6).shuffled(using: &random).prefix(1 + random.next(4)))
    var sections = headers.map { Section(model: Header($0, random.next(2)), elements: []) }
    for item in items { sections[random.next(sections.count)].elements.append(item) }
    return sections
  }

  @Test(arguments: [false, true])
  func theInvariantsHoldAfterEveryStep(sectioned: Bool) async {
    var random = SplitMix64(seed: sectioned ? 0xC011_EC7 : 0xF1A7)
    var tally = Tally()
    for _ in 0..<TestScale.count(200) {
      await runSequence(&random, sectioned: sectioned, tally: &tally)
    }
    // Every kind of situation was met many times.
    let runs = TestScale.count(200)
    #expect(tally.steps == runs * 40)
    #expect(tally.whileAnimating > runs, "\(tally)")
    #expect(tally.superseded > runs / 4, "\(tally)")
    #expect(tally.reloads > runs, "\(tally)")
    #expect(tally.selectedAtIdle > runs, "\(tally)")
    #expect(tally.deferred > runs, "\(tally)")
  }

  /// What the sequences met.
  struct Tally {
    var steps = 0
    var whileAnimating = 0
    var superseded = 0
    var reloads = 0
    var selectedAtIdle = 0
    /// Steps after which a callback was due and came one turn later.
    var deferred = 0
  }

  /// One sequence of 40 steps.
  func runSequence(_ random: inout SplitMix64, sectioned: Bool, tally: inout Tally) async {
    let view = View(
      CollectionModel(
        sections: [Section](), configuration: .init(allowsMultipleSelection: true)),
      dataSource: { [] })
    var badRefreshes: [String] = []
    // Weak, as an app's must be: the coordinator holds its refresh, which reads it.
    weak var coordinator: CollectionCoordinator<View, Section>?
    let made = CollectionCoordinator(
      target: view, strategy: UpdateStrategy().reloading(above: 12).elementUpdates(.silent),
      configureCell: { cell, path in
        // Only an item whose content changed is refreshed, with its new version.
        let new = coordinator?.item(at: path)
        if new?.id != cell.element.id || new?.isContentEqual(to: cell.element) != false {
          badRefreshes.append("\(cell.element) -> \(String(describing: new))")
        }
      }, guard: UpdateGuard())
    coordinator = made
    // The app's binding: written by the app, and back by the coordinator, never while a
    // call made as SwiftUI's view update makes it runs.
    var binding = Set<Int>()
    var inViewUpdate = false
    var writtenDuringViewUpdate = 0
    var writes = 0
    made.onSelectionChange = {
      if inViewUpdate { writtenDuringViewUpdate += 1 }
      writes += 1
      binding = $0
    }
    let first = Self.data(&random, sectioned: sectioned)
    inViewUpdate = true
    made.update(sections: first, animated: true)
    inViewUpdate = false
    // Runs a call as SwiftUI's view update runs it (updateUIViewController).
    func asViewUpdate(_ call: () -> Void) {
      inViewUpdate = true
      call()
      inViewUpdate = false
    }
    for _ in 0..<40 {
      let writesBefore = writes
      if random.next(12) == 6 {
        binding = Set((0..<35).filter { _ in random.next(8) == 0 })
        asViewUpdate { made.selection = binding }
      } else {
        step(&random, view: view, coordinator: made, sectioned: sectioned, asViewUpdate)
      }
      #expect(writtenDuringViewUpdate == 0)
      // The view's selection is the coordinator's at every moment.
      let selectedInView = Set(
        view.model.indexPathsForSelectedItems.compactMap { view.model.element(at: $0)?.id })
      #expect(selectedInView == made.selection)
      // One turn of the main actor delivers what was due.
      let due = made.hasPendingCallbacks
      await Task.yield()
      #expect(!made.hasPendingCallbacks)
      if due {
        tally.deferred += 1
        #expect(writes > writesBefore)
      }
      check(view: view, coordinator: made, binding: binding)
      made._checkInvariants()
      tally.steps += 1
      if view.animationsInFlight > 0 { tally.whileAnimating += 1 }
      if view.animationsInFlight == 0, !binding.isEmpty { tally.selectedAtIdle += 1 }
    }
    tally.superseded += made.statistics.superseded
    tally.reloads += made.statistics.reloads
    #expect(badRefreshes.isEmpty, "\(badRefreshes)")
    // Nothing was lost: once the animations end and the view is back, it shows the newest.
    view.holdsAnimations = false
    view.finishAnimations()
    view.isOnScreen = true
    made.windowDidChange()
    #expect(view.model.sections == made.latestSections)
  }

  /// One step: a view-update call (new data, the window) made through `asViewUpdate`, or a
  /// UIKit event (a tap, an animation ending, a scroll).
  func step(
    _ random: inout SplitMix64, view: View, coordinator: CollectionCoordinator<View, Section>,
    sectioned: Bool, _ asViewUpdate: (() -> Void) -> Void
  ) {
    let shown = view.model.sections.indices.flatMap { section in
      view.model.sections[section].elements.indices.map { p(section, $0) }
    }
    switch random.next(12) {
    case 0...3:
      let data = Self.data(&random, sectioned: sectioned)
      let animated = random.next(2) == 0
      asViewUpdate { coordinator.update(sections: data, animated: animated) }
    case 4:
      if let path = shown.randomElement(using: &random) { coordinator.didSelectItem(at: path) }
    case 5:
      if let path = view.model.indexPathsForSelectedItems.randomElement(using: &random) {
        coordinator.didDeselectItem(at: path)
      }
    case 6:
      asViewUpdate { coordinator.update(sections: coordinator.latestSections, animated: false) }
    case 7:
      view.holdsAnimations.toggle()
    case 8:
      view.finishAnimations()
    case 9:
      view.isOnScreen = random.next(2) == 0
      asViewUpdate { coordinator.windowDidChange() }
    case 10:
      let start = random.next(10)
      view.viewport = random.next(3) == 0 ? .all : .items(start..<(start + random.next(12)))
    default:
      asViewUpdate { coordinator.update(sections: coordinator.latestSections, animated: true) }
    }
  }

  func check(view: View, coordinator: CollectionCoordinator<View, Section>, binding: Set<Int>) {
    #expect(view.refusals.isEmpty, "\(view.refusals)")
    // The view shows its data source, and every realized cell shows its item.
    #expect(view.model.sections == coordinator.sections)
    #expect(view.model.staleCells.isEmpty)
    // The view's selection is the bound identifiers, each of which the data it shows holds,
    // and the binding heard every change the coordinator made.
    let selectedInView = Set(
      view.model.indexPathsForSelectedItems.compactMap { view.model.element(at: $0)?.id })
    #expect(selectedInView == coordinator.selection)
    let held = Set(coordinator.sections.flatMap { $0.elements.map(\.id) })
    #expect(coordinator.selection.isSubset(of: held))
    #expect(binding == coordinator.selection)
    guard view.animationsInFlight == 0 else { return }
    // With no animation in flight, the view is at the newest data.
    #expect(coordinator.sections == coordinator.latestSections)
  }
}

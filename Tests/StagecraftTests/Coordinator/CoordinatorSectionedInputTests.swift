import Stagecraft
import StagecraftTestSupport
import Testing

/// Random inputs of sectioned data through `apply(_:)`: items added to any section and
/// selected in the same input, selected items removed, items moved across sections, sections
/// inserted, removed and reordered. After each input and one turn, the view selects exactly
/// the bound items the new data holds, at their new paths, and the binding heard only that.
@Suite("CollectionCoordinator: random sectioned inputs through apply(_:)")
@MainActor
struct CoordinatorSectionedInputTests {
  @Test(arguments: [false, true])
  func everySectionedInputLeavesTheBoundItemsSelected(multiple: Bool) async {
    var random = SplitMix64(seed: multiple ? 0x5EC7 : 0x5EC8)
    var addedAndSelected = 0
    for _ in 0..<TestScale.count(30) {
      let view = HeadlessCollectionView(
        CollectionModel(
          sections: [Section](), configuration: .init(allowsMultipleSelection: multiple))
      )
      let coordinator = CollectionCoordinator(target: view, guard: UpdateGuard())
      var sections: [Section] = []
      var bound: Set<Int> = []
      var writes: [Set<Int>] = []
      var nextItem = 0
      var nextHeader = 0
      for _ in 0..<25 {
        // Sections come and go and move; items arrive, leave and change section.
        if sections.isEmpty || random.next(4) == 0 {
          sections.insert(
            Section(model: Header(nextHeader), elements: []),
            at: random.next(sections.count + 1))
          nextHeader += 1
        }
        if sections.count > 1, random.next(6) == 0 {
          sections.remove(at: random.next(sections.count))
        }
        if sections.count > 1, random.next(5) == 0 { sections.swapAt(0, sections.count - 1) }
        var added: [Int] = []
        for _ in 0..<random.next(4) {
          let target = random.next(sections.count)
          let index = random.next(sections[target].elements.count + 1)
          sections[target].elements.insert(Item(nextItem), at: index)
          added.append(nextItem)
          nextItem += 1
        }
        for _ in 0..<random.next(3) {
          let from = random.next(sections.count)
          guard !sections[from].elements.isEmpty else { continue }
          let item = sections[from].elements.remove(at: random.next(sections[from].elements.count))
          if random.next(2) == 0 {  // moved to another section, else removed
            let to = random.next(sections.count)
            sections[to].elements.insert(item, at: random.next(sections[to].elements.count + 1))
          }
        }
        if let new = added.randomElement(using: &random), random.next(3) > 0 {
          bound = multiple ? bound.union([new]) : [new]
          addedAndSelected += 1
        }
        var input = CollectionInput(sections: sections, animated: random.next(2) == 0)
        let value = bound
        input.selection =
          multiple
          ? .many(value) {
            writes.append($0)
            bound = $0
          }
          : .one(value.first) {
            writes.append($0.map { [$0] } ?? [])
            bound = $0.map { [$0] } ?? []
          }
        writes = []
        coordinator.apply(input)
        await coordinator.waitForCallbacks()

        var expected: [Int: ElementPath] = [:]
        for (s, section) in sections.enumerated() {
          for (e, item) in section.elements.enumerated() where value.contains(item.id) {
            expected[item.id] = ElementPath(element: e, section: s)
          }
        }
        let refusals = view.refusals.count
        #expect(refusals == 0)
        #expect(view.model.sections == sections)
        #expect(Set(view.model.indexPathsForSelectedItems) == Set(expected.values))
        #expect(coordinator.selection == Set(expected.keys))
        #expect(writes.allSatisfy { $0 == Set(expected.keys) })
        #expect(bound == Set(expected.keys))
      }
    }
    #expect(addedAndSelected > TestScale.count(30))
  }
}

import StagecraftDiff
import StagecraftModel
import StagecraftReplay
import Testing

/// The `StagecraftModel` product alone (the diff, `BatchUpdate` and the headless model): what
/// a test target takes to check its updates as UIKit would, with nothing else of the library.
@Suite("The StagecraftModel product, alone")
struct ModelProductTests {
  struct Message: Differentiable, Hashable {
    var id: Int
    var text: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Message) -> Bool { text == source.text }
  }

  /// A seeded list edit: deletes, inserts, moves and new text.
  static func edit(_ items: [Message], _ state: inout UInt64, fresh: inout Int) -> [Message] {
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var result = items.filter { _ in next(5) != 0 }.map { item in
      next(6) == 0 ? Message(id: item.id, text: item.text + "!") : item
    }
    for _ in 0..<next(4) {
      let index = next(result.count + 1)
      if !result.isEmpty, next(2) == 0 {
        let moved = result.remove(at: next(result.count))
        result.insert(moved, at: min(index, result.count))
      } else {
        result.insert(Message(id: fresh, text: "new"), at: index)
        fresh += 1
      }
    }
    return result
  }

  /// Every diff replays on the model, block by block, as UIKit would take it: the model ends
  /// at the target, and no cell shows stale content.
  @Test func diffsReplayOnTheModel() throws {
    var state: UInt64 = 7
    var fresh = 20
    var items = (0..<20).map { Message(id: $0, text: "m\($0)") }
    var model = CollectionModel(items: items)
    for _ in 0..<300 {
      let next = Self.edit(items, &state, fresh: &fresh)
      try model.reload(using: StagedChangeset(source: items, target: next))
      #expect(model.items == next)
      #expect(model.staleCells.isEmpty)
      items = next
    }
  }

  /// A block whose counts do not add up throws UIKit's text and leaves the model as it was.
  @Test func anInvalidBlockThrowsAndChangesNothing() {
    let items = (0..<3).map { Message(id: $0, text: "m\($0)") }
    var model = CollectionModel(items: items)
    let before = model
    var batch = BatchUpdate()
    batch.deleteItems = [ElementPath(element: 0, section: 0)]
    #expect(throws: BatchUpdateError.self) {
      try model.performBatchUpdates(batch, newItems: items)
    }
    do {
      try model.performBatchUpdates(batch, newItems: items)
    } catch {
      #expect(
        "\(error)".contains("Invalid update: invalid number of items in section 0"), "\(error)")
    }
    #expect(model == before)
  }
}

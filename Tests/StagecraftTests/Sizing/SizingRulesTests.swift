import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftModel

/// The rules of self-sizing that the measurements broke, one test each, on the
/// model (sizes recorded as a device reports them) and on `ListLayoutState`.
@Suite("Self-sizing rules: content changes, cycles, pins, scrolls")
struct SizingRulesTests {
  /// A chat of `count` messages, each a `Message` whose height is its text's lines.
  struct Message: Differentiable, Hashable, Sendable {
    var id: Int
    var text: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Message) -> Bool { text == source.text }
    /// 20 points per line of 40 characters, at least one line.
    var height: Double { Double(max(1, (text.count + 39) / 40)) * 20 }
  }

  static func chat(_ count: Int, answer: Int) -> [Message] {
    (0..<count).map {
      Message(id: $0, text: String(repeating: "x", count: $0 == answer ? 2_000 : 30))
    }
  }

  /// Records what a device's cells report for every item the model shows without a size.
  static func measureShown(_ model: inout CollectionModel<ArraySection<Int, Message>>) {
    for _ in 0..<50 {
      let pending = model.itemsNeedingMeasurement
      if pending.isEmpty { return }
      for path in pending {
        model.recordMeasuredHeight(model.element(at: path)!.height, forItemAt: path)
      }
    }
  }

  /// Reading inside a long answer that an update grows: the answer keeps its last size
  /// until it is measured, the reader stays where they were, and the viewport is never
  /// left past the content with nothing shown. With the estimate taken instead (the planted
  /// mistake), the content collapses under the reader.
  @Test(arguments: plantedCases)
  func readingInsideAnAnswerThatAnUpdateGrows(planted: Bool) throws {
    var messages = Self.chat(40, answer: 20)
    var model = CollectionModel(items: messages, viewport: .none)
    if planted { model._sizes.faults = .estimateAfterContentChange }
    model.geometry = .init(viewportHeight: 400, itemHeight: 30)
    model.geometry!.viewportWidth = 320
    Self.measureShown(&model)
    // Scroll to 200 points into the answer, measuring what comes on screen on the way.
    model.setContentOffset(model.extentOfItem(at: ElementPath(element: 20, section: 0))!.top)
    Self.measureShown(&model)
    model.setContentOffset(model.extentOfItem(at: ElementPath(element: 20, section: 0))!.top + 200)
    Self.measureShown(&model)
    let answerHeight = model.extentOfItem(at: ElementPath(element: 20, section: 0))!.height
    #expect(answerHeight == 1_000)
    let offset = model.geometry!.contentOffset
    let content = model.scrollMetrics!.contentHeight
    // The answer grows by an update.
    let old = messages
    messages[20].text += String(repeating: "y", count: 100)
    try model.reload(
      using: StagedChangeset(source: old, target: messages),
      strategy: UpdateStrategy(anchoring: .keepAnchor))
    let kept = model.extentOfItem(at: ElementPath(element: 20, section: 0))!.height
    if planted {
      #expect(kept == 30)
      #expect(model.scrollMetrics!.contentHeight < content - 900)
      return
    }
    #expect(kept == 1_000, "the last size is the estimate until it is measured")
    #expect(model.geometry!.contentOffset == offset)
    #expect(model.scrollMetrics!.contentHeight == content)
    #expect(model.itemsNeedingMeasurement == [ElementPath(element: 20, section: 0)])
    Self.measureShown(&model)
    // Measured: it grew by 60 below the reader, who did not move.
    #expect(model.extentOfItem(at: ElementPath(element: 20, section: 0))!.height == 1_060)
    #expect(model.geometry!.contentOffset == offset)
    #expect(!model.realizedPaths.isEmpty)
  }

  /// `.stickToBottom`, 100 points above the bottom: the last item grows by 20 points in an
  /// update, and the reader does not jump to the bottom.
  @Test func aReaderAboveTheBottomIsNotPulledDown() throws {
    var messages = Self.chat(30, answer: 29)
    var model = CollectionModel(items: messages, viewport: .none)
    model.geometry = .init(viewportHeight: 400, itemHeight: 30)
    model.geometry!.viewportWidth = 320
    model.geometry!.anchoring = .stickToBottom
    Self.measureShown(&model)
    model.setContentOffset(model.scrollMetrics!.bottomOffset)
    Self.measureShown(&model)
    model.setContentOffset(model.scrollMetrics!.bottomOffset - 100)
    let reading = model.scrollAnchor!
    let old = messages
    messages[29].text += String(repeating: "z", count: 40)
    try model.reload(
      using: StagedChangeset(source: old, target: messages),
      strategy: UpdateStrategy(anchoring: .stickToBottom))
    Self.measureShown(&model)
    #expect(model.scrollAnchor == reading)
  }

  /// A size that cycles a → b → c → a under one key is frozen at its first repeat and
  /// reported once; one that cycles through more heights than are remembered is frozen by
  /// its turns; one that only grows is never frozen. With only two-height cycles found (the
  /// planted mistake), the three-height cycle goes on.
  @Test(arguments: plantedCases)
  func cyclesAreFrozenAndGrowthIsNot(planted: Bool) {
    var model = CollectionModel(items: Array(0..<10), viewport: .none)
    if planted { model._sizes.faults = .onlyTwoCycles }
    model.geometry = .init(viewportHeight: 200, itemHeight: 50)
    model.geometry!.viewportWidth = 320
    let first = ElementPath(element: 0, section: 0)
    for height in [60.0, 70, 80, 60, 70, 80, 60] {
      model.recordMeasuredHeight(height, forItemAt: first)
    }
    if planted {
      #expect(model.sizeOscillations.isEmpty)
      return
    }
    #expect(model.sizeOscillations.count == 1)
    #expect(model.extentOfItem(at: first)!.height == 80)
    // A long cycle, of more heights than an entry remembers, ends by its turns.
    let second = ElementPath(element: 1, section: 0)
    let long = (0..<12).map { 100 + Double($0) }
    for _ in 0..<3 {
      for height in long + long.reversed() { model.recordMeasuredHeight(height, forItemAt: second) }
    }
    #expect(model.sizeOscillations.count == 2)
    // Growth, step after step, is never a cycle.
    let third = ElementPath(element: 2, section: 0)
    for step in 0..<200 { model.recordMeasuredHeight(50 + Double(step), forItemAt: third) }
    #expect(model.sizeOscillations.count == 2)
    #expect(model.extentOfItem(at: third)!.height == 249)
  }

  /// Under a pin, an update with `.stickToBottom` does not move the prompt: the pin governs
  /// updates as it governs measurements. With the pin ignored (the planted mistake), the
  /// update follows the bottom and the prompt moves.
  @Test(arguments: plantedCases)
  func aPinGovernsUpdates(planted: Bool) throws {
    var messages = Self.chat(30, answer: -1)
    var model = CollectionModel(items: messages, viewport: .none)
    if planted { model._sizes.faults = .pinIgnoredByUpdates }
    model.geometry = .init(viewportHeight: 400, itemHeight: 20)
    model.geometry!.viewportWidth = 320
    Self.measureShown(&model)
    model.setContentOffset(model.scrollMetrics!.bottomOffset)
    let old = messages
    messages.append(Message(id: 100, text: "Why?"))
    messages.append(Message(id: 101, text: ""))
    try model.reload(using: StagedChangeset(source: old, target: messages))
    model.pinnedItem = 100
    model.scrollToItem(at: ElementPath(element: 30, section: 0), alignment: .top)
    Self.measureShown(&model)
    let prompt = ElementPath(element: 30, section: 0)
    let before = model.extentOfItem(at: prompt)!.top - model.geometry!.contentOffset
    #expect(before == 0)
    for words in [40, 400, 2_000] {
      let last = messages
      messages[31].text += String(repeating: "w", count: words)
      try model.reload(
        using: StagedChangeset(source: last, target: messages),
        strategy: UpdateStrategy(anchoring: .stickToBottom))
      Self.measureShown(&model)
      let distance = model.extentOfItem(at: prompt)!.top - model.geometry!.contentOffset
      if planted, distance != before { return }
      #expect(distance == before)
    }
    #expect(!planted, "the planted mistake was not caught")
  }

  /// On the device's path (sizes recorded after the scroll), one call to scroll to an
  /// item's bottom lands: the model keeps aligning it while the sizes arrive, until the
  /// user scrolls. With the aim dropped after the call (the planted mistake), it misses.
  @Test(arguments: plantedCases)
  func aScrollLandsInOneCall(planted: Bool) {
    var model = CollectionModel(items: Self.chat(200, answer: -1), viewport: .none)
    if planted { model._sizes.faults = .scrollInOnePass }
    model.geometry = .init(viewportHeight: 400, itemHeight: 50)
    model.geometry!.viewportWidth = 320
    Self.measureShown(&model)
    var missed = 0
    for target in [150, 80, 199, 3] {
      let path = ElementPath(element: target, section: 0)
      model.scrollToItem(at: path, alignment: .bottom)
      Self.measureShown(&model)
      let extent = model.extentOfItem(at: path)!
      let want = min(extent.bottom - 400, model.scrollMetrics!.contentHeight - 400)
      if abs(model.geometry!.contentOffset - max(0, want)) > 1e-9 { missed += 1 }
      // The user scrolls: the aim ends, and sizes measured now keep the anchor instead.
      model.setContentOffset(model.geometry!.contentOffset + 1)
      let anchor = model.scrollAnchor!
      Self.measureShown(&model)
      #expect(model.scrollAnchor == anchor)
    }
    #expect(planted ? missed > 0 : missed == 0)
  }

  /// A scroll to the bottom of content shorter than the viewport rests at 0, not above it.
  @Test func aScrollIsClampedToTheContent() {
    var model = CollectionModel(items: Array(0..<3), viewport: .none)
    model.geometry = .init(viewportHeight: 400, itemHeight: 40)
    model.scrollToItem(at: ElementPath(element: 2, section: 0), alignment: .bottom)
    #expect(model.geometry!.contentOffset == 0)
    var layout = ListLayoutState(
      sections: [ArraySection(model: 0, elements: Array(0..<3))], estimatedItemHeight: 40)
    layout.setBounds(width: 320, height: 400, offset: 0)
    let offset = layout.scrollToItem(at: ElementPath(element: 2, section: 0), alignment: .bottom)
    #expect(offset == 0)
  }

  /// The kept sizes are counted, die with their items, and can be recorded by identity.
  @Test func keptSizesAreCountedAndFoundByIdentity() throws {
    var model = CollectionModel(items: Array(0..<100), viewport: .none)
    model.geometry = .init(viewportHeight: 200, itemHeight: 50)
    model.geometry!.viewportWidth = 320
    #expect(model.keptSizeCount == 0)
    let recorded = [
      model.recordMeasuredHeight(80, forItem: 42), model.recordMeasuredHeight(60, forItem: 7),
      model.recordMeasuredHeight(60, forItem: 1_000),
    ]
    #expect(recorded == [true, true, false])
    #expect(model.keptSizeCount == 2)
    #expect(model.measuredHeight(ofItemAt: ElementPath(element: 42, section: 0)) == 80)
    try model.reload(using: StagedChangeset(source: Array(0..<100), target: Array(8..<100)))
    #expect(model.keptSizeCount == 1)
    #expect(model.measuredHeight(ofItemAt: ElementPath(element: 34, section: 0)) == 80)
    let again = model.recordMeasuredHeight(90, forItem: 42)
    #expect(again)
    #expect(model.extentOfItem(at: ElementPath(element: 34, section: 0))!.height == 90)
  }
}

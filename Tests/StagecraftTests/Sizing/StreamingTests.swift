import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftCoordinator
@testable import StagecraftModel

/// A streamed answer through the doors an app uses: the coordinator on a view that sizes its
/// cells, and `ListLayoutState` fed by updates. The new user's chat: 200 messages, a prompt
/// pinned, an answer streamed as 300 tokens, then the keyboard, a rotation and the commit.
@MainActor
@Suite("Streaming through the coordinator and ListLayoutState")
struct StreamingTests {
  struct Message: Differentiable, Hashable, Sendable {
    var id: Int
    var text: String
    var differenceIdentifier: Int { id }
    func isContentEqual(to source: Message) -> Bool { text == source.text }
    /// 20 points per line, a line holding one character per 8 points of width.
    func height(at width: Double) -> Double {
      let perLine = max(1, Int(width / 8))
      return Double(max(1, (text.count + perLine - 1) / perLine)) * 20 + 16
    }
  }

  static let words = ["the ", "answer ", "streams ", "in, ", "token ", "by ", "token. "]

  static func history() -> [Message] {
    (0..<200).map { Message(id: $0, text: String(repeating: "m", count: 20 + $0 % 90)) }
  }

  /// The distance of item `id`'s top from the viewport's top.
  static func distance(_ id: Int, _ model: CollectionModel<ArraySection<Int, Message>>) -> Double {
    let index = model.items.firstIndex { $0.id == id }!
    return model.extentOfItem(at: ElementPath(element: index, section: 0))!.top
      - model.geometry!.contentOffset
  }

  @Test func theNewUsersChatThroughTheCoordinator() async throws {
    var model = CollectionModel(items: [Message](), viewport: .none)
    model.geometry = .init(
      viewportHeight: 600, viewportWidth: 320, estimatedItemHeight: 44, anchoring: .stickToBottom,
      selfSizing: { message, width in message.height(at: width) })
    let view = HeadlessCollectionView(model, dataSource: { [] })
    let coordinator = CollectionCoordinator(target: view)
    var messages = Self.history()
    coordinator.update(items: messages, animated: false)
    view.setContentOffset(view.model.scrollMetrics!.bottomOffset)
    #expect(view.model.scrollMetrics!.isAtBottom)
    // Send: the prompt and an empty answer; the prompt is pinned at the viewport's top.
    messages += [Message(id: 1_000, text: "Why?"), Message(id: 1_001, text: "")]
    coordinator.update(items: messages, animated: false)
    coordinator.pinnedItem = 1_000
    let prompt = ElementPath(element: 200, section: 0)
    view.scrollToItem(at: prompt, alignment: .top, animated: false)
    #expect(Self.distance(1_000, view.model) == 0)
    var log: [String] = []
    // Streaming: each token through `updateItem`, O(log n); the pin holds.
    var answer = messages[201]
    answer.text = "The"
    // The first lookup after the data changed indexes it, once.
    #expect(coordinator.updateItem(answer))
    let layout = ObjectIdentifier(view.model._layout!)
    let indexed = coordinator._index.built
    for token in 0..<300 {
      answer.text += Self.words[token % Self.words.count]
      #expect(coordinator.updateItem(answer))
      #expect(Self.distance(1_000, view.model) == 0, "token \(token)")
    }
    #expect(ObjectIdentifier(view.model._layout!) == layout, "no token laid the list out again")
    #expect(coordinator._index.built == indexed, "no token indexed the data again")
    #expect(view.model.staleCells.isEmpty)
    #expect(view.model.items.last == answer, "the text is the data's")
    log.append(
      "streaming: answer \(view.model.extentOfItem(at: ElementPath(element: 201, section: 0))!.height) pt, "
        + "prompt at \(Self.distance(1_000, view.model))")
    // The keyboard: the viewport shrinks by half; the prompt keeps its place.
    var geometry = view.geometry!
    geometry.viewportHeight = 300
    view.geometry = geometry
    #expect(Self.distance(1_000, view.model) == 0)
    #expect(view.model.items.last == answer)
    log.append("keyboard: prompt at \(Self.distance(1_000, view.model))")
    // Let go of the pin, read an older message, rotate and rotate back.
    coordinator.pinnedItem = nil
    view.setContentOffset(
      view.model.extentOfItem(at: ElementPath(element: 150, section: 0))!.top + 7)
    let reading = view.model.scrollAnchor!
    for width in [700.0, 320] {
      geometry = view.geometry!
      geometry.viewportWidth = width
      view.geometry = geometry
      #expect(abs(Self.distance(reading.identifier, view.model) - reading.distance) <= 0.5)
      log.append("rotation to \(Int(width)): reading \(view.model.scrollAnchor!)")
    }
    // The commit: the final text, as the app's data; nothing moves, nothing is measured.
    let measured = view.model.measurementCount
    coordinator.update(items: messages.dropLast() + [answer], animated: false)
    await coordinator.waitForBackgroundDiffs()
    #expect(view.model.measurementCount == measured)
    #expect(view.model.scrollAnchor == reading)
    log.append("commit: reading \(view.model.scrollAnchor!), \(view.refusals.count) refused")
    #expect(view.refusals.isEmpty)
    print(log.joined(separator: "\n"))
  }

  /// A token costs no relayout and no index at any size: counted, at 1,000 and at 100,000
  /// items, the heights written and the identifiers indexed per token stay the same.
  @Test func aTokenCostsTheSameAtAnySize() {
    var written: [Int] = []
    for count in [1_000, 100_000] {
      var model = CollectionModel(items: [Message](), viewport: .none)
      model.geometry = .init(
        viewportHeight: 600, viewportWidth: 320, estimatedItemHeight: 44,
        anchoring: .stickToBottom, selfSizing: { message, width in message.height(at: width) })
      let view = HeadlessCollectionView(model, dataSource: { [] })
      let coordinator = CollectionCoordinator(target: view)
      let messages = (0..<count).map { Message(id: $0, text: "m") }
      coordinator.update(items: messages, animated: false)
      view.setContentOffset(view.model.scrollMetrics!.bottomOffset)
      var answer = messages[count - 1]
      answer.text += "a"
      coordinator.updateItem(answer)
      let writes = view.model._layout!.writes
      let indexed = coordinator._index.built
      for token in 0..<200 {
        answer.text += Self.words[token % Self.words.count]
        coordinator.updateItem(answer)
      }
      #expect(coordinator._index.built == indexed)
      #expect(view.model.scrollMetrics!.isAtBottom)
      written.append(view.model._layout!.writes - writes)
    }
    #expect(written[0] == written[1], "heights written by 200 tokens: \(written)")
  }

  /// A layout that follows the coordinator (as `CollectionListLayout.prepare()` does) lays out
  /// only the items whose content changed, whether they came by `updateItem(_:)` or with the
  /// whole list (the SwiftUI collection's way); anything else is laid out again.
  @Test func aLayoutFollowingTheCoordinatorLaysOutOnlyWhatChanged() {
    let view = HeadlessCollectionView(CollectionModel(items: [Message]()), dataSource: { [] })
    let coordinator = CollectionCoordinator(target: view)
    var messages = Self.history()
    coordinator.update(items: messages, animated: false)
    var layout = ListLayoutState(sections: coordinator.sections, estimatedItemHeight: 44)
    layout.setBounds(width: 320, height: 600, offset: 0)
    func follow() -> Bool {
      layout.follow(shown: coordinator.shownData, itemsChanged: coordinator.itemsChanged(since:))
    }
    #expect(follow())
    #expect(!follow(), "the same version again does nothing")
    let laidOut = ObjectIdentifier(layout._core.layout!)
    // A token with the whole list, then one by identity: the same layout, in place.
    messages[199].text += " more"
    coordinator.update(items: messages, animated: false)
    #expect(coordinator.itemsChanged(since: 0) == nil, "a version before the last reload")
    #expect(follow())
    messages[198].text += " again"
    coordinator.updateItem(messages[198])
    #expect(follow())
    #expect(ObjectIdentifier(layout._core.layout!) == laidOut)
    #expect(layout.sections == coordinator.sections)
    // An insert is laid out in place too: one height written, not the list's.
    let writes = layout._core.layout!.writes
    messages.append(Message(id: 500, text: "new"))
    coordinator.update(items: messages, animated: false)
    #expect(follow())
    #expect(ObjectIdentifier(layout._core.layout!) == laidOut)
    #expect(layout._core.layout!.writes - writes <= 1)
    #expect(layout.sections == coordinator.sections)
    #expect(layout.frameOfItem(at: ElementPath(element: 200, section: 0))?.top == 8_800.0)
  }

  @Test func theNewUsersChatThroughListLayoutState() {
    var messages = Self.history()
    var layout = ListLayoutState(
      sections: [ArraySection(model: 0, elements: messages)], estimatedItemHeight: 44,
      anchoring: .stickToBottom)
    layout.setBounds(width: 320, height: 600, offset: 0)
    var width = 320.0
    var height = 600.0
    func measure() {
      for _ in 0..<50 {
        let top = layout.contentOffset - 50
        let band = layout.elements(from: top, to: top + height + 100)
        var measured = false
        for case (.item(let path), _) in band where layout.measuredHeight(ofItemAt: path) == nil {
          let message = layout.sections[path.section].elements[path.element]
          layout.recordPreferredHeight(message.height(at: width), forItem: message.id)
          measured = true
        }
        if !measured { break }
      }
      // The next layout pass.
      layout.setBounds(width: width, height: height, offset: layout.contentOffset)
    }
    func distance(_ id: Int) -> Double {
      let index = layout.sections[0].elements.firstIndex { $0.id == id }!
      return layout.frameOfItem(at: ElementPath(element: index, section: 0))!.top
        - layout.contentOffset
    }
    measure()
    layout.scrollToItem(at: ElementPath(element: 199, section: 0), alignment: .bottom)
    measure()
    #expect(layout.model.scrollMetrics!.isAtBottom)
    // Send, by update: the prompt and an empty answer, pinned.
    messages += [Message(id: 1_000, text: "Why?"), Message(id: 1_001, text: "")]
    layout.update(to: [ArraySection(model: 0, elements: messages)])
    layout.pinnedItem = 1_000
    layout.scrollToItem(at: ElementPath(element: 200, section: 0), alignment: .top)
    measure()
    #expect(distance(1_000) == 0)
    // Streaming: half the tokens by identifier, half by update; the pin holds.
    var answer = messages[201]
    for token in 0..<300 {
      answer.text += Self.words[token % Self.words.count]
      if token.isMultiple(of: 2) {
        layout.updateItem(answer)
      } else {
        messages[201] = answer
        layout.update(to: [ArraySection(model: 0, elements: messages)])
      }
      measure()
      #expect(distance(1_000) == 0, "token \(token)")
    }
    #expect(layout.sections[0].elements.last == answer)
    #expect(layout.keptSizeCount <= 202)
    func phase(_ name: String) -> String {
      let answerHeight = layout.frameOfItem(at: ElementPath(element: 201, section: 0))!.height
      return "\(name): prompt at \(distance(1_000)), answer \(answerHeight)"
    }
    var log = [phase("streaming")]
    // The keyboard, a rotation and back: the layout reads them in `prepare()`.
    height = 300
    layout.setBounds(width: width, height: height, offset: layout.contentOffset)
    measure()
    #expect(distance(1_000) == 0)
    log.append(phase("keyboard"))
    for rotated in [700.0, 320] {
      width = rotated
      layout.setBounds(width: width, height: height, offset: layout.contentOffset)
      measure()
      #expect(distance(1_000) == 0)
      log.append(phase("rotation to \(Int(rotated))"))
    }
    // The commit: the final text by update; nothing moves.
    layout.pinnedItem = nil
    messages[201] = answer
    layout.update(to: [ArraySection(model: 0, elements: messages)])
    measure()
    #expect(distance(1_000) == 0)
    log.append(phase("commit"))
    print(log.joined(separator: "\n"))
  }

  /// 100,000 tokens streamed into one item leave the state as large as one token: the
  /// sizes, the widths, the changed sections and the item's remembered heights are counted.
  @Test func streamingKeepsTheStateFlat() {
    var layout = ListLayoutState(
      sections: [ArraySection(model: 0, elements: Self.history())], estimatedItemHeight: 44,
      anchoring: .stickToBottom)
    layout.setBounds(width: 320, height: 600, offset: 0)
    var answer = Message(id: 199, text: "")
    var counts: [[Int]] = []
    layout.updateItem(answer)
    layout.recordPreferredHeight(answer.height(at: 320), forItem: 199)
    // Changed in place, never copied: a copy per token would write every height, O(n).
    let writes = layout._core.layout!.writes
    for token in 0..<100_000 {
      answer.text = String(token)
      layout.updateItem(answer)
      layout.recordPreferredHeight(answer.height(at: 320), forItem: 199)
      if token == 1_000 || token == 99_999 {
        let sizes = layout._core.sizes
        counts.append([
          sizes.entries.count, sizes.widths.count, layout._changed.count,
          sizes.entries.values.map(\.earlier.count).max() ?? 0, sizes.oscillations.count,
        ])
      }
    }
    #expect(layout._core.layout!.writes - writes <= 100_000, "one height written per token")
    #expect(layout._core.layout!.writes - writes <= 100_000, "one height written per token")
    #expect(counts[0] == counts[1], "\(counts)")
    #expect(counts[1][3] <= 8)
  }
}

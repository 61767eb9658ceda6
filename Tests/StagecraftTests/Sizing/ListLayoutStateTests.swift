import Stagecraft
import StagecraftTestSupport
import Testing

@Suite("ListLayoutState: the headless list layout")
struct ListLayoutStateTests {
  /// Frames of every element, written apart: header, items, footer, section after section.
  static func reference(_ layout: ListLayoutState<Section>, header: Double, footer: Double)
    -> [(ListLayoutState<Section>.LayoutElement, ItemExtent)]
  {
    var result: [(ListLayoutState<Section>.LayoutElement, ItemExtent)] = []
    var top = 0.0
    for (s, section) in layout.model.sections.enumerated() {
      if header > 0 { result.append((.header(s), ItemExtent(top: top, height: header))) }
      top += header
      for index in section.elements.indices {
        let path = ElementPath(element: index, section: s)
        let height = layout.estimatedHeight(forItemAt: path)!
        result.append((.item(path), ItemExtent(top: top, height: height)))
        top += height
      }
      if footer > 0 { result.append((.footer(s), ItemExtent(top: top, height: footer))) }
      top += footer
    }
    return result
  }

  @Test("frames in a band match a layout written apart", arguments: 0..<4)
  func frames(batch: Int) {
    for seed in 0..<TestScale.count(100) {
      var rng = SplitMix64(seed: UInt64(batch * 1_000 + seed))
      let header = [0.0, 20][Int.random(in: 0..<2, using: &rng)]
      let footer = [0.0, 10][Int.random(in: 0..<2, using: &rng)]
      let sections = (0..<Int.random(in: 1...4, using: &rng)).map { s in
        Section(
          model: Header(s),
          elements: (0..<Int.random(in: 0...12, using: &rng)).map { Item(s * 100 + $0) })
      }
      var layout = ListLayoutState(
        sections: sections, estimatedItemHeight: 44, sectionHeaderHeight: header,
        sectionFooterHeight: footer)
      layout.setBounds(width: 320, height: 200, offset: 0)
      // Some sizes measured, in any order, some far below the viewport.
      for _ in 0..<10 {
        let s = Int.random(in: 0..<sections.count, using: &rng)
        guard !sections[s].elements.isEmpty else { continue }
        let path = ElementPath(
          element: Int.random(in: 0..<sections[s].elements.count, using: &rng), section: s)
        layout.recordPreferredHeight(Double(Int.random(in: 20...90, using: &rng)), forItemAt: path)
      }
      let all = Self.reference(layout, header: header, footer: footer)
      let end = all.last.map { $0.1.bottom } ?? 0
      // The content ends with the last element.
      #expect(abs(layout.contentHeight - end) < 1e-9)
      let top = Double(Int.random(in: -50...Int(max(end, 1)), using: &rng))
      let bottom = top + Double(Int.random(in: 1...300, using: &rng))
      let expected = all.filter { element in
        let (lower, upper) = (element.1.top, element.1.bottom)
        return element.1.height > 0 ? upper > top && lower < bottom : lower >= top && lower < bottom
      }
      let got = layout.elements(from: top, to: bottom)
      #expect(got.map(\.0) == expected.map(\.0), "seed \(seed) band \(top)..<\(bottom)")
      for ((_, a), (_, b)) in zip(got, expected) {
        #expect(abs(a.top - b.top) < 1e-9 && a.height == b.height)
      }
    }
  }

  /// An index-keyed cache gives an inserted row the size of the row it displaced; sizes by
  /// identity follow each row.
  @Test func tableEstimatesFollowIdentity() {
    var layout = ListLayoutState(
      sections: [Section(model: Header(0), elements: items(1, 2, 3))], estimatedItemHeight: 44)
    layout.setBounds(width: 320, height: 600, offset: 0)
    for (index, height) in [100.0, 30, 70].enumerated() {
      layout.recordPreferredHeight(height, forItemAt: ElementPath(element: index, section: 0))
    }
    layout.setSections([Section(model: Header(0), elements: items(9, 1, 3))])
    let estimates = (0..<3).map {
      layout.estimatedHeight(forItemAt: ElementPath(element: $0, section: 0))!
    }
    #expect(estimates == [44, 100, 70])
  }

  /// New data keeps the first visible item where it was, and a measurement above it returns
  /// the offset adjustment a layout hands UIKit.
  @Test func updatesAndMeasurementsKeepTheAnchor() {
    var layout = ListLayoutState(
      sections: [Section(model: Header(0), elements: (0..<50).map { Item($0) })],
      estimatedItemHeight: 50)
    layout.setBounds(width: 320, height: 300, offset: 1_010)
    #expect(layout.model.scrollAnchor?.description == "20 at -10.0")
    layout.setSections([Section(model: Header(0), elements: (-5..<50).map { Item($0) })])
    #expect(layout.model.scrollAnchor?.description == "20 at -10.0")
    #expect(layout.contentOffset == 1_260)
    #expect(layout.recordPreferredHeight(20, forItemAt: ElementPath(element: 0, section: 0)) == -30)
    #expect(layout.model.scrollAnchor?.description == "20 at -10.0")
    #expect(layout.recordPreferredHeight(20, forItemAt: ElementPath(element: 0, section: 0)) == nil)
  }

  /// A keyboard shrinks the viewport of a chat at its bottom: it stays at the bottom, and the
  /// layout says by how much the view's offset moves; a list being read keeps its first item.
  @Test func keyboardKeepsTheRules() {
    var chat = ListLayoutState(
      sections: [Section(model: Header(0), elements: (0..<40).map { Item($0) })],
      estimatedItemHeight: 50, anchoring: .stickToBottom)
    chat.setBounds(width: 320, height: 600, offset: 1_400)
    #expect(chat.model.scrollMetrics!.isAtBottom)
    #expect(chat.setBounds(width: 320, height: 300, offset: 1_400) == 300)
    #expect(chat.contentOffset == 1_700 && chat.model.scrollMetrics!.isAtBottom)
    var read = ListLayoutState(
      sections: [Section(model: Header(0), elements: (0..<40).map { Item($0) })],
      estimatedItemHeight: 50)
    read.setBounds(width: 320, height: 600, offset: 510)
    #expect(read.setBounds(width: 320, height: 300, offset: 510) == 0)
    #expect(read.model.scrollAnchor?.description == "10 at -10.0")
  }
}

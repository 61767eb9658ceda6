import Stagecraft
import StagecraftTestSupport

/// A test element: identity and content kept apart, printed as `id` or `id'content`.
struct Item: Differentiable, Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var content: Int

  init(_ id: Int, _ content: Int = 0) {
    self.id = id
    self.content = content
  }

  var differenceIdentifier: Int { id }
  func isContentEqual(to source: Item) -> Bool { content == source.content }
  var description: String { content == 0 ? "\(id)" : "\(id)'\(content)" }
}

/// A test section model, like `Item`.
struct Header: Differentiable, Hashable, Sendable, CustomStringConvertible {
  var id: Int
  var content: Int

  init(_ id: Int, _ content: Int = 0) {
    self.id = id
    self.content = content
  }

  var differenceIdentifier: Int { id }
  func isContentEqual(to source: Header) -> Bool { content == source.content }
  var description: String { content == 0 ? "S\(id)" : "S\(id)'\(content)" }
}

typealias Section = ArraySection<Header, Item>

/// Builds items from ids.
func items(_ ids: Int...) -> [Item] { ids.map { Item($0) } }

/// A section with the given header id and item ids.
func section(_ id: Int, _ ids: [Int], content: Int = 0) -> Section {
  Section(model: Header(id, content), elements: ids.map { Item($0) })
}

/// `ElementPath` shorthand: `p(section, element)`.
func p(_ section: Int, _ element: Int) -> ElementPath {
  ElementPath(element: element, section: section)
}

/// `Move<ElementPath>` shorthand.
func mv(_ from: ElementPath, _ to: ElementPath) -> Move<ElementPath> {
  Move(source: from, target: to)
}

extension SplitMix64 {
  /// Random items over a small alphabet, so identifiers repeat.
  mutating func items(count: Int, ids: Int, contents: Int) -> [Item] {
    (0..<count).map { _ in
      Item(Int.random(in: 0..<ids, using: &self), Int.random(in: 0..<contents, using: &self))
    }
  }

  /// Random sections over small alphabets.
  mutating func sections(
    maxSections: Int, sectionIDs: Int, maxItems: Int, ids: Int, contents: Int
  ) -> [Section] {
    (0..<Int.random(in: 0...maxSections, using: &self)).map { _ in
      Section(
        model: Header(
          Int.random(in: 0..<sectionIDs, using: &self), Int.random(in: 0..<2, using: &self)),
        elements: items(
          count: Int.random(in: 0...maxItems, using: &self), ids: ids, contents: contents))
    }
  }
}

import Stagecraft
import StagecraftTestSupport

/// Counts the calls an element's identity and content receive.
final class CallCounter {
  var hashes = 0
  var equalities = 0
  var contentComparisons = 0
  var total: Int { hashes + equalities + contentComparisons }
}

/// An identifier that counts `hash(into:)` and `==`.
struct CountedID: Hashable {
  var value: Int
  unowned let counter: CallCounter

  static func == (lhs: CountedID, rhs: CountedID) -> Bool {
    lhs.counter.equalities += 1
    return lhs.value == rhs.value
  }

  func hash(into hasher: inout Hasher) {
    counter.hashes += 1
    hasher.combine(value)
  }
}

/// An element whose identity and content comparisons are counted.
struct CountedItem: Differentiable, Equatable {
  var id: CountedID
  var content: Int

  var differenceIdentifier: CountedID { id }

  func isContentEqual(to source: CountedItem) -> Bool {
    id.counter.contentComparisons += 1
    return content == source.content
  }

  static func == (lhs: CountedItem, rhs: CountedItem) -> Bool {
    lhs.id.value == rhs.id.value && lhs.content == rhs.content
  }
}

/// An identifier whose hash values all collide.
struct CollidingID: Hashable, CustomStringConvertible {
  var value: Int
  func hash(into hasher: inout Hasher) { hasher.combine(0) }
  var description: String { "#\(value)" }
}

/// An element identified by a `CollidingID`.
struct CollidingItem: Differentiable, Equatable, CustomStringConvertible {
  var id: CollidingID
  var content: Int
  var differenceIdentifier: CollidingID { id }
  func isContentEqual(to source: CollidingItem) -> Bool { content == source.content }
  var description: String { "\(id)'\(content)" }
}

/// One element of a generated list: an identifier and a content.
public struct GeneratedElement: Hashable, Sendable {
  /// The identifier.
  public var id: Int
  /// The content.
  public var content: Int

  /// Creates an element.
  ///
  /// - Parameters:
  ///   - id: The identifier.
  ///   - content: The content.
  public init(id: Int, content: Int) {
    self.id = id
    self.content = content
  }
}

/// A seeded 10/10/10/10 edit of `0..<count`: each element is deleted with probability 1/10,
/// moved with probability 1/10 (of the rest), `count / 10` new elements are inserted, and
/// each element of the result is updated with probability 1/10. Built in one pass, so it
/// scales to millions of elements.
///
/// - Parameters:
///   - count: The length of the source.
///   - seed: The generator's seed.
/// - Returns: The source (`id` 0..<count, content 0) and the target.
public func tenPercentEdit(count: Int, seed: UInt64) -> (
  source: [GeneratedElement], target: [GeneratedElement]
) {
  var random = SplitMix64(seed: seed)
  let source = (0..<count).map { GeneratedElement(id: $0, content: 0) }
  var kept: [GeneratedElement] = []
  kept.reserveCapacity(count)
  var moved: [GeneratedElement] = []
  for element in source {
    if Int.random(in: 0..<10, using: &random) == 0 { continue }  // deleted
    if Int.random(in: 0..<10, using: &random) == 0 {
      moved.append(element)
    } else {
      kept.append(element)
    }
  }
  // Moved and new elements go to random places among the kept ones, in one pass.
  var extras = moved + (count..<(count + count / 10)).map { GeneratedElement(id: $0, content: 0) }
  extras.shuffle(using: &random)
  var slots = (0..<extras.count).map { _ in Int.random(in: 0...kept.count, using: &random) }
  slots.sort()
  var target: [GeneratedElement] = []
  target.reserveCapacity(kept.count + extras.count)
  var next = 0
  for (index, element) in kept.enumerated() {
    while next < slots.count, slots[next] == index {
      target.append(extras[next])
      next += 1
    }
    target.append(element)
  }
  target.append(contentsOf: extras[next...])
  for index in target.indices where Int.random(in: 0..<10, using: &random) == 0 {
    target[index].content = 1
  }
  return (source, target)
}

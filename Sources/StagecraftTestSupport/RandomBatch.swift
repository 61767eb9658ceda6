import Stagecraft
import StagecraftReplay

/// A source of small random choices: a seeded generator in the tests, the fuzzer's bytes in
/// a fuzz target, so that both draw batches from one generator.
public protocol RandomChoices {
  /// A value in `0..<bound`; 0 when `bound` is not positive.
  mutating func next(_ bound: Int) -> Int
}

extension SplitMix64: RandomChoices {
  /// A value in `0..<bound`; 0 when `bound` is not positive.
  ///
  /// - Parameter bound: The exclusive upper bound.
  /// - Returns: A random value.
  public mutating func next(_ bound: Int) -> Int {
    bound > 0 ? Int.random(in: 0..<bound, using: &self) : 0
  }
}

/// One batch with the counts it is checked against: what the validation tests and the
/// validation fuzzer compare the library's ways of deciding on.
public struct RandomBatch: Sendable, CustomStringConvertible {
  /// The item count of each section before the batch.
  public var before: [Int]
  /// The item count of each section after it.
  public var after: [Int]
  /// The calls.
  public var batch: BatchUpdate
  /// Whether the strict rules apply.
  public var isStrict: Bool

  /// A batch over a few small sections, drawn from `choices`: section deletes, reloads,
  /// moves and inserts beside item calls (or, one time in three, item calls only), with
  /// after-counts that add up by UIKit's count rule most of the time. The lists are
  /// usually sorted without repeats, as the diff makes them, and otherwise repeated or out
  /// of order; a count is sometimes off by one. Positions may name deleted, inserted or
  /// moved sections, so that every rule that relates item calls to section calls is met.
  ///
  /// - Parameter choices: Where the random choices come from.
  /// - Complexity: O(1): at most 4 sections of 5 items and a dozen calls.
  public init<Choices: RandomChoices>(_ choices: inout Choices) {
    let strict = choices.next(2) == 0
    let before = (0..<(1 + choices.next(4))).map { _ in choices.next(6) }
    var batch = BatchUpdate()
    var inserted = 0
    if choices.next(3) > 0 {
      batch.deleteSections = (0..<choices.next(3)).map { _ in choices.next(before.count) }
      batch.reloadSections = (0..<choices.next(2)).map { _ in choices.next(before.count) }
      batch.moveSections = (0..<choices.next(3)).map { _ in
        Move(source: choices.next(before.count), target: 0)
      }
      inserted = choices.next(3)
    }
    let sectionsAfter = max(0, before.count - Set(batch.deleteSections).count + inserted)
    batch.insertSections = (0..<inserted).map { _ in choices.next(sectionsAfter) }
    batch.moveSections = batch.moveSections.map {
      Move(source: $0.source, target: choices.next(sectionsAfter))
    }
    var after = Self._itemCalls(&batch, before: before, sectionsAfter: sectionsAfter, &choices)
    Self._disorder(&batch, &choices)
    if choices.next(8) == 0, !after.isEmpty {
      after[choices.next(after.count)] += 1
    }
    if choices.next(12) == 0 { after.append(choices.next(3)) }
    (self.before, self.after, self.batch, self.isStrict) = (before, after, batch, strict)
  }

  /// Adds the item calls to `batch` and returns the counts after it that add up.
  private static func _itemCalls<Choices: RandomChoices>(
    _ batch: inout BatchUpdate, before: [Int], sectionsAfter: Int, _ choices: inout Choices
  ) -> [Int] {
    func path(in counts: [Int]) -> ElementPath? {
      let section = choices.next(counts.count)
      guard counts.indices.contains(section), counts[section] > 0 else { return nil }
      return ElementPath(element: choices.next(counts[section]), section: section)
    }
    batch.deleteItems = (0..<choices.next(4)).compactMap { _ in path(in: before) }
    batch.reloadItems = (0..<choices.next(3)).compactMap { _ in path(in: before) }
    let sources = (0..<choices.next(3)).compactMap { _ in path(in: before) }
    // Where each section goes, as UIKit maps it; a fresh section gets a count of its own.
    let map = _BatchMap(batch)
    var sourceOf = [Int?](repeating: nil, count: sectionsAfter)
    for section in before.indices {
      if let target = map.sectionTarget(of: section), sourceOf.indices.contains(target) {
        sourceOf[target] = section
      }
    }
    // A reloaded section's fresh copy keeps its count, as strict validation requires.
    for section in Set(batch.reloadSections) where before.indices.contains(section) {
      let landing = map.reloadedSectionTarget(of: section)
      if sourceOf.indices.contains(landing), sourceOf[landing] == nil {
        sourceOf[landing] = section
      }
    }
    var after = sourceOf.map { source in
      source.map { before[$0] } ?? choices.next(4)
    }
    for path in Set(batch.deleteItems) {
      if let target = map.sectionTarget(of: path.section), after.indices.contains(target) {
        after[target] -= 1
      }
    }
    var targetSections: [Int] = []
    for source in sources {
      let section = choices.next(sectionsAfter)
      targetSections.append(section)
      if let home = map.sectionTarget(of: source.section), home != section,
        after.indices.contains(home), after.indices.contains(section)
      {
        after[home] -= 1
        after[section] += 1
      }
    }
    let insertSections = (0..<choices.next(4)).map { _ in choices.next(sectionsAfter) }
    for section in insertSections where after.indices.contains(section) { after[section] += 1 }
    after = after.map { max(0, $0) }
    func element(in section: Int) -> Int {
      after.indices.contains(section) ? choices.next(after[section]) : 0
    }
    batch.insertItems = insertSections.map { ElementPath(element: element(in: $0), section: $0) }
    batch.moveItems = zip(sources, targetSections).map { source, section in
      Move(source: source, target: ElementPath(element: element(in: section), section: section))
    }
    batch.reconfigureItems = (0..<choices.next(2)).compactMap { _ in path(in: after) }
    return after
  }

  /// Sorts each list without repeats, as the diff does, three times in four; otherwise
  /// leaves the order drawn, and sometimes repeats a call.
  private static func _disorder<Choices: RandomChoices>(
    _ batch: inout BatchUpdate, _ choices: inout Choices
  ) {
    if choices.next(4) > 0 {
      batch.deleteSections = Array(Set(batch.deleteSections)).sorted()
      batch.insertSections = Array(Set(batch.insertSections)).sorted()
      batch.reloadSections = Array(Set(batch.reloadSections)).sorted()
      batch.deleteItems = Array(Set(batch.deleteItems)).sorted()
      batch.reloadItems = Array(Set(batch.reloadItems)).sorted()
      batch.insertItems = Array(Set(batch.insertItems)).sorted()
      batch.moveItems.sort { $0.target < $1.target }
      batch.moveSections.sort { $0.target < $1.target }
    }
    if choices.next(6) == 0, let first = batch.deleteItems.first { batch.deleteItems.append(first) }
    if choices.next(6) == 0, let first = batch.insertItems.first { batch.insertItems.append(first) }
    if choices.next(8) == 0, let first = batch.moveItems.first { batch.moveItems.append(first) }
  }

  /// The counts and the calls, on one line.
  public var description: String {
    "\(isStrict ? "strict" : "lenient") \(before) -> \(after): \(batch)"
  }
}

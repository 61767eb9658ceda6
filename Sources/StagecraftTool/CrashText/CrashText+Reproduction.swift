import Stagecraft

/// The smallest batch that UIKit refuses with a crash's figures: the item counts before and
/// after it, and its calls.
struct Reproduction: Equatable {
  var before: [Int]
  var after: [Int]
  var batch = BatchUpdate()

  init(before: [Int], after: [Int]) {
    self.before = before
    self.after = after
  }

  /// `count` sections of `items` items each.
  init(sections count: Int, items: Int = 0) {
    self.init(
      before: Array(repeating: items, count: count), after: Array(repeating: items, count: count))
  }

  /// Runs the batch on a `CollectionModel` that plays `view` with `wording` (and UIKit's
  /// own checks only, not strict mode's): UIKit's text for it, or nil when it is accepted.
  func refusal(
    wording: BatchUpdateError.Wording, view: BatchUpdateError.ViewKind
  ) -> BatchUpdateError? {
    func sections(_ counts: [Int]) -> [ArraySection<Int, Int>] {
      counts.enumerated().map { ArraySection(model: $0.offset, elements: Array(0..<$0.element)) }
    }
    var model = CollectionModel(
      sections: sections(before),
      configuration: .init(isStrict: false, wording: wording, view: view), viewport: .none)
    do {
      try model.performBatchUpdates(batch, newSections: sections(after))
      return nil
    } catch {
      return error
    }
  }
}

extension CrashText {
  /// The most sections and items a reproduction builds: a text with larger figures is
  /// explained but not reproduced.
  static let reproductionLimit = 1_000_000

  /// The smallest batch that UIKit refuses with this crash's figures, or nil when they
  /// cannot all hold at once (UIKit would have raised another error first) or are too large
  /// to build.
  func reproduction() -> Reproduction? {
    guard let result = unboundedReproduction() else { return nil }
    let total = result.before.reduce(0, +) + result.after.reduce(0, +)
    guard result.before.count + result.after.count <= Self.reproductionLimit,
      total <= Self.reproductionLimit
    else { return nil }
    return result
  }

  private func unboundedReproduction() -> Reproduction? {
    guard figures.allSatisfy({ 0 <= $0 && $0 <= Self.reproductionLimit }) else { return nil }
    switch reason {
    case .invalidItemCount(let s, let a, let b, let i, let d, let movedIn, let movedOut, _):
      return Self.itemCount(
        section: s, after: a, before: b, inserted: i, deleted: d,
        movedIn: movedIn, movedOut: movedOut)
    case .invalidSectionCount(let a, let b, let i, let d, let context):
      if !context.itemCountsBefore.isEmpty || !context.updates.isEmpty {
        return Self.listed(context)
      }
      guard b >= d, a >= i else { return nil }
      var result = Reproduction(
        before: Array(repeating: 0, count: b), after: Array(repeating: 0, count: a))
      result.batch.deleteSections = Array(0..<d)
      result.batch.insertSections = Array(0..<i)
      return result
    default:
      return operation()
    }
  }

  /// A count failure of one section: deletes, then moves out to a second section, at the
  /// front before the block; inserts, then moves in from it, at the front after it.
  static func itemCount(
    section s: Int, after a: Int, before b: Int, inserted i: Int, deleted d: Int, movedIn: Int,
    movedOut: Int
  ) -> Reproduction? {
    guard b >= d + movedOut, a >= i + movedIn else { return nil }
    let other = s + 1
    let sections = movedIn + movedOut > 0 ? s + 2 : s + 1
    var result = Reproduction(sections: sections)
    result.before[s] = b
    result.after[s] = a
    if movedIn + movedOut > 0 {
      result.before[other] = movedIn
      result.after[other] = movedOut
    }
    func path(_ section: Int, _ element: Int) -> ElementPath {
      ElementPath(element: element, section: section)
    }
    result.batch.deleteItems = (0..<d).map { path(s, $0) }
    result.batch.insertItems = (0..<i).map { path(s, $0) }
    result.batch.moveItems =
      (0..<movedOut).map { Move(source: path(s, d + $0), target: path(other, $0)) }
      + (0..<movedIn).map { Move(source: path(other, $0), target: path(s, i + $0)) }
    return result
  }

  /// The counts and calls that a batch-updates text lists.
  static func listed(_ context: BatchUpdateError.CountContext) -> Reproduction {
    var result = Reproduction(before: context.itemCountsBefore, after: context.itemCountsAfter)
    for update in context.updates {
      switch update {
      case .deleteSection(let section): result.batch.deleteSections.append(section)
      case .insertSection(let section): result.batch.insertSections.append(section)
      case .moveSection(let move): result.batch.moveSections.append(move)
      case .deleteItem(let path): result.batch.deleteItems.append(path)
      case .insertItem(let path): result.batch.insertItems.append(path)
      case .moveItem(let move): result.batch.moveItems.append(move)
      }
    }
    return result
  }
}

extension CrashText {
  /// Every section index, position and count the reason names.
  var figures: [Int] {
    var result: [Int] = []
    func add(_ value: Any) {
      if let value = value as? Int { result.append(value) }
      if let path = value as? ElementPath { result += [path.section, path.element] }
    }
    for child in Mirror(reflecting: reason).children {
      for field in Mirror(reflecting: child.value).children { add(field.value) }
      add(child.value)
    }
    if case .invalidSectionCount(_, _, _, _, let context) = reason {
      result += context.itemCountsBefore + context.itemCountsAfter
      result.append(context.itemCountsBefore.count)
      result.append(context.itemCountsAfter.count)
    }
    return result
  }
}

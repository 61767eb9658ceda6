import Stagecraft

extension CrashText {
  typealias Reason = BatchUpdateError.Reason

  /// One per-operation text: its pattern, whether it names the view, and its reason.
  struct Operation: Sendable {
    var pattern: String
    /// The capture group whose noun names the view ("item", "rows", "an item"), if any.
    var nounGroup: Int?
    var reason: @Sendable ([Int]) -> Reason
  }

  static func path(_ numbers: [Int], _ at: Int) -> ElementPath {
    ElementPath(element: numbers[at + 1], section: numbers[at])
  }

  /// UIKit's per-operation refusals. `(\w+)` groups hold nouns; every other group a number,
  /// in the order the reason needs them (a path as section, then item).
  static let operations: [Operation] = [
    Operation(
      pattern:
        #"attempt to delete (item|row) (\d+) from section (\d+) which only contains (\d+) (?:items|rows) before the update"#,
      nounGroup: 0, reason: { .deleteItemOutOfRange(item: $0[0], section: $0[1], itemCount: $0[2]) }
    ),
    Operation(
      pattern:
        #"attempt to delete (item|row) (\d+) from section (\d+), but there are only (\d+) sections before the update"#,
      nounGroup: 0,
      reason: { .deleteItemSectionOutOfRange(item: $0[0], section: $0[1], sectionCount: $0[2]) }),
    Operation(
      pattern:
        #"attempt to insert (item|row) (\d+) into section (\d+), but there are only (\d+) (?:items|rows) in section \d+ after the update"#,
      nounGroup: 0, reason: { .insertItemOutOfRange(item: $0[0], section: $0[1], itemCount: $0[2]) }
    ),
    Operation(
      pattern:
        #"attempt to insert (item|row) (\d+) into section (\d+), but there are only (\d+) sections after the update"#,
      nounGroup: 0,
      reason: { .insertItemSectionOutOfRange(item: $0[0], section: $0[1], sectionCount: $0[2]) }),
    Operation(
      pattern:
        #"attempt to delete section (\d+), but there are only (\d+) sections before the update"#,
      reason: { .deleteSectionOutOfRange(section: $0[0], sectionCount: $0[1]) }),
    Operation(
      pattern:
        #"attempt to reload section (\d+), but there are only (\d+) sections before the update"#,
      reason: { .reloadSectionOutOfRange(section: $0[0], sectionCount: $0[1]) }),
    Operation(
      pattern:
        #"attempt to insert section (\d+) but there are only (\d+) sections after the update"#,
      reason: { .insertSectionOutOfRange(section: $0[0], sectionCount: $0[1]) }),
    Operation(
      pattern:
        #"attempt to move section (\d+), but there are only (\d+) sections before the update"#,
      reason: { .moveSectionOutOfRange(section: $0[0], sectionCount: $0[1]) }),
    Operation(
      pattern:
        #"attempt to move section (\d+) to section (\d+), but there are only (\d+) sections after the update"#,
      reason: {
        .moveSectionTargetOutOfRange(section: $0[0], target: $0[1], sectionCount: $0[2])
      }),
    Operation(
      pattern:
        #"attempt to move index path \("# + path
        + #"\) that does not exist - there are only (\d+) (items|rows) in section \d+ before the update"#,
      nounGroup: 3, reason: { .moveItemOutOfRange(path: path($0, 0), itemCount: $0[2]) }),
    Operation(
      pattern:
        #"attempt to move index path \("# + path + #"\) to index path \("# + path
        + #"\) that does not exist - there are only (\d+) (items|rows) in section \d+ after the update"#,
      nounGroup: 5,
      reason: {
        .moveItemTargetOutOfRange(path: path($0, 0), target: path($0, 2), itemCount: $0[4])
      }),
    Operation(
      pattern:
        #"attempt to move index path \("# + path
        + #"\) from a section that does not exist - there are only (\d+) sections before the update"#,
      reason: { .moveItemSectionOutOfRange(path: path($0, 0), sectionCount: $0[2]) }),
    Operation(
      pattern:
        #"attempt to move index path \("# + path + #"\) to index path \("# + path
        + #"\) in section that does not exist - there are only (\d+) sections after the update"#,
      reason: {
        .moveItemTargetSectionOutOfRange(
          path: path($0, 0), target: path($0, 2), sectionCount: $0[4])
      }),
    Operation(
      pattern:
        #"attempt to reconfigure (item|row) (\d+) in section (\d+), but there are only (\d+) (?:items|rows) in section \d+ after the update"#,
      nounGroup: 0,
      reason: {
        .reconfigureItemOutOfRange(
          path: ElementPath(element: $0[0], section: $0[1]), sectionCount: $0[1] + 1,
          itemCount: $0[2])
      }),
    Operation(
      pattern: #"attempt to delete and reload the same section \((\d+)\)"#,
      reason: { .deleteAndReloadSameSection(section: $0[0]) }),
    Operation(
      pattern: #"attempt to delete and reload the same index path \("# + path + #"\)"#,
      reason: { .deleteAndReloadSamePath(path: path($0, 0)) }),
    Operation(
      pattern: #"attempt to perform a delete and a move from the same index path \("# + path
        + #"\)"#,
      reason: { .deleteAndMoveSamePath(path: path($0, 0)) }),
    Operation(
      pattern: #"attempt to perform a delete and a move from the same section \((\d+)\)"#,
      reason: { .deleteAndMoveSameSection(section: $0[0]) }),
    Operation(
      pattern: #"attempt to perform an insert and a move to the same index path \("# + path
        + #"\)"#,
      reason: { .insertAndMoveSamePath(path: path($0, 0)) }),
    Operation(
      pattern: #"attempt to perform an insert and a move to the same section \((\d+)\)"#,
      reason: { .insertAndMoveSameSection(section: $0[0]) }),
    Operation(
      pattern: #"cannot move (an item|a row) from a deleted section \((\d+)\)"#, nounGroup: 0,
      reason: { .moveFromDeletedSection(section: $0[0]) }),
    Operation(
      pattern: #"cannot move (an item|a row) into a newly inserted section \((\d+)\)"#,
      nounGroup: 0, reason: { .moveIntoInsertedSection(section: $0[0]) }),
    Operation(
      pattern: #"attempt to move section (\d+) to both section (\d+) and section (\d+)"#,
      reason: { .sectionMovedTwice(section: $0[0], first: $0[1], second: $0[2]) }),
    Operation(
      pattern: #"attempt to move both section (\d+) and section (\d+) to section (\d+)"#,
      reason: { .sectionsMovedToSameTarget(first: $0[0], second: $0[1], target: $0[2]) }),
    Operation(
      pattern: #"attempt to move (item|row) at index path "# + path + " to both " + path + " and "
        + path,
      nounGroup: 0,
      reason: { .itemMovedTwice(path: path($0, 0), first: path($0, 2), second: path($0, 4)) }),
    Operation(
      pattern: #"attempt to move both (item|row) at index path "# + path + " and " + path + " to "
        + path,
      nounGroup: 0,
      reason: {
        .itemsMovedToSameTarget(first: path($0, 0), second: path($0, 2), target: path($0, 4))
      }),
  ]

  static var operationParsers: [Parser] {
    operations.map { operation in
      { text, hint in
        guard let (groups, whole) = match(operation.pattern, text) else { return nil }
        let digits = groups.enumerated().filter { $0.offset != operation.nounGroup }.map(\.element)
        let numbers = digits.compactMap { Int($0) }
        // A number too large for `Int` is not UIKit's.
        guard numbers.count == digits.count else { return nil }
        let view = operation.nounGroup.map { Self.view(of: groups[$0]) } ?? hint ?? .collectionView
        return CrashText(
          reason: operation.reason(numbers), wording: .classic, view: view, message: whole)
      }
    }
  }
}

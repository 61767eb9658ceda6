import Foundation
import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftDiff

/// A stage's data that the diff builds on first read: what a reader sees is the same as if
/// it had been built at once, whoever reads it, when, from how many threads, and however it
/// is changed afterwards.
@Suite("Stage data built on first read")
struct DeferredDataTests {
  typealias Left = TypeErasedDiffTests.Left

  struct Wide: Differentiable, Hashable {
    var id: Int64
    var content: Int
    var differenceIdentifier: Int64 { id }
    func isContentEqual(to source: Wide) -> Bool { content == source.content }
  }

  struct Named: Differentiable, Hashable {
    var id: String
    var content: Int
    var differenceIdentifier: String { id }
    func isContentEqual(to source: Named) -> Bool { content == source.content }
  }

  /// A random list of wrapped values of three types whose identifiers overlap in value
  /// (`Int`, `Int64`, `String`), repeats included.
  static func mixedList(_ count: Int, _ random: inout SplitMix64) -> [AnyDifferentiable] {
    (0..<count).map { _ in
      let id = Int.random(in: 0..<10, using: &random)
      let content = Int.random(in: 0..<2, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: return AnyDifferentiable(Left(id: id, content: content))
      case 1: return AnyDifferentiable(Wide(id: Int64(id), content: content))
      default: return AnyDifferentiable(Named(id: "\(id)", content: content))
      }
    }
  }

  /// The wrapped value, for comparing lists of wrapped values.
  static func unwrapped(_ list: [AnyDifferentiable]) -> [String] {
    list.map { String(reflecting: $0.base) }
  }

  /// Every stage of a type-erased diff, replayed on the previous stage's data by an
  /// independent replay, gives that stage's data; the last is the target. Checked on the
  /// unwrapped values, which are `Equatable`.
  @Test func typeErasedStagesReplayToTheirData() {
    var random = SplitMix64(seed: 7)
    for round in 0..<TestScale.count(300) {
      let source = Self.mixedList(Int.random(in: 0...40, using: &random), &random)
      var target = source.shuffled(using: &random).filter { _ in
        Int.random(in: 0..<5, using: &random) > 0
      }
      target += Self.mixedList(Int.random(in: 0...8, using: &random), &random)
      let staged = StagedChangeset(source: source, target: target)
      let problems = matchingProblems(staged, source: source, target: target)
      #expect(problems.isEmpty, "round \(round): \(problems)")
      var previous = source
      for stage in staged {
        #expect(
          Self.unwrapped(Self.replayed(stage, on: previous)) == Self.unwrapped(stage.data),
          "round \(round)")
        previous = stage.data
      }
      #expect(Self.unwrapped(previous) == Self.unwrapped(target), "round \(round)")
    }
  }

  /// A stage applied to `previous` by hand: updates take the new version from the stage's
  /// data where the element lands, deletes and moves by index, inserts from the data.
  static func replayed(
    _ stage: Changeset<[AnyDifferentiable]>, on previous: [AnyDifferentiable]
  ) -> [AnyDifferentiable] {
    if !stage.elementUpdated.isEmpty {
      // An update stage changes nothing's place: its data is `previous` with new versions.
      var result = previous
      for path in stage.elementUpdated { result[path.element] = stage.data[path.element] }
      return result
    }
    let deleted = Set(stage.elementDeleted.map(\.element))
    let moved = Set(stage.elementMoved.map(\.source.element))
    var staying = previous.indices.filter { !deleted.contains($0) && !moved.contains($0) }
      .map { previous[$0] }
    var result: [AnyDifferentiable?] = Array(repeating: nil, count: stage.data.count)
    for path in stage.elementInserted { result[path.element] = stage.data[path.element] }
    for move in stage.elementMoved { result[move.target.element] = previous[move.source.element] }
    for index in result.indices where result[index] == nil {
      guard !staying.isEmpty else { break }
      result[index] = staying.removeFirst()
    }
    return result.compactMap { $0 }
  }

  /// Plain values are copied at once; values that hold references wait for their first
  /// read, and that read keeps what it built: a second read returns the same storage.
  @Test func referencesWaitForTheFirstReadWhichIsKept() {
    let plain = StagedChangeset(source: [1, 2, 3, 4], target: [4, 2, 3, 5])
    #expect(plain.count == 2)
    #expect(plain.dropLast().allSatisfy { $0._deferred == nil && $0._built != nil })

    let strings = StagedChangeset(source: ["a", "b", "c", "d"], target: ["d", "b", "c", "e"])
    #expect(strings.count == 2)
    #expect(strings.dropLast().allSatisfy { $0._deferred != nil && $0._built == nil })
    #expect(strings.last?._deferred == nil)
    #expect(strings.map(\.data) == [["b", "c", "d"], ["d", "b", "c", "e"]])
    let first = strings[0].data.withUnsafeBufferPointer { $0.baseAddress }
    let second = strings[0].data.withUnsafeBufferPointer { $0.baseAddress }
    #expect(first != nil && first == second)
  }

  /// Sectioned stages wait too, and give the same data when read.
  @Test func sectionedStagesWaitAndReadRight() {
    typealias Section = ArraySection<String, String>
    let source = [Section(model: "a", elements: ["1", "2"]), Section(model: "b", elements: ["3"])]
    let target = [Section(model: "b", elements: ["3", "2"]), Section(model: "c", elements: ["4"])]
    let staged = StagedChangeset(source: source, target: target)
    #expect(staged.count > 1)
    #expect(staged.dropLast().allSatisfy { $0._deferred != nil })
    let problems = ReplayOracle.sectionedProblems(staged, from: source, to: target)
    #expect(problems.isEmpty, "\(problems)")
  }

  /// Changing a stage's data in place builds it first, changes only that copy of the
  /// changeset, and leaves copies made before it as they were.
  @Test func changingTheDataInPlaceLeavesOtherCopiesAlone() {
    let staged = StagedChangeset(source: ["a", "b", "c"], target: ["c", "x"])
    var changed = staged[0]
    let untouched = staged[0]
    #expect(changed._deferred != nil)
    changed.data.append("z")
    #expect(changed.data == ["c", "z"])
    #expect(changed._deferred == nil)
    #expect(untouched.data == ["c"])
    #expect(staged[0].data == ["c"])
    var replaced = staged[0]
    replaced.data = ["q"]
    #expect(replaced.data == ["q"] && staged[0].data == ["c"])
  }

  /// Many tasks reading the same stage at once all get the same data, built once (one
  /// storage); the thread sanitizer's run checks the lock.
  @Test func concurrentFirstReadsBuildOnce() async {
    let source = (0..<2_000).map { "item \($0)" }
    var target = source.filter { !$0.hasSuffix("7") }
    target.swapAt(10, 1_500)
    target.append("new")
    let staged = StagedChangeset(source: source, target: target)
    #expect(staged.count == 2)
    let expected = source.filter { !$0.hasSuffix("7") }
    let addresses = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask {
          let data = staged[0].data
          guard data == expected else { return -1 }
          return data.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        }
      }
      return await group.reduce(into: Set<Int>()) { $0.insert($1) }
    }
    #expect(addresses.count == 1 && !addresses.contains(-1) && !addresses.contains(0))
  }

  /// Building ahead makes every stage's later read O(1): the data is there.
  @Test func buildingAheadBuildsEveryStage() {
    let staged = StagedChangeset(source: ["a", "b", "c"], target: ["c", "x"])
    staged._buildData()
    for stage in staged {
      let built = stage._deferred.map { deferred in
        deferred._state.withLock { state in
          if case .built = state { return true }
          return false
        }
      }
      #expect(built ?? true)
    }
    #expect(staged.map(\.data) == [["c"], ["c", "x"]])
  }

  /// `dump` and debuggers see the data and the lists, built or not.
  @Test func reflectionShowsTheData() {
    let staged = StagedChangeset(source: ["a", "b"], target: ["b", "c"])
    let mirror = Mirror(reflecting: staged[0])
    let labels = mirror.children.compactMap(\.label)
    #expect(labels.first == "data" && labels.contains("elementDeleted") && labels.count == 9)
    #expect(mirror.children.first?.value as? [String] == ["b"])
    var dumped = ""
    dump(staged[0], to: &dumped)
    #expect(dumped.contains("\"b\"") && !dumped.contains("_deferred"))
  }

  /// Integer identifiers are compared from the bits kept in the box: equal values of one
  /// type are the same identity; equal values of different types, or of different integer
  /// types, are not; extreme values and negative ones survive the round trip.
  @Test func integerIdentifiersComparedFromTheirBits() {
    struct Signed: Differentiable, Hashable {
      var id: Int32
      var differenceIdentifier: Int32 { id }
    }
    struct Unsigned: Differentiable, Hashable {
      var id: UInt64
      var differenceIdentifier: UInt64 { id }
    }
    let id = { (value: AnyDifferentiable) in value.differenceIdentifier }
    #expect(
      id(AnyDifferentiable(Left(id: 5, content: 0)))
        == id(AnyDifferentiable(Left(id: 5, content: 1))))
    #expect(
      id(AnyDifferentiable(Left(id: 5, content: 0)))
        != id(AnyDifferentiable(Left(id: 6, content: 0))))
    #expect(
      id(AnyDifferentiable(Left(id: 5, content: 0)))
        != id(AnyDifferentiable(Wide(id: 5, content: 0))))
    #expect(id(AnyDifferentiable(Signed(id: -1))) == id(AnyDifferentiable(Signed(id: -1))))
    #expect(id(AnyDifferentiable(Signed(id: -1))) != id(AnyDifferentiable(Signed(id: 1))))
    #expect(id(AnyDifferentiable(Unsigned(id: .max))) == id(AnyDifferentiable(Unsigned(id: .max))))
    #expect(
      id(AnyDifferentiable(Unsigned(id: .max))) != id(AnyDifferentiable(Left(id: -1, content: 0))))
    #expect(id(AnyDifferentiable(5)) == id(AnyDifferentiable(5)))
    #expect(id(AnyDifferentiable(5)) != id(AnyDifferentiable(Int8(5))))
    // The fast path is taken for integers only: a string identifier goes to the type's `==`.
    #expect(AnyDifferentiable(Left(id: 5, content: 0))._identifierHash & 1 == 1)
    #expect(AnyDifferentiable(Named(id: "5", content: 0))._identifierHash & 1 == 0)
    #expect(
      id(AnyDifferentiable(Named(id: "5", content: 0)))
        == id(AnyDifferentiable(Named(id: "5", content: 1))))
    let set: Set = [
      id(AnyDifferentiable(Left(id: 1, content: 0))),
      id(AnyDifferentiable(Wide(id: 1, content: 0))),
    ]
    #expect(set.count == 2 && set.contains(id(AnyDifferentiable(Left(id: 1, content: 3)))))
  }

  /// Through `UpdatePipeline`, a diff made off the main actor has its stages' data built
  /// there as well, once, so the replay on the main actor reads it built; the view ends at
  /// the target with no stale cell. (The diff closure wraps each stage's builder to see
  /// where it runs.)
  @MainActor @Test func thePipelineBuildsStageDataWhereItDiffs() async {
    let mainActorThread = pthread_self()
    let builtOnMainActor = _Flags()
    let view = CollectionModelView(CollectionModel(items: [String]()))
    let pipeline = UpdatePipeline(
      target: view, data: [String](), strategy: UpdateStrategy(inlineDiffBelow: 4),
      diff: { source, target in
        var staged = StagedChangeset(source: source, target: target)
        for index in staged.indices.dropLast() {
          let original = staged[index]
          staged[index]._deferData {
            builtOnMainActor.record(pthread_equal(pthread_self(), mainActorThread) != 0)
            return original.data
          }
        }
        return staged
      },
      snapshot: { [ArraySection(model: 0, elements: $0)] })
    #expect(await pipeline.apply(["a", "b", "c", "d", "e"]) == .applied)
    #expect(await pipeline.apply(["e", "b", "x", "a"]) == .applied)
    #expect(builtOnMainActor.values == [false])
    #expect(view.model.items == ["e", "b", "x", "a"])
    #expect(view.model.staleCells.isEmpty)
  }
}

// libFuzzer target: a flat or a sectioned source/target pair from the bytes. The staged
// changeset must replay exactly on CollectionModel, match maximally by the k-th
// occurrence rule, and move minimally.
import Stagecraft
import StagecraftTestSupport

/// libFuzzer's entry point: checks one input.
///
/// - Parameters:
///   - data: The input bytes.
///   - size: Their number.
/// - Returns: 0, as libFuzzer requires; a failed check stops the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiff(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var reader = ByteReader(data, size)
  if reader.next(2) == 0 {
    checkFlat(&reader)
  } else {
    checkSectioned(&reader)
  }
  return 0
}

func items(_ reader: inout ByteReader, count: Int, ids: Int, contents: Int) -> [FuzzItem] {
  (0..<count).map { _ in
    FuzzItem(id: UInt8(reader.next(ids)), content: UInt8(reader.next(contents)))
  }
}

func checkFlat(_ reader: inout ByteReader) {
  let ids = reader.next(in: 1...12)
  let contents = reader.next(in: 1...3)
  let source = items(&reader, count: reader.next(48), ids: ids, contents: contents)
  let target = items(&reader, count: reader.next(48), ids: ids, contents: contents)
  let staged = StagedChangeset(source: source, target: target)

  var model = CollectionModel(items: source)
  do {
    try model.reload(using: staged)
  } catch {
    failure("replay refused \(source) -> \(target): \(error)")
  }
  if model.items != target { failure("replay ended at \(model.items), not \(target)") }
  if !model.staleCells.isEmpty { failure("stale cells \(model.staleCells)") }
  if staged.count > 3 { failure("\(staged.count) flat stages") }

  let reference = ReferenceMatching(source: source, target: target)
  let deleted = staged.flatMap(\.elementDeleted).map(\.element)
  if deleted != reference.deleted { failure("deleted \(deleted), expected \(reference.deleted)") }
  let inserted = staged.flatMap(\.elementInserted).map(\.element)
  if inserted != reference.inserted {
    failure("inserted \(inserted), expected \(reference.inserted)")
  }
  let moves = staged.flatMap(\.elementMoved).count
  if moves != reference.minimumMoves {
    failure("\(moves) moves, minimum \(reference.minimumMoves)")
  }
}

func checkSectioned(_ reader: inout ByteReader) {
  let sectionIDs = reader.next(in: 1...5)
  let ids = reader.next(in: 1...10)
  func sections() -> [FuzzSection] {
    (0..<reader.next(5)).map { _ in
      FuzzSection(
        model: reader.next(sectionIDs),
        elements: items(&reader, count: reader.next(6), ids: ids, contents: 2))
    }
  }
  let source = sections()
  let target = sections()
  let staged = StagedChangeset(source: source, target: target)
  var model = CollectionModel(sections: source)
  do {
    try model.reload(using: staged)
  } catch {
    failure("sectioned replay refused \(source) -> \(target): \(error)")
  }
  if model.sections != target { failure("sectioned replay ended at \(model.sections)") }
  if !model.staleCells.isEmpty { failure("stale cells \(model.staleCells)") }
  if staged.count > 5 { failure("\(staged.count) sectioned stages") }
  let sectionMoves = staged.flatMap(\.sectionMoved).count
  let minimum = ReferenceMatching(source: source, target: target, trimmingCommonEnds: false)
    .minimumMoves
  if sectionMoves != minimum { failure("\(sectionMoves) section moves, minimum \(minimum)") }
}

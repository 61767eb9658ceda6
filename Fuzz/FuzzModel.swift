// libFuzzer target: a CollectionModel and an arbitrary BatchUpdate from the bytes. The
// model must either apply the batch consistently or throw and stay exactly as it was; it
// must never trap.
import Stagecraft

/// libFuzzer's entry point: checks one input.
///
/// - Parameters:
///   - data: The input bytes.
///   - size: Their number.
/// - Returns: 0, as libFuzzer requires; a failed check stops the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModel(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var reader = ByteReader(data, size)
  func sections(_ count: Int) -> [FuzzSection] {
    (0..<count).map { index in
      FuzzSection(
        model: index,
        elements: (0..<reader.next(5)).map { _ in
          FuzzItem(id: UInt8(reader.next(6)), content: UInt8(reader.next(2)))
        })
    }
  }
  var model = CollectionModel(
    sections: sections(reader.next(4)),
    configuration: .init(
      isStrict: reader.next(2) == 0, wording: reader.next(2) == 0 ? .classic : .modern),
    viewport: reader.next(2) == 0 ? .all : .items(reader.next(4)..<(4 + reader.next(6))))
  for _ in 0..<reader.next(4) {
    model.selectItem(at: ElementPath(element: reader.next(5), section: reader.next(4)))
  }
  func index() -> Int { reader.next(in: -1...5) }
  func path() -> ElementPath { ElementPath(element: index(), section: reader.next(in: -1...4)) }
  var batch = BatchUpdate()
  for _ in 0..<reader.next(10) {
    switch reader.next(9) {
    case 0: batch.deleteSections.append(index())
    case 1: batch.insertSections.append(index())
    case 2: batch.reloadSections.append(index())
    case 3: batch.moveSections.append(Move(source: index(), target: index()))
    case 4: batch.deleteItems.append(path())
    case 5: batch.insertItems.append(path())
    case 6: batch.reloadItems.append(path())
    case 7: batch.moveItems.append(Move(source: path(), target: path()))
    default: batch.reconfigureItems.append(path())
    }
  }
  let newSections = sections(reader.next(5))
  let before = model
  do {
    try model.performBatchUpdates(batch, newSections: newSections)
  } catch {
    if model != before { failure("refused batch \(batch) changed the model") }
    if error.description.isEmpty { failure("empty message") }
    return 0
  }
  if model.sections != newSections { failure("data source not switched") }
  let items = newSections.reduce(0) { $0 + $1.elements.count }
  if model.realizedPaths.contains(where: { model.element(at: $0) == nil }) {
    failure("a realized cell outside the data")
  }
  if model.indexPathsForSelectedItems.contains(where: { model.element(at: $0) == nil }) {
    failure("a selected path outside the data")
  }
  if case .all = model.viewport, model.realizedPaths.count != items {
    failure("not every item has a cell")
  }
  return 0
}

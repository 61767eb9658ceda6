// libFuzzer target: one batch and its counts from the bytes, drawn by the same generator as
// the validation tests (StagecraftTestSupport's RandomBatch). Every way the library decides
// a batch must give one verdict: the exact phases, the quick validation that
// `CollectionModel` and `BatchUpdate.validate` run, the quick item checks alone, and the
// guard's map-free check.
import Stagecraft
import StagecraftModel
import StagecraftTestSupport

extension ByteReader: RandomChoices {}

/// libFuzzer's entry point: checks one input.
///
/// - Parameters:
///   - data: The input bytes.
///   - size: Their number.
/// - Returns: 0, as libFuzzer requires; a failed check stops the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValidation(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var reader = ByteReader(data, size)
  let drawn = RandomBatch(&reader)
  let paths = _ValidationPaths(
    before: drawn.before, after: drawn.after, batch: drawn.batch, strict: drawn.isStrict)
  if let disagreement = paths.disagreement { failure("\(drawn): \(disagreement)") }
  // The public entry point agrees with the exact phases too.
  var refused = false
  do {
    try drawn.batch.validate(
      itemCountsBefore: drawn.before, itemCountsAfter: drawn.after, isStrict: drawn.isStrict)
  } catch {
    refused = true
    if error.reason != paths.exact { failure("\(drawn): validate refused for \(error.reason)") }
  }
  if !refused, paths.exact != nil { failure("\(drawn): validate accepted") }
  return 0
}

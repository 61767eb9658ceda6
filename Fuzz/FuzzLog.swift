// libFuzzer target: `stagecraft replay` on arbitrary bytes. Half the inputs start with a
// valid header, so that the fuzzer reaches the records. Every input must end in one of the
// three statuses, a bad log with a message that names its line; nothing may trap or hang.
import Foundation
import StagecraftTool

/// libFuzzer's entry point: replays one input as a log, as text, JSON and an emitted test.
///
/// - Parameters:
///   - data: The input bytes.
///   - size: Their number.
/// - Returns: 0, as libFuzzer requires; a failed check stops the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var bytes = data.map { Data(UnsafeBufferPointer(start: $0, count: size)) } ?? Data()
  if let first = bytes.first, first & 1 == 0 {
    // Built here, not in a global, which the leak checker would report at exit.
    let header = Data(#"{"format":"stagecraft-flight-log","version":1}"#.utf8 + [10])
    bytes = header + bytes.dropFirst()
  }
  for options in [[], ["--json"], ["--emit-test"]] {
    let result = Tool.run(["replay", "field.log"] + options, readFile: { _ in bytes })
    guard (0...2).contains(result.status) else { fatalError("status \(result.status)") }
    if result.status == 2, !result.error.hasPrefix("stagecraft: field.log: line ") {
      fatalError("a bad log without its line: \(result.error)")
    }
    if result.status != 2, result.output.isEmpty { fatalError("no output for a read log") }
  }
  return 0
}

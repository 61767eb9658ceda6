// Shared by the fuzz targets, which link the library's modules and the test-support module
// (see Scripts/fuzz.sh).
import Stagecraft
import StagecraftTestSupport

/// Reads small integers from the fuzzer's bytes; 0 once they run out.
struct ByteReader {
  var bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
  }

  /// A value in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    guard bound > 0, index < bytes.count else { return 0 }
    defer { index += 1 }
    return Int(bytes[index]) % bound
  }

  /// A value in `range`.
  mutating func next(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + next(range.count)
  }
}

/// A fuzzed element: a small identifier and a small content.
struct FuzzItem: Differentiable, Hashable, CustomStringConvertible {
  var id: UInt8
  var content: UInt8
  var differenceIdentifier: UInt8 { id }
  func isContentEqual(to source: FuzzItem) -> Bool { content == source.content }
  var description: String { "\(id)'\(content)" }
}

typealias FuzzSection = ArraySection<Int, FuzzItem>

/// Stops the fuzzer with a message; libFuzzer saves the input as a crash.
func failure(_ message: String) -> Never {
  fatalError("fuzz check failed: " + message)
}

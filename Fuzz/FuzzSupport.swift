// Shared by the fuzz targets. Each target is compiled together with the library's sources
// into one module (see Scripts/fuzz.sh), so it reaches internals without `import`.

/// Reads small integers from the fuzzer's bytes; 0 once they run out.
struct ByteReader {
  var bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
  }

  var isAtEnd: Bool { index >= bytes.count }

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

/// The length of a longest strictly increasing subsequence (quadratic; inputs are small).
func longestIncreasingLength(_ values: [Int]) -> Int {
  var best = [Int](repeating: 1, count: values.count)
  for i in values.indices {
    for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
  }
  return best.max() ?? 0
}

/// The k-th occurrence matching, by brute force: target index for each source index.
func referenceMatching<E: Differentiable>(_ source: [E], _ target: [E]) -> [Int?] {
  var result = [Int?](repeating: nil, count: source.count)
  var taken = [Bool](repeating: false, count: source.count)
  for (j, element) in target.enumerated() {
    if let i = source.indices.first(where: {
      !taken[$0] && source[$0].differenceIdentifier == element.differenceIdentifier
    }) {
      taken[i] = true
      result[i] = j
    }
  }
  return result
}

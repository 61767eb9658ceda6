#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keeps results alive so the optimizer cannot drop the work that produced them.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Times of repeated runs of one piece of work.
struct Timing {
  var samples: [Duration]

  var median: Duration {
    let sorted = samples.sorted()
    return sorted.count.isMultiple(of: 2)
      ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
  }

  var minimum: Duration { samples.min() ?? .zero }
}

/// Runs several pieces of work in turn, round after round (never concurrently), so that
/// each round's figures share the machine's conditions; after one warm-up round.
/// Ratios are then taken round by round, which a noisy, shared machine needs.
func measureInterleaved(runs: Int, _ works: [() -> Any]) -> [Timing] {
  for work in works { blackHole(work()) }
  let clock = ContinuousClock()
  var samples = [[Duration]](repeating: [], count: works.count)
  for _ in 0..<runs {
    for (index, work) in works.enumerated() {
      let start = clock.now
      let result = work()
      samples[index].append(clock.now - start)
      blackHole(result)
    }
  }
  return samples.map(Timing.init)
}

/// The median of the round-by-round ratios `numerator[i] / denominator[i]`.
func medianRatio(_ numerator: Timing, _ denominator: Timing) -> Double {
  let ratios = zip(numerator.samples, denominator.samples).map { $0.seconds / $1.seconds }.sorted()
  guard !ratios.isEmpty else { return .nan }
  return ratios.count.isMultiple(of: 2)
    ? (ratios[ratios.count / 2 - 1] + ratios[ratios.count / 2]) / 2 : ratios[ratios.count / 2]
}

extension Duration {
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  /// `1.23 ms`, `456 µs`, `2.10 s`.
  var formatted: String {
    let value = seconds
    if value >= 1 { return format(value, 2) + " s" }
    if value >= 1e-3 { return format(value * 1e3, 2) + " ms" }
    return format(value * 1e6, 1) + " µs"
  }
}

/// `value` with `digits` decimals, without Foundation.
func format(_ value: Double, _ digits: Int) -> String {
  guard value.isFinite else { return "-" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = String(rounded)
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    if digits == 0 {
      text = String(text[..<dot])
    } else if decimals < digits {
      text += String(repeating: "0", count: digits - decimals)
    }
  }
  return text
}

/// The process's resident memory, from /proc/self/status (Linux); nil elsewhere.
enum ResidentMemory {
  /// Resets the peak (VmHWM) to the current resident size.
  static func resetPeak() {
    #if os(Linux)
      // Give freed heap pages back first, or the work reuses them and shows no growth.
      // glibc's malloc_trim is not in the Glibc module; look it up at run time.
      if let symbol = dlsym(nil, "malloc_trim") {
        typealias Trim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
      }
      if let file = fopen("/proc/self/clear_refs", "w") {
        fputs("5", file)
        fclose(file)
      }
    #endif
  }

  /// Current (VmRSS) and peak (VmHWM) resident bytes.
  static func read() -> (current: Int, peak: Int)? {
    #if os(Linux)
      guard let file = fopen("/proc/self/status", "r") else { return nil }
      defer { fclose(file) }
      var current: Int?
      var peak: Int?
      var buffer = [CChar](repeating: 0, count: 256)
      while fgets(&buffer, Int32(buffer.count), file) != nil {
        let line = String(
          decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func kilobytes() -> Int? {
          Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        if line.hasPrefix("VmRSS:") { current = kilobytes().map { $0 * 1024 } }
        if line.hasPrefix("VmHWM:") { peak = kilobytes().map { $0 * 1024 } }
      }
      guard let current, let peak else { return nil }
      return (current, peak)
    #else
      return nil
    #endif
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much of the exhaustive and randomized testing a run does, from the environment
/// variable `STAGECRAFT_TEST_SCALE`:
///
/// - unset: the everyday `swift test`, its tests in under half a minute on two cores. The
///   exhaustive tests cover a fifth of the pairs of flat sequences up to length 3 (not 4)
///   and a twelfth of the pairs of the smaller sectioned shapes (every sequence and shape
///   still met on both sides); the randomized tests run a sixth of their cases.
/// - `full`: everything, as CI runs it: every pair up to length 4 (2,418,025 pairs), every
///   pair of tiny sectioned shapes (710,649 pairs) and every randomized case.
/// - `reduced`: the sanitizer runs in CI, which check memory and thread safety rather than
///   coverage: the smaller exhaustive tests and a tenth of the randomized cases.
enum TestScale {
  static let setting: String? = getenv("STAGECRAFT_TEST_SCALE").map { String(cString: $0) }

  /// Whether the exhaustive tests run at full size.
  static let isFull = setting == "full"

  /// Whether the randomized tests run a tenth of their cases.
  static let isReduced = setting == "reduced"

  /// `full` at full scale, a tenth of it in reduced runs and a sixth otherwise (at least
  /// one).
  static func count(_ full: Int) -> Int {
    isFull ? full : max(1, full / (isReduced ? 10 : 6))
  }
}

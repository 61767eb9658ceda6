#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The sanitizer runs in CI (`STAGECRAFT_TEST_SCALE=reduced`) check memory and thread
/// safety, not coverage, so they run the randomized and exhaustive tests over a tenth of the
/// cases; a plain `swift test` runs them in full.
enum TestScale {
  static let isReduced: Bool = {
    guard let value = getenv("STAGECRAFT_TEST_SCALE") else { return false }
    return String(cString: value) == "reduced"
  }()

  /// `full`, or a tenth of it (at least one) in reduced runs.
  static func count(_ full: Int) -> Int { isReduced ? max(1, full / 10) : full }
}

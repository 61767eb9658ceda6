import StagecraftDiff
import Testing

/// Whether this build heeds the mistakes the tests plant (`_SizingFaults`): only with the
/// internal checks (STAGECRAFT_INTERNAL_CHECKS=1), which CI asks for when it runs the suite
/// at full scale. Any other build, an app's among them, carries no test machinery that runs.
let plantsMistakes = _stagecraftInternalChecksEnabled

/// The cases of a test run with and without its planted mistake: without only, in a build
/// that does not heed planted mistakes.
let plantedCases = plantsMistakes ? [false, true] : [false]

extension Trait where Self == ConditionTrait {
  /// A test of a planted mistake: it runs where planted mistakes are heeded.
  static var plantsMistakes: Self {
    .enabled(
      if: _stagecraftInternalChecksEnabled,
      "planted mistakes are heeded only with the internal checks")
  }
}

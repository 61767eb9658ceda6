import StagecraftDiff
import StagecraftReplay

/// The answers of every way the library decides one batch, side by side: the exact phases,
/// the same phases with the quick item checks first (what `CollectionModel` and
/// `BatchUpdate.validate` run), the quick checks alone, and the guard's map-free check.
/// One verdict means: the two validations refuse or accept alike, with the same reason, and
/// neither shortcut accepts a batch the exact phases refuse. The tests and the validation
/// fuzzer compare them on random batches.
package struct _ValidationPaths: Sendable {
  /// The exact phases' refusal; nil when they accept.
  package var exact: BatchUpdateError.Reason?
  /// The refusal of the validation with the quick item checks first; nil when it accepts.
  package var quick: BatchUpdateError.Reason?
  /// Whether the section phases pass and the quick item checks accept on their own.
  package var passesQuickly: Bool
  /// Whether the guard's map-free check accepts.
  package var passesWithoutMap: Bool

  /// Decides `batch` every way, against counts that must not be negative.
  ///
  /// - Complexity: O(S + c log c), where S is the number of sections and c the number of
  ///   calls.
  package init(before: [Int], after: [Int], batch: BatchUpdate, strict: Bool) {
    func refusal(quickly: Bool) -> BatchUpdateError.Reason? {
      do {
        _ = try _BatchValidation.validate(
          before: before, after: after, batch: batch, strict: strict, quickly: quickly)
        return nil
      } catch {
        return error.reason
      }
    }
    exact = refusal(quickly: false)
    quick = refusal(quickly: true)
    passesQuickly = _BatchValidation.passesQuickly(
      before: before, after: after, batch: batch, strict: strict)
    passesWithoutMap = _BatchValidation.passesWithoutMap(before: before, after: after, batch: batch)
  }

  /// What disagrees, in a sentence; nil when every path gives the exact phases' verdict.
  ///
  /// - Complexity: O(1).
  package var disagreement: String? {
    if quick != exact {
      return "the quick validation says \(_verdict(quick)), the exact one \(_verdict(exact))"
    }
    if passesQuickly, let exact {
      return "the quick item checks accept what the exact phases refuse: \(exact)"
    }
    if passesWithoutMap, let exact {
      return "the map-free check accepts what the exact phases refuse: \(exact)"
    }
    return nil
  }

  private func _verdict(_ reason: BatchUpdateError.Reason?) -> String {
    reason.map { "refused (\($0))" } ?? "accepted"
  }
}

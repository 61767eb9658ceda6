import Stagecraft

extension CrashText {
  /// The plain-words explanation of this crash: the library's own, for the refusal with
  /// these figures.
  func explanation() -> BatchUpdateError.Explanation {
    BatchUpdateError(reason, wording: wording, view: view).explanation
  }
}

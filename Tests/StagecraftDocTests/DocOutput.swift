import Testing

/// What a documentation page prints, checked against what the page claims it prints.
///
/// The generated tests (Scripts/doctests.py) route each page's `print` here. Every claim
/// checks the output since the claim before it; output that no claim checks fails the test.
final class DocOutput {
  private var pending = ""

  func print(_ items: [Any], separator: String, terminator: String) {
    pending += items.map { String(describing: $0) }.joined(separator: separator) + terminator
  }

  /// The page claims, at `line`, that it printed `text` since its previous claim.
  func expect(_ text: String, at line: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    let printed = pending.hasSuffix("\n") ? String(pending.dropLast()) : pending
    #expect(printed == text, "claimed at line \(line)", sourceLocation: sourceLocation)
    pending = ""
  }

  /// The page printed nothing that it did not claim.
  func expectNothingUnchecked(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(pending.isEmpty, "printed without a claim: \(pending)", sourceLocation: sourceLocation)
  }
}

import Foundation
import Stagecraft
import StagecraftTestSupport
import Testing

@testable import StagecraftTool

@Suite("stagecraft explain: real crash texts")
struct CrashTextTests {
  /// Every reported text: parsed, rebuilt as the smallest batch with its figures, and
  /// refused by CollectionModel — playing the same view, with the same wording — with
  /// exactly UIKit's text.
  @Test(arguments: crashCorpus)
  func everyReportedTextRoundTrips(crash: ReportedCrash) throws {
    let parsed = try #require(CrashText.parse(crash.text), "unreadable: \(crash.text)")
    let reproduction = try #require(parsed.reproduction(), "no batch for \(parsed.reason)")
    let refusal = try #require(
      reproduction.refusal(wording: parsed.wording, view: parsed.view), "accepted: \(reproduction)")
    #expect(refusal.description == parsed.message)
    // The message is the reported text itself, less the noise around it and the addresses.
    #expect(CrashText.normalize(crash.text).contains(parsed.message))
  }

  @Test func theCorpusSpansBothViewsAndEveryWording() throws {
    let parsed = crashCorpus.compactMap { CrashText.parse($0.text) }
    #expect(parsed.count == crashCorpus.count)
    #expect(crashCorpus.count >= 30)
    #expect(Set(parsed.map(\.view)) == Set(BatchUpdateError.ViewKind.allCases))
    let countWordings = Set(
      parsed.filter {
        if case .invalidItemCount = $0.reason { return true }
        if case .invalidSectionCount = $0.reason { return true }
        return false
      }.map(\.wording))
    #expect(countWordings.contains(.classic) && countWordings.contains(.iOS13))
    #expect(countWordings.contains(.modern))
    #expect(countWordings.contains(BatchUpdateError.Wording(text: .batchUpdatesAndOr)))
  }

  @Test(arguments: notBatchUpdateRefusals)
  func otherExceptionsAreNotGuessedAt(crash: ReportedCrash) {
    #expect(CrashText.parse(crash.text) == nil)
  }
}

@Suite("stagecraft explain: the command")
struct ExplainCommandTests {
  func explain(_ arguments: [String], input: String = "", files: [String: String] = [:])
    -> ToolResult
  {
    Tool.run(
      ["explain"] + arguments,
      readFile: { path in
        guard let text = files[path] else { throw CocoaError(.fileReadNoSuchFile) }
        return Data(text.utf8)
      }, readInput: { Data(input.utf8) })
  }

  /// From an argument, a file or standard input, every reported text is explained and
  /// reproduced.
  @Test(arguments: crashCorpus)
  func everyReportedTextIsExplainedAndReproduced(crash: ReportedCrash) {
    let fromArgument = explain(["--text", crash.text])
    #expect(fromArgument.status == 0, "\(fromArgument.error)")
    #expect(fromArgument.output.contains("What disagreed:"))
    #expect(fromArgument.output.contains("\nReproduced: CollectionModel refuses"))
    #expect(explain(["crash.txt"], files: ["crash.txt": crash.text]) == fromArgument)
    #expect(explain([], input: crash.text) == fromArgument)
    #expect(explain(["-"], input: crash.text) == fromArgument)
  }

  @Test func aCountFailureSaysWhatDisagreedInNumbers() {
    let result = explain(["--text", crashCorpus[0].text])
    #expect(
      result.output.hasPrefix(
        "UIKit refused a batch update (UITableView, worded as from about iOS 13):\n"))
    #expect(
      result.output.contains("  - After the batch, the data source said section 0 has 35 rows.\n"))
    #expect(result.output.contains("  - The batch accounts for 36: 36 before, + 0 inserted"))
    #expect(result.output.contains("  - No call of the batch touched section 0.\n"))
    #expect(result.output.contains("  rows per section before: [36]; after: [35]; calls: none\n"))
  }

  @Test func dataThatMatchesTheCrashIsSaidToMatch() {
    let crash =
      "Invalid batch updates detected: the number of sections and/or items returned by the data "
      + "source before and after performing the batch updates are inconsistent with the updates. "
      + "Data source before updates = { 1 section with item counts: [2] } Data source after "
      + "updates = { 1 section with item counts: [3] } Updates = [ ]"
    let result = explain(
      ["--text", crash, "--data", "old.json", "new.json"],
      files: ["old.json": "[1, 2]", "new.json": "[1, 3, 2]"])
    #expect(result.status == 0)
    #expect(
      result.output.contains(
        "These are the counts the crash reports: the data went from old.json to new.json"))
    #expect(result.output.contains("  stage 1: 1 inserted\n"))
  }

  @Test func jsonOutputCarriesTheReproduction() {
    let result = explain(["--text", crashCorpus[0].text, "--format", "json"])
    #expect(result.status == 0)
    #expect(result.output.contains(#""reproduced":true"#))
    #expect(result.output.contains(#""reproduction":{"after":[35],"before":[36],"calls":[]}"#))
    #expect(result.output.contains(#""view":"tableView""#))
  }

  @Test func anUnreadableTextExitsTwoAndSaysSo() {
    for crash in notBatchUpdateRefusals + [ReportedCrash(source: "-", text: "")] {
      let result = explain([], input: crash.text)
      #expect(result.status == 2)
      #expect(result.output.isEmpty)
      #expect(
        result.error.hasPrefix("stagecraft: no UIKit batch-update refusal found in the input"))
    }
  }

  /// A count refusal cut before its figures (as people quote them in titles and forum
  /// posts) is named as one, and as incomplete, instead of as something else.
  @Test func aCountRefusalCutBeforeItsFiguresSaysItIsIncomplete() throws {
    // https://github.com/ra1028/DifferenceKit/issues/155, quoted without its figures.
    let cut =
      "Invalid batch updates detected: the number of sections and/or items returned by the "
      + "data source before and/or after performing the batch updates are inconsistent with the "
      + "updates"
    let table = try #require(crashCorpus.first { $0.text.contains("rows in section 0.  ") })
    let classicCut = String(table.text.prefix(while: { $0 != "(" }))
    for (text, start) in [
      (cut, "Invalid batch updates detected:"), (classicCut, "Invalid update:"),
    ] {
      let result = explain(["--text", text])
      #expect(result.status == 2)
      #expect(result.output.isEmpty)
      #expect(
        result.error
          == "stagecraft: the input has the start of UIKit's refusal (\"\(start)…\") but not the "
          + "figures that follow it, so it was cut or edited; paste the whole reason as UIKit "
          + "printed it\n")
    }
  }

  /// Damaged texts (cut, with digits changed or characters dropped) never trap: each is
  /// explained or refused with exit status 2.
  @Test func damagedTextsNeverTrap() {
    var random = SplitMix64(seed: 15)
    for crash in crashCorpus {
      for _ in 0..<20 {
        var scalars = Array(crash.text.unicodeScalars)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: scalars = Array(scalars.prefix(Int.random(in: 0...scalars.count, using: &random)))
        case 1:
          for index in scalars.indices where CharacterSet.decimalDigits.contains(scalars[index]) {
            if Bool.random(using: &random) { scalars[index] = "9" }
            if Int.random(in: 0..<40, using: &random) == 0 {
              scalars.insert(contentsOf: "99999999999999999999".unicodeScalars, at: index)
            }
          }
        default:
          if !scalars.isEmpty {
            scalars.remove(at: Int.random(in: scalars.indices, using: &random))
          }
        }
        let result = explain([], input: String(String.UnicodeScalarView(scalars)))
        #expect(result.status == 0 || result.status == 2)
      }
    }
  }
}

@Suite("Explaining Crash Reports: the explain example")
struct ReadmeExplainTests {
  /// The article's transcript of `stagecraft explain` is what the tool prints for that file.
  @Test func theArticlesTranscriptIsWhatTheToolPrints() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(
      contentsOf: root.appendingPathComponent(
        "Sources/Stagecraft/Stagecraft.docc/ExplainingCrashReports.md"),
      encoding: .utf8)
    let start = try #require(readme.range(of: "```\n$ cat crash.txt\n"))
    let end = try #require(readme.range(of: "\n```\n", range: start.upperBound..<readme.endIndex))
    let transcript = String(readme[start.upperBound..<end.lowerBound]) + "\n"
    let command = try #require(transcript.range(of: "$ stagecraft explain crash.txt\n"))
    let crash = String(transcript[..<command.lowerBound])
    let printed = String(transcript[command.upperBound...])
    #expect(crash == crashCorpus[0].text + "\n")
    let result = Tool.run(["explain", "crash.txt"], readFile: { _ in Data(crash.utf8) })
    #expect(result.status == 0)
    #expect(result.output == printed)
  }
}

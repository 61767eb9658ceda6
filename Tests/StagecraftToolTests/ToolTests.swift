import Foundation
import Testing

@testable import StagecraftTool

/// Runs the tool on in-memory files.
func run(_ arguments: String..., files: [String: String] = [:]) -> ToolResult {
  Tool.run(arguments) { path in
    guard let text = files[path] else {
      throw CocoaError(.fileReadNoSuchFile)
    }
    return Data(text.utf8)
  }
}

let oldList = #"[{"id":1,"t":"a"},{"id":2,"t":"b"},{"id":3,"t":"c"}]"#
let newList = #"[{"id":3,"t":"c"},{"id":1,"t":"A"},{"id":4,"t":"d"}]"#
let lists = ["old.json": oldList, "new.json": newList]

@Suite("stagecraft: arguments and output")
struct ToolTests {
  @Test func diffPrintsEveryStageWithIdentities() {
    let result = run("diff", "old.json", "new.json", files: lists)
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    #expect(
      result.output == """
        3 stages, 4 changes
        stage 1: 1 updated
          update [0, 0]  1
        stage 2: 1 deleted
          delete [0, 1]  2
        stage 3: 1 inserted, 1 moved
          insert [0, 2]  4
          move [0, 0] -> [0, 1]  1

        """)
  }

  /// Identifiers that differ only past 2^53 stay different: they are compared as the
  /// integers they are, not as rounded doubles.
  @Test func integerIdentifiersAreComparedExactly() {
    let files = [
      "old.json": #"[{"id":12345678901234567890123,"t":"a"}]"#,
      "new.json": #"[{"id":12345678901234567890124,"t":"a"}]"#,
    ]
    let result = run("diff", "old.json", "new.json", files: files)
    #expect(result.status == 0)
    #expect(result.output.contains("delete [0, 0]  12345678901234567890123"))
    #expect(result.output.contains("insert [0, 0]  12345678901234567890124"))
    #expect(!result.output.contains("update"))
  }

  @Test func checkWritesJSONWhenAsked() {
    var files = lists
    files["good.json"] = #"{"deleteItems": [[0, 1]], "insertItems": [[0, 2]]}"#
    files["bad.json"] = #"{"insertItems": [[0, 0]]}"#
    let good = run("check", "old.json", "new.json", "good.json", "--format", "json", files: files)
    #expect(good.status == 0)
    #expect(good.output == #"{"error":null,"staleCells":[[0,0],[0,1]],"valid":true}"# + "\n")
    let bad = run("check", "old.json", "new.json", "bad.json", "--format", "json", files: files)
    #expect(bad.status == 1)
    #expect(bad.output.hasPrefix(#"{"error":"Invalid update: invalid number of items"#))
    #expect(bad.output.contains(#"","explanation":{"causes":["#))
    #expect(bad.output.hasSuffix(#"]},"staleCells":[],"valid":false}"# + "\n"))
  }

  @Test func replayReportsUIKitsVerdict() {
    let result = run("diff", "old.json", "new.json", "--replay", files: lists)
    #expect(result.status == 0)
    #expect(
      result.output.hasSuffix(
        "replay: valid (CollectionModel accepted every stage; no stale cells)\n"))
    let unchanged = run("diff", "old.json", "old.json", files: lists)
    #expect(unchanged.output == "no changes\n")
  }

  @Test func jsonFormatIsMachineReadable() throws {
    let result = run("diff", "old.json", "new.json", "--format", "json", "--replay", files: lists)
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(object["stageCount"] as? Int == 3)
    #expect(object["changeCount"] as? Int == 4)
    let stages = try #require(object["stages"] as? [[String: Any]])
    #expect(stages[1]["elementDeleted"] as? [[Int]] == [[0, 1]])
    #expect(stages[2]["elementMoved"] as? [[[Int]]] == [[[0, 0], [0, 1]]])
    #expect((object["replay"] as? [String: Any])?["valid"] as? Bool == true)
  }

  @Test func customKeysAndSections() {
    let files = [
      "a.json": #"[{"key":"A","rows":[{"uid":1},{"uid":2}]},{"key":"B","rows":[{"uid":3}]}]"#,
      "b.json":
        #"[{"key":"B","rows":[{"uid":3},{"uid":2}]},{"key":"A","title":"x","rows":[{"uid":1}]}]"#,
    ]
    let result = run(
      "diff", "a.json", "b.json", "--sections", "--section-id", "key", "--items", "rows", "--id",
      "uid", "--replay", files: files)
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output == """
        3 stages, 3 changes
        stage 1: 1 sections moved
          move section 0 -> 1  "A"
        stage 2: 1 moved
          move [1, 1] -> [0, 1]  2
        stage 3: 1 sections updated
          update section 1  "A"
        replay: valid (CollectionModel accepted every stage; no stale cells)

        """)
  }

  @Test func scalarsIdentifyThemselves() {
    let result = run(
      "diff", "a.json", "b.json", files: ["a.json": "[1, 2, 3]", "b.json": "[3, 1, 2]"])
    #expect(result.output.contains("move [0, 2] -> [0, 0]  3"))
  }

  @Test func checkReproducesACrash() {
    var files = lists
    files["insert.json"] = #"{"insertItems": [[0, 0]]}"#
    let refused = run("check", "old.json", "new.json", "insert.json", files: files)
    #expect(refused.status == 1)
    let expected: String = [
      "refused: Invalid update: invalid number of items in section 0.  The number of items ",
      "contained in an existing section after the update (3) must be equal to the number of ",
      "items contained in that section before the update (3), plus or minus the number of ",
      "items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus ",
      "the number of items moved into or out of that section (0 moved in, 0 moved out).\n\n",
      "What disagreed:\n  - After the batch, the data source said section 0 has 3 items.\n",
      "  - The batch accounts for 4: 3 before, + 1 inserted, − 0 deleted, + 0 moved in, − 0 ",
      "moved out.\n  - They are 1 apart: the data has fewer items than the calls account for.",
      "\n\nTypical causes:\n",
      "  - The data source already returned the new count before the batch: it was changed ",
      "before `performBatchUpdates` (or its count was read after the change), so the calls ",
      "were counted twice.\n",
    ].joined()
    #expect(refused.output.hasPrefix(expected))
    files["modern.json"] = #"{"insertItems": [[0, 0]]}"#
    let modern = run("check", "old.json", "new.json", "modern.json", "--modern", files: files)
    #expect(modern.output.hasPrefix("refused: Invalid batch updates detected"))
  }

  @Test func checkAcceptsAValidBatchAndWarnsOfStaleCells() {
    var files = lists
    files["batch.json"] =
      #"{"deleteItems": [[0, 1]], "insertItems": [[0, 2]], "moveItems": [[[0, 2], [0, 0]]]}"#
    let result = run("check", "old.json", "new.json", "batch.json", files: files)
    #expect(result.status == 0)
    #expect(
      result.output == """
        valid: UIKit accepts this batch (3 items in 1 section after it)
        warning: 1 cell shows stale content (moved or kept but not refreshed): [0, 1]

        """)
    files["fixed.json"] =
      #"{"deleteItems": [[0, 1]], "insertItems": [[0, 2]], "moveItems": [[[0, 2], [0, 0]]], "reconfigureItems": [[0, 1]]}"#
    #expect(
      run("check", "old.json", "new.json", "fixed.json", files: files).output.hasPrefix("valid:"))
    #expect(
      !run("check", "old.json", "new.json", "fixed.json", files: files).output.contains("warning"))
  }

  @Test func demoRunsWithNoArguments() {
    let result = run()
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("stagecraft demo:"))
    #expect(result.output.contains("replay: valid"))
    #expect(run("demo") == result)
    #expect(run("help").output.hasPrefix("usage: stagecraft diff"))
  }

  @Test(arguments: [
    (
      ["diff", "missing.json", "new.json"],
      "stagecraft: missing.json: cannot read the file: no such file\n"
    ),
    (["diff", "bad.json", "new.json"], "stagecraft: bad.json: invalid JSON:"),
    (
      ["diff", "noid.json", "new.json"],
      "stagecraft: noid.json: missing identity key: item 0 has no \"id\" key\n"
    ),
    (
      ["diff", "obj.json", "new.json"],
      "stagecraft: obj.json: wrong shape: expected an array of items, found an object\n"
    ),
    (
      ["diff", "nested.json", "new.json"],
      "stagecraft: nested.json: wrong shape: item 1 is an array; items are objects or scalars\n"
    ),
    (
      ["diff", "old.json", "new.json", "--sections"],
      "stagecraft: old.json: missing items: section 0 has no \"items\" key\n"
    ),
    (
      ["diff", "flat.json", "new.json", "--sections"],
      "stagecraft: flat.json: wrong shape: section 0 is a number, not an object\n"
    ),
    (
      ["check", "old.json", "new.json", "typo.json"],
      "stagecraft: typo.json: wrong shape: unknown call \"delteItems\""
    ),
    (
      ["check", "old.json", "new.json", "pair.json"],
      "stagecraft: pair.json: wrong shape: \"deleteItems\" holds [0] where a [section, item] pair was expected\n"
    ),
    (["diff", "old.json"], "stagecraft: diff takes 2 files, got 1\n"),
    (["diff", "old.json", "new.json", "--bogus"], "stagecraft: unknown option '--bogus'\n"),
    (
      ["diff", "old.json", "new.json", "--format", "xml"],
      "stagecraft: --format takes text or json, not 'xml'\n"
    ),
    (["diff", "old.json", "new.json", "--id"], "stagecraft: --id needs a value\n"),
    (["frobnicate"], "stagecraft: unknown command 'frobnicate'\n"),
    (
      ["diff", "empty.json", "new.json"],
      "stagecraft: empty.json: invalid JSON: the file is empty\n"
    ),
    (
      ["diff", "huge.json", "new.json"],
      "stagecraft: huge.json: invalid JSON: the number 1e400 is out of range\n"
    ),
    (
      ["diff", "deep.json", "new.json"],
      "stagecraft: deep.json: invalid JSON: nested more than 512 levels deep\n"
    ),
    (
      ["diff", "latin1.json", "new.json"],
      "stagecraft: latin1.json: invalid JSON: the file is not UTF-8 text\n"
    ),
    (
      ["diff", "bad.json", "new.json"],
      "stagecraft: bad.json: invalid JSON: the file ends where a value should start\n"
    ),
  ])
  func badInputIsOneLineAndExitCodeTwo(arguments: [String], message: String) {
    var files = lists
    files["bad.json"] = #"[{"id":1},"#
    files["noid.json"] = #"[{"name":1}]"#
    files["obj.json"] = #"{"a":1}"#
    files["nested.json"] = #"[1, [2]]"#
    files["flat.json"] = "[1]"
    files["typo.json"] = #"{"delteItems": []}"#
    files["pair.json"] = #"{"deleteItems": [[0]]}"#
    files["empty.json"] = ""
    files["huge.json"] = "[1e400]"
    files["deep.json"] = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let result = Tool.run(arguments) { path in
      if path == "latin1.json" { return Data([0x5B, 0x22, 0xE9, 0x22, 0x5D]) }  // ["é"] in Latin-1
      guard let text = files[path] else { throw CocoaError(.fileReadNoSuchFile) }
      return Data(text.utf8)
    }
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix(message), "\(result.error)")
    let firstLine = result.error.split(separator: "\n").first.map(String.init) ?? ""
    #expect(!firstLine.isEmpty && !result.error.contains("Fatal"))
  }
}

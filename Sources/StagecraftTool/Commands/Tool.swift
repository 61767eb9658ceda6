import Foundation
import Stagecraft

/// What one run of the tool printed, and its exit status.
public struct ToolResult: Equatable, Sendable {
  /// Standard output.
  public var output: String
  /// Standard error.
  public var error: String
  /// 0: success; 1: a replay or batch was refused; 2: bad input or usage.
  public var status: Int32
}

/// The `stagecraft` command line: `diff`, `check` and `demo`.
public enum Tool {
  static let usage = """
    usage: stagecraft diff OLD.json NEW.json [--id KEY] [--sections [--section-id KEY] [--items KEY]]
                           [--format text|json] [--replay] [--modern]
           stagecraft check OLD.json NEW.json BATCH.json [--id KEY] [--sections ...] [--lenient] [--modern]
                            [--format text|json]
           stagecraft check REPORT.json [--lenient] [--modern] [--format text|json]
           stagecraft explain [CRASH.txt | REPORT.json | - | --text REASON] [--view table|collection]
                              [--data OLD.json NEW.json [--id KEY] [--sections ...]] [--format text|json]
           stagecraft replay LOG [--json] [--emit-test]
           stagecraft demo

      diff    print the staged changeset that turns OLD into NEW, stage by stage
              --replay runs it through CollectionModel and reports UIKit's verdict
      check   apply a hand-written batch (the calls an app made) to OLD with NEW as the
              data after it, and print UIKit's error where UIKit would raise; with one file,
              replay a guard's report (BatchUpdateFallback.json): the view's counts, the
              data's counts and the batch; stale view counts are named first
      explain read a crash reason pasted from a console, a crash reporter or an issue (from
              a file, standard input or --text), or a guard's report, say in plain words what
              the data source and the batch disagreed on, what usually causes it and what to
              change, and reproduce the text on CollectionModel; --data replays the diff of
              the app's data
      replay  rebuild a flight recorder's log (FlightRecorder.export()) on CollectionModel:
              each record's verdict beside the recorded one, and the first record where the
              view and the data disagreed, with UIKit's text and what explain says of it;
              --json gives the same as JSON, --emit-test prints a Swift Testing test that
              replays the log and fails where the field run failed
      demo    a built-in example (also what runs with no arguments)

      --id KEY           the key that identifies an item object (default "id"); scalars
                         identify themselves, and an item's content is the whole value
      --sections         the files hold sections: objects with an identity and items
      --section-id KEY   the key that identifies a section (default "id")
      --items KEY        the key that holds a section's items (default "items")
      --format json      machine-readable output
      --modern           UIKit's Xcode 14.3 wording of count failures
      --lenient          accept what UIKit accepts and then crashes on (strict by default)
      --view KIND        for explain: the view that raised it, when the text does not say

    BATCH.json is an object with any of: deleteSections, insertSections, reloadSections,
    moveSections ([from, to] pairs), deleteItems, insertItems, reloadItems,
    reconfigureItems ([section, item] pairs) and moveItems ([[section, item], [section, item]]).
    Exit status: 0 valid (or explained, or a log that replays clean), 1 refused (or a log with
    a disagreement), 2 bad input (or no crash reason found).
    """

  /// Runs the tool.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the program name.
  ///   - readFile: Reads a file's bytes.
  ///   - readInput: Reads standard input, for `explain`.
  /// - Returns: What to print and the exit status.
  /// - Complexity: That of the command: reading its inputs, and a diff or a replay of the
  ///   batches they hold.
  public static func run(
    _ arguments: [String],
    readFile: (String) throws -> Data = Tool.readFile,
    readInput: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }
  ) -> ToolResult {
    do throws(Failure) {
      let options = try Options(arguments)
      switch options.command {
      case "demo": return demo()
      case "help": return ToolResult(output: usage + "\n", error: "", status: 0)
      case "diff": return try diff(options, readFile: readFile)
      case "check": return try check(options, readFile: readFile)
      case "explain": return try explain(options, readFile: readFile, readInput: readInput)
      case "replay": return try replay(options, readFile: readFile)
      default: throw Failure(file: nil, error: .usage("unknown command '\(options.command)'"))
      }
    } catch {
      let prefix = error.file.map { "\($0): " } ?? ""
      var message = "stagecraft: \(prefix)\(error.error.message)\n"
      if case .usage = error.error { message += "run 'stagecraft help' for usage\n" }
      return ToolResult(output: "", error: message, status: 2)
    }
  }

  /// A bad-input error and the file it concerns.
  struct Failure: Error {
    var file: String?
    var error: ToolError
  }

  struct Options {
    var command = "demo"
    var files: [String] = []
    var format = SnapshotFormat()
    var json = false
    var replay = false
    var modern = false
    var lenient = false
    var text: String?
    var view: BatchUpdateError.ViewKind?
    var data: (String, String)?
    var emitTest = false

    init(_ arguments: [String]) throws(Failure) {
      var rest = arguments[...]
      func value(for option: String) throws(Failure) -> String {
        guard let value = rest.popFirst(), !value.hasPrefix("--") else {
          throw Failure(error: .usage("\(option) needs a value"))
        }
        return value
      }
      var sawCommand = false
      while let argument = rest.popFirst() {
        switch argument {
        case "--id": format.idKey = try value(for: argument)
        case "--sections": format.sectioned = true
        case "--section-id": format.sectionIDKey = try value(for: argument)
        case "--items": format.itemsKey = try value(for: argument)
        case "--format":
          switch try value(for: argument) {
          case "json": json = true
          case "text": json = false
          case let other:
            throw Failure(error: .usage("--format takes text or json, not '\(other)'"))
          }
        case "--replay": replay = true
        case "--json": json = true
        case "--emit-test": emitTest = true
        case "--modern": modern = true
        case "--lenient": lenient = true
        case "--text": text = try value(for: argument)
        case "--data": data = (try value(for: argument), try value(for: argument))
        case "--view":
          switch try value(for: argument) {
          case "table": view = .tableView
          case "collection": view = .collectionView
          case let other:
            throw Failure(error: .usage("--view takes table or collection, not '\(other)'"))
          }
        case "--help", "-h": command = "help"; sawCommand = true
        case "-" where sawCommand: files.append(argument)
        case _ where argument.hasPrefix("-"):
          throw Failure(error: .usage("unknown option '\(argument)'"))
        default:
          if sawCommand { files.append(argument) } else { command = argument; sawCommand = true }
        }
      }
      if command == "explain", files.count > 1 {
        throw Failure(
          error: .usage("explain takes one file (or - for standard input), got \(files.count)"))
      }
      let expected = [
        "diff": 2, "check": files.count == 1 ? 1 : 3, "demo": 0, "help": 0, "replay": 1,
      ][command]
      if let expected, files.count != expected {
        throw Failure(
          error: .usage(
            "\(command) takes \(expected) file\(expected == 1 ? "" : "s"), got \(files.count)"))
      }
    }
  }

  static func load(_ path: String, readFile: (String) throws -> Data) throws(Failure) -> JSONValue {
    let data: Data
    do {
      data = try readFile(path)
    } catch {
      throw Failure(file: path, error: .unreadable(oneLine(describe(error))))
    }
    do {
      return try JSONValue.parse(data)
    } catch {
      throw Failure(file: path, error: error)
    }
  }

  /// Reads a file, refusing a directory with a message that says so.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: Its bytes.
  /// - Throws: `ToolError.unreadable`, or Foundation's error.
  /// - Complexity: O(n) for a file of n bytes.
  public static func readFile(_ path: String) throws -> Data {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw ToolError.unreadable("it is a directory, not a file")
    }
    return try Data(contentsOf: URL(fileURLWithPath: path))
  }

  static func describe(_ error: any Error) -> String {
    if let error = error as? ToolError, case .unreadable(let reason) = error { return reason }
    let nsError = error as NSError
    if nsError.domain == NSCocoaErrorDomain {
      switch nsError.code {
      case NSFileReadNoSuchFileError: return "no such file"
      case NSFileReadNoPermissionError: return "permission denied"
      default: break
      }
    }
    if nsError.domain == NSPOSIXErrorDomain,
      let code = POSIXErrorCode(rawValue: Int32(nsError.code))
    {
      return String(describing: POSIXError(code)).lowercased()
    }
    return nsError.localizedDescription
  }

  static func parse<T>(_ path: String, _ body: () throws(ToolError) -> T) throws(Failure) -> T {
    do { return try body() } catch { throw Failure(file: path, error: error) }
  }
}

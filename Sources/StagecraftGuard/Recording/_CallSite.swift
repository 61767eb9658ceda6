import StagecraftDiff
import StagecraftModel
import StagecraftReplay

/// Where the app asked for an update (the `#fileID` and `#line` of its call to an entry
/// point), and the number of that call in the recorder: what ties a record to the app's code.
///
/// The file is kept as the static string the compiler made, whose bytes live as long as the
/// program: the ring stores its address and length as two integers, and reads the text back
/// only when it writes or decodes the record.
@usableFromInline
package struct _CallSite: Sendable {
  @usableFromInline let fileID: StaticString
  @usableFromInline let line: UInt
  /// The number of the call in the recorder (`FlightRecorder._countCall()`); 0 before.
  @usableFromInline package var call: Int

  /// A call site.
  ///
  /// - Complexity: O(1).
  @inlinable
  package init(fileID: StaticString, line: UInt, call: Int = 0) {
    self.fileID = fileID
    self.line = line
    self.call = call
  }

  /// The address of the file's bytes; 0 for a string without them (one Unicode scalar).
  var fileAddress: UInt {
    fileID.hasPointerRepresentation ? UInt(bitPattern: fileID.utf8Start) : 0
  }

  /// The number of bytes of the file's name.
  var fileLength: Int { fileID.hasPointerRepresentation ? fileID.utf8CodeUnitCount : 0 }

  /// The bytes of a file's name that the ring kept as an address and a length; nil for none.
  static func bytes(address: Int, length: Int) -> UnsafeBufferPointer<UInt8>? {
    guard length > 0, let start = UnsafePointer<UInt8>(bitPattern: address) else { return nil }
    // The bytes of a static string (`fileID`): they live as long as the program.
    return UnsafeBufferPointer(start: start, count: length)
  }

  /// The text of a call site the ring kept as integers; nil when it kept none.
  ///
  /// - Complexity: O(f) for the file's name.
  static func text(address: Int, length: Int, line: Int) -> FlightRecord.CallSite? {
    guard line > 0 else { return nil }
    let file = bytes(address: address, length: length).map {
      String(decoding: $0, as: UTF8.self)
    }
    return FlightRecord.CallSite(fileID: file ?? "?", line: line)
  }
}

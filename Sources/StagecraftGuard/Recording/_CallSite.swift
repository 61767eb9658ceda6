import StagecraftDiff
import StagecraftModel
import StagecraftReplay

extension _CallSite {
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

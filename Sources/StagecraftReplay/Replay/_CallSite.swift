/// Where the app asked for an update (the `#fileID` and `#line` of its call to an entry
/// point), and the number of that call in the flight recorder: what ties a record to the
/// app's code. It rides with the replay's request (`_ReplayRequest`).
///
/// The file is kept as the static string the compiler made, whose bytes live as long as the
/// program: the recorder's ring stores its address and length as two integers, and reads the
/// text back only when it writes or decodes the record.
@usableFromInline
package struct _CallSite: Sendable {
  @usableFromInline package let fileID: StaticString
  @usableFromInline package let line: UInt
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
}

import RecurrenceCore

/// The standard-input contract as one call, for every command that reads `-` (`parse -` and
/// `add -` today, `import` to come): each line of input in order gets exactly one output line.
///
/// Lines that are UTF-8 go to the command's `body`, which appends one object; lines that are
/// not get the shared `IN101` object naming their first bad byte. Output is written as it goes
/// and flushed whenever reading would block. Input that cannot be read ends the stream with
/// `ExitStatus.noInput` and the reason on standard error; lines already answered stay answered.
enum LineStream {
  /// Streams `input` to `output`, one line of output per line of input.
  ///
  /// - Parameters:
  ///   - body: appends the object for one line's text (without its line ending or a newline).
  /// - Returns: exit 0 once every line has its object, whether or not each line read.
  static func run(
    _ input: ByteSource, output: inout OutputWriter, _ body: (_ text: String, _ out: inout [UInt8]) -> Void
  ) -> CommandResult {
    var reader = LineReader(input)
    var line: [UInt8] = []
    line.reserveCapacity(64 * 1024)
    do {
      while let next = try reader.next(beforeReading: { output.flush() }) {
        if next.invalidByteOffset != nil {
          appendNotUTF8(next, to: &line)
        } else {
          body(next.text, &line)
        }
        line.append(10)
        output.write(bytes: &line)
      }
    } catch {
      return CommandResult(stderr: "Error: \(error)\n", exitCode: ExitStatus.noInput)
    }
    return CommandResult()
  }

  /// `{"input": …, "ok": false, "error": {"id": "IN101", …, "byteOffset": N}}` for a line
  /// that is not UTF-8; its range is the U+FFFD that stands for the bad byte in `input`.
  static func appendNotUTF8(_ line: InputLine, to out: inout [UInt8]) {
    let offset = line.invalidByteOffset ?? 0
    let scalar = line.invalidScalarOffset ?? 0
    let byte = line.invalidByte.map { ", byte 0x" + String($0, radix: 16, uppercase: true) } ?? ""
    let error = Diagnostic(
      id: "IN101", message: "line \(line.number) is not valid UTF-8 at byte offset \(offset)\(byte)",
      range: SourceRange(scalar, scalar + 1))
    RuleReport.appendFailure(input: line.text, error, extra: [("byteOffset", offset)], to: &out)
  }
}

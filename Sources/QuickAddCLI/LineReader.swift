/// One line of input: its number, its text, and where its bytes stop being UTF-8.
public struct InputLine: Sendable, Hashable {
  /// The 1-based line number.
  public var number: Int
  /// The line without its line ending; invalid bytes replaced by U+FFFD when not UTF-8.
  public var text: String
  /// The byte offset (0-based, within the line) of the first byte that is not UTF-8, or nil when
  /// the line is valid UTF-8.
  public var invalidByteOffset: Int?
  /// The value of that byte.
  public var invalidByte: UInt8?
  /// The offset of that byte's U+FFFD in `text`, in Unicode scalars.
  public var invalidScalarOffset: Int?
}

/// The standard-input contract shared by every command that reads `-`: bytes split on LF with
/// an optional CR before it, one `InputLine` per line in order.
///
/// - Every line counts, including empty ones and ones that are not UTF-8 (they come with the
///   offset of their first bad byte; the other lines are unaffected).
/// - A last line without a final LF is still a line; input ending in LF has no extra empty line.
/// - No line cap and no line-length cap; memory is the read buffer plus the longest line, so a
///   million lines stream in constant memory.
/// - Closed, empty, directory or unreadable input throws `InputError`, never traps.
public struct LineReader {
  var source: ByteSource
  var buffer: [UInt8]
  var start = 0
  var end = 0
  var finished = false
  /// The 1-based number of the last line returned.
  public private(set) var lineNumber = 0

  /// The size of each read.
  static let chunk = 1 << 16

  /// Reads lines from `source`.
  public init(_ source: ByteSource) {
    self.source = source
    buffer = [UInt8](repeating: 0, count: Self.chunk)
  }

  /// The next line, or nil after the last one.
  ///
  /// - Parameter beforeReading: called just before a read that may block, so a caller can
  ///   flush what it has written: a program that writes a line and waits for the answer gets
  ///   it, whatever the output buffer holds.
  /// - Throws: `InputError` when the input is closed, empty, a directory or cannot be read.
  public mutating func next(beforeReading: () -> Void = {}) throws(InputError) -> InputLine? {
    var carried: [UInt8] = []
    while true {
      if let newline = buffer[start..<end].firstIndex(of: 10) {
        let line: InputLine
        if carried.isEmpty {
          line = buffer.withUnsafeBufferPointer { makeLine(UnsafeBufferPointer(rebasing: $0[start..<newline])) }
        } else {
          carried += buffer[start..<newline]
          line = carried.withUnsafeBufferPointer { makeLine($0) }
        }
        start = newline + 1
        return line
      }
      carried += buffer[start..<end]
      start = 0
      end = 0
      if finished { break }
      beforeReading()
      let n = try buffer.withUnsafeMutableBufferPointer { b throws(InputError) in try source.read(into: b) }
      if n == 0 {
        finished = true
        if !source.sawBytes { throw InputError.empty }
      }
      end = n
    }
    if carried.isEmpty { return nil }
    return carried.withUnsafeBufferPointer { makeLine($0) }
  }

  /// A line from its bytes without the LF: a CR before it is dropped, UTF-8 is checked.
  mutating func makeLine(_ bytes: UnsafeBufferPointer<UInt8>) -> InputLine {
    lineNumber += 1
    var content = bytes
    if let last = content.last, last == 13 { content = UnsafeBufferPointer(rebasing: content.dropLast()) }
    if let text = String(validating: content, as: UTF8.self) {
      return InputLine(number: lineNumber, text: text)
    }
    let offset = Self.firstInvalidByte(content) ?? 0
    let scalars = content.prefix(offset).reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    return InputLine(
      number: lineNumber, text: String(decoding: content, as: UTF8.self), invalidByteOffset: offset,
      invalidByte: offset < content.count ? content[offset] : nil, invalidScalarOffset: scalars)
  }

  /// The offset of the first byte that does not belong to a valid UTF-8 sequence.
  static func firstInvalidByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
  }
}

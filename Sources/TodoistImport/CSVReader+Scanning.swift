/// The byte level of `CSVReader`: chunks, fields, positions and UTF-8 validation.
extension CSVReader {
  /// `"`.
  static var quote: UInt8 { 0x22 }
  /// `,`.
  static var comma: UInt8 { 0x2C }
  /// LF, which ends a line (and, outside quotes, a record).
  static var lineFeed: UInt8 { 0x0A }
  /// CR, which ends a record only before LF.
  static var carriageReturn: UInt8 { 0x0D }

  /// The next byte without consuming it, reading a new chunk when needed; `nil` at the end.
  @inline(__always)
  mutating func peek() -> UInt8? {
    if index < chunk.count { return chunk[index] }
    refill()
    return index < chunk.count ? chunk[index] : nil
  }

  /// Replaces the exhausted chunk with the source's next non-empty one.
  mutating func refill() {
    while !sourceEnded, index >= chunk.count {
      do {
        if let next = try source.nextChunk() {
          chunk = next
          index = 0
        } else {
          sourceEnded = true
        }
      } catch {
        sourceEnded = true
        readFailure = error
      }
    }
  }

  /// Consumes `byte` (the one `peek()` returned), moving the position and checking UTF-8.
  @inline(__always)
  mutating func advance(_ byte: UInt8) {
    index += 1
    bytesConsumed += 1
    if byte < 0x80, utf8Needed == 0 {
      if byte == Self.lineFeed {
        line += 1
        column = 1
      } else {
        column += 1
      }
      return
    }
    if startsScalar(byte) { column += 1 }
    if byte == Self.lineFeed {
      line += 1
      column = 1
    }
  }

  /// Steps the UTF-8 validation over `byte`; returns whether it starts a new scalar (column).
  mutating func startsScalar(_ byte: UInt8) -> Bool {
    if utf8Needed > 0 {
      if byte >= utf8Lower, byte <= utf8Upper {
        utf8Needed -= 1
        utf8Lower = 0x80
        utf8Upper = 0xBF
        return false
      }
      badUTF8(at: utf8Lead)
      utf8Needed = 0
      utf8Lower = 0x80
      utf8Upper = 0xBF
    }
    switch byte {
    case 0..<0x80: return true
    case 0xC2...0xDF: utf8Needed = 1
    case 0xE0:
      utf8Needed = 2
      utf8Lower = 0xA0
    case 0xE1...0xEC, 0xEE, 0xEF: utf8Needed = 2
    case 0xED:
      utf8Needed = 2
      utf8Upper = 0x9F
    case 0xF0:
      utf8Needed = 3
      utf8Lower = 0x90
    case 0xF1...0xF3: utf8Needed = 3
    case 0xF4:
      utf8Needed = 3
      utf8Upper = 0x8F
    default:
      badUTF8(at: position)
      return true
    }
    utf8Lead = position
    return true
  }

  /// Records invalid UTF-8 at `position` as the record's error, unless it already has one.
  mutating func badUTF8(at position: CSVPosition) {
    guard !recordFailed else { return }
    recordProblem = problem(.invalidUTF8, at: position, "the record is not valid UTF-8; the record is skipped")
  }

  /// Keeps `byte` in the field being read, unless the field is over the cap or the record
  /// already has an error.
  @inline(__always)
  mutating func keep(_ byte: UInt8) {
    guard !recordFailed else { return }
    if field.count < CSVLimits.maximumFieldBytes {
      field.append(byte)
    } else {
      fieldTooLong()
    }
  }

  /// Records that the field being read is over the cap.
  mutating func fieldTooLong() {
    recordProblem = problem(
      .fieldTooLong, at: fieldStart,
      "a field is longer than \(CSVLimits.maximumFieldBytes) bytes; the record is skipped")
  }

  /// Consumes the run of plain ASCII bytes ahead in the current chunk and keeps them in bulk: the
  /// fast path of `readField`, giving the same result as taking them one by one.
  ///
  /// A run ends at a quote, LF, a byte of 0x80 or more, or the chunk's end; outside quotes also
  /// at a comma or CR.
  @inline(__always)
  mutating func takePlainRun(quoted: Bool) {
    guard utf8Needed == 0 else { return }
    let start = index
    var end = index
    chunk.withUnsafeBufferPointer { bytes in
      while end < bytes.count {
        let byte = bytes[end]
        if byte >= 0x80 || byte == Self.quote || byte == Self.lineFeed { break }
        if !quoted, byte == Self.comma || byte == Self.carriageReturn { break }
        end += 1
      }
    }
    let count = end - start
    guard count > 0 else { return }
    index = end
    bytesConsumed += count
    column += count
    guard !recordFailed else { return }
    let room = CSVLimits.maximumFieldBytes - field.count
    field.append(contentsOf: chunk[start..<start + Swift.min(count, room)])
    if count > room { fieldTooLong() }
  }

  /// Skips a UTF-8 byte order mark at the start of the input.
  mutating func skipByteOrderMark() {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    var head: [UInt8] = []
    while head.count < 3, let byte = peek() {
      head.append(byte)
      index += 1
    }
    if head == mark {
      bytesConsumed += 3
      head = []
    }
    // Put back what was not a mark, ahead of the rest of the current chunk.
    chunk = head + chunk[index...]
    index = 0
  }

  /// Reads one field up to (not including) its separator or line end.
  ///
  /// - Returns: its text (empty once the record has an error), whether it was quoted, and the
  ///   position of the first stray quote, if any.
  mutating func readField() -> (String, Bool, CSVPosition?) {
    field.removeAll(keepingCapacity: field.capacity <= 4_096)
    fieldStart = position
    var quoted = false
    var stray: CSVPosition?
    if peek() == Self.quote {
      quoted = true
      advance(Self.quote)
      while true {
        takePlainRun(quoted: true)
        guard let byte = peek() else {
          if readFailure == nil {
            recordProblem = problem(
              .unterminatedQuote, at: fieldStart,
              "a quoted field is not closed before the end of the file; the last record is cut short")
          }
          return ("", true, nil)
        }
        advance(byte)
        if byte == Self.quote {
          guard peek() == Self.quote else { break }
          advance(Self.quote)
        }
        keep(byte)
      }
      // Text after the closing quote is kept, with a warning.
      if let next = peek(), next != Self.comma, next != Self.lineFeed, next != Self.carriageReturn {
        stray = position
      }
    }
    while true {
      takePlainRun(quoted: false)
      guard let byte = peek(), byte != Self.comma, byte != Self.lineFeed else { break }
      if byte == Self.carriageReturn {
        advance(byte)
        if peek() == Self.lineFeed { break }
        keep(byte)
        continue
      }
      if byte == Self.quote, stray == nil { stray = position }
      advance(byte)
      keep(byte)
    }
    let value = !recordFailed ? String(decoding: field, as: UTF8.self) : ""
    return (value, quoted, stray)
  }

  /// Consumes the separator or line end after a field; returns whether another field follows.
  mutating func endField() -> Bool {
    guard let byte = peek() else { return false }
    advance(byte)
    return byte == Self.comma
  }
}

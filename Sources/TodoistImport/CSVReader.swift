/// Reads RFC 4180 CSV one record at a time from a chunked byte source.
///
/// - Fields are separated by commas; a field in double quotes may hold commas, line ends
///   (LF or CRLF) and doubled quotes (`""` reads as `"`).
/// - Records end at LF or CRLF; a lone CR is kept as text. The last record needs no line end.
/// - A UTF-8 byte order mark at the very start is skipped.
/// - A blank line or a separator row such as `,,,,,,,,` is a record whose fields are all
///   empty (`CSVRecord.isBlank`).
/// - Records may have fewer or more fields than the header; they are read and flagged
///   (`CSVRecord.isRagged`).
///
/// Problems never stop the reading: each is reported for its record with a file position.
/// A field over `CSVLimits.maximumFieldBytes`, more than `CSVLimits.maximumFieldsPerRecord`
/// fields, or bytes that are not UTF-8 make the record an error (at the field's start, or at
/// the first bad byte); the reader skips to that record's end and goes on. A quoted field left
/// open at the end of the file makes the final, truncated record an error. A quote in the
/// middle of an unquoted field is kept as a literal, with a warning on the record.
///
/// Memory is bounded: the reader holds one chunk of the source and the record being read.
///
/// ```swift
/// var reader = CSVReader(CSVMemorySource("a,\"b,c\"\r\n"), file: "x.csv")
/// reader.next()  // .success: line 1, fields "a" at 1:1 and "b,c" at 1:3 (quoted)
/// reader.next()  // nil
/// ```
public struct CSVReader: IteratorProtocol, Sequence {
  /// The file name that problems are reported against.
  public let file: String
  /// How many bytes of the source have been read into records so far.
  public internal(set) var bytesConsumed = 0
  /// The number of fields of the header: the first non-blank record read without error.
  public internal(set) var headerFieldCount: Int?

  /// The source, held as an existential: it is called once a chunk, and the reader's own
  /// layout stays fixed, so its byte loop runs at full speed in any module.
  var source: any CSVByteSource
  /// The chunk being read.
  var chunk: [UInt8] = []
  /// The offset of the next byte in `chunk`.
  var index = 0
  /// Whether the source has no more chunks.
  var sourceEnded = false
  /// Whether the last record has been returned.
  var finished = false
  /// Whether the byte order mark check has been made.
  var started = false
  /// A failure of the source, reported for the record being read.
  var readFailure: CSVSourceError?

  /// The line of the next byte.
  var line = 1
  /// The column of the next byte, in Unicode scalars.
  var column = 1

  /// The bytes of the field being read, up to the cap.
  var field: [UInt8] = []
  /// Where the field being read starts.
  var fieldStart = CSVPosition(line: 1, column: 1)
  /// The first error of the record being read; its bytes are then only scanned.
  var recordProblem: CSVProblem? { didSet { recordFailed = recordProblem != nil } }
  /// Whether the record being read has an error (cheaper to test per byte than the optional).
  var recordFailed = false
  /// The line the record being read starts on.
  var recordLine = 1

  /// UTF-8 validation: the continuation bytes the current sequence still needs.
  var utf8Needed = 0
  /// The lowest byte allowed next in the sequence (higher after E0 and F0, against overlongs).
  var utf8Lower: UInt8 = 0x80
  /// The highest byte allowed next (lower after ED, against surrogates, and F4, past U+10FFFF).
  var utf8Upper: UInt8 = 0xBF
  /// Where the current sequence started: the position reported when it breaks.
  var utf8Lead = CSVPosition(line: 1, column: 1)

  /// Reads `source`, reporting problems against `file`.
  public init(_ source: some CSVByteSource, file: String) {
    self.source = source
    self.file = file
    field.reserveCapacity(256)
  }

  /// The next record, an error for the next record, or `nil` at the end of the input.
  public mutating func next() -> Result<CSVRecord, CSVProblem>? {
    if finished { return nil }
    if !started {
      started = true
      skipByteOrderMark()
    }
    guard peek() != nil else {
      finished = true
      if let failure = readFailure {
        readFailure = nil
        return .failure(problem(.unreadable, at: position, failure.message))
      }
      return nil
    }
    recordLine = line
    recordProblem = nil
    var fields: [CSVField] = []
    var warnings: [CSVProblem] = []
    var more = true
    while more {
      let (value, quoted, stray) = readField()
      if let stray {
        warnings.append(problem(.strayQuote, at: stray, "a quote in the middle of a field is kept as written"))
      }
      if fields.count < CSVLimits.maximumFieldsPerRecord {
        fields.append(CSVField(value: value, position: fieldStart, isQuoted: quoted))
      } else if !recordFailed {
        recordProblem = problem(
          .tooManyFields, at: fieldStart,
          "a record has more than \(CSVLimits.maximumFieldsPerRecord) fields; the record is skipped")
      }
      more = endField()
    }
    if utf8Needed > 0 { badUTF8(at: utf8Lead) }
    if let failure = readFailure {
      readFailure = nil
      finished = true
      return .failure(problem(.unreadable, at: position, failure.message))
    }
    if let recordProblem { return .failure(recordProblem) }
    var record = CSVRecord(line: recordLine, fields: fields, warnings: warnings)
    if !record.isBlank {
      if let count = headerFieldCount {
        record.isRagged = fields.count != count
      } else {
        headerFieldCount = fields.count
      }
    }
    return .success(record)
  }

  /// The position of the next byte.
  var position: CSVPosition { CSVPosition(line: line, column: column) }

  /// A problem of `kind` at `position` in the record being read.
  func problem(_ kind: CSVProblem.Kind, at position: CSVPosition, _ message: String) -> CSVProblem {
    CSVProblem(file: file, position: position, recordLine: recordLine, kind: kind, message: message)
  }
}

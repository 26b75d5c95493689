/// Something wrong or odd in a CSV file, at a file position: reported, and the reading goes on.
///
/// An error costs the record it is in (the reader skips to that record's end); a warning is
/// attached to a record that was still read. A fatal problem (`Kind.isFatal`) stops the
/// Todoist reader, since nothing after it can be mapped.
public struct CSVProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file name as given to the reader.
  public var file: String
  /// The 1-based line of the fault.
  public var line: Int
  /// The 1-based column of the fault, in Unicode scalars.
  public var column: Int
  /// The 1-based line of the record the fault is in.
  public var recordLine: Int
  /// What kind of problem it is; its ID and severity follow from it.
  public var kind: Kind
  /// What is wrong, in lower case.
  public var message: String

  /// Creates a problem at `position` in the record starting on `recordLine`.
  public init(file: String, position: CSVPosition, recordLine: Int, kind: Kind, message: String) {
    self.file = file
    self.line = position.line
    self.column = position.column
    self.recordLine = recordLine
    self.kind = kind
    self.message = message
  }

  /// The position of the fault.
  public var position: CSVPosition { CSVPosition(line: line, column: column) }

  /// Whether the problem is a warning (the record was read) rather than an error.
  public var isWarning: Bool { kind.isWarning }

  /// `file:line:col: error: message` (or `warning:`), the form editors understand.
  public var description: String {
    "\(file):\(line):\(column): \(isWarning ? "warning" : "error"): \(message)"
  }

  /// The kinds of CSV problems, each with a stable ID (`CSV101` …), never reused.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A field longer than `CSVLimits.maximumFieldBytes`.
    case fieldTooLong = "CSV101"
    /// A record with more than `CSVLimits.maximumFieldsPerRecord` fields.
    case tooManyFields = "CSV102"
    /// Bytes that are not UTF-8; the position is the first bad byte.
    case invalidUTF8 = "CSV103"
    /// A quoted field still open at the end of the file; the position is its opening quote.
    case unterminatedQuote = "CSV104"
    /// The byte source failed.
    case unreadable = "CSV105"
    /// A quote inside an unquoted field, or text after a closing quote: kept as written.
    case strayQuote = "CSV106"
    /// The file holds no record at all.
    case emptyFile = "CSV201"
    /// The header has neither a TYPE nor a CONTENT column.
    case notTodoistExport = "CSV202"
    /// The header record itself could not be read.
    case unreadableHeader = "CSV203"
    /// A column named twice in the header; the later one is kept as an extra column.
    case duplicateColumn = "CSV204"

    /// The stable ID, such as `CSV101`.
    public var id: String { rawValue }

    /// Whether a record with this problem was still read.
    public var isWarning: Bool { self == .strayQuote || self == .duplicateColumn }

    /// Whether the rest of the file cannot be mapped after this problem.
    public var isFatal: Bool { self == .emptyFile || self == .notTodoistExport || self == .unreadableHeader }
  }
}

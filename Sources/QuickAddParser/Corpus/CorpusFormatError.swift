import RecurrenceCore

/// A malformed corpus line or an unreadable corpus file: reported, and the run goes on.
public struct CorpusFormatError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file.
  public var file: String
  /// The 1-based line; 0 when the whole file is concerned.
  public var line: Int
  /// The 1-based column (in Unicode scalars, as ranges count); 0 when the whole file is concerned.
  public var column: Int
  /// The length of the faulty part in Unicode scalars, for the caret line (at least 1).
  public var length: Int
  /// A stable ID: `CP101` …
  public var id: String
  /// What is wrong.
  public var message: String
  /// The line as written, for the caret line; empty when the whole file is concerned.
  public var source: String

  /// Creates an error.
  public init(
    file: String, line: Int, column: Int, length: Int = 1, id: String, message: String, source: String = ""
  ) {
    self.file = file
    self.line = line
    self.column = column
    self.length = max(1, length)
    self.id = id
    self.message = message
    self.source = source
  }

  /// `file:line:col: error[ID]: message` (or `file: error[ID]: message` for a whole file).
  public var description: String {
    let place = line > 0 ? "\(file):\(line):\(column)" : file
    return "\(place): error[\(id)]: \(message)"
  }

  /// The description, then the line and a caret under the faulty part.
  ///
  /// The line is shown as the parser shows phrases: control characters escaped, a window
  /// around the fault when the line is long, the caret aligned by display width.
  public var rendered: String {
    guard line > 0 else { return TerminalText.escaped(description) }
    let diagnostic = Diagnostic(id: id, message: message, range: SourceRange(column - 1, column - 1 + length))
    return "\(TerminalText.escaped(file)):\(line):\(column): " + diagnostic.rendered(input: source)
  }

  /// The IDs of corpus-format problems.
  public enum ID {
    /// An `@directive` the format does not know.
    public static let unknownDirective = "CP101"
    /// A directive with a bad value (`@reference` that is not a date-time, an empty `@expect`).
    public static let badDirective = "CP102"
    /// A line without an expectation, and no `@expect` before it.
    public static let missingExpectation = "CP103"
    /// An expectation that does not read: a bad packed rule, error ID or range.
    public static let badExpectation = "CP104"
    /// Warning IDs that do not read, or that the line's marker does not allow.
    public static let badWarnings = "CP105"
    /// A line with no phrase.
    public static let emptyPhrase = "CP106"
    /// A file that cannot be opened or is not UTF-8.
    public static let unreadable = "CP107"
  }
}

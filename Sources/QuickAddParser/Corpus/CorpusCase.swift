import RecurrenceCore

/// One line of a corpus file: a phrase and what it must read as.
///
/// Line forms (see `Corpus/README.md`):
/// - `phrase => R1;FREQ=…` the phrase reads as that packed rule, with no warning;
/// - `? phrase => R1;FREQ=…` the same, and at least one warning must be given;
/// - `? phrase => R1;FREQ=… QA201 QA204` the same, with exactly that set of warning IDs;
/// - `* phrase => QA104 @6..11` the phrase is an error with that ID and range;
/// - `! phrase` the phrase must not read as a recurrence (a task title, a one-off date);
/// - a line without `=>` takes the expectation of the last `@expect` line.
public struct CorpusCase: Sendable, Hashable, CustomStringConvertible {
  /// What the line expects.
  public enum Expectation: Sendable, Hashable {
    /// A rule (its packed text) and the warnings that must come with it.
    case rule(String, warnings: WarningExpectation)
    /// An error with an ID and, when given, a range.
    case error(String, SourceRange?)
    /// No recurrence at all.
    case negative
    /// Nothing: a phrase of a raw list, read but not judged.
    case unannotated
  }

  /// The warnings an accepted phrase must come with.
  public enum WarningExpectation: Sendable, Hashable {
    /// No warning (a line without `?`).
    case none
    /// At least one warning, whichever (`?` with no IDs).
    case any
    /// Exactly this set of warning IDs, sorted (`? … => PACKED QA201 QA204`).
    case exactly([String])
  }

  /// The file the case is in.
  public var file: String
  /// The 1-based line number.
  public var line: Int
  /// The phrase.
  public var phrase: String
  /// The expectation.
  public var expected: Expectation
  /// The reference date-time of the file.
  public var reference: LocalDateTime
  /// Whether the expectation was written on the line (not inherited from `@expect`).
  public var explicit: Bool
  /// The title of the `##` section the line is in; empty before the first section.
  public var section: String

  /// Creates a case.
  public init(
    file: String, line: Int, phrase: String, expected: Expectation, reference: LocalDateTime = CorpusReader.reference,
    explicit: Bool = true, section: String = ""
  ) {
    self.file = file
    self.line = line
    self.phrase = phrase
    self.expected = expected
    self.reference = reference
    self.explicit = explicit
    self.section = section
  }

  /// `file:line`.
  public var description: String { "\(file):\(line)" }
}

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

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
    /// A task line's reading in the notation of `CorpusTaskLine` (a `quickadd` folder's files).
    case taskLine(String)
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

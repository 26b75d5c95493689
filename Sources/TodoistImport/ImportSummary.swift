/// What an import did with every row: `read = imported + skipped + errors` holds by construction
/// and is checked.
public struct ImportSummary: Sendable, Hashable, CustomStringConvertible {
  /// Data rows read (the header, separator rows and the `meta` row are not data rows).
  public var read = 0
  /// Rows that became tasks.
  public var tasks = 0
  /// Rows that became sections.
  public var sections = 0
  /// Rows that became notes of a task.
  public var notes = 0
  /// Rows left out on purpose, each reported: a note before any task, an unknown TYPE.
  public var skipped = 0
  /// Rows that could not be read (a CSV error), each reported.
  public var errors = 0
  /// Blank separator rows and `meta` rows (not data, counted apart).
  public var separators = 0
  /// Diagnostics given (warnings and errors, including dates that do not read).
  public var problems = 0

  /// Creates an empty summary.
  public init() {}

  /// Rows imported: tasks, sections and notes.
  public var imported: Int { tasks + sections + notes }

  /// Whether every row is accounted for.
  public var balances: Bool { read == imported + skipped + errors }

  /// `rows read 12: 9 tasks, 1 section, 1 note imported, 1 skipped, 0 errors (12 = 11 + 1 + 0) …`.
  public var description: String {
    "rows read \(read): \(tasks) tasks, \(sections) sections, \(notes) notes imported, \(skipped) skipped, "
      + "\(errors) errors (\(read) = \(imported) + \(skipped) + \(errors)\(balances ? "" : ": DOES NOT BALANCE")); "
      + "\(separators) separator rows; \(problems) problems reported"
  }
}

import RecurrenceCore

/// A problem or an assumption of the importer, with where it is: `file:line:col: warning: …`.
public struct ImportDiagnostic: Sendable, Hashable, CustomStringConvertible {
  /// A stable ID: `IM1xx` for a row not imported, `IM2xx` for a row imported with a problem or an
  /// assumption, `CSVnnn` for the CSV reader's own.
  public var id: String
  /// Whether the row (or its date) could not be read, or only a warning.
  public var severity: Severity
  /// What happened, for a person.
  public var message: String
  /// The file.
  public var file: String
  /// The 1-based line.
  public var line: Int
  /// The 1-based column.
  public var column: Int

  /// Creates a diagnostic.
  public init(id: String, severity: Severity = .warning, message: String, file: String, line: Int, column: Int = 1) {
    self.id = id
    self.severity = severity
    self.message = message
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:col: warning: message [ID]`.
  public var description: String { "\(file):\(line):\(column): \(severity.rawValue): \(message) [\(id)]" }
}

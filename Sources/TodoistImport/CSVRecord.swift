/// One record (row) of a CSV file, as the reader yields it.
public struct CSVRecord: Sendable, Hashable {
  /// The 1-based line the record starts on.
  public var line: Int
  /// The fields, in order; a record always has at least one.
  public var fields: [CSVField]
  /// Whether the record has a different number of fields than the header (the file's first
  /// non-blank record); blank records and the header itself are never ragged.
  public var isRagged: Bool
  /// What the reader accepted but found odd, such as a quote inside an unquoted field.
  public var warnings: [CSVProblem]

  /// Creates a record.
  public init(line: Int, fields: [CSVField], isRagged: Bool = false, warnings: [CSVProblem] = []) {
    self.line = line
    self.fields = fields
    self.isRagged = isRagged
    self.warnings = warnings
  }

  /// The fields' texts, in order.
  public var values: [String] { fields.map(\.value) }

  /// Whether every field is empty: a blank line, or a separator row such as `,,,,,,,,`.
  public var isBlank: Bool { fields.allSatisfy(\.value.isEmpty) }
}

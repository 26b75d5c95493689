/// A 1-based line and column in a CSV file.
///
/// Columns count Unicode scalars from the start of the line, as the corpus reader's do, so
/// `é` or an emoji is one column whatever its UTF-8 length. A UTF-8 byte order mark at the
/// start of the file takes no column. An invalid byte counts as one column.
public struct CSVPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The 1-based line.
  public var line: Int
  /// The 1-based column, in Unicode scalars.
  public var column: Int

  /// Creates a position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Whether `lhs` comes before `rhs` in the file.
  public static func < (lhs: CSVPosition, rhs: CSVPosition) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}

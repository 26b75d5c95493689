/// One thing a `TodoistCSVReader` reports, in file order.
public enum TodoistCSVEntry: Sendable, Hashable {
  /// The header record, read as a schema; always the first entry of a readable file.
  case header(TodoistCSVSchema)
  /// A task, section or note row (or a row of a type the reader does not judge).
  case row(TodoistCSVRow)
  /// The `meta` row of a newest-generation export.
  case meta(TodoistCSVMeta)
  /// A blank line or separator row (`,,,,,,,,`), which Todoist writes after each task block.
  case blank(line: Int)
  /// A record that could not be read, or a fatal problem after which nothing follows.
  case problem(CSVProblem)
}

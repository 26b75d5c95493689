/// Entry points for reading a Todoist CSV export.
public enum TodoistCSVFile {
  /// The entries of the export in `source`: header, rows, meta row, blanks and problems.
  public static func entries(_ source: some CSVByteSource, file: String) -> TodoistCSVReader {
    TodoistCSVReader(source, file: file)
  }

  /// The rows of the export in `source`, and a failure for each record that could not be read
  /// (including a fatal one, which ends the sequence); header, meta and blank records are left
  /// out (use `entries` or `read` to see them).
  public static func rows(
    _ source: some CSVByteSource, file: String
  ) -> some Sequence<Result<TodoistCSVRow, CSVProblem>> {
    TodoistCSVReader(source, file: file).lazy.compactMap { entry -> Result<TodoistCSVRow, CSVProblem>? in
      switch entry {
      case .row(let row): .success(row)
      case .problem(let problem): .failure(problem)
      case .header, .meta, .blank: nil
      }
    }
  }

  /// Reads the export in `source`, calling `onRow` with each row or record error in file order.
  ///
  /// - Returns: the schema, the meta row and the counts; `fatal` is set when the file is empty,
  ///   its header is unreadable, or it is not a Todoist export (`onRow` is then not called).
  @discardableResult
  public static func read(
    _ source: some CSVByteSource, file: String, onRow: (Result<TodoistCSVRow, CSVProblem>) -> Void
  ) -> TodoistCSVSummary {
    var summary = TodoistCSVSummary()
    var reader = TodoistCSVReader(source, file: file)
    while let entry = reader.next() {
      switch entry {
      case .header(let schema):
        summary.schema = schema
        summary.warningCount += schema.warnings.count
      case .row(let row):
        summary.rowCount += 1
        summary.warningCount += row.warnings.count
        onRow(.success(row))
      case .meta(let meta): summary.meta = meta
      case .blank: summary.blankCount += 1
      case .problem(let problem):
        if problem.kind.isFatal {
          summary.fatal = problem
        } else {
          summary.errorCount += 1
          onRow(.failure(problem))
        }
      }
    }
    return summary
  }
}

/// What `TodoistCSVFile.read` found besides the rows.
public struct TodoistCSVSummary: Sendable, Hashable {
  /// The schema of the header; `nil` when the file has no readable Todoist header.
  public var schema: TodoistCSVSchema?
  /// The last `meta` row, if any.
  public var meta: TodoistCSVMeta?
  /// How many rows were read (tasks, sections, notes and unknown types).
  public var rowCount = 0
  /// How many blank separator rows were skipped.
  public var blankCount = 0
  /// How many records could not be read.
  public var errorCount = 0
  /// How many warnings the header and rows carry.
  public var warningCount = 0
  /// The problem that stopped the reading, if any.
  public var fatal: CSVProblem?

  /// An empty summary.
  public init() {}
}

/// Reads a Todoist CSV export entry by entry, mapping columns by header name.
///
/// The first non-blank record is the header (`TodoistCSVSchema`); a header with neither TYPE
/// nor CONTENT is a fatal `notTodoistExport` problem, and an empty file a fatal `emptyFile`
/// one, after which the reader ends. Then every record is a `row`, a `meta` row (TYPE `meta`,
/// any case), a `blank` separator, or a `problem` for a record that could not be read. Memory
/// stays that of one record, as with `CSVReader`.
///
/// ```swift
/// var reader = TodoistCSVReader(CSVMemorySource("TYPE,CONTENT\ntask,Buy milk\n"), file: "p.csv")
/// reader.next()  // .header: generation .nonstandard, TYPE at 0, CONTENT at 1
/// reader.next()  // .row: line 2, type "task", content "Buy milk"
/// ```
public struct TodoistCSVReader: IteratorProtocol, Sequence {
  /// The CSV records underneath.
  public private(set) var csv: CSVReader
  /// The schema, once the header has been read.
  public private(set) var schema: TodoistCSVSchema?
  /// The last `meta` row read.
  public private(set) var meta: TodoistCSVMeta?
  /// How many blank records (separator rows) have been read.
  public private(set) var blankCount = 0
  /// Whether the end of the file or a fatal problem has been reported.
  var done = false

  /// Reads the export in `source`, reporting problems against `file`.
  public init(_ source: some CSVByteSource, file: String) {
    csv = CSVReader(source, file: file)
  }

  /// The next entry, or `nil` at the end of the file or after a fatal problem.
  public mutating func next() -> TodoistCSVEntry? {
    while !done {
      guard let result = csv.next() else {
        done = true
        if schema == nil {
          return .problem(
            CSVProblem(
              file: csv.file, position: CSVPosition(line: 1, column: 1), recordLine: 1, kind: .emptyFile,
              message: "the file is empty: a Todoist export starts with a header such as TYPE,CONTENT,…"))
        }
        return nil
      }
      switch result {
      case .failure(let problem):
        guard schema == nil else { return .problem(problem) }
        done = true
        var fatal = problem
        fatal.kind = .unreadableHeader
        fatal.message = "the header cannot be read: \(problem.message)"
        return .problem(fatal)
      case .success(let record):
        if record.isBlank {
          blankCount += 1
          return .blank(line: record.line)
        }
        guard let schema else {
          switch TodoistCSVSchema.make(header: record, file: csv.file) {
          case .success(let schema):
            self.schema = schema
            return .header(schema)
          case .failure(let problem):
            done = true
            return .problem(problem)
          }
        }
        let row = TodoistCSVRow(record: record, schema: schema)
        if row.type.utf8.count == 4, row.type.lowercased() == "meta" {
          let meta = TodoistCSVMeta(row: row)
          self.meta = meta
          return .meta(meta)
        }
        return .row(row)
      }
    }
    return nil
  }
}

// libFuzzer target for the CSV reader and the Todoist schema mapping (built by Tests/Fuzz/run):
// any input must read without a crash or hang; every field, warning and error must sit at a
// line and column inside the input; the reader must consume every byte; and reading in small
// chunks must give exactly what reading the input whole gives. The rows then go through the
// importer: its summary must balance, every task and diagnostic must sit at a line of the
// input, and the import fails exactly when the reader reported a fatal problem.

/// Checks one fuzzer input; libFuzzer calls it.
@_cdecl("LLVMFuzzerTestOneInput")
public func csvReaderFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // The byte length of each line: a column (in scalars) never exceeds it by more than one.
  var lineLengths = [0]
  for byte in bytes {
    if byte == 0x0A { lineLengths.append(0) } else { lineLengths[lineLengths.count - 1] += 1 }
  }
  func check(_ position: CSVPosition, _ what: String) {
    precondition(position.line >= 1 && position.line <= lineLengths.count, "\(what): line \(position) out of the input")
    precondition(
      position.column >= 1 && position.column <= lineLengths[position.line - 1] + 1,
      "\(what): column \(position) out of line \(position.line)")
  }

  var whole = CSVReader(CSVMemorySource(bytes), file: "fuzz.csv")
  var read: [Result<CSVRecord, CSVProblem>] = []
  var lastLine = 0
  while let result = whole.next() {
    switch result {
    case .success(let record):
      precondition(record.line > lastLine, "records out of order")
      lastLine = record.line
      precondition(!record.fields.isEmpty, "a record without fields")
      for field in record.fields {
        check(field.position, "field")
        precondition(field.value.utf8.count <= CSVLimits.maximumFieldBytes, "a field over the cap")
      }
      for warning in record.warnings { check(warning.position, "warning") }
    case .failure(let problem):
      precondition(!problem.isWarning, "a warning reported as a failure")
      check(problem.position, "error")
      precondition(problem.recordLine > lastLine, "errors out of order")
      lastLine = problem.recordLine
    }
    read.append(result)
    precondition(read.count <= size + 1, "more records than bytes")
  }
  precondition(whole.bytesConsumed == size, "the reader left bytes unread")

  let chunk = size > 0 ? Int(bytes[0] % 13) + 1 : 1
  let chunked = Array(CSVReader(CSVMemorySource(bytes, chunkSize: chunk), file: "fuzz.csv"))
  precondition(chunked == read, "reading in chunks of \(chunk) differs from reading whole")

  var fatal = false
  for entry in TodoistCSVFile.entries(CSVMemorySource(bytes, chunkSize: 64), file: "fuzz.csv") {
    precondition(!fatal, "an entry after a fatal problem")
    switch entry {
    case .header(let schema):
      precondition(
        schema.index(of: .type) != nil || schema.index(of: .content) != nil, "a header without TYPE or CONTENT")
    case .row(let row):
      for column in TodoistCSVColumn.allCases {
        if let field = row.field(column) { check(field.position, "cell") }
        _ = row[column]
      }
      for extra in row.extra { check(extra.field.position, "extra cell") }
    case .meta(let meta): _ = meta.viewStyle
    case .blank(let line): precondition(line >= 1 && line <= lineLengths.count, "blank line out of the input")
    case .problem(let problem):
      check(problem.position, "problem")
      fatal = problem.kind.isFatal
    }
  }

  // 2026-11-30T15:00Z (10:00 in New York); no zone, so a date without TIMEZONE is floating.
  var importer = TodoistImporter(options: TodoistImporter.Options(instant: 1_796_050_800, zone: nil))
  var tasks = 0
  var failed = false
  func checkLine(_ line: Int, _ what: String) {
    precondition(line >= 1 && line <= lineLengths.count, "\(what): line \(line) out of the input")
  }
  do {
    try TodoistExport.importCSV(
      CSVMemorySource(bytes), file: "fuzz.csv", into: &importer,
      task: { task in
        tasks += 1
        checkLine(task.line, "task")
        for warning in task.warnings { checkLine(warning.line, "task warning \(warning.id)") }
      },
      report: { diagnostic in checkLine(diagnostic.line, "diagnostic \(diagnostic.id)") })
    precondition(!fatal, "the import went through a fatal problem of the reader")
  } catch {
    precondition(fatal, "the import failed without a fatal problem from the reader: \(error)")
    failed = true
  }
  let summary = importer.summary
  precondition(summary.balances, "the summary does not balance: \(summary)")
  // A fatal problem stops the import with its last task still waiting for notes.
  precondition(
    failed ? tasks <= summary.tasks : tasks == summary.tasks, "\(tasks) tasks handed on, the summary says \(summary)")
  return 0
}

import Foundation
import QuickAddParser
import RecurrenceCore
import TodoistImport

/// One `import todoist` run: reads each file, writes each task as it completes, collects the
/// diagnostics for standard error and shows progress on a terminal.
struct ImportRun {
  let context: Context
  let format: String
  /// Diagnostics and fatal errors for standard error.
  var errors = ""
  /// Whether a file could not be imported at all.
  var fatal = false
  /// Tasks written so far (for the progress line).
  var written = 0
  /// Whether standard error is a terminal (progress is shown only there).
  let terminal = isatty(2) == 1

  init(context: Context, format: String) {
    self.context = context
    self.format = format
  }

  /// Writes `text` to the `--out` file or standard output.
  func emit(_ text: String, _ writer: inout OutputWriter?, _ output: inout OutputWriter) {
    if writer != nil { writer?.write(text) } else { output.write(text) }
  }

  mutating func importFile(
    _ path: String, into importer: inout TodoistImporter, _ writer: inout OutputWriter?, _ output: inout OutputWriter
  ) throws(TodoistExport.Fatal) {
    // Each task is written as it completes, so memory does not grow with the file.
    let take: (ImportedTask) -> Void = { task in
      self.emit(self.render(task), &writer, &output)
      for d in task.warnings { self.errors += d.description + "\n" }
      self.written += 1
      if self.terminal, self.written % 10_000 == 0 {
        FileHandle.standardError.write(Data("\rimported \(self.written) tasks".utf8))
      }
    }
    let report: (ImportDiagnostic) -> Void = { self.errors += $0.description + "\n" }
    if path.lowercased().hasSuffix(".json") {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw TodoistExport.Fatal(description: "\(path):1:1: error: cannot read the file")
      }
      try TodoistExport.importJSON(data, file: path, into: &importer, task: take, report: report)
    } else {
      guard let source = CSVFileSource(path: path) else {
        throw TodoistExport.Fatal(description: "\(path):1:1: error: cannot read the file")
      }
      try TodoistExport.importCSV(source, file: path, into: &importer, task: take, report: report)
    }
  }

  /// Ends the progress line.
  func progressDone() {
    if terminal, written >= 10_000 { FileHandle.standardError.write(Data("\n".utf8)) }
  }

  /// One task as a JSON line or a CSV row.
  func render(_ task: ImportedTask) -> String {
    if format == "csv" { return ImportCSV.row(task) + "\n" }
    var out: [UInt8] = []
    ImportReport.appendJSON(task, context: context, to: &out)
    out.append(10)
    return String(decoding: out, as: UTF8.self)
  }
}

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
  /// Rendered due objects by zone and DATE text.
  var dues: [String: [UInt8]] = [:]
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
      for d in task.warnings { self.note(d) }
      self.written += 1
      if self.terminal, self.written % 10_000 == 0 {
        FileHandle.standardError.write(Data("\rimported \(self.written) tasks".utf8))
      }
    }
    let report: (ImportDiagnostic) -> Void = { self.note($0) }
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

  /// The most diagnostics listed one by one on standard error; the rest are counted by ID (each
  /// task's own are in its output either way).
  static let listed = 1_000

  /// Diagnostics past `listed`, by ID.
  var unlisted: [String: Int] = [:]
  var listedCount = 0

  /// Lists a diagnostic, or counts it once `listed` are shown.
  mutating func note(_ d: ImportDiagnostic) {
    if listedCount < Self.listed {
      errors += d.description + "\n"
      listedCount += 1
    } else {
      unlisted[d.id, default: 0] += 1
    }
  }

  /// `… and 87000 more diagnostics: IM213 × 80000, IM214 × 7000` (empty when all were listed).
  var unlistedLine: String {
    guard !unlisted.isEmpty else { return "" }
    let total = unlisted.values.reduce(0, +)
    let parts = unlisted.keys.sorted().map { "\($0) × \(unlisted[$0] ?? 0)" }
    return "… and \(total) more diagnostics (each in its task's warnings): " + parts.joined(separator: ", ") + "\n"
  }

  /// Ends the progress line.
  func progressDone() {
    if terminal, written >= 10_000 { FileHandle.standardError.write(Data("\n".utf8)) }
  }

  /// One task as a JSON line or a CSV row.
  mutating func render(_ task: ImportedTask) -> String {
    if format == "csv" { return ImportCSV.row(task) + "\n" }
    var out: [UInt8] = []
    ImportReport.appendJSON(task, context: context, dues: &dues, to: &out)
    out.append(10)
    return String(decoding: out, as: UTF8.self)
  }
}

import Foundation
import RecurrenceCore

/// Reads whole Todoist exports (a project CSV, or an API tasks array in JSON) through a
/// `TodoistImporter`, streaming: each task is handed on as soon as it is complete.
public enum TodoistExport {
  /// Why a file cannot be imported at all.
  public struct Fatal: Error, Sendable, Hashable, CustomStringConvertible {
    /// `file:line:col: error: …`.
    public var description: String

    /// Creates a fatal error.
    public init(description: String) { self.description = description }
  }

  /// Imports a CSV export from `source`, calling `task` for each task and `report` for each
  /// diagnostic of a row that became no task. Throws when the file is not a Todoist export.
  public static func importCSV(
    _ source: some CSVByteSource, file: String, into importer: inout TodoistImporter,
    task: (ImportedTask) -> Void, report: (ImportDiagnostic) -> Void
  ) throws(Fatal) {
    func hand(_ step: TodoistImporter.Step) {
      for t in step.tasks { task(t) }
      for d in step.diagnostics { report(d) }
    }
    for entry in TodoistCSVFile.entries(source, file: file) {
      switch entry {
      case .header(let schema):
        for w in schema.warnings {
          report(ImportDiagnostic(id: w.kind.id, message: w.message, file: file, line: w.line, column: w.column))
        }
      case .row(let row): hand(importer.add(TodoistItem(row, file: file)))
      case .meta, .blank: importer.separator()
      case .problem(let p):
        if p.kind.isFatal { throw Fatal(description: "\(p.description) [\(p.kind.id)]") }
        let d = ImportDiagnostic(
          id: p.kind.id, severity: p.isWarning ? .warning : .error, message: p.message + "; the row is not imported",
          file: file, line: p.line, column: p.column)
        hand(importer.unreadable(d))
      }
    }
    hand(importer.finish())
  }

  /// Imports an API tasks array (`[{…}, …]`, or `{"results": […]}`) from `data`.
  public static func importJSON(
    _ data: Data, file: String, into importer: inout TodoistImporter,
    task: (ImportedTask) -> Void, report: (ImportDiagnostic) -> Void
  ) throws(Fatal) {
    let items = try TodoistAPITasks.items(data, file: file)
    for item in items {
      let step = importer.add(item)
      for t in step.tasks { task(t) }
      for d in step.diagnostics { report(d) }
    }
    let step = importer.finish()
    for t in step.tasks { task(t) }
    for d in step.diagnostics { report(d) }
  }
}

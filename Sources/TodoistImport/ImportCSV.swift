import QuickAddParser
import RecurrenceCore

/// Imported tasks as CSV: our columns, the rule in one packed column, and every cell a
/// spreadsheet would run as a formula neutralised.
public enum ImportCSV {
  /// The columns, in order.
  public static let columns = [
    "id", "parent_id", "section", "title", "description", "priority", "labels", "due_string", "due_kind", "due",
    "rule", "duration", "deadline", "assignee", "author", "notes", "file", "line", "warnings", "extra",
  ]

  /// The header row.
  public static var header: String { columns.map(cell).joined(separator: ",") }

  /// A task's row (no line end).
  public static func row(_ t: ImportedTask) -> String {
    var due = ""
    var rule = ""
    var kind = ""
    if let reading = t.due?.reading {
      kind = reading.kind
      switch reading.value {
      case .date, .dateTime: due = reading.text
      case .rule(let r, let first):
        rule = r.packed
        due = first.map { TaskDue(value: .dateTime($0.local), range: SourceRange(0, 0)).text } ?? ""
      }
    }
    let values = [
      t.id, t.parentID ?? "", t.section ?? "", t.title, t.description ?? "", "\(t.priority)",
      t.labels.joined(separator: " "), t.due?.string ?? "", kind, due, rule, t.duration ?? "", t.deadline ?? "",
      t.assignee ?? "", t.author ?? "", t.notes.joined(separator: "\n"), t.file, "\(t.line)",
      t.warnings.map { "\($0.id) \($0.message)" }.joined(separator: "; "),
      t.extra.map { "\($0.name)=\($0.value)" }.joined(separator: "; "),
    ]
    return values.map(cell).joined(separator: ",")
  }

  /// One cell: a leading `=`, `+`, `-`, `@`, tab or CR gets a `'` in front (a spreadsheet would
  /// run it as a formula), then RFC 4180 quoting when the cell holds a comma, a quote or a line end.
  public static func cell(_ value: String) -> String {
    var v = value
    if let first = v.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { v = "'" + v }
    guard v.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return v }
    return "\"" + v.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}

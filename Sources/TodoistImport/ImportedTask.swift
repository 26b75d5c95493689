import QuickAddParser
import RecurrenceCore

/// A task of an export, imported: the output of `TodoistImporter`, one per task row.
public struct ImportedTask: Sendable, Hashable {
  /// A deterministic id derived from the file and the row, so a re-import gives the same ids.
  public var id: String
  /// The parent task's id (from INDENT, or the API's `parent_id`).
  public var parentID: String?
  /// The name of the section the task is in.
  public var section: String?
  /// The task name without its labels.
  public var title: String
  /// The description, or nil when empty.
  public var description: String?
  /// 1 (p1, most urgent) … 4 (p4, none).
  public var priority: Int
  /// The labels written in the name.
  public var labels: [String]
  /// The due date or rule; nil when the row has none.
  public var due: ImportedDue?
  /// The duration as ISO 8601 (`PT45M`, `P1D`), or nil.
  public var duration: String?
  /// The deadline (`YYYY-MM-DD`), or nil.
  public var deadline: String?
  /// The assignee's name (RESPONSIBLE without its id).
  public var assignee: String?
  /// The author's name (AUTHOR without its id).
  public var author: String?
  /// The notes (comments) of the task, in order.
  public var notes: [String] = []
  /// Where the task's row is.
  public var file: String
  /// The row's line.
  public var line: Int
  /// The row's problems and the assumptions made for it.
  public var warnings: [ImportDiagnostic] = []
  /// The unknown columns, by header name.
  public var extra: [TodoistExtraValue] = []
}

/// A task's due date: Todoist's string verbatim, and what it reads as (nil when it does not read).
public struct ImportedDue: Sendable, Hashable {
  /// The DATE text exactly as exported.
  public var string: String
  /// The reading, with the first due date chosen for a rule; nil when the string did not read.
  public var reading: TaskDue?
  /// The zone the dates are in (nil: floating).
  public var zone: Zone?
}

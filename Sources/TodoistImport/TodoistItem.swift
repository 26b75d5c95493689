import QuickAddParser
import RecurrenceCore

/// One row of a Todoist export, read from a CSV row or an API task: what the importer maps.
///
/// Every field is the text as the export gives it (an empty string when absent); the mapping to
/// a task, with its checks and assumptions, is the importer's.
public struct TodoistItem: Sendable, Hashable {
  /// The file the row is in.
  public var file: String
  /// The 1-based line where the row starts (for an API task, its 1-based place in the array).
  public var line: Int
  /// `task`, `section`, `note`, or anything else (reported).
  public var type: String
  /// The task name, section name or note text, with `@labels` inline.
  public var content: String = ""
  /// The task description.
  public var description: String = ""
  /// The priority in CSV numbering (1 = p1, the most urgent), as written; empty when not given.
  public var priority: String = ""
  /// The nesting level, 1 = top; empty when not given.
  public var indent: String = ""
  /// `name (id)`.
  public var author: String = ""
  /// `name (id)`.
  public var responsible: String = ""
  /// The due date as Todoist's own words (`every day`, `tomorrow at 5pm`, `4 Jan`).
  public var date: String = ""
  /// The language of `date` (`en`, `de`, …).
  public var dateLang: String = ""
  /// The task's zone (`US/Eastern`, an IANA name), empty for the importer's default.
  public var timezone: String = ""
  /// The duration amount.
  public var duration: String = ""
  /// `minute`, `day` or `None`.
  public var durationUnit: String = ""
  /// The deadline (a date).
  public var deadline: String = ""
  /// Labels given apart from the name (the API's `labels`; a CSV writes them in CONTENT).
  public var labels: [String] = []
  /// Columns the importer does not know, by header name, in file order.
  public var extra: [TodoistExtraValue] = []
  /// The API's id of the task (API JSON only).
  public var sourceID: String?
  /// The API's id of the parent task (API JSON only).
  public var parentSourceID: String?
  /// The API's section id (API JSON only; its name is not in a tasks array).
  public var sectionID: String?
  /// Warnings the reader already has for the row (a ragged row, a stray quote).
  public var warnings: [ImportDiagnostic] = []

  /// Creates an item.
  public init(file: String, line: Int, type: String) {
    self.file = file
    self.line = line
    self.type = type
  }
}

/// A value of a column the importer does not know, kept for the output.
public struct TodoistExtraValue: Sendable, Hashable {
  /// The column's header name.
  public var name: String
  /// The value.
  public var value: String

  /// Creates a value.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

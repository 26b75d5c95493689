/// One task, section or note row of a Todoist export, its cells named by column.
///
/// Every value is the cell's text as written (not trimmed, not validated): the mapper decides
/// what an unknown `type` or an odd `priority` means. A column the header lacks, and a cell
/// missing from a short (ragged) row, read as the empty string; `field(_:)` tells them apart.
public struct TodoistCSVRow: Sendable, Hashable {
  /// The 1-based line the row starts on.
  public var line: Int
  /// The known columns' cells, by `TodoistCSVColumn.slot`; `nil` when absent.
  var cells: [CSVField?]
  /// Cells of columns the schema does not know, in file order, by header name.
  ///
  /// Cells past the end of the header (a long ragged row) have an empty name.
  public var extra: [TodoistCSVExtraField]
  /// Whether the row has a different number of fields than the header.
  public var isRagged: Bool
  /// What the CSV reader accepted but found odd in this row.
  public var warnings: [CSVProblem]

  /// The row of `record` under `schema`.
  public init(record: CSVRecord, schema: TodoistCSVSchema) {
    line = record.line
    cells = schema.slots.map { i in i.flatMap { $0 < record.fields.count ? record.fields[$0] : nil } }
    extra = schema.extraColumns.compactMap { column in
      column.index < record.fields.count
        ? TodoistCSVExtraField(name: column.name, field: record.fields[column.index]) : nil
    }
    if record.fields.count > schema.header.count {
      for field in record.fields[schema.header.count...] { extra.append(TodoistCSVExtraField(name: "", field: field)) }
    }
    isRagged = record.isRagged
    warnings = record.warnings
  }

  /// The cell of `column`, with its position, or `nil` when the header or the row lacks it.
  public func field(_ column: TodoistCSVColumn) -> CSVField? { cells[column.slot] }

  /// The text of `column`'s cell; empty when the header or the row lacks it.
  public subscript(column: TodoistCSVColumn) -> String { cells[column.slot]?.value ?? "" }

  /// `TYPE`: `task`, `section`, `note`, or anything else as written.
  public var type: String { self[.type] }
  /// `CONTENT`: the task name, section name or note text.
  public var content: String { self[.content] }
  /// `DESCRIPTION`.
  public var description: String { self[.description] }
  /// `IS_COLLAPSED`, as written (`True`, `False`).
  public var isCollapsed: String { self[.isCollapsed] }
  /// `PRIORITY`, as written; empty means p1 in Todoist's import.
  public var priority: String { self[.priority] }
  /// `INDENT`, as written; empty means top level.
  public var indent: String { self[.indent] }
  /// `AUTHOR`.
  public var author: String { self[.author] }
  /// `RESPONSIBLE`.
  public var responsible: String { self[.responsible] }
  /// `DATE` (or `DUE_DATE`): the due string.
  public var date: String { self[.date] }
  /// `DATE_LANG` (or `DUE_DATE_LANG`).
  public var dateLang: String { self[.dateLang] }
  /// `TIMEZONE`.
  public var timezone: String { self[.timezone] }
  /// `DURATION`.
  public var duration: String { self[.duration] }
  /// `DURATION_UNIT` (or `DURATION UNIT`).
  public var durationUnit: String { self[.durationUnit] }
  /// `DEADLINE`.
  public var deadline: String { self[.deadline] }
  /// `DEADLINE_LANG`.
  public var deadlineLang: String { self[.deadlineLang] }
}

/// A cell of a column the schema does not know, kept with its header name.
public struct TodoistCSVExtraField: Sendable, Hashable {
  /// The header cell naming the column; empty for a cell past the end of the header.
  public var name: String
  /// The cell.
  public var field: CSVField

  /// Creates an extra cell.
  public init(name: String, field: CSVField) {
    self.name = name
    self.field = field
  }

  /// The cell's text.
  public var value: String { field.value }
}

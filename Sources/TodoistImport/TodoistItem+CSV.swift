extension TodoistItem {
  /// The item of a CSV row of `file`.
  public init(_ row: TodoistCSVRow, file: String) {
    self.init(file: file, line: row.line, type: ImportText.trimmed(row.type))
    content = row.content
    description = row.description
    priority = row.priority
    indent = row.indent
    author = row.author
    responsible = row.responsible
    date = row.date
    dateLang = row.dateLang
    timezone = row.timezone
    duration = row.duration
    durationUnit = row.durationUnit
    deadline = row.deadline
    for e in row.extra {
      extra.append(
        TodoistExtraValue(name: e.name.isEmpty ? "column \(e.field.position.column)" : e.name, value: e.value))
    }
    for w in row.warnings {
      warnings.append(ImportDiagnostic(id: w.kind.id, message: w.message, file: file, line: w.line, column: w.column))
    }
    if row.isRagged {
      warnings.append(
        ImportDiagnostic(
          id: "IM215", message: "the row has a different number of cells than the header; missing cells are empty",
          file: file, line: row.line))
    }
  }
}

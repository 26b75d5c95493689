/// How a Todoist export's header maps to columns: which known column is in which field, which
/// fields are extra, and which header generation the file has.
public struct TodoistCSVSchema: Sendable, Hashable {
  /// The 1-based line of the header record.
  public var line: Int
  /// The header cells as written, in file order.
  public var header: [String]
  /// The header generation, read from the columns present.
  public var generation: TodoistCSVGeneration
  /// The field index of each known column present (the first, when one is named twice).
  public var indices: [TodoistCSVColumn: Int]
  /// The header cells the schema does not know (and repeats of known ones), in file order:
  /// their values are carried to each row's `extra`.
  public var extraColumns: [TodoistCSVExtraColumn]
  /// What is odd about the header but does not stop the reading, such as a column named twice.
  public var warnings: [CSVProblem]

  /// The known columns present, in file order.
  public var columns: [TodoistCSVColumn] {
    indices.sorted { $0.value < $1.value }.map(\.key)
  }

  /// The known columns of the header's generation that the header lacks.
  public var missingColumns: [TodoistCSVColumn] {
    generation.standardColumns.filter { indices[$0] == nil }
  }

  /// The field index of `column`, or `nil` when the header lacks it.
  public func index(of column: TodoistCSVColumn) -> Int? { indices[column] }

  /// The header cell naming `column` as written (`DUE_DATE`, `duration unit` …), or `nil`.
  public func headerName(of column: TodoistCSVColumn) -> String? { indices[column].map { header[$0] } }

  /// Field indices by column slot, for mapping rows without hashing.
  var slots: [Int?]

  /// The schema of a header record, or a fatal problem when it is not a Todoist header.
  ///
  /// - Returns: `.failure` with `CSVProblem.Kind.notTodoistExport` when the header has neither
  ///   a `TYPE` nor a `CONTENT` column.
  public static func make(header record: CSVRecord, file: String) -> Result<TodoistCSVSchema, CSVProblem> {
    var indices: [TodoistCSVColumn: Int] = [:]
    var extra: [TodoistCSVExtraColumn] = []
    var warnings: [CSVProblem] = []
    for (i, field) in record.fields.enumerated() {
      let name = field.value
      if let column = TodoistCSVColumn(headerName: name), indices[column] == nil {
        indices[column] = i
        continue
      }
      if let column = TodoistCSVColumn(headerName: name), let first = indices[column] {
        warnings.append(
          CSVProblem(
            file: file, position: field.position, recordLine: record.line, kind: .duplicateColumn,
            message:
              "column '\(name)' repeats '\(record.fields[first].value)' (\(column)); its values are kept as an extra column"
          ))
      }
      extra.append(TodoistCSVExtraColumn(name: name, index: i))
    }
    guard indices[.type] != nil || indices[.content] != nil else {
      let start = record.fields.first?.position ?? CSVPosition(line: record.line, column: 1)
      return .failure(
        CSVProblem(
          file: file, position: start, recordLine: record.line, kind: .notTodoistExport,
          message: "not a Todoist export: the header has neither a TYPE nor a CONTENT column"))
    }
    var slots = [Int?](repeating: nil, count: TodoistCSVColumn.allCases.count)
    for (column, i) in indices { slots[column.slot] = i }
    return .success(
      TodoistCSVSchema(
        line: record.line, header: record.values, generation: .of(Set(indices.keys)), indices: indices,
        extraColumns: extra, warnings: warnings, slots: slots))
  }
}

/// A header cell the schema does not know, and the field index it names.
public struct TodoistCSVExtraColumn: Sendable, Hashable {
  /// The header cell as written.
  public var name: String
  /// The 0-based field index.
  public var index: Int

  /// Creates an extra column.
  public init(name: String, index: Int) {
    self.name = name
    self.index = index
  }
}

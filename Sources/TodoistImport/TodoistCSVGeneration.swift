/// Which generation of Todoist's CSV header a file has (section d.1 of the format notes).
///
/// The generation is read from the columns present, not their order: columns are always
/// mapped by name.
public enum TodoistCSVGeneration: String, Sendable, Hashable, CaseIterable {
  /// The 2017 nine columns: `TYPE,CONTENT,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE`.
  case original2017
  /// The later form with `DESCRIPTION`, and possibly `DURATION`, `DURATION_UNIT`, `DEADLINE`
  /// and `DEADLINE_LANG`.
  case withDescription
  /// The newest form with `IS_COLLAPSED`, usually followed by a `meta,view_style=…` row.
  case withCollapsed
  /// A header with `TYPE` or `CONTENT` that matches none of the above (columns missing).
  case nonstandard

  /// The columns of each generation's header, in Todoist's order (`nonstandard` has none).
  public var standardColumns: [TodoistCSVColumn] {
    switch self {
    case .original2017:
      [.type, .content, .priority, .indent, .author, .responsible, .date, .dateLang, .timezone]
    case .withDescription:
      [
        .type, .content, .description, .priority, .indent, .author, .responsible, .date, .dateLang, .timezone,
        .duration, .durationUnit, .deadline, .deadlineLang,
      ]
    case .withCollapsed:
      [
        .type, .content, .description, .isCollapsed, .priority, .indent, .author, .responsible, .date, .dateLang,
        .timezone, .duration, .durationUnit, .deadline, .deadlineLang,
      ]
    case .nonstandard: []
    }
  }

  /// The generation of a header holding `columns`.
  static func of(_ columns: Set<TodoistCSVColumn>) -> TodoistCSVGeneration {
    if columns.contains(.isCollapsed) { return .withCollapsed }
    let later: Set<TodoistCSVColumn> = [.description, .duration, .durationUnit, .deadline, .deadlineLang]
    if !columns.isDisjoint(with: later) { return .withDescription }
    if Set(TodoistCSVGeneration.original2017.standardColumns).isSubset(of: columns) { return .original2017 }
    return .nonstandard
  }
}

/// A column of a Todoist CSV export that the schema knows by name (section d.1 of the format
/// notes).
public enum TodoistCSVColumn: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// `TYPE`: `task`, `section`, `note` or `meta`.
  case type = "TYPE"
  /// `CONTENT`: the task name, section name or note text.
  case content = "CONTENT"
  /// `DESCRIPTION`: the task description.
  case description = "DESCRIPTION"
  /// `IS_COLLAPSED`: `True` or `False` (newest exports).
  case isCollapsed = "IS_COLLAPSED"
  /// `PRIORITY`: 1 (p1, most urgent) to 4; empty means p1.
  case priority = "PRIORITY"
  /// `INDENT`: 1 (top level) to 4; empty means 1.
  case indent = "INDENT"
  /// `AUTHOR`: `name (ID)`; empty means the importing user.
  case author = "AUTHOR"
  /// `RESPONSIBLE`: `name (ID)`; empty means nobody.
  case responsible = "RESPONSIBLE"
  /// `DATE` (or `DUE_DATE`): the due string, such as `every day`.
  case date = "DATE"
  /// `DATE_LANG` (or `DUE_DATE_LANG`): the language of `DATE`.
  case dateLang = "DATE_LANG"
  /// `TIMEZONE`: a zone name such as `US/Eastern`; empty means auto-detect.
  case timezone = "TIMEZONE"
  /// `DURATION`: a number of `DURATION_UNIT`s.
  case duration = "DURATION"
  /// `DURATION_UNIT` (or `DURATION UNIT`): `minute`, `day` or `None`.
  case durationUnit = "DURATION_UNIT"
  /// `DEADLINE`: the deadline's date string.
  case deadline = "DEADLINE"
  /// `DEADLINE_LANG`: the language of `DEADLINE`.
  case deadlineLang = "DEADLINE_LANG"

  /// The header name as Todoist writes it today.
  public var description: String { rawValue }

  /// The column's place in `allCases`, for per-row storage.
  var slot: Int {
    switch self {
    case .type: 0
    case .content: 1
    case .description: 2
    case .isCollapsed: 3
    case .priority: 4
    case .indent: 5
    case .author: 6
    case .responsible: 7
    case .date: 8
    case .dateLang: 9
    case .timezone: 10
    case .duration: 11
    case .durationUnit: 12
    case .deadline: 13
    case .deadlineLang: 14
    }
  }

  /// The column a header cell names, or `nil` for a column the schema does not know.
  ///
  /// Names are trimmed and matched without regard to case, with inner spaces read as
  /// underscores (`DURATION UNIT`); `DUE_DATE` and `DUE_DATE_LANG` are the older names of
  /// `DATE` and `DATE_LANG`.
  public init?(headerName: String) {
    let name = Self.normalized(headerName)
    if let column = TodoistCSVColumn(rawValue: name) {
      self = column
    } else if name == "DUE_DATE" {
      self = .date
    } else if name == "DUE_DATE_LANG" {
      self = .dateLang
    } else {
      return nil
    }
  }

  /// A header name trimmed, upper-cased, with runs of inner blanks as one underscore.
  static func normalized(_ name: String) -> String {
    name.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: "_").uppercased()
  }
}

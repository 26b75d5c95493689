/// The `meta` row of a newest-generation export, such as `meta,view_style=board`.
public struct TodoistCSVMeta: Sendable, Hashable {
  /// The 1-based line of the row.
  public var line: Int
  /// The `key=value` settings of the row's CONTENT cell, in order (a setting without `=` has
  /// an empty value); keys are trimmed and lower-cased, values trimmed.
  public var settings: [Setting]

  /// The project's view style: the `view_style` setting, or `nil` when the row has none.
  public var viewStyle: TodoistViewStyle? {
    settings.first { $0.key == "view_style" }.map { TodoistViewStyle(rawValue: $0.value) }
  }

  /// One `key=value` setting.
  public struct Setting: Sendable, Hashable {
    /// The key, lower-cased.
    public var key: String
    /// The value as written, trimmed.
    public var value: String

    /// Creates a setting.
    public init(key: String, value: String) {
      self.key = key
      self.value = value
    }
  }

  /// Creates a meta row.
  public init(line: Int, settings: [Setting]) {
    self.line = line
    self.settings = settings
  }

  /// The meta row of `row`: its CONTENT cell read as `key=value` settings separated by `;`.
  init(row: TodoistCSVRow) {
    let settings = row.content.split(separator: ";").compactMap { part -> Setting? in
      let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let key = pieces[0].trimmingBlanks().lowercased()
      guard !key.isEmpty else { return nil }
      return Setting(key: key, value: pieces.count > 1 ? pieces[1].trimmingBlanks() : "")
    }
    self.init(line: row.line, settings: settings)
  }
}

/// How a project is shown: as a list or as a board of sections.
public enum TodoistViewStyle: Sendable, Hashable, RawRepresentable {
  /// `list`.
  case list
  /// `board`.
  case board
  /// Any other value, as written.
  case other(String)

  /// The style a `view_style` value names (case-insensitive).
  public init(rawValue: String) {
    switch rawValue.lowercased() {
    case "list": self = .list
    case "board": self = .board
    default: self = .other(rawValue)
    }
  }

  /// The value as Todoist writes it.
  public var rawValue: String {
    switch self {
    case .list: "list"
    case .board: "board"
    case .other(let value): value
    }
  }
}

/// Trimming for the meta row's settings.
extension Substring {
  /// The text without spaces and tabs at either end.
  func trimmingBlanks() -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    return String(drop(while: blank).reversed().drop(while: blank).reversed())
  }
}

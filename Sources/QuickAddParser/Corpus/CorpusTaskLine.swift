import RecurrenceCore

/// The corpus notation of a task line's reading (`Corpus/en/quickadd/`):
/// `title "Pay rent" | due R1;FREQ=MONTHLY | project "Home" | labels "bills" | priority 1`.
///
/// Fields come in a fixed order and each is left out when it has its default (no due date,
/// priority 4, no labels …); `title` is always there. Strings are quoted, with `\"` and `\\`.
public enum CorpusTaskLine {
  /// The field names, in the order they are written.
  public static let fieldOrder = [
    "title", "due", "project", "section", "labels", "priority", "assignee", "deadline", "description", "duration",
    "reminders", "uncompletable", "warnings",
  ]

  /// Whether a corpus file holds task lines rather than phrases: it is in a `quickadd` folder.
  ///
  /// It is asked for every case line, so it compares bytes (a substring search on `String`
  /// goes through Foundation on Linux and cost more than reading the line).
  public static func holdsTaskLines(_ file: String) -> Bool {
    let folder = "quickadd/".utf8
    let bytes = file.utf8
    if bytes.starts(with: folder) { return true }
    var i = bytes.startIndex
    while i != bytes.endIndex {
      if bytes[i] == UInt8(ascii: "/"), bytes[bytes.index(after: i)...].starts(with: folder) { return true }
      i = bytes.index(after: i)
    }
    return false
  }

  /// The reading of a whole line in the notation.
  public static func render(_ r: TaskLine) -> String {
    var fields = ["title \(quote(r.title))"]
    if let due = r.due {
      switch due.value {
      case .date(let d): fields.append("due \(d)")
      case .dateTime: fields.append("due \(due.text)")
      case .rule(let rule, _): fields.append("due \(rule.packed)")
      }
    }
    if let p = r.project { fields.append("project \(quote(p))") }
    if let s = r.section { fields.append("section \(quote(s))") }
    if !r.labels.isEmpty { fields.append("labels " + r.labels.map(quote).joined(separator: " ")) }
    if r.priority != 4 { fields.append("priority \(r.priority)") }
    if let a = r.assignee { fields.append("assignee \(quote(a))") }
    if let d = r.deadline { fields.append("deadline \(d)") }
    if let d = r.description { fields.append("description \(quote(d))") }
    if let d = r.durationISO8601 { fields.append("duration \(d)") }
    if !r.reminders.isEmpty { fields.append("reminders " + r.reminders.map { quote($0.text) }.joined(separator: " ")) }
    if r.uncompletable { fields.append("uncompletable") }
    let ids = Set(r.diagnostics.map(\.id)).sorted()
    if !ids.isEmpty { fields.append("warnings " + ids.joined(separator: " ")) }
    return fields.joined(separator: " | ")
  }

  /// The expectation of a negative line: the line itself as the title, nothing else.
  public static func negative(_ line: String) -> String {
    "title " + quote(line.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
  }

  /// `text` in double quotes, with `"` and `\` escaped.
  static func quote(_ text: String) -> String {
    var out = "\""
    for c in text.unicodeScalars {
      if c == "\"" || c == "\\" { out.unicodeScalars.append("\\") }
      out.unicodeScalars.append(c)
    }
    return out + "\""
  }

  /// The fields of an expectation, by name (warning IDs sorted), or why it does not read.
  public static func fields(_ text: String) -> Result<[String: String], CorpusTaskLineError> {
    var out: [String: String] = [:]
    var last = -1
    for part in split(text) {
      let trimmed = part.trimmingSpaces
      let name = String(trimmed.prefix { !$0.isWhitespace })
      guard let position = fieldOrder.firstIndex(of: name) else {
        return .failure(
          CorpusTaskLineError(message: "unknown field '\(name)' (fields: \(fieldOrder.joined(separator: ", ")))"))
      }
      guard position > last else {
        return .failure(
          CorpusTaskLineError(
            message: "'\(name)' is out of order or repeated (order: \(fieldOrder.joined(separator: ", ")))"))
      }
      last = position
      var value = String(trimmed.dropFirst(name.count)).trimmingSpaces
      if name == "warnings" {
        value = value.split(separator: " ").map(String.init).sorted().joined(separator: " ")
      }
      out[name] = value
    }
    guard out["title"] != nil else { return .failure(CorpusTaskLineError(message: "no 'title \"…\"' field")) }
    return .success(out)
  }

  /// `text` split at ` | ` outside quotes.
  static func split(_ text: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var inQuote = false
    var escaped = false
    for c in text {
      if escaped {
        escaped = false
      } else if c == "\\" {
        escaped = inQuote
      } else if c == "\"" {
        inQuote.toggle()
      } else if c == "|", !inQuote {
        parts.append(current)
        current = ""
        continue
      }
      current.append(c)
    }
    parts.append(current)
    return parts
  }

  /// Nil when `actual` (rendered) meets `expected`; otherwise the fields that differ.
  static func judge(expected: String, actual: String) -> String? {
    guard case .success(let want) = fields(expected), case .success(let got) = fields(actual) else {
      return "expected \(expected), got \(actual)"
    }
    var differences: [String] = []
    for name in fieldOrder where want[name] != got[name] {
      differences.append("\(name): expected \(want[name] ?? "none"), got \(got[name] ?? "none")")
    }
    return differences.isEmpty ? nil : differences.joined(separator: "; ")
  }
}

/// A task-line expectation that does not read.
public struct CorpusTaskLineError: Error, Sendable, Hashable {
  /// What is wrong.
  public var message: String
}

extension String {
  /// The string without spaces at either end.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}

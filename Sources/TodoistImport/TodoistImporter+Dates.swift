import Foundation
import QuickAddParser
import RecurrenceCore

/// A DATE string read once: its reading, or why it has none.
struct DateReading {
  var due: TaskDue?
  /// Nil when it read; else the message of the error for the row.
  var failure: String?
  /// Whether it is a single date read against the reference date (no year written).
  var relative: Bool
}

extension TodoistImporter {
  /// Languages whose dates are read (Todoist's codes); any other is reported, never guessed.
  static let readLanguages: Set<String> = ["", "en"]

  /// The due date: DATE read with the task-line grammar in Todoist's dialect, the string kept.
  mutating func due(_ item: TodoistItem, zone: Zone?, _ warnings: inout [ImportDiagnostic]) -> ImportedDue? {
    let string = item.date
    let text = string.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { return nil }
    let language = item.dateLang.trimmingCharacters(in: .whitespaces).lowercased()
    guard Self.readLanguages.contains(language) else {
      warnings.append(
        diagnostic(
          "IM211", item,
          "DATE_LANG '\(item.dateLang)' is not read yet (English only); DATE '\(text)' is kept as written, with no due date"
        ))
      return ImportedDue(string: string, reading: nil, zone: zone)
    }
    let key = DateKey(string: text, zone: zone?.identifier)
    let reading: DateReading
    if let known = readings[key] {
      reading = known
    } else {
      reading = read(text, zone: zone)
      if readings.count > 50_000 { readings.removeAll(keepingCapacity: true) }
      readings[key] = reading
    }
    if let failure = reading.failure {
      warnings.append(diagnostic("IM212", item, failure, severity: .error))
      return ImportedDue(string: string, reading: nil, zone: zone)
    }
    if case .rule(_, let first)? = reading.due?.value {
      let shown = first.map { TaskDue(value: .dateTime($0.local), range: SourceRange(0, 0)).text } ?? "none"
      warnings.append(
        diagnostic(
          "IM213", item,
          "a recurring date loses its start date in an export; the first due date on or after the import's reference is chosen: \(shown)"
        ))
    } else if reading.relative {
      let reference = lineOptions(zone).now.date
      warnings.append(
        diagnostic(
          "IM214", item,
          "'\(text)' names no year; it is read against the import's reference date \(reference) (the export's own date is not in the file)"
        ))
    }
    return ImportedDue(string: string, reading: reading.due, zone: zone)
  }

  /// Reads a DATE string: the whole string must be one date phrase.
  func read(_ text: String, zone: Zone?) -> DateReading {
    let line = TaskLineParser.parse(text, options: lineOptions(zone))
    if let error = line.diagnostics.first(where: { $0.severity == .error }) {
      return DateReading(
        due: nil, failure: "DATE '\(text)' does not read: \(error.message); kept as written", relative: false)
    }
    guard let due = line.due, line.title.isEmpty else {
      let rest = line.title.isEmpty ? "" : " ('\(line.title)' is left over)"
      return DateReading(
        due: nil, failure: "DATE '\(text)' is not one date or rule\(rest); kept as written", relative: false)
    }
    var relative = false
    if case .rule = due.value {
      relative = false
    } else {
      // A single date is relative unless it writes its year (an ISO date, 1/27/2026, jan 27 2026).
      relative = !text.unicodeScalars.contains { $0 == "-" } && Self.fourDigits(text) == nil
    }
    return DateReading(due: due, failure: nil, relative: relative)
  }

  /// The first run of four digits in `text`, if any.
  static func fourDigits(_ text: String) -> Int? {
    var run = 0
    var value = 0
    for c in text.utf8 {
      if c >= 48, c <= 57 {
        run += 1
        value = value * 10 + Int(c - 48)
        if run == 4 { return value }
      } else {
        run = 0
        value = 0
      }
    }
    return nil
  }

  /// A deterministic id for the row at `line` of `file`: a UUID from a SHA-256 of both.
  public static func id(file: String, line: Int) -> String {
    let d = SHA256.digest(Array("quickadd-import-v1\n\(file)\n\(line)".utf8))
    let uuid = UUID(
      uuid: (
        d[0], d[1], d[2], d[3], d[4], d[5], 0x50 | (d[6] & 0x0F), d[7], 0x80 | (d[8] & 0x3F), d[9], d[10], d[11],
        d[12], d[13], d[14], d[15]
      ))
    return uuid.uuidString.lowercased()
  }
}

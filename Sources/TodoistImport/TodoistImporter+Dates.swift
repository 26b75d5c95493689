import Foundation
import QuickAddParser
import RecurrenceCore

/// A DATE string read once: its reading, or why it has none.
struct DateReading {
  var due: TaskDue?
  /// Nil when it read; else the message of the error for the row.
  var failure: String?
  /// The warning every task with this date gets: the first due date chosen for a rule, or the
  /// reference a date without its year was read against.
  var note: (id: String, message: String)?
}

extension TodoistImporter {
  /// Languages whose dates are read (Todoist's codes); any other is reported, never guessed.
  static let readLanguages: Set<String> = ["", "en"]

  /// The due date: DATE read with the task-line grammar in Todoist's dialect, the string kept.
  mutating func due(_ item: TodoistItem, zone: Zone?, _ warnings: inout [ImportDiagnostic]) -> ImportedDue? {
    let string = item.date
    let text = ImportText.trimmed(string)
    guard !text.isEmpty else { return nil }
    let language = ImportText.lowerASCII(ImportText.trimmed(item.dateLang))
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
    if let note = reading.note { warnings.append(diagnostic(note.id, item, note.message)) }
    return ImportedDue(string: string, reading: reading.due, zone: zone)
  }

  /// Reads a DATE string: the whole string must be one date phrase.
  func read(_ text: String, zone: Zone?) -> DateReading {
    let line = TaskLineParser.parse(text, options: lineOptions(zone))
    if let error = line.diagnostics.first(where: { $0.severity == .error }) {
      return DateReading(
        due: nil, failure: "DATE '\(text)' does not read: \(error.message); kept as written", note: nil)
    }
    guard let due = line.due, line.title.isEmpty else {
      let rest = line.title.isEmpty ? "" : " ('\(line.title)' is left over)"
      return DateReading(
        due: nil, failure: "DATE '\(text)' is not one date or rule\(rest); kept as written", note: nil)
    }
    var note: (id: String, message: String)?
    if case .rule(_, let first) = due.value {
      let shown = first.map { TaskDue(value: .dateTime($0.local), range: SourceRange(0, 0)).text } ?? "none"
      note = (
        "IM213",
        "a recurring date loses its start date in an export; the first due date from the import's reference (today counts for a rule with no time) is chosen: \(shown)"
      )
    } else if !text.unicodeScalars.contains(where: { $0 == "-" }), Self.fourDigits(text) == nil {
      // A single date without its year (an ISO date, 1/27/2026 or jan 27 2026 has one) is read
      // against the reference date.
      let reference = lineOptions(zone).now.date
      note = (
        "IM214",
        "'\(text)' names no year; it is read against the import's reference date \(reference) (the export's own date is not in the file)"
      )
    }
    return DateReading(due: due, failure: nil, note: note)
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

  /// A deterministic id for the row at `line` of `file`: a UUID (version 5 layout) from a
  /// 128-bit digest of both, the same on every run.
  public static func id(file: String, line: Int) -> String {
    var input = Array("quickadd-import-v1\n".utf8)
    input.append(contentsOf: file.utf8)
    input.append(10)
    var digits: [UInt8] = []
    var n = line
    repeat {
      digits.append(UInt8(48 + n % 10))
      n /= 10
    } while n > 0
    input.append(contentsOf: digits.reversed())
    var bytes = ImportText.digest(input)
    bytes[6] = 0x50 | (bytes[6] & 0x0F)
    bytes[8] = 0x80 | (bytes[8] & 0x3F)
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(36)
    for (k, byte) in bytes.enumerated() {
      if k == 4 || k == 6 || k == 8 || k == 10 { out.append(45) }
      out.append(hex[Int(byte >> 4)])
      out.append(hex[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}

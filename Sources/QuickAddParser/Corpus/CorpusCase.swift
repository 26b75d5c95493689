import RecurrenceCore

/// One line of a corpus file: a phrase and what it must read as.
///
/// Line forms (see `Corpus/README.md`):
/// - `phrase => R1;FREQ=…` the phrase reads as that packed rule, with no warning;
/// - `? phrase => R1;FREQ=…` the same, and at least one warning must be given;
/// - `* phrase => QA104 @6..11` the phrase is an error with that ID and range;
/// - `! phrase` the phrase must not read as a recurrence (a task title, a one-off date);
/// - a line without `=>` takes the expectation of the last `@expect` line.
public struct CorpusCase: Sendable, Hashable, CustomStringConvertible {
  /// What the line expects.
  public enum Expectation: Sendable, Hashable {
    /// A rule (its packed text), with or without warnings.
    case rule(String, warns: Bool)
    /// An error with an ID and, when given, a range.
    case error(String, SourceRange?)
    /// No recurrence at all.
    case negative
  }

  /// The file the case is in.
  public var file: String
  /// The 1-based line number.
  public var line: Int
  /// The phrase.
  public var phrase: String
  /// The expectation.
  public var expected: Expectation
  /// The reference date-time of the file.
  public var reference: LocalDateTime
  /// Whether the expectation was written on the line (not inherited from `@expect`).
  public var explicit: Bool

  /// `file:line`.
  public var description: String { "\(file):\(line)" }
}

/// Reads corpus files.
public enum CorpusReader {
  /// The cases of one file's text, or an error message with its line.
  public static func cases(in text: String, file: String) throws(CorpusFormatError) -> [CorpusCase] {
    var reference = LocalDateTime(year: 2026, month: 11, day: 30, hour: 10)
    var inherited: CorpusCase.Expectation?
    var out: [CorpusCase] = []
    for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let lineNumber = number + 1
      let line = raw.trimmingCharacters(in: " \t\r")
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("@reference") {
        let value = line.dropFirst("@reference".count).trimmingCharacters(in: " \t")
        guard let parsed = parseReference(value) else {
          throw CorpusFormatError(file: file, line: lineNumber, message: "bad @reference '\(value)'")
        }
        reference = parsed
        continue
      }
      if line.hasPrefix("@expect") {
        let value = line.dropFirst("@expect".count).trimmingCharacters(in: " \t")
        inherited = .rule(value, warns: false)
        continue
      }
      if line.hasPrefix("@") {
        continue  // other directives (@timezone, @locale) are informational
      }
      var body = Substring(line)
      var marker: Character?
      if let first = body.first, "?*!".contains(first), body.dropFirst().first == " " {
        marker = first
        body = body.dropFirst(2)
      }
      var phrase = String(body).trimmingCharacters(in: " \t")
      var expectationText: String?
      if let arrow = body.range(of: " => ") {
        phrase = String(body[..<arrow.lowerBound]).trimmingCharacters(in: " \t")
        expectationText = String(body[arrow.upperBound...]).trimmingCharacters(in: " \t")
      }
      let expectation: CorpusCase.Expectation
      switch marker {
      case "!":
        expectation = .negative
      case "*":
        guard let text = expectationText else {
          throw CorpusFormatError(file: file, line: lineNumber, message: "an error line needs '=> QAnnn @a..b'")
        }
        let parts = text.split(separator: " ")
        var range: SourceRange?
        if parts.count > 1, parts[1].hasPrefix("@") {
          let bounds = parts[1].dropFirst().split(separator: ".", omittingEmptySubsequences: true).compactMap {
            Int($0)
          }
          if bounds.count == 2 { range = SourceRange(bounds[0], bounds[1]) }
        }
        expectation = .error(String(parts.first ?? ""), range)
      default:
        if let text = expectationText {
          expectation = .rule(text, warns: marker == "?")
        } else if case .rule(let packed, _) = inherited {
          expectation = .rule(packed, warns: marker == "?")
        } else {
          throw CorpusFormatError(file: file, line: lineNumber, message: "no expectation and no @expect before it")
        }
      }
      out.append(
        CorpusCase(
          file: file, line: lineNumber, phrase: phrase, expected: expectation, reference: reference,
          explicit: expectationText != nil || marker == "!"))
    }
    return out
  }

  static func parseReference(_ text: String) -> LocalDateTime? {
    guard let (local, offset) = LocalDateTime.parseISO8601(text), offset == nil else { return nil }
    return local
  }

}

/// A malformed corpus line.
public struct CorpusFormatError: Error, Sendable, CustomStringConvertible {
  /// The file.
  public var file: String
  /// The 1-based line.
  public var line: Int
  /// What is wrong.
  public var message: String
  /// `file:line: message`.
  public var description: String { "\(file):\(line): \(message)" }
}

extension StringProtocol {
  func trimmingCharacters(in set: String) -> String {
    var s = Substring(self)
    while let f = s.first, set.contains(f) { s = s.dropFirst() }
    while let l = s.last, set.contains(l) { s = s.dropLast() }
    return String(s)
  }
}

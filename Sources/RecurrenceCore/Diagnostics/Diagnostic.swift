/// A half-open range of `Character` offsets into the text a diagnostic speaks of.
public struct SourceRange: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The first character's offset.
  public var lowerBound: Int
  /// One past the last character's offset (equal to `lowerBound` for a point).
  public var upperBound: Int

  /// Creates a range; `upperBound` is raised to `lowerBound` if below it.
  public init(_ lowerBound: Int, _ upperBound: Int) {
    self.lowerBound = lowerBound
    self.upperBound = max(lowerBound, upperBound)
  }

  /// `lower..upper`, as the corpus writes ranges.
  public var description: String { "\(lowerBound)..\(upperBound)" }
}

/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Codable {
  /// The input was rejected.
  case error
  /// The input was accepted, but a reading was chosen that the user should know about.
  case warning
}

/// A message about the user's text, with a stable ID and the range it concerns.
///
/// IDs are permanent and never reused: `RR1xx` for RFC 5545 RRULE text, `PK1xx` for the packed
/// codec, `QA1xx` for phrases.
public struct Diagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The stable ID, for example `RR102`.
  public var id: String
  /// Error or warning.
  public var severity: Severity
  /// The message: lower-case, the offending text in single quotes, a fix where one is known.
  public var message: String
  /// The characters concerned.
  public var range: SourceRange

  /// Creates a diagnostic.
  public init(id: String, severity: Severity = .error, message: String, range: SourceRange) {
    self.id = id
    self.severity = severity
    self.message = message
    self.range = range
  }

  /// `error[RR102]: message`.
  public var description: String { "\(severity.rawValue)[\(id)]: \(message)" }

  /// The diagnostic with the input and a caret line under its range:
  ///
  /// ```
  /// error[RR102]: unknown weekday 'XX'
  ///   FREQ=WEEKLY;BYDAY=XX
  ///                     ^~
  /// ```
  public func rendered(input: String) -> String {
    let shown = String(input.map { $0 == "\n" || $0 == "\t" ? " " : $0 })
    let width = max(1, range.upperBound - range.lowerBound)
    let caret = "^" + String(repeating: "~", count: width - 1)
    return "\(description)\n  \(shown)\n  \(String(repeating: " ", count: range.lowerBound))\(caret)"
  }
}

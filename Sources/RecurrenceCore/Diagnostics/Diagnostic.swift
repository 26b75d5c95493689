/// A half-open range of Unicode scalar offsets into the text a diagnostic speaks of.
///
/// Every layer counts the same unit: a Unicode scalar (`"é"` written as one precomposed scalar
/// is one, `"e\u{301}"` is two, an emoji with a skin tone is two). Scalars cost constant work
/// each to count, unlike grapheme clusters, whose length has no bound; `TerminalText` lines
/// carets up by display width when a diagnostic is shown.
public struct SourceRange: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The first scalar's offset.
  public var lowerBound: Int
  /// One past the last scalar's offset (equal to `lowerBound` for a point).
  public var upperBound: Int

  /// Creates a range; `upperBound` is raised to `lowerBound` if below it.
  public init(_ lowerBound: Int, _ upperBound: Int) {
    self.lowerBound = lowerBound
    self.upperBound = max(lowerBound, upperBound)
  }

  /// `lower..upper`, as the corpus writes ranges.
  public var description: String { "\(lowerBound)..\(upperBound)" }

  /// The length of `text` in the unit ranges count (Unicode scalars), in one pass over its
  /// UTF-8 bytes: every byte that is not a continuation byte starts a scalar.
  public static func length(of text: String) -> Int {
    var copy = text
    return copy.withUTF8 { bytes in
      var n = 0
      for b in bytes where b & 0xC0 != 0x80 { n += 1 }
      return n
    }
  }
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
/// codec, `QA1xx` for phrases, `IN1xx` for lines of input that are not text (`IN101`: not UTF-8).
public struct Diagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The stable ID, for example `RR102`.
  public var id: String
  /// Error or warning.
  public var severity: Severity
  /// The message: lower-case, the offending text in single quotes, a fix where one is known.
  public var message: String
  /// The Unicode scalars concerned.
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
  ///
  /// Safe for a terminal whatever the input: control characters show escaped (`\u{1B}`), a long
  /// input shows as a window of about `TerminalText.window` scalars around the range with
  /// ellipses, and the caret lines up by display width (wide and combining characters).
  public func rendered(input: String) -> String {
    let excerpt = TerminalText.excerpt(of: input, around: range)
    return "\(severity.rawValue)[\(TerminalText.escaped(id))]: \(TerminalText.escaped(message))\n  "
      + "\(excerpt.line)\n  \(String(repeating: " ", count: excerpt.caretColumn))^"
      + String(repeating: "~", count: excerpt.caretWidth - 1)
  }
}

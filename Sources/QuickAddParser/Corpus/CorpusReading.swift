import RecurrenceCore

/// What the parser reads a corpus phrase as: the thing a baseline stores and a diff compares.
public struct CorpusReading: Sendable, Hashable {
  /// The three outcomes of a phrase.
  public enum Kind: String, Sendable, Hashable {
    /// A rule, perhaps with warnings.
    case rule
    /// An error.
    case error
    /// No recurrence.
    case none
    /// A task line's reading (`CorpusTaskLine`'s notation).
    case taskLine
  }

  /// Which outcome.
  public var kind: Kind
  /// The packed rule, the first error's ID and range (`QA104 @6..11`), or `no rule`.
  public var result: String
  /// The warning IDs, sorted, each once.
  public var warnings: [String]
  /// The rule's canonical English text, when it has one.
  public var text: String?

  /// Creates a reading.
  public init(kind: Kind, result: String, warnings: [String] = [], text: String? = nil) {
    self.kind = kind
    self.result = result
    self.warnings = warnings
    self.text = text
  }

  /// The marker a corpus line with this reading needs: `?`, `*`, `!` or none.
  public var marker: Character? {
    switch kind {
    case .rule: return warnings.isEmpty ? nil : "?"
    case .error: return "*"
    case .none: return "!"
    case .taskLine: return nil
    }
  }

  /// The result followed by the warning IDs: `R1;FREQ=MONTHLY;BYDAY=3FR QA201`.
  public var summary: String { ([result] + warnings).joined(separator: " ") }

  /// The corpus line that expects exactly this reading of `phrase`.
  public func line(for phrase: String) -> String {
    if kind == .taskLine, result == CorpusTaskLine.negative(phrase), warnings.isEmpty { return "! \(phrase)" }
    switch marker {
    case "!"?: return "! \(phrase)"
    case let m?: return "\(m) \(phrase) => \(summary)"
    case nil: return "\(phrase) => \(summary)"
    }
  }
}

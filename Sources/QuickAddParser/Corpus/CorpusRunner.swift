import RecurrenceCore

/// Runs corpus cases through the parser and compares readings.
public enum CorpusRunner {
  /// The outcome of one case.
  public struct Outcome: Sendable {
    /// The case.
    public var corpusCase: CorpusCase
    /// Nil when the case passed; otherwise "expected …, got …".
    public var failure: String?
    /// What the parser actually read, in the corpus's own notation (for `--update`).
    public var actual: String
    /// The marker the actual reading needs (`?`, `*`, `!` or none).
    public var actualMarker: Character?
    /// The productions the parse entered.
    public var productions: Set<Production>
  }

  /// Runs one case.
  public static func run(_ c: CorpusCase) -> Outcome {
    let result = PhraseParser.parse(c.phrase, context: ParseContext(now: c.reference))
    var actual: String
    var marker: Character?
    if let rule = result.rule {
      actual = rule.packed
      marker = result.warnings.isEmpty ? nil : "?"
      // Every accepted rule must also round-trip through the codec and its canonical text.
      if (try? PackedRule.decode(actual)) != rule {
        return Outcome(
          corpusCase: c, failure: "packed round trip failed for \(actual)", actual: actual, actualMarker: marker,
          productions: result.productions)
      }
      if let text = rule.canonicalText {
        let again = PhraseParser.parse(text, context: ParseContext(now: c.reference)).rule
        if again != rule {
          return Outcome(
            corpusCase: c, failure: "canonical text '\(text)' reads back as \(again?.packed ?? "an error")",
            actual: actual, actualMarker: marker, productions: result.productions)
        }
      }
    } else if let e = result.errors.first {
      actual = "\(e.id) @\(e.range)"
      marker = "*"
    } else {
      actual = "no rule"
      marker = "!"
    }
    let failure: String?
    switch c.expected {
    case .rule(let packed, let warns):
      if marker == "*" || marker == "!" {
        failure = "expected \(packed), got \(actual): \(result.errors.first?.message ?? "")"
      } else if actual != packed {
        failure = "expected \(packed), got \(actual)"
      } else if warns != (marker == "?") {
        failure =
          warns
          ? "expected a warning, got none"
          : "expected no warning, got \(result.warnings.map(\.description).joined(separator: "; "))"
      } else {
        failure = nil
      }
    case .error(let id, let range):
      if marker != "*" {
        failure = "expected \(id), got \(actual)"
      } else if let e = result.errors.first, e.id != id || (range != nil && range != e.range) {
        failure = "expected \(id)\(range.map { " @\($0)" } ?? ""), got \(actual): \(e.message)"
      } else {
        failure = nil
      }
    case .negative:
      failure = result.rule == nil ? nil : "expected no recurrence, got \(actual)"
    }
    return Outcome(
      corpusCase: c, failure: failure, actual: actual, actualMarker: marker, productions: result.productions)
  }

  /// The corpus line rewritten to the actual reading, for `--update`.
  public static func updatedLine(_ o: Outcome) -> String {
    switch o.actualMarker {
    case "!"?: return "! \(o.corpusCase.phrase)"
    case let m?: return "\(m) \(o.corpusCase.phrase) => \(o.actual)"
    case nil: return "\(o.corpusCase.phrase) => \(o.actual)"
    }
  }
}

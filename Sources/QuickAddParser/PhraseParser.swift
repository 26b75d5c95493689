import RecurrenceCore

/// What a phrase is read against: the reference date-time (for "starting monday").
public struct ParseContext: Sendable, Hashable {
  /// The reference wall-clock date-time ("now").
  public var now: LocalDateTime

  /// Creates a context.
  public init(now: LocalDateTime) { self.now = now }
}

/// The result of parsing a phrase: never throws away the input.
public struct PhraseResult: Sendable {
  /// The rule, when the phrase is a recurrence without errors.
  public var rule: RecurrenceRule?
  /// Errors and warnings, with ranges in the input.
  public var diagnostics: [Diagnostic]
  /// The syntax tree, when the phrase parsed.
  public var tree: PhraseTree?
  /// The grammar productions the parse entered (bit = `Production.rawValue`).
  var productionBits: UInt64

  /// The grammar productions the parse entered, for coverage reports.
  public var productions: Set<Production> {
    Set(Production.allCases.filter { productionBits & (1 << UInt64($0.rawValue)) != 0 })
  }

  /// The errors.
  public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
  /// The warnings.
  public var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
}

/// Parses English recurrence phrases ("every monday at 9am") into `RecurrenceRule`s.
public enum PhraseParser {
  /// The longest phrase accepted, in Unicode scalars; longer input is rejected at once.
  public static let maxLength = 1_000

  /// Parses a whole phrase.
  ///
  /// - Parameters:
  ///   - input: the phrase, for example "every other tue, thu at 7:30".
  ///   - context: the reference date-time that relative dates resolve against.
  ///   - lexicon: the word list (English by default).
  /// - Returns: the rule or the diagnostics; warnings may accompany a rule.
  public static func parse(_ input: String, context: ParseContext, lexicon: Lexicon = .english) -> PhraseResult {
    if input.utf8.count > maxLength {
      // The cap counts Unicode scalars, the unit of every range: one step per byte.
      let count = SourceRange.length(of: input)
      if count > maxLength {
        return PhraseResult(rule: nil, diagnostics: [ParseDiagnostic.tooLong(count)], tree: nil, productionBits: 0)
      }
    }
    let (tokens, characters) = Tokenizer.scan(input)
    var parser = Parser(tokens: tokens, lexicon: lexicon, inputLength: characters)
    if tokens.isEmpty {
      return PhraseResult(
        rule: nil, diagnostics: [ParseDiagnostic.noRecurrence(SourceRange(0, 0))], tree: nil, productionBits: 0)
    }
    parser.parsePhrase()
    if parser.failed {
      return PhraseResult(rule: nil, diagnostics: parser.diagnostics, tree: nil, productionBits: parser.visitedBits)
    }
    var resolver = Resolver(tree: parser.treeBox, now: context.now)
    let rule = resolver.resolve()
    return PhraseResult(
      rule: rule, diagnostics: parser.diagnostics + resolver.diagnostics, tree: parser.tree,
      productionBits: parser.visitedBits)
  }

  /// Parses a phrase, throwing its first error.
  ///
  /// - Throws: the first error `Diagnostic`.
  public static func rule(_ input: String, context: ParseContext) throws(Diagnostic) -> RecurrenceRule {
    let result = parse(input, context: context)
    if let rule = result.rule { return rule }
    throw result.errors.first ?? ParseDiagnostic.noRecurrence(SourceRange(0, input.unicodeScalars.count))
  }
}

import RecurrenceCore

/// How a numeric date such as `6/7` is read.
public enum DateOrder: String, Sendable, Hashable, CaseIterable {
  /// Month first (`6/7` is June 7), unless the first number is above 12.
  case monthFirst = "mdy"
  /// Day first (`6/7` is July 6), unless the second number is above 12.
  case dayFirst = "dmy"
}

/// Whose readings a phrase gets where two readings are in use.
public enum Dialect: String, Sendable, Hashable, CaseIterable {
  /// The language's own readings (see the README).
  case standard
  /// Todoist's readings, for importing its exports: `every weekend` is every Saturday, and
  /// `next friday` the Friday after the coming one.
  case todoist
}

/// What a phrase is read against: the reference date-time (for "starting monday").
public struct ParseContext: Sendable, Hashable {
  /// The reference wall-clock date-time ("now").
  public var now: LocalDateTime
  /// How numeric dates are read.
  public var dateOrder: DateOrder
  /// Whose readings apply where two are in use.
  public var dialect: Dialect

  /// Creates a context.
  public init(now: LocalDateTime, dateOrder: DateOrder = .monthFirst, dialect: Dialect = .standard) {
    self.now = now
    self.dateOrder = dateOrder
    self.dialect = dialect
  }
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
  /// The tokens the phrase was scanned into (before day codes were expanded); nil for a stored
  /// rule, a cron expression or an input too long. Corpus coverage reads them instead of
  /// scanning the phrase again.
  var scanned: [Token]? = nil

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
    // R, r, F, f: the only first letters of a stored rule (checked here, before a call that
    // returns a whole result).
    if let first = input.utf8.first, first | 0x20 == 0x72 || first | 0x20 == 0x66, let stored = storedRule(input) {
      return stored
    }
    if let cron = cronRange(input) {
      return PhraseResult(rule: nil, diagnostics: [ParseDiagnostic.cronExpression(cron)], tree: nil, productionBits: 0)
    }
    let (scanned, characters) = Tokenizer.scan(input)
    let tokens =
      !Lexicon.mayHaveDayCodes(input.utf8)
      ? scanned
      : lexicon.expandingDayCodes(scanned) { r in
        String(
          String.UnicodeScalarView(input.unicodeScalars.dropFirst(r.lowerBound).prefix(r.upperBound - r.lowerBound)))
      }
    var parser = Parser(
      tokens: lexicon.joiningHyphenatedDayGroups(dottedOrdinals(tokens, lexicon)), lexicon: lexicon,
      inputLength: characters, input: input,
      dateOrder: context.dateOrder)
    if tokens.isEmpty {
      return PhraseResult(
        rule: nil, diagnostics: [ParseDiagnostic.noRecurrence(SourceRange(0, 0))], tree: nil, productionBits: 0,
        scanned: scanned)
    }
    parser.parsePhrase()
    if parser.failed {
      let failed = PhraseResult(
        rule: nil, diagnostics: parser.diagnostics, tree: nil, productionBits: parser.visitedBits, scanned: scanned)
      guard let error = failed.errors.first else { return failed }
      return embeddedRule(in: input, scanned: scanned, error: error, context: context, lexicon: lexicon) ?? failed
    }
    var resolver = Resolver(tree: parser.treeBox, now: context.now, dialect: context.dialect)
    let rule = resolver.resolve()
    var diagnostics = parser.corrections
    diagnostics.adopt(parser.diagnostics)
    diagnostics.adopt(resolver.diagnostics)
    return PhraseResult(
      rule: rule, diagnostics: diagnostics, tree: parser.tree, productionBits: parser.visitedBits, scanned: scanned)
  }

  /// The tokens with a number and its dot read as an ordinal where a day, a month or `of`
  /// follows, as German and Scandinavian writers mark ordinals (`every 2. friday`, `every 3. of
  /// the month`); the tokens unchanged when there is no dot.
  static func dottedOrdinals(_ tokens: [Token], _ lexicon: Lexicon) -> [Token] {
    guard tokens.contains(where: { $0.isPunctuation(".") }) else { return tokens }
    var out: [Token] = []
    out.reserveCapacity(tokens.count)
    var k = 0
    while k < tokens.count {
      let t = tokens[k]
      if k > 0, k + 2 < tokens.count, case .number(let n) = t.kind, (1...31).contains(n),
        tokens[k + 1].isPunctuation("."),
        tokens[k + 1].range.lowerBound == t.range.upperBound, let w = tokens[k + 2].word,
        w == "of" || w == "day" || w == "weekday" || w == "week"
          || lexicon.classMask(w).mask & (WordClass.weekday.bit | WordClass.month.bit) != 0
      {
        out.append(Token(.ordinal(n), SourceRange(t.range.lowerBound, tokens[k + 1].range.upperBound)))
        k += 2
        continue
      }
      out.append(t)
      k += 1
    }
    return out
  }

  /// A packed rule (`R1;FREQ=…`, the fallback canonical text of rules English cannot say) or
  /// an RFC 5545 rule (`RRULE:FREQ=…`, or its value alone, `FREQ=…`) pasted as a phrase reads as
  /// itself; nil for anything else.
  static func storedRule(_ input: String) -> PhraseResult? {
    let utf8 = input.utf8
    // R, r, F, f
    guard let first = utf8.first, first == 0x52 || first == 0x72 || first == 0x46 || first == 0x66 else { return nil }
    let upper = String(decoding: utf8.prefix(6), as: UTF8.self).uppercased()
    let rule: Result<RecurrenceRule, Diagnostic>
    if upper.hasPrefix("R1;") {
      rule = Result { () throws(Diagnostic) in try PackedRule.decode(input) }
    } else if upper == "RRULE:" || upper.hasPrefix("FREQ=") {
      let skip = upper == "RRULE:" ? 6 : 0
      let text = String(decoding: utf8.dropFirst(skip), as: UTF8.self)
      rule = Result { () throws(Diagnostic) in try RRule.parse(text) }.mapError { e in
        var shifted = e
        shifted.range = SourceRange(e.range.lowerBound + skip, e.range.upperBound + skip)
        return shifted
      }
    } else {
      return nil
    }
    switch rule {
    case .success(let r): return PhraseResult(rule: r, diagnostics: [], tree: nil, productionBits: 0)
    case .failure(let d): return PhraseResult(rule: nil, diagnostics: [d], tree: nil, productionBits: 0)
    }
  }

  /// The range of a cron expression filling the input, or nil: five or six blank-separated
  /// fields, each a comma list of `*`, `?` or a range (`1-5`, `MON-FRI`) with an optional step
  /// (`*/15`), numbers or three-letter day and month names, at least one field a `*` or `?`.
  /// No phrase has that shape ("mon and fri at 9am?" has words and a `?` glued to a time).
  static func cronRange(_ input: String) -> SourceRange? {
    // Cheap tests first: every phrase passes here.
    let utf8 = input.utf8
    guard utf8.count <= 120 else { return nil }
    let isWild: (UInt8) -> Bool = { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") }
    guard utf8.withContiguousStorageIfAvailable({ $0.contains(where: isWild) }) ?? utf8.contains(where: isWild)
    else { return nil }
    let scalars = Array(input.unicodeScalars)
    var fields: [Range<Int>] = []
    var i = 0
    while i < scalars.count {
      while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
      let from = i
      while i < scalars.count, scalars[i] != " ", scalars[i] != "\t" { i += 1 }
      if i > from { fields.append(from..<i) }
    }
    guard fields.count == 5 || fields.count == 6, let first = fields.first, let last = fields.last else { return nil }
    var wild = false
    for field in fields {
      let text = String(String.UnicodeScalarView(scalars[field]))
      if text == "*" || text == "?" { wild = true }
      guard isCronField(text) else { return nil }
    }
    return wild ? SourceRange(first.lowerBound, last.upperBound) : nil
  }

  /// Day and month names a cron field may hold.
  static let cronNames: Set<String> = [
    "mon", "tue", "wed", "thu", "fri", "sat", "sun", "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep",
    "oct", "nov", "dec",
  ]

  /// Whether `text` is one cron field: a comma list of `*`, `?`, a number, a name or a range of
  /// them, each with an optional `/step`.
  static func isCronField(_ text: String) -> Bool {
    func isAtom(_ a: Substring) -> Bool {
      (!a.isEmpty && a.allSatisfy { $0.isASCII && $0.isNumber }) || cronNames.contains(a.lowercased())
    }
    return text.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { item in
      let parts = item.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count <= 2 else { return false }
      if parts.count == 2, !(parts[1].allSatisfy { $0.isASCII && $0.isNumber } && !parts[1].isEmpty) { return false }
      let base = parts[0]
      if base == "*" || base == "?" { return true }
      let bounds = base.split(separator: "-", omittingEmptySubsequences: false)
      return bounds.count <= 2 && bounds.allSatisfy(isAtom)
    }
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

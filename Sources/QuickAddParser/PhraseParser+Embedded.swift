import RecurrenceCore

extension PhraseParser {
  /// The errors after which a phrase may be a rule inside a task's words: no recurrence found
  /// (QA101), an unexpected word (QA102), an unknown word (QA104). A refusal with a reason
  /// (QA3xx) or a single date (QA103) stays.
  static let embeddingErrors: Set<String> = ["QA101", "QA102", "QA104"]

  /// Keyword roles a task's words may hold beside a rule without changing it: `the`, `a`, `to`,
  /// `for`, `at`, `on`, `in`, `of`, `and`, who does it (`i`), meal cues (`breakfast`).
  static let titleRoles: Set<KeywordRole> = [
    .a, .and, .at, .for, .of, .on, .the, .to, .in, .agent, .morning, .evening, .work,
  ]

  /// A rule written among a task's words, as people type into a repeat box ("water plants every
  /// 3 days", "Church every Sunday at 10:30 AM."), read as the task line reader reads it, or
  /// nil. The phrase failed with one of `embeddingErrors`; the line must read as a rule (not a
  /// single date) that says `every` or `each`, with no other task token; the words left out
  /// must all stand before the rule, none a hedge or negation (`almost`, `never`), and each be
  /// one no date has (unknown to the lexicon, or a title's function word such as `the` or
  /// `to`), at least one of them unknown, so that nothing that might change the rule is
  /// dropped; after the rule only a note in brackets that ends the phrase. QA216 names the words
  /// left out (before the rule, and in the note).
  static func embeddedRule(
    in input: String, scanned: [Token], error: Diagnostic, context: ParseContext, lexicon: Lexicon
  ) -> PhraseResult? {
    // Reading the line costs several parses: first the cheap half of the `every` test below.
    guard embeddingErrors.contains(error.id),
      saysEvery(scanned, input, lexicon, within: { _ in true })
        || impliesRule(scanned, input, lexicon, within: { _ in true }, endsPhrase: true)
    else {
      return nil
    }
    let line = TaskLineParser.parse(
      input, options: TaskLineOptions(now: context.now, dateOrder: context.dateOrder, dialect: context.dialect))
    guard line.ok, let due = line.due, case .rule(let rule, _) = due.value,
      line.tokens.allSatisfy({ $0.kind == .date })
    else { return nil }
    let dates = line.tokens.map(\.range)
    func inDate(_ r: SourceRange) -> Bool {
      dates.contains { $0.lowerBound <= r.lowerBound && r.upperBound <= $0.upperBound }
    }
    // The rule says `every` or `each`, an adverb or a plural day ("Pay rent monthly", "im
    // available tuesdays and thursdays"); before other words these are a title's ("Weekly review",
    // "Tuesdays with Morrie", refused below), and so are `everyday` and a capitalised `Every` or
    // adverb inside the line ("Everyday Carry gear", "watch the movie Every Day").
    let explicit = saysEvery(scanned, input, lexicon, within: inDate)
    guard explicit || impliesRule(scanned, input, lexicon, within: inDate),
      let ruleStart = dates.map(\.lowerBound).min()
    else {
      return nil
    }
    // A note in brackets ending the phrase ("every month on the 20th (VAT)", "every tuesday at 2pm
    // (group meeting)") is a task's words too.
    let note = trailingNote(scanned).flatMap { n in dates.allSatisfy { $0.upperBound <= n.lowerBound } ? n : nil }
    var left: [SourceRange] = []
    var after: [SourceRange] = []
    var titleWord = false
    for t in scanned where !inDate(t.range) {
      // A number left out may be a day or a time ("pay rent 15 every month", "Shift 9-5 every
      // weekday"), and so may a code of numbers ("every day 15.01.27 - 15.02.27"): refused.
      guard isTitleToken(t, lexicon), !t.isNumber, !(t.word?.utf8.contains { $0 >= 48 && $0 <= 57 } ?? false) else {
        return nil
      }
      let inNote = note.map { t.range.lowerBound >= $0.lowerBound } ?? false
      if case .punctuation = t.kind { continue }
      // Other words after the rule are refused: they may say what the rule could not read ("every
      // monday blah", "every day unless it rains", "every day at 8 PST", "every sunday we go").
      // An emoji or another symbol after the rule is a task's mark too ("every tuesday 🗑️").
      let symbol = t.word.map { w in !w.unicodeScalars.contains { $0.properties.isAlphabetic } } ?? false
      guard t.range.upperBound <= ruleStart || inNote || symbol else { return nil }
      if let w = t.word, lexicon.classMask(w).index < 0 { titleWord = true }
      if inNote || t.range.lowerBound >= ruleStart { after.append(t.range) } else { left.append(t.range) }
    }
    // A hedge or a negation changes the rule ("almost every day", "I never eat out every friday",
    // "every day (unless it rains)").
    if scanned.contains(where: { t in
      (t.range.upperBound <= ruleStart || (note.map { t.range.lowerBound >= $0.lowerBound } ?? false))
        && (t.word.map { w in Self.hedges.contains(String(w.map { $0 == "\u{2019}" ? "'" : $0 })) } ?? false)
    }) {
      return nil
    }
    guard titleWord else { return nil }
    if !explicit {
      // Without `every` the words before the rule must ask for it: not a question, a fact or
      // a change ("Is the gym open Sundays?", "Interest compounded monthly", "Bus runs hourly",
      // "Change billing to annually"), and a plural day alone only in a list or with a time
      // ("Swimming Mondays and Thursdays", "Pub quiz tuesdays at 8"; "Long weekends" is a title).
      if scanned.contains(where: { $0.isPunctuation("?") }) { return nil }
      for (k, r) in left.enumerated() {
        let w = text(input, r).lowercased()
        if Self.statements.contains(w) || (w.count >= 6 && w.hasSuffix("ed") && !w.hasSuffix("eed")) { return nil }
        if k == left.count - 1, Self.determiners.contains(w) { return nil }
      }
      if !scanned.contains(where: { t in
        inDate(t.range)
          && (t.isClock || t.isNumber
            || t.word.map { w in
              w == "and" || w == "at" || w == "on" || w == "once" || w == "twice"
                || lexicon.classMask(w).mask & WordClass.adverb.bit != 0
            } == true || t.isPunctuation(","))
      }) {
        return nil
      }
    }
    var notes: [Diagnostic] = []
    for words in [left, after] {
      guard let first = words.first, let last = words.last else { continue }
      let range = SourceRange(first.lowerBound, last.upperBound)
      notes.append(ParseDiagnostic.embeddedRule(text(input, range), rule: due.text, range))
    }
    guard !notes.isEmpty else { return nil }
    return PhraseResult(
      rule: rule, diagnostics: notes + line.diagnostics, tree: nil, productionBits: 0, scanned: scanned)
  }

  /// The input's scalars in `range`.
  static func text(_ input: String, _ range: SourceRange) -> String {
    String(
      String.UnicodeScalarView(
        input.unicodeScalars.dropFirst(range.lowerBound).prefix(range.upperBound - range.lowerBound))
    )
  }

  /// Whether a token `within` the rule is `every` or `each` (not `everyday`), first in the
  /// phrase or written in lower case.
  static func saysEvery(
    _ scanned: [Token], _ input: String, _ lexicon: Lexicon, within: (SourceRange) -> Bool
  ) -> Bool {
    scanned.enumerated().contains { k, t in
      guard let w = t.word, w != "everyday", lexicon.classMask(w).mask & WordClass.every.bit != 0, within(t.range)
      else { return false }
      return k == 0
        || input.unicodeScalars.dropFirst(t.range.lowerBound).first.map { !($0.properties.isUppercase) } ?? false
    }
  }

  /// Whether a token `within` the rule says it repeats without `every`: an adverb (`weekly`),
  /// first in the phrase or written in lower case, a plural day or part of the day (`sundays`,
  /// `weekends`, `mornings`), or `once` or `twice`; where `endsPhrase`, only one that no word
  /// unknown to the lexicon follows (the cheap test before the line is read: "Weekly review"
  /// has its title after the rule).
  static func impliesRule(
    _ scanned: [Token], _ input: String, _ lexicon: Lexicon, within: (SourceRange) -> Bool, endsPhrase: Bool = false
  ) -> Bool {
    let days = WordClass.weekday.bit | WordClass.daygroup.bit | WordClass.partofday.bit
    // The last word the lexicon does not know: a signal before it has title words after it
    // (found once, so a long refusal costs one pass).
    let lastUnknown =
      endsPhrase ? scanned.lastIndex(where: { u in u.word.map { lexicon.classMask($0).index < 0 } ?? false }) : nil
    return scanned.enumerated().contains { k, t in
      guard let w = t.word, within(t.range) else { return false }
      if let lastUnknown, k < lastUnknown { return false }
      let mask = lexicon.classMask(w).mask
      if mask & days != 0, w.utf8.count >= 6, w.hasSuffix("s") { return true }
      if w == "once" || w == "twice" { return true }
      guard mask & WordClass.adverb.bit != 0 else { return false }
      return k == 0
        || input.unicodeScalars.dropFirst(t.range.lowerBound).first.map { !($0.properties.isUppercase) } ?? false
    }
  }

  /// Words before a rule said without `every` that make the phrase a statement, a question or
  /// a change, not a task's repeat ("Bus runs hourly", "Rent was paid monthly", "Open daily").
  static let statements: Set<String> = [
    "is", "are", "was", "were", "be", "been", "am", "do", "does", "did", "should", "would", "could", "can", "must",
    "might", "open", "opens", "closed", "closes", "close", "run", "runs", "paid", "change", "changes", "switch",
    "switches", "to", "into", "from", "most", "long", "busy", "free", "some", "many", "few", "lazy", "rainy", "sunny",
    "meets", "renews", "updates", "compounds", "airs", "expires", "happens", "occurs", "resets", "publishes", "arrives",
    "comes", "goes", "least", "come", "he", "she", "they", "it", "its", "it's", "make", "wrote", "sails", "flies",
    "visits", "delivers", "texts", "calls", "works", "depart", "departs", "rise", "rises", "said", "says", "shut",
    "shuts", "about", "why", "how", "what", "which", "when", "who", "you",
  ]

  /// Words right before an adverb that make it a noun ("Prep slides for the quarterly", "Join
  /// the daily").
  static let determiners: Set<String> = ["the", "a", "an", "my", "our", "your", "this", "that", "his", "her", "their"]

  /// The range from a `(` to the `)` that ends the phrase, with words only between them, or nil.
  static func trailingNote(_ scanned: [Token]) -> SourceRange? {
    guard let close = scanned.last, close.isPunctuation(")"),
      let open = scanned.lastIndex(where: { $0.isPunctuation("(") }), open + 1 < scanned.count - 1,
      scanned[(open + 1)..<(scanned.count - 1)].allSatisfy({ $0.word != nil })
    else { return nil }
    return SourceRange(scanned[open].range.lowerBound, close.range.upperBound)
  }

  /// Words that change a rule written after them.
  static let hedges: Set<String> = [
    "almost", "nearly", "practically", "hardly", "rarely", "never", "sometimes", "maybe", "possibly", "usually",
    "probably", "mostly", "not", "barely", "seldom", "occasionally", "often", "except", "unless", "if", "everyone",
    "everybody", "someone", "anyone", "don't", "dont", "no", "stop", "skip", "cancel", "quit", "instead", "formerly",
    "previously", "used", "won't", "can't", "cannot", "avoid", "hate", "hates", "love", "loves", "dislike",
  ]

  /// Whether a token left out of the rule is a task's word: punctuation, a number in digits (the
  /// caller refuses those), a word the lexicon does not know, `day` (a noun: "Bin day"), or a
  /// function word of `titleRoles`.
  static func isTitleToken(_ t: Token, _ lexicon: Lexicon) -> Bool {
    switch t.kind {
    case .punctuation, .number: return true
    case .word(let w):
      let found = lexicon.classMask(w)
      if found.index < 0 || w == "day" { return true }  // "Bin day: every Monday", "Leg day every other day"
      guard found.mask & ~WordClass.variant.bit == WordClass.keyword.bit, let role = lexicon.roles[found.index] else {
        return false
      }
      return titleRoles.contains(role)
    default: return false
    }
  }
}

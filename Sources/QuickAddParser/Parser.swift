import RecurrenceCore

/// The grammar's nonterminals, one per `parse<Name>()` function (see `Grammar/quickadd.ebnf`).
public enum Production: Int, CaseIterable, Sendable {
  /// The nonterminal's name as the grammar spells it.
  public var name: String { String(describing: self) }

  case Phrase, ClauseSeparator, Clause, Filler, DateClause, ScopeClause
  case FrequencyClause, EveryClause, Interval, Count, NumberWord, AdverbClause, AfterClause, OncePer, AlternateClause
  case CountAfterDone, CompletionSuffix, TimesPer
  case DaysClause, OfPeriod, MonthList, WeekList, DayList, ListSeparator, DayItem, Holiday, PeriodEdge, WeekdayItem
  case WeekdayRange, OrdinalDay, Ordinal, MonthDate, MonthDay, DayNumber, PartOfDay
  case TimeClause, TimeRangeEnd, TimeList, Time, StartClause, EndClause, CountClause, ExceptClause, DateRef
  case TaskDate, OneOffDate, TaskDuration, ZoneSuffix
}

/// The recursive-descent parser: tokens in, a `PhraseTree` out.
///
/// A value type with `mutating` methods; an alternative is tried with `attempt`, which saves the
/// position and the (boxed, copy-on-write) tree and restores them on failure, and is entered only
/// when the current token is in the alternative's first set. `lex…` methods consume only on
/// success; `unexpected` records a diagnostic. After the first error no further diagnostics are
/// added.
struct Parser {
  /// What the parser reads, which no alternative changes: one shared reference, so that the
  /// parser stays a few words wide and passing it costs no copy of its fields.
  let source: Source

  /// The parser's input: tokens, their lexicon look-ups and the text they came from.
  final class Source {
    let tokens: [Token]
    let lexicon: Lexicon
    /// Each token's word classes as bits and its lexicon index (-1 when unknown), looked up
    /// once, so that the many failed lookups of the alternatives cost one load and no reference
    /// counting.
    let lexed: [(mask: UInt16, index: Int)]
    let inputLength: Int
    /// The input, for quoting clauses in conflict messages.
    let input: String
    /// A task line's text, which cuts a range in constant time (`input` is walked from its start).
    let lineText: TaskLineText?
    /// How numeric dates such as 6/7 are read.
    let dateOrder: DateOrder
    /// A task line's reference date: only to tell a weekday's day of the month (`fri 18`, when
    /// the 18th is a Friday) from a number; nil for a phrase.
    let today: CivilDate?
    /// Warnings for misspelt words read as their nearest lexicon word.
    let corrections: [Diagnostic]

    /// Holds what the parser reads; every field is fixed from here on.
    init(
      tokens: [Token], lexicon: Lexicon, lexed: [(mask: UInt16, index: Int)], inputLength: Int, input: String,
      lineText: TaskLineText?, dateOrder: DateOrder, today: CivilDate?, corrections: [Diagnostic]
    ) {
      self.tokens = tokens
      self.lexicon = lexicon
      self.lexed = lexed
      self.inputLength = inputLength
      self.input = input
      self.lineText = lineText
      self.dateOrder = dateOrder
      self.today = today
      self.corrections = corrections
    }
  }

  /// The tokens read.
  @inline(__always) var tokens: [Token] { source.tokens }
  /// The word list.
  @inline(__always) var lexicon: Lexicon { source.lexicon }
  /// Each token's word classes and lexicon index (see `Source.lexed`).
  @inline(__always) var lexed: [(mask: UInt16, index: Int)] { source.lexed }
  /// The input's length in Unicode scalars.
  @inline(__always) var inputLength: Int { source.inputLength }
  /// The input, for quoting clauses in conflict messages.
  @inline(__always) var input: String { source.input }
  /// A task line's text, or nil for a phrase.
  @inline(__always) var lineText: TaskLineText? { source.lineText }
  /// How numeric dates are read.
  @inline(__always) var dateOrder: DateOrder { source.dateOrder }
  /// A task line's reference date, or nil for a phrase.
  @inline(__always) var today: CivilDate? { source.today }
  /// Warnings for misspelt words read as their nearest lexicon word.
  @inline(__always) var corrections: [Diagnostic] { source.corrections }
  var index = 0
  /// The tree being built, boxed so that saving it for an alternative costs one retain; it
  /// is copied only when an alternative changes it.
  var treeBox = TreeBox()
  var tree: PhraseTree {
    unsafeAddress { UnsafePointer(treeBox.pointer) }
    unsafeMutableAddress {
      if !isKnownUniquelyReferenced(&treeBox) { treeBox = TreeBox(treeBox.tree) }
      return treeBox.pointer
    }
  }
  var diagnostics: [Diagnostic] = []
  /// Productions entered (bit = case index), for the corpus's grammar coverage report.
  var visitedBits: UInt64 = 0
  /// Productions entered in all, counting repeats: the work done, which a caller that starts
  /// many parses on one input (the task line's date search) bounds.
  var steps = 0

  /// Which unknown words the parser reads as their nearest lexicon word.
  enum Corrections {
    /// None: every unknown word stays unknown.
    case none
    /// Any unique near match (a phrase is all date words).
    case all
    /// Only slips of day and date words (`tomorow`, `thrusday`, `febuary`, `tonght`) at the
    /// token indices allowed (a task line's title words are not slips).
    case dateWords(allowed: (Int) -> Bool)
  }

  init(
    tokens: [Token], lexicon: Lexicon, inputLength: Int, input: String = "", dateOrder: DateOrder = .monthFirst,
    corrects: Corrections = .all, lineText: TaskLineText? = nil, today: CivilDate? = nil
  ) {
    var corrected = tokens
    var changed = false
    var corrections: [Diagnostic] = []
    var lexed: [(mask: UInt16, index: Int)] = []
    lexed.reserveCapacity(tokens.count)
    for (i, t) in tokens.enumerated() {
      switch t.kind {
      case .word(let w):
        let found = lexicon.classMask(w)
        if found.mask & WordClass.variant.bit != 0, let word = Self.variant(found.index, lexicon) {
          corrected[i].kind = .word(word)  // "tonite" is "tonight"
          changed = true
          lexed.append(lexicon.classMask(word))
        } else if found.index < 0,
          let fix = Self.correction(w, at: i, corrects, lexicon, afterCount: Self.followsEveryNumber(i, tokens))
        {
          // A unique near match is read as that word, with a warning.
          corrected[i].kind = .word(fix.word)
          changed = true
          corrections.append(ParseDiagnostic.corrected(w, to: fix.word, t.range))
          lexed.append(fix.lexed)
        } else {
          lexed.append(found)
        }
      case .punctuation(let c): lexed.append(lexicon.classMask(c))
      default: lexed.append((0, -1))
      }
    }
    source = Source(
      tokens: changed ? corrected : tokens, lexicon: lexicon, lexed: lexed, inputLength: inputLength, input: input,
      lineText: lineText, dateOrder: dateOrder, today: today, corrections: corrections)
  }

  /// The surface a variant spelling at lexicon index `index` stands for.
  static func variant(_ index: Int, _ lexicon: Lexicon) -> String? {
    lexicon.entryLists[index].first { $0.wordClass == .variant }?.value
  }

  /// The word an unknown `word` at token `i` is a slip of, if the correction mode reads it so.
  static func correction(
    _ word: String, at i: Int, _ mode: Corrections, _ lexicon: Lexicon, afterCount: Bool = false
  ) -> (word: String, lexed: (mask: UInt16, index: Int))? {
    switch mode {
    case .none: return nil
    case .all:
      if word.hasSuffix("'s") || word.hasSuffix("\u{2019}s") {
        // "every Monday's at 9": an apostrophe written into a weekday's plural (a phrase only;
        // in a task line "Monday's meeting" is the possessive).
        let plural = String(word.unicodeScalars.dropLast(2)) + "s"
        let found = lexicon.classMask(plural)
        if found.mask & WordClass.weekday.bit != 0 { return (plural, found) }
      }
      guard let fix = lexicon.correction(for: word) else { return nil }
      return (fix, lexicon.classMask(fix))
    case .dateWords(let allowed):
      guard word.utf8.count >= 5, afterCount || lexicon.nearDateWord(word), allowed(i),
        let fix = lexicon.correction(for: word)
      else { return nil }
      let found = lexicon.classMask(fix)
      guard found.index >= 0 else { return nil }
      // A part of the day two edits away is as likely a title's word ("earnings", not "evenings").
      if found.mask & WordClass.partofday.bit != 0,
        optimalAlignmentDistance(Array(word.utf8), Array(fix.utf8), limit: 1) > 1
      {
        return nil
      }
      // A month needs six letters: "match" and "marsh" are words, "febuary" is a slip; a period
      // only after `every N` ("every 3 mnths"), where a title word would make no sense.
      let days =
        WordClass.weekday.bit | WordClass.partofday.bit | (word.utf8.count >= 6 ? WordClass.month.bit : 0)
        | (afterCount ? WordClass.unit.bit : 0)
      let dated = lexicon.entryLists[found.index].contains {
        $0.wordClass == .keyword && ($0.value == "today" || $0.value == "tomorrow" || $0.value == "yesterday")
      }
      guard found.mask & days != 0 || dated else { return nil }
      return (fix, found)
    }
  }

  /// Whether token `i` follows `every` or `each` and a number (`every 3 mnths`).
  static func followsEveryNumber(_ i: Int, _ tokens: [Token]) -> Bool {
    guard i >= 2, tokens[i - 1].isNumber, let w = tokens[i - 2].word else { return false }
    return w == "every" || w == "each"
  }

  /// Whether the token at `i` is unknown to the lexicon.
  func unknown(at i: Int) -> Bool { i < lexed.count && lexed[i].index < 0 }

  // MARK: Token access

  var atEnd: Bool { index >= tokens.count }
  var current: Token? { index < tokens.count ? tokens[index] : nil }
  /// The range of the current token, or an empty range at the end of the input.
  var currentRange: SourceRange { current?.range ?? SourceRange(inputLength, inputLength) }
  /// The end of the last consumed token.
  var consumedEnd: Int { index > 0 ? tokens[index - 1].range.upperBound : 0 }

  func peek(_ offset: Int = 0) -> Token? {
    index + offset >= 0 && index + offset < tokens.count ? tokens[index + offset] : nil
  }

  /// The word at `offset`, if that token is a word.
  func word(at offset: Int = 0) -> String? { peek(offset)?.word }

  /// The value of the token at `offset` in class `c`, if it has one.
  @inline(__always)
  func entry(_ c: WordClass, at offset: Int = 0) -> String? {
    let i = index + offset
    guard i >= 0, i < lexed.count, lexed[i].mask & c.bit != 0 else { return nil }
    for e in lexicon.entryLists[lexed[i].index] where e.wordClass == c { return e.value }
    return nil
  }

  /// The period the `unit` word at `offset` names, if it is one.
  @inline(__always)
  func unit(at offset: Int = 0) -> PhraseTree.Unit? {
    let i = index + offset
    guard i >= 0, i < lexed.count, lexed[i].mask & WordClass.unit.bit != 0 else { return nil }
    for e in lexicon.entryLists[lexed[i].index] where e.wordClass == .unit { return e.unit }
    return nil
  }

  /// The number a `number` word at `offset` stands for ("twenty"), if it is one.
  @inline(__always)
  func numberWord(at offset: Int = 0) -> Int? {
    let i = index + offset
    guard i >= 0, i < lexed.count, lexed[i].mask & WordClass.number.bit != 0 else { return nil }
    for e in lexicon.entryLists[lexed[i].index] where e.wordClass == .number { return e.number }
    return nil
  }

  /// Whether the token at `offset` is the lexicon surface at `surface` (an index of the tables).
  @inline(__always)
  func isSurface(_ surface: Int, at offset: Int = 0) -> Bool {
    let i = index + offset
    return i >= 0 && i < lexed.count && lexed[i].index == surface
  }

  /// Whether the word at `offset` has class `c` in the lexicon.
  func isClass(_ c: WordClass, at offset: Int = 0) -> Bool {
    let i = index + offset
    guard i >= 0, i < lexed.count, lexed[i].mask & c.bit != 0 else { return false }
    if case .word = tokens[i].kind { return true }  // the tag alone: no copy of the word
    return false
  }

  /// Whether the word at `offset` is the keyword with role `role`.
  @inline(__always)
  func isKeyword(_ role: KeywordRole, at offset: Int = 0) -> Bool {
    let i = index + offset
    guard i >= 0, i < lexed.count, lexed[i].mask & WordClass.keyword.bit != 0 else { return false }
    return lexicon.roles[lexed[i].index] == role
  }

  /// Consumes a word of class `c` whose lexicon value is a number, returning it and the range.
  mutating func lexValue(_ c: WordClass) -> (value: Int, range: SourceRange)? {
    guard let (list, position, range) = lexEntry(c), let n = lexicon.entryLists[list][position].number else {
      return nil
    }
    return (n, range)
  }

  /// Consumes a word of class `c`, returning its value and range.
  mutating func lex(_ c: WordClass) -> (value: String, range: SourceRange)? {
    guard let (list, position, range) = lexEntry(c) else { return nil }
    return (lexicon.entryLists[list][position].value, range)
  }

  /// Consumes a word of class `c`, returning where its entry is in the lexicon (plain integers,
  /// so nothing is copied or destroyed) and its range. An abbreviation's dot belongs to it
  /// ("mon.", "sept.") when the lexicon lists the dotted form.
  mutating func lexEntry(_ c: WordClass) -> (list: Int, position: Int, range: SourceRange)? {
    let i = index
    guard i < lexed.count, lexed[i].mask & c.bit != 0 else { return nil }
    let list = lexed[i].index
    guard let position = lexicon.entryLists[list].firstIndex(where: { $0.wordClass == c }) else { return nil }
    index += 1
    var range = tokens[i].range
    if let dot = current, dot.isPunctuation("."), dot.range.lowerBound == range.upperBound, let w = tokens[i].word,
      lexicon.value(w + ".", c) != nil
    {
      index += 1
      range = SourceRange(range.lowerBound, dot.range.upperBound)
    }
    return (list, position, range)
  }

  /// Consumes the keyword with role `role`.
  @discardableResult
  mutating func lexKeyword(_ role: KeywordRole) -> SourceRange? {
    guard isKeyword(role), let t = current else { return nil }
    index += 1
    return t.range
  }

  /// Whether `o'clock` stands at `offset`, written as one word or as dictation writes it, `o clock`.
  func isOclock(at offset: Int = 0) -> Bool {
    isKeyword(.oclock, at: offset) || (word(at: offset) == "o" && word(at: offset + 1) == "clock")
  }

  /// Consumes `o'clock` (or `o clock`).
  mutating func lexOclock() -> SourceRange? {
    guard isOclock(), let t = current else { return nil }
    index += isKeyword(.oclock) ? 1 : 2
    return SourceRange(t.range.lowerBound, consumedEnd)
  }

  /// Consumes the punctuation character `c`.
  @discardableResult
  mutating func lexPunctuation(_ c: Character) -> SourceRange? {
    guard let t = current, t.isPunctuation(c) else { return nil }
    index += 1
    return t.range
  }

  /// Consumes a number token.
  mutating func lexNumber() -> (value: Int, range: SourceRange)? {
    guard let t = current, case .number(let n) = t.kind else { return nil }
    index += 1
    return (n, t.range)
  }

  /// Consumes an ordinal token (`3rd`).
  mutating func lexOrdinalToken() -> (value: Int, range: SourceRange)? {
    guard let t = current, case .ordinal(let n) = t.kind else { return nil }
    index += 1
    return (n, t.range)
  }

  // MARK: First sets (cheap checks that keep doomed alternatives from being tried)

  /// Whether the token at `offset` is a number, in digits or words.
  func atCount(at offset: Int) -> Bool {
    guard let t = peek(offset) else { return false }
    if case .number = t.kind { return true }
    return isClass(.number, at: offset)
  }

  /// Whether the current token can start a count: `3`, `three`, `other`, `second`.
  var atCount: Bool {
    guard let t = current else { return false }
    if case .number = t.kind { return true }
    return isClass(.number) || isClass(.other) || isClass(.ordinal)
  }

  /// Whether the current token can start a day: a weekday, a month, an ordinal, a number.
  var atDay: Bool {
    guard let t = current else { return false }
    switch t.kind {
    case .number, .ordinal, .numericDate: return true
    case .word:
      return isClass(.weekday) || isClass(.daygroup) || isClass(.month) || isClass(.ordinal) || isClass(.partofday)
        || isClass(.meridiem) || atHoliday
        || isKeyword(.work) || atWeekDays
        || (isKeyword(.next) && (isKeyword(.to, at: 1) || peek(1)?.isPunctuation("-") == true))
        || (isKeyword(.day) && peek(1)?.isNumber == true)
        || (isClass(.number) && (isClass(.ordinal, at: 1) || isClass(.ordinal, at: 2)))
    default: return false
    }
  }

  /// Whether a holiday starts here: a `holiday` word or "new year".
  var atHoliday: Bool { isClass(.holiday) || (isKeyword(.new) && isKeyword(.year, at: 1)) }

  /// Whether the current token is an ordinal such as `3rd`.
  var atOrdinalToken: Bool {
    guard let t = current, case .ordinal = t.kind else { return false }
    return true
  }

  /// Whether the current token is a day number (`27`, `27th`) that is not a time or a count.
  var atDayNumber: Bool {
    guard let t = current else { return false }
    switch t.kind {
    case .ordinal: return true
    case .number(let n):
      if peek(1)?.isPunctuation("-") == true, let e = peek(2), case .clock = e.kind { return false }  // "6-7pm"
      // "9 in the morning", "9 at night", "8 tonight": an hour, not a day.
      let cued =
        inPartOfDayLength(at: 1) > 0 || (isKeyword(.at, at: 1) && isClass(.partofday, at: 2)) || hoursRangeFollows
        || eveningHourBeforeTonight(n)
        || hourAfterBeforeOrAfter
      return !isClass(.meridiem, at: 1) && !isOclock(at: 1) && !isKeyword(.times, at: 1) && sharpLength(at: 1) == 0
        && !isClass(.unit, at: 1) && peek(1)?.word != "h" && !cued
    default: return false
    }
  }

  /// Whether a month and a day start here ("jan 27", not "jan and feb").
  var atMonthDate: Bool {
    guard isClass(.month), let t = peek(1) else { return false }
    switch t.kind {
    case .number, .ordinal: return true
    default: return false
    }
  }

  /// Whether the current token can start a date that stands alone as the start: an ISO or
  /// numeric date with a year, `today`, `tomorrow`, `next …`, `this monday`.
  var atDateClause: Bool {
    guard let t = current else { return false }
    switch t.kind {
    case .isoDate: return true
    case .numericDate(_, _, let year, _): return year != nil
    case .word:
      return isKeyword(.today) || isKeyword(.tomorrow)
        || (isKeyword(.next) && !isKeyword(.to, at: 1) && peek(1)?.isPunctuation("-") != true)
        || (isKeyword(.this) && (isClass(.weekday, at: 1) || isClass(.unit, at: 1)))
    default: return false
    }
  }

  /// Whether the current token can start a time: `9am`, `9`, `noon`, `morning`, `at`.
  var atTime: Bool {
    guard let t = current else { return false }
    switch t.kind {
    case .clock, .number: return true
    case .word, .punctuation:
      return isClass(.timeword) || isClass(.partofday) || isKeyword(.at) || isKeyword(.in) || isKeyword(.half)
        || (isSurface(lexicon.tables.quarterIndex) && (isKeyword(.past, at: 1) || isKeyword(.to, at: 1)))
    default: return false
    }
  }

  /// Whether the current token is the punctuation character `c`.
  func isPunctuation(_ c: Character) -> Bool { current?.isPunctuation(c) == true }

  /// Whether the current token separates list items: `,`, `and`, `&`, `/`, `as well as`.
  var atSeparator: Bool {
    guard let t = current else { return false }
    return t.isPunctuation(",") || t.isPunctuation("/") || isKeyword(.and) || (t.word == "as" && word(at: 1) == "well")
      || atTextedAnd
  }

  /// Whether `n` stands for `and` between two weekdays, months, ordinals or clocks here, as
  /// texted ("tues n thurs", "1st n 15th", "6am n 6pm"; "rock n roll" is no list).
  var atTextedAnd: Bool {
    guard word() == "n", let before = peek(-1), let after = peek(1) else { return false }
    return (isClass(.weekday, at: -1) && isClass(.weekday, at: 1))
      || (isClass(.month, at: -1) && isClass(.month, at: 1))
      || (before.isOrdinal && after.isOrdinal) || (before.isClock && after.isClock)
  }

  /// Tries `body` on a copy; keeps its effects only when it returns non-nil. An error the
  /// alternative committed to (after a word that left no other reading, such as "at") is kept
  /// even when the alternative fails, so the user sees the real problem.
  mutating func attempt<T>(_ body: (inout Parser) -> T?) -> T? {
    // Only the mutable state is saved, not the whole parser.
    let savedIndex = index
    let savedTree = treeBox
    let hadError = failed
    let savedCount = diagnostics.count
    if let result = body(&self) { return result }
    index = savedIndex
    treeBox = savedTree
    if hadError || !failed { diagnostics.removeLast(diagnostics.count - savedCount) }
    return nil
  }

  /// Marks a production as entered.
  @inline(__always)
  mutating func enter(_ p: Production) {
    visitedBits |= 1 << UInt64(p.rawValue)
    steps &+= 1
  }

  // MARK: Diagnostics

  var failed: Bool { diagnostics.contains { $0.severity == .error } }

  /// Records an error unless one is already recorded.
  mutating func error(_ d: Diagnostic) {
    if !failed { diagnostics.append(d) }
  }

  /// An error for the current token: a misspelling gets "did you mean", anything else
  /// "expected …".
  mutating func unexpected(expected: String, classes: Set<WordClass> = []) {
    guard !failed else { return }  // only the first error is kept: no message to build
    guard let t = current else {
      error(ParseDiagnostic.unexpected("", expected: expected, currentRange))
      return
    }
    if let w = t.word, lexicon.lookup(w).isEmpty {
      let pool: Set<WordClass> = classes.isEmpty ? Set(WordClass.allCases) : classes
      error(ParseDiagnostic.unknownWord(w, suggestion: lexicon.suggestion(for: w, in: pool), t.range))
      return
    }
    // A word read as its near match quotes what was written ("monthly rent", not "rest").
    let written = corrections.contains { $0.range == t.range } ? text(in: t.range).lowercased() : text(of: t)
    error(ParseDiagnostic.unexpected(written, expected: expected, t.range))
  }

  func text(of t: Token) -> String {
    switch t.kind {
    case .word(let w): return w
    case .number(let n): return String(n)
    case .ordinal(let n): return ParseDiagnostic.ordinalSuffix(n)
    case .clock(let h, let m, let pm): return "\(h):\(m < 10 ? "0" : "")\(m)\(pm.map { $0 ? "pm" : "am" } ?? "")"
    case .isoDate(let d): return d.description
    case .numericDate(let a, let b, let y, let dayFirst):
      let separator = dayFirst ? "." : "/"
      return "\(a)\(separator)\(b)" + (y.map { "\(separator)\($0)" } ?? (dayFirst ? "." : ""))
    case .punctuation(let c): return String(c)
    }
  }
}

/// A box around the phrase tree (see `Parser.tree`).
///
/// The tree lives behind a pointer the box owns, not in a stored `var`, so reading and changing
/// it costs no dynamic exclusivity check (the parser is the only user, and it is single-threaded).
final class TreeBox {
  /// Where the tree lives; valid as long as the box.
  let pointer: UnsafeMutablePointer<PhraseTree>

  init(_ tree: PhraseTree = PhraseTree()) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: tree)
  }

  deinit {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }

  /// The tree, reached through addressors: no coroutine frame and no copy for a read.
  var tree: PhraseTree {
    unsafeAddress { UnsafePointer(pointer) }
    unsafeMutableAddress { pointer }
  }
}

import RecurrenceCore

extension TaskLineReader {
  /// Words that are dates only where no title word follows them: abbreviations that are also
  /// words or names ("tom", "sat", "may").
  static let weakWords: Set<String> = [
    "tom", "tod", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun", "jan", "feb", "mar", "apr",
    "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "march",
  ]

  /// Weak words that are also names or words when capitalised: `Call Tom`, `Ask May`, `Meet Jan`,
  /// `Wed`; `Dentist Tue` is still a date.
  static let nameLike: Set<String> = [
    "tom", "tod", "may", "jan", "sun", "sat", "wed", "mar", "dec", "jun", "march", "mon",
  ]

  /// Weak words that are no English word or name: at the line's start they are the date even
  /// before title words (`tues pick up suit`, `fri call bob`); not `thu`, a given name.
  static let onlyWeekdays: Set<String> = ["tue", "tues", "thur", "thurs", "fri"]

  /// Whether token `k` already belongs to a reminder, a duration or `no date`.
  func taken(_ k: Int) -> Bool {
    let at = tokens[k].range.lowerBound
    return removed.contains { $0.lowerBound <= at && at < $0.upperBound }
  }

  /// Walks the free text: reminders, `no date`, durations, and at every word that can start one,
  /// the longest date phrase; then keeps one date (see `choose`).
  mutating func searchDates() {
    var parser = makeParser(tokens, corrects: dateWordSlips)
    tokens = parser.tokens  // variants and slips read as their words (the parser keeps the token count)
    titleCues = TaskLineDate.titleCues(parser)
    let empty = TreeBox()
    var spans: [Span] = []
    var unread: Diagnostic?
    /// The token where the unread `every …` phrase starts.
    var unreadAt = Int.min
    var limit = Self.stepBudget(scalars: scalars.count)
    var tail = false
    var i = 0
    while i < tokens.count {
      let t = tokens[i]
      if parser.steps > limit {
        // Every word can start a date, so a line of list-like words would cost the square of its
        // length. Past the budget only the last words still start dates (a date most often ends
        // a line), with a small budget of their own; the words passed over stay in the title.
        let last = tail ? tokens.count : max(i, tokens.count - Self.tailWords)
        if last > i {
          let end = last < tokens.count ? tokens[last].range.lowerBound : scalars.count
          result.diagnostics.append(TaskLineDiagnostic.searchStopped(SourceRange(t.range.lowerBound, end)))
        }
        if tail { break }
        tail = true
        limit = parser.steps + Self.tailSteps
        i = last
        continue
      }
      if case .punctuation(let c) = t.kind {
        if c == "!", scanner.reminderMarks.contains(t.range.lowerBound) {
          i = readReminder(&parser, at: i, limit: limit)
          continue
        }
        guard c == "@" || c == "+" else {
          i += 1
          continue
        }
      }
      if t.word == "no", let k = noDateLength(at: i) {
        take(.noDate, SourceRange(t.range.lowerBound, tokens[i + k - 1].range.upperBound))
        i += k
        continue
      }
      parser.index = i
      if let (minutes, k) = parser.parseTaskDuration() {
        let range = SourceRange(t.range.lowerBound, tokens[i + k - 1].range.upperBound)
        result.productionBits |= 1 << UInt64(Production.TaskDuration.rawValue)
        if (1...1440).contains(minutes) {
          if result.durationMinutes == nil {
            result.durationMinutes = minutes
            take(.duration, range)
          }
        } else {
          result.diagnostics.append(TaskLineDiagnostic.duration(minutes, range))
        }
        i += k
        continue
      }
      if case .word(let w) = t.kind, parser.lexed[i].index < 0 || w.hasPrefix("lunch"),
        w != "close" || i + 1 >= tokens.count || tokens[i + 1].word != "of"
      {
        // "Lunch with Bob tomorrow": a meal starts no date ("at lunch" is a time); "close of
        // business" does.
        i += 1
        continue
      }
      if insideRun(at: i) {
        i += 1
        continue
      }
      parser.treeBox = empty  // copied on the first change, so a start that reads nothing allocates none
      if !parser.diagnostics.isEmpty { parser.diagnostics = [] }
      let (ends, stopped) = parser.parseTaskDate()
      if var span = longest(&parser, from: i, ends: ends, limit: limit) {
        if tail, cutsIn(before: span.tokens.lowerBound, parser) {
          i += 1
          continue  // a piece of a longer phrase the budget left unread is no reading of it
        }
        if unread != nil, span.timeOnly, span.tokens.lowerBound <= unreadAt + Self.unreadReach,
          namesPeriod(unreadAt + 1..<span.tokens.lowerBound, parser)
        {
          // "every school day at 7am": the time belongs to the rule that did not read (QA402),
          // not a date of its own.
          i = span.tokens.upperBound
          continue
        }
        if followsCountedDate(span.tokens.lowerBound, after: spans.last?.tokens.upperBound ?? 0, parser) {
          // "3 days after next wed at 6am", "2 weeks from december 20th": the date is counted
          // from another and not read, so neither its time nor a piece of it is a date.
          i = span.tokens.upperBound
          continue
        }
        if let stopped, stopped.severity == .error, stopped.id.hasPrefix("QA3"),
          stopped.range.lowerBound >= span.range.upperBound
        {
          // "Take photo every 5 seconds": the phrase went on and was refused for its meaning;
          // what it refused stays in the title, with the reason.
          span.diagnostics.append(
            TaskLineDiagnostic.notADate(stopped, SourceRange(span.range.upperBound, stopped.range.upperBound)))
        }
        spans.append(span)
        i = span.tokens.upperBound
        if spans.count == Self.maxDates, i < tokens.count {
          // A line keeps one date: past this many, the rest is not searched.
          result.diagnostics.append(
            TaskLineDiagnostic.searchStopped(SourceRange(tokens[i].range.lowerBound, scalars.count)))
          break
        }
        continue
      }
      // A phrase from here refused for its meaning (QA3xx), with nothing shorter read.
      let refused = ends.isEmpty ? stopped.flatMap { $0.severity == .error && $0.id.hasPrefix("QA3") ? $0 : nil } : nil
      if let refused,
        parser.isClass(.other) || parser.isClass(.adverb) || parser.isClass(.prefix) || parser.isClass(.every)
      {
        // "Run alternate weekdays", "water plants every 2 to 3 days": no word of it is a date of
        // its own.
        if unread == nil {
          unread = TaskLineDiagnostic.notADate(refused, SourceRange(t.range.lowerBound, refused.range.upperBound))
          unreadAt = i
        }
        i = tokens[i...].firstIndex { $0.range.lowerBound >= refused.range.upperBound } ?? tokens.count
        if parser.isClass(.every) {
          // The rest of a refused rule is no date of its own ("mow every 2 to 3 weeks on monday"):
          // its date words after it are passed over too.
          while i < tokens.count,
            tokens[i].word == nil ? !tokens[i].isPunctuation(Parser.barrier) : !parser.unknown(at: i)
          {
            i += 1
          }
        }
        continue
      }
      if let refused, unread == nil, refused.range.lowerBound == t.range.lowerBound,
        tokens[i...].prefix(while: { $0.range.upperBound <= refused.range.upperBound }).count >= 3
      {
        // "Party 5th monday of february 2027": a whole date phrase says why it is no date.
        unread = TaskLineDiagnostic.notADate(refused, refused.range)
        unreadAt = i
      }
      if ends.isEmpty, unread == nil, let stopped, parser.isClass(.every),
        stopped.range.upperBound < scalars.count || stopped.id.hasPrefix("QA3")  // a refusal: "every 5 seconds"
      {
        unread = TaskLineDiagnostic.notADate(stopped, SourceRange(t.range.lowerBound, stopped.range.upperBound))
        unreadAt = i
      }
      i += 1
    }
    if let unread, spans.isEmpty { result.diagnostics.append(unread) }
    result.productionBits |= parser.visitedBits
    searchSteps = parser.steps
    choose(spans, offersDays: offersDays(parser))
  }

  /// What reading one candidate phrase's meaning costs, in parser steps (a production entered),
  /// besides a step for eight tokens: the resolver and a look at the engine's first occurrence
  /// cost about two.
  static let evaluationSteps = 2

  /// Counts reading the meaning of a candidate of `words` tokens against the search's budget.
  @inline(__always) static func chargeEvaluation(_ parser: inout Parser, words: Int) {
    parser.steps &+= evaluationSteps + words / 8
  }

  /// The parser steps the date search of a line of `scalars` characters may take before only the
  /// last `tailWords` words still start dates: lines of the corpus and of the probes under 60
  /// characters take at most half of it (the longest ones, runs of numbers written to test the
  /// bound, fit), while a line of a thousand list-like characters stays under a millisecond.
  static func stepBudget(scalars: Int) -> Int { 256 + 3 * scalars }

  /// Words before a date that belong to it: "due friday", "by friday", "due by friday", "trip
  /// for feb 14", "send it until friday" (as learners write "by"; `till` is also a noun and `Til`
  /// a name, so `till` only when no determiner makes it the noun, and never `til`).
  static let leadInWords: Set<String> = ["due", "by", "for", "on", "until", "till", "within"]

  /// Lead-ins after which a capitalised `Tom` is the person ("Buy present for Tom", "Waiting on
  /// Tom", "Meeting for Tom at 3pm"); after `by` or `due` it is still tomorrow.
  static let nameAfter: Set<String> = ["for", "on", "at"]

  /// Words before a date that belong to it when it names a day or a time, not an amount:
  /// "visit parents over the weekend", "clean during the week", "sometime next week" ("over 2
  /// days" is an amount; `over` only before `the`: "come over tomorrow" keeps its verb).
  static let looseLeadIns: Set<String> = ["over", "during", "sometime", "throughout"]

  /// Whether token `k` starts an amount (a number or an ordinal), not a named day.
  func countsFrom(_ k: Int) -> Bool {
    switch tokens[k].kind {
    case .number, .ordinal: return true
    default: return tokens[k].word == "a" || tokens[k].word == "an"
    }
  }

  /// Whether a capitalised `Tom` at `k` is tomorrow before the part of the day or `EOD` after
  /// it (`Gym Tom morning`, `Finish report Tom EOD`, as Todoist's `tom morning`): not after `with`
  /// or `and` (`Lunch with Tom afternoon`), not before `tonight` (today's), and `EOD` only ending
  /// the line (`Call Tom EOD friday` is Friday's).
  func tomorrowsPartOfDay(after k: Int, _ parser: Parser) -> Bool {
    guard k + 1 < tokens.count, let next = tokens[k + 1].word, !["with", "w", "and"].contains(tokens[k - 1].word ?? "")
    else { return false }
    if parser.lexed[k + 1].mask & WordClass.partofday.bit != 0 { return !next.hasPrefix("toni") && next != "night" }
    return next == "eod" && k + 2 == tokens.count
  }

  /// Whether the number at `k` counts the times of a period the parse read: `3 times a day`,
  /// `2x daily`, `1x weekly`.
  func countsPerPeriod(_ k: Int, _ parser: Parser) -> Bool {
    guard k + 1 < tokens.count, parser.tree.unit != nil, parser.lexed[k + 1].index >= 0 else { return false }
    return parser.lexicon.roles[parser.lexed[k + 1].index] == .times
      && (parser.tree.timesPer != nil || parser.tree.recurring != nil)
  }

  /// Whether a parsed date phrase names a day, a start or a rule besides its times.
  func namesDayOrRule(_ tree: PhraseTree) -> Bool {
    !tree.days.isEmpty || tree.start != nil || tree.recurring != nil || tree.unit != nil
  }

  /// Whether a negation stands in the few words before token `k` ("don't open until …").
  func negated(before k: Int) -> Bool {
    tokens[max(0, k - 4)..<k].contains { $0.word.map(Self.negations.contains) ?? false }
  }

  /// Words that negate what follows.
  static let negations: Set<String> = ["not", "don't", "dont", "never", "cannot", "can't", "won't", "no"]

  /// Whether tokens `range` (the words of an unread rule) name a period or days (`school day`,
  /// `pay day`): then a time after them is theirs. `every client at 10am` names none.
  func namesPeriod(_ range: Range<Int>, _ parser: Parser) -> Bool {
    let classes = WordClass.unit.bit | WordClass.daygroup.bit | WordClass.weekday.bit | WordClass.partofday.bit
    return range.contains { $0 < tokens.count && parser.lexed[$0].mask & classes != 0 }
  }

  /// How many tokens after an unread `every …` phrase's start a time alone is still its part
  /// (`every school day at 7am`); a day is not (`every blah days tomorrow` is due tomorrow).
  static let unreadReach = 5

  /// The most date phrases searched for in one line (one is kept, the others are warnings).
  static let maxDates = 16

  /// How many words at the end of the line still start dates once the budget is spent.
  static let tailWords = 8

  /// The steps those last words may take.
  static let tailSteps = 1_024

  /// The longest of the phrases the parser read from token `i` that is a date here.
  func longest(
    _ parser: inout Parser, from i: Int, ends: [(index: Int, tree: TreeBox, diagnostics: Int)], limit: Int
  ) -> Span? {
    // A phrase that means no date ("weekly 1:1") gives way to a shorter one that does ("weekly");
    // with none, its error stands ("every 0 days").
    var failed: Span?
    for end in ends.reversed() where parser.steps <= limit {
      parser.index = end.index
      parser.treeBox = end.tree
      let warnings = end.diagnostics == 0 ? [] : Array(parser.diagnostics.prefix(end.diagnostics))
      Self.chargeEvaluation(&parser, words: end.index - i)
      guard var span = evaluate(parser, from: i, to: end.index, warnings: warnings) else { continue }
      if span.reading != nil {
        if let longer = failed, let reason = longer.diagnostics.first(where: { $0.severity == .error }),
          longer.range.upperBound > span.range.upperBound, !endsInRatio(longer.range.upperBound)
        {
          // "Yoga every day except may 2027": the longer phrase does not read, so what it adds
          // stays in the title, and the warning says why (not silently dropped).
          span.diagnostics.append(
            TaskLineDiagnostic.notADate(reason, SourceRange(span.range.upperBound, longer.range.upperBound)))
        }
        return span
      }
      failed = failed ?? span
    }
    return failed
  }

  /// Whether the bare number at `k` is an hour of the part of the day written right after it
  /// with `in the` or `at` (`6 in the morning call Sam`, `by 11 at night`, `around 3 in the
  /// afternoon`, `7 tonight`): one that part can hold (before `tonight` 5 to 11), first in the
  /// line or after `by`, `around`, `before` …; never a count the part cannot hold.
  func hourOfPartOfDay(_ k: Int, _ parser: Parser) -> Bool {
    guard case .number(let n) = tokens[k].kind, (1...12).contains(n), k + 1 < tokens.count else { return false }
    // Only first in the line or after a word that leads to a time: after a title word the number
    // is most often an amount or a name's ("Take 2 at night", "Terminal 5 in the morning", "Top 10
    // tonight", "Table for 8 tonight").
    func led() -> Bool { k == 0 || Self.hourLeadIns.contains(tokens[k - 1].word ?? "") }
    if tokens[k + 1].word == "tonight" { return (5...11).contains(n) && led() }  // "7 tonight call Sam"
    guard k + 2 < tokens.count else { return false }
    var cue = k + 2
    if tokens[k + 1].word == "in", tokens[k + 2].word == "the", k + 3 < tokens.count {
      cue = k + 3
    } else if tokens[k + 1].word != "at" || tokens[k + 2].word != "night" {
      return false
    }
    guard let minutes = partOfDayMinutes(cue, parser), Self.partOfDay(minutes, holds: n) else { return false }
    return led()
  }

  /// Words after which a bare hour before a part of the day is that hour (`by 11 at night`).
  static let hourLeadIns: Set<String> = ["around", "about", "by", "before", "after", "till", "until", "til"]

  /// Nouns a range of numbers after them counts, besides `countedNouns` (`Psalm 23-24 March`,
  /// `Lines 1-20 June`, `Kids aged 3-5 March`): no range of days.
  static let rangeNouns: Set<String> = [
    "psalm", "line", "q", "aged", "age", "sleep", "invoice", "timesheet", "payroll", "data", "stat", "log",
    "temperature", "temp", "seat", "aisle", "row", "verse", "bay", "gate", "platform", "spot", "lot", "lane",
  ]

  /// Nouns a number after them counts (`Chapter 3`, `Season 2`), and `of` (`2 of 3`).
  static let countedNouns: Set<String> = [
    "chapter", "ch", "page", "pg", "p", "season", "part", "pt", "volume", "vol", "episode", "ep", "lesson", "item",
    "step", "level", "book", "act", "scene", "round", "game", "unit", "section", "module", "issue", "no", "number",
    "week", "day", "slide", "question", "problem", "exercise", "verse", "track", "song", "video", "phase", "stage",
    "sprint", "tier", "grade", "year", "class", "lecture", "session", "room", "table", "of", "sheet", "file", "box",
  ]

  /// Words before a time that make it name a thing (`my 7am shift`, `the 10am meeting`).
  static let clockDeterminers: Set<String> = [
    "my", "your", "his", "her", "our", "their", "the", "a", "an", "this", "that", "its",
  ]

  /// Whether tokens `first..<j` are a day number, `of` and a month that ends the line's part or
  /// comes before its time (`birthday 14 of December`, `before 1 of February`, `3 of march at
  /// 5pm`; `2 of december issues` counts issues).
  func dayOfMonthNamed(_ first: Int, to j: Int, _ parser: Parser) -> Bool {
    guard j >= first + 3, case .number(let n) = tokens[first].kind, (1...31).contains(n),
      tokens[first + 1].word == "of",
      parser.lexed[first + 2].mask & WordClass.month.bit != 0
    else { return false }
    if first > 0, tokens[first - 1].isNumber || tokens[first - 1].word.map(Self.countedNouns.contains) == true {
      return false  // "Chapter 3 of December", "Review 2 of 3 of December": the number counts
    }
    if j > first + 3 { return tokens[first + 3].word == "at" || tokens[first + 3].isClock }  // "3 of march at 5pm"
    return !titleWordFollows(j)
  }

  /// Whether token `k` is four digits the grammar read as a 24-hour clock before a day
  /// (`0600 tomorrow`, `2300 fri`; see `Parser.militaryBeforeDay`).
  func isMilitaryClock(_ k: Int, _ parser: Parser) -> Bool {
    let range = tokens[k].range
    return range.upperBound - range.lowerBound == 4 && parser.tree.times.contains { $0.range == range }
  }

  /// Whether token `k` names days a number before it counts: `weekdays`, `business days`,
  /// `nights`.
  func countsDays(_ k: Int, _ parser: Parser) -> Bool {
    if parser.lexed[k].mask & (WordClass.daygroup.bit | WordClass.unit.bit) != 0 { return true }
    if parser.lexed[k].mask & WordClass.partofday.bit != 0, tokens[k].word?.hasSuffix("s") == true { return true }
    let index = parser.lexed[k].index
    return index >= 0 && parser.lexicon.roles[index] == .work  // business, working, work
  }

  /// Whether the words before token `k` may belong to the same date phrase: a date word, an
  /// ordinal, a numeric date or a clock time, or a number or punctuation after one (`every 3 |
  /// weeks`, `tuesday, | thursday`); not a title word, a number after a title word or another
  /// number (`wed 9 10 11 | next week`), or the line's start.
  func cutsIn(before k: Int, _ parser: Parser) -> Bool {
    var j = k - 1
    while j >= 0, j >= k - 2 {
      switch tokens[j].kind {
      case .word: return parser.lexed[j].index >= 0
      case .number, .punctuation: j -= 1
      default: return true
      }
    }
    return false
  }

  /// Whether token `i` is inside a run of numbers, ordinals or inch sizes (the `5` of `4, 5, 6`,
  /// `4 5 6` or `4" 5" 6"`, the `2nd` of `1st 2nd 3rd`, the `3/4"` of `1/2" 3/4" 1"`): the run's first item
  /// read it already and no date starts inside it, so the search goes past it (a run would
  /// otherwise cost the square of its length). The last item is still a start (`4, 5 and 6pm`).
  func insideRun(at i: Int) -> Bool {
    isRunItem(i) && runItemBeside(i, step: -1) && runItemBeside(i, step: 1)
  }

  /// Whether a run item is next to token `i` in direction `step`, or after one separator
  /// (`,`, `/`, `&`, `-`, an inch or foot mark, `and`, `or`).
  func runItemBeside(_ i: Int, step: Int) -> Bool {
    var k = i + step
    guard k >= 0, k < tokens.count else { return false }
    if isRunItem(k) { return true }
    switch tokens[k].kind {
    case .punctuation(let c) where c == "," || c == "/" || c == "&" || c == "-" || c == "\"" || c == "'": break
    case .word(let w) where w == "and" || w == "or": break
    default: return false
    }
    k += step
    return k >= 0 && k < tokens.count && isRunItem(k)
  }

  /// Whether token `k` is a number, an ordinal or a fraction of an inch (`1/2"`); a numeric date
  /// or a clock time may start a date after a number (`Room 3 12/4 10am`).
  func isRunItem(_ k: Int) -> Bool {
    switch tokens[k].kind {
    case .number, .ordinal: return true
    case .numericDate:
      return k + 1 < tokens.count && tokens[k + 1].isPunctuation("\"")
        && tokens[k + 1].range.lowerBound == tokens[k].range.upperBound
    default: return false
    }
  }

  /// `no date`, `no due date`: the number of tokens, or nil.
  func noDateLength(at i: Int) -> Int? {
    guard i + 1 < tokens.count else { return nil }
    if tokens[i + 1].word == "date" { return 2 }
    if tokens[i + 1].word == "due", i + 2 < tokens.count, tokens[i + 2].word == "date" { return 3 }
    return nil
  }

  /// The date phrase the parser read from token `i` to `j`, if it is one here: on word
  /// boundaries, not a weak reading with a title word after it, not a name, and meaning a date.
  func evaluate(_ parser: Parser, from i: Int, to j: Int, warnings: [Diagnostic]) -> Span? {
    var start = i
    // Lead-in words belong to the date: "due friday", "by friday", "due by friday", "trip for feb 14".
    while start > 0, i - start < 2, let w = tokens[start - 1].word, Self.leadInWords.contains(w),
      w != "until" || !negated(before: start - 1),  // "Don't open until christmas" keeps its sense
      w != "till" || start < 2 || !(tokens[start - 2].word.map(Self.determiners.contains) ?? false)  // "the till"
    {
      start -= 1  // "on" too when the grammar did not take it: "wedding is on June 12, 2027"
    }
    if start == i, start > 0, tokens[start - 1].word == "the", tokens[i].word == "next" {
      if start > 1, ["for", "in", "by", "within"].contains(tokens[start - 2].word ?? "") {
        start -= 2  // "call the plumber in the next week", "finish the report for the next monday"
      } else if i + 1 < j, parser.lexed[i + 1].mask & WordClass.weekday.bit != 0 {
        start -= 1  // "go to doctor the next monday", as learners write "next monday"
      }
    }
    if start == i, start > 0, tokens[start - 1].word == "at",
      (i + 1 < j
        && ["end", "beginning", "start", "close"].contains(tokens[tokens[i].word == "the" ? i + 1 : i].word ?? ""))
        || ["eod", "cob", "eob"].contains(tokens[i].word ?? "")
    {
      start -= 1  // "book flights at the beginning of march", "cancel it at end of the month", "submit at COB"
    }
    if start == i, start > 0, let w = tokens[start - 1].word, Self.looseLeadIns.contains(w), !countsFrom(start),
      w != "over" || tokens[start].word == "the"  // "come over tomorrow": the verb's
    {
      start -= 1  // "visit over the weekend", "clean during the week", "sometime next week"
    }
    if start == i, start > 2, tokens[start - 1].word == "than", tokens[start - 2].word == "later",
      tokens[start - 3].word == "no" || tokens[start - 3].word == "not"
    {
      start -= 3  // "finish the report no later than friday"
    }
    if start == i, start > 0, tokens[start - 1].word == "before",
      start < 2 || parser.lexed[start - 2].mask & WordClass.unit.bit == 0
    {
      start -= 1  // "mail the form before dec 12": due by then ("2 days before dec 20" is not read)
    }
    if start == i, start > 0, let w = tokens[start - 1].word, ["from", "after", "until", "till", "til"].contains(w),
      tokens[i].isClock || (tokens[i].isNumber && w == "after" && parser.tree.times.count == 1)
        || (j == i + 1 && ["noon", "midday", "midnight"].contains(tokens[i].word ?? ""))
    {
      start -= 1  // "meeting from 1pm to 2pm", "pick up glasses wed after 2pm" (at the earliest), "lunch from noon"
    }
    let range = SourceRange(tokens[start].range.lowerBound, tokens[j - 1].range.upperBound)
    // "22-23 Feb": a day glued after another and a hyphen, before its month, ends a range of days.
    var daysBeforeMonth = false
    if start == i, start >= 2, start + 1 < j, parserMonth(start + 1), tokens[start - 1].isPunctuation("-"),
      case .number(let last) = tokens[start].kind, case .number(let first) = tokens[start - 2].kind
    {
      daysBeforeMonth = (first >= 1 && first < last)  // "30-2 March", "9-5 March" are no range of days
    }
    guard onBoundaries(range, daysBeforeMonth: daysBeforeMonth), !isHyphenatedModifier(i, j, parser),
      !gluesMeridiemToNumber(start..<j, parser),
      !isAlternative(start..<j, parser)
    else {
      return nil
    }
    if start >= 3, tokens[start - 1].isPunctuation("-"), tokens[start - 2].isNumber, countsRange(start - 3) {
      return nil  // "Read pages 22-23 feb issue", "Score 3-5 march": numbers counted, no range of days
    }
    if start >= 1, start + 2 < j, tokens[start].isNumber, tokens[start + 1].isPunctuation("-"),
      tokens[start + 2].isNumber, countsRange(start - 1)
    {
      return nil  // "Read pages 10-25 tonight", "Score 2-1 at 9pm": a range counted, no date written with a hyphen
    }
    if countedFrom(start..<j, parser) {
      return nil  // "2 days before dec 20", "10 days from jan 5": a date counted from another is not read
    }
    if start > 0, ["than", "under", "over"].contains(tokens[start - 1].word ?? ""),
      case .number = tokens[start].kind
    {
      return nil  // "keys older than 90 days", "under 2 hours": an amount, not a date
    }
    if countedWeekdays(start, parser) {
      return nil  // "4 mondays from now", "six sundays ago": Mondays counted, no rule on them
    }
    if start > 0, tokens[start - 1].word == "all", case .number = tokens[start].kind {
      return nil  // "Sport all 3 days": every 3 days (German "alle 3 Tage") or a length, no date 3 days on
    }
    if start > 0, case .number = tokens[start - 1].kind, countsDays(i, parser) {
      return nil  // "in 2 business days" unread: the days are counted, not named
    }
    if j < tokens.count, j >= 2, case .number = tokens[j - 1].kind, countsDays(j, parser),
      let before = tokens[j - 2].word, before == "every" || before == "in" || before == "each"
    {
      return nil  // "every 2 business days": the number counts what follows, it is no day
    }
    if j < tokens.count, j >= 2, case .number = tokens[j - 1].kind, tokens[j].word != nil, parser.lexed[j].index < 0,
      tokens[j - 2].word == "every" || tokens[j - 2].word == "each"
    {
      return nil  // "every 3 dys", "every 15 reports": the number counts the word after it, no day of the month
    }
    if j < tokens.count, parser.lexed[j - 1].mask & WordClass.month.bit != 0,
      (tokens[j - 1].word?.count ?? 0) >= 5 || tokens[j - 1].word == "may" || tokens[j - 1].word == "june"
        || tokens[j - 1].word == "july",
      isStreetWord(j)
    {
      return nil  // "deliver to 12 March Street": an address, not a date
    }
    var first = i
    while first < j - 1, let w = tokens[first].word, w == "on" || w == "the" || w == "at" || w == "by" { first += 1 }
    if tokens[first].isPunctuation("@"), first < j - 1 { first += 1 }
    let content = tokens[first..<j]
    // "at 11:30", "on the 3rd"; a bare hour after "before" or "after" is a time ("call after 3").
    let marked =
      first > i
      || (first > 0 && ["before", "after"].contains(tokens[first - 1].word ?? "") && content.count == 1
        && tokens[first].isNumber && parser.tree.times.count == 1)
    let lead = parser.lexed[first].mask
    if lead & WordClass.weekday.bit != 0, !namesNoDay(first, parser) { return nil }
    if lead & WordClass.weekday.bit != 0, first == i, unreadOrdinalBefore(first, parser) {
      return nil  // "Call Sam last tuesday": the weekday is the ordinal's, which did not read
    }
    if lead & WordClass.partofday.bit != 0, tokens[first].word != "tonight", first > 0, first == i,
      isTitleWord(first - 1, parser) || isPossessive(first - 1)
        || (parser.lexed[first - 1].mask & WordClass.ordinal.bit != 0 && tokens[first - 1].word != nil
          && isCapitalized(tokens[first - 1]) && isCapitalized(tokens[first]))  // "Read Twelfth Night"
    {
      return nil  // "movie night friday", "parents' evening": the part of the day is the title's noun
    }
    if lead & WordClass.partofday.bit != 0, first > 0, tokens[first - 1].word == "the", isCapitalized(tokens[first]),
      first + 1 < tokens.count, tokens[first + 1].word != nil, isCapitalized(tokens[first + 1]),
      isTitleWord(first + 1, parser)
    {
      return nil  // "Tidy the Morning Room", "Book the Evening Star tickets": a name
    }
    if lead & WordClass.holiday.bit != 0, first > 0, ["about", "re"].contains(tokens[first - 1].word ?? "") {
      return nil  // "Call Eve about Christmas": the talk's subject, not its day
    }
    if isTitlesDate(content, at: first, from: start, to: j, parser) {
      return nil  // "Watch Groundhog Day", "Rate the movie 9/10", "3pm EST", "Sunday school teacher" …
    }
    if content.count == 1, first > 0, tokens[first - 1].word == "to", lead & WordClass.weekday.bit != 0,
      tokens[first].word?.hasSuffix("days") == true, j >= tokens.count || tokens[j].word == nil,
      !tokens.contains(where: { $0.word == "from" || Self.recurringWords.contains($0.word ?? "") })
    {
      return nil  // "Move our 1:1s to Tuesdays": the days it moves to, not its day
    }
    if !marked,
      content.allSatisfy({
        switch $0.kind {
        case .number, .punctuation: return true
        default: return false
        }
      })
    {
      return nil  // "Route 66", "call 3 people": a number alone is no date
    }
    if !marked, case .number = tokens[first].kind, first + 1 < j, !isIshHour(first),
      !oclockEndsTime(first, parser),  // "Pickup 5 o'clock"
      !isMilitaryClock(first, parser),  // "Muster 0600 tomorrow", "Duty 2300 fri"
      !dayOfMonthNamed(first, to: j, parser),  // "birthday 14 of December"
      parser.lexed[first + 1].mask & (WordClass.month.bit | WordClass.unit.bit) == 0,
      !(tokens[first + 1].isPunctuation("/") || tokens[first + 1].isPunctuation("-")),
      !countsPerPeriod(first, parser),  // "3 times a day at 7am, 1pm and 7pm", "1x daily"
      !hourOfPartOfDay(first, parser)  // "Call Sam 6 in the morning", "11 at night"
    {
      return nil  // "read ch 4 tonight", "room 12 at noon": a bare number is no day of the month
    }
    if first >= 1, tokens[first].isOrdinal, parser.tree.months.isEmpty,
      tokens[first - 1].isOrdinal
        || (first >= 2 && tokens[first - 2].isOrdinal
          && (tokens[first - 1].word == "and" || tokens[first - 1].word == "or" || tokens[first - 1].isPunctuation("&")
            || tokens[first - 1].isPunctuation(",")))
    {
      // "pay 1st and 15th", "Read 1st 2nd 3rd tuesday", "1st or 3rd tuesday": the last of a list
      // of days that did not read is no date alone.
      return nil
    }
    if (first..<max(first, j - 1)).contains(where: { k in
      tokens[k].word == "tonight" && tokens[k + 1].isNumber
        && !parser.tree.times.contains { $0.range.lowerBound == tokens[k + 1].range.lowerBound }
    }) {
      return nil  // "tonight 8 movie", "Homework tonight 3 pages": tonight is today, no day of the month
    }
    if tokens[first].word == "from", first + 2 == j, tokens[first + 1].word == "tom", isCapitalized(tokens[first + 1]),
      hasWordBefore(first), !titleCase
    {
      return nil  // "Buy present from Tom", "from Tom Hanks": the person
    }
    if tokens[first].word == "tom", content.count > 1, hasWordBefore(first),
      isCapitalized(tokens[first]) || tokens[first - 1].word == "with", !titleCase,
      !Self.leadInWords.contains(tokens[first - 1].word ?? "")
        || Self.nameAfter.contains(tokens[first - 1].word ?? ""),
      !tomorrowsPartOfDay(after: first, parser)
    {
      // "Call Tom every friday", "Meet Tom at 5", "lunch with tom at 1": the name; "Gym Tom
      // morning" is tomorrow's.
      return nil
    }
    if first == i, first > 0, isCapitalized(tokens[first]) {
      let dotted = first > 1 && tokens[first - 1].isPunctuation(".")
      if let title = tokens[first - (dotted ? 2 : 1)].word, Self.honorifics.contains(title), dotted || title != "st" {
        return nil  // "call Dr. Weekly", "email Mrs. May": a name after a title
      }
    }
    let adjective =
      tokens[first].word == "everyday"
      ? first + 1
      : tokens[first].word == "every" && first + 2 < tokens.count && tokens[first + 1].isPunctuation("-")
        && tokens[first + 2].word == "day" ? first + 3 : nil
    if let after = adjective, after == j, after < tokens.count, let w = tokens[after].word,
      parser.lexed[after].mask == 0, !Self.ordinalDateEnders.contains(w), !Self.everydayFunctionWords.contains(w)
    {
      return nil  // "use everyday plates", "fix the every-day cron job": an adjective before its noun
    }
    if tokens[first].word == "everyday", !titleCase, hasWordBefore(first), isCapitalized(tokens[first]),
      first + 1 < tokens.count,
      tokens[first + 1].word != nil, isCapitalized(tokens[first + 1])
    {
      return nil  // "Set up Everyday Essentials subscription": a name
    }
    if tokens[first].word == "every", first + 2 < tokens.count, tokens[first + 1].word == "day",
      isCapitalized(tokens[first]), isCapitalized(tokens[first + 1]), tokens[first + 2].word != nil,
      isCapitalized(tokens[first + 2]), isTitleWord(first + 2, parser), isNounAfterDate(first + 2, parser)
    {
      return nil  // "Research Every Day Carry gear": a name, each word capitalised
    }
    if first == i, hasWordBefore(i), let c = tokens[i].word, Self.startVerbs.contains(c), i + 1 < j,
      tokens[i + 1].word != "of", parser.tree.recurring == nil, parser.tree.unit == nil
    {
      return nil  // "Finals start 14 Dec", "School starts monday": the verb is the title's, the date follows it
    }
    if let c = tokens[first].word, ["start", "starting", "begin", "beginning"].contains(c), first + 1 < j,
      case .number = tokens[first + 1].kind, first + 2 < j, parser.lexed[first + 2].mask & WordClass.unit.bit != 0
    {
      return nil  // "start 21 day fix": a program's length, not a start date
    }
    if first == i + 1, start == i || !["by", "due", "until", "till", "before"].contains(tokens[start].word ?? ""),
      tokens[i].word == "the", case .number = tokens[first].kind,
      first + 1 >= j || (parser.lexed[first + 1].mask & WordClass.month.bit == 0 && tokens[first + 1].word != "of")
    {
      // "pay the 2 parking tickets", "the 3 nights": "the" and a bare number count things ("by
      // the 15" is a day)
      return nil
    }
    if first > 0, tokens[first].isOrdinal, let owner = tokens[first - 1].word,
      owner.hasSuffix("'s") || owner.hasSuffix("’s"), first + 1 >= j
    {
      // "Learn Beethoven's 5th", "Plan Sam's 40th": the owner's ("Sam's 14th December gig",
      // "Mum's 2nd Tuesday of each month" are dates)
      return nil
    }
    if tokens[j - 1].isOrdinal, j < tokens.count, parser.lexed[j].mask & WordClass.unit.bit != 0 {
      return nil  // "video from 3rd quarter", "on the 2nd week": the ordinal counts the period after it
    }
    if content.count == 1, first == i, first > 0, tokens[first].isClock,
      tokens[first - 1].word.map(Self.clockDeterminers.contains) == true, titleWordFollows(j)
    {
      return nil  // "Swap my 7am shift", "Prep for the 10am meeting": the time names a thing
    }
    if first == i, j - first == 3, j < tokens.count, tokens[first + 1].word == "of", isTitleWord(j, parser),
      hasWordBefore(first), !(tokens[first - 1].word.map(Self.nameLeadIns.contains) ?? true),
      tokens[first].word == "fourth" || tokens[first].kind == .ordinal(4),
      tokens[first + 2].word == "july" || tokens[first + 2].word == "jul"
    {
      return nil  // "Buy 4th of July decorations": the holiday's name before a noun
    }
    if j - first > 1, tokens[j - 1].word == "lunch", titleWordFollows(j) || !hasWordBefore(i) {
      // "Friday lunch with Raj", "christmas day lunch": the lunch is the task, the day its date
      return nil
    }
    if describesNoun(from: i, first: first, to: j, start: start, parser)
      || forDateDescribesNoun(from: i, first: first, to: j, parser)
    {
      return nil
    }
    if bareNumberIsNoTime(first: first, to: j, parser) { return nil }
    if gluesCode(max(first - 1, 0)..<min(j + 1, tokens.count)) { return nil }
    if partOfDayDescribesNoun(from: first, to: j, parser) || namesShifts(first, to: j, parser) { return nil }
    let strength = self.strength(content, parser, at: first, marked: marked, from: i)
    if strength == .name { return nil }
    if isName(content, parser, at: first, from: start) || namesBeforeTime(content, parser, at: first, from: start) {
      return nil
    }
    var soft = false
    let label =
      !hasWordBefore(first) && j < tokens.count && (tokens[j].isPunctuation(":") || tokens[j].isPunctuation("-"))
    // "Costco run sat - 2 cases water", "Clean sat: fridge": a weekday closing its part of the line.
    let closesPart =
      content.count == 1 && parser.lexed[first].mask & WordClass.weekday.bit != 0 && j < tokens.count
      && (tokens[j].isPunctuation(":")
        || ((tokens[j].isPunctuation("-") || tokens[j].isPunctuation("–"))
          && tokens[j].range.lowerBound > tokens[j - 1].range.upperBound))
    if strength == .weak, titleWordFollows(j), !label, !closesPart, !afterTime(j, parser),
      !timeFollowsSkipped(j, parser), !weekdayBeforeClause(content, at: first, to: j, parser)
    {
      // An adverb that starts the line ("Weekly team sync") recurs when nothing else in the line
      // is a date; anything else weak before a title word is the title's.
      guard isLeadingAdverb(content, parser, at: first) else { return nil }
      soft = true
    }
    for node in parser.tree.times {
      let written = scalars[node.range.lowerBound..<min(node.range.upperBound, scalars.count)]
      // "18.30h" carries its hours mark as "7.30pm" carries its meridiem.
      let meridiem = written.contains(where: { $0 == "m" || $0 == "M" || $0 == "h" || $0 == "H" })
      // "version 2.10": a dotted time needs "at", am/pm or a day just before it ("Tues 12.30").
      if !marked, written.contains("."), !meridiem, !dottedTimeAfterDay(node.range, parser, from: first) { return nil }
      // "meet at 3 June Avenue": a bare number before a street's name is a house number.
      if !meridiem, !written.contains(":"), j + 1 < tokens.count, tokens[j].word != nil, isStreetWord(j + 1) {
        return nil
      }
      // "bake at 350", "at 123 main st": three digits are no time without am/pm, unless they
      // start 5 to 9 beside a day or a rule ("standup at 830 daily", "call bob at 930 tomorrow").
      if !meridiem, written.count == 3, written.allSatisfy({ ("0"..."9").contains($0) }),
        !(("5"..."9").contains(written[written.startIndex]) && namesDayOrRule(parser.tree))
      {
        return nil
      }
      // "at 1600 Pennsylvania Ave": four digits before a capitalised word are a house number.
      if !meridiem, written.count == 4, written.allSatisfy({ ("0"..."9").contains($0) }),
        let next = tokens[first...].firstIndex(where: { $0.range.lowerBound >= node.range.upperBound }),
        let w = tokens[next].word, Lexicon.zoneWords[w] == nil,  // "daily at 0200 UTC" is a time
        isCapitalized(tokens[next])
      {
        return nil
      }
    }
    guard let meaning = TaskLineDate.reading(parser, options: options, span: range, words: start..<j, cues: titleCues)
    else { return nil }
    var startsWithNumber = false
    if case .number = tokens[first].kind { startsWithNumber = true }
    if meaning.reading == nil, content.count == 1 || soft || strength == .weak || startsWithNumber {
      return nil  // "50/50", "weekly 1:1": a word or number that only looks like a date
    }
    let tree = parser.tree
    let timeOnly = tree.start == nil && tree.days.isEmpty && (!tree.times.isEmpty || !tree.partsOfDay.isEmpty)
    var isRule = false
    if case .rule? = meaning.reading { isRule = true }
    let recurs = isRule || tree.recurring != nil
    let slips = parser.corrections.filter {
      range.lowerBound <= $0.range.lowerBound && $0.range.upperBound <= range.upperBound
    }
    // "Laundry later today": `later` before today or tonight goes with it; "Buy gift for friday
    // party": `for` before a date that a title word follows stays with the title ("for party").
    var from = start
    if tokens[from].word == "for", from + 1 < j, j < tokens.count, isNounAfterDate(j, parser),
      !isRule
    {
      from += 1
    }
    if from > 0, tokens[from - 1].word == "later", let w = tokens[from].word, ["today", "tod", "tonight"].contains(w) {
      from -= 1
    }
    // "Clean garage early next week": the week's first day, which `early` only says again.
    if from > 0, tokens[from - 1].word == "early", j == from + 2, tokens[from].word == "next",
      ["week", "wk"].contains(tokens[from + 1].word ?? "")
    {
      from -= 1
    }
    return Span(
      tokens: from..<j, range: SourceRange(tokens[from].range.lowerBound, range.upperBound), reading: meaning.reading,
      diagnostics: slips + warnings + meaning.diagnostics + twoLetterZoneNote(after: j, parser), recurs: recurs,
      timeOnly: timeOnly, soft: soft, closes: !titleWordFollows(j))
  }

  /// QA412 when `ET`, `CT`, `MT` or `PT` follows the phrase's time at token `j` and names a zone
  /// other than the line's: the time is read in the line's zone, and the word stays in the title
  /// (`Gym 6am PT` is personal training as often as Pacific time).
  func twoLetterZoneNote(after j: Int, _ parser: Parser) -> [Diagnostic] {
    guard j < tokens.count, let w = tokens[j].word, w.utf8.count == 2, Lexicon.twoLetterZones.contains(w),
      tokens[j - 1].isClock
        || (parser.tree.times.last.map { $0.range.upperBound == tokens[j - 1].range.upperBound } ?? false),
      let zone = Lexicon.zoneWords[w], zone.identifier != options.zone?.identifier
    else { return [] }
    return [TaskLineDiagnostic.twoLetterZone(w, zone: zone.identifier, tokens[j].range)]
  }

  /// Whether the phrase is part of a name, not a date, by its capitals (outside Title Case lines
  /// and not after a lead-in such as `by` or `on`): several capitalised words after the first
  /// word (`Twelfth Night`, `Tuesday Morning`, `Midnight Sun`), a capitalised `Today`,
  /// `Tomorrow` or `Yesterday` before a title word (`Watch Tomorrow Never Dies`), a capitalised
  /// plural weekday or adverb after a capitalised word (`Seven Sundays`, `Second Everyday`).
  func isName(_ content: ArraySlice<Token>, _ parser: Parser, at first: Int, from start: Int) -> Bool {
    guard hasWordBefore(first), isCapitalized(tokens[first]) else { return false }
    if content.count == 2, parser.lexed[first].mask & WordClass.ordinal.bit != 0, tokens[first].word != nil,
      parser.lexed[first + 1].mask & WordClass.partofday.bit != 0, isCapitalized(tokens[first + 1])
    {
      return true  // "Read Twelfth Night", "Read First Night": a spelled ordinal and a capitalised part of the day
    }
    if titleCase {
      // In Title Case, a weekday (and a part of the day) between two capitalised words that are
      // no date is a name: "Email Sunday Times", "Watch Friday Night Lights".
      let end = first + content.count
      let dateWords =
        WordClass.weekday.bit | WordClass.month.bit | WordClass.partofday.bit | WordClass.timeword.bit
        | WordClass.ordinal.bit | WordClass.number.bit | WordClass.unit.bit | WordClass.every.bit
      guard start == first, parser.lexed[first].mask & WordClass.weekday.bit != 0, isTitleWord(first - 1, parser),
        content.allSatisfy({ $0.word != nil && isCapitalized($0) }), end < tokens.count, let after = tokens[end].word,
        isCapitalized(tokens[end])
      else { return false }
      guard parser.lexed[end].mask & dateWords == 0 else { return false }
      // Only the shapes of names: "<weekday> Night <Name>" (a show), "<weekday> Times" (a paper).
      let night = content.count == 2 && tokens[first + 1].word == "night" && isTitleWord(end, parser)
      return night || (content.count == 1 && Self.paperWords.contains(after))
    }
    if start > 0, let w = tokens[start - 1].word, Self.nameLeadIns.contains(w) {
      return false
    }
    if start < first { return false }  // "by Wed", "on Friday": a lead-in says it is a date
    let words = content.filter { $0.word != nil }
    let end = first + content.count
    if words.count >= 2, words.allSatisfy({ isCapitalized($0) }), parser.lexed[first].mask & WordClass.keyword.bit == 0,
      titleWordFollows(end)
    {
      return true  // "Twelfth Night tickets", "Midnight Sun book"
    }
    if words.count == 1, let w = words.first?.word {
      if ["today", "tomorrow", "yesterday", "tonight"].contains(w), end < tokens.count, tokens[end].word != nil,
        isCapitalized(tokens[end])
      {
        return true  // "Watch Tomorrow Never Dies", "Today Explained"
      }
      // "Listen to Yesterday by the Beatles": a capitalised Yesterday after a title word, not
      // Title Case, names a thing; a task is rarely due yesterday.
      if w == "yesterday", !titleCase, end < tokens.count, tokens[end].word != nil { return true }
      let recurs = parser.lexed[first].mask & WordClass.adverb.bit != 0 || w.hasSuffix("days") || w.hasPrefix("every")
      if recurs, first > 0, tokens[first - 1].word != nil, isCapitalized(tokens[first - 1]) { return true }
    }
    return false
  }

  /// Whether the phrase starts with a capitalised name-like word that is no weekday, after a
  /// title word and no lead-in, followed by a time: `Call Tom at 3`, `Ask May 2pm` (the time
  /// alone is then the date).
  func namesBeforeTime(_ content: ArraySlice<Token>, _ parser: Parser, at first: Int, from start: Int) -> Bool {
    guard content.count >= 2, start == first, hasWordBefore(first), !titleCase, let w = tokens[first].word,
      Self.nameLike.contains(w), parser.lexed[first].mask & WordClass.weekday.bit == 0, isCapitalized(tokens[first])
    else { return false }
    if first > 0, let before = tokens[first - 1].word,
      Self.nameLeadIns.contains(before)
    {
      return false
    }
    let next = tokens[first + 1]
    if case .clock = next.kind { return true }
    return next.word == "at" || next.isPunctuation("@")
  }

  /// How strongly a phrase reads as a date.
  enum Strength {
    /// A date wherever it stands.
    case strong
    /// A date only where no title word follows (see the README).
    case weak
    /// A name or a noun, never a date ("Call Tom", "plan trip for 3 weeks").
    case name
  }

  /// How strongly the phrase whose content starts at token `first` reads as a date.
  func strength(_ content: ArraySlice<Token>, _ parser: Parser, at first: Int, marked: Bool, from i: Int) -> Strength {
    let lead = parser.lexed[first].mask
    if lead & WordClass.holiday.bit != 0 || tokens[first].word == "new" {
      // "Christmas tree", "New Year's Eve party": a holiday names things too; but "Boxing Day walk
      // 10am", "christmas day lunch at 1": a holiday's day with a time later in the line is when.
      // The time must be in the holiday's part of the line: "Valentine's Day card - post office
      // closes 5pm" is today's.
      let end = first + content.count
      let part = tokens[end...].prefix { t in
        guard case .punctuation(let c) = t.kind else { return true }
        return !["-", ",", ";", ":", "(", "/", "|"].contains(c)
      }
      if let last = content.last?.word, last == "day" || last == "eve",
        part.contains(where: { $0.isClock || $0.word == "noon" })
          || part.indices.dropLast().contains(where: { k in tokens[k].word == "at" && tokens[k + 1].isNumber })
      {
        return .strong
      }
      return .weak
    }
    if content.count == 1, hasWordBefore(first), !parser.corrections.isEmpty,
      parser.corrections.contains(where: { $0.range == tokens[first].range })
    {
      return .weak  // "buy sundae toppings": a slip alone after a title word is a date only at its end
    }
    if content.count == 2, case .number = content[content.startIndex].kind,
      parser.lexed[first + 1].mask & WordClass.unit.bit != 0
    {
      if i > 0, tokens[i - 1].word == "for" { return .name }  // "plan trip for 3 weeks": how long
      return .weak  // "3 weeks"
    }
    if content.count == 2, tokens[first].word == "day", case .number = content[content.startIndex + 1].kind {
      return .weak  // "Day 6 vlog"
    }
    if content.count == 2, tokens[first].word == "first", tokens[first + 1].word == "thing" {
      if first > 0, tokens[first - 1].word == "the" { return .name }  // "Remember the first thing"
      return .weak  // "The first thing I need"; "call the bank first thing" is today
    }
    let o = first - parser.index
    if parser.endOfDayLength(at: o) == content.count || (content.count == 1 && parser.endOfAbbreviation(at: o) != nil) {
      return .weak  // "Send EOD report", "Check end of day report"; "Send report EOD" is today
    }
    if tokens[first].word == "half", content.count <= 3, let last = content.last,
      parser.lexed[first + content.count - 1].mask & WordClass.adverb.bit != 0, last.word != nil
    {
      return .weak  // "Pay half-yearly premium": an adjective before a title word
    }
    if content.count > 1, hasWordBefore(first), !marked,
      content.contains(where: { if case .numericDate(_, _, nil, true) = $0.kind { true } else { false } }),
      !content.contains(where: { t in
        if case .numericDate(let d, let m, nil, true) = t.kind { return d > 12 || m > 9 }
        return t.isClock
      })
    {
      return .name  // "Bump version from 1.2. to 1.3.": dotted numbers that may be versions
    }
    // A lead-in the phrase took after its word says nothing of it ("Pair with Tom on ticket").
    var core = content
    while core.count > 1, let w = core.last?.word, ["on", "at", "by"].contains(w) { core = core.dropLast() }
    guard core.count == 1, let only = core.first else { return .strong }
    if lead & WordClass.meridiem.bit != 0, lead & WordClass.partofday.bit == 0 {
      return .name  // "I am free": "am" alone is no date; "sat am" is
    }
    switch only.kind {
    case .word(let w):
      if Self.weakWords.contains(w), hasWordBefore(first) || !Self.onlyWeekdays.contains(w) {
        if first > 0, tokens[first - 1].word == "due",
          !(w == "sun" || w == "sat") || first + 1 >= tokens.count || tokens[first + 1].word == nil
            || !hasWordBefore(first - 1)  // "due sat exam prep" starting the line is a date
        {
          return .strong  // "due fri essay", "due Sun: essay"; "due sun damage" is "due to"
        }
        let before = first > 0 ? tokens[first - 1].word ?? "" : ""
        if first - 1 == firstWord, ["by", "on", "before", "until", "till"].contains(before),
          parser.lexed[first].mask & WordClass.weekday.bit != 0, w != "sun" || isCapitalized(only)  // "by sun lotion"
        {
          return .strong  // "by fri send slides", "on wed pay the cleaner": the lead-in starts the line
        }
        // "Buy present for Tom", "Waiting on Tom": after `for`, `on` or `at` a capitalised Tom is
        // the person ("for tom" is still tomorrow).
        let leadIn =
          ["by", "for", "on", "at", "due", "until", "till"].contains(before)
          && !(w == "tom" && Self.nameAfter.contains(before))
        // "Buy present from Tom Hanks": a capitalised word after it is a surname.
        let surname =
          w == "tom" && first + 1 < tokens.count && tokens[first + 1].word != nil
          && isCapitalized(tokens[first + 1]) && parser.lexed[first + 1].mask & WordClass.weekday.bit == 0
        // "Pick up car Wed after 2pm": a time after a weekday makes it the day ("Call Tom after 5pm" keeps Tom).
        let weekday = parser.lexed[first].mask & WordClass.weekday.bit != 0
        let day = weekday && (afterTime(first + 1, parser) || weekdayEndsLine(first))
        let name =
          Self.nameLike.contains(w) && isCapitalized(only) && hasWordBefore(first) && (!leadIn || surname) && !titleCase
          && !day
        // "Read The Sun", "Study for SAT": after an article, or the exam in capitals, a name.
        let article =
          first > 1 && tokens[first - 1].word == "the" && isCapitalized(only)
          && !Self.nameLeadIns.contains(tokens[first - 2].word ?? "")
        let exam = w == "sat" && isAllCapitals(only) && !["by", "on", "due", "until", "till"].contains(before)
        let companion = w == "tom" && before == "with"  // "follow up with tom": nobody does a thing with tomorrow
        return name || article || exam || companion ? .name : .weak  // "Call Tom"; "books by Wed" is a date
      }
      // An adverb ("monthly report"), a part of the day ("morning run") or a time word ("noon")
      // alone is an adjective or a noun before a title word.
      let classes = WordClass.adverb.bit | WordClass.partofday.bit | WordClass.timeword.bit
      if lead & classes != 0, w != "tonight" {
        // "lunch at noon with Sam": after `at`, a time word or a part of the day is when, unless
        // it describes the noun after it ("tutor at night school", "meet at morning standup").
        let end = first + 1
        // A capitalised word after it is a place ("Lunch at noon Chipotle"), outside Title Case.
        // At the line's start the word after it is the title's verb ("at noon lunch").
        let describes =
          end < tokens.count && hasWordBefore(i) && tokens[end].word.map { !Self.functionWords.contains($0) } == true
          && (titleCase || !isCapitalized(tokens[end]))
        return marked && lead & (WordClass.timeword.bit | WordClass.partofday.bit) != 0 && !describes ? .strong : .weak
      }
      // "see section 4 first", "do it last": a spelled ordinal alone after a title word is the title's.
      if lead & WordClass.ordinal.bit != 0, content.count == 1, !marked, hasWordBefore(first),
        !Self.leadIns.contains(tokens[first - 1].word ?? "")  // "Rent due first", "Pay rent by first"
      {
        return .name
      }
      if lead & WordClass.ordinal.bit != 0 { return .weak }  // "Twelfth Night tickets", "second floor"
      if parser.lexed[first].mask & WordClass.daygroup.bit != 0, w.hasPrefix("weekend") || w == "wknd" {
        return .weak  // "Buy The Weekend tickets"
      }
      return .strong
    case .ordinal:
      // "on the 5th pay the nanny": a lead-in at the line's start says it is a date; "meeting
      // on the 2nd floor" is a floor. After the title's words, "on the 14th" is a date when a
      // function word or a separator follows it ("Meet the tenants on the 14th at flat 2", "Pay
      // the plumber on the 10th for the radiators").
      if marked, first > i, !hasWordBefore(i) { return .strong }
      return marked && first > i && tokens[i].word == "on" && endsOrdinalDate(at: first + 1) ? .strong : .weak
    case .clock(let hour, _, let pm):
      let r = only.range
      if !marked, r.upperBound - r.lowerBound >= 2, r.upperBound <= scalars.count,
        ["A", "P"].contains(scalars[r.upperBound - 1]),
        scalars[r.lowerBound..<r.upperBound - 1].allSatisfy({ ("0"..."9").contains($0) })
      {
        return .name  // "the tenant in 2A", "room 4P": a flat or a room; "at 2A" is a time
      }
      // "18:30 call with Tokyo", "06:45 gym": a 24-hour clock with a colon starting the line is
      // when ("Score 21:14 recap" keeps its score).
      let written = scalars[r.lowerBound..<min(r.upperBound, scalars.count)]
      let twentyFour = !hasWordBefore(first) && written.contains(":") && (hour >= 13 || written.first == "0")
      return pm == nil && !marked && !twentyFour ? .weak : .strong
    case .isoDate:
      // "2027.03.15" is a date where no title word follows ("version 2026.11.30 notes" is not).
      let written = scalars[only.range.lowerBound..<min(only.range.upperBound, scalars.count)]
      return written.contains(".") ? .weak : .strong
    case .numericDate(let a, let b, let year, let dayFirst):
      if dayFirst, year == nil {
        // "chapter 3.2.", "Buy 2.5. kg", "from 1.2. to 1.3.": a day and month with dots after a
        // title word is a date only with a lead-in ("by 20.12.", "due 3.1.") or a time after it
        // ("Party 24.12. at 7pm"); before a title word only where no title word follows
        // ("Work on 2.1. release", "2.1. release notes" are versions).
        let end = first + 1
        let timed = end < tokens.count && (tokens[end].word == "at" || tokens[end].isClock)
        if timed { return .strong }
        let led = first > 0 && (tokens[first - 1].word.map { Self.dottedDateLeadIns.contains($0) } ?? false)
        if hasWordBefore(first), !marked, !led { return .name }
        // "20.12. Christmas party": a day past 12 starting the line is no version.
        if !hasWordBefore(first), case .numericDate(let d, _, _, _) = tokens[first].kind, d > 12 { return .strong }
        return .weak
      }
      if year != nil {
        // "2.10.2026" is a date where no title word follows ("version 2.10.2026 notes" is not);
        // with a lead-in ("on 15.01.2027 dentist") or two digits for the day and the month
        // ("15.01.2027 dentist": a version has no leading zero) it is one anywhere.
        let written = scalars[only.range.lowerBound..<min(only.range.upperBound, scalars.count)]
        guard written.contains(".") else { return .strong }
        let led =
          first > 0 && (tokens[first - 1].word.map { $0 == "on" || Self.dottedDateLeadIns.contains($0) } ?? false)
        // Not a date already past ("Order 12.11.2026 missing item" names the order).
        let ahead = year.map { CivilDate(year: $0, month: dayFirst ? b : a, day: dayFirst ? a : b) >= options.now.date }
        let padded =
          written.count >= 8 && written[written.index(written.startIndex, offsetBy: 2)] == "."
          && written[written.index(written.startIndex, offsetBy: 5)] == "." && ahead == true
        return led || padded ? .strong : .weak
      }
      if (a == 24 && b == 7) || (a == 9 && b == 11) || (a == 50 && b == 50) { return .name }  // "24/7 support"
      if first > 0, tokens[first - 1].isNumber, a < b, [2, 3, 4, 8, 16].contains(b) {
        return .name  // "Shoe size 9 1/2", "platform 9 3/4": a mixed number
      }
      // "1/2 inch", "3/4 cup": what reads as a fraction is a date only where no title word follows.
      return a < b && [2, 3, 4, 8, 16].contains(b) ? .weak : .strong
    default: return .strong
    }
  }

  /// Whether token `k`, after `on the 14th`, ends that date: a function word that starts the
  /// title's next part, a separator, or the line's end (`on the 2nd floor` goes on).
  func endsOrdinalDate(at k: Int) -> Bool {
    guard k < tokens.count else { return true }
    switch tokens[k].kind {
    case .word(let w): return Self.ordinalDateEnders.contains(w)
    case .punctuation(let c): return c == "," || c == "-" || c == ";" || c == "." || c == Parser.barrier
    default: return false
    }
  }

  /// Words that start a title's next part after `on the 14th`.
  static let ordinalDateEnders: Set<String> = [
    "at", "for", "with", "w", "about", "from", "before", "then", "and",
  ]

  /// Function words after which `everyday` is still the rule ("water plants everyday with
  /// Sam").
  static let everydayFunctionWords: Set<String> = [
    "with", "w", "about", "re", "vs", "to", "in", "on", "before", "after",
  ]

  /// Verbs that say what happens on a single date (`Finals start 14 Dec`): the title's words.
  static let startVerbs: Set<String> = ["start", "starts", "begin", "begins", "commence", "commences"]

  /// The words after which a day and month with dots is a date in a title (`by 20.12.`).
  static let dottedDateLeadIns: Set<String> = ["by", "due", "until", "till", "before", "for"]

  /// Whether the phrase is a lone adverb that starts the line (`Weekly team sync`), not a
  /// sub-daily one (`Hourly rate`) and not a name (`Daily Mail`).
  func isLeadingAdverb(_ content: ArraySlice<Token>, _ parser: Parser, at first: Int) -> Bool {
    // "Bi-weekly", "bi weekly": a prefix before the adverb is one word with it.
    let last = first + content.count - 1
    let prefixed =
      (2...3).contains(content.count) && parser.lexed[first].mask & WordClass.prefix.bit != 0
      && (content.count == 2 || tokens[first + 1].isPunctuation("-"))
    guard content.count == 1 || prefixed, parser.lexed[last].mask & WordClass.adverb.bit != 0, !hasWordBefore(first),
      let w = tokens[last].word, !w.contains("hour"),
      // "Annual leave request", "Annual review": `annual` is an adjective only (`annually` recurs).
      !w.hasSuffix("annual")
    else { return false }
    if last + 1 < tokens.count, tokens[last + 1].word != nil, isCapitalized(tokens[last + 1]) { return false }
    return true
  }

  /// Whether the weekday at `k` is a day here, not part of a name: `the friday lunch`, `Black
  /// Friday`, `Sunday Best`, `Friday Night Lights` are names or adjectives.
  func namesNoDay(_ k: Int, _ parser: Parser) -> Bool {
    if k > 0, let before = tokens[k - 1].word {
      if before == "the" { return theDayEndsPhrase(after: k, parser) }
      if Self.dayNamePrefixes.contains(before) { return false }
    }
    // A name after a title: "Email Dr. Friday", "Chase Mr Friday" ("St" without its dot may be a street).
    let dotted = k > 1 && tokens[k - 1].isPunctuation(".")
    if k > 0, let title = tokens[k - (dotted ? 2 : 1)].word, Self.honorifics.contains(title), dotted || title != "st" {
      return false
    }
    if let w = tokens[k].word, w.utf8.count <= 2, k == 0 || !Self.leadIns.contains(tokens[k - 1].word ?? "") {
      return false  // "We need to buy", "Mo needs a ride": a two-letter day needs "on", "by" …
    }
    // ("Thurs Spanish vocab", "Fri Bob's party": an abbreviation that is no word is the day.)
    if !titleCase, isCapitalized(tokens[k]), k + 1 < tokens.count, tokens[k + 1].word != nil,
      !Self.onlyWeekdays.contains(tokens[k].word ?? "") || !parser.unknown(at: k + 1), isCapitalized(tokens[k + 1]),
      parser.lexed[k + 1].mask & (WordClass.month.bit | WordClass.weekday.bit) == 0,
      !isKeywordLike(k + 1, "eod", "eob", "cob", "eow", "am", "pm", "noon"),
      // "Submit timesheet Friday Morning" ends the line: a date; "Sunday Morning Coffee" is a name.
      !(parser.lexed[k + 1].mask & WordClass.partofday.bit != 0 && (k + 2 >= tokens.count || tokens[k + 2].word == nil))
    {
      return false  // "Sunday Best", "Wednesday Addams"; "Thursday December 3", "Friday EOD" are dates
    }
    return true
  }

  /// Whether a weekday after `the` at `k` is a day, as learners write `on` (`meeting the monday
  /// at 10`, `send the report the friday`): only when nothing of a title follows it (the line
  /// ends, or a time, `at` or a comma comes next) and no preposition makes it a topic (`Talk
  /// about the Thursday`, `Notes from the Friday`). `the friday lunch` and `the Monday team` are
  /// names.
  func theDayEndsPhrase(after k: Int, _ parser: Parser) -> Bool {
    guard !isPlural(k), k < 2 || !(tokens[k - 2].word.map(Self.topicWords.contains) ?? false) else { return false }
    guard k + 1 < tokens.count else { return true }
    let next = tokens[k + 1]
    switch next.kind {
    case .clock: return true
    case .punctuation(let c):
      // "call the bank the wednesday, urgent"; not a list of days ("Prep the Monday, Wednesday")
      let list = c == "," && k + 2 < tokens.count && parser.lexed[k + 2].mask & WordClass.weekday.bit != 0
      return !list && (c == "," || c == "#" || c == "@" || c == "!" || c == ".")
    default: return next.word == "at" || next.word == "by"
    }
  }

  /// Words that make `the <weekday>` after them a topic, not a day.
  static let topicWords: Set<String> = [
    "about", "from", "of", "after", "for", "since", "re", "during", "with", "before", "to", "over",
  ]

  /// Whether the weekday at `k` is written as a plural (`mondays`; not `tues`, `thurs`).
  func isPlural(_ k: Int) -> Bool { tokens[k].word?.hasSuffix("days") == true }

  /// Whether token `k` is one of `words` (lower-cased).
  func isKeywordLike(_ k: Int, _ words: String...) -> Bool {
    guard let w = tokens[k].word else { return false }
    return words.contains(w)
  }

  /// Whether tokens `i..<j` are one hyphenated word between a determiner and a title word:
  /// `the every-other-week cleaning service`, `our every-monday rota` name a kind of thing.
  func isHyphenatedModifier(_ i: Int, _ j: Int, _ parser: Parser) -> Bool {
    guard i > 0, j < tokens.count, j - i >= 3, let before = tokens[i - 1].word, Self.determiners.contains(before),
      isTitleWord(j, parser)
    else { return false }
    var hyphen = false
    for k in i..<(j - 1) {
      guard tokens[k].range.upperBound == tokens[k + 1].range.lowerBound else { return false }
      if tokens[k + 1].isPunctuation("-") { hyphen = true }
    }
    return hyphen
  }

  /// Whether a date right after `the` describes the title word after it: `fix the 3pm cron job`,
  /// `swap the 12/25 shift`, `the May 3 sidewalk sale`, after a title word. A lead-in before
  /// `the` makes it a date (`by the 5th`, `on the 3rd`), and so does the line's start; weekdays
  /// after `the` are names already (`the friday lunch`).
  func describesNoun(from i: Int, first: Int, to j: Int, start: Int, _ parser: Parser) -> Bool {
    let the: Int
    if first == i + 1, tokens[i].word == "the" {
      the = i
    } else if first == i, start == i, i > 0, tokens[i - 1].word == "the" {
      the = i - 1
    } else {
      return false
    }
    // At the line's start the date comes first ("The 27th of january submit report").
    guard the > 0, let w = tokens[the - 1].word, !Self.nameLeadIns.contains(w) else { return false }
    guard j < tokens.count, isTitleWord(j, parser) else { return false }
    switch tokens[first].kind {
    case .clock, .numericDate, .ordinal, .number, .isoDate: return true
    case .word: return parser.lexed[first].mask & WordClass.month.bit != 0
    default: return false
    }
  }

  /// Whether token `j`, right after a date, is a title word the date may describe (`concert`,
  /// `launch`): a word, no function word and no date word.
  func isNounAfterDate(_ j: Int, _ parser: Parser) -> Bool {
    let dateWords =
      WordClass.weekday.bit | WordClass.month.bit | WordClass.partofday.bit | WordClass.timeword.bit
      | WordClass.unit.bit | WordClass.meridiem.bit | WordClass.every.bit
    guard let w = tokens[j].word, !Self.functionWords.contains(w) else { return false }
    return parser.lexed[j].mask & dateWords == 0
  }

  /// Whether token `k` is a weekday name (`monday`, `fri`).
  func parserWeekday(_ k: Int) -> Bool { isWord(k, of: .weekday) }

  /// Whether token `k` is a month name (`december`, `dec`).
  func parserMonth(_ k: Int) -> Bool { isWord(k, of: .month) }

  /// Whether token `k` is a word of class `c` in the lexicon.
  func isWord(_ k: Int, of c: WordClass) -> Bool {
    tokens[k].word.map { Lexicon.english.lookup($0).contains { $0.wordClass == c } } ?? false
  }

  /// Whether a date after `for` and a title word describes the noun after it: `tickets for May 5
  /// concert`, `Prep for March 1 launch`, `Prepare for 10am standup` (the event's date, not the
  /// task's); a weekday is the task's (`Pack for friday trip`), and so is a date with a time
  /// later in the line.
  func forDateDescribesNoun(from i: Int, first: Int, to j: Int, _ parser: Parser) -> Bool {
    let lead: Int
    if tokens[first].word == "for", first + 1 < j {
      lead = first
    } else if first == i + 1, tokens[i].word == "for" {
      lead = i
    } else if first == i, i > 0, tokens[i - 1].word == "for" {
      lead = i - 1
    } else {
      return false
    }
    let d = lead + 1
    guard hasWordBefore(lead), j < tokens.count, isNounAfterDate(j, parser), !isCapitalized(tokens[j]) || titleCase
    else { return false }
    // A time later in the line is that date's ("tickets for May 5 concert at 7pm"), and a
    // weekday is near enough to be the task's own day ("Pack for friday trip").
    if tokens[j...].indices.contains(where: { k in
      tokens[k].isClock || (tokens[k].word == "at" && k + 1 < tokens.count && tokens[k + 1].isNumber)
    }) {
      return false
    }
    switch tokens[d].kind {
    case .clock, .numericDate, .ordinal, .isoDate: return true
    case .word: return parser.lexed[d].mask & WordClass.month.bit != 0
    default: return false
    }
  }

  /// Whether the phrase is a part of the day alone (after `in`, `in the`) before a title word,
  /// which it describes: `Participate in morning meeting`, `Enroll in night school`.
  func partOfDayDescribesNoun(from first: Int, to j: Int, _ parser: Parser) -> Bool {
    guard j < tokens.count, isTitleWord(j, parser),
      parser.lexed[j - 1].mask & WordClass.partofday.bit != 0
    else { return false }
    return tokens[first].word == "in" && tokens[first..<(j - 1)].allSatisfy { $0.word == "in" || $0.word == "the" }
  }

  /// Whether an abbreviated weekday alone inside the line comes before `to`, `about`, `for` or
  /// `re` and more words (`Call dentist tues to reschedule`, `Email landlord fri about the
  /// heater`): the day, with what the task is for after it. Not `sat` or `sun`, which are words
  /// (`Meet Kim sat for the exam`), nor the name `Thu`.
  func weekdayBeforeClause(_ content: ArraySlice<Token>, at first: Int, to j: Int, _ parser: Parser) -> Bool {
    guard content.count == 1, hasWordBefore(first), j + 1 < tokens.count, let w = tokens[first].word,
      let next = tokens[j].word
    else { return false }
    return (Self.onlyWeekdays.contains(w) || w == "mon" || w == "wed" || w == "weds")
      && parser.lexed[first].mask & WordClass.weekday.bit != 0
      && ["to", "about", "for", "re", "regarding"].contains(next) && tokens[j + 1].word != nil
  }

  /// Whether the date phrase from token `first` to `j` starts with a bare `nights` and no time
  /// follows it: the night shifts (`Childcare for nights next week`, `nights start thurs 7pm`,
  /// `call HR after nights`), not every night; `nights at 10` and `friday nights` still recur.
  /// A number before a plural part of the day counts them (`3 nights on 4 off`, `2 evenings a
  /// week`), and `on 4 off` is a rota.
  func namesShifts(_ first: Int, to j: Int, _ parser: Parser) -> Bool {
    let n = tokens[first].word == "about" ? first + 1 : first
    if tokens[n].isNumber, n + 1 < j, parser.lexed[n + 1].mask & WordClass.partofday.bit != 0,
      tokens[n + 1].word?.hasSuffix("s") == true  // the lexicon's plural parts of the day
    {
      return true
    }
    let on = tokens[first].word == "on" ? first + 1 : first
    if on > 0, tokens[on - 1].word == "on", on < j, tokens[on].isNumber, on + 1 < tokens.count,
      tokens[on + 1].word == "off"
    {
      return true  // "3 nights on 4 off": a rota
    }
    guard tokens[first].word == "nights" else { return false }
    return first + 1 >= j
      || !(tokens[first + 1].isClock || tokens[first + 1].word == "at" || tokens[first + 1].isNumber)
  }

  /// Whether the date on tokens `span` is counted from: `before`, `after` or `from` (or those and
  /// `next` or `this`) after a unit stand before it (`2 days before dec 20`, `10 days from jan 5`,
  /// `2 weeks after next friday`), which reads no date on its own. A range is a span of its own
  /// ("3 days from friday to monday").
  func countedFrom(_ span: Range<Int>, _ parser: Parser) -> Bool {
    let start = span.lowerBound
    func counts(_ w: String?) -> Bool { w == "before" || w == "after" || w == "from" }
    var k = counts(tokens[start].word) ? start : start - 1
    if k > 0, k < start, tokens[k].word == "next" || tokens[k].word == "this" { k -= 1 }
    guard k > 0, let w = tokens[k].word, counts(w) else { return false }
    // A unit, or weekdays after a number ("3 sundays after next wed").
    let unit = parser.lexed[k - 1].mask & WordClass.unit.bit != 0
    let counted = !unit && parser.lexed[k - 1].mask & WordClass.weekday.bit != 0 && isPlural(k - 1)
    guard unit || counted, !taken(k) else { return false }
    let through = span.lowerBound..<min(span.upperBound + 1, tokens.count)  // "from friday" before "to monday"
    if tokens[through].contains(where: { Self.rangeWords.contains($0.word ?? "") || $0.isPunctuation("-") }) {
      return false
    }
    // "for 10 days from tomorrow": a length, starting then.
    if w == "from", k > 2, tokens[k - 3].word == "for" { return false }
    // After `from`, and before counted weekdays, an amount: a number or a number word ("quiet hours
    // from midnight" counts none).
    return w != "from" && !counted
      || (k > 1 && (tokens[k - 2].isNumber || parser.lexed[k - 2].mask & WordClass.number.bit != 0))
  }

  /// Whether token `k` is a noun that counts a range of numbers after it (`pages`, `Psalm`, `score`).
  func countsRange(_ k: Int) -> Bool {
    guard let w = tokens[k].word else { return false }  // words are lower-cased by the tokenizer
    return [w, w.hasSuffix("s") ? String(w.dropLast()) : w].contains(where: {
      Self.countedNouns.contains($0) || Parser.countedNouns.contains($0) || Self.rangeNouns.contains($0)
    })
  }

  /// Whether a date counted from another (see `countedFrom`), or weekdays counted or after an
  /// unread ordinal, end within a few words before token `k`, after the dates read up to token
  /// `read` and with no task token between: a time or a date there is that unread date's.
  func followsCountedDate(_ k: Int, after read: Int, _ parser: Parser) -> Bool {
    var j = k - 1
    while j > 0, j >= read, k - j <= 5, !tokens[j].isPunctuation(Parser.barrier) {
      if countedFrom(j..<k, parser) || countedWeekdays(j, parser) { return true }
      if parser.lexed[j].mask & WordClass.weekday.bit != 0, unreadOrdinalBefore(j, parser) { return true }
      j -= 1
    }
    return false
  }

  /// Whether an ordinal that did not read stands right before the weekday at `k` (`last
  /// tuesday`, `the 3rd tuesday` of no month, `1st or 3rd tuesday`): not `final` or
  /// `penultimate`, which are nouns there ("Math final friday").
  func unreadOrdinalBefore(_ k: Int, _ parser: Parser) -> Bool {
    guard k > 0, !taken(k - 1), tokens[k - 1].word != "final", tokens[k - 1].word != "penultimate" else { return false }
    // The last of a run written side by side is a run's ("Read 1st 2nd 3rd friday"); one after
    // `or`, `and` or a comma lists ordinals ("1st or 3rd tuesday").
    return (tokens[k - 1].isOrdinal || parser.lexed[k - 1].mask & WordClass.ordinal.bit != 0)
      && !(k > 1 && isRunItem(k - 2))
  }

  /// Whether token `k` is weekdays counted by a number before it (`4 mondays`, `next 3 fridays`).
  func countedWeekdays(_ k: Int, _ parser: Parser) -> Bool {
    k > 0 && parser.lexed[k].mask & WordClass.weekday.bit != 0
      && (tokens[k - 1].isNumber || parser.lexed[k - 1].mask & WordClass.number.bit != 0) && isPlural(k)
  }

  /// The words that join the two ends of a range of dates.
  static let rangeWords: Set<String> = ["to", "through", "thru", "till", "until", "til"]

  /// Whether `after`, `from`, `before`, `until`, `till` or `til` and a time follow token `j - 1`
  /// ("call Bob fri after 5pm", "delivery thurs after 12", "closed wed until noon"): the day's
  /// time, read on its own and joined, not a title word.
  func afterTime(_ j: Int, _ parser: Parser) -> Bool {
    guard j + 1 < tokens.count, let w = tokens[j].word, ["after", "from", "before", "until", "till", "til"].contains(w)
    else { return false }
    switch tokens[j + 1].kind {
    case .clock: return true
    case .word: return parser.lexed[j + 1].mask & WordClass.timeword.bit != 0  // "closed wed until noon"
    case .number(let n):
      // "delivery thurs after 12": a bare hour ending the words.
      return (1...12).contains(n) && (j + 2 >= tokens.count || tokens[j + 2].word == nil && !tokens[j + 2].isNumber)
    default: return false
    }
  }

  /// Whether a time follows token `j - 1` past a duration or a marked token ("Gym fri for 1h at
  /// 6pm", "Gym fri #health 6pm"): the day's, joined to it, so the day is no title word.
  func timeFollowsSkipped(_ j: Int, _ parser: Parser) -> Bool {
    let k = pastTaskTokens(from: j)
    guard k > j, k < tokens.count else { return false }
    if tokens[k].isClock || afterTime(k, parser) { return true }
    guard tokens[k].word == "at" || tokens[k].isPunctuation("@"), k + 1 < tokens.count else { return false }
    switch tokens[k + 1].kind {
    case .clock: return true
    case .number(let n): return (1...12).contains(n)
    case .word: return parser.lexed[k + 1].mask & WordClass.timeword.bit != 0
    default: return false
    }
  }

  /// The first token from `j` that is no reminder, duration or marked token already read
  /// (their barrier) and no duration still to read (`for 1h`): what follows the task's own parts.
  func pastTaskTokens(from j: Int) -> Int {
    var k = j
    while k < tokens.count {
      if taken(k) || tokens[k].isPunctuation(Self.tokenBarrier) {
        k += 1
      } else if let length = durationLength(at: k) {
        k += length
      } else {
        break
      }
    }
    return k
  }

  /// Whether token `k` is a title word: a word the lexicon does not know, or one that names a
  /// place of work unless `day` or `days` follows (`night school`, `school days`).
  func isTitleWord(_ k: Int, _ parser: Parser) -> Bool {
    guard tokens[k].word != nil else { return false }
    if parser.unknown(at: k) { return true }
    let entry = parser.lexed[k].index
    guard entry >= 0, parser.lexicon.roles[entry] == .work else { return false }
    return k + 1 >= tokens.count || (tokens[k + 1].word != "day" && tokens[k + 1].word != "days")
  }

  /// Words before a noun phrase, after which a hyphenated phrase is an adjective.
  static let determiners: Set<String> = ["the", "a", "an", "our", "my", "your", "their", "his", "her", "its", "this"]

  /// Words after which a name-like word is a date, not a name: `by Wed`, `on Sun`, `from Jan 5`.
  static let nameLeadIns: Set<String> = ["by", "on", "at", "due", "until", "till", "from"]

  /// Titles before a name: `Dr. Friday`.
  static let honorifics: Set<String> = ["dr", "mr", "mrs", "ms", "prof", "st"]

  /// Words after which a time word ends its phrase (`lunch at noon with Sam`), unlike a noun it
  /// would describe (`night school`).
  static let functionWords: Set<String> = [
    "with", "w", "for", "before", "about", "from", "to", "or", "then", "on", "by", "in", "and", "the", "a", "time",
  ]

  /// Words that make a line a rule, so a plural weekday after `to` in it is the rule's day.
  static let recurringWords: Set<String> = ["every", "each", "weekly", "biweekly", "fortnightly"]

  /// Words that say a date follows: `on we`, `by fr`.
  static let leadIns: Set<String> = ["on", "by", "due", "every", "until", "till", "from", "next", "this", "each"]

  /// Words that make the weekday after them a name: `Black Friday`, `Cyber Monday`.
  static let dayNamePrefixes: Set<String> = [
    "black", "cyber", "good", "ash", "easter", "palm", "holy", "blue", "super", "giving", "small", "maundy",
    "remembrance", "mothering", "trinity", "pentecost", "whit", "advent", "shrove", "plough",
  ]

  /// Whether `range` starts and ends where words do: `$20`, `20%`, `v2.1` hold no date.
  func onBoundaries(_ range: SourceRange, daysBeforeMonth: Bool = false) -> Bool {
    if range.lowerBound > 0 {
      let before = scalars[range.lowerBound - 1]
      if daysBeforeMonth, before == "-" || before == "\u{2013}" {
        return true  // "22-23 Feb": the last day of a range of days before its month (joinRanges)
      }
      guard TaskLineScanner.isSpace(before) || "(\"'[,".unicodeScalars.contains(before) || before == "\u{201C}" else {
        return false
      }
    }
    if range.upperBound < scalars.count {
      let after = scalars[range.upperBound]
      if range.upperBound < scanner.mask.count, scanner.mask[range.upperBound] != 0 {
        return true  // "call mom tmrw//ask about it": a marked token glued to the date ends it
      }
      if after == "-", range.upperBound + 1 < scalars.count, ("0"..."9").contains(scalars[range.upperBound + 1]),
        ("0"..."9").contains(scalars[range.upperBound - 1]) || TaskLineText.isLetter(scalars[range.upperBound - 1])
      {
        return true  // "dec 7-9", "dec 20th-27th": a range of days
      }
      guard TaskLineScanner.isSpace(after) || ",.;:!?)\"']".unicodeScalars.contains(after) || after == "\u{201D}" else {
        return false
      }
      if after == "." || after == "'", range.upperBound + 1 < scalars.count,
        scalars[range.upperBound + 1].properties.isAlphabetic || ("0"..."9").contains(scalars[range.upperBound + 1])
      {
        return false  // "Monday.com"
      }
    }
    return true
  }

  /// Whether the phrase is a day offered as one of two (`Call mon or tue`, `Gym fri or sat`,
  /// `today or tomorrow`, `Mon, or Tue`): neither is the task's day, so both stay in the title.
  func isAlternative(_ ks: Range<Int>, _ parser: Parser) -> Bool {
    guard ks.contains(where: { isOfferedDay($0, parser) }) else { return false }
    return (ks.lowerBound >= 1 && offersPair(at: ks.lowerBound - 1, parser))
      || (ks.upperBound < tokens.count && offersPair(at: ks.upperBound, parser))
      || (ks.upperBound + 1 < tokens.count && tokens[ks.upperBound].isPunctuation(",")
        && offersPair(at: ks.upperBound + 1, parser))
  }

  /// Whether the line offers two days with `or` (`fri or sat`), so that a time alone in it is no
  /// date of its own.
  func offersDays(_ parser: Parser) -> Bool {
    tokens.indices.contains { offersPair(at: $0, parser) }
  }

  /// Whether token `k` is `or` between two days (a comma may come before it).
  func offersPair(at k: Int, _ parser: Parser) -> Bool {
    guard k >= 1, k + 1 < tokens.count, tokens[k].word == "or" else { return false }
    let before = tokens[k - 1].isPunctuation(",") ? k - 2 : k - 1
    return before >= 0 && isOfferedDay(before, parser) && isOfferedDay(k + 1, parser)
  }

  /// Whether token `k` names a day that can be offered: a weekday, `today`, `tomorrow`, `tonight`.
  func isOfferedDay(_ k: Int, _ parser: Parser) -> Bool {
    if parser.lexed[k].mask & WordClass.weekday.bit != 0 { return true }
    guard let w = tokens[k].word else { return false }
    return w == "today" || w == "tomorrow" || w == "tonight"
  }

  /// Whether `am` or `pm` is glued to a number after it in the tokens (`PM2`, `AM3`): a name
  /// or a model, no time.
  func gluesMeridiemToNumber(_ ks: Range<Int>, _ parser: Parser) -> Bool {
    ks.contains { k in
      k + 1 < tokens.count && tokens[k + 1].isNumber && tokens[k + 1].range.lowerBound == tokens[k].range.upperBound
        && parser.lexed[k].mask & WordClass.meridiem.bit != 0
    }
  }

  /// Whether a dotted time on a 24-hour clock (`12.30`, `07.15`: two digits, then a quarter hour)
  /// follows a weekday or a named day of the same phrase: "lunch tues 12.30", "call mum friday
  /// 18.00", "train tomorrow 07.15".
  func dottedTimeAfterDay(_ range: SourceRange, _ parser: Parser, from first: Int) -> Bool {
    guard let k = tokens.firstIndex(where: { $0.range.lowerBound == range.lowerBound }), k >= first,
      let dot = scalars[range.lowerBound..<min(range.upperBound, scalars.count)].firstIndex(of: "."),
      range.upperBound - dot == 3, dot - range.lowerBound == 2 || dot - range.lowerBound == 1,
      case let minutes = String(String.UnicodeScalarView(scalars[dot + 1..<range.upperBound])),
      ["00", "15", "30", "45"].contains(minutes)
    else { return false }  // "friday 3.12", "today 2.10", "friday 18.20": a version or an amount
    let oneDigit = dot - range.lowerBound == 1  // "Wed 9.45"
    let hour = Int(String(String.UnicodeScalarView(scalars[range.lowerBound..<dot]))) ?? 0
    // Right before a weekday: "dinner 7.30 friday" (not before "tomorrow": "Pay 12.00 tomorrow",
    // "Install 2.15 tomorrow" are amounts and versions as often as times).
    if k + 1 < tokens.count, tokens[k + 1].word != nil, parser.lexed[k + 1].mask & WordClass.weekday.bit != 0 {
      return !oneDigit || minutes != "00" || (7...9).contains(hour)
    }
    guard k > first else { return false }
    // `at` says it is a time ("every morning at 6.30 run", "nightly at 9.30").
    if tokens[k - 1].word == "at" || tokens[k - 1].isPunctuation("@") { return true }
    // "monday 9.00 standup" is a time; "pay bob friday 5.00", "tip tomorrow 2.00" are amounts.
    if oneDigit, minutes == "00", !(7...9).contains(hour) { return false }
    let before = k - 1
    if parser.lexed[before].mask & WordClass.weekday.bit != 0 { return true }
    // A part of the day says am or pm when it can hold the hour: "every morning 6.30 run",
    // "nightly 9.30 backup"; "coffee every morning 3.45" is an amount.
    if let cue = partOfDayMinutes(before, parser) { return Self.partOfDay(cue, holds: hour) }
    // A group of days or a daily period: "gym every weekday 18.30", "daily 7.15" (not a night's
    // group, whose hour the bare-hour rule would put in the morning: "every weeknight 9.30").
    if parser.lexed[before].mask & WordClass.daygroup.bit != 0 || tokens[before].word == "day"
      || parser.entry(.adverb, at: before - parser.index) == "daily"
    {
      return !oneDigit || tokens[before].word?.contains("night") != true
    }
    return namesDay(before, parser)
  }

  /// Whether token `k` is `today`, `tomorrow` or `tonight`, or a spelling of one ("tmrw", "2moro").
  func namesDay(_ k: Int, _ parser: Parser) -> Bool {
    if Self.dayWords.contains(tokens[k].word ?? "") { return true }
    let entry = parser.lexed[k].index
    return entry >= 0
      && parser.lexicon.entryLists[entry].contains { $0.wordClass == .keyword && Self.dayWords.contains($0.value) }
  }

  /// The days a dotted time after them belongs to.
  static let dayWords: Set<String> = ["today", "tomorrow", "tonight"]

  /// The time of the part of the day at token `k` (`morning`, `nightly`), in minutes after
  /// midnight, or nil.
  func partOfDayMinutes(_ k: Int, _ parser: Parser) -> Int? {
    if tokens[k].word == "nightly" { return 1320 }
    let entry = parser.lexed[k].index
    guard entry >= 0, parser.lexed[k].mask & WordClass.partofday.bit != 0 else { return nil }
    return parser.lexicon.entryLists[entry].first { $0.wordClass == .partofday }?.number
  }

  /// Whether a part of the day (minutes after midnight) can hold an hour written on a 12- or
  /// 24-hour clock: the morning 5–11, the afternoon 12–6 (12–18), the evening 5–11 (17–23), the
  /// night 7–12 and 1–4 (19–23, 0–4).
  static func partOfDay(_ cue: Int, holds hour: Int) -> Bool {
    switch cue {
    case ..<720: return (5...11).contains(hour)
    case ..<1020: return (1...6).contains(hour) || (12...18).contains(hour)
    case ..<1320: return (5...11).contains(hour) || (17...23).contains(hour)
    default: return (7...12).contains(hour) || (1...4).contains(hour) || (19...23).contains(hour) || hour == 0
    }
  }

  /// Whether token `k` ends a possessive written onto the word before it (`parents'`, `mum's`).
  func isPossessive(_ k: Int) -> Bool {
    guard k > 0, tokens[k - 1].word != nil, tokens[k - 1].range.upperBound == tokens[k].range.lowerBound else {
      return false
    }
    if tokens[k].isPunctuation("'") || tokens[k].isPunctuation("\u{2019}") { return true }
    return tokens[k].word == "s" && k > 1 && tokens[k - 1].isPunctuation("'")
  }

  /// Words that make a weekday before them a newspaper's name (`Sunday Times`, `Daily Mail`).
  static let paperWords: Set<String> = [
    "times", "mail", "post", "telegraph", "express", "herald", "tribune", "journal", "observer", "mirror",
  ]

  /// Whether token `k` is a street word (`Street`, `Rd`, `Avenue`): what comes before it names
  /// a street.
  func isStreetWord(_ k: Int) -> Bool {
    guard k < tokens.count, let w = tokens[k].word, isCapitalized(tokens[k]),
      Self.streetWords.contains(w) || Self.capitalStreetWords.contains(w)
    else { return false }
    // "Run 5 May Street Race", "17 March St Patrick's Day": a capitalised word after it makes a name.
    guard k + 1 < tokens.count, let next = tokens[k + 1].word else { return true }
    return w != "st" && !isCapitalized(tokens[k + 1]) && next != "s"
  }

  /// Words that end a street's name (capitalised: `March Street`, not `may road trip`).
  static let streetWords: Set<String> = [
    "street", "st", "road", "rd", "avenue", "ave", "lane", "ln", "boulevard", "blvd", "parkway", "pkwy", "highway",
    "hwy",
  ]

  /// More words that end a street's name (`August Close`, not `way too early`).
  static let capitalStreetWords: Set<String> = [
    "drive", "close", "way", "place", "pl", "court", "ct", "crescent", "terrace", "square", "sq", "grove", "gardens",
    "mews",
  ]

  /// Whether the word token's first letter is a capital.
  func isCapitalized(_ t: Token) -> Bool {
    guard t.range.lowerBound < scalars.count else { return false }
    return Self.isCapital(scalars[t.range.lowerBound])
  }

  /// Whether a capitalised weekday abbreviation at `k` ends the line's words ("Call 2 suppliers
  /// Sat", "notes - Wed p2"): the day, not a name, unless written in capitals (`SAT` is the
  /// exam) or after an article (`Read The Sun`); `Sun` stays a name (a surname, a newspaper).
  func weekdayEndsLine(_ k: Int) -> Bool {
    // "Email Sun": a common surname, and a newspaper.
    guard hasWordBefore(k), !titleWordFollows(k + 1), let w = tokens[k].word, w != "tom", w != "sun",
      w != "sat" || !isAllCapitals(tokens[k])
    else { return false }
    // "Re: Sat", "Fwd: Wed": the word before a colon.
    let before = (tokens[k - 1].isPunctuation(":") && k >= 2 ? tokens[k - 2].word : tokens[k - 1].word) ?? ""
    return !Self.determiners.contains(before) && !Self.subjectWords.contains(before)
  }

  /// Words after which a weekday is what the task is about, not its day: `Call Sam re Sat`,
  /// `Not Wed`, `Gym Mon or Wed`, `Recap of Sat`.
  static let subjectWords: Set<String> = [
    "in", "re", "about", "or", "of", "vs", "not", "never", "except", "after", "to", "than", "skip", "avoid", "cancel",
    "cancelled", "canceled", "either", "since", "during", "fwd", "like", "unlike", "without", "minus", "besides",
    "beyond", "versus", "postponed", "postpone",
  ]

  /// Whether a word of two or more letters is written in capitals (`SAT`).
  func isAllCapitals(_ t: Token) -> Bool {
    let r = t.range
    guard r.upperBound - r.lowerBound > 1, r.upperBound <= scalars.count else { return false }
    return scalars[r.lowerBound..<r.upperBound].allSatisfy { Self.isCapital($0) }
  }

  /// Whether `c` is a capital letter (ASCII without a property look-up).
  static func isCapital(_ c: Unicode.Scalar) -> Bool {
    c.value < 0x80 ? (65...90).contains(c.value) : c.properties.isUppercase
  }

  /// Whether a word of the free text comes before token `i` (so `i` is not the line's first word).
  func hasWordBefore(_ i: Int) -> Bool { firstWord < i }

  /// Whether `c` is punctuation that closes a phrase.
  @inline(__always) static func isClosing(_ c: Character) -> Bool {
    switch c {
    case ",", ".", ";", ":", "!", "?", ")": return true
    default: return false
    }
  }

  /// Whether a title word follows token `j - 1` (punctuation skipped; a marked token, a
  /// duration or reminder already read, or the end of the line is no title word).
  func titleWordFollows(_ j: Int) -> Bool {
    var k = j
    while k < tokens.count, case .punctuation(let c) = tokens[k].kind, Self.isClosing(c) { k += 1 }
    while k < tokens.count {
      if taken(k) {
        k += 1  // a reminder or duration already read is the task's
        continue
      }
      if let length = durationLength(at: k) {
        k += length  // "gym mon for 1h": the duration, read later in the walk, is the task's
        continue
      }
      guard case .punctuation(let c) = tokens[k].kind, Self.isClosing(c) || c == Self.tokenBarrier else { break }
      // A reminder is the task's, like a marked token: "chase payment fri !9am" reads Friday.
      if c == "!", scanner.reminderMarks.contains(tokens[k].range.lowerBound) { return false }
      k += 1  // marked tokens are not title words: "call mom tom #family" reads tomorrow
    }
    return k < tokens.count
  }

  /// The tokens of a duration at `k` (`for 1h`, `for 15 min`, `for 1.5 hours`), or nil.
  func durationLength(at k: Int) -> Int? {
    guard tokens[k].word == "for", k + 1 < tokens.count, tokens[k + 1].isNumber else { return nil }
    var m = k + 1
    while m < k + 4, m < tokens.count, tokens[m].isNumber || tokens[m].isPunctuation(".") { m += 1 }
    guard m < tokens.count, let unit = tokens[m].word, Self.durationUnits.contains(unit) else { return nil }
    return m + 1 - k
  }

  /// The units a duration is written in.
  static let durationUnits: Set<String> = [
    "h", "hr", "hrs", "hour", "hours", "m", "min", "mins", "minute", "minutes",
  ]

  /// Whether a span is the adverb `nightly` alone, whose 22:00 a time elsewhere in the line
  /// replaces ("Nightly backup at 2am" is every day at 02:00).
  func isNightly(_ span: Span) -> Bool {
    span.soft && span.tokens.count == 1 && tokens[span.tokens.lowerBound].word == "nightly"
  }

  /// Whether a span writes am or pm (`2am`, `7 p.m.`).
  func hasMeridiem(_ span: Span) -> Bool {
    span.tokens.contains { k in
      if case .clock(_, _, .some) = tokens[k].kind { return true }
      return tokens[k].word.map { Lexicon.english.lookup($0).contains { $0.wordClass == .meridiem } } ?? false
    }
  }

  /// Whether a date phrase says what the task is for: it follows `for` (`for Christmas`).
  func isPurpose(_ span: Span) -> Bool {
    let k = span.tokens.lowerBound
    return tokens[k].word == "for" || (k > 0 && tokens[k - 1].word == "for")
  }

  /// Whether the token ending at character `end` is a ratio's first number (`1:1`, `3:2`),
  /// which no one takes for a day of the month ("weekly 1:1 with manager" warns of nothing).
  func endsInRatio(_ end: Int) -> Bool {
    guard let k = tokens.firstIndex(where: { $0.range.upperBound == end }), k + 2 < tokens.count,
      tokens[k].isNumber, tokens[k + 1].isPunctuation(":"), tokens[k + 2].isNumber,
      tokens[k + 1].range.lowerBound == end
    else { return false }
    return true
  }

  /// Whether a span is a holiday's date (`Christmas lunch`, `on thanksgiving`).
  func namesHoliday(_ span: Span) -> Bool {
    tokens[span.tokens].contains { t in
      t.word.map { Lexicon.english.classMask($0).mask & WordClass.holiday.bit != 0 } ?? false
    }
  }

  /// Keeps one date: a rule before a single date, then one not after `for` (`isPurpose`), then
  /// one that is no holiday's (`namesHoliday`), then
  /// one that no title word follows, then the longest, then the first; a date alone and a time
  /// alone elsewhere in the line join. Every other date phrase stays in the title with a warning.
  /// When the line offers days (`fri or sat`), a time alone is no date.
  mutating func choose(_ found: [Span], offersDays: Bool) {
    // A soft reading ("Weekly team sync") counts only when the line has no other date, or only
    // a time, which it takes ("Daily standup at 9:30" is every day at 09:30).
    let timesOnly = found.allSatisfy { span in
      if span.soft, case .rule(let r)? = span.reading {
        return (r.times.isEmpty || isNightly(span)) && (r.frequency == .daily || r.frequency == .weekly)
          && r.interval == 1
      }
      return span.timeOnly && !span.recurs
    }
    if !result.tokens.contains(where: { $0.kind == .noDate }), let merged = leadingAdverbWithWeekday(found),
      let reading = merged.reading
    {
      result.diagnostics += merged.diagnostics
      for span in found { take(.date, span.range) }
      setDue(reading, merged.range)
      return
    }
    let soft = (found.count > 1 && !timesOnly) || result.tokens.contains(where: { $0.kind == .noDate })
    var spans = soft ? found.filter { !$0.soft } : found
    joinRanges(&spans)
    keepDatesOverOtherWeekdays(&spans)
    if offersDays {
      spans.removeAll { $0.timeOnly && !$0.recurs }  // "Dinner fri or sat at 6pm": not today at 18:00
    }
    guard
      let winner = spans.indices.max(by: { a, b in
        let x = spans[a]
        let y = spans[b]
        if x.recurs != y.recurs { return !x.recurs }
        // "Book flights by next friday for Christmas": what a task is for is not when it is due.
        if isPurpose(x) != isPurpose(y) { return isPurpose(x) }
        // "Phone Gran on the 23rd and arrange Christmas lunch": beside another date, a holiday is
        // what the task is about.
        if namesHoliday(x) != namesHoliday(y) { return namesHoliday(x) }
        if x.closes != y.closes { return !x.closes }  // "Discuss monday results friday"
        let lx = x.range.upperBound - x.range.lowerBound
        let ly = y.range.upperBound - y.range.lowerBound
        if lx != ly { return lx < ly }
        return a > b
      })
    else { return }
    var joined: Int?
    if !spans[winner].recurs {
      joined = spans.indices.first { k in
        guard k != winner, !spans[k].recurs, spans[k].reading != nil else { return false }
        return spans[k].timeOnly != spans[winner].timeOnly && (spans[k].timeOnly || isDateOnly(spans[k]))
          && (spans[winner].timeOnly || isDateOnly(spans[winner]))
      }
    }
    var span = spans[winner]
    if joined == nil, case .rule(var rule)? = span.reading, rule.times.isEmpty || isNightly(span),
      !rule.frequency.isSubDaily,
      let k = spans.indices.first(where: { $0 != winner && spans[$0].timeOnly && !spans[$0].recurs }),
      case .dateTime(let t)? = spans[k].reading
    {
      // "every monday team standup at 9:30": a rule without a time takes the time alone elsewhere.
      var seconds = t.secondOfDay
      var diagnostics = spans[k].diagnostics
      if isNightly(span), seconds >= 13 * 3600, seconds < 17 * 3600, diagnostics.contains(where: { $0.id == "QA206" }) {
        // "Nightly build at 1:30": a bare hour at night is in the small hours, as "every night at 1" is.
        seconds -= 12 * 3600
        diagnostics.removeAll { $0.id == "QA206" }
      } else if isNightly(span), seconds >= 7 * 3600, seconds < 13 * 3600, !hasMeridiem(spans[k]) {
        seconds = (seconds + 12 * 3600) % 86_400  // "nightly backup at 11": 23:00; "at 12:30": 00:30
      }
      rule.times = [TimeOfDay(secondOfDay: seconds)]
      span.reading = .rule(rule)
      span.diagnostics += diagnostics
      joined = k
    } else if let j = joined {
      let (date, time) = span.timeOnly ? (spans[j], span) : (span, spans[j])
      if case .date(var d)? = date.reading, case .dateTime(let t)? = time.reading {
        // "Prepare for Monday standup at 9am" on a Monday at 10:00: next Monday, as "monday 9am" is.
        if d == options.now.date, t.secondOfDay <= options.now.secondOfDay,
          date.tokens.contains(where: { parserWeekday($0) }),
          !date.tokens.contains(where: { tokens[$0].word == nil || parserMonth($0) })
        {
          d = d.adding(days: 7)
        }
        span.reading = .dateTime(LocalDateTime(date: d, secondOfDay: t.secondOfDay))
        span.diagnostics += spans[j].diagnostics
      }
    }
    result.diagnostics += span.diagnostics
    if spans.count > (joined == nil ? 1 : 2) {
      let kept = text(span.range)
      for (k, other) in spans.enumerated() where k != winner && k != joined {
        result.diagnostics.append(TaskLineDiagnostic.secondDate(text(other.range), kept: kept, other.range))
      }
    }
    guard let reading = span.reading else { return }
    take(.date, span.range)
    if let j = joined { take(.date, spans[j].range) }
    setDue(reading, span.range)
  }

  /// Sets the due date read at `range`; a one-off date before today is kept (an overdue task)
  /// with QA411.
  mutating func setDue(_ reading: TaskLineDate.Reading, _ range: SourceRange) {
    let value = dueValue(reading)
    result.due = TaskDue(value: value, range: range)
    let day: CivilDate
    switch value {
    case .date(let d): day = d
    case .dateTime(let t): day = t.date
    case .rule: return
    }
    let today = options.now.date
    if day < today {
      result.diagnostics.append(TaskLineDiagnostic.pastDate(day, daysAgo: today.dayNumber - day.dayNumber, range))
    }
  }

  /// A weekday phrase next to a single date (either order, or after a comma) that names another
  /// day (`Dentist Dec 12 fri`, `friday dec 13 meet`): the written date wins and the weekday
  /// stays in the title with QA401 (the phrase ending the line would otherwise win). A date and
  /// its own weekday (`Dec 11 fri`) the parser reads as one phrase already (see `resolveOneOff`).
  mutating func keepDatesOverOtherWeekdays(_ spans: inout [Span]) {
    var k = 0
    while k + 1 < spans.count {
      // Either order: "Dec 12 fri", "friday dec 13 meet" (the weekday joins no date it does not name).
      for (d, w) in [(k, k + 1), (k + 1, k)] {
        let date = spans[d]
        let other = spans[w]
        let (a, b) = d < w ? (date, other) : (other, date)
        let gap = b.tokens.lowerBound - a.tokens.upperBound
        guard !date.recurs, !other.recurs, !date.timeOnly, !isPurpose(date),  // "monday for thanksgiving"
          gap == 0 || (gap == 1 && tokens[a.tokens.upperBound].isPunctuation(",")),
          let day = Self.dayOfReading(date.reading), let weekday = weekdayOnly(other), weekdayOnly(date) == nil,
          day != weekday
        else { continue }  // (two weekday phrases, "fri at 9 fri at 9", stay two)
        result.diagnostics.append(TaskLineDiagnostic.secondDate(text(other.range), kept: text(date.range), other.range))
        spans.remove(at: w)
        break
      }
      k += 1
    }
  }

  /// The day of a single date's reading, or nil for a rule or none.
  static func dateOfReading(_ reading: TaskLineDate.Reading?) -> CivilDate? {
    switch reading {
    case .date(let d)?: return d
    case .dateTime(let t)?: return t.date
    default: return nil
    }
  }

  /// The weekday of a single date's reading, or nil for a rule or none.
  static func dayOfReading(_ reading: TaskLineDate.Reading?) -> DayOfWeek? { dateOfReading(reading)?.dayOfWeek }

  /// The weekday a span names as its day (`fri`, `Friday`, `fri at 3pm`: it starts with the
  /// weekday and falls in the coming week), or nil.
  func weekdayOnly(_ span: Span) -> DayOfWeek? {
    guard let w = tokens[span.tokens.lowerBound].word,
      let entry = Lexicon.english.lookup(w).first(where: { $0.wordClass == .weekday }), let n = Int(entry.value),
      let weekday = DayOfWeek(rawValue: n), let date = Self.dateOfReading(span.reading), date.dayOfWeek == weekday
    else { return nil }
    let ahead = date.dayNumber - options.now.date.dayNumber
    return (0...7).contains(ahead) ? weekday : nil
  }

  /// A range of single dates (`dec 20 - jan 2`, `dec 24th thru jan 1st`, `dec 7-9`): the task is
  /// due at its start; the range is one span, with warning QA408.
  mutating func joinRanges(_ spans: inout [Span]) {
    var k = 0
    while k < spans.count {
      if !spans[k].recurs { joinDaysBeforeMonth(&spans[k], after: k > 0 ? spans[k - 1].tokens.upperBound : 0) }
      guard !spans[k].recurs, isDateOnly(spans[k]) else {
        k += 1
        continue
      }
      var c = spans[k].tokens.upperBound
      guard c < tokens.count else { break }
      let connector =
        tokens[c].isPunctuation("-") || ["to", "thru", "through", "till", "until"].contains(tokens[c].word ?? "")
      guard connector else {
        k += 1
        continue
      }
      c += 1
      var end: Int?
      var endDay: CivilDate?
      if k + 1 < spans.count, spans[k + 1].tokens.lowerBound == c, !spans[k + 1].recurs, isDateOnly(spans[k + 1]) {
        end = spans[k + 1].tokens.upperBound
        endDay = Self.dateOfReading(spans[k + 1].reading)
        spans.remove(at: k + 1)
      } else if c < tokens.count, case .number(let d) = tokens[c].kind, (1...31).contains(d),
        case .number = tokens[c - 2].kind
      {
        end = c + 1  // "dec 7-9": the last day only
      } else if c < tokens.count, case .ordinal(let d) = tokens[c].kind, (1...31).contains(d) {
        end = c + 1  // "dec 20th - 27th"
      }
      if var end {
        yearRange(&spans[k], to: &end, endDay: endDay)
        let range = SourceRange(spans[k].range.lowerBound, tokens[end - 1].range.upperBound)
        spans[k].diagnostics.append(TaskLineDiagnostic.dateRange(range))
        spans[k].range = range
        spans[k].tokens = spans[k].tokens.lowerBound..<end
      }
      k += 1
    }
  }

  /// A range of days before their month (`22-23 Feb`, `3 to 5 March`, `22–23 February at
  /// 7pm`): the span read from the last day takes the first, whose date it becomes unless it is
  /// past; `after` is where the span before ends.
  mutating func joinDaysBeforeMonth(_ span: inout Span, after: Int) {
    let s = span.tokens.lowerBound
    guard s >= after + 2, s + 1 < tokens.count, case .number(let last) = tokens[s].kind, parserMonth(s + 1),
      case .number(let first) = tokens[s - 2].kind, (first >= 1 && first < last), !taken(s - 2),
      tokens[s - 1].isPunctuation("-") || ["to", "thru", "through", "till", "until"].contains(tokens[s - 1].word ?? "")
    else { return }
    // A range already begun ("Timesheet 1-15 Dec" said on the 7th) is due its last day.
    switch span.reading {
    case .date(let d)?:
      let begin = CivilDate(year: d.year, month: d.month, day: first)
      if begin >= options.now.date { span.reading = .date(begin) }
    case .dateTime(let t)?:
      var moved = t
      moved.date = CivilDate(year: t.date.year, month: t.date.month, day: first)
      if moved.date >= options.now.date { span.reading = .dateTime(moved) }
    default: return
    }
    // Its lead-in too: "Trip on 22-23 Feb", "Report for 1-7 Dec", "away from 3 to 5 March".
    let lead =
      s - 3 >= after
        && (tokens[s - 3].word.map { Self.leadInWords.contains($0) || $0 == "from" || $0 == "between" } ?? false)
      ? s - 3 : s - 2
    span.tokens = lead..<span.tokens.upperBound
    span.range = SourceRange(tokens[lead].range.lowerBound, span.range.upperBound)
    span.diagnostics.append(TaskLineDiagnostic.dateRange(span.range))
  }

  /// A year written after a range of dates (`feb 3-5, 2027`) or with its last date (`mar 10 -
  /// mar 12, 2028`) is the range's: the start takes it (the year before when the range crosses
  /// into January), and a year after the range joins the span (`end` moves past it).
  func yearRange(_ span: inout Span, to end: inout Int, endDay: CivilDate?) {
    guard case .date(let start)? = span.reading else { return }
    var year: Int?
    var k = end
    if k < tokens.count, tokens[k].isPunctuation(",") { k += 1 }
    // Near the reference date, and not a count or a label ("feb 3-5, 2000 attendees", "2027 units").
    let near = options.now.date.year - 1...options.now.date.year + 10
    let titleWordAfter =
      k + 1 < tokens.count && tokens[k + 1].word.map { Lexicon.english.lookup($0).isEmpty } == true
    if k < tokens.count, case .number(let n) = tokens[k].kind, Parser.isYear(n, tokens[k]), near.contains(n),
      !titleWordAfter
    {
      year = n
      end = k + 1
    } else if let endDay,
      tokens[span.tokens.upperBound..<end].contains(where: {
        if case .number(let n) = $0.kind { return Parser.isYear(n, $0) }
        return false
      })
    {
      year = endDay.year
    }
    guard let year else { return }
    let last = endDay ?? start
    let wraps = (start.month, start.day) > (last.month, last.day)
    let dated = CivilDate(year: wraps ? year - 1 : year, month: start.month, day: start.day)
    if dated.isValid { span.reading = .date(dated) }
  }

  func isDateOnly(_ span: Span) -> Bool {
    if case .date? = span.reading { return true }
    return false
  }

  func dueValue(_ reading: TaskLineDate.Reading) -> TaskDue.Value {
    switch reading {
    case .date(let d): return .date(d)
    case .dateTime(let t): return .dateTime(t)
    case .rule(let r): return .rule(r, first: Self.firstDue(r, now: options.now, zone: options.zone))
    }
  }

  /// A rule's first due date from `now`, as `add` and `parse` list it: an all-day rule counts
  /// today; an after-completion rule is due one interval after now (or at its start).
  static func firstDue(_ r: RecurrenceRule, now: LocalDateTime, zone: Zone?) -> Occurrence? {
    if let (now, zone) = TaskLineOptions(now: now, zone: zone).reference(in: r.timeZone) {
      return firstDue(r, now: now, zone: zone)  // a rule in its own zone ("every day at 9am EST")
    }
    let allDay = r.times.isEmpty && !r.frequency.isSubDaily
    let reference = allDay ? LocalDateTime(date: now.date) : now
    return r.firstDue(from: reference, in: zone)
  }

  /// The canonical text of a reading: the rule's English, or the ISO date (and time).
  static func text(of value: TaskDue.Value) -> String {
    switch value {
    case .date(let d): return isoText(d, nil)
    case .dateTime(let t): return isoText(t.date, t.secondOfDay)
    case .rule(let r, _): return r.canonicalText
    }
  }

  /// `2026-12-01` or `2026-12-01T17:00`, written byte by byte.
  static func isoText(_ d: CivilDate, _ secondOfDay: Int?) -> String {
    guard (0...9999).contains(d.year) else { return d.description }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16)
    func two(_ n: Int) {
      bytes.append(UInt8(48 + n / 10 % 10))
      bytes.append(UInt8(48 + n % 10))
    }
    two(d.year / 100)
    two(d.year % 100)
    bytes.append(45)
    two(d.month)
    bytes.append(45)
    two(d.day)
    if let s = secondOfDay {
      bytes.append(84)
      two(s / 3600)
      bytes.append(58)
      two(s / 60 % 60)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A reminder after `!` at token `i`: `30 min before`, or a time or date; returns the token
  /// to go on from.
  mutating func readReminder(_ parser: inout Parser, at i: Int, limit: Int) -> Int {
    let bang = tokens[i]
    let k = i + 1
    guard k < tokens.count, tokens[k].range.lowerBound == bang.range.upperBound else { return i + 1 }
    parser.index = k
    if case .number(let n) = tokens[k].kind, let unit = parser.unit(at: 1), k + 2 < tokens.count,
      tokens[k + 2].word == "before", [.minute, .hour, .day].contains(unit), n <= 100_000
    {
      let minutes = n * (unit == .minute ? 1 : unit == .hour ? 60 : 1440)
      addReminder(.before(minutes: minutes), bang, tokens[k + 2].range.upperBound)
      return k + 3
    }
    parser.treeBox = TreeBox()
    parser.diagnostics = []
    let (ends, _) = parser.parseTaskDate()
    // The longest phrase that is one date or time: "!tomorrow 9am fri" reminds tomorrow at 9am.
    for end in ends.reversed() where parser.steps <= limit {
      parser.index = end.index
      parser.treeBox = end.tree
      let j = end.index
      Self.chargeEvaluation(&parser, words: j - k)
      guard
        let meaning = TaskLineDate.reading(parser, options: options, span: bang.range, words: k..<j, cues: titleCues),
        let r = meaning.reading
      else { continue }
      let tree = parser.tree
      let timeOnly = tree.start == nil && tree.days.isEmpty
      switch r {
      case .date(let d):
        addReminder(.date(d), bang, tokens[j - 1].range.upperBound)
        return j
      case .dateTime(let t):
        addReminder(timeOnly ? .time(seconds: t.secondOfDay) : .dateTime(t), bang, tokens[j - 1].range.upperBound)
        return j
      case .rule: continue
      }
    }
    result.diagnostics.append(
      TaskLineDiagnostic.reminder(SourceRange(bang.range.lowerBound, tokens[k].range.upperBound)))
    return i + 1
  }

  mutating func addReminder(_ value: TaskReminder.Value, _ bang: Token, _ end: Int) {
    let range = SourceRange(bang.range.lowerBound, end)
    result.reminders.append(
      TaskReminder(value: value, text: text(SourceRange(bang.range.upperBound, end)), range: range))
    take(.reminder, range)
  }
}

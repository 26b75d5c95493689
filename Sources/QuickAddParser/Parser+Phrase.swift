import RecurrenceCore

extension Parser {
  /// ```
  /// Phrase = { ClauseSeparator } , Clause , { { ClauseSeparator | "only" } , Clause } , { ClauseSeparator | "only" } ;
  /// ```
  /// A recurrence is a sequence of clauses in any order ("7:45am every weekday", "from jan 5,
  /// every other day"); each clause is recognised by its first token and fills its part of the
  /// tree, and a part filled twice is a conflict naming both places. A phrase with no word that
  /// makes it recur is a single date (QA103) or not a date at all (QA101).
  mutating func parsePhrase() {
    enter(.Phrase)
    let start = currentRange.lowerBound
    var clauses = 0
    while !atEnd, !failed {
      // Separators and wrapping punctuation between clauses: "every monday (9am)", "repeat:
      // every day", "every monday!"; a phrase may not end in "and".
      var joined = false
      while current != nil, parseClauseSeparator() || (clauses > 0 && lexKeyword(.only) != nil) {
        // "only" between clauses or at the end restricts nothing more ("every monday only");
        // "and only" still wants a clause after it.
        joined = isKeyword(.and, at: -1) || (joined && isKeyword(.only, at: -1))
      }
      if atEnd {
        if joined || clauses == 0 { unexpectedClause() }
        break
      }
      let clauseStart = index
      if !parseClause() {
        if !failed, clauses == 0 { refuseOneOffDate(from: clauseStart) }
        if !failed { unexpectedClause() }
        return
      }
      clauses += 1
    }
    if failed { return }
    tree.span = SourceRange(start, consumedEnd)
    finishPhrase()
  }

  /// ```
  /// ClauseSeparator = "," | ";" | "." | ":" | "!" | "?" | "(" | ")" | "[" | "]" | '"' | "'" | "*" | "and" | "&" | "-" ;
  /// ```
  mutating func parseClauseSeparator() -> Bool {
    enter(.ClauseSeparator)
    guard let t = current else { return false }
    if case .punctuation(let c) = t.kind {
      switch c {
      case ",", ";", ".", ":", "!", "?", "(", ")", "[", "]", "\"", "'", "*", "-", "&":
        index += 1
        return true
      default: return false
      }
    }
    return lexKeyword(.and) != nil
  }

  /// Whether "the month of" or "the months of" and a month stand at `offset`.
  func atMonthsOf(at offset: Int) -> Bool {
    isKeyword(.the, at: offset) && (word(at: offset + 1) == "month" || word(at: offset + 1) == "months")
      && isKeyword(.of, at: offset + 2) && isClass(.month, at: offset + 3)
  }

  /// Whether the word `at` (not `about`, its other surface) stands before a weekday or a group
  /// of days ("at weekends", "every week at tuesday", the British "at the weekend"), or, after a
  /// period, `at` or `in` before a weekday or (monthly) a day of the month, as learners write
  /// `on` ("every week in monday", "every month at the 1st"; in a task line "check in monday"
  /// keeps its verb). The day must not describe a title word after it ("Present at Monday
  /// meeting", "every month at the 3rd floor").
  var atDaysAfterAt: Bool {
    guard isKeyword(.at) || isKeyword(.in) else { return false }
    let w = word()
    guard w == "at" || w == "in" || w == "by" else { return false }
    func free(_ k: Int) -> Bool { peek(k)?.word == nil || !unknown(at: index + k) }
    if w != "in" || tree.unit?.value == .year, let t = peek(1), t.isNumber || t.isOrdinal, isClass(.month, at: 2),
      word(at: 2) != "may" || peek(3).map({ !($0.word != nil && !isClass(.weekday, at: 3)) }) ?? true,
      peek(3)?.isDayNumber != true || (peek(3).map { $0.range.upperBound - $0.range.lowerBound == 4 } ?? false)
        || shortYear(at: 3) != nil
    {
      // "by 20 jan", "at 10 dec", "every year in 14 march", "by 15 jan 27" (a two-digit year);
      // not "at 10 may be late", "at 14 feb 14"
      return true
    }
    guard w != "by" else { return false }
    if w == "at" || w == "in", isKeyword(.the, at: 1), entry(.daygroup, at: 2) == "weekend", !isPlural(at: 2) {
      // "at the weekend" (British), "in the weekend" (as learners write it); at the line's start
      // a title word may follow ("at the weekend clean garage")
      return free(3) || index == 0
    }
    let days = isClass(.weekday, at: 1) || isClass(.daygroup, at: 1)
    if w == "at", days { return free(2) }
    guard let unit = tree.unit?.value else { return false }
    if days { return unit != .day && free(2) }
    if unit == .year, w == "at", let t = peek(1) {
      // "every year at 10 jan, 10 apr", "yearly at jan 10": a date, as "on" says.
      switch t.kind {
      case .number, .ordinal: if isClass(.month, at: 2) { return true }
      case .word: if isClass(.month, at: 1), let d = peek(2), d.isDayNumber { return true }
      default: break
      }
    }
    guard unit == .month || unit == .quarter else { return false }
    let k = isKeyword(.the, at: 1) ? 2 : 1
    let ordinal = peek(k)?.isOrdinal == true
    return (ordinal && !isClass(.unit, at: k + 1) && free(k + 1))
      || (isClass(.ordinal, at: k) && isClass(.weekday, at: k + 1) && free(k + 2))
  }

  /// Whether `during`, or in a phrase `over` or `within`, stands before a length ("every monday
  /// during 2 months", "over the next 3 months"): an end, as `for` is, not a start two months
  /// ahead as `in 2 months` is. `during december` stays a month scope and `during the week`
  /// is refused (weekdays or the whole week?). In a task line only after a rule ("Report
  /// during 2 weeks" is no rule).
  var atLengthAfterDuring: Bool {
    guard let w = word(), w == "during" || (lineText == nil && (w == "over" || w == "within")) else { return false }
    guard lineText == nil || tree.unit != nil || tree.recurring != nil else { return false }
    var k = isKeyword(.the, at: 1) ? 2 : 1
    let next = isKeyword(.next, at: k)
    if next { k += 1 }
    let length = next && isClass(.unit, at: k) ? unit(at: k) : atCount(at: k) ? unit(at: k + 1) : nil
    // minutes and hours stay as they were ("daily during 10 minutes" is no end)
    guard let u = length else { return false }
    return u != .minute && u != .hour
  }

  /// Whether `on` stands, in a rule, before a clock time with am, pm or a colon ("every day on
  /// 9am", as learners write `at`), or `in` before one with am or pm ("every monday in 9am"), or
  /// with a colon after a period or `every` ("each monday in 10:00"): a time, not a day. Not a dotted "12.25" (a date), and not without a rule ("Get on 7:15 bus").
  var atTimeAfterOn: Bool {
    let on = isKeyword(.on) && word() == "on"
    guard on || isKeyword(.in), tree.unit != nil || !tree.days.isEmpty || tree.recurring != nil,
      let t = peek(1), case .clock(_, _, let pm) = t.kind
    else { return false }
    // "every day in 8am" (as learners write "at"); "in 2:30" may be a wait, so "in" needs am or
    // pm, or in a rule a colon and an hour no wait has ("each monday in 10:00", "every day in
    // 18:00", "in 06:00").
    guard pm == nil else { return true }
    let written = text(in: t.range)
    guard written.contains(":") else { return false }
    if on { return true }
    guard tree.unit != nil || tree.recurring != nil, case .clock(let h, _, _) = t.kind else { return false }
    return h >= 7 || (written.hasPrefix("0") && written.count == 5)  // "in 06:30"; "in 0:30" is a wait
  }

  /// ```
  /// Clause = FrequencyClause | DaysClause | ScopeClause | TimeClause | StartClause | EndClause
  ///        | CountClause | ExceptClause | CompletionSuffix | DateClause | Filler ;
  /// ```
  /// Dispatches on the first token; an alternative is entered only when the token can start it.
  mutating func parseClause() -> Bool {
    enter(.Clause)
    guard let t = current else { return false }
    if isKeyword(.repeat) || untilCancelledLength != nil || politeLength > 0 { return parseFiller() }
    if atCompletionSuffix {
      // In a task line, a completion before any period is another task's ("Call mom after I
      // finish it"): the title's words, not a rule.
      if lineText != nil, tree.unit == nil, tree.recurring == nil { return false }
      return parseCompletionSuffix()
    }
    if isClass(.every) || isClass(.adverb) || isKeyword(.after) || atHalfYearly || atDosingQ {
      return parseFrequencyClause()  // each of these either reads a clause or says why not
    }
    if isClass(.prefix) || atOncePer || (isClass(.other) && !isKeyword(.than, at: 1)) {
      if let done = attempt({ $0.parseFrequencyClause() ? true : nil }) { return done }
      if failed { return false }
    }
    // "all the mondays", "all the days" only in a phrase: "Fix all the monday bugs" is a title
    let days = isKeyword(.the, at: 1) && lineText == nil ? 2 : 1
    if isKeyword(.all),
      isClass(.weekday, at: days) || isClass(.daygroup, at: days) || (days == 2 && word(at: 2) == "days")
    {
      return parseFrequencyClause()  // "all mondays", "all the mondays", "all the days" (as learners write "every day")
    }
    if atTimesPer { return parseFrequencyClause() }  // "twice a day", "3 times a week"
    if isKeyword(.except)
      || (isKeyword(.but) && (isKeyword(.not, at: 1) || isDayStart(at: 1) || isClass(.month, at: 1)))
      || (isClass(.other) && isKeyword(.than, at: 1)) || (isKeyword(.not) && isKeyword(.on, at: 1))
    {
      return parseExceptClause()
    }
    if isKeyword(.for) || isKeyword(.up) || isKeyword(.twice) || isKeyword(.thrice) || isSurface(lexicon.tables.xIndex)
      || (atCount && (isKeyword(.times, at: 1) || isKeyword(.times, at: 2)))
    {
      if let done = attempt({ $0.parseCountClause() ? true : nil }) { return done }
      if failed { return false }
      if isKeyword(.twice) || isKeyword(.thrice) { return refuseTimesPer(t) }
    }
    if daysBeforeEnd != nil { return parseDaysClause() }  // "3 days before the end of every month"
    if atCount, isClass(.unit, at: 1) || isClass(.unit, at: 2),
      let done = attempt({ $0.parseFrequencyClause() ? true : nil })
    {
      return done
    }
    if failed { return false }
    if (isKeyword(.start) || isKeyword(.ending)), isKeyword(.of, at: 1) {
      return parseDaysClause()  // "start of every month", "end of every month"
    }
    if atWeekdayRangeAfterFrom { return parseDaysClause() }  // "every day from monday to friday"
    // "on dec 16 from 9-12", "wednesday from 3-5", "every day from 9-5": after a day, `from` and
    // a range of hours (not a date: "9-12" would be September 12).
    if isKeyword(.from), peek(2)?.isPunctuation("-") == true,
      !tree.days.isEmpty || tree.start != nil || tree.unit?.value == .day,
      let done = attempt({ p -> Bool? in
        p.index += 1
        return p.atHourAfterDay && p.parseTimeClause(marked: true) ? true : nil
      })
    {
      return done
    }
    if isKeyword(.start) || isKeyword(.from) || isKeyword(.between) { return parseStartClause() }
    if isKeyword(.ending), isKeyword(.after, at: 1), atCount(at: 2) {
      index += 2  // "ending after 5 occurrences": a count
      return parseCountClause()
    }
    if isKeyword(.until) || isKeyword(.through) || isKeyword(.ending) || isKeyword(.for) || isKeyword(.to)
      || (isKeyword(.up) && (isKeyword(.until, at: 1) || isKeyword(.to, at: 1)))
    {
      return parseEndClause()
    }
    if atLengthAfterDuring { return parseEndClause() }  // "every monday during 2 months"
    if atDaysAfterAt { return parseDaysClause() }
    if atTimeAfterOn { return parseTimeClause() }
    if isKeyword(.in) {
      if isClass(.month, at: 1) || isKeyword(.year, at: 1) || atMonthsOf(at: 1)
        || (isClass(.unit, at: 1) && word(at: 1)?.hasPrefix("w") == true)
      {
        return parseScopeClause()
      }
      if inPartOfDayLength > 0 { return parseTimeClause() }
      return parseDateClause()
    }
    if isKeyword(.at), isKeyword(.start, at: 1) || isKeyword(.ending, at: 1) || isKeyword(.the, at: 1) {
      // "at the start of every month", "at the end of each month".
      let edge = isKeyword(.the, at: 1) ? 2 : 1
      if isKeyword(.start, at: edge) || isKeyword(.ending, at: edge) {
        index += 1
        return parseDaysClause()
      }
    }

    if isKeyword(.at) || current?.isClock == true {
      return parseTimeClause()  // "at …" and "9am" are times or say why not
    }
    if atHourAfterDay || militaryBeforeDay, let done = attempt({ $0.parseTimeClause(marked: true) ? true : nil }) {
      return done
    }
    // An hour in words is a time when am, pm or o'clock follows ("nine a.m. every friday").
    if atTime || isClass(.number), !atDayNumber, let done = attempt({ $0.parseTimeClause() ? true : nil }) {
      return done
    }
    if failed { return false }
    if atMonthRange { return parseScopeClause() }  // "tuesdays, september through may"
    if atDateClause { return parseDateClause() }
    if isPronounLikeCode || isModalMay { return false }  // "every sunday we go", "every friday may be late"
    if isKeyword(.on) || isKeyword(.the) || atDay || atPeriodEdge {
      return parseDaysClause()
    }
    if atTime { return parseTimeClause() }
    return false
  }

  /// Whether `we` here follows a day or a period (not another two-letter code) with no separator
  /// and comes before a word the lexicon does not know: the pronoun ("every sunday we go"), not
  /// Wednesday. A timetable's codes stay days ("Mo We Fr 9am", "every mo we fr standup").
  var isPronounLikeCode: Bool {
    guard isClass(.weekday), word() == "we", !tree.days.isEmpty || tree.unit != nil,
      let next = peek(1), next.word != nil, unknown(at: index + 1), (word(at: -1)?.utf8.count ?? 0) > 2
    else { return false }
    return peek(-1).map { !$0.isPunctuation(",") && !$0.isPunctuation("/") && !isKeyword(.and, at: -1) } ?? false
  }

  /// Whether `may` here is the verb, not the month: after a day or a period with no word that
  /// leads to a month (`in`, `of`, `until` …) and before a word the lexicon does not know
  /// ("every friday may be late", "every monday may cause delays"; "every friday in may",
  /// "every may 5", "every friday May exams" and "every 1st monday may board meeting" keep the
  /// month).
  var isModalMay: Bool {
    guard word() == "may", let t = current, input.isEmpty || !text(in: t.range).hasPrefix("M"),
      !tree.days.isEmpty || tree.unit != nil, let next = peek(1), next.word != nil, unknown(at: index + 1),
      let before = peek(-1)?.word, !isClass(.ordinal, at: -2), peek(-2)?.isOrdinal != true
    else { return false }
    return !isKeyword(.in, at: -1) && !isKeyword(.of, at: -1) && !isKeyword(.until, at: -1)
      && !isKeyword(.through, at: -1) && !isKeyword(.to, at: -1) && !isKeyword(.from, at: -1)
      && !isClass(.every, at: -1) && before != "by" && before != "and"
  }

  /// Whether the days read so far leave no room for a day of the month after them: a weekday,
  /// a date, or a daily period.
  var dayLeavesNoDayOfMonth: Bool {
    let dayTaken = tree.days.contains {
      switch $0.value {
      case .monthDay, .ordinalDay, .yearDay: false
      default: true
      }
    }
    return dayTaken || tree.unit?.value == .day
  }

  /// Whether a bare number here, 1 to 12, is an hour: it ends the phrase (or a comma, a final
  /// full stop or a task-line token follows) right after a day that leaves no room for a day of the month
  /// ("every monday 9", "every day 7", "tomorrow 9", "dec 5 10"), and no time is written yet. So
  /// does a range of hours ("every weekday 9-5": from 9, the end a duration, QA207) and four
  /// digits of a 24-hour clock ("tomorrow 1830", "dec 16 0730").
  var atHourAfterDay: Bool {
    guard let t = current, case .number(let n) = t.kind, tree.times.isEmpty, let before = peek(-1),
      !isKeyword(.and, at: -1)
    else { return false }
    // An hour, or four digits of a 24-hour clock right after a weekday, a relative day or "day"
    // ("tomorrow 1830", "every day 0930"), in steps of five minutes: after a date it is a year
    // ("dec 31 2027"), and "tomorrow 1234" is more likely a PIN or a room than 12:34.
    // After a month and day, four digits that are no year are the clock ("dec 16 0730").
    let afterDate =
      !Self.isYear(n, t)
      && (peek(-1)?.isDayNumber == true && isClass(.month, at: -2)
        || isClass(.month, at: -1) && peek(-2)?.isDayNumber == true)
    let military =
      Self.isFourDigitClock(t)
      && (n % 5 == 0 || (lineText == nil && !Self.isYear(n, t)))
      && (isClass(.weekday, at: -1) || isClass(.daygroup, at: -1) || isKeyword(.today, at: -1)
        || isKeyword(.tomorrow, at: -1) || unit(at: -1) == .day || isClass(.adverb, at: -1) || afterDate)
      && (tree.months.isEmpty || afterDate)
    // "tonight 7", "tonight 19": tonight names its day, so the number is its hour; so does a
    // part of the day ("every morning 8", "evenings 7": not the 8th or the 7th of the month).
    let tonight = word(at: -1) == "tonight"
    let partOfDay = n <= 12 && isClass(.partofday, at: -1)
    guard (1...12).contains(n) || military || (tonight && (13...23).contains(n)) else { return false }
    if case .punctuation(let c) = before.kind, c != "." { return false }  // "mon, 9": a list; "fri. 9" is not
    if military, isKeyword(.and, at: 1) || isPunctuation(",", at: 1), let more = peek(2), Self.isFourDigitClock(more) {
      return true  // "every day 0600 and 1800": a list of 24-hour clocks
    }
    // "sundays 9 and 11am": an hour listed before a clock with am or pm
    if (1...12).contains(n), isKeyword(.and, at: 1) || isPunctuation(",", at: 1), let c = peek(2),
      case .clock(_, _, .some) = c.kind
    {
      return dayLeavesNoDayOfMonth  // "every 7th 9 and 11am" stays the 7th and 9th
    }
    // "every day 9 and 5", "every mon 8, 12 and 6": bare hours listed to the end after a day that
    // leaves no day of the month (in a task line only in a rule).
    if (1...12).contains(n), isKeyword(.and, at: 1) || isPunctuation(",", at: 1), bareHoursEndPhrase,
      lineText == nil || tree.recurring != nil || tree.unit != nil
    {
      return dayLeavesNoDayOfMonth || partOfDay  // "every morning 8 and 9"
    }
    // "tues 0700 gym session": four digits with a leading zero are a clock whatever follows.
    if military, n < 1000, !isPunctuation("-", at: 1) { return true }
    // A range of hours ends the phrase likewise: "every weekday 9-5" (office hours).
    var end = 1
    if peek(1)?.isPunctuation("-") == true, let e = peek(2), case .number(let m) = e.kind,
      (1...23).contains(m) || (military && Self.isFourDigitClock(e))
    {
      // In a rule, or in a task line where it surely is hours (see `lineHourRange`); not in a
      // timetable of days with their own hours ("mon 2-4, tue 3-5"): one rule has one time.
      guard tree.recurring != nil || tree.unit != nil || (lineText != nil && lineHourRange(n, m)),
        !(-4 ... -2).contains(where: { k in
          peek(k)?.isPunctuation("-") == true
            && peek(k - 1)?.isNumber == true
        }),
        !(peek(3)?.isPunctuation(",") == true && (isClass(.weekday, at: 4) || isClass(.daygroup, at: 4)))
      else { return false }
      end = 3
    }
    // "every hour 9-5", "hourly 9-5 weekdays": an hourly rule's window, whatever follows.
    let window = end == 3 && (tree.unit?.value == .hour || tree.unit?.value == .minute)
    if window {
      // "every 15 minutes 3-4 times", "every hour 10-12 reps" count things.
      guard let next = peek(end) else { return true }
      if case .number = next.kind { return false }
      return
        !(isClass(.unit, at: end) || isKeyword(.times, at: end) || isPunctuation("-", at: end)
        || (next.word != nil && unknown(at: index + end)))
    }
    if let next = peek(end),
      !(next.isPunctuation(",") || next.isPunctuation(Parser.barrier)
        || (next.isPunctuation(".") && peek(end + 1) == nil) || (military && zoneWord(at: end) != nil)
        || ((tonight || partOfDay) && end == 1
          && (next.word.map(Self.afterTonightHour.contains) ?? Self.isDashOrColon(next))))
    {
      return false  // "every monday 9.", "tomorrow 9, then …"; "tomorrow 3 apples" keeps its number
    }
    return dayLeavesNoDayOfMonth || tree.start != nil || (end == 1 && (tonight || partOfDay))
  }

  /// Whether a list of two or more bare hours (1 to 12, two digits at most) starts here and
  /// ends the phrase or its part (a barrier or a final full stop follows).
  var bareHoursEndPhrase: Bool {
    var k = 0
    var count = 0
    while let t = peek(k), case .number(let h) = t.kind, (1...12).contains(h),
      t.range.upperBound - t.range.lowerBound <= 2
    {
      count += 1
      guard isKeyword(.and, at: k + 1) || isPunctuation(",", at: k + 1) else { break }
      k += 2
    }
    guard count >= 2 else { return false }
    guard let next = peek(k + 1) else { return true }
    return next.isPunctuation(Parser.barrier) || (next.isPunctuation(".") && peek(k + 2) == nil)
  }

  /// Whether the range `start-end` here, after a day in a task line, is a range of hours: it
  /// spans a few hours, nothing counted is named in the line, and it starts at 7 to 12 (`rehearsal
  /// tues 7-9`, `open day sat 10-2`) or follows a month's date (`Dec 16 3-5`), `on` and a
  /// weekday, or `from` (`on Wednesday 3-5`, `wed from 3-5`); or it follows another date
  /// (`12/12`, `tomorrow`, `in 3 days`, `next wed`) and no plural before names things. Small
  /// numbers after a bare weekday are as often a score or a count (`tennis sat 4-6`, `eggs fri
  /// 2-3`).
  func lineHourRange(_ start: Int, _ end: Int) -> Bool {
    guard Self.spansHours(start, end), !tokens.contains(where: { $0.word.map(Self.countedNouns.contains) == true })
    else { return false }
    let dated = isClass(.month, at: -1) || isClass(.month, at: -2)
    let named = word(at: -1) == "from" || (isKeyword(.on, at: -2) && isClass(.weekday, at: -1))
    if (7...12).contains(start) || dated || named { return true }
    // After another kind of date only where no plural names things ("Meeting tomorrow 3-5";
    // "Buy eggs tomorrow 2-3" counts them).
    let relative =
      isKeyword(.today, at: -1) || isKeyword(.tomorrow, at: -1) || unit(at: -1) == .day
      || (isClass(.weekday, at: -1) && (isKeyword(.next, at: -2) || isKeyword(.this, at: -2)))
      || peek(-1).map { t in
        switch t.kind {
        case .numericDate, .isoDate: true
        default: false
        }
      } == true
    return relative
      && !tokens.indices.contains { k in
        k < index && unknown(at: k)
          && tokens[k].word.map { $0.count > 3 && $0.hasSuffix("s") && !$0.contains("'") } == true
      }
  }

  /// Whether `start-end` reads as a few hours (`3-5`, `10-2`, `9-12`, `14-16`): one to nine
  /// hours on, on a 12-hour clock when both are 12 or less.
  static func spansHours(_ start: Int, _ end: Int) -> Bool {
    if start <= 12, end <= 12 { return (1...9).contains((end - start + 12) % 12) }
    return end <= 23 && (1...9).contains(end - start)
  }

  /// Title words that say a range of numbers counts them, not hours ("homework monday 1-5",
  /// "print tomorrow 10-12").
  static let countedNouns: Set<String> = [
    "homework", "hw", "page", "pages", "pp", "chapter", "chapters", "ch", "problem", "problems", "question",
    "questions", "exercise", "exercises", "ex", "lesson", "lessons", "unit", "units", "module", "modules",
    "section", "sections", "slide", "slides", "verse", "verses", "rep", "reps", "set", "sets", "lap", "laps",
    "score", "won", "lost", "beat", "win", "loss", "draw", "vs", "v", "ratio", "odds", "rows", "row", "items",
    "level", "levels", "grade", "grades", "year", "years", "age", "ages", "size", "sizes", "step", "steps",
    "print", "copy", "copies", "scan", "photocopy", "read", "reread",
  ]

  /// Words after which the number after `tonight` is still its hour ("dinner tonight 7 with
  /// friends", "Game tonight 7 vs Lakers"); before a noun it counts ("tonight 3 pages").
  static let afterTonightHour: Set<String> = ["with", "w", "at", "about", "re", "for", "vs", "and"]

  /// Whether a token is a dash or a colon, which end a phrase's part ("tonight 9 - movie").
  static func isDashOrColon(_ t: Token) -> Bool { t.isPunctuation("-") || t.isPunctuation(":") }

  /// ```
  /// Filler = "repeat" | "repeats" | "repeating" | "recurring" | "recurs" | "recur"
  ///        | "until" , ( "further" , "notice" | "cancelled" ) | "please" | "remind" , "me" , [ "to" ] | "set" , [ "a" ] , "reminder" , [ "for" | "to" ] | "due" | "in" ;
  /// ```
  /// Words that say the task repeats and nothing more; they make the phrase a recurrence. In a
  /// phrase, "please" and "remind me" say nothing at all ("remind me every sunday at 8pm").
  mutating func parseFiller() -> Bool {
    enter(.Filler)
    if politeLength > 0 {
      index += politeLength
      return true
    }
    if let k = untilCancelledLength {
      index += k  // "until further notice", "until cancelled": no end, as saying none
      return true
    }
    if let text = lineText, index > 0, tree.recurring == nil, let t = current, t.word == "forever",
      t.range.lowerBound < text.scalars.count, ("A"..."Z").contains(text.scalars[t.range.lowerBound])
    {
      return false  // "Buy Forever 21 voucher": a capitalised "Forever" inside a task line is a name's
    }
    guard let r = lexKeyword(.repeat) else { return false }
    markRecurring(r)
    return true
  }

  /// The tokens of "please", "remind me (to)", a leading "set a reminder (for)", "due" or "in"
  /// (before `every`) here in a phrase (a task line keeps them in its title, or reads "due" as
  /// its date's lead-in), or 0.
  var politeLength: Int {
    guard lineText == nil, let w = word() else { return 0 }
    if w == "please" || (w == "due" && index == 0) { return 1 }  // "due the 1st of every month"
    if w == "in", index == 0, isClass(.every, at: 1) { return 1 }  // "in every month on 1st" (a learner's)
    if w == "set", index == 0 {
      // "set a reminder for every day at 8pm", "set reminder to every monday"
      let r = word(at: 1) == "a" ? 2 : 1
      guard word(at: r) == "reminder" else { return 0 }
      return word(at: r + 1) == "for" || word(at: r + 1) == "to" ? r + 2 : r + 1
    }
    guard w == "remind", word(at: 1) == "me" else { return 0 }
    return word(at: 2) == "to" ? 3 : 2
  }

  /// The tokens of "until further notice" or "until cancelled" here, or nil.
  var untilCancelledLength: Int? {
    guard isKeyword(.until) else { return nil }
    if isKeyword(.cancelled, at: 1) { return 2 }
    return isKeyword(.further, at: 1) && isKeyword(.notice, at: 2) ? 3 : nil
  }

  /// ```
  /// DateClause = DateRef ;
  /// ```
  /// A date standing alone ("tomorrow", "2027-01-05, every week") is the start.
  mutating func parseDateClause() -> Bool {
    enter(.DateClause)
    let start = currentRange.lowerBound
    if isKeyword(.this) || isKeyword(.next), let u = entry(.unit, at: 1), ["weekly", "monthly", "yearly"].contains(u) {
      // "every day next week", "mondays this month": from the period's start to its end.
      let next = isKeyword(.next)
      index += 1
      guard let unit = lex(.unit).flatMap({ PhraseTree.Unit(lexiconValue: $0.value) }) else { return false }
      let range = SourceRange(start, consumedEnd)
      guard setStart(.init(value: next ? .nextUnit(unit) : .today, range: range)) else { return false }
      return setEnd(.init(value: .until(.endOf(unit, offset: next ? 1 : 0)), range: range))
    }
    guard let date = parseDateRef() else { return false }
    if lexKeyword(.on) != nil, atDay { index -= 1 }
    return setStart(.init(value: date, range: SourceRange(start, consumedEnd)))
  }

  /// Whether a range of months starts here after the rule's days or period, with no word before
  /// it ("tuesdays, september through may", "2nd tuesday of each month sept-june").
  var atMonthRange: Bool {
    guard isClass(.month), tree.months.isEmpty, !tree.days.isEmpty || tree.unit != nil, !atMonthDate, !isModalMay
    else { return false }
    let k = isPunctuation(".", at: 1) ? 2 : 1  // "sept. - june"
    return
      (isPunctuation("-", at: k) || isPunctuation("–", at: k) || isKeyword(.to, at: k) || isKeyword(.through, at: k))
      && isClass(.month, at: k + 1)
  }

  /// ```
  /// ScopeClause = ( "in" | "of" ) , ( [ "the" , ( "month" | "months" ) , "of" ] , MonthList | [ "the" ] , "year" | WeekList ) | MonthList ;
  /// ```
  /// "every day in march", "mondays in weeks 1 and 3", "the 100th day of the year"; a range of
  /// months alone after the days ("tuesdays, september through may").
  mutating func parseScopeClause() -> Bool {
    enter(.ScopeClause)
    let start = currentRange.lowerBound
    guard lexKeyword(.in) != nil || lexKeyword(.of) != nil || atMonthRange else { return false }
    if atMonthsOf(at: 0) { index += 3 }  // "in the month of june", "in the months of june and july"
    if isClass(.month) {
      guard let months = parseMonthList() else { return false }
      return setMonths(months, SourceRange(start, consumedEnd))
    }
    if isKeyword(.the), isKeyword(.year, at: 1) || isClass(.month, at: 1) { lexKeyword(.the) }
    if let y = lexKeyword(.year) {
      // "of the year": the ordinal days before it count within the year.
      var converted = false
      for i in tree.days.indices {
        if case .ordinalDay(let n) = tree.days[i].value {
          tree.days[i].value = .yearDay(n)
          converted = true
        }
      }
      if converted { markRecurring(y) }
      return yearWeekdaysInMonth(SourceRange(start, consumedEnd))
    }
    if isClass(.month) {
      guard let months = parseMonthList() else { return false }
      return setMonths(months, SourceRange(start, consumedEnd))
    }
    guard let weeks = parseWeekList() else {
      unexpected(expected: "a month or a week number", classes: [.month])
      return false
    }
    tree.weeks += weeks
    return true
  }

  /// "the first monday of the year": a weekday's first four in a year fall in January, its last
  /// four in December, so the ordinal weekdays so far are in that month; past them, or first and
  /// last mixed, the rule could not name the month (an error).
  mutating func yearWeekdaysInMonth(_ range: SourceRange) -> Bool {
    // "the first monday of the year in march": the month written says which.
    if !tree.months.isEmpty || isClass(.month) || ((isKeyword(.in) || isKeyword(.of)) && isClass(.month, at: 1)) {
      return true
    }
    var workdays = false
    let ordinals = tree.days.compactMap { d -> Int? in
      switch d.value {
      case .ordinalWeekday(let n, _): return n
      case .ordinalWorkday(let n):
        workdays = true
        return n
      default: return nil
      }
    }
    guard !ordinals.isEmpty else { return true }
    // A year's first or last twenty workdays are in January or December too.
    let reach = workdays ? 20 : 4
    guard ordinals.allSatisfy({ (1...reach).contains($0) }) || ordinals.allSatisfy({ (-reach)...(-1) ~= $0 }) else {
      error(
        ParseDiagnostic.outOfRange(
          "a weekday of the year is one of its first or last four (a workday: twenty), all first or all last", range))
      return false
    }
    markRecurring(range)
    return setMonths([.init(value: ordinals[0] > 0 ? 1 : 12, range: range)], range)
  }

  // MARK: The end of the phrase

  /// Decides whether the phrase recurs: a phrase without a recurrence word is a single date
  /// (QA103) when it reads as one, and no recurrence (QA101) otherwise.
  mutating func finishPhrase() {
    if tree.recurring == nil, !tree.months.isEmpty,
      let d = tree.days.first(where: {
        switch $0.value {
        case .ordinalWeekday, .ordinalInstance: return true
        default: return false
        }
      })
    {
      // "the fourth thursday in november": a yearly habit, as holidays are.
      tree.recurring = d.range
    }
    if tree.recurring == nil, tree.dayListPeriod == .week, case .until(.endOf(.week, _))? = tree.end?.value {
      // "mon and tue next week": two single dates in one week, not a weekly rule.
      error(ParseDiagnostic.oneOff(tree.span))
      return
    }
    if tree.recurring == nil, let kind = tree.dayListPeriod {
      // "mon wed fri", "the 1st and 15th", "first and third mondays": days no single date holds.
      tree.recurring = tree.days[0].range
      diagnostics.append(
        ParseDiagnostic.dayList(
          kind, SourceRange(tree.days[0].range.lowerBound, tree.days[tree.days.count - 1].range.upperBound)))
    }
    guard tree.recurring == nil else { return }
    let hasDate =
      !tree.days.isEmpty || !tree.times.isEmpty || !tree.partsOfDay.isEmpty || tree.start != nil
      || !tree.months.isEmpty
    if hasDate {
      error(ParseDiagnostic.oneOff(tree.span))
    } else {
      error(ParseDiagnostic.noRecurrence(tree.span))
    }
  }

  /// QA103 when the phrase starts with a single date that only a task line reads ("day after
  /// tomorrow", "this weekend"), so `parse` refuses it as it refuses "tomorrow".
  mutating func refuseOneOffDate(from start: Int) {
    let saved = index
    index = start
    let from = currentRange.lowerBound
    if attempt({ $0.parseOneOffDate() ? true : nil }) != nil, !failed {
      // The clauses after it ("this evening", "day after tomorrow at 5pm") belong to the date
      // when they all read; the error covers them too.
      let dateEnd = consumedEnd
      let counted = diagnostics.count
      var end = dateEnd
      while !atEnd, !failed {
        while current != nil, parseClauseSeparator() {}
        if atEnd || !parseClause() || failed { break }
        end = consumedEnd
      }
      if !atEnd || failed { end = dateEnd }
      diagnostics.removeLast(diagnostics.count - counted)
      error(ParseDiagnostic.oneOff(SourceRange(from, end)))
      return
    }
    index = saved
  }

  /// An error where no clause starts: a misspelling gets "did you mean", a single date QA103.
  mutating func unexpectedClause() {
    guard !failed else { return }  // only the first error is kept
    if index == 0 {
      if let t = current, let w = t.word, lexicon.lookup(w).isEmpty,
        let s = lexicon.suggestion(for: w, in: [.every, .adverb, .weekday, .month, .unit])
      {
        error(ParseDiagnostic.unknownWord(w, suggestion: s, t.range))
      } else {
        error(
          ParseDiagnostic.noRecurrence(SourceRange(currentRange.lowerBound, max(currentRange.lowerBound, inputLength))))
      }
      return
    }
    unexpected(
      expected: "a time, a day, a start, an end or a count", classes: [.weekday, .month, .unit, .keyword, .timeword])
  }

  /// `twice a week`: no days, so no rule.
  mutating func refuseTimesPer(_ t: Token) -> Bool {
    error(
      ParseDiagnostic.unsupported(
        "'\(text(of: t))' does not say which days or times; write them, as in 'every month on the 1st and 15th'",
        t.range))
    return false
  }

  // MARK: Filling the tree, with conflicts reported

  /// Marks the phrase as a recurrence at `range` (the first such word is kept).
  mutating func markRecurring(_ range: SourceRange) {
    if tree.recurring == nil { tree.recurring = range }
  }

  /// Sets the period; the same period twice is one period (a count given once is kept), a
  /// different one is a conflict.
  mutating func setPeriod(_ unit: PhraseTree.Node<PhraseTree.Unit>, count: PhraseTree.Node<Int>?) -> Bool {
    if let old = tree.unit, old.value == .week, unit.value == .day, count == nil, (tree.count?.value ?? 1) == 1,
      tree.days.isEmpty, ["all", "every", "each"].contains(word(at: -2) ?? ""), isKeyword(.on, at: -3)
    {
      tree.unit = unit  // "weekly on all days", "every week on every day": every day
      return true
    }
    if let old = tree.unit {
      let sameCount = count == nil || tree.count == nil || count?.value == tree.count?.value
      guard old.value == unit.value, sameCount else {
        return conflict(
          SourceRange(count?.range.lowerBound ?? unit.range.lowerBound, unit.range.upperBound), old.range,
          "a rule has one period")
      }
    }
    tree.unit = tree.unit ?? unit
    if let count { tree.count = count }
    return true
  }

  /// Adds months the rule is limited to, grouped with the days written since the last list.
  mutating func setMonths(_ months: [PhraseTree.Node<Int>], _ range: SourceRange) -> Bool {
    let from = tree.monthGroups.last?.days.upperBound ?? 0
    tree.monthGroups.append(.init(days: from..<tree.days.count, months: months.map { $0.value }))
    tree.monthClause = tree.monthClause.map { SourceRange($0.lowerBound, range.upperBound) } ?? range
    for m in months where !tree.months.contains(where: { $0.value == m.value }) { tree.months.append(m) }
    return true
  }

  /// Whether a day follows the time clause `range` at once (`2pm tuesday`, `2pm on tuesday`):
  /// the time is that day's.
  func dayRightAfter(_ range: SourceRange) -> Bool {
    guard var k = tokens.firstIndex(where: { $0.range.lowerBound >= range.upperBound }) else { return false }
    if tokens[k].word == "on" { k += 1 }
    guard k < tokens.count, let day = tree.days.first(where: { $0.range.lowerBound >= range.upperBound }) else {
      return false
    }
    return tokens[k].range.lowerBound == day.range.lowerBound
  }

  /// Sets the start.
  mutating func setStart(_ start: PhraseTree.Node<PhraseTree.DateRef>) -> Bool {
    if let old = tree.start { return conflict(start.range, old.range, "a rule has one start") }
    tree.start = start
    return true
  }

  /// Adds a clause's times; a second time clause is a conflict.
  mutating func setTimes(_ times: [PhraseTree.Node<PhraseTree.Clock>], _ range: SourceRange) -> Bool {
    guard !times.isEmpty else { return true }
    if let old = tree.timeClause, let last = tree.days.last, last.range.lowerBound >= old.upperBound,
      let first = tree.days.first, first.range.upperBound <= old.lowerBound || dayRightAfter(old),
      tree.times.map(\.value) == times.map(\.value)
    {
      // "tuesday 2pm and thursday 2pm": every day the same times, one rule.
      tree.timeClause = SourceRange(old.lowerBound, range.upperBound)
      return true
    }
    if let old = tree.timeClause, let last = tree.days.last, last.range.lowerBound >= old.upperBound {
      // "every mon at 8pm, tue at 9pm".
      error(
        ParseDiagnostic.unsupported(
          "different times on different days need a task for each; one rule gives all its days the same times",
          SourceRange(last.range.lowerBound, range.upperBound)))
      return false
    }
    if let old = tree.timeClause {
      // "at 9 in the morning and 9 at night": a list of times, each with its part of the day.
      let k = tokens.firstIndex { $0.range.lowerBound == range.lowerBound } ?? 0
      if k >= 2, tokens[k - 1].word == "and" || tokens[k - 1].isPunctuation(","),
        tokens[k - 2].range.upperBound == old.upperBound
      {
        tree.timeClause = SourceRange(old.lowerBound, range.upperBound)
        tree.times.adopt(times)
        return true
      }
      return conflict(range, old, "give the times in one list, as in 'at 9am and 5pm'")
    }
    tree.timeClause = range
    tree.times.adopt(times)
    return true
  }

  /// Records a conflict between the clause at `range` and the earlier one at `old`.
  mutating func conflict(_ range: SourceRange, _ old: SourceRange, _ reason: String) -> Bool {
    error(ParseDiagnostic.conflict(text(in: range), with: text(in: old), at: old, reason: reason, range))
    return false
  }

  /// The input's characters in `range`.
  func text(in range: SourceRange) -> String {
    // A task line's text is cut from its bytes (each of its many starts may quote a clause).
    if let lineText {
      let n = lineText.scalars.count
      return lineText.text(min(range.lowerBound, n), min(range.upperBound, n))
    }
    return String(
      String.UnicodeScalarView(
        input.unicodeScalars.dropFirst(range.lowerBound).prefix(range.upperBound - range.lowerBound)))
  }
}

import RecurrenceCore

extension Parser {
  /// ```
  /// TaskDate = ( OneOffDate | Clause ) , { { ClauseSeparator } , ( OneOffDate | Clause ) } ;
  /// ```
  /// The date phrase inside a task line: the runs of clauses from the current token that read,
  /// longest last. `ends` holds, for each clause read, the token after it and the tree and
  /// diagnostics count at that point, so the caller can fall back to a shorter phrase when the
  /// longest is no date here ("friday lunch to next wednesday"); the parser is left at the end
  /// of the longest. The clause that does not read, and the separators before it, are given
  /// back to the title; `stopped` is that clause's first error, if any. A task duration (`for
  /// 45min`) and a reminder end the phrase: they are the task's, not the rule's.
  mutating func parseTaskDate() -> (ends: [(index: Int, tree: TreeBox, diagnostics: Int)], stopped: Diagnostic?) {
    enter(.TaskDate)
    var ends: [(index: Int, tree: TreeBox, diagnostics: Int)] = []
    var good = (index: index, tree: treeBox, diagnostics: diagnostics.count)
    var stopped: Diagnostic?
    while !atEnd {
      if !ends.isEmpty {
        // A colon ends a leading date like a label's: "fri: evening shift handover".
        if current?.isPunctuation(":") == true { break }
        while current != nil, !atBarrier, parseClauseSeparator() {}
      }
      if atEnd || atBarrier || taskDurationLength() != nil { break }
      var read = false
      if let extra = attempt({ $0.parseOneOffDate() ? true : nil }) {
        read = extra
      } else if !failed {
        read = parseClause()
      }
      if !read || failed {
        stopped = diagnostics.first { $0.severity == .error }
        break
      }
      good = (index, treeBox, diagnostics.count)
      ends.append(good)
    }
    index = good.index
    treeBox = good.tree
    diagnostics.removeLast(diagnostics.count - good.diagnostics)
    return (ends, stopped)
  }

  /// The tokens of a plural word for workdays at `offset` (`workdays`, `business days`,
  /// `working days`, `weekdays`), or 0.
  func workdaysWord(at offset: Int) -> Int {
    if entry(.daygroup, at: offset) == "weekdays", word(at: offset)?.hasSuffix("s") == true { return 1 }
    if isKeyword(.work, at: offset), word(at: offset + 1) == "days" { return 2 }
    return 0
  }

  /// Whether the current token separates two parts of a task line (a project, a quote, a label).
  var atBarrier: Bool { current?.isPunctuation(Parser.barrier) == true }

  /// Whether the token at `offset` separates two parts of a task line.
  func atBarrier(at offset: Int) -> Bool { peek(offset)?.isPunctuation(Parser.barrier) == true }

  /// The character of the tokens that stand between two parts of a task line's free text.
  static let barrier: Character = "\u{1}"

  /// ```
  /// OneOffDate = "yesterday" | ( "this" | "next" ) , "weekend" | "next" , ( "weekday" | "workday" )
  ///            | "this" , <partofday> | [ "on" ] , [ "this" ] , "coming" , <weekday> | [ "on" ] , <weekday> , [ "," ] , DaysClause
  ///            | [ [ "the" ] , "day" ] , "after" , "tomorrow" | "next" , "tomorrow"
  ///            | ( NUMBER | NumberWord ) , <unit> , ( "from" , "now" | "hence" ) | "half" , ( "a" | "an" ) , "hour" , "from" , "now"
  ///            | ( NUMBER | NumberWord ) , <unit> , ( "from" | "after" ) , ( "today" | "tomorrow" )
  ///            | "in" , NUMBER , ( "workdays" | "weekdays" | ( "business" | "working" | "work" ) , "days" )
  ///            | ( "in" | "within" ) , [ ( "about" | "around" | "approx" | "approximately" | "roughly" | "abt" ) , [ "." ] ]
  ///                   , ( "half" , ( "a" | "an" ) , "hour" | ( "a" | "an" | "one" ) , "hour" , "and" , "a" , "half"
  ///                   | NUMBER , "." , NUMBER , <unit> | [ "a" ] , "couple" , "of" , <unit> | ( NUMBER | NumberWord | "a" | "an" ) , <unit> )
  ///            | <weekday> , [ "," ] , NUMBER
  ///            | [ "on" ] , <weekday> , [ "of" ] , ( "this" | "next" ) , "week" | ( "this" | "next" ) , "week" , [ "," | "on" ] , <weekday>
  ///            | [ "on" ] , <weekday> , ( "week" | "fortnight" | "next" | "after" , "next" ) | ( "a" | "an" | NUMBER | NumberWord ) , <unit> , [ "on" | "from" | "after" ] , <weekday>
  ///            | ( "a" | "an" | "one" ) , ( "week" | "fortnight" ) , ( "tomorrow" | "today" )
  ///            | [ "the" ] , ( NUMBER | ORDINAL ) , "of" , ( "next" | "this" ) , "month" | [ "on" ] , [ "the" ] , ( NUMBER | ORDINAL ) , ( "next" | "this" ) , "month"
  ///            | ( "next" | "this" ) , "month" , [ "on" ] , [ "the" ] , ( NUMBER | ORDINAL )
  ///            | [ "the" ] , ( ORDINAL | <ordinal> ) , <weekday> , ( "of" | "in" ) , <month> , [ "," ] , YEAR
  ///            | [ "on" ] , [ "the" ] , ( ORDINAL | <ordinal> ) , ( <weekday> | "day" ) , "of" , ( "this" | "next" ) , "month"
  ///            | ( "eod" | "eob" | "cob" | [ "the" ] , ( "end" , "of" , [ "the" ] , "day" | ( "end" | "close" ) , "of" , ( "business" | "play" ) ) | "first" , "thing" ) , [ Clause ] | "eow" | "eom" | "eoy"
  ///            | ( <month> , ( NUMBER | ORDINAL ) | ( NUMBER | ORDINAL ) , [ "of" ] , <month> ) , [ "," ] , YEAR | "mid" , [ "-" ] , <month>
  ///            | [ "the" ] , ( "end" | "beginning" | "start" ) , "of" , ( [ "the" | "this" | "next" ] , <unit> | <month> , [ [ "," ] , YEAR ] )
  ///            | [ "+" ] , NUMBER , <unit> ;
  /// ```
  /// How many tokens (`on`, `this`) stand before `coming` and a weekday here, or nil. Without
  /// them, after a title word, `coming` is the title's verb ("Plumber coming wed") unless the
  /// weekday is today's ("Review coming monday" said on a Monday is next week's); `upcoming` is
  /// no verb.
  var comingWeekdayAt: Int? {
    var k = isKeyword(.on) ? 1 : 0
    if isKeyword(.this, at: k) { k += 1 }
    guard isKeyword(.coming, at: k), let w = entry(.weekday, at: k + 1).flatMap(Int.init) else { return nil }
    if k == 0, index > 0, word() != "upcoming", let today, today.dayOfWeek.rawValue != w { return nil }
    return k
  }

  /// The single dates only a task line has; they set the start, as a date clause does.
  mutating func parseOneOffDate() -> Bool {
    enter(.OneOffDate)
    let start = currentRange.lowerBound
    var date: PhraseTree.DateRef?
    if lexKeyword(.yesterday) != nil {
      date = .yesterday
    } else if isKeyword(.this) || isKeyword(.next), entry(.daygroup, at: 1) == "weekend" {
      let next = isKeyword(.next)
      index += 2
      date = .weekend(offset: next ? 1 : 0)
    } else if isKeyword(.next), entry(.daygroup, at: 1) == "weekdays" {
      index += 2
      date = .nextWorkday
    } else if isKeyword(.this), isClass(.partofday, at: 1) {
      index += 1  // "this evening": today, at the part of the day that follows
      date = .today
    } else if let k = comingWeekdayAt {
      index += k + 1  // "coming friday", "on this coming monday": the first after today
      guard let w = lexValue(.weekday) else { return false }
      date = .comingWeekday(w.value)
    } else if let day = weekdayBeforeDatedYear() {
      date = .iso(day)  // "Fri 11/12/2026" (December 11, a Friday), "on Mon 14.12.2026"
    } else if isKeyword(.on), isClass(.weekday, at: 1), weekdayBeforeDate(at: 1) {
      let w = weekdayNumber(at: 1)
      index += 1 + weekdayLength(at: 1)  // "on mon 1/4"
      let before = tree.days.count
      guard parseDaysClause() else { return false }
      if tree.days.count == before + 1, let w { weekdayPicksDateOrder(w) }
      return true
    } else if let day = weekdayWithDayNumber() {
      date = .iso(day)  // "Fri 18 party", "Meeting Wed 16 at 3pm": the 18th, a Friday
    } else if isClass(.weekday), weekdayBeforeDate(), let w = weekdayNumber(at: 0) {
      // "thursday, december 3", "fri 12/18": the weekday names the date that follows; one that
      // names another day ("friday dec 13", a Sunday) is not joined, so the date is read alone
      // and the weekday stays in the title with a warning.
      index += weekdayLength()
      let before = tree.days.count
      guard parseDaysClause() else { return false }
      if tree.days.count == before + 1 { weekdayPicksDateOrder(w) }
      if tree.days.count == before + 1, let day = tree.days.last, weekday(w, differsFrom: day.value, year: writtenYear)
      {
        return false
      }
      return true
    } else if isKeyword(.day) || (isKeyword(.the) && isKeyword(.day, at: 1)),
      isKeyword(.after, at: isKeyword(.the) ? 2 : 1), isKeyword(.tomorrow, at: isKeyword(.the) ? 3 : 2)
    {
      index += isKeyword(.the) ? 4 : 3  // "the day after tomorrow"
      date = .offset(2, .day)
    } else if isKeyword(.after) || isKeyword(.next), isKeyword(.tomorrow, at: 1), !isKeyword(.day, at: -1),
      !isClass(.unit, at: -1)
    {
      // "call Ahmed after tomorrow": the day after tomorrow, as Arabic, French and Spanish
      // speakers say it, and the first day a native "later than tomorrow" allows; "next
      // tomorrow" as Nigerian English says it.
      index += 2
      date = .offset(2, .day)
    } else if isKeyword(.in), let t = peek(1), case .number(let n) = t.kind, workdaysWord(at: 2) > 0 {
      index += 2 + workdaysWord(at: 2)  // "in 3 business days", "in 2 workdays"
      date = .workdaysAhead(n)
    } else if isKeyword(.in), let (n, unit, k) = looseAmount(at: 1) {
      index += 1 + k  // "in half an hour", "in a couple of days", "in 1.5 hours", "in about 5 hours"
      date = .offset(n, unit)
    } else if word(at: -1) == "within", let (n, unit, k) = looseAmount(at: 0, plain: true),
      word(at: k) != "of", word(at: k) != "or"  // "within a month of opening", "within a day or two"
    {
      // "within two weeks", "within a month", "within 24 hours": the search starts after
      // `within`, a word the lexicon does not hold, and takes it as the date's lead-in.
      index += k
      date = .offset(n, unit)
    } else if let (n, unit) = amountFromNow() {
      date = .offset(n, unit)  // "a week from today", "2 days from now"
    } else if plainNumber(at: 0) == 1, current?.word != nil, word(at: -1) != "for", let u = unit(at: 1),
      u == .week || u == .fortnight, isKeyword(.tomorrow, at: 2) || isKeyword(.today, at: 2)
    {
      // "a week tomorrow", "a fortnight today" (British): that day, a week or two on.
      let days = (u == .week ? 7 : 14) + (isKeyword(.tomorrow, at: 2) ? 1 : 0)
      index += 3
      date = .offset(days, .day)
    } else if let day = weekdayOfWeek() {
      date = .iso(day)  // "thursday next week", "next week on thu", "friday of this week"
    } else if let (d, days) = weekdayLater() {
      // "friday week", "a week on friday", "monday next"
      date = days == 0 ? .nextWeekday(d) : .weekdayLater(d, days: days)
    } else if let day = dayOfNextMonth() {
      date = .iso(day)  // "the 5th of next month"
    } else if let day = ordinalWeekdayWithYear() {
      date = .iso(day)  // "the second friday of january 2027": one date, that year's
    } else if let day = ordinalDayOfThisOrNextMonth() {
      date = .iso(day)  // "the first monday of next month", "the last day of this month"
    } else if let (m, d, y) = monthDateWithYear() {
      date = .monthDay(month: m, day: d, year: y)  // "jan 27 2028", "27 jan, 2028"
    } else if isKeyword(.mid) {
      index += 1
      lexPunctuation("-")
      guard let m = lexValue(.month) else { return false }
      date = .monthDay(month: m.value, day: 15, year: parseYear())
    } else if let length = endOfDayLength() {
      index += length
      // "friday eod", "dec 11 end of day": the day already read; "eod tomorrow": the day that follows.
      if tree.start != nil || !tree.days.isEmpty { return true }
      // "eod on friday", "eod 12/15", "eod in 3 days": a day, not a bare number ("eod 2 reports").
      let dayFollows =
        atDateClause || isClass(.weekday) || isClass(.month) || isKeyword(.on) || isKeyword(.in)
        || current?.isNumericDate == true
      if dayFollows,
        attempt({ $0.parseClause() && ($0.tree.start != nil || !$0.tree.days.isEmpty) ? true : nil }) != nil
      {
        return true
      }
      // "first thing in the morning", "first thing at 8": a time alone, today or tomorrow.
      if length == 2,
        isKeyword(.at) || inPartOfDayLength > 0 || isClass(.partofday)
          || current?.isClock == true
      {
        return true
      }
      date = .today
    } else if let unit = endOfAbbreviation() {
      index += 1
      // "Finish dec 20 eom" keeps its date: the day already written says when.
      if tree.start != nil || !tree.days.isEmpty { return true }
      date = .endOf(unit, offset: 0)  // "eow", "eom", "eoy"
    } else if let edge = parsePeriodEdgeDate() {
      date = edge
    } else {
      if isPunctuation("+") { index += 1 }
      let plus = index > 0 && peek(-1)?.isPunctuation("+") == true
      // "3 weeks" alone is a date; "10 minutes" and "2 hours" alone are how long, not when.
      guard let t = current, case .number(let n) = t.kind, let unit = unit(at: 1), !isKeyword(.after, at: 2),
        word(at: 2) != "before", plus || (unit != .minute && unit != .hour)
      else { return false }
      index += 2
      date = .offset(n, unit)
    }
    guard let date else { return false }
    return setStart(.init(value: date, range: SourceRange(start, consumedEnd)))
  }

  /// `(the) end of (this|next) week|month|year`, `(the) end of june` (its last day, the next
  /// June's when this one is past), `(the) beginning|start of next week|month|year` (its first
  /// day) and `(the) beginning|start of june` (June 1, this year's in June); nil, consuming
  /// nothing, for anything else (`start of this week` may be past, `Start diet` is a title).
  mutating func parsePeriodEdgeDate() -> PhraseTree.DateRef? {
    let k = isKeyword(.the) ? 1 : 0
    let ending = isKeyword(.ending, at: k)
    guard ending || (isKeyword(.start, at: k) && word(at: k) != "begin"), isKeyword(.of, at: k + 1) else { return nil }
    let saved = index
    index += k + 2
    if let m = lexValue(.month) {
      // This year's month while it lasts ("end of december" in December), else next year's;
      // a year written after it is that year's ("end of march 2028").
      let year: Int
      if let y = parseYear() {
        year = y
      } else if let today {
        year = m.value >= today.month ? today.year : today.year + 1
      } else {
        return .month(m.value)  // a phrase has no reference date here: only to refuse it
      }
      return .iso(CivilDate(year: year, month: m.value, day: ending ? CivilDate.daysIn(month: m.value, year: year) : 1))
    }
    var offset = 0
    if lexKeyword(.next) != nil {
      offset = 1
    } else if !ending {
      index = saved
      return nil
    } else if lexKeyword(.the) == nil {
      lexKeyword(.this)
    }
    guard let u = lex(.unit), let unit = PhraseTree.Unit(lexiconValue: u.value),
      unit == .week || unit == .month || unit == .year
    else {
      index = saved
      return nil
    }
    return ending ? .endOf(unit, offset: offset) : .nextUnit(unit)
  }

  /// The tokens of `eod`, `end of day`, `(the) end of the day`, `cob`, `close of business`,
  /// `end of play` or `first thing` at offset `o`, or nil: a due day (today unless another day
  /// is written with it), without a time.
  func endOfDayLength(at o: Int = 0) -> Int? {
    // Cheap class tests first: every word of a task line may start a date.
    if isKeyword(.endof, at: o) {
      switch word(at: o) {
      case "eod", "eob": return 1
      case "cob":
        // "Sign by COB", "due cob"; "corn on the cob", "Buy corn cob", "Bake cob" are bread and corn.
        let before = word(at: o - 1) ?? ""
        if ["by", "due", "before", "until", "till", "at"].contains(before) { return 1 }
        guard let text = lineText, let t = peek(o), t.range.upperBound <= text.scalars.count else { return 1 }
        return text.scalars[t.range.lowerBound..<t.range.upperBound].allSatisfy { ("A"..."Z").contains($0) } ? 1 : nil
      default: return nil
      }
    }
    if isClass(.ordinal, at: o) { return word(at: o) == "first" && word(at: o + 1) == "thing" ? 2 : nil }
    let the = o + (isKeyword(.the, at: o) ? 1 : 0)  // "by the end of the day"
    guard isKeyword(.of, at: the + 1), let head = word(at: the), head == "end" || head == "close" else { return nil }
    switch word(at: the + 2) {
    case "day" where head == "end", "business", "play": return the + 3 - o
    default: break
    }
    if head == "end", isKeyword(.the, at: the + 2), word(at: the + 3) == "day" { return the + 4 - o }
    return nil
  }

  /// The period of `eow`, `eom` or `eoy` at offset `o` (the end of this week, month or year), or nil.
  func endOfAbbreviation(at o: Int = 0) -> PhraseTree.Unit? {
    guard isKeyword(.endof, at: o) else { return nil }
    switch word(at: o) {
    case "eow": return .week
    case "eom": return .month
    case "eoy": return .year
    default: return nil
    }
  }

  /// A weekday and a bare day of the month that names it (`fri 18` when the next 18th is a
  /// Friday): that date, consumed. When the next such day is another weekday the number is no
  /// day ("mon 9 standup" is at 9).
  mutating func weekdayWithDayNumber() -> CivilDate? {
    guard let w = entry(.weekday).flatMap(Int.init), !isPlural(at: 0) else { return nil }
    let k = isPunctuation(",", at: 1) ? 2 : 1
    guard let t = peek(k), case .number(let n) = t.kind, (1...31).contains(n),
      t.range.upperBound - t.range.lowerBound <= 2
    else { return nil }
    if let next = peek(k + 1) {
      // "mon 2-4", "fri 18:30", "sat 18 hours", "fri 18 dec" (read by the date grammar).
      if next.isPunctuation("-") || next.isPunctuation(":") || next.isPunctuation("/") || next.isPunctuation(".") {
        return nil
      }
      if isClass(.unit, at: k + 1) || isClass(.month, at: k + 1) || isClass(.meridiem, at: k + 1) { return nil }
      // "monday 4 in the afternoon", "fri 7 o'clock": the weekday's hour.
      if inPartOfDayLength(at: k + 1) > 0 || isOclock(at: k + 1) { return nil }
    }
    guard let date = today?.nextDay(ofMonth: n), date.dayOfWeek.rawValue == w else { return nil }
    index += k + 1
    return date
  }

  /// Whether the weekday here is followed (after a comma) by a month and day or a numeric date.
  func weekdayBeforeDate(at offset: Int = 0) -> Bool {
    let k = offset + weekdayLength(at: offset)
    guard let t = peek(k) else { return false }
    switch t.kind {
    case .numericDate, .isoDate: return true
    case .ordinal: return true  // "thursday 3rd", "thursday 3rd of december"
    case .number:
      return isClass(.month, at: k + 1) || (isKeyword(.of, at: k + 1) && isClass(.month, at: k + 2))
    case .word where isKeyword(.the, at: k):
      // "thursday the 3rd"
      guard let d = peek(k + 1), case .ordinal = d.kind else { return false }
      return true
    default:
      // "Sat., Dec. 12": the month's glued dot
      let dot = isPunctuation(".", at: k + 1) && peek(k + 1)?.range.lowerBound == peek(k)?.range.upperBound ? 1 : 0
      guard isClass(.month, at: k), let d = peek(k + 1 + dot) else { return false }
      if case .number = d.kind { return true }
      if case .ordinal = d.kind { return true }
      return false
    }
  }

  /// A weekday (after `on` or not) before a date written with its year (`Fri 11/12/2026`, `Mon
  /// 14.12.2026`, `sat, 2026-12-19`), consumed with it when it names that date's day; of a
  /// numeric date's two readings, the one it names. Nil, consuming nothing, otherwise (a weekday
  /// that fits no reading stays in the title, and the date is read alone).
  mutating func weekdayBeforeDatedYear() -> CivilDate? {
    let offset = isKeyword(.on) ? 1 : 0
    guard let w = weekdayNumber(at: offset), case let k = offset + weekdayLength(at: offset), let t = peek(k) else {
      return nil
    }
    var readings: [CivilDate] = []
    switch t.kind {
    case .isoDate(let d): readings = [d]
    case .numericDate(let a, let b, let y?, let dayFirst):
      readings = [CivilDate(year: y, month: b, day: a)]
      if !dayFirst { readings.insert(CivilDate(year: y, month: a, day: b), at: 0) }
    default: return nil
    }
    let named = readings.filter { $0.isValid && $0.dayOfWeek.rawValue == w }
    guard let date = named.first, named.allSatisfy({ $0 == date }) else { return nil }
    index += k + 1
    return date
  }

  /// "Sat 12/5": when the weekday before a numeric date names the day of one of its two readings
  /// only, that reading is the date and no date-order warning is needed.
  mutating func weekdayPicksDateOrder(_ w: Int) {
    guard let day = tree.days.last, case .date(let m, let d) = day.value, m != d, m <= 12, d <= 12,
      let k = tokens.firstIndex(where: { $0.range == day.range }), case .numericDate(_, _, _, false) = tokens[k].kind
    else { return }
    let year = writtenYear
    let other = PhraseTree.Day.date(d, m)
    let chosen = !weekday(w, differsFrom: day.value, year: year)
    guard chosen != !weekday(w, differsFrom: other, year: year) else { return }
    if !chosen { tree.days[tree.days.count - 1].value = other }
    diagnostics.removeAll { $0.id == "QA208" && $0.range == day.range }
  }

  /// The tokens of the weekday at `offset` with what closes it before a date: a glued dot
  /// (`Sat. 12/5`), a comma (`thursday, december 3`) or both.
  func weekdayLength(at offset: Int = 0) -> Int {
    var k = offset + 1
    if let w = peek(offset), let dot = peek(k), dot.isPunctuation("."), dot.range.lowerBound == w.range.upperBound {
      k += 1
    }
    if isPunctuation(",", at: k) { k += 1 }
    return k - offset
  }

  /// An amount the date grammar's counts do not read, at `offset`: `half an hour` (30 minutes),
  /// `an hour and a half` (90), `1.5 hours` (90), `a couple of days` (2 days), each after a hedge
  /// (`about`, `around`, `roughly`), and after a hedge or where `plain` (after `within`) any
  /// count and unit (`about 5 hours`, `two weeks`, `a month`); with its length in tokens.
  func looseAmount(at start: Int, plain: Bool = false) -> (Int, PhraseTree.Unit, Int)? {
    let hedged = word(at: start).map(Self.amountHedges.contains) ?? false
    let offset = hedged ? (peek(start + 1)?.isPunctuation(".") == true ? start + 2 : start + 1) : start  // "approx.
    let lead = offset - start
    if isKeyword(.half, at: offset), isKeyword(.a, at: offset + 1) || word(at: offset + 1) == "an",
      unit(at: offset + 2) == .hour
    {
      return (30, .minute, lead + 3)
    }
    if word(at: offset) == "a" || word(at: offset) == "an" || word(at: offset) == "one", unit(at: offset + 1) == .hour,
      isKeyword(.and, at: offset + 2), word(at: offset + 3) == "a", isKeyword(.half, at: offset + 4)
    {
      return (90, .minute, lead + 5)
    }
    if let t = peek(offset), case .number(let n) = t.kind, peek(offset + 1)?.isPunctuation(".") == true,
      let d = peek(offset + 2), case .number(let tenths) = d.kind, tenths < 10, unit(at: offset + 3) == .hour, n < 1000
    {
      return (n * 60 + tenths * 6, .minute, lead + 4)
    }
    let skip = word(at: offset) == "a" ? 1 : 0
    if word(at: offset + skip) == "couple", isKeyword(.of, at: offset + skip + 1), let u = unit(at: offset + skip + 2) {
      return (2, u, lead + skip + 3)
    }
    guard hedged || plain, let u = unit(at: offset + 1), u != .decade else { return nil }
    if let t = peek(offset), case .number(let n) = t.kind, (1...999).contains(n) { return (n, u, lead + 2) }
    if let n = numberWord(at: offset) { return (n, u, lead + 2) }
    if word(at: offset) == "a" || word(at: offset) == "an" { return (1, u, lead + 2) }
    return nil
  }

  /// Words before an amount that say it is rough (`in about 5 hours`); the date is the amount's.
  static let amountHedges: Set<String> = ["about", "around", "approx", "approximately", "roughly", "abt"]

  /// `a week from today`, `2 days from now`, `an hour from now`, `2 days after today`, `2 weeks
  /// from tomorrow`, `3 days after tomorrow`: the amount, consumed when the whole phrase is there (counted from
  /// tomorrow, in days; months and hours from tomorrow are not read).
  mutating func amountFromNow() -> (Int, PhraseTree.Unit)? {
    if let (n, unit, k) = looseAmount(at: 0), isKeyword(.from, at: k), isKeyword(.now, at: k + 1) {
      index += k + 2  // "half an hour from now"
      return (n, unit)
    }
    let n: Int
    if let t = current, case .number(let v) = t.kind {
      n = v
    } else if let v = numberWord(at: 0) {
      n = v
    } else {
      return nil
    }
    // "for 10 days from tomorrow" is a length that starts then.
    guard let unit = unit(at: 1), n <= 1000, word(at: -1) != "for" else { return nil }
    if isKeyword(.from, at: 2) && isKeyword(.now, at: 3)
      || (isKeyword(.from, at: 2) || isKeyword(.after, at: 2)) && isKeyword(.today, at: 3)
    {
      index += 4
      return (n, unit)
    }
    if word(at: 2) == "hence" {
      index += 3  // "6 months hence", as formal English writes "from now"
      return (n, unit)
    }
    guard isKeyword(.from, at: 2) || isKeyword(.after, at: 2), isKeyword(.tomorrow, at: 3),
      let days = unit == .day ? 1 : unit == .week ? 7 : unit == .fortnight ? 14 : nil
    else { return nil }
    index += 4
    return (n * days + 1, .day)
  }

  /// `<weekday> week`, `<weekday> fortnight`, `a week on <weekday>`, `2 weeks from <weekday>`,
  /// `3 days after <weekday>` (the weekday, days or weeks later): its day and the days, consumed;
  /// `<weekday> next` in a task line (British, as `next <weekday>`) with 0 days, and `<weekday>
  /// after next`, a week after that. After
  /// `<weekday> week` the phrase must end (the line, a marked token, a time, a comma) so that
  /// "friday week 3 review" keeps its words.
  mutating func weekdayLater() -> (Int, Int)? {
    guard isClass(.weekday) || isClass(.number) || isKeyword(.on) || current?.isDayNumber == true else { return nil }
    let on = isKeyword(.on) && isClass(.weekday, at: 1) ? 1 : 0  // "on friday week"
    let saysNext = isKeyword(.next, at: on + 1) && lineText != nil  // "Bins out Monday next" (British): next Monday
    // "Monday after next": the Monday after next Monday (a week later than "monday" unless today
    // is a Monday, when "monday" is today).
    if lineText != nil, let d = weekdayNumber(at: on), !isPlural(at: on), isKeyword(.after, at: on + 1),
      isKeyword(.next, at: on + 2), peek(on + 3).map({ $0.word == nil || !isClass(.unit, at: on + 3) }) ?? true
    {
      index += on + 3
      return (d, today?.dayOfWeek.rawValue == d ? 14 : 7)
    }
    if let d = weekdayNumber(at: on), !isPlural(at: on),
      saysNext
        || (unit(at: on + 1).map { $0 == .week || $0 == .fortnight } == true
          && word(at: on + 1)?.hasSuffix("s") != true)
    {
      let u = unit(at: on + 1)
      let k = on + 2
      let next = peek(k)
      let ends =
        next == nil || atBarrier(at: k) || isPunctuation(",", at: k) || isKeyword(.at, at: k)
        || isClass(.partofday, at: k) || next?.isClock == true
      guard ends else { return nil }
      index += k
      return (d, saysNext ? 0 : u == .week ? 7 : 14)
    }
    // "a week on friday", "2 weeks from saturday", "3 days after monday".
    // "a", "an" and "one" are the number 1 in the lexicon, an article when written as a word.
    guard var n = plainNumber(at: 0), n <= 100 else { return nil }
    let article = n == 1 && current?.word != nil
    if article, word(at: -1) != "for", let u = unit(at: 1), u == .week || u == .fortnight,
      let d = weekdayNumber(at: 2),
      !isPlural(at: 2), peek(3).map({ $0.word == nil || !unknown(at: index + 3) || atBarrier(at: 3) }) ?? true
    {
      index += 3  // "a week tuesday" (British, "a week on tuesday")
      return (d, u == .week ? 7 : 14)
    }
    guard let u = unit(at: 1), u == .day || u == .week || u == .fortnight,
      isKeyword(.on, at: 2) || isKeyword(.from, at: 2) || isKeyword(.after, at: 2),
      let d = weekdayNumber(at: 3), !isPlural(at: 3)
    else { return nil }
    // "a week on friday" (British), "2 weeks from saturday", "3 days after friday"; not "3 days on
    // monday", "10 pushups a day after friday" (a rate), nor a range ("2 weeks from monday to
    // friday") or a weekday that describes a title word ("30 days after friday delivery").
    if isKeyword(.on, at: 2), !article || u == .day { return nil }
    if article, u == .day { return nil }
    // "3 evenings a week on mon wed fri", "twice a week on tue and thu": a rate and its days
    // ("the Johnsons a week from saturday" is a date).
    if article, isKeyword(.on, at: 2), let before = word(at: -1),
      before.hasSuffix("s") || before == "once" || before == "twice"
    {
      return nil
    }
    if let next = peek(4) {
      if isKeyword(.to, at: 4) || isKeyword(.through, at: 4) || next.isPunctuation("-") { return nil }
      if isClass(.weekday, at: 4) || ((next.isPunctuation(",") || isKeyword(.and, at: 4)) && isClass(.weekday, at: 5)) {
        return nil
      }
      if next.word != nil, unknown(at: index + 4) { return nil }
    }
    n *= u == .day ? 1 : u == .week ? 7 : 14
    index += 4
    return (d, n)
  }

  /// `[the] <ordinal> <weekday> (of | in) <month> [,] YEAR` (`second friday of january 2027`,
  /// `the last monday in may, 2028`): the date, consumed when the whole phrase is there and the
  /// day exists. Without the year it is a yearly rule, read by the days clause.
  mutating func ordinalWeekdayWithYear() -> CivilDate? {
    let the = isKeyword(.the) ? 1 : 0
    guard the == 1 || isClass(.ordinal) || atOrdinalToken, (1...3).contains(where: { isClass(.weekday, at: the + $0) })
    else { return nil }
    let start = currentRange.lowerBound
    return attempt { p -> CivilDate? in
      p.lexKeyword(.the)
      guard let n = p.parseOrdinal(), let w = p.entry(.weekday).flatMap(Int.init),
        p.isKeyword(.of, at: 1) || p.isKeyword(.in, at: 1), let m = p.entry(.month, at: 2).flatMap(Int.init)
      else { return nil }
      var y = 3
      if p.isPunctuation(".", at: y) { y += 1 }  // "jan. 2027"
      if p.isPunctuation(",", at: y) { y += 1 }
      // A year, not a count of the title's things ("order 2nd friday of january 2000 units"): a
      // title word may follow only a year near the reference ("buy 3rd friday of jan 2027 tickets").
      let thisYear = p.today?.year ?? 2000
      guard let t = p.peek(y), case .number(let year) = t.kind, Self.isYear(year, t),
        p.peek(y + 1)?.word == nil || !p.unknown(at: p.index + y + 1) || (thisYear - 1...thisYear + 10).contains(year)
      else { return nil }
      p.index += y + 1
      guard let date = CivilDate.nthWeekday(n, w, month: m, year: year) else {
        // "the 5th monday of february 2027": no such day, said rather than read as a yearly rule.
        p.error(
          ParseDiagnostic.outOfRange(
            "\(ParseDiagnostic.monthName(m)) \(year) has no \(ParseDiagnostic.ordinalWord(n)) \(DayOfWeek(rawValue: w)?.name ?? "")",
            SourceRange(start, p.consumedEnd)))
        return nil
      }
      return date
    }
  }

  /// `[on] [the] first monday of next month`, `the last day of this month`: one date in the
  /// reference's month or the next (a date of this month already past is still that date),
  /// consumed when that day exists; nil without a reference date.
  mutating func ordinalDayOfThisOrNextMonth() -> CivilDate? {
    guard let today else { return nil }
    let on = isKeyword(.on) ? 1 : 0
    let the = on + (isKeyword(.the, at: on) ? 1 : 0)
    guard the > on || isClass(.ordinal, at: on) || peek(on)?.isOrdinal == true, isKeyword(.of, at: the + 2),
      isKeyword(.this, at: the + 3) || isKeyword(.next, at: the + 3), word(at: the + 4) == "month"
    else { return nil }
    return attempt { p -> CivilDate? in
      p.lexKeyword(.on)
      p.lexKeyword(.the)
      guard let n = p.parseOrdinal() else { return nil }
      let weekday = p.entry(.weekday).flatMap(Int.init)
      guard weekday != nil || p.isKeyword(.day), p.isKeyword(.of, at: 1) else { return nil }
      let month = CivilDate(year: today.year, month: today.month, day: 1).adding(
        months: p.isKeyword(.next, at: 2) ? 1 : 0)
      p.index += 4
      if let weekday { return CivilDate.nthWeekday(n, weekday, month: month.month, year: month.year) }
      let days = CivilDate.daysIn(month: month.month, year: month.year)
      let day = n > 0 ? n : days + 1 + n
      guard (1...days).contains(day) else { return nil }
      return CivilDate(year: month.year, month: month.month, day: day)
    }
  }

  /// Whether the token at `offset` is the punctuation character `c`.
  func isPunctuation(_ c: Character, at offset: Int) -> Bool { peek(offset)?.isPunctuation(c) == true }

  /// A month, a day and a year (`jan 27 2028`, `27th of jan, 2028`), consumed when all three are there.
  mutating func monthDateWithYear() -> (Int, Int, Int)? {
    func day(_ t: Token?) -> Int? {
      switch t?.kind {
      case .number(let n)?, .ordinal(let n)?: return n
      default: return nil
      }
    }
    var k = 0
    let month: Int
    let dayOfMonth: Int
    if let m = entry(.month).flatMap(Int.init), let d = day(peek(1)) {
      (month, dayOfMonth, k) = (m, d, 2)
    } else if let d = day(peek(0)) {
      let of = isKeyword(.of, at: 1) ? 1 : 0
      guard let m = entry(.month, at: 1 + of).flatMap(Int.init) else { return nil }
      (month, dayOfMonth, k) = (m, d, 2 + of)
    } else {
      return nil
    }
    if let y = shortYear(at: k) {
      index += k + 1
      return (month, dayOfMonth, y)
    }
    if peek(k)?.isPunctuation(",") == true { k += 1 }
    guard let t = peek(k), case .number(let y) = t.kind, Self.isYear(y, t) else { return nil }
    index += k + 1
    return (month, dayOfMonth, y)
  }

  /// The number of tokens of a task duration at the current token (`for 45min`, `for 1h30`,
  /// `for 2 hours`, `for 1.5 hours`), or nil when there is none.
  func taskDurationLength() -> Int? {
    parseTaskDuration().map { $0.tokens }
  }

  /// ```
  /// TaskDuration = "for" , NUMBER , [ "." , NUMBER ] , ( "min" | "h" ) , [ NUMBER , [ "min" ] ] ;
  /// ```
  /// A task duration at the current token: its length in minutes and in tokens, not consumed
  /// (the caller takes them). Only minutes and hours are durations; `for 3 weeks` ends a rule,
  /// and `for 20 hours of work` is an amount.
  func parseTaskDuration() -> (minutes: Int, tokens: Int)? {
    guard isKeyword(.for), let t = peek(1), case .number(let n) = t.kind else { return nil }
    var k = 2
    var tenths: Int?
    if peek(k)?.isPunctuation(".") == true, let d = peek(k + 1), case .number(let f) = d.kind, f < 10 {
      tenths = f
      k += 2
    }
    guard let u = unit(at: k), u == .minute || u == .hour else { return nil }
    k += 1
    // Numbers are at most nine digits or Int.max (see the tokenizer): saturate, never overflow.
    let hours = n.multipliedReportingOverflow(by: 60)
    var minutes = u == .hour ? (hours.overflow ? Int.max : hours.partialValue + (tenths ?? 0) * 6) : n
    if u == .minute, tenths != nil { return nil }
    if u == .hour, tenths == nil, let m = peek(k), case .number(let extra) = m.kind, extra < 60 {
      k += 1  // "1h30", "1h 30m"
      minutes = minutes > Int.max - extra ? Int.max : minutes + extra
      if unit(at: k) == .minute { k += 1 }
    }
    // "quote for 20 hours of work", "bill for 5 hours of consulting": an amount of something.
    if isKeyword(.of, at: k) { return nil }
    return (minutes, k)
  }

  /// The weekday (1 = Monday … 7 = Sunday) of the weekday word at `offset`, if it is one.
  func weekdayNumber(at offset: Int) -> Int? {
    let i = index + offset
    guard i >= 0, i < lexed.count, lexed[i].mask & WordClass.weekday.bit != 0 else { return nil }
    return lexicon.entryLists[lexed[i].index].first { $0.wordClass == .weekday }?.number
  }

  /// The year written here (`2028`, `, 2028`: four digits; two after a day and its month where
  /// they are surely a date: `on 15 jan 27`), if any.
  var writtenYear: Int? {
    if let y = shortYear(at: 0) { return y }
    let k = isPunctuation(",", at: 0) ? 1 : 0
    guard let t = peek(k), case .number(let y) = t.kind, Self.isYear(y, t) else { return nil }
    return y
  }

  /// Plural nouns that end in no `s`: a number before them counts (`30 people`).
  static let pluralNouns: Set<String> = ["people", "children", "men", "women", "folk", "staff", "sheep", "fish"]

  /// The words after which a number is a day rather than a title's (`by 15 jan 27`).
  static let dayCues: Set<String> = [
    "on", "by", "due", "until", "till", "til", "before", "from", "starting", "through", "thru", "to", "after",
    "since",
  ]

  /// The year 2020–2049 (from last year on) written with two digits at `offset`, after a day and its month (`15 jan
  /// 27`, `3rd of march 28`), where the day is surely one: an ordinal, after a word such as `on`,
  /// `by` or `until`, first in a task line, or in a phrase. Not before a clock's colon, a
  /// meridiem, a unit, a range (`15 jan 27-29`) or a plural noun (`on 3 dec 30 people`); "HW 4 dec
  /// 27" stays the title's 4 and Dec 27.
  func shortYear(at offset: Int) -> Int? {
    guard let t = peek(offset), case .number(let n) = t.kind, t.range.upperBound - t.range.lowerBound == 2,
      case let y = 2000 + n, Tokenizer.twoDigitYears.contains(y), y >= (today?.year ?? 2000) - 1,
      isClass(.month, at: offset - 1)
    else { return nil }
    let d = isKeyword(.of, at: offset - 2) ? offset - 3 : offset - 2
    guard let day = peek(d), day.isDayNumber else { return nil }
    let cued = day.isOrdinal || lineText == nil || index + d == 0 || word(at: d - 1).map(Self.dayCues.contains) == true
    guard cued else { return nil }
    if let next = peek(offset + 1) {
      if next.isPunctuation(":") || next.isPunctuation("-") || next.isPunctuation("–") || unit(at: offset + 1) != nil
        || isClass(.meridiem, at: offset + 1) || isKeyword(.oclock, at: offset + 1)
      {
        return nil
      }
      if next.isPunctuation("."), peek(offset + 2)?.isNumber == true { return nil }
      // "on 3 dec 30 people", "by 1 jan 25 boxes" count things ("on 15 jan 27 exam" is a year).
      if let w = next.word, unknown(at: index + offset + 1), w.hasSuffix("s") || Self.pluralNouns.contains(w) {
        return nil
      }
    }
    return y
  }

  /// Whether a number token is a year as people write one: four digits, 1900–2200 (`0730` after
  /// a date is a clock, not the year 730).
  static func isYear(_ value: Int, _ token: Token) -> Bool { isYear(value, written: token.range) }

  /// Whether `value`, written over `range`, is a year (see `isYear(_:_:)`).
  static func isYear(_ value: Int, written range: SourceRange) -> Bool {
    range.upperBound - range.lowerBound == 4 && (1900...2200).contains(value)
  }

  /// Whether weekday `w` (1 = Monday) is another day than the task line's `day` falls on (in
  /// `year` when one is written); false when the day cannot be placed.
  func weekday(_ w: Int, differsFrom day: PhraseTree.Day, year: Int? = nil) -> Bool {
    guard let date = nextDate(of: day, year: year) else { return false }
    return date.dayOfWeek.rawValue != w
  }

  /// The date a task line's day names, on or after its reference date (in `year` when one is
  /// written): a month and a day, or a day of the month; nil without a reference date or for
  /// other days.
  func nextDate(of day: PhraseTree.Day, year written: Int? = nil) -> CivilDate? {
    guard let today else { return nil }
    switch day {
    case .monthDay(let d): return written == nil ? today.nextDay(ofMonth: d) : nil
    case .date(let m, let d):
      if let written { return CivilDate(year: written, month: m, day: d) }
      return today.nextDate(month: m, day: d)
    default: return nil
    }
  }

  /// `thursday next week`, `mon of next week`, `next week on friday`, `friday this week`: that
  /// weekday in the week (Monday to Sunday) after the reference date's, or in its own when it is
  /// not past; consumed. Nil without a reference date, for a plural weekday or a past day.
  mutating func weekdayOfWeek() -> CivilDate? {
    guard let today, isClass(.weekday) || isKeyword(.on) || isKeyword(.this) || isKeyword(.next) else { return nil }
    func week(at k: Int) -> Int? {
      guard isKeyword(.this, at: k) || isKeyword(.next, at: k), unit(at: k + 1) == .week,
        word(at: k + 1)?.hasSuffix("s") != true
      else { return nil }
      return isKeyword(.next, at: k) ? 1 : 0
    }
    let weekday: Int
    let offset: Int
    let length: Int
    let on = isKeyword(.on) && isClass(.weekday, at: 1) ? 1 : 0
    if let w = weekdayNumber(at: on), !isPlural(at: on) {
      let of = isKeyword(.of, at: on + 1) ? 1 : 0
      guard let o = week(at: on + 1 + of) else { return nil }
      (weekday, offset, length) = (w, o, on + of + 3)
    } else if let o = week(at: 0) {
      let k = isPunctuation(",", at: 2) || isKeyword(.on, at: 2) ? 3 : 2
      guard let w = weekdayNumber(at: k), !isPlural(at: k) else { return nil }
      (weekday, offset, length) = (w, o, k + 1)
    } else {
      return nil
    }
    let monday = today.adding(days: 1 - today.dayOfWeek.rawValue + 7 * offset)
    let day = monday.adding(days: weekday - 1)
    guard day >= today else { return nil }
    index += length
    return day
  }

  /// `[the] 5th of next month`, `the 5th next month`, `next month on the 5th` (the day in the
  /// month after the reference date's; `this month`, the reference date's own), consumed when
  /// that day exists; nil without a reference date. A bare number needs `the` or `on` ("next month 3 people" is no date).
  mutating func dayOfNextMonth() -> CivilDate? {
    guard let today else { return nil }
    func dayNumber(at k: Int) -> Int? {
      switch peek(k)?.kind {
      case .number(let v)?, .ordinal(let v)?: return v
      default: return nil
      }
    }
    // How many months on `next month` (1) or `this month` (0) is.
    func monthsOn(at k: Int) -> Int? {
      guard word(at: k + 1) == "month" else { return nil }
      return isKeyword(.next, at: k) ? 1 : isKeyword(.this, at: k) ? 0 : nil
    }
    // The day ends its phrase: "next month on 4th july", "on the 2nd tuesday", "the 3rd floor" are not it.
    func endsDay(at k: Int) -> Bool {
      guard let t = peek(k) else { return true }
      switch t.kind {
      case .punctuation, .clock: return true
      case .word(let w):
        let known = lexed[index + k].mask != 0 || TaskLineReader.functionWords.contains(w)
        return known && !isClass(.month, at: k) && !isClass(.weekday, at: k) && !isClass(.daygroup, at: k)
          && unit(at: k) == nil && !isKeyword(.day, at: k)
      default: return false
      }
    }
    let on = isKeyword(.on) ? 1 : 0
    let the = isKeyword(.the, at: on) ? 1 : 0
    let marked = on + the > 0 || peek(on + the)?.isOrdinal == true
    let n: Int
    let length: Int
    let months: Int
    if let v = dayNumber(at: on + the), on == 0, isKeyword(.of, at: the + 1), let m = monthsOn(at: the + 2) {
      (n, length, months) = (v, the + 4, m)  // "the 5th of next month", "the 28th of this month"
    } else if let v = dayNumber(at: on + the), marked, let m = monthsOn(at: on + the + 1) {
      (n, length, months) = (v, on + the + 3, m)  // "on the 5th next month"
    } else if let m = monthsOn(at: 0) {
      let on = isKeyword(.on, at: 2) ? 1 : 0
      let the = isKeyword(.the, at: 2 + on) ? 1 : 0
      guard let v = dayNumber(at: 2 + on + the), on + the > 0 || peek(2)?.isOrdinal == true, endsDay(at: 3 + on + the)
      else { return nil }
      (n, length, months) = (v, 3 + on + the, m)  // "next month on the 5th"
    } else {
      return nil
    }
    let first = CivilDate(year: today.year, month: today.month, day: 1).adding(months: months)
    let day = CivilDate(year: first.year, month: first.month, day: n)
    guard day.isValid else { return nil }
    index += length
    return day
  }
}

import RecurrenceCore

extension Parser {
  /// ```
  /// StartClause = ( "starting" | "from" | "beginning" | "as" | "between" ) , [ "from" | "in" | "of" ] , [ "on" ] ,
  ///               ( ( DateRef | "this" , <unit> ) , [ TimeClause ] | TimeClause ) , [ "on" ] , [ "and" , ( DateRef | Time ) ] ;
  /// ```
  /// The date may be left out when a time follows: "every 12 hours starting at 9pm"; "from
  /// monday on" ends with a filler "on".
  mutating func parseStartClause() -> Bool {
    enter(.StartClause)
    let start = currentRange.lowerBound
    let between = lexKeyword(.between) != nil
    let from = !between && isKeyword(.from)
    guard between || lexKeyword(.start) != nil || lexKeyword(.from) != nil else { return false }
    lexKeyword(.from)
    if isKeyword(.of), isKeyword(.from, at: -1) { index += 1 }  // "as of jan 4"
    lexKeyword(.on)
    if isKeyword(.in), isClass(.month, at: 1) { index += 1 }
    var date: PhraseTree.DateRef?
    if isKeyword(.this), let u = unit(at: 1), u == .week || u == .month || u == .year {
      index += 2
      date = .today  // "starting this week": from today (its earlier days are past)
    } else {
      date = attempt { $0.parseDateRef() }
    }
    var times: [ClockNode]?
    if between, date == nil {
      times = attempt { p in p.parseTime(marked: true).map { [$0] } }  // one time: "and" ends the range
    } else if atTime, !isKeyword(.in) || isKeyword(.the, at: 1) {
      times = attempt { $0.parseTimeGroup(marked: date == nil) }
    }
    if failed { return false }
    if date == nil && times == nil {
      unexpected(expected: "a date such as 'aug 3', 'next monday' or '2027-01-03'", classes: [.weekday, .month])
      return false
    }
    if between {
      // "between dec 1 and dec 24": a start and an end; "between 9am and 5pm": a time range.
      guard lexKeyword(.and) != nil else {
        unexpected(expected: "'and' and the end of the range", classes: [.keyword])
        return false
      }
      let endStart = currentRange.lowerBound
      if date != nil, let end = parseDateRef() {
        // "between january and march" includes March, as "from january to march" does.
        guard setEnd(.init(value: .through(end), range: SourceRange(endStart, consumedEnd))) else { return false }
      } else if times != nil, let end = parseTime(marked: true) {
        tree.timeRangeEnd = .init(value: end.value.seconds, range: SourceRange(endStart, consumedEnd))
        if end.value.bare { tree.timeRangeEndBare = true }  // "between 9 and 5": 17:00
      } else {
        unexpected(expected: "the end of the range", classes: [.month, .weekday])
        return false
      }
    }
    if isKeyword(.on), !isDayStart(at: 1) { index += 1 }
    let range = SourceRange(start, consumedEnd)
    if let date {
      guard setStart(.init(value: date, range: range)) else { return false }
      if from || between { tree.startSaysFrom = true }
    }
    if let t = times?.first { tree.startTime = t }
    return true
  }

  /// Whether the token at `offset` can start a day item.
  func isDayStart(at offset: Int) -> Bool {
    guard let t = peek(offset) else { return false }
    switch t.kind {
    case .number, .ordinal, .numericDate: return true
    case .word:
      return isClass(.weekday, at: offset) || isClass(.daygroup, at: offset) || isClass(.month, at: offset)
        || isClass(.ordinal, at: offset) || isKeyword(.the, at: offset)
    default: return false
    }
  }

  /// ```
  /// EndClause = [ "up" ] , ( "until" | "till" | "through" | "to" | "ending" , [ "on" ] ) , [ "and" , "including" ] ,
  ///             ( [ "the" ] , "end" , "of" , ( [ "the" | "this" | "next" ] , <unit> | DateRef ) | DateRef | Time )
  ///           | ( "for" | "during" | "over" | "within" ) , [ "the" ] , [ "next" ] , [ "up" , "to" ] , [ Count ] , <unit>
  ///           | "for" , [ "the" ] , "rest" , "of" , [ "the" | "this" ] , <unit> ;
  /// ```
  /// "through december" ends on Dec 31 ("until june" on June 1); "for the next month" is one
  /// month.
  mutating func parseEndClause() -> Bool {
    enter(.EndClause)
    let start = currentRange.lowerBound
    let during = atLengthAfterDuring
    if during { index += 1 }  // "during 2 months", "over the next 3 months": as "for"
    if during || lexKeyword(.for) != nil {
      lexKeyword(.the)
      if !during, lexKeyword(.rest) != nil {
        // "for the rest of the year": until this period's end.
        guard lexKeyword(.of) != nil else {
          unexpected(expected: "'of'", classes: [])
          return false
        }
        if lexKeyword(.the) == nil { lexKeyword(.this) }
        guard let u = lex(.unit), let unit = PhraseTree.Unit(lexiconValue: u.value),
          [.week, .month, .quarter, .year].contains(unit)
        else {
          unexpected(expected: "'week', 'month', 'quarter' or 'year'", classes: [.unit])
          return false
        }
        return setEnd(.init(value: .until(.endOf(unit, offset: 0)), range: SourceRange(start, consumedEnd)))
      }
      if lexKeyword(.next) != nil { tree.endCountsFromNow = true }
      if lexKeyword(.up) != nil { lexKeyword(.to) }
      let count = isClass(.unit) ? (1, currentRange) : parseCount()
      guard let (n, _) = count, let unit = lex(.unit), let u = PhraseTree.Unit(lexiconValue: unit.value) else {
        unexpected(expected: "a length such as '3 weeks'", classes: [.unit])
        return false
      }
      return setEnd(.init(value: .forDuration(n, u), range: SourceRange(start, consumedEnd)))
    }
    if isKeyword(.up), isKeyword(.until, at: 1) || isKeyword(.to, at: 1) { index += 1 }  // "up until jan 1"
    // "to march" is through March, as "from january to march" is said; "until march" ends on its 1st.
    var through = lexKeyword(.through) != nil || lexKeyword(.to) != nil
    guard through || lexKeyword(.until) != nil || lexKeyword(.ending) != nil else {
      return false
    }
    lexKeyword(.on)
    if isKeyword(.and), isKeyword(.including, at: 1) { index += 2 }  // "until and including jan 1"
    if isKeyword(.ending, at: isKeyword(.the) ? 1 : 0), isKeyword(.of, at: isKeyword(.the) ? 2 : 1) {
      // "until the end of march" is through March; "until the end of the year" its last day.
      index += isKeyword(.the) ? 3 : 2
      through = true
      if isKeyword(.the) || isKeyword(.this) || isKeyword(.next) || isClass(.unit) {
        lexKeyword(.the)
        lexKeyword(.this)
        let offset = lexKeyword(.next) != nil ? 1 : 0
        guard let u = lex(.unit), let unit = PhraseTree.Unit(lexiconValue: u.value) else {
          unexpected(expected: "'week', 'month' or 'year'", classes: [.unit])
          return false
        }
        return setEnd(.init(value: .until(.endOf(unit, offset: offset)), range: SourceRange(start, consumedEnd)))
      }
    }
    if !through, atEndTime, let unit = tree.unit?.value, unit == .hour || unit == .minute,
      tree.timeRangeEnd == nil, let end = attempt({ $0.parseTime(marked: true) })
    {
      // "every 2 hours until 8pm", "until noon", "until 5": a sub-daily rule ends at that time
      // (today, see the resolver).
      tree.timeRangeEnd = .init(value: end.value.seconds, range: SourceRange(start, consumedEnd))
      if end.value.bare { tree.timeRangeEndBare = true }
      return true
    }
    guard let date = parseDateRef() else {
      unexpected(expected: "a date such as 'june', 'aug 3' or '2027-03-01'", classes: [.weekday, .month])
      return false
    }
    let range = SourceRange(start, consumedEnd)
    return setEnd(.init(value: through ? .through(date) : .until(date), range: range))
  }

  /// Whether a time of day can end a sub-daily rule here: a clock (`8pm`), a time word
  /// (`noon`, `midnight`) or a bare hour that starts no date (`5`, not `15 jan` or `5/6`).
  var atEndTime: Bool {
    guard let t = current else { return false }
    switch t.kind {
    case .clock: return true
    case .number(let n):
      guard (0...24).contains(n), let next = peek(1) else { return (0...24).contains(n) }
      return !isClass(.month, at: 1) && !isKeyword(.of, at: 1) && !next.isPunctuation("/") && !next.isPunctuation("-")
        && !isClass(.unit, at: 1) && !isClass(.ordinal, at: 1)
    default: return isClass(.timeword)
    }
  }

  /// Sets the end; a second end, or an end beside a count, is a conflict.
  mutating func setEnd(_ end: PhraseTree.Node<PhraseTree.End>) -> Bool {
    if let old = tree.end { return conflict(end.range, old.range, "a rule has one end") }
    if let old = tree.occurrences {
      return conflict(end.range, old.range, "give either an end or a number of times, not both")
    }
    tree.end = end
    return true
  }

  /// `twice` (2), `thrice` (3) or a count and `times`, consumed; nil (and the position may have
  /// moved) otherwise. Shared by `CountClause` and `TimesPer`.
  mutating func lexTimesCount() -> Int? {
    if lexKeyword(.twice) != nil { return 2 }
    if lexKeyword(.thrice) != nil { return 3 }
    guard let (c, _) = parseCount(), lexKeyword(.times) != nil else { return nil }
    return c
  }

  /// What each time of a rule is, counted after `for` (`for 10 doses`).
  static let countNouns: Set<String> = [
    "doses", "cycles", "sessions", "treatments", "payments", "installments", "instalments", "injections", "infusions",
    "appointments", "visits", "rounds",
  ]

  /// ```
  /// CountClause = [ "for" ] , [ "up" , "to" ] , ( Count , ( "times" | "x" | "occurrences" ) | "twice" | "thrice" )
  ///             | "for" , [ "up" , "to" ] , Count , ( "doses" | "cycles" | "sessions" | "treatments" | "payments" | "installments" | "instalments" | "injections" | "infusions" | "appointments" | "visits" | "rounds" ) ;
  /// ```
  /// "5 times", "for 6 times", "6x", "up to 4 times", "4 occurrences", "twice" after a rule;
  /// after `for`, what each time is ("every 8 hours for 10 doses", "for 6 cycles", "for 12
  /// payments"; without `for`, "take 2 doses every day" counts the doses of one time).
  mutating func parseCountClause() -> Bool {
    enter(.CountClause)
    let start = currentRange.lowerBound
    let endedAfter = isKeyword(.after, at: -1)  // "ending after 5 times"
    var led = lexKeyword(.for) != nil
    if lexKeyword(.up) != nil {
      lexKeyword(.to)
      led = true
    }
    let n: Int
    if isKeyword(.times), word() == "x", let c = peek(1), case .number(let v) = c.kind {
      index += 2  // "weekly x 8"
      n = v
    } else if led,
      let c = attempt({ p -> Int? in
        guard let (c, _) = p.parseCount(), let w = p.word(), Self.countNouns.contains(w) else { return nil }
        p.index += 1
        return c
      })
    {
      n = c
    } else if let c = lexTimesCount() {
      n = c
    } else {
      return false
    }
    // "twice a week", "twice daily", "daily twice" are not counts, nor "3x every weekday" (three
    // a day, or the title's "kids x3"); "for 6 times every week" is.
    if isKeyword(.a) || isKeyword(.per) || (isClass(.every) && (isClass(.unit, at: 1) || !led)) || isClass(.adverb)
      || (isPunctuation("-") && isClass(.adverb, at: 1))
    {
      return false
    }
    if n <= 3, index >= 2, isClass(.adverb, at: -2) || isClass(.unit, at: -2), tree.days.isEmpty { return false }
    let node = PhraseTree.Node(value: n, range: SourceRange(start, consumedEnd))
    if let old = tree.occurrences { return conflict(node.range, old.range, "a rule has one number of times") }
    if let old = tree.end {
      return conflict(node.range, old.range, "give either an end or a number of times, not both")
    }
    tree.occurrences = node
    // "every day 3 times" (not "for 3 times", "after 3 times", "3 occurrences"): QA218.
    if !led, !endedAfter, word(at: -1)?.hasPrefix("occur") != true {
      tree.notes.append(.init(value: .bareCount, range: node.range))
    }
    return true
  }

  /// ```
  /// ExceptClause = ( "except" , [ "for" | "from" | "of" ] | "but" , [ "not" ] | "not" | <other> , "than" ) , [ "on" | "in" ] , [ "the" ] ,
  ///                ( MonthList | DateRef , { ListSeparator , DateRef } | DayList , { DayList } ) ;
  /// ```
  /// "except fridays", "but not weekends", "other than sunday", "except in december".
  mutating func parseExceptClause() -> Bool {
    enter(.ExceptClause)
    let start = currentRange.lowerBound
    if lexKeyword(.except) != nil {
      // "except for", "apart from", "except of" (as German and Dutch writers say it)
      if lexKeyword(.for) == nil, lexKeyword(.from) == nil { lexKeyword(.of) }
    } else if lexKeyword(.but) != nil {
      lexKeyword(.not)
    } else if lexKeyword(.not) != nil {
      // "not on sundays"
    } else {
      guard lexValue(.other) != nil, lexKeyword(.than) != nil else { return false }
    }
    lexKeyword(.on)
    lexKeyword(.in)
    lexKeyword(.the)
    if isClass(.month), !atMonthDate, let months = attempt({ $0.parseMonthList() }) {
      // "every month except december": every other month of the year.
      let left = (1...12).filter { m in !months.contains { $0.value == m } }
      guard !left.isEmpty else {
        error(ParseDiagnostic.unsupported("every month is left out, so the task would never be due", months[0].range))
        return false
      }
      let range = SourceRange(start, consumedEnd)
      return setMonths(left.map { PhraseTree.Node(value: $0, range: range) }, range)
    }
    if isClass(.month), let y = peek(1), case .number(let year) = y.kind, year >= 1000, let t = current {
      // "except in may 2027": a month of one year is many dates, not the month's 1st.
      error(
        ParseDiagnostic.unsupported(
          "leaving out a month of one year is not supported; leave it out every year ('except in \(text(of: t))') or name its dates",
          SourceRange(t.range.lowerBound, y.range.upperBound)))
      return false
    }
    if atExceptDate {
      // "except dec 25", "except 2027-01-01 and 2027-01-08": those occurrences are skipped.
      while let date = attempt({ p -> PhraseTree.Node<PhraseTree.DateRef>? in
        let from = p.currentRange.lowerBound
        guard let d = p.parseDateRef() else { return nil }
        return .init(value: d, range: SourceRange(from, p.consumedEnd))
      }) {
        tree.excludedDates.append(date)
        guard atSeparator, attempt({ p -> Bool? in p.parseListSeparator() && p.atExceptDate ? true : nil }) != nil
        else { break }
      }
      return !tree.excludedDates.isEmpty
    }
    let saved = (tree.times, tree.partsOfDay)
    guard let days = parseDayList() else {
      unexpected(expected: "the days to leave out", classes: [.weekday, .daygroup])
      return false
    }
    (tree.times, tree.partsOfDay) = saved
    tree.excluded += days
    // "except mon wed fri": weekdays written one after another without commas go on leaving
    // days out (read as new days, they would limit the rule to them).
    while isClass(.weekday), days.allSatisfy({ if case .weekday = $0.value { true } else { false } }),
      tree.excluded.count < Self.maxDays, let more = attempt({ $0.parseDayList() })
    {
      (tree.times, tree.partsOfDay) = saved
      tree.excluded += more
    }
    return true
  }

  /// Whether a single date follows `except`: an ISO or numeric date, or a month and a day.
  var atExceptDate: Bool {
    guard let t = current else { return false }
    switch t.kind {
    case .isoDate, .numericDate: return true
    default:
      // "dec 25", "25 dec", "25th of december", "twenty-fifth of december"
      let ofMonth = isKeyword(.of, at: 1) && isClass(.month, at: 2)
      return atMonthDate || (atDayNumber && (isClass(.month, at: 1) || ofMonth))
        || (isClass(.ordinal) && ofMonth) || atHoliday || isKeyword(.today)
        || isKeyword(.tomorrow)  // "daily except tomorrow"
    }
  }

  /// Whether a date the weekday before it names starts here: a numeric or ISO date, an
  /// ordinal, a month, or a day number before a month (`11 december`, `the 11th`).
  var atDateAfterWeekday: Bool {
    guard let t = current else { return false }
    switch t.kind {
    case .isoDate, .numericDate, .ordinal: return true
    case .number: return isClass(.month, at: 1) || (isKeyword(.of, at: 1) && isClass(.month, at: 2))
    default: return isClass(.month) && (peek(1)?.isNumber == true || peek(1)?.isOrdinal == true)
    }
  }

  /// ```
  /// DateRef = ISODATE | NUMERICDATE | Holiday | "today" | "tomorrow" | "next" , ( <weekday> | <unit> )
  ///         | [ "this" ] , [ "coming" ] , <weekday> , [ [ "." ] , [ "," ] , [ "the" ] , DateRef ] | [ "the" ] , MonthDate , [ [ "," ] , NUMBER ] | <month> , [ NUMBER ]
  ///         | [ "the" ] , DayNumber | [ "in" ] , Count , <unit> , [ "from" , ( "now" | "today" ) | [ "'" ] , "time" ] | "in" , Count , <unit> , "'s" , "time"
  ///         | "now" | YEAR ;
  /// ```
  mutating func parseDateRef() -> PhraseTree.DateRef? {
    enter(.DateRef)
    if let t = current, case .isoDate(let d) = t.kind {
      index += 1
      return .iso(d)
    }
    if let t = current, case .numericDate(let a, let b, let year, let dayFirst) = t.kind {
      index += 1
      let (m, d) = dayFirst ? (b, a) : numericDate(a, b, t.range)
      return .monthDay(month: m, day: d, year: year)
    }
    if lexKeyword(.today) != nil { return .today }
    if lexKeyword(.tomorrow) != nil { return .tomorrow }
    if lexKeyword(.next) != nil {
      if let w = lexValue(.weekday), case let d = w.value { return .nextWeekday(d) }
      // "the next decade" names no date, nor does "next hour" (no day: not tomorrow)
      if isClass(.unit), let unit = PhraseTree.Unit(lexiconValue: entry(.unit, at: 0) ?? ""), unit != .decade,
        unit != .hour, unit != .minute, lex(.unit) != nil
      {
        return .nextUnit(unit)
      }
      return nil
    }
    let this = isKeyword(.this) ? 1 : 0
    if isKeyword(.coming, at: this), isClass(.weekday, at: this + 1) {
      index += this + 1  // "coming friday", "this coming monday": the first after today
      if let w = lexValue(.weekday) { return .comingWeekday(w.value) }
    }
    if isKeyword(.this), isClass(.weekday, at: 1) { index += 1 }
    if let w = lexValue(.weekday), case let d = w.value {
      // "from friday 11 december", "starting monday, 4th january 2027": the weekday names the date.
      if let date = attempt({ p -> PhraseTree.DateRef? in
        if let dot = p.current, dot.isPunctuation("."), dot.range.lowerBound == w.range.upperBound { p.index += 1 }
        p.lexPunctuation(",")
        p.lexKeyword(.the)
        guard p.atDateAfterWeekday, let ref = p.parseDateRef() else { return nil }
        switch ref {
        case .monthDay, .iso, .dayOfMonth: return ref
        default: return nil
        }
      }) {
        return .weekdayDate(d, date)
      }
      return .weekday(d)
    }
    if atHoliday, let node = parseHoliday() {
      guard case .date(let m, let d) = node.value else {
        // "until thanksgiving": its date changes every year, and a start or an end is one date.
        error(
          ParseDiagnostic.unsupported(
            "'\(text(in: node.range))' falls on a different date each year, so it cannot be a start, an end or a left-out date; give the date",
            node.range))
        return nil
      }
      return .monthDay(month: m, day: d, year: nil)  // "until christmas"
    }
    if let node = attempt({ p -> DayNode? in
      // "until the 16th of december" ("the Nov 20 call" stays a noun's description)
      if p.lexKeyword(.the) != nil, p.current?.isDayNumber != true, !p.isClass(.ordinal) { return nil }
      return p.parseMonthDate()
    }), case .date(let m, let d) = node.value {
      return .monthDay(month: m, day: d, year: parseYear())
    }
    if let m = lexValue(.month), case let v = m.value {
      if let y = parseYear() { return .monthOfYear(v, year: y) }
      return .month(v)
    }
    if let offset = attempt({ p -> PhraseTree.DateRef? in
      let after = p.lexKeyword(.in) != nil
      guard let (n, _) = p.parseCount() else { return nil }
      if after, let owned = p.word(), owned.hasSuffix("'s") || owned.hasSuffix("’s"), p.word(at: 1) == "time",
        let unit = p.lexicon.lookup(String(owned.dropLast(2))).lazy.compactMap(\.unit).first
      {
        p.index += 2
        return .offset(n, unit)  // "in a week's time", "in a fortnight's time"
      }
      guard let u = p.lex(.unit), let unit = PhraseTree.Unit(lexiconValue: u.value) else { return nil }
      if p.isKeyword(.from), p.isKeyword(.now, at: 1) || p.isKeyword(.today, at: 1) { p.index += 2 }
      // "in 2 weeks time", "in 3 days' time" (British)
      let mark = p.isPunctuation("'") && p.peek(0)?.range.lowerBound == u.range.upperBound ? 1 : 0
      if after, p.word(at: mark) == "time" { p.index += mark + 1 }
      return .offset(n, unit)
    }) {
      return offset
    }
    if let d = attempt({ p -> Int? in
      // "the 27th", "27th"; a bare number is a day only after "the" ("from 9" is a time).
      let the = p.lexKeyword(.the) != nil
      guard !p.isKeyword(.times, at: 1), the || p.atOrdinalToken else { return nil }
      return p.parseDayNumber()?.0
    }) {
      return .dayOfMonth(d)
    }
    if let now = lexKeyword(.now) { return .now(now) }
    if let t = current, case .number(let y) = t.kind, Self.isYear(y, t) {
      index += 1
      return .year(y)  // "starting 2027", "until 2028"
    }
    return nil
  }

  /// A year after a date ("may 3 2027", "jan 5th, 2028"): four digits, consumed when present.
  mutating func parseYear() -> Int? {
    guard let y = writtenYear else { return nil }
    index += isPunctuation(",") ? 2 : 1
    return y
  }
}

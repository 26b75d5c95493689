import RecurrenceCore

extension Parser {
  typealias DayNode = PhraseTree.Node<PhraseTree.Day>

  /// The most days one phrase may name (every day of the month from either end is 62).
  static let maxDays = 100

  /// ```
  /// DaysClause = [ "on" , [ "a" ] | "at" | "in" | "from" ] , ( EveryClause | AlternateClause | MonthList | [ "the" ] , ( ISODATE | <month> , DayList | DayList , [ [ "," ] , YEAR ] , [ OfPeriod | MonthList ] ) ) ;
  /// ```
  /// "on thursdays", "the 12th of every month", "first and last monday of each month",
  /// "3rd-to-last day of the month", "end of every month".
  mutating func parseDaysClause() -> Bool {
    enter(.DaysClause)
    // "at weekends" (British), "at tuesday" (a learner's "on"): `at` before a weekday reads as `on`.
    // "every day from monday to friday": a range of weekdays, not one week's span.
    if atWeekdayRangeAfterFrom { index += 1 }
    let on = lexKeyword(.on) ?? (atDaysAfterAt ? lexKeyword(.at) ?? lexKeyword(.in) : nil)
    if on != nil, word() == "a", isClass(.weekday, at: 1) { index += 1 }  // "every week on a friday"
    // "on all mondays"; "on all 12 hosts" counts hosts.
    if on != nil, isClass(.every) || (isKeyword(.all) && !atCount(at: 1)) { return parseEveryClause() }
    if on != nil, isClass(.other) { return parseAlternateClause() }
    if on != nil, isClass(.month), !atMonthDate, !isModalMay,
      let months = attempt({ p in
        let list = p.parseMonthList()
        return p.current?.isNumber == true || p.current?.isOrdinal == true ? nil : list
      })
    {
      // "every other year on january, february and march": months, as "in" says them ("on
      // january, february 15" is no list of months: a day follows).
      return setMonths(months, SourceRange(months[0].range.lowerBound, consumedEnd))
    }
    lexKeyword(.the)
    // "every june 2nd tuesday": the month first, then its ordinal weekdays.
    var leadMonth: PhraseTree.Node<Int>?
    if isClass(.month), peek(1)?.isOrdinal == true || isClass(.ordinal, at: 1), isClass(.weekday, at: 2),
      let m = lexValue(.month)
    {
      leadMonth = .init(value: m.value, range: m.range)
    }
    if tree.unit?.value == .year, tree.start == nil, let t = current, case .isoDate(let date) = t.kind, date.isValid {
      // "every year on 2027-03-01": March 1, from that day on.
      index += 1
      tree.days.append(.init(value: .date(date.month, date.day), range: t.range))
      return setStart(.init(value: .iso(date), range: t.range))
    }
    guard var days = parseDayList() else {
      if on != nil {
        unexpected(expected: "a weekday or a day of the month after 'on'", classes: [.weekday, .daygroup, .ordinal])
      }
      return false
    }
    guard tree.days.count + days.count <= Self.maxDays else {
      // Each clause copies the days before it (a saved alternative shares them), so an unbounded
      // run of day clauses would cost the square of its length.
      let range = SourceRange(days.first?.range.lowerBound ?? currentRange.lowerBound, consumedEnd)
      error(ParseDiagnostic.outOfRange("a rule holds at most \(Self.maxDays) days", range))
      return false
    }
    if let on, let earlier = tree.days.last, Self.isWeekDay(earlier.value),
      days.allSatisfy({ Self.isWeekDay($0.value) }),
      !tokens.contains(where: { t in
        t.range.lowerBound >= earlier.range.upperBound && t.range.upperBound <= on.lowerBound
          && (t.isPunctuation(",") || t.isPunctuation("&") || t.word == "and")
      })
    {
      // "every monday on tuesdays", "every weekend on saturday": two sets of weekdays with
      // nothing between them that lists ("on mondays and on fridays", "at 2pm on tuesday and at
      // 2pm on thursday" list them).
      let range = SourceRange(on.lowerBound, consumedEnd)
      return conflict(range, earlier.range, "a rule names its weekdays once, as in 'every monday and tuesday'")
    }
    if lineText != nil, case .date? = days.last?.value, let y = shortYear(at: 0), let t = current {
      index += 1  // "on 15 jan 27": the year, as four digits would be
      days.append(DayNode(value: .monthDay(y), range: t.range))
    }
    tree.days.adopt(days)
    if let leadMonth {
      guard days.allSatisfy({ if case .ordinalWeekday = $0.value { true } else { false } }) else {
        unexpected(expected: "a weekday after the ordinal", classes: [.weekday])
        return false
      }
      return setMonths([leadMonth], SourceRange(leadMonth.range.lowerBound, consumedEnd))
    }
    if tree.unit?.value == .year, tree.start == nil, days.count == 1, case .date(let m, let d) = days[0].value,
      let year = parseYear()
    {
      // "every year on march 1 2027", "annually on jan 5, 2028": the year is the first one's.
      let date = CivilDate(year: year, month: m, day: d)
      let range = SourceRange(days[0].range.lowerBound, consumedEnd)
      guard date.isValid else {
        let never = !CivilDate(year: 2000, month: m, day: d).isValid  // February 30 in any year
        error(
          never
            ? ParseDiagnostic.impossibleDate(month: m, day: d, range)
            : ParseDiagnostic.outOfRange("\(year) has no \(ParseDiagnostic.monthName(m)) \(d)", range))
        return false
      }
      guard setStart(.init(value: .iso(date), range: range)) else { return false }
    }
    let ordinals = days.allSatisfy {
      switch $0.value {
      case .ordinalWeekday, .ordinalWorkday, .ordinalDay, .ordinalInstance: true
      default: false
      }
    }
    // In a task line only after a recurrence word: "my last day in a month" is a month from now.
    let perMonth = ordinals && (lineText == nil || tree.recurring != nil)
    if isKeyword(.of) || isKeyword(.in) || (perMonth && isKeyword(.a)) {
      // "a month" and "in a month" only after ordinal days: "third wednesday a month" ("in a
      // month" after other words is a month from now).
      if !parseOfPeriod(perMonth: perMonth) {
        if failed { return false }
      }
    } else if isClass(.month), !atMonthDate, !isModalMay, let months = attempt({ $0.parseMonthList() }) {
      // "1st wed jan": the month right after the day ("every friday may be late" is the verb).
      guard setMonths(months, SourceRange(months[0].range.lowerBound, consumedEnd)) else { return false }
    }
    if tree.times.isEmpty, tree.partsOfDay.isEmpty, days.isEmpty, on != nil {
      unexpected(expected: "a weekday or a day of the month after 'on'", classes: [.weekday, .daygroup, .ordinal])
      return false
    }
    return true
  }

  /// ```
  /// OfPeriod = ( "of" | "in" ) , ( <every> , [ Count ] , <unit> | [ "the" ] , ( "month" | "quarter" | "year" ) | MonthList | WeekList )
  ///         | [ "of" | "in" ] , "a" , "month" ;
  /// ```
  /// "of every month", "of every 3rd month", "of each quarter", "of the month", "of the year",
  /// "of may", "in june", "in weeks 1 and 3". Returns false (consuming nothing) when no period
  /// follows.
  mutating func parseOfPeriod(perMonth: Bool = false) -> Bool {
    enter(.OfPeriod)
    let start = currentRange.lowerBound
    let lead = isKeyword(.in) ? 1 : 0
    if perMonth, isKeyword(.a, at: lead), entry(.unit, at: lead + 1) == "monthly", word(at: lead + 1) == "month" {
      index += lead + 2
      let range = SourceRange(start, consumedEnd)
      markRecurring(range)
      tree.periodNamed = true
      return setPeriod(.init(value: .month, range: range), count: nil)
    }
    if isKeyword(.of) || isKeyword(.in), isClass(.every, at: 1) {
      return attempt { p -> Bool? in
        p.index += 1
        guard let every = p.lex(.every) else { return nil }
        let count = p.isClass(.unit) ? nil : p.parseCount(ordinalTokens: true)
        guard let unit = p.lex(.unit), let u = PhraseTree.Unit(lexiconValue: unit.value) else { return nil }
        p.markRecurring(SourceRange(start, p.consumedEnd))
        p.tree.periodNamed = true
        _ = every
        guard p.setPeriod(.init(value: u, range: unit.range), count: count.map { .init(value: $0.0, range: $0.1) })
        else { return nil }
        // "the first monday of every year": of January.
        return u != .year || p.yearWeekdaysInMonth(SourceRange(start, p.consumedEnd)) ? true : nil
      } ?? false
    }
    // "of the month", "of a month", "in the month" (not "in a month": a month from now).
    let article = isKeyword(.the, at: 1) || isKeyword(.a, at: 1)
    let named = entry(.unit, at: article ? 2 : 1)
    // "in the month", not "in the months of july" nor "in the month of may"
    let inThe =
      isKeyword(.in) && isKeyword(.the, at: 1) && word(at: 2)?.hasSuffix("s") == false && !isKeyword(.of, at: 3)
    if isKeyword(.of) || inThe, article || isClass(.unit, at: 1),
      named == "monthly" || (named == "quarter" && !isKeyword(.a, at: 1))
    {
      index += article ? 3 : 2
      let range = SourceRange(start, consumedEnd)
      // "the last day of the month": monthly, and a habit; "of the quarter": quarterly.
      markRecurring(range)
      tree.periodNamed = true
      return setPeriod(.init(value: named == "quarter" ? .quarter : .month, range: range), count: nil)
    }
    if isClass(.month, at: 1) || isKeyword(.year, at: 1) || (isKeyword(.the, at: 1) && isKeyword(.year, at: 2))
      || atMonthsOf(at: 1)
      || ((isKeyword(.in) || peek(2)?.isNumber == true || (word(at: 2) == "number" && peek(3)?.isNumber == true))
        && isClass(.unit, at: 1) && word(at: 1)?.hasPrefix("w") == true)
    {
      return parseScopeClause()  // "in weeks 1 and 3", "of week 10"
    }
    return false
  }

  /// ```
  /// MonthList = <month> , [ ( "-" | "–" | "to" | "through" ) , <month> , [ [ "," ] , YEAR ] ] ,
  ///             { [ ListSeparator ] , <month> , [ ( "-" | "–" | "to" | "through" ) , <month> , [ [ "," ] , YEAR ] ] } ;
  /// ```
  /// "january - march" is every month from January to March (wrapping past December). Months
  /// may follow one another without a separator ("the 1st of jan apr jul and oct"), in a task
  /// line only where another month or a separator follows them.
  mutating func parseMonthList() -> [PhraseTree.Node<Int>]? {
    enter(.MonthList)
    guard let first = lexValue(.month) else { return nil }
    var months = [PhraseTree.Node(value: first.value, range: first.range)]
    months += lexMonthRangeEnd(from: months[0])
    while case let joined = atJoinedMonth, joined || atSeparator,
      let more = attempt({ p -> PhraseTree.Node<Int>? in
        guard joined || p.parseListSeparator(), let m = p.lexValue(.month), !p.atDayNumber else { return nil }
        return .init(value: m.value, range: m.range)
      })
    {
      months.append(more)
      months += lexMonthRangeEnd(from: more)
    }
    return months
  }

  /// Whether a month follows the month before it with no separator, as a list's next month
  /// (`jan apr jul`; not `may` the verb, and in a task line only before another month or a
  /// separator, or as the last of three or more).
  var atJoinedMonth: Bool {
    guard isClass(.month), isClass(.month, at: -1), word() != "may" else { return false }
    return lineText == nil || isClass(.month, at: 1) || isPunctuation(",", at: 1) || isKeyword(.and, at: 1)
      || isClass(.month, at: -2)  // the last of three or more: "every jan apr jul oct"
  }

  /// The months after `from` up to a range's last month ("- march", "through june"), consumed;
  /// empty when no range follows (a month with a day after it is a date: "jan 5 - mar 3"). A
  /// year after the last month ends the rule with that month ("jan to mar 2027").
  mutating func lexMonthRangeEnd(from: PhraseTree.Node<Int>) -> [PhraseTree.Node<Int>] {
    guard isPunctuation("-") || isPunctuation("–") || isKeyword(.to) || isKeyword(.through), isClass(.month, at: 1)
    else { return [] }
    let last = attempt { p -> (value: Int, range: SourceRange, year: Int?)? in
      p.index += 1
      guard let m = p.lexValue(.month) else { return nil }
      // "jan to mar 2027": that year's months, up to the last one's end.
      if let y = p.parseYear() { return (m.value, m.range, y) }
      return p.atDayNumber ? nil : (m.value, m.range, nil)
    }
    guard let last else { return [] }
    let range = SourceRange(from.range.lowerBound, last.range.upperBound)
    if let year = last.year {
      let end = PhraseTree.DateRef.monthDay(
        month: last.value, day: CivilDate.daysIn(month: last.value, year: year), year: year)
      guard setEnd(.init(value: .until(end), range: SourceRange(range.lowerBound, consumedEnd))) else { return [] }
    }
    var out: [PhraseTree.Node<Int>] = []
    var m = from.value
    while m != last.value {
      m = m % 12 + 1
      out.append(.init(value: m, range: range))
    }
    return out
  }

  /// ```
  /// WeekList = <unit> , [ "number" ] , DayNumber , { ListSeparator , DayNumber } ;
  /// ```
  /// "week 20", "weeks 1 and 3", "week number 20": ISO 8601 week numbers.
  mutating func parseWeekList() -> [PhraseTree.Node<Int>]? {
    enter(.WeekList)
    guard let unit = lex(.unit), unit.value == "weekly" else { return nil }
    if word() == "number" { index += 1 }  // "of week number 20"
    guard let first = parseDayNumber() else { return nil }
    var weeks = [PhraseTree.Node(value: first.0, range: first.1)]
    while atSeparator,
      let more = attempt({ p -> (Int, SourceRange)? in p.parseListSeparator() ? p.parseDayNumber() : nil })
    {
      weeks.append(.init(value: more.0, range: more.1))
    }
    return weeks
  }

  /// ```
  /// DayList = DayItem , { ListSeparator , [ "the" ] , DayItem } , [ [ "the" ] , ORDINAL ] ;
  /// ```
  /// A bare day after a date shares its month: "dec 24 and 31", "june 1 and 15".
  mutating func parseDayList() -> [DayNode]? {
    enter(.DayList)
    guard let first = parseDayItem() else { return nil }
    var days = first
    while atSeparator,
      let more = attempt({ p -> [DayNode]? in
        guard p.parseListSeparator() else { return nil }
        p.lexKeyword(.the)
        if let last = days.last?.value, case .date = last, let w = p.weekdayNumber(at: 0),
          p.peek(1)?.isDayNumber != true,  // "mon 2-4, tue 3-5": a timetable, read as before
          p.weekday(w, differsFrom: last)
        {
          return nil  // "Dentist Dec 12, Friday": a weekday that is not the date's is another phrase
        }
        if case .date? = days.last?.value, p.writtenYear != nil {
          return nil  // "jan 5, 2028": the year of the date
        }
        if case .date? = days.last?.value, let t = p.current, case .clock(let h, let m, nil) = t.kind,
          p.text(in: t.range).contains("."), (1...31).contains(h), (1...12).contains(m)
        {
          p.index += 1  // "every 15.3, 15.9 and 15.12": a dotted date in a list of them, not 15:12
          return [.init(value: .date(m, h), range: t.range)]
        }
        if case .date(let m, _)? = days.last?.value, p.atDayNumber, !p.isClass(.month, at: 1),
          !p.atDottedDate, let d = p.parseDayNumber()
        {
          return [.init(value: .date(m, d.0), range: d.1)]
        }
        return p.parseDayItem()
      })
    {
      days += more
    }
    if let both = weekdayOnMonthDay(after: days) { days.append(both) }
    var weekdays = 0
    for d in days {
      if case .weekday = d.value { weekdays += 1 }
    }
    if weekdays >= 3, let first = days.first, let last = days.last {
      markRecurring(SourceRange(first.range.lowerBound, last.range.upperBound))  // "mon, wed, fri"
    }
    // "24 and 31 dec": the days before a date share its month.
    if case .date(let m, _)? = days.last?.value {
      for i in days.indices.reversed() {
        guard case .monthDay(let d) = days[i].value else { continue }
        days[i].value = .date(m, d)
      }
    }
    return days
  }

  /// A day of the month right after one plain weekday ending `days`, in a phrase (in a task
  /// line after "every"): "friday the 13th", "friday 13th" (the days that are both, noted for
  /// the resolver); nil otherwise.
  mutating func weekdayOnMonthDay(after days: [DayNode]) -> DayNode? {
    // In a task line only after "every" ("Meet friday the 13th" is one date, its weekday checked).
    guard days.count == 1, case .weekday? = days.first?.value, lineText == nil || isClass(.every, at: -2) else {
      return nil
    }
    let the = isKeyword(.the) ? 1 : 0
    guard let t = peek(the), case .ordinal(let d) = t.kind, (1...31).contains(d), !isClass(.month, at: the + 1),
      !isKeyword(.of, at: the + 1)
    else { return nil }
    index += the + 1
    guard let first = days.first else { return nil }
    tree.notes.append(.init(value: .weekdayOnMonthDay, range: SourceRange(first.range.lowerBound, t.range.upperBound)))
    return .init(value: .monthDay(d), range: t.range)
  }

  /// ```
  /// ListSeparator = "," | "and" , [ "also" ] | "&" | "/" | "," , "and" , [ "also" ] | [ "," ] , "as" , "well" , "as" | "n" ;
  /// ```
  mutating func parseListSeparator() -> Bool {
    enter(.ListSeparator)
    let comma = isPunctuation(",") ? 1 : 0
    if word(at: comma) == "as", word(at: comma + 1) == "well", word(at: comma + 2) == "as" {
      index += comma + 3  // "every monday as well as thursday"
      return true
    }
    if lexPunctuation(",") != nil {
      if lexKeyword(.and) != nil { lexAlso() }
      return true
    }
    if lexKeyword(.and) != nil {
      lexAlso()
      return true
    }
    if atTextedAnd {
      index += 1  // "tues n thurs"
      return true
    }
    return lexPunctuation("/") != nil
  }

  /// Consumes `also` after `and` ("every tuesday and also thursday").
  mutating func lexAlso() {
    if word() == "also" { index += 1 }
  }

  /// ```
  /// DayItem = OrdinalDay | MonthDate | Holiday | WeekdayItem | MonthDay | "day" , NUMBER , [ ( "-" | "to" | "through" ) , NUMBER ] | PeriodEdge | PartOfDay ;
  /// ```
  /// A part of the day ("every morning") adds a time and no day.
  mutating func parseDayItem() -> [DayNode]? {
    enter(.DayItem)
    guard let t = current else { return nil }
    var numeric = false
    switch t.kind {
    case .number:
      // "Walk every morning the 3 dogs": in a task line, "the" and a number before a title word
      // count it ("on the 15 via app" is a day).
      // A number that is an hour or a count is no day ("every tuesday, 7-8pm").
      numeric =
        atDayNumber
        && (lineText == nil || !isKeyword(.the, at: -1) || peek(1)?.word == nil || !unknown(at: index + 1)
          || ["on", "by", "until", "till", "due", "from"].contains(word(at: -2) ?? ""))
    case .ordinal, .numericDate: numeric = true
    default: break
    }
    let ordinal: Bool
    if case .ordinal = t.kind {
      ordinal = true
    } else {
      let tens = numberWord() == 20 || numberWord() == 30
      ordinal =
        isClass(.ordinal) || isKeyword(.next) || (tens && (isClass(.ordinal, at: 1) || isClass(.ordinal, at: 2)))
    }
    if ordinal, let d = attempt({ $0.parseOrdinalDay() }) { return d }
    if isClass(.month) || numeric || (isClass(.ordinal) && isClass(.month, at: 1) && lineText == nil),
      let d = attempt({ $0.parseMonthDate() })
    {
      return [d]  // "dec 25", "25/12", "first march"
    }
    if atHoliday, let d = parseHoliday() { return [d] }
    if isClass(.weekday) || isClass(.daygroup), let d = parseWeekdayItem() { return d }  // cannot fail here
    if isKeyword(.work) || atWeekDays, let d = attempt({ $0.parseWeekdayItem() }) {
      return d  // "work days", "week days"
    }
    if numeric, let d = attempt({ $0.parseMonthDay() }) { return [d] }
    if isKeyword(.day), let t = current, let n = peek(1), case .number(let v) = n.kind {
      index += 2  // "on day 15" (calendar apps' wording)
      var last = v
      // In a task line only where a period is named ("every month on days 1-5"; "Plan days 3-7
      // at 10am" keeps its reading).
      if (1...30).contains(v), lineText == nil || tree.unit != nil,
        isPunctuation("-") || isKeyword(.to) || isKeyword(.through),
        let e = peek(1), case .number(let w) = e.kind, w <= 31
      {
        if w >= v {
          index += 2  // "on days 1-5", "days 1 to 5"
          last = w
        } else if lineText == nil {
          error(ParseDiagnostic.backwardDays("days \(w)-\(v)", SourceRange(t.range.lowerBound, e.range.upperBound)))
          return nil
        }
      }
      let range = SourceRange(t.range.lowerBound, consumedEnd)
      return (v...last).map { .init(value: .monthDay($0), range: range) }
    }
    if atPeriodEdge || daysBeforeEnd != nil, let d = parsePeriodEdge() {
      return [d]
    }
    let plural = isPlural(at: 0)
    if let p = parsePartOfDay() {
      if plural { markRecurring(p.range) }  // "on mornings at 9", as "mornings at 9"
      tree.partsOfDay.append(p)
      return []
    }
    return nil
  }

  /// ```
  /// Holiday = ( <holiday> , [ "'" ] , [ "luther" , "king" ] | "new" , "year" ) , [ "day" | "eve" ] ;
  /// ```
  /// Holidays on a fixed date: "christmas" (Dec 25), "christmas eve" (Dec 24), "new year's day"
  /// (Jan 1), "new year's eve" (Dec 31), "halloween", "valentine's day"; and on a weekday of a
  /// month (US dates): "thanksgiving" (the fourth Thursday of November), "labor day", "memorial
  /// day", "mother's day", "martin luther king day"; fixed dates with words that must follow
  /// ("veterans day", "independence day", "boxing day"); "juneteenth". Moveable feasts are not here: one rule
  /// cannot hold Easter.
  mutating func parseHoliday() -> DayNode? {
    enter(.Holiday)
    guard let t = current else { return nil }
    if isClass(.holiday), entry(.holiday)?.contains("/") == true { return attempt { $0.holidayWithWords() } }
    var date: CivilDate
    if let h = lexValue(.holiday) {
      date = CivilDate(year: 2001, month: h.value / 100, day: h.value % 100)
    } else if lexKeyword(.new) != nil, lexKeyword(.year) != nil {
      date = CivilDate(year: 2001, month: 1, day: 1)
    } else {
      return nil
    }
    if lexKeyword(.eve) != nil {
      date = date.adding(days: -1)  // Dec 31 for "new year's eve"
    } else {
      lexKeyword(.day)
    }
    return .init(value: .date(date.month, date.day), range: SourceRange(t.range.lowerBound, consumedEnd))
  }

  /// A holiday with words that must follow it, from its lexicon value: a date `MMDD/words`
  /// (`veterans` 1111/day) or the nth weekday of a month `MM/N/W/words` (`labor` 09/1/1/day), then
  /// an optional "day" ("mlk day"); nil, consuming nothing, when those words are not there
  /// ("Call mothers").
  mutating func holidayWithWords() -> DayNode? {
    guard let t = current, let h = lex(.holiday) else { return nil }
    let parts = h.value.split(separator: "/", omittingEmptySubsequences: false)
    let day: PhraseTree.Day
    let wordsAt: Int
    if parts[0].count == 4, let mmdd = Int(parts[0]) {
      day = .date(mmdd / 100, mmdd % 100)
      wordsAt = 1
    } else if parts.count >= 3, let month = Int(parts[0]), let n = Int(parts[1]), let weekday = Int(parts[2]) {
      day = .holiday(month: month, ordinal: n, weekday: weekday)
      wordsAt = 3
    } else {
      return nil
    }
    if let quote = current, quote.isPunctuation("'"), quote.range.lowerBound == h.range.upperBound {
      index += 1  // "presidents' day"
    }
    let words = parts.count > wordsAt ? parts[wordsAt].split(separator: " ") : []
    for w in words {
      guard word() == String(w) else { return nil }
      index += 1
    }
    if words.last != "day" { lexKeyword(.day) }
    if t.word == "leap" {
      tree.notes.append(.init(value: .leapDay, range: SourceRange(t.range.lowerBound, consumedEnd)))
    }
    return .init(value: day, range: SourceRange(t.range.lowerBound, consumedEnd))
  }

  /// ```
  /// PeriodEdge = ( NUMBER | NumberWord ) , "day" , "before" , [ "the" ] , "end" | ( "end" | "beginning" | "start" | "middle" | "mid" , "-" , "month" ) | "eom" ;
  /// ```
  /// "end of every month" is its last day, "beginning of every month" its first; the period
  /// that follows must be a repeating one ("end of month" alone is a single date). "3 days
  /// before the end of every month" is the fourth day from its end; "eom" in a rule is the
  /// month's last day.
  mutating func parsePeriodEdge() -> DayNode? {
    enter(.PeriodEdge)
    if let (n, k) = daysBeforeEnd, let t = current {
      let saved = index
      index += k
      guard let edge = parsePeriodEdge(), edge.value == .ordinalDay(-1) else {
        index = saved
        return nil
      }
      return .init(value: .ordinalDay(-1 - n), range: SourceRange(t.range.lowerBound, edge.range.upperBound))
    }
    if isKeyword(.mid), let t = current {
      // "mid-month", "middle of every month": the 15th.
      let next = isPunctuation("-") ? 0 : 1
      if peek(1)?.isPunctuation("-") == true, unit(at: 2) == .month {
        index += 3
        return .init(value: .monthDay(15), range: SourceRange(t.range.lowerBound, consumedEnd))
      }
      if isKeyword(.of, at: next),
        isClass(.every, at: next + 1) || (tree.recurring != nil && unit(at: next + 2) == .month)
      {
        index += 1
        return .init(value: .monthDay(15), range: t.range)
      }
      return nil
    }
    if let t = current, isKeyword(.endof), word() == "eom", tree.recurring != nil {
      index += 1  // "every eom", "monthly eom": the month's last day
      return .init(value: .ordinalDay(-1), range: t.range)
    }
    guard let t = current, let role = isKeyword(.ending) ? KeywordRole.ending : isKeyword(.start) ? .start : nil,
      isKeyword(.of, at: 1)
        ? isClass(.every, at: 2)
          || (tree.recurring != nil && (entry(.unit, at: 2) == "monthly" || entry(.unit, at: 3) == "monthly"))
        : tree.unit?.value == .month  // "every month at the start", "each month at the end"
    else { return nil }
    index += 1
    return .init(value: role == .ending ? .ordinalDay(-1) : .ordinalDay(1), range: t.range)
  }

  /// ```
  /// WeekdayItem = ( WeekdayRange | <weekday> | <daygroup> | ( "work" | "week" ) , "day" ) , [ PartOfDay ] ;
  /// ```
  /// A plural ("mondays", "weekends", "thursday evenings") makes the phrase a recurrence.
  mutating func parseWeekdayItem() -> [DayNode]? {
    enter(.WeekdayItem)
    let nodes: [DayNode]
    let start = currentRange.lowerBound
    var plural = isPlural(at: 0)
    let o = peek(1)?.isPunctuation(".") == true ? 2 : 1  // "mon.-fri."
    if isClass(.weekday),
      isKeyword(.to, at: o) || isKeyword(.until, at: o) || isKeyword(.through, at: o)
        || peek(o)?.isPunctuation("-") == true, isClass(.weekday, at: o + 1),
      let range = attempt({ $0.parseWeekdayRange() })
    {
      nodes = range
      plural = true  // "mon-fri", "monday to friday": a habit
    } else if let w = lexValue(.weekday), case let d = w.value {
      if d == 1, monthOrMonday(w.range) { return nil }
      nodes = [.init(value: .weekday(d), range: w.range)]
    } else if let g = lex(.daygroup) {
      nodes = [.init(value: g.value == "weekend" ? .weekend : .workdays, range: g.range)]
      // "weeknights at 8": the night's hours.
      if word(at: -1)?.contains("night") == true { tree.groupCue = Self.nightCue }
    } else if isKeyword(.work) && isKeyword(.day, at: 1) || atWeekDays, let first = current {
      plural = isPlural(at: 1)
      index += 2
      nodes = [.init(value: .workdays, range: SourceRange(first.range.lowerBound, consumedEnd))]
    } else {
      return nil
    }
    if isClass(.partofday) || isClass(.meridiem) {
      if isPlural(at: 0) { plural = true }
      if let t = parsePartOfDay() { tree.partsOfDay.append(t) }
    }
    if plural { markRecurring(SourceRange(start, consumedEnd)) }
    return nodes
  }

  /// Whether the Monday just read was written `mo` right after `every`, `other` or a number,
  /// with no other day beside it (`every mo`, `every other mo`), or `mon` after `in` and a
  /// number (`in 6 mon`): they are also short for a month, so the phrase is refused (QA102) with
  /// both readings rather than guessed; `every mo we fr` and `every 2 mon` are Mondays.
  mutating func monthOrMonday(_ range: SourceRange) -> Bool {
    guard let w = word(at: -1), let before = peek(-2) else { return false }
    let inNumber = w == "mon" && before.isNumber && word(at: -3) == "in"  // "in 6 mon": months
    guard inNumber || (w == "mo" && (before.isNumber || isClass(.every, at: -2) || before.word == "other")) else {
      return false
    }
    guard !isClass(.weekday), !(atSeparator && isClass(.weekday, at: 1)) else { return false }
    error(ParseDiagnostic.monthOrMonday(w, range))
    return true
  }

  /// Whether a day is a day of the week or a group of them (not a day of the month or a date).
  static func isWeekDay(_ day: PhraseTree.Day) -> Bool {
    switch day {
    case .weekday, .workdays, .weekend: return true
    default: return false
    }
  }

  /// Whether a period's edge may start here: `end`, `start`, `mid`, or `eom` in a rule.
  var atPeriodEdge: Bool {
    isKeyword(.ending) || isKeyword(.start) || isKeyword(.mid) || (isKeyword(.endof) && word() == "eom")
  }

  /// The night, as a part of the day (22:00), in seconds after midnight.
  static let nightCue = 22 * 3600

  /// Whether the word at `offset` is a plural weekday, day group or part of the day
  /// ("mondays", "weekends", "business days", "evenings"), not an abbreviation ("thurs").
  func isPlural(at offset: Int) -> Bool {
    guard let w = word(at: offset), w.hasSuffix("s") else { return false }
    return w.hasSuffix("days") || w.hasSuffix("ends") || w.hasSuffix("ings") || w.hasSuffix("oons")
      || w.hasSuffix("ghts")
  }

  /// ```
  /// WeekdayRange = <weekday> , ( ( "to" | "through" | "until" ) , <weekday> | "-" , <weekday> , { "-" , <weekday> } ) ;
  /// ```
  /// "mon-fri", "monday to friday", "mon through thu": every day from the first to the last;
  /// three or more joined by hyphens are a list ("mon-wed-fri").
  mutating func parseWeekdayRange() -> [DayNode]? {
    enter(.WeekdayRange)
    guard let t = current, let a = lexValue(.weekday),
      lexKeyword(.to) != nil || lexKeyword(.until) != nil || lexKeyword(.through) != nil
        || lexPunctuation("-") != nil, let b = lexValue(.weekday)
    else { return nil }
    if isKeyword(.to, at: -2) || isKeyword(.until, at: -2) || isKeyword(.through, at: -2) {
      // A range in words, unless the second weekday after "until" names a date ("every wed
      // until mon nov 1, 2027"): an end ("every mon to fri jan to march" is a range and months).
      let k = isPunctuation(",") ? 1 : 0
      let day0 = peek(k)?.isNumber == true || peek(k)?.isOrdinal == true
      let day1 = peek(k + 1)?.isNumber == true || peek(k + 1)?.isOrdinal == true
      if isKeyword(.until, at: -2), (isClass(.month, at: k) && day1) || (day0 && isClass(.month, at: k + 1)) {
        return nil
      }
    } else if isPunctuation("-"), isClass(.weekday, at: 1) {
      // "mon-wed-fri": three or more joined by hyphens are a list, not a range.
      var days: [DayNode] = [
        .init(value: .weekday(a.value), range: a.range), .init(value: .weekday(b.value), range: b.range),
      ]
      while isPunctuation("-"), isClass(.weekday, at: 1) {
        index += 1
        guard let c = lexValue(.weekday) else { break }
        days.append(.init(value: .weekday(c.value), range: c.range))
      }
      return days
    }
    let range = SourceRange(t.range.lowerBound, consumedEnd)
    var days: [DayNode] = []
    var d = a.value
    while true {
      days.append(.init(value: .weekday(d), range: range))
      if d == b.value { break }
      d = d % 7 + 1
    }
    return days
  }

  /// ```
  /// OrdinalDay = Ordinal , [ ( "-" | "to" | "through" ) , [ "the" ] , Ordinal ] , { ListSeparator , [ "the" ] , Ordinal } ,
  ///              [ "instance" , "of" | "instances" , "of" ] ,
  ///              ( <weekday> , { ListSeparator , <weekday> } | "weekend" , "day" | <daygroup> | "work" , "day" | "day" | "date" | "weekday" | () ) ;
  /// ```
  /// "3rd friday", "first and third tuesday", "last workday", "2nd to last day", "first of"
  /// (a day of the month when "of" follows), "the first and last instance of mon and thu" (the
  /// month's first and last days that are a Monday or a Thursday: set positions).
  mutating func parseOrdinalDay() -> [DayNode]? {
    enter(.OrdinalDay)
    let start = currentRange.lowerBound
    let named = isKeyword(.the, at: -1) || isKeyword(.on, at: -1) || atOrdinalToken
    let spelled = word()
    guard let first = parseOrdinal() else { return nil }
    var ordinals = [first]
    if let last = attempt({ $0.parseOrdinalRangeEnd(after: first, from: start) }) {
      ordinals = Array(first...last)  // "the 1st-5th", "1st to the 5th", "first through third"
    }
    while atSeparator,
      let more = attempt({ p -> Int? in
        guard p.parseListSeparator() else { return nil }
        p.lexKeyword(.the)  // "the 1st and the 3rd thursday"
        return p.parseOrdinal()
      })
    {
      ordinals.append(more)
    }
    let instance = isKeyword(.instance) && isKeyword(.of, at: 1)
    if instance { index += 2 }
    var makes: [(Int) -> PhraseTree.Day] = []
    if let w = lexValue(.weekday), case let d = w.value {
      var days = [d]
      while atSeparator,
        let more = attempt({ p -> Int? in
          guard p.parseListSeparator(), let w = p.lexValue(.weekday), !p.isClass(.ordinal) else { return nil }
          return w.value
        })
      {
        days.append(more)
      }
      if instance, Set(days).count > 1 {
        // "the first and last instance of tue and fri": counted over the days that are either.
        makes.append { .ordinalInstance($0, days) }
      } else {
        makes += days.map { d in { .ordinalWeekday($0, d) } }
      }
    } else if entry(.daygroup) == "weekend", isKeyword(.day, at: 1) {
      // "the last weekend day": the month's last day that is a Saturday or a Sunday.
      index += 2
      makes.append { .ordinalInstance($0, [6, 7]) }
    } else if let g = lex(.daygroup) {
      guard g.value != "weekend" else {
        // The first Saturday and the first Sunday can fall in different weekends.
        let edge = text(in: SourceRange(start, consumedEnd)).lowercased().contains("last") ? "last" : "first"
        error(
          ParseDiagnostic.unsupported(
            "'\(text(in: SourceRange(start, consumedEnd)))' is not one rule: a month's \(edge) Saturday and \(edge) Sunday can fall in different weekends; name the day, as in 'the \(edge) saturday'",
            SourceRange(start, consumedEnd)))
        return nil
      }
      makes.append { .ordinalWorkday($0) }
    } else if isKeyword(.work), isKeyword(.day, at: 1) {
      index += 2
      makes.append { .ordinalWorkday($0) }
    } else if lexKeyword(.day) != nil {
      makes.append { .ordinalDay($0) }
    } else if word() == "date", lineText == nil {
      index += 1  // "the 5th date of every month" (Indian English; a task line's "1st date" is a date night)
      makes.append { $0 > 0 ? .monthDay($0) : .ordinalDay($0) }
    } else if isKeyword(.of) || (endsDayList && (named || spelled != "second")) {
      // "first of every month", "the 12th of each month", "last of the month", "monthly on the
      // fifteenth", "every twentieth".
      makes.append { $0 > 0 ? .monthDay($0) : .ordinalDay($0) }
    } else {
      return nil
    }
    let range = SourceRange(start, consumedEnd)
    return makes.flatMap { make in ordinals.map { .init(value: make($0), range: range) } }
  }

  /// The last ordinal of a range that starts at `first`: a dash, `to`, `through` or `thru`,
  /// then an ordinal after it (`1st-5th`, `10th to the 15th`); nil otherwise. A range of a
  /// month's days or of a weekday's instances, never of counts from the end; in a task line only
  /// where a period is named.
  mutating func parseOrdinalRangeEnd(after first: Int, from start: Int) -> Int? {
    guard first > 0, lineText == nil || tree.unit != nil, isPunctuation("-") || isKeyword(.to) || isKeyword(.through)
    else { return nil }
    index += 1
    lexKeyword(.the)
    guard atOrdinalToken || isClass(.ordinal), let last = parseOrdinal() else { return nil }
    guard last >= first, last <= 31 else {
      // "the 5th-1st": a range runs forward within the month.
      if last > 0, last < first, lineText == nil {
        let forward = ParseDiagnostic.ordinalSuffix(last) + "-" + ParseDiagnostic.ordinalSuffix(first)
        error(ParseDiagnostic.backwardDays("the " + forward, SourceRange(start, consumedEnd)))
      }
      return nil
    }
    return last
  }

  /// Whether the day list can end here: the end, a separator or a word that starts another
  /// clause, not a weekday, month, period or number that the ordinal would belong to.
  var endsDayList: Bool {
    guard let t = current else { return true }
    switch t.kind {
    case .punctuation: return true
    case .clock: return true
    case .word:
      // An hour in words ends it ("the twelfth three pm", "the 5th seven thirty am").
      let hour =
        isClass(.number)
        && (isClass(.meridiem, at: 1) || isOclock(at: 1) || (isClass(.number, at: 1) && isClass(.meridiem, at: 2)))
      return hour
        || !(isClass(.weekday) || isClass(.daygroup) || isClass(.month) || isClass(.unit) || isClass(.number)
          || isClass(.ordinal) || isKeyword(.day) || isKeyword(.work) || isKeyword(.instance))
    default: return false
    }
  }

  /// ```
  /// Ordinal = ( ORDINAL | <ordinal> | <number> , [ "-" ] , <ordinal> ) , [ [ "-" ] , [ "to" , [ "-" ] , [ "the" , [ "-" ] ] ] , "last" ] | "next" , [ "-" ] , "to" , [ "-" ] , "last" | "last" , "but" , ( "one" | "1" ) ;
  /// ```
  /// "3rd", "third", "last", "2nd last", "second to last" and "2nd to the last" (-2),
  /// "next-to-last" (-2).
  mutating func parseOrdinal() -> Int? {
    enter(.Ordinal)
    var n: Int
    if let o = lexOrdinalToken() {
      n = o.value
    } else if let tens = entry(.number).flatMap(Int.init), tens == 20 || tens == 30,
      let unit = attempt({ p -> Int? in
        p.index += 1
        p.lexPunctuation("-")
        guard let o = p.lexValue(.ordinal), (1...9).contains(o.value) else { return nil }
        return o.value
      })
    {
      n = tens + unit  // "twenty-first", "thirty first"
    } else if let o = lexValue(.ordinal) {
      n = o.value
      if n == -1, word() == "but", word(at: 1) == "one" || peek(1)?.isNumber == true && plainNumber(at: 1) == 1 {
        index += 2  // "the last but one day" (British): the second to last
        return -2
      }
    } else if isKeyword(.next) {
      n = 2
      guard
        attempt({ p -> Bool? in
          p.index += 1
          p.lexPunctuation("-")
          guard p.lexKeyword(.to) != nil else { return nil }
          p.lexPunctuation("-")
          return p.word() == "last" ? true : nil
        }) != nil
      else { return nil }
      index += 1
      return -2
    } else {
      return nil
    }
    if n > 0,
      attempt({ p -> Bool? in
        p.lexPunctuation("-")
        if p.lexKeyword(.to) != nil {
          p.lexPunctuation("-")
          if p.lexKeyword(.the) != nil { p.lexPunctuation("-") }  // "2nd to the last friday", "third-to-the-last"
        }
        guard p.word() == "last" else { return nil }
        p.index += 1
        return true
      }) != nil
    {
      n = -n
    }
    return n
  }

  /// ```
  /// MonthDate = <month> , ( DayNumber | Ordinal ) | ( DayNumber | <ordinal> ) , [ "of" ] , <month> | NUMERICDATE | NUMBER , "-" , NUMBER | NUMBER , "." , NUMBER ;
  /// ```
  /// A numeric date reads month first unless the date order says otherwise or the first number
  /// is above 12; when both readings are dates a warning names the other. One written with dots
  /// (`15.3`, `25.12.`) is day first, as the countries that write dates so read it.
  mutating func parseMonthDate() -> DayNode? {
    enter(.MonthDate)
    let start = currentRange.lowerBound
    if let t = current, case .numericDate(let a, let b, let year, let dayFirst) = t.kind {
      guard year == nil else { return nil }
      index += 1
      let (m, d) = dayFirst ? (b, a) : numericDate(a, b, t.range)
      return .init(value: .date(m, d), range: t.range)
    }
    if let t = current, case .number(let a) = t.kind, let dash = peek(1), dash.isPunctuation("-"),
      dash.range.lowerBound == t.range.upperBound, let n = peek(2), case .number(let b) = n.kind,
      n.range.lowerBound == dash.range.upperBound, n.range.upperBound - n.range.lowerBound <= 2, a <= 31
    {
      // "12-25": a date written with a hyphen, read like 12/25.
      index += 3
      let (m, d) = numericDate(a, b, SourceRange(t.range.lowerBound, n.range.upperBound))
      return .init(value: .date(m, d), range: SourceRange(t.range.lowerBound, n.range.upperBound))
    }
    if let t = current, case .number(let d) = t.kind, let dot = peek(1), dot.isPunctuation("."),
      dot.range.lowerBound == t.range.upperBound, let n = peek(2), case .number(let m) = n.kind,
      n.range.lowerBound == dot.range.upperBound, (1...31).contains(d), (1...12).contains(m), unit(at: 3) == nil
    {
      // "every 15.3": the 15th of March (a number with a decimal before a unit is an amount).
      index += 3
      let range = SourceRange(t.range.lowerBound, n.range.upperBound)
      if isPunctuation("."), let end = current, end.range.lowerBound == range.upperBound { index += 1 }
      return .init(value: .date(m, d), range: range)
    }
    if isClass(.month), peek(1)?.word != nil,
      let node = attempt({ p -> DayNode? in
        guard let m = p.lexValue(.month), let o = p.parseOrdinal(), (1...31).contains(o) else { return nil }
        return .init(value: .date(m.value, o), range: SourceRange(start, p.consumedEnd))
      })
    {
      return node  // "march first", "december twenty-fifth", "january twenty third"
    }
    if let m = lexValue(.month), case let month = m.value {
      guard let d = parseDayNumber(), d.0 <= 31 || d.1.upperBound - d.1.lowerBound < 4 else { return nil }
      return .init(value: .date(month, d.0), range: SourceRange(start, consumedEnd))
    }
    if let o = entry(.ordinal).flatMap(Int.init), (1...31).contains(o), !isClass(.every, at: -1),
      (isClass(.month, at: 1) && lineText == nil) || (isKeyword(.of, at: 1) && isClass(.month, at: 2))
    {
      // "first march" (a phrase), "the sixteenth of december" (not "first monday of march": a
      // weekday follows; in a task line "the first May flight" is a title; "every second may"
      // is refused, not May 2)
      index += 1
      lexKeyword(.of)
      guard let m = lexValue(.month) else { return nil }
      return .init(value: .date(m.value, o), range: SourceRange(start, consumedEnd))
    }
    let plain = current?.isNumber == true
    guard let d = parseDayNumber() else { return nil }
    let of = lexKeyword(.of) != nil
    guard let m = lexValue(.month), case let month = m.value else { return nil }
    if plain, !of, shortYear(at: 0) == nil, let t = current, case .number(let next) = t.kind, (1...31).contains(next),
      t.range.upperBound - t.range.lowerBound <= 2, !isPunctuation("-", at: 1), !isPunctuation(":", at: 1), atDayNumber
    {
      // "HW 4 dec 10", "Lecture 3 dec 9 2pm": a number before "month day" is the title's, not
      // the day (the date is "dec 10"); an hour may follow the date ("24 oct 10 o'clock").
      return nil
    }
    return .init(value: .date(month, d.0), range: SourceRange(start, consumedEnd))
  }

  /// Whether `from` starts a range of two bare weekdays after a period (`every day from monday
  /// to friday`, `daily from mon-fri`), which names days of the week rather than one week's
  /// dates (`vacation from monday to friday` is a range of dates).
  var atWeekdayRangeAfterFrom: Bool {
    // In a rule, or starting a phrase ("from monday to friday at 8h30", as "monday to friday" reads).
    let inRule = tree.unit.map { [.day, .week, .hour, .minute].contains($0.value) } ?? (index == 0 && lineText == nil)
    guard inRule, (tree.count?.value ?? 1) == 1, isKeyword(.from), isClass(.weekday, at: 1), !isPlural(at: 1)
    else { return false }
    let k = isPunctuation(".", at: 2) ? 3 : 2
    guard isKeyword(.to, at: k) || isKeyword(.through, at: k) || isPunctuation("-", at: k) || isPunctuation("–", at: k),
      isClass(.weekday, at: k + 1)
    else { return false }
    // "from monday 7 to friday 11 december" is a span of dates.
    guard let after = peek(k + 2) else { return true }
    return !after.isNumber && !after.isOrdinal && !isClass(.month, at: k + 2)
  }

  /// Whether a day and month written with a glued dot start here (`15.9`), which a list of
  /// dates reads as its own date, not as a day of the month before.
  var atDottedDate: Bool {
    guard let t = current, case .number = t.kind, let dot = peek(1), dot.isPunctuation("."),
      dot.range.lowerBound == t.range.upperBound, let n = peek(2), n.isNumber,
      n.range.lowerBound == dot.range.upperBound
    else { return false }
    return true
  }

  /// The month and day of a numeric date `a/b`, by the date order; warns when both readings
  /// are dates.
  mutating func numericDate(_ a: Int, _ b: Int, _ range: SourceRange) -> (month: Int, day: Int) {
    let monthFirst = dateOrder == .monthFirst ? a <= 12 : b > 12 && a <= 12
    let (m, d) = monthFirst ? (a, b) : (b, a)
    if a != b, a <= 12, b <= 12, a >= 1, b >= 1 {
      diagnostics.append(ParseDiagnostic.dateOrder(month: m, day: d, range))
    }
    return (m, d)
  }

  /// ```
  /// MonthDay = DayNumber , [ "of" , [ "the" | "every" | "each" ] , "month" ] ;
  /// ```
  mutating func parseMonthDay() -> DayNode? {
    enter(.MonthDay)
    // "every 3 times" or "every 5 pm" are not days of the month.
    if isKeyword(.times, at: 1) || isClass(.meridiem, at: 1) || isClass(.unit, at: 1) || isOclock(at: 1) {
      return nil
    }
    guard let d = parseDayNumber() else { return nil }
    return .init(value: .monthDay(d.0), range: d.1)
  }

  /// ```
  /// DayNumber = ( NUMBER | ORDINAL ) , [ "date" ] ;
  /// ```
  mutating func parseDayNumber() -> (Int, SourceRange)? {
    enter(.DayNumber)
    guard let n = lexNumber() ?? lexOrdinalToken() else { return nil }
    if word() == "date", lineText == nil {
      index += 1  // "every month on 5 date" (Indian English)
      return (n.value, SourceRange(n.range.lowerBound, consumedEnd))
    }
    return (n.value, n.range)
  }

  /// ```
  /// PartOfDay = <partofday> | <meridiem> ;
  /// ```
  /// `am` and `pm` alone (not after a number) are the morning and the afternoon: `sat am`,
  /// `every am`.
  mutating func parsePartOfDay() -> PhraseTree.Node<Int>? {
    enter(.PartOfDay)
    if let p = lexValue(.partofday), case let minutes = p.value { return .init(value: minutes * 60, range: p.range) }
    guard let m = lex(.meridiem) else { return nil }
    return .init(value: m.value == "pm" ? 12 * 3600 : 9 * 3600, range: m.range)
  }

  /// `3 days before the end` here: the number of days (1–30) and the tokens before `end`, or nil.
  var daysBeforeEnd: (days: Int, tokens: Int)? {
    guard let t = current else { return nil }
    let n: Int
    if case .number(let v) = t.kind { n = v } else if let v = numberWord(at: 0) { n = v } else { return nil }
    guard (1...30).contains(n), unit(at: 1) == .day, word(at: 2) == "before" else { return nil }
    let k = isKeyword(.the, at: 3) ? 4 : 3
    return isKeyword(.ending, at: k) && word(at: k) == "end" ? (n, k) : nil
  }

  /// Whether `week day(s)` stands here, written apart, in a phrase (a task line's "plan the
  /// week days off" keeps its words).
  var atWeekDays: Bool { lineText == nil && unit() == .week && isKeyword(.day, at: 1) }
}

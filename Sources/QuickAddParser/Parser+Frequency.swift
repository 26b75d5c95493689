import RecurrenceCore

extension Parser {
  typealias UnitNode = PhraseTree.Node<PhraseTree.Unit>
  typealias CountNode = PhraseTree.Node<Int>

  /// ```
  /// FrequencyClause = EveryClause | AdverbClause | AfterClause | OncePer | TimesPer | AlternateClause | CountAfterDone ;
  /// ```
  mutating func parseFrequencyClause() -> Bool {
    enter(.FrequencyClause)
    if isClass(.every) || isKeyword(.all) || atDosingQ { return parseEveryClause() }
    if isClass(.adverb) || isClass(.prefix) || atHalfYearly { return parseAdverbClause() }
    if isKeyword(.after) { return parseAfterClause() }
    if atOncePer { return parseOncePer() }
    if atTimesPer { return parseTimesPer() }
    if isClass(.other) { return parseAlternateClause() }
    if atCount { return parseCountAfterDone() }
    return false
  }

  /// Whether `q` glued to a number and a unit stands here, in a phrase: the prescription's
  /// "every" (`q4h`, `q8h`, `q2d`).
  var atDosingQ: Bool {
    guard lineText == nil, word() == "q", let q = current, let n = peek(1), n.isNumber,
      n.range.lowerBound == q.range.upperBound, let u = peek(2), u.range.lowerBound == n.range.upperBound
    else { return false }
    return isClass(.unit, at: 2)
  }

  /// Consumes the `q` of `atDosingQ`, as `every`.
  mutating func lexDosingQ() -> (value: String, range: SourceRange)? {
    guard atDosingQ, let q = current else { return nil }
    index += 1
    return ("", q.range)
  }

  /// ```
  /// EveryClause = ( <every> | "all" | "q" ) , [ "!" ] , [ "the" ] , [ "single" ] ,
  ///               ( Interval | [ <other> | NUMBER | NumberWord ] , DaysClause , [ "fortnight" ] | MonthList | TimeList ) ;
  /// ```
  /// "every other tue, thu" is every two weeks on those days; "every march" is yearly.
  mutating func parseEveryClause() -> Bool {
    enter(.EveryClause)
    guard let every = lex(.every) ?? lexKeyword(.all).map({ ("", $0) }) ?? lexDosingQ() else { return false }
    markRecurring(every.range)
    if isKeyword(.and), isClass(.every, at: 1) { index += 2 }  // "each and every day"
    if let dash = current, dash.isPunctuation("-"), dash.range.lowerBound == every.range.upperBound {
      index += 1  // "every-day"
    }
    if let bang = lexPunctuation("!") {
      tree.afterCompletion = .init(value: true, range: SourceRange(every.range.lowerBound, bang.upperBound))
    }
    if every.value == "day" {  // "everyday"
      return setPeriod(.init(value: .day, range: every.range), count: nil)
    }
    let theRange = lexKeyword(.the)
    lexKeyword(.single)  // "every single day"
    if let seconds = secondsPeriod() {
      error(ParseDiagnostic.unsupported("seconds are not supported; the shortest period is a minute", seconds))
      return false
    }
    if let t = current, t.isNumber, isKeyword(.to, at: 1) || word(at: 1) == "or" || peek(1)?.isPunctuation("-") == true,
      atCount(at: 2), isClass(.unit, at: 3), let u = peek(3)
    {
      // "every 2 to 3 days", "every 2-3 weeks": a range of intervals, not one rule
      error(
        ParseDiagnostic.unsupported(
          "a range of intervals is no rule; choose one, as in 'every \(text(of: t)) \(u.word ?? "days")'",
          SourceRange(t.range.lowerBound, u.range.upperBound)))
      return false
    }
    if let t = current, case .number = t.kind,
      (isClass(.daygroup, at: 1) && !isWeekendUnit(at: 1)) || (isKeyword(.work, at: 1) && unit(at: 2) == .day),
      let g = peek(isKeyword(.work, at: 1) ? 2 : 1)
    {
      // "every 3 workdays", "every 10 business days": counting business days has no calendar rule.
      let range = SourceRange(t.range.lowerBound, g.range.upperBound)
      error(
        ParseDiagnostic.unsupported(
          "counting workdays ('every \(text(in: range))') is not supported; use 'every weekday' or a weekly rule", range
        ))
      return false
    }
    if isKeyword(.day, at: 1) || (word(at: 1) == "end" && !isKeyword(.of, at: 2)), let week = current,
      unit() == .week || isWeekendUnit(at: 0)
    {
      // "every week day", "every weekend day", "every week end" (a weekend written apart).
      let weekend = isWeekendUnit(at: 0) || word(at: 1) == "end"
      index += 2
      let node = DayNode(value: weekend ? .weekend : .workdays, range: SourceRange(week.range.lowerBound, consumedEnd))
      tree.days.append(node)
      return parseTrailingDays()
    }
    if isKeyword(.half) || isSurface(lexicon.tables.quarterIndex) || unit() == .hour
      || peek(1)?.isPunctuation(".") == true || isKeyword(.and, at: 1) || current?.isNumericDate == true,
      let fraction = attempt({ $0.parseFractionalPeriod() })
    {
      return fraction
    }
    if failed { return false }
    if atCount || isClass(.unit) || isWeekendUnit(at: 0)
      || (atOrdinalToken && (isClass(.unit, at: 1) || isWeekendUnit(at: 1) || isClass(.partofday, at: 1))),
      attempt({ $0.parseInterval() ? true : nil }) != nil
    {
      return true
    }
    if failed { return false }
    if isClass(.adverb) || isClass(.prefix) { return parseAdverbClause() }
    if isClass(.other), isClass(.month, at: 1), let other = lexValue(.other) {
      // "every other march": every two years.
      guard setPeriod(.init(value: .year, range: other.range), count: .init(value: other.value, range: other.range))
      else { return false }
    }
    if isClass(.month), !atMonthDate, let months = attempt({ $0.parseMonthList() }) {
      // "every march": yearly, on the 1st unless days are named.
      return setMonths(months, SourceRange(months[0].range.lowerBound, consumedEnd))
    }
    let daysStart = currentRange.lowerBound
    if isClass(.weekday) || isClass(.daygroup) {
      // The common case, read in place: a weekday always starts a day list.
      return parseDaysClause() && setEveryDays(other: nil, from: daysStart) && lexFortnightAfterDays()
    }
    if isClass(.other), isClass(.weekday, at: 1) || isClass(.daygroup, at: 1), let o = lexValue(.other) {
      // "every other tue, thu", read in place likewise.
      let other = CountNode(value: o.value, range: o.range)
      return parseDaysClause() && setEveryDays(other: other, from: daysStart) && lexFortnightAfterDays()
    }
    if isClass(.weekday, at: 1), !isClass(.unit, at: 1), let t = current, let n = plainNumber(at: 0),
      (1...52).contains(n)
    {
      // "every 2 tuesdays", "every three fridays": every that many weeks on those days.
      index += 1
      let other = CountNode(value: n, range: t.range)
      return parseDaysClause() && setEveryDays(other: other, from: daysStart) && lexFortnightAfterDays()
    }
    if let other = attempt({ p -> CountNode?? in
      let other = p.lexValue(.other).map { CountNode(value: $0.value, range: $0.range) }
      guard p.atDay || p.isKeyword(.the) || p.atPeriodEdge,
        p.parseDaysClause()
      else {
        return nil
      }
      return .some(other)
    }) {
      return setEveryDays(other: other, from: daysStart) && lexFortnightAfterDays()
    }
    if failed { return false }
    if atTime, let done = attempt({ $0.parseTimeClause() ? true : nil }) { return done }
    if failed { return false }
    if atEnd {
      error(ParseDiagnostic.everyNeedsPeriod(SourceRange(every.range.lowerBound, (theRange ?? every.range).upperBound)))
    } else {
      unexpected(
        expected: "a period, a weekday, a date or a time", classes: [.weekday, .month, .unit, .daygroup, .partofday])
    }
    return false
  }

  /// The British "every Tuesday fortnight": a singular `fortnight` right after an every-list of
  /// weekdays makes it every two weeks (with `other` it is a second period: a conflict). Without
  /// `every`, "Tuesday fortnight" is one date two weeks on, so it is read only here.
  mutating func lexFortnightAfterDays() -> Bool {
    guard unit() == .fortnight, !isPlural(at: 0), let t = current else { return true }
    let weekdays = tree.days.allSatisfy {
      switch $0.value {
      case .weekday, .workdays, .weekend: true
      default: false
      }
    }
    guard weekdays else { return true }  // "every christmas fortnight" stays unread
    index += 1
    return setPeriod(.init(value: .fortnight, range: t.range), count: nil)
  }

  /// The range of a period in seconds here ("30 seconds", "90 secs", "second" alone), which no
  /// rule has (RFC 5545's SECONDLY is refused too); nil otherwise.
  func secondsPeriod() -> SourceRange? {
    var k = 0
    if let t = current, case .number = t.kind { k = 1 } else if isClass(.number) { k = 1 }
    // Only an unknown word or the ordinal "second" can be one, so most phrases compare no text.
    guard unknown(at: index + k) || isClass(.ordinal, at: k), let w = word(at: k) else { return nil }
    // "seconds" may have been read as its near word "second" already.
    guard Self.secondWords.contains(w) || (w == "second" && (k == 1 || peek(1) == nil)) else { return nil }
    return SourceRange(currentRange.lowerBound, peek(k)?.range.upperBound ?? currentRange.upperBound)
  }

  /// Words for seconds, which the lexicon does not list (no rule has them).
  static let secondWords: Set<String> = ["seconds", "secs", "sec"]

  /// After days read in place, an "on …" list or a period ("of every month") may follow.
  mutating func parseTrailingDays() -> Bool {
    if atTimeAfterOn { return true }  // "every day on 9am": a time, the next clause
    if isKeyword(.on) || isKeyword(.of) { return parseDaysClause() || !failed }
    return true
  }

  /// "every half hour", "every quarter hour", "every hour and a half", "every 1.5 hours": a
  /// fraction of an hour or a day in whole minutes or hours. Nil when no fraction is here.
  mutating func parseFractionalPeriod() -> Bool? {
    let start = currentRange.lowerBound
    var minutes: Int
    if isKeyword(.half), unit(at: 1) == .year {
      index += 2  // "every half year": every six months
      let range = SourceRange(start, consumedEnd)
      return setPeriod(.init(value: .month, range: range), count: .init(value: 6, range: range))
    }
    if let t = current, case .numericDate(let a, let b, nil, false) = t.kind,
      [(1, 2), (1, 4), (3, 4)].contains(where: { $0 == (a, b) }),
      unit(at: 1) == .hour || unit(at: 1) == .day
    {
      index += 1  // "every 1/2 hour", "every 3/4 hour"
      guard let u = lex(.unit) else { return nil }
      let whole = u.value == "hourly" ? 60 : 24 * 60
      minutes = whole * a / b
    } else if let n = plainNumber(at: 0), isKeyword(.and, at: 1), isArticle(at: 2), isKeyword(.half, at: 3),
      unit(at: 4) == .hour || unit(at: 4) == .day, n <= 10_000
    {
      index += 4  // "every one and a half hours", "every 2 and a half days"
      guard let u = lex(.unit) else { return nil }
      let whole = u.value == "hourly" ? 60 : 24 * 60
      minutes = n * whole + whole / 2
    } else if isKeyword(.half) || isSurface(lexicon.tables.quarterIndex),
      isClass(.unit, at: 1) || (isArticle(at: 1) && isClass(.unit, at: 2))
        || (isKeyword(.of, at: 1) && isArticle(at: 2) && isClass(.unit, at: 3))
    {
      let half = isKeyword(.half)
      index += 1
      lexKeyword(.of)
      if isArticle(at: 0) { index += 1 }
      guard unit() == .hour || unit() == .day, let u = lex(.unit) else { return nil }
      let whole = u.value == "hourly" ? 60 : 24 * 60
      minutes = half ? whole / 2 : whole / 4
    } else if let t = current, case .number(let n) = t.kind, peek(1)?.isPunctuation(".") == true,
      let f = peek(2), case .number(let tenths) = f.kind, f.range.upperBound - f.range.lowerBound == 1,
      isClass(.unit, at: 3)
    {
      index += 3
      guard unit() == .hour || unit() == .day, let u = lex(.unit) else { return nil }
      let whole = u.value == "hourly" ? 60 : 24 * 60
      guard (whole * tenths) % 10 == 0, n <= 10_000 else { return nil }
      minutes = n * whole + whole * tenths / 10
    } else if unit() == .hour, isKeyword(.and, at: 1), isKeyword(.a, at: 2), isKeyword(.half, at: 3) {
      index += 4
      minutes = 90
    } else {
      return nil
    }
    let range = SourceRange(start, consumedEnd)
    let (unit, count): (PhraseTree.Unit, Int) = minutes % 60 == 0 ? (.hour, minutes / 60) : (.minute, minutes)
    return setPeriod(.init(value: unit, range: range), count: .init(value: count, range: range))
  }

  /// A number in digits or words at `offset` (not an ordinal), or nil.
  func plainNumber(at offset: Int) -> Int? {
    if let t = peek(offset), case .number(let n) = t.kind { return n }
    return numberWord(at: offset)
  }

  /// Whether the word at `offset` is "a" or "an".
  func isArticle(at offset: Int) -> Bool { isKeyword(.a, at: offset) || word(at: offset) == "an" }

  /// Records an "every …" day list read from `from`; "every other monday and every friday"
  /// gives its days two intervals, which one rule cannot, so a second list with the other
  /// interval is a conflict.
  mutating func setEveryDays(other: CountNode?, from: Int) -> Bool {
    let range = SourceRange(from, consumedEnd)
    if let old = tree.everyDays, old.value != (other != nil) {
      return conflict(range, old.range, "one rule gives all its days the same interval")
    }
    if tree.everyDays == nil { tree.everyDays = .init(value: other != nil, range: range) }
    if let other, let workdays = tree.days.first(where: { $0.range.lowerBound >= from && $0.value == .workdays }) {
      return refuseAlternateWorkdays(other, workdays)
    }
    guard let other else { return true }
    // "every other 16th", "every other first monday": days of the month make it every other month.
    let monthly = tree.days.allSatisfy { d in
      switch d.value {
      case .ordinalWeekday, .ordinalWorkday, .ordinalInstance, .ordinalDay, .monthDay: true
      default: false
      }
    }
    return setPeriod(.init(value: monthly && !tree.days.isEmpty ? .month : .week, range: other.range), count: other)
  }

  /// "every other weekday", "alternate workdays": alternate working days (Mon, Wed, Fri, Tue,
  /// Thu …) are no weekly rule, and "every 2 weeks on weekdays" is the other common reading.
  mutating func refuseAlternateWorkdays(_ other: CountNode, _ workdays: DayNode) -> Bool {
    error(
      ParseDiagnostic.unsupported(
        "every \(ParseDiagnostic.ordinalWord(other.value)) working day cannot be one rule; write 'every \(other.value) weeks on weekdays', or name the days ('every mon, wed, fri')",
        SourceRange(other.range.lowerBound, workdays.range.upperBound)))
    return false
  }

  /// Whether the token at `offset` is `weekend(s)`, which counts as a period after a count.
  func isWeekendUnit(at offset: Int) -> Bool {
    isSurface(lexicon.tables.weekendIndex, at: offset)
      || (isClass(.daygroup, at: offset) && isPlural(at: offset)
        && entry(.daygroup, at: offset) == "weekend")
  }

  /// ```
  /// Interval = [ Count ] , ( <unit> | "weekend" ) , [ DaysClause ] | Count , DaysClause ;
  /// ```
  /// "every 5th day" is every five days; "every 2nd weekend" every two weeks on Saturday and
  /// Sunday (warned: it can mean the second weekend of each month); "every other morning" every
  /// two days in the morning (the days clause is a part of the day).
  mutating func parseInterval() -> Bool {
    enter(.Interval)
    // "every 2nd weekend" has two common readings; "every 2 weekends" one.
    let ordinalWritten = isClass(.ordinal) || current?.isOrdinal == true
    let count =
      !atCount && !atOrdinalToken
      ? nil
      : attempt { p -> (Int, SourceRange)? in
        let numeric = p.atCount(at: 0)
        guard let c = p.parseCount(ordinalTokens: true) else { return nil }
        let o = p.isPunctuation("-") ? 1 : 0  // "every-other-day"
        // "mo" is a month after a number ("every 2 mo") and Monday otherwise ("every other mo").
        if p.isClass(.weekday, at: o), !numeric { return nil }
        return p.isClass(.unit, at: o) || p.isWeekendUnit(at: o) || p.isClass(.partofday, at: o) ? c : nil
      }
    var countNode = count.map { CountNode(value: $0.0, range: $0.1) }
    if countNode != nil, isPunctuation("-"), isClass(.unit, at: 1) { index += 1 }  // "every-other-day"
    if isWeekendUnit(at: 0), let g = lex(.daygroup) {
      tree.days += [.init(value: .weekend, range: g.range)]
      if let countNode, ordinalWritten {
        tree.notes.append(.init(value: .nthWeekend, range: SourceRange(countNode.range.lowerBound, g.range.upperBound)))
      }
      return setPeriod(.init(value: .week, range: g.range), count: countNode)
    }
    if let countNode, countNode.value >= 2, isClass(.partofday) {
      // "every other morning", "every 3 evenings": days apart, at that part of the day.
      let part = currentRange
      return parseDaysClause() && setPeriod(.init(value: .day, range: part), count: countNode)
    }
    if countNode == nil, isClass(.weekday) { return false }  // "every mo" is Monday
    guard let unit = lex(.unit), var u = PhraseTree.Unit(lexiconValue: unit.value) else { return false }
    if isPunctuation("("), word(at: 1) == "s", peek(2)?.isPunctuation(")") == true { index += 3 }  // "week(s)"
    if u == .hour, let c = countNode, let m = current, case .number(let minutes) = m.kind, minutes < 60,
      m.range.lowerBound == unit.range.upperBound || entry(.unit, at: 1) == "minutely"
    {
      // "every 1h30", "every 1 hour 30 minutes": whole minutes.
      index += 1
      if entry(.unit) == "minutely" { index += 1 }
      guard c.value <= 10_000 else { return false }
      u = .minute
      countNode = .init(value: c.value * 60 + minutes, range: SourceRange(c.range.lowerBound, consumedEnd))
    }
    if u == .month || u == .quarter || u == .year, count == nil, isPunctuation("-") || word() == "end",
      word(at: isPunctuation("-") ? 1 : 0) == "end"
    {
      // "every month end", "every month-end", "every quarter end", "every year end": the last day.
      let save = index
      index += isPunctuation("-") ? 2 : 1
      if endsDayList, !isKeyword(.on) {
        tree.days.append(.init(value: .ordinalDay(-1), range: SourceRange(unit.range.lowerBound, consumedEnd)))
      } else {
        index = save
      }
    }
    if u == .hour { lexOnTheHour() }
    // "every day of the week" is every day; "every first day of …" a day of the month.
    if isKeyword(.of), count == nil, u == .day, isKeyword(.the, at: 1),
      entry(.unit, at: 2) == "weekly" || entry(.unit, at: 2) == "monthly" || isKeyword(.year, at: 2)
    {
      index += 3
    }
    if isKeyword(.of) { return false }
    guard setPeriod(.init(value: u, range: unit.range), count: countNode) else { return false }
    if isKeyword(.on), !isKeyword(.done, at: 1), !atTimeAfterOn {
      return parseOwnDays(apart: (countNode?.value ?? 1) >= 2 || u == .fortnight, from: countNode?.range ?? unit.range)
    }
    return true
  }

  /// Reads the days a period clause gives itself ("every 2 weeks on friday", "weekly on tuesday")
  /// and records whether they come every period or `apart`: days of another clause with the
  /// other interval ("every week on tuesday, every 2 weeks on friday", "every monday, every
  /// other week on friday") are a conflict, since one rule gives all its days one interval.
  mutating func parseOwnDays(apart: Bool, from range: SourceRange) -> Bool {
    let before = tree.days.count
    // (A day list inside it, "every 2 weeks on every tuesday", is this clause's own.)
    let earlier = tree.everyDays
    guard parseDaysClause() else { return false }
    guard tree.days.count > before else { return true }
    let clause = SourceRange(range.lowerBound, consumedEnd)
    if let old = earlier, old.value != apart {
      return conflict(clause, old.range, "one rule gives all its days the same interval")
    }
    if earlier == nil { tree.everyDays = .init(value: apart, range: clause) }
    return true
  }

  /// ```
  /// Count = NUMBER | NumberWord | <other> | <ordinal> | ORDINAL ;
  /// ```
  /// An ordinal word counts only from `second` on ("every second week"); an ordinal token
  /// ("every 5th day") only where a period follows, which the caller checks.
  mutating func parseCount(ordinalTokens: Bool = false) -> (Int, SourceRange)? {
    enter(.Count)
    if let n = lexNumber() { return (n.value, n.range) }
    if isClass(.number), let n = parseNumberWord() { return n }
    if let o = lexValue(.other), case let v = o.value { return (v, o.range) }
    if word() != nil, let v = entry(.ordinal).flatMap(Int.init), v >= 2, let o = lex(.ordinal) {
      return (v, o.range)
    }
    if ordinalTokens, let o = lexOrdinalToken() { return (o.value, o.range) }
    return nil
  }

  /// ```
  /// NumberWord = <number> , [ [ "-" ] , <number> ] ;
  /// ```
  /// "three", "twenty-one", "thirty one".
  mutating func parseNumberWord() -> (Int, SourceRange)? {
    enter(.NumberWord)
    guard let n = lexValue(.number) else { return nil }
    if n.value == 2, isKeyword(.of), isClass(.unit, at: 1) { index += 1 }  // "a couple of days"
    if n.value >= 20, n.value < 100, n.value % 10 == 0,
      let more = attempt({ p -> (Int, SourceRange)? in
        p.lexPunctuation("-")
        guard p.word() != "a", p.word() != "an", let u = p.lexValue(.number), (1...9).contains(u.value) else {
          return nil  // "thirty a m": "a" is no unit digit
        }
        return (u.value, u.range)
      })
    {
      return (n.value + more.0, SourceRange(n.range.lowerBound, more.1.upperBound))
    }
    return (n.value, n.range)
  }

  /// ```
  /// AdverbClause = [ ( <prefix> | "half" ) , [ "-" ] ] , <adverb> , [ DaysClause ] ;
  /// ```
  /// "daily", "bi-weekly", "semi annually", "biennial"; the bi- forms are every two periods
  /// (warned: they can mean twice per period), semi- twice per period.
  mutating func parseAdverbClause() -> Bool {
    enter(.AdverbClause)
    let start = currentRange.lowerBound
    var prefix = lex(.prefix)?.value
    if prefix == nil, atHalfYearly {
      index += 1  // "half-yearly", "half yearly": twice a year
      prefix = "semi"
    }
    if prefix != nil { lexPunctuation("-") }
    guard let adverb = lex(.adverb) else { return false }
    let range = SourceRange(start, adverb.range.upperBound)
    markRecurring(range)
    var base = adverb.value
    // Byte searches: a `Character` search walks grapheme clusters, several times the cost.
    if let plus = base.utf8.firstIndex(of: UInt8(ascii: "+")) {
      guard prefix == nil else { return false }
      prefix = String(base[..<plus])
      base = String(base[base.utf8.index(after: plus)...])
    }
    var multiple = 1
    if let star = base.utf8.firstIndex(of: UInt8(ascii: "*")) {
      multiple = Int(base[..<star]) ?? 1
      base = String(base[base.utf8.index(after: star)...])
    }
    if base == "nightly" {
      // Every night: 22:00 unless a time is written ("nightly at 11pm"), as "every night" reads.
      tree.partsOfDay.append(.init(value: 22 * 3600, range: range))
      base = "daily"
    }
    guard var unit = PhraseTree.Unit(lexiconValue: base) else { return false }
    var count = multiple
    if let prefix {
      guard let reading = prefixed(prefix, unit, range) else { return false }
      (unit, count) = reading
    }
    guard setPeriod(.init(value: unit, range: range), count: count == 1 ? nil : .init(value: count, range: range))
    else { return false }
    if unit == .hour { lexOnTheHour() }
    if isKeyword(.on), !isKeyword(.done, at: 1), !atTimeAfterOn {
      return parseOwnDays(apart: count >= 2 || unit == .fortnight, from: range)
    }
    return true
  }

  /// Reads "on the hour" or "at the top of the hour" after an hourly period, if there: at
  /// minute 0, as "every hour at :00" says it.
  mutating func lexOnTheHour() {
    let top =
      isKeyword(.at) && isKeyword(.the, at: 1) && word(at: 2) == "top" && isKeyword(.of, at: 3)
      && isKeyword(.the, at: 4) && entry(.unit, at: 5) == "hourly"
    guard top || (isKeyword(.on) && isKeyword(.the, at: 1) && entry(.unit, at: 2) == "hourly"), let on = current
    else { return }
    index += top ? 6 : 3
    tree.times.append(
      .init(value: .init(seconds: 0, bare: false), range: SourceRange(on.range.lowerBound, consumedEnd)))
  }

  /// Whether `half-yearly` (or `half yearly`) stands here: the British semi-annual.
  var atHalfYearly: Bool {
    guard isKeyword(.half) else { return false }
    let k = peek(1)?.isPunctuation("-") == true ? 2 : 1
    return entry(.adverb, at: k) == "yearly"
  }

  /// The period of a prefixed adverb, with a note where two readings are common; semi- is twice
  /// a period with its list ("semi-monthly on the 1st and 16th"); nil, with a conflict, after
  /// another count of times.
  mutating func prefixed(_ prefix: String, _ unit: PhraseTree.Unit, _ range: SourceRange) -> (PhraseTree.Unit, Int)? {
    switch (prefix, unit) {
    case ("semi", .year): return (.month, 6)
    case ("semi", .day): return (.hour, 12)
    case ("semi", .hour): return (.minute, 30)
    case ("semi", _):
      // "semi-monthly on the 1st and 16th": twice a period, whose two days the resolver checks as
      // it does for "twice a month".
      if let old = tree.timesPer {
        _ = conflict(range, old.range, "a rule has one number of times a period")
        return nil
      }
      tree.timesPer = .init(value: 2, range: range)
      tree.timesPerClause = .init(value: text(in: range), range: range)
      return (unit, 1)
    case ("bi", .year):
      tree.notes.append(.init(value: .biyearly, range: range))
      return (.month, 6)
    case ("tri", .year):
      tree.notes.append(.init(value: .triyearly, range: range))
      return (.month, 4)
    case ("bi", _), ("tri", _):
      let n = prefix == "bi" ? 2 : 3
      let note: PhraseTree.Note? =
        switch unit {
        case .week: n == 2 ? .biweekly : .triweekly
        case .month: n == 2 ? .bimonthly : .trimonthly
        case .day: n == 2 ? .bidaily : .tridaily
        case .hour: n == 2 ? .bihourly : .trihourly
        default: nil
        }
      if let note { tree.notes.append(.init(value: note, range: range)) }
      return (unit, n)
    default:
      return nil
    }
  }

  /// ```
  /// AfterClause = "after" , [ Count ] , <unit> ;
  /// ```
  mutating func parseAfterClause() -> Bool {
    enter(.AfterClause)
    guard let after = lexKeyword(.after) else { return false }
    let count = parseCount()
    if count == nil, isClass(.unit), word()?.hasSuffix("s") == true {
      // "work after hours", "after days": a plural period without a number is no interval.
      unexpected(expected: "a number of periods, as in 'after 3 days'", classes: [.number])
      return false
    }
    guard let unit = lex(.unit), let u = PhraseTree.Unit(lexiconValue: unit.value) else {
      unexpected(expected: "a period such as 'days' or 'weeks'", classes: [.unit])
      return false
    }
    markRecurring(after)
    tree.afterCompletion = .init(value: true, range: after)
    return setPeriod(.init(value: u, range: unit.range), count: count.map { .init(value: $0.0, range: $0.1) })
  }

  /// Whether "once a …", "one time a …" or "1x daily" starts here.
  var atOncePer: Bool {
    (isKeyword(.once) && !atCompletionSuffix)
      || ((isSurface(lexicon.tables.oneIndex)
        || current.map { if case .number(1) = $0.kind { true } else { false } } == true)
        && isKeyword(.times, at: 1)
        && (isKeyword(.a, at: 2) || isKeyword(.per, at: 2) || isClass(.every, at: 2)
          || peek(2)?.isPunctuation("/") == true || isClass(.adverb, at: 2)))  // "1x daily"
  }

  /// ```
  /// OncePer = ( "once" | ( "one" | "1" ) , "time" ) , [ "-" | "/" ] ,
  ///           ( AdverbClause | [ "a" | "per" | "/" | [ "in" ] , [ <every> ] ] , [ Count ] , <unit> ) | "once" ;
  /// ```
  /// "once a week", "one time per month", "once every 2 weeks", "once a fortnight", "once in 2
  /// weeks" (Indian English).
  mutating func parseOncePer() -> Bool {
    enter(.OncePer)
    let start = currentRange.lowerBound
    if tree.unit != nil, isKeyword(.once), peek(1) == nil || isPunctuation(",", at: 1) || isPunctuation(".", at: 1) {
      index += 1  // "daily once", "every 15 days once" (Indian English): once in each period, said again
      return true
    }
    if lexKeyword(.once) == nil {
      guard lexValue(.number) != nil || lexNumber()?.value == 1, lexKeyword(.times) != nil else { return false }
    }
    if isPunctuation("-") || isPunctuation("/"), isClass(.adverb, at: 1) || isClass(.unit, at: 1) { index += 1 }
    if isClass(.adverb) {
      // "once daily", "once weekly".
      markRecurring(SourceRange(start, consumedEnd))
      return parseAdverbClause()
    }
    if lexKeyword(.a) == nil, lexKeyword(.per) == nil, lexPunctuation("/") == nil {
      lexKeyword(.in)  // "once in 2 weeks", "once in every 2 weeks"
      _ = lex(.every)
    }
    let count = isClass(.unit) ? nil : parseCount()
    guard let unit = lex(.unit), let u = PhraseTree.Unit(lexiconValue: unit.value) else {
      unexpected(expected: "a period such as 'a week'", classes: [.unit])
      return false
    }
    markRecurring(SourceRange(start, consumedEnd))
    return setPeriod(.init(value: u, range: unit.range), count: count.map { .init(value: $0.0, range: $0.1) })
  }

  /// Whether "twice a day", "3 times a week", "2x daily" or "three times per month" starts here.
  var atTimesPer: Bool {
    let o: Int
    if isKeyword(.twice) || isKeyword(.thrice) {
      o = 1
    } else if atCount(at: 0), isKeyword(.times, at: 1) {
      o = 2
    } else {
      return false
    }
    let a = isPunctuation("-", at: o) ? o + 1 : o
    if isClass(.adverb, at: a) { return true }
    // "twice in a week", "3 times in the month", "twice in 2 weeks" (Indian English): per period.
    if isKeyword(.in, at: o), isArticle(at: o + 1) || isKeyword(.the, at: o + 1) || atCount(at: o + 1) {
      return isClass(.unit, at: o + 2)
    }
    return (isArticle(at: o) || isKeyword(.per, at: o) || isPunctuation("/", at: o) || isClass(.every, at: o))
      && isClass(.unit, at: o + 1)
  }

  /// ```
  /// TimesPer = ( "twice" | "thrice" | Count , ( "times" | "x" ) ) ,
  ///            ( [ "-" ] , <adverb> | ( "a" | "in" , ( "a" | "the" | Count ) | "per" | "/" | <every> ) , <unit> ) ;
  /// ```
  /// "twice a day at 8am and 8pm", "3 times a week on mon, wed and fri", "twice a month on
  /// the 1st and 15th": the period, whose list of times (a day) or days (a week, a month, a
  /// year) must have as many items as the count says (the resolver checks it, wherever the
  /// list is written).
  mutating func parseTimesPer() -> Bool {
    enter(.TimesPer)
    let start = currentRange.lowerBound
    guard let n = lexTimesCount() else { return false }
    let countRange = SourceRange(start, consumedEnd)
    var periods: CountNode?
    if isPunctuation("-"), isClass(.adverb, at: 1) { index += 1 }  // "twice-daily"
    let value: String
    if let adverb = lex(.adverb) {
      value = adverb.value
    } else {
      if isKeyword(.in) {
        index += 1  // "twice in a week", "twice in the month", "twice in 2 weeks"
        if !isArticle(at: 0), !isKeyword(.the), let (c, r) = parseCount() { periods = .init(value: c, range: r) }
      }
      if isArticle(at: 0) || isKeyword(.the) {
        index += 1
      } else if lexKeyword(.per) == nil, lexPunctuation("/") == nil {
        _ = lex(.every)
      }
      guard let unit = lex(.unit) else { return false }
      value = unit.value
    }
    let range = SourceRange(start, consumedEnd)
    if periods != nil, value == "daily" {
      // "3 times in 2 days" says on which of the days no more than "every 16 hours" does.
      error(ParseDiagnostic.unsupported("'\(text(in: range))' does not say which days; say how often instead", range))
      return false
    }
    guard let u = PhraseTree.Unit(lexiconValue: value), u != .hour, u != .minute, n >= 1 else {
      error(
        ParseDiagnostic.unsupported(
          "'\(text(in: range))' does not say when; say how often instead, as in 'every 30 minutes'", range))
      return false
    }
    markRecurring(range)
    if let old = tree.timesPer {
      return conflict(range, old.range, "a rule has one number of times a period")
    }
    tree.timesPer = .init(value: n, range: countRange)
    tree.timesPerClause = .init(value: text(in: range), range: range)
    return setPeriod(.init(value: u, range: range), count: periods)
  }

  /// ```
  /// AlternateClause = <other> , ( <unit> | WeekdayItem ) ;
  /// ```
  /// "alternate tuesdays" is every two weeks on Tuesday; "alternate months" every two months.
  mutating func parseAlternateClause() -> Bool {
    enter(.AlternateClause)
    guard let other = lexValue(.other) else { return false }
    markRecurring(other.range)
    let count = CountNode(value: other.value, range: other.range)
    if !isClass(.weekday), let unit = lex(.unit), let u = PhraseTree.Unit(lexiconValue: unit.value) {
      return setPeriod(.init(value: u, range: unit.range), count: count)
    }
    guard let days = parseWeekdayItem() else {
      unexpected(expected: "a period or a weekday", classes: [.unit, .weekday])
      return false
    }
    if let workdays = days.first(where: { $0.value == .workdays }) { return refuseAlternateWorkdays(count, workdays) }
    tree.days.adopt(days)
    return setPeriod(.init(value: .week, range: other.range), count: count)
  }

  /// ```
  /// CountAfterDone = Count , <unit> , CompletionSuffix ;
  /// ```
  mutating func parseCountAfterDone() -> Bool {
    enter(.CountAfterDone)
    guard let (n, range) = parseCount(), let unit = lex(.unit), let u = PhraseTree.Unit(lexiconValue: unit.value),
      atCompletionSuffix, parseCompletionSuffix()
    else { return false }
    return setPeriod(.init(value: u, range: unit.range), count: .init(value: n, range: range))
  }

  /// Whether a completion suffix ("after done", "when complete", "once done", "after i finish
  /// it", "after it's done") starts here.
  var atCompletionSuffix: Bool { completionSuffixLength != nil }

  /// Words between the lead word and the `done` word besides <agent>: "after last done", "from
  /// when i last did it", "after marked as done", "after the task is done", "after we finish".
  static let completionFillers: Set<String> = [
    "last", "when", "the", "as", "marked", "mark", "was", "you", "we", "they", "task", "gets", "got",
  ]

  /// Verbs that say the task was done only with `off` after them: "after checked off", "after i
  /// tick it off".
  static let offVerbs: Set<String> = ["check", "checked", "checking", "tick", "ticked", "ticking"]

  /// The tokens of the completion suffix that starts here, or nil: the lead word, at most four
  /// words that say who finishes ("i", "it is", "it has been", "when i last") or `last`, then
  /// the `done` word (or "do"/"did", or "checked … off") and an optional "it".
  var completionSuffixLength: Int? {
    guard isKeyword(.after) || isKeyword(.when) || isKeyword(.once) || isKeyword(.from) else { return nil }
    var n = 1
    while n <= 4, isKeyword(.agent, at: n) || word(at: n).map(Self.completionFillers.contains) == true { n += 1 }
    if isKeyword(.done, at: n) || word(at: n) == "do" || word(at: n) == "did" {
      return word(at: n + 1) == "it" ? n + 2 : n + 1
    }
    if n >= 2, word(at: n) == "time", word(at: n - 1) == "last" { return n + 1 }  // "30 days after last time"
    if let w = word(at: n), Self.offVerbs.contains(w) {
      let it = word(at: n + 1) == "it" ? 1 : 0
      return word(at: n + 1 + it) == "off" ? n + 2 + it : nil
    }
    return nil
  }

  /// ```
  /// CompletionSuffix = ( "after" | "when" | "once" | "from" ) ,
  ///                    { <agent> | "last" | "when" | "the" | "as" | "marked" | "mark" | "was" | "you" | "we" | "they" | "task" | "gets" | "got" } ,
  ///                    ( ( <done> | "do" | "did" ) , [ "it" ] | "time" | ( "check" | "checked" | "checking" | "tick" | "ticked" | "ticking" ) , [ "it" ] , "off" ) ;
  /// ```
  /// "after done", "when complete", "after i finish it", "after it's done", "after finishing",
  /// "after last done", "after i did it", "from when i last did it", "after checked off",
  /// "after marked complete", "after the last time" (`time` only after `last`).
  /// A word the lexicon does not know right after it ("after i finish dinner") is another
  /// task's completion, not this one's, so it does not read.
  mutating func parseCompletionSuffix() -> Bool {
    enter(.CompletionSuffix)
    guard let length = completionSuffixLength, let first = current else { return false }
    index += length
    if let t = current, t.word != nil, unknown(at: index) {
      unexpected(expected: "the end of the phrase or another clause")
      return false
    }
    let range = SourceRange(first.range.lowerBound, consumedEnd)
    tree.afterCompletion = .init(value: true, range: range)
    markRecurring(range)
    return true
  }
}

extension PhraseTree.Unit {
  /// The unit a lexicon `unit` or `adverb` value names.
  init?(lexiconValue v: String) {
    switch v {
    case "minutely": self = .minute
    case "hourly": self = .hour
    case "daily": self = .day
    case "weekly": self = .week
    case "fortnight": self = .fortnight
    case "monthly": self = .month
    case "quarter": self = .quarter
    case "yearly": self = .year
    case "decade": self = .decade
    default: return nil
    }
  }
}

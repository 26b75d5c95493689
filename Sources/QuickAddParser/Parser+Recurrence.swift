import RecurrenceCore

extension Parser {
  /// ```
  /// Phrase = Recurrence , [ "." ] ;
  /// ```
  mutating func parsePhrase() {
    enter(.Phrase)
    let start = currentRange.lowerBound
    guard parseRecurrence() else { return }
    lexPunctuation(".")
    if !atEnd {
      unexpected(
        expected: "a time, a start, an end or a count", classes: [.weekday, .month, .unit, .keyword, .timeword])
    }
    tree.span = SourceRange(start, consumedEnd)
  }

  /// ```
  /// Recurrence = Head , { Modifier } , [ CompletionSuffix ] ;
  /// ```
  mutating func parseRecurrence() -> Bool {
    enter(.Recurrence)
    guard parseHead() else { return false }
    while !atEnd, !failed {
      let before = index
      if parseCompletionSuffix() { continue }
      lexPunctuation(",")
      if !parseModifier() {
        index = before
        break
      }
    }
    return !failed
  }

  /// ```
  /// Head = EveryHead | AdverbHead | AfterHead | OrdinalOfEvery | CountAfterDone | OncePer | PluralDays ;
  /// ```
  mutating func parseHead() -> Bool {
    enter(.Head)
    if isClass(.every) { return parseEveryHead() }
    if isClass(.adverb) { return parseAdverbHead() }
    if isKeyword(.after) { return parseAfterHead() }
    if isKeyword(.the) || atDay, attempt({ $0.parseOrdinalOfEvery() ? true : nil }) != nil { return true }
    if atCount, attempt({ $0.parseCountAfterDone() ? true : nil }) != nil { return true }
    if isKeyword(.once) { return parseOncePer() }
    if let w = word(), w.hasSuffix("s"), isClass(.weekday) || isClass(.daygroup) { return parsePluralDays() }
    if isKeyword(.twice), let t = current {
      error(
        ParseDiagnostic.unsupported(
          "'twice' does not say which days; write the days, as in 'every month on the 1st and 15th'", t.range))
      return false
    }
    // Not a recurrence: say whether it is a single date, or unknown.
    if looksLikeDate() {
      error(ParseDiagnostic.oneOff(SourceRange(currentRange.lowerBound, inputLength)))
    } else if let t = current, let w = t.word, lexicon.lookup(w).isEmpty,
      let s = lexicon.suggestion(for: w, in: [.every, .adverb])
    {
      error(ParseDiagnostic.unknownWord(w, suggestion: s, t.range))
    } else {
      error(
        ParseDiagnostic.noRecurrence(SourceRange(currentRange.lowerBound, max(currentRange.lowerBound, inputLength))))
    }
    return false
  }

  /// Whether the input starts like a one-off date or time (`tomorrow`, `jan 27`, `5pm`, `friday`).
  func looksLikeDate() -> Bool {
    guard let t = current else { return false }
    switch t.kind {
    case .clock, .isoDate, .ordinal: return true
    case .number: return isClass(.month, at: 1) || isClass(.unit, at: 1) || peek(1)?.isPunctuation("/") == true
    case .word(let w):
      if ["today", "tomorrow", "next", "this"].contains(lexicon.value(w, .keyword) ?? "") { return true }
      if isKeyword(.in) { return true }
      return isClass(.weekday) || isClass(.month) || isClass(.partofday) || isClass(.timeword)
    case .punctuation(let c): return c == "+"
    }
  }

  /// ```
  /// EveryHead = <every> , [ "!" ] , [ "the" ] , [ "single" ] , ( Interval | [ <other> ] , DayList | TimeList ) ;
  /// ```
  /// "every other tue, thu" is every two weeks on those days.
  mutating func parseEveryHead() -> Bool {
    enter(.EveryHead)
    guard let every = lex(.every) else { return false }
    if let bang = lexPunctuation("!") {
      tree.afterCompletion = .init(value: true, range: SourceRange(every.range.lowerBound, bang.upperBound))
    }
    if every.value == "day" {  // "everyday"
      tree.unit = .init(value: .day, range: every.range)
      return true
    }
    let theRange = lexKeyword(.the)
    lexKeyword(.single)  // "every single day"
    if let t = current, case .number = t.kind, isClass(.daygroup, at: 1), let g = peek(1) {
      // "every 3 workdays": counting business days has no calendar rule.
      error(
        ParseDiagnostic.unsupported(
          "counting workdays ('every \(text(of: t)) \(g.word ?? "")') is not supported; use 'every weekday' or a weekly rule",
          SourceRange(t.range.lowerBound, g.range.upperBound)))
      return false
    }
    if atCount || isClass(.unit), attempt({ $0.parseInterval() ? true : nil }) != nil { return true }
    if let (days, other) = attempt({ p -> ([DayNode], PhraseTree.Node<Int>?)? in
      let other = p.lexValue(.other).map { PhraseTree.Node(value: $0.value, range: $0.range) }
      guard let days = p.parseDayList() else { return nil }
      return (days, other)
    }) {
      tree.days += days
      if let other {
        tree.count = other
        tree.unit = .init(value: .week, range: other.range)
      }
      return true
    }
    if atTime, let times = attempt({ $0.parseTimeList() }) {
      tree.times += times
      return true
    }
    if failed { return false }
    if atEnd {
      error(ParseDiagnostic.everyNeedsPeriod(SourceRange(every.range.lowerBound, (theRange ?? every.range).upperBound)))
    } else {
      unexpected(
        expected: "a period, a weekday, a date or a time", classes: [.weekday, .month, .unit, .daygroup, .partofday])
    }
    return false
  }

  /// ```
  /// Interval = [ Count ] , <unit> , [ OnDays ] ;
  /// ```
  mutating func parseInterval() -> Bool {
    enter(.Interval)
    let count =
      !atCount
      ? nil
      : attempt { p -> (Int, SourceRange)? in
        guard let c = p.parseCount() else { return nil }
        return p.isClass(.unit) ? c : nil
      }
    guard let unit = lex(.unit), let u = PhraseTree.Unit(lexiconValue: unit.value) else { return false }
    // "every first day of …" is a day of the month, not an interval.
    if isKeyword(.of) { return false }
    if let (n, range) = count { tree.count = .init(value: n, range: range) }
    tree.unit = .init(value: u, range: unit.range)
    if isKeyword(.on) {
      guard let days = parseOnDays() else { return false }
      tree.days += days
    }
    return true
  }

  /// ```
  /// Count = NUMBER | <number> | <other> | <ordinal> ;
  /// ```
  /// An ordinal word counts only from `second` on ("every second week").
  mutating func parseCount() -> (Int, SourceRange)? {
    enter(.Count)
    if let n = lexNumber() { return (n.value, n.range) }
    if let n = lexValue(.number), case let v = n.value { return (v, n.range) }
    if let o = lexValue(.other), case let v = o.value { return (v, o.range) }
    if word() != nil, let v = entry(.ordinal).flatMap(Int.init), v >= 2, let o = lex(.ordinal) {
      return (v, o.range)
    }
    return nil
  }

  /// ```
  /// AdverbHead = <adverb> , [ OnDays ] ;
  /// ```
  mutating func parseAdverbHead() -> Bool {
    enter(.AdverbHead)
    guard let adverb = lex(.adverb) else { return false }
    switch adverb.value {
    case "biweekly", "bimonthly", "biannual":
      tree.ambiguousAdverb = .init(value: adverb.value, range: adverb.range)
      let unit: PhraseTree.Unit = adverb.value == "biweekly" ? .week : adverb.value == "bimonthly" ? .month : .month
      tree.unit = .init(value: unit, range: adverb.range)
      tree.count = .init(value: adverb.value == "biannual" ? 6 : 2, range: adverb.range)
    case "semiannual":
      tree.unit = .init(value: .month, range: adverb.range)
      tree.count = .init(value: 6, range: adverb.range)
    case "nightly":
      tree.unit = .init(value: .day, range: adverb.range)
      tree.times.append(.init(value: 22 * 3600, range: adverb.range))
    default:
      guard let u = PhraseTree.Unit(lexiconValue: adverb.value) else { return false }
      tree.unit = .init(value: u, range: adverb.range)
    }
    if isKeyword(.on) {
      guard let days = parseOnDays() else { return false }
      tree.days += days
    }
    return true
  }

  /// ```
  /// AfterHead = "after" , [ Count ] , <unit> ;
  /// ```
  mutating func parseAfterHead() -> Bool {
    enter(.AfterHead)
    guard let after = lexKeyword(.after) else { return false }
    let count = parseCount()
    guard let unit = lex(.unit), let u = PhraseTree.Unit(lexiconValue: unit.value) else {
      unexpected(expected: "a period such as 'days' or 'weeks'", classes: [.unit])
      return false
    }
    tree.afterCompletion = .init(value: true, range: after)
    if let (n, range) = count { tree.count = .init(value: n, range: range) }
    tree.unit = .init(value: u, range: unit.range)
    return true
  }

  /// ```
  /// OrdinalOfEvery = [ "the" ] , OrdinalDay , "of" , ( "every" | "each" ) , [ Count ] , <unit> ;
  /// ```
  mutating func parseOrdinalOfEvery() -> Bool {
    enter(.OrdinalOfEvery)
    lexKeyword(.the)
    guard let day = parseOrdinalDay(allowPeriod: false), lexKeyword(.of) != nil, lex(.every) != nil else {
      return false
    }
    let count = parseCount()
    guard let unit = lex(.unit), let u = PhraseTree.Unit(lexiconValue: unit.value) else { return false }
    tree.days += day
    if let (n, range) = count { tree.count = .init(value: n, range: range) }
    tree.unit = .init(value: u, range: unit.range)
    return true
  }

  /// ```
  /// CountAfterDone = Count , <unit> , CompletionSuffix ;
  /// ```
  mutating func parseCountAfterDone() -> Bool {
    enter(.CountAfterDone)
    guard let (n, range) = parseCount(), let unit = lex(.unit), let u = PhraseTree.Unit(lexiconValue: unit.value),
      parseCompletionSuffix()
    else { return false }
    tree.count = .init(value: n, range: range)
    tree.unit = .init(value: u, range: unit.range)
    return true
  }

  /// ```
  /// OncePer = "once" , ( "a" | "per" | "every" ) , <unit> ;
  /// ```
  mutating func parseOncePer() -> Bool {
    enter(.OncePer)
    guard lexKeyword(.once) != nil else { return false }
    if lexKeyword(.a) == nil, lexKeyword(.per) == nil { _ = lex(.every) }
    guard let unit = lex(.unit), let u = PhraseTree.Unit(lexiconValue: unit.value) else {
      unexpected(expected: "a period such as 'a week'", classes: [.unit])
      return false
    }
    tree.unit = .init(value: u, range: unit.range)
    return true
  }

  /// ```
  /// PluralDays = WeekdayItem , { ListSeparator , WeekdayItem } ;
  /// ```
  /// "mondays and fridays", "weekdays"; a plural is a habit, so no "every" is needed.
  mutating func parsePluralDays() -> Bool {
    enter(.PluralDays)
    guard let first = parseWeekdayItem() else { return false }
    tree.days += first
    while atSeparator,
      let next = attempt({ p -> [DayNode]? in
        guard p.parseListSeparator() else { return nil }
        return p.parseWeekdayItem()
      })
    {
      tree.days += next
    }
    return true
  }

  /// ```
  /// CompletionSuffix = ( "after" | "when" ) , <done> ;
  /// ```
  mutating func parseCompletionSuffix() -> Bool {
    enter(.CompletionSuffix)
    guard isKeyword(.after) || isKeyword(.when), isKeyword(.done, at: 1), let first = current else { return false }
    index += 2
    tree.afterCompletion = .init(value: true, range: SourceRange(first.range.lowerBound, consumedEnd))
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
    default: return nil
    }
  }
}

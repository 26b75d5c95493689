import RecurrenceCore

extension Parser {
  /// ```
  /// Modifier = TimeClause | StartClause | EndClause | CountClause | ExceptClause | OnDays ;
  /// ```
  mutating func parseModifier() -> Bool {
    enter(.Modifier)
    if isKeyword(.start) || isKeyword(.from) { return parseStartClause() }
    if isKeyword(.until) || isKeyword(.ending) || isKeyword(.for) || isKeyword(.to) { return parseEndClause() }
    if isKeyword(.except) { return parseExceptClause() }
    if isKeyword(.on) {
      guard let days = parseOnDays() else { return false }
      tree.days += days
      return true
    }
    if atCount, isKeyword(.times, at: 1), attempt({ $0.parseCountClause() ? true : nil }) != nil { return true }
    if atTime, let times = attempt({ $0.parseTimeClause() }) {
      tree.times += times
      return true
    }
    // More days after the head: "every mon at 9 and fri" is not supported, but
    // "every week monday" reads as "on monday".
    let daysStart = currentRange.lowerBound
    if atDay, let days = attempt({ $0.parseDayList() }), !days.isEmpty {
      if !tree.times.isEmpty {
        // "every mon at 8pm, tue at 9pm": one rule cannot give each day its own time.
        error(
          ParseDiagnostic.unsupported(
            "different times on different days need a task for each; one rule gives all its days the same times",
            SourceRange(daysStart, inputLength)))
        return false
      }
      tree.days += days
      return true
    }
    return false
  }

  /// ```
  /// TimeClause = [ "at" | "@" | "in" , "the" ] , TimeList ;
  /// ```
  mutating func parseTimeClause() -> [PhraseTree.Node<Int>]? {
    enter(.TimeClause)
    var marked = false
    if lexKeyword(.at) != nil {
      marked = true
    } else if isKeyword(.in), isKeyword(.the, at: 1), isClass(.partofday, at: 2) {
      index += 2
      marked = true
    }
    guard let times = parseTimeList(marked: marked) else {
      if marked { unexpected(expected: "a time such as '9am' or '17:30'", classes: [.timeword, .partofday]) }
      return nil
    }
    return times
  }

  /// ```
  /// TimeList = Time , { ListSeparator , Time } ;
  /// ```
  mutating func parseTimeList(marked: Bool = false) -> [PhraseTree.Node<Int>]? {
    enter(.TimeList)
    guard let first = parseTime(marked: marked) else { return nil }
    var times = [first]
    while atSeparator,
      let more = attempt({ p -> PhraseTree.Node<Int>? in
        guard p.parseListSeparator() else { return nil }
        p.lexKeyword(.at)
        return p.parseTime(marked: true)
      })
    {
      times.append(more)
    }
    return times
  }

  /// ```
  /// Time = CLOCK | NUMBER , [ <meridiem> ] | <timeword> | <partofday> ;
  /// ```
  /// A bare number is a time only after "at" ("at 9") or before "am"/"pm" ("9 pm"); four
  /// digits are military time ("at 1800").
  mutating func parseTime(marked: Bool) -> PhraseTree.Node<Int>? {
    enter(.Time)
    guard let t = current else { return nil }
    switch t.kind {
    case .clock(let h, let m, let pm):
      index += 1
      var pmFlag = pm
      var range = t.range
      if pmFlag == nil, let mer = lex(.meridiem) {
        pmFlag = mer.value == "pm"
        range = SourceRange(range.lowerBound, mer.range.upperBound)
      }
      return clockNode(h, m, pmFlag, range)
    case .number(let n):
      if let mer = attempt({ p -> (String, SourceRange)? in
        p.index += 1
        return p.lex(.meridiem).map { ($0.value, $0.range) }
      }) {
        return clockNode(n, 0, mer.0 == "pm", SourceRange(t.range.lowerBound, mer.1.upperBound))
      }
      guard marked else { return nil }
      index += 1
      guard n < 10_000 else {
        error(ParseDiagnostic.outOfRange("\(ParseDiagnostic.quantity(n)) is not a time of day", t.range))
        return nil
      }
      return n >= 100 ? clockNode(n / 100, n % 100, nil, t.range) : clockNode(n, 0, nil, t.range)
    case .word:
      if let w = lexValue(.timeword), case let minutes = w.value { return .init(value: minutes * 60, range: w.range) }
      return parsePartOfDay()
    default:
      return nil
    }
  }

  /// A time node from a clock reading, or an error when the reading is no time of day.
  mutating func clockNode(_ h: Int, _ m: Int, _ pm: Bool?, _ range: SourceRange) -> PhraseTree.Node<Int>? {
    var hour = h
    if let pm {
      guard (1...12).contains(h) else {
        error(ParseDiagnostic.outOfRange("'\(h)' is not an hour on a 12-hour clock", range))
        return nil
      }
      hour = pm ? (h == 12 ? 12 : h + 12) : (h == 12 ? 0 : h)
    }
    guard hour < 24, m < 60 else {
      error(ParseDiagnostic.outOfRange("\(h):\(m < 10 ? "0" : "")\(m) is not a time of day", range))
      return nil
    }
    return .init(value: hour * 3600 + m * 60, range: range)
  }

  /// ```
  /// StartClause = ( "starting" | "from" | "beginning" ) , [ "from" ] , [ "on" ] ,
  ///               ( DateRef , [ TimeClause ] | TimeClause ) ;
  /// ```
  /// The date may be left out when a time follows: "every 12 hours starting at 9pm".
  mutating func parseStartClause() -> Bool {
    enter(.StartClause)
    let start = currentRange.lowerBound
    guard lexKeyword(.start) != nil || lexKeyword(.from) != nil else { return false }
    lexKeyword(.from)
    lexKeyword(.on)
    let date = attempt { $0.parseDateRef() }
    let times = attempt { $0.parseTimeClause() }
    if date == nil && times == nil {
      unexpected(expected: "a date such as 'aug 3', 'next monday' or '2027-01-03'", classes: [.weekday, .month])
      return false
    }
    tree.start = .init(value: date ?? .today, range: SourceRange(start, consumedEnd))
    if let t = times?.first { tree.startTime = t }
    return true
  }

  /// ```
  /// EndClause = ( "until" | "to" | "ending" , [ "on" ] ) , DateRef | "for" , Count , <unit> ;
  /// ```
  mutating func parseEndClause() -> Bool {
    enter(.EndClause)
    let start = currentRange.lowerBound
    if lexKeyword(.for) != nil {
      guard let (n, _) = parseCount(), let unit = lex(.unit), let u = PhraseTree.Unit(lexiconValue: unit.value) else {
        unexpected(expected: "a length such as '3 weeks'", classes: [.unit])
        return false
      }
      tree.end = .init(value: .forDuration(n, u), range: SourceRange(start, consumedEnd))
      return true
    }
    guard lexKeyword(.until) != nil || lexKeyword(.ending) != nil || lexKeyword(.to) != nil else { return false }
    lexKeyword(.on)
    guard let date = parseDateRef() else {
      unexpected(expected: "a date such as 'june', 'aug 3' or '2027-03-01'", classes: [.weekday, .month])
      return false
    }
    tree.end = .init(value: .until(date), range: SourceRange(start, consumedEnd))
    return true
  }

  /// ```
  /// CountClause = Count , "times" ;
  /// ```
  mutating func parseCountClause() -> Bool {
    enter(.CountClause)
    let start = currentRange.lowerBound
    guard let (n, _) = parseCount(), lexKeyword(.times) != nil else { return false }
    tree.occurrences = .init(value: n, range: SourceRange(start, consumedEnd))
    return true
  }

  /// ```
  /// ExceptClause = "except" , [ "on" ] , [ "the" ] , DayList ;
  /// ```
  mutating func parseExceptClause() -> Bool {
    enter(.ExceptClause)
    guard lexKeyword(.except) != nil else { return false }
    lexKeyword(.on)
    lexKeyword(.the)
    var saved = tree.times
    guard let days = parseDayList() else {
      unexpected(expected: "the days to leave out", classes: [.weekday, .daygroup])
      return false
    }
    swap(&saved, &tree.times)
    tree.excluded += days
    return true
  }

  /// ```
  /// DateRef = ISODATE | "today" | "tomorrow" | "next" , ( <weekday> | <unit> ) | <weekday>
  ///         | MonthDate | <month> | [ "the" ] , DayNumber | [ "in" ] , Count , <unit> ;
  /// ```
  mutating func parseDateRef() -> PhraseTree.DateRef? {
    enter(.DateRef)
    if let t = current, case .isoDate(let d) = t.kind {
      index += 1
      return .iso(d)
    }
    if lexKeyword(.today) != nil { return .today }
    if lexKeyword(.tomorrow) != nil { return .tomorrow }
    if lexKeyword(.next) != nil {
      if let w = lexValue(.weekday), case let d = w.value { return .nextWeekday(d) }
      if let u = lex(.unit), let unit = PhraseTree.Unit(lexiconValue: u.value) { return .nextUnit(unit) }
      return nil
    }
    if let w = lexValue(.weekday), case let d = w.value { return .weekday(d) }
    if let node = attempt({ $0.parseMonthDate() }), case .date(let m, let d) = node.value {
      return .monthDay(month: m, day: d)
    }
    if let m = lexValue(.month), case let v = m.value { return .month(v) }
    if let offset = attempt({ p -> PhraseTree.DateRef? in
      p.lexKeyword(.in)
      guard let (n, _) = p.parseCount(), let u = p.lex(.unit), let unit = PhraseTree.Unit(lexiconValue: u.value) else {
        return nil
      }
      return .offset(n, unit)
    }) {
      return offset
    }
    if let d = attempt({ p -> Int? in
      p.lexKeyword(.the)
      return p.isKeyword(.times, at: 1) ? nil : p.parseDayNumber()?.0
    }) {
      return .dayOfMonth(d)
    }
    return nil
  }
}

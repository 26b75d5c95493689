import RecurrenceCore

extension Parser {
  typealias DayNode = PhraseTree.Node<PhraseTree.Day>

  /// ```
  /// OnDays = "on" , [ "the" ] , DayList ;
  /// ```
  mutating func parseOnDays() -> [DayNode]? {
    enter(.OnDays)
    guard lexKeyword(.on) != nil else { return nil }
    lexKeyword(.the)
    guard let days = parseDayList() else {
      unexpected(expected: "a weekday or a day of the month after 'on'", classes: [.weekday, .daygroup, .ordinal])
      return nil
    }
    return days
  }

  /// ```
  /// DayList = DayItem , { ListSeparator , [ "the" ] , DayItem } ;
  /// ```
  mutating func parseDayList() -> [DayNode]? {
    enter(.DayList)
    guard let first = parseDayItem() else { return nil }
    var days = first
    while atSeparator,
      let more = attempt({ p -> [DayNode]? in
        guard p.parseListSeparator() else { return nil }
        p.lexKeyword(.the)
        return p.parseDayItem()
      })
    {
      days += more
    }
    return days
  }

  /// ```
  /// ListSeparator = "," | "and" | "&" | "/" | "," , "and" ;
  /// ```
  mutating func parseListSeparator() -> Bool {
    enter(.ListSeparator)
    if lexPunctuation(",") != nil {
      lexKeyword(.and)
      return true
    }
    return lexKeyword(.and) != nil || lexPunctuation("/") != nil
  }

  /// ```
  /// DayItem = OrdinalDay | MonthDate | WeekdayItem | MonthDay | PartOfDay ;
  /// ```
  /// A part of the day ("every morning") adds a time and no day.
  mutating func parseDayItem() -> [DayNode]? {
    enter(.DayItem)
    guard let t = current else { return nil }
    var numeric = false
    switch t.kind {
    case .number, .ordinal: numeric = true
    default: break
    }
    let ordinal: Bool
    if case .ordinal = t.kind { ordinal = true } else { ordinal = isClass(.ordinal) }
    if ordinal, let d = attempt({ $0.parseOrdinalDay(allowPeriod: true) }) { return d }
    if isClass(.month) || numeric, let d = attempt({ $0.parseMonthDate() }) { return [d] }
    if isClass(.weekday) || isClass(.daygroup) || isKeyword(.work) || (t.word?.utf8.contains(45) ?? false),
      let d = attempt({ $0.parseWeekdayItem() })
    {
      return d
    }
    if numeric, let d = attempt({ $0.parseMonthDay() }) { return [d] }
    if let t = parsePartOfDay() {
      tree.times.append(t)
      return []
    }
    return nil
  }

  /// ```
  /// WeekdayItem = ( WeekdayRange | <weekday> | <daygroup> | "work" , "day" ) , [ PartOfDay ] ;
  /// ```
  mutating func parseWeekdayItem() -> [DayNode]? {
    enter(.WeekdayItem)
    let nodes: [DayNode]
    let rangeAhead =
      (isClass(.weekday) && (isKeyword(.to, at: 1) || isKeyword(.until, at: 1) || peek(1)?.isPunctuation("-") == true))
      || (unknown(at: index) && current?.word?.utf8.contains(45) == true)
    if rangeAhead, let range = attempt({ $0.parseWeekdayRange() }) {
      nodes = range
    } else if let w = lexValue(.weekday), case let d = w.value {
      nodes = [.init(value: .weekday(d), range: w.range)]
    } else if let g = lex(.daygroup) {
      nodes = [.init(value: g.value == "weekend" ? .weekend : .workdays, range: g.range)]
    } else if isKeyword(.work), isKeyword(.day, at: 1), let first = current {
      index += 2
      nodes = [.init(value: .workdays, range: SourceRange(first.range.lowerBound, consumedEnd))]
    } else {
      return nil
    }
    if let t = parsePartOfDay() { tree.times.append(t) }
    return nodes
  }

  /// ```
  /// WeekdayRange = <weekday> , ( "-" | "to" | "through" ) , <weekday> ;
  /// ```
  /// "mon-fri", "monday to friday", "mon through thu": every day from the first to the last.
  mutating func parseWeekdayRange() -> [DayNode]? {
    enter(.WeekdayRange)
    guard let t = current, isClass(.weekday) || (unknown(at: index) && t.word?.utf8.contains(45) == true) else {
      return nil
    }
    var from: Int?
    var to: Int?
    if let w = t.word, unknown(at: index), let dash = w.firstIndex(of: "-") {
      // The tokenizer keeps "mon-fri" as one word.
      from = lexicon.value(String(w[..<dash]), .weekday).flatMap(Int.init)
      to = lexicon.value(String(w[w.index(after: dash)...]), .weekday).flatMap(Int.init)
      guard from != nil, to != nil else { return nil }
      index += 1
    } else {
      guard let a = lexValue(.weekday),
        lexKeyword(.to) != nil || lexKeyword(.until) != nil
          || lexPunctuation("-") != nil, let b = lexValue(.weekday)
      else { return nil }
      from = a.value
      to = b.value
    }
    guard let first = from, let last = to else { return nil }
    let range = SourceRange(t.range.lowerBound, consumedEnd)
    var days: [DayNode] = []
    var d = first
    while true {
      days.append(.init(value: .weekday(d), range: range))
      if d == last { break }
      d = d % 7 + 1
    }
    return days
  }

  /// ```
  /// OrdinalDay = Ordinal , { ListSeparator , Ordinal } , ( <weekday> | <daygroup> | "work" , "day" | "day" ) , [ InPeriod ] ;
  /// ```
  /// "3rd friday", "first and third tuesday", "last workday", "last day", "2nd monday of january".
  mutating func parseOrdinalDay(allowPeriod: Bool) -> [DayNode]? {
    enter(.OrdinalDay)
    let start = currentRange.lowerBound
    guard let first = parseOrdinal() else { return nil }
    var ordinals = [first]
    while atSeparator, let more = attempt({ p -> Int? in p.parseListSeparator() ? p.parseOrdinal() : nil }) {
      ordinals.append(more)
    }
    var month: Int?
    let make: (Int) -> PhraseTree.Day
    if let w = lexValue(.weekday), case let d = w.value {
      if allowPeriod, isKeyword(.of) || isClass(.month), let m = attempt({ $0.parseInPeriod() }) { month = m }
      make = { .ordinalWeekday($0, d, month: month) }
    } else if let g = lex(.daygroup) {
      if allowPeriod, isKeyword(.of) { _ = attempt { $0.parseInPeriod() } }
      make = g.value == "weekend" ? { .ordinalWeekday($0, 6, month: nil) } : { .ordinalWorkday($0) }
    } else if isKeyword(.work), isKeyword(.day, at: 1) {
      index += 2
      if allowPeriod, isKeyword(.of) { _ = attempt { $0.parseInPeriod() } }
      make = { .ordinalWorkday($0) }
    } else if lexKeyword(.day) != nil {
      if allowPeriod, isKeyword(.of) { _ = attempt { $0.parseInPeriod() } }
      make = { .ordinalDay($0) }
    } else {
      return nil
    }
    let range = SourceRange(start, consumedEnd)
    return ordinals.map { .init(value: make($0), range: range) }
  }

  /// ```
  /// Ordinal = ORDINAL | <ordinal> ;
  /// ```
  mutating func parseOrdinal() -> Int? {
    enter(.Ordinal)
    if let o = lexOrdinalToken() { return o.value }
    if let o = lexValue(.ordinal), case let v = o.value { return v }
    return nil
  }

  /// ```
  /// InPeriod = "of" , [ "the" | "every" | "each" ] , ( "month" | <month> ) | <month> ;
  /// ```
  /// Returns the month named, or 0 for "of the month". "1st wed jan" names January.
  mutating func parseInPeriod() -> Int? {
    enter(.InPeriod)
    if let m = lexValue(.month), case let v = m.value { return v }
    guard lexKeyword(.of) != nil else { return nil }
    if lexKeyword(.the) == nil { _ = lex(.every) }
    if let m = lexValue(.month), case let v = m.value { return v }
    if let u = lex(.unit), u.value == "monthly" { return 0 }
    return nil
  }

  /// ```
  /// MonthDate = <month> , DayNumber | DayNumber , [ "of" ] , <month> ;
  /// ```
  mutating func parseMonthDate() -> DayNode? {
    enter(.MonthDate)
    let start = currentRange.lowerBound
    if let m = lexValue(.month), case let month = m.value {
      guard let d = parseDayNumber() else { return nil }
      return .init(value: .date(month, d.0), range: SourceRange(start, consumedEnd))
    }
    guard let d = parseDayNumber() else { return nil }
    lexKeyword(.of)
    guard let m = lexValue(.month), case let month = m.value else { return nil }
    return .init(value: .date(month, d.0), range: SourceRange(start, consumedEnd))
  }

  /// ```
  /// MonthDay = DayNumber , [ "of" , [ "the" | "every" | "each" ] , "month" ] ;
  /// ```
  mutating func parseMonthDay() -> DayNode? {
    enter(.MonthDay)
    // "every 3 times" or "every 5 pm" are not days of the month.
    if isKeyword(.times, at: 1) || isClass(.meridiem, at: 1) || isClass(.unit, at: 1) { return nil }
    guard let d = parseDayNumber() else { return nil }
    if isKeyword(.of) {
      _ = attempt { p -> Bool? in
        guard p.lexKeyword(.of) != nil else { return nil }
        if p.lexKeyword(.the) == nil { _ = p.lex(.every) }
        guard let u = p.lex(.unit), u.value == "monthly" else { return nil }
        return true
      }
    }
    return .init(value: .monthDay(d.0), range: SourceRange(d.1.lowerBound, consumedEnd))
  }

  /// ```
  /// DayNumber = NUMBER | ORDINAL ;
  /// ```
  mutating func parseDayNumber() -> (Int, SourceRange)? {
    enter(.DayNumber)
    if let n = lexNumber() { return (n.value, n.range) }
    if let o = lexOrdinalToken() { return (o.value, o.range) }
    return nil
  }

  /// ```
  /// PartOfDay = <partofday> ;
  /// ```
  mutating func parsePartOfDay() -> PhraseTree.Node<Int>? {
    enter(.PartOfDay)
    guard let p = lexValue(.partofday), case let minutes = p.value else { return nil }
    return .init(value: minutes * 60, range: p.range)
  }
}

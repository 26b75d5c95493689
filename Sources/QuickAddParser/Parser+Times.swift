import RecurrenceCore

extension Parser {
  typealias ClockNode = PhraseTree.Node<PhraseTree.Clock>

  /// ```
  /// TimeClause = [ "at" | "on" | "@" | "around" | "in" , [ "the" ] ] , TimeList , [ TimeRangeEnd ] , [ ZoneSuffix ] ;
  /// ```
  /// "at 9am", "7:45am", "at 9:30 and 17:00", "@ noon", "in the evening" (or "in evening"),
  /// "from 10am to 1pm".
  /// Parts of the day go to their own list: they are the time only when no time is written.
  mutating func parseTimeClause(marked: Bool = false) -> Bool {
    enter(.TimeClause)
    let start = currentRange.lowerBound
    guard let times = parseTimeGroup(marked: marked) else { return false }
    return setTimes(times, SourceRange(start, consumedEnd))
  }

  /// The times of a time clause (see `parseTimeClause`), or nil.
  mutating func parseTimeGroup(marked forced: Bool = false) -> [ClockNode]? {
    if let range = parseHalfRange() { return range }
    var marked = forced
    if atTimeAfterOn || lexKeyword(.at) != nil {
      if isKeyword(.on) || isKeyword(.in) { index += 1 }  // "every day on 9am", "every monday in 9am"
      if let range = attempt({ $0.parseHalfRange() }) { return range }  // "at 6:30 to 7:30am"
      marked = true
      if isKeyword(.a), word(at: 1) == "quarter" || isKeyword(.half, at: 1) { index += 1 }
    } else if case let lead = inPartOfDayLength, lead > 0 {
      index += lead
      marked = true
    }
    guard let times = parseTimeList(marked: marked) else {
      if marked { unexpected(expected: "a time such as '9am' or '17:30'", classes: [.timeword, .partofday]) }
      return nil
    }
    if !times.isEmpty, isKeyword(.to) || isKeyword(.until) || isPunctuation("-") {
      _ = attempt { $0.parseTimeRangeEnd() ? true : nil }
    }
    if !times.isEmpty, zoneWordHere != nil || atBracketedZone, !parseZoneSuffix() { return nil }
    if case let lead = inPartOfDayLength, lead > 0 {
      index += lead
      if let p = parsePartOfDay() { tree.partsOfDay.append(p) }
    }
    return times
  }

  /// A range of times whose end alone says am or pm: "6-7pm", "6:30 to 7:30am". The start takes
  /// the end's half of the day ("11-1pm" starts in the morning); the end is a duration.
  mutating func parseHalfRange() -> [ClockNode]? {
    guard let t = current, let (n, minute) = unmarkedHour(t), (1...12).contains(n),
      isPunctuation("-", at: 1) || isKeyword(.to, at: 1), let e = peek(2), case .clock(let endHour, _, let pm?) = e.kind
    else { return nil }
    index += 1
    let sameHalf = n % 12 <= endHour % 12
    guard let start = clockNode(n, minute, sameHalf ? pm : !pm, bare: false, t.range), parseTimeRangeEnd() else {
      return nil
    }
    return [start]
  }

  /// Whether `tonight` follows the bare number `n`, an hour of the evening (5 to 11): "Dinner
  /// 8 tonight" is at 20:00 ("Read ch 4 tonight" counts pages; the task line decides).
  func eveningHourBeforeTonight(_ n: Int) -> Bool {
    (5...11).contains(n) && word(at: 1) == "tonight"
  }

  /// The hour and minute of a number or a clock written without am or pm (`6`, `6:30`, and
  /// `06:30` before `07:30pm`, where the end's pm is the range's), or nil.
  func unmarkedHour(_ t: Token) -> (Int, Int)? {
    switch t.kind {
    case .number(let n): return (n, 0)
    case .clock(let h, let m, nil): return (h, m)
    default: return nil
    }
  }

  /// How many tokens of "in the" or "in" stand before a part of the day here ("in the evening",
  /// and "in morning" as learners of English write it), or 0.
  var inPartOfDayLength: Int { inPartOfDayLength(at: 0) }

  /// How many tokens of "in the" or "in" stand before a part of the day at `offset`, or 0; in
  /// a phrase also "of the", as learners write it ("every day at 8 of the morning").
  func inPartOfDayLength(at offset: Int) -> Int {
    if isKeyword(.of, at: offset), lineText == nil, isKeyword(.the, at: offset + 1), isClass(.partofday, at: offset + 2)
    {
      return 2
    }
    guard isKeyword(.in, at: offset) else { return 0 }
    if isClass(.partofday, at: offset + 1) { return 1 }
    return isKeyword(.the, at: offset + 1) && isClass(.partofday, at: offset + 2) ? 2 : 0
  }

  /// The zone word at the current token, if one stands here as a zone: the `eastern` kind only
  /// with `time` after it or ending the phrase's part, and in a task line not the two-letter
  /// kind (`TaskLineReader` warns where it may be a zone).
  var zoneWordHere: Lexicon.ZoneWord? { zoneWord(at: 0) }

  /// Whether a zone written in brackets stands here (`(EST)`, `[UTC]`).
  var atBracketedZone: Bool {
    guard let open = current, case .punctuation(let c) = open.kind, c == "(" || c == "[" else { return false }
    return isPunctuation(c == "(" ? ")" : "]", at: 2) && zoneWord(at: 1) != nil
  }

  /// The zone word at `offset` (see `zoneWordHere`): `eastern` and its kind before `time` or
  /// where the phrase's part ends ("9am pacific"; "6am central park" is a place).
  func zoneWord(at offset: Int) -> Lexicon.ZoneWord? {
    // Zone words are none of the lexicon's: a known word is checked no further.
    guard unknown(at: index + offset), let w = word(at: offset), let zone = Lexicon.zoneWords[w] else { return nil }
    if Lexicon.zonePlaces.contains(w), word(at: offset + 1) != "time" { return nil }  // "3pm London time"
    if Lexicon.zoneWordsNeedingTime.contains(w), word(at: offset + 1) != "time",
      let next = peek(offset + 1), !next.isPunctuation(",") && !next.isPunctuation(Parser.barrier),
      next.word == nil || unknown(at: index + offset + 1)  // "11am pacific friday"; "6am central park"
    {
      return nil
    }
    // "Gym 6am PT" (training), "6am CT" (a scan); "3pm ET" written in capitals is Eastern time.
    if lineText != nil, Lexicon.twoLetterZones.contains(w),
      w != "et" || peek(offset).map({ text(in: $0.range) }) != "ET"
    {
      return nil
    }
    return zone
  }

  /// ```
  /// ZoneSuffix = <zone> , [ ( "+" | "-" ) , NUMBER ] , [ "time" ] | ( "(" , <zone> , ")" | "[" , <zone> , "]" ) ;
  /// ```
  /// "9am EST", "at 22:00 UTC", "3pm pacific time", "10:00 UTC+2", "4pm (EST)" (as calendar
  /// invitations write it): the zone of the times before it (the zone words are listed in
  /// `Lexicon.zoneWords`). A second, different zone is an error.
  mutating func parseZoneSuffix() -> Bool {
    enter(.ZoneSuffix)
    if atBracketedZone, let zone = zoneWord(at: 1), let open = current {
      index += 3
      return setZone(zone.identifier, SourceRange(open.range.lowerBound, consumedEnd))
    }
    guard var zone = zoneWordHere, let t = current else { return false }
    index += 1
    if zone.identifier == "UTC", let sign = current, sign.isPunctuation("+") || sign.isPunctuation("-"),
      sign.range.lowerBound == t.range.upperBound, case .number(let hours)? = peek(1)?.kind
    {
      // "UTC+2", "GMT-5": a fixed offset.
      guard let offset = Lexicon.offsetZone(hours: hours, east: sign.isPunctuation("+")) else {
        error(
          ParseDiagnostic.outOfRange(
            "a zone's offset from UTC is at most 14 hours east (UTC+14) and 12 west (UTC-12)",
            SourceRange(t.range.lowerBound, tokens[index + 1].range.upperBound)))
        return false
      }
      zone = offset
      index += 2
    }
    if word(at: 0) == "time" { index += 1 }
    let range = SourceRange(t.range.lowerBound, consumedEnd)
    guard setZone(zone.identifier, range) else { return false }
    if t.word == "ist" { tree.notes.append(.init(value: .indiaZone, range: range)) }  // not "India time"
    return true
  }

  /// Sets the times' zone written over `range`; a second, different zone is a conflict.
  mutating func setZone(_ identifier: String, _ range: SourceRange) -> Bool {
    if let earlier = tree.zone, earlier.value != identifier {
      return conflict(range, earlier.range, "a rule's times are in one zone")
    }
    tree.zone = .init(value: identifier, range: range)
    return true
  }

  /// ```
  /// TimeRangeEnd = ( "to" | "until" | "-" ) , Time ;
  /// ```
  /// The end of a time range is a duration, not a second time: it is reported, not kept.
  mutating func parseTimeRangeEnd() -> Bool {
    enter(.TimeRangeEnd)
    let start = currentRange.lowerBound
    guard lexKeyword(.to) != nil || lexKeyword(.until) != nil || lexPunctuation("-") != nil,
      current?.isClock == true || !isClass(.month, at: 1),  // "at 10pm until 15 jan": a date; "7-8pm sept-may" a time
      let end = parseTime(marked: true)
    else { return false }
    tree.timeRangeEnd = .init(value: end.value.seconds, range: SourceRange(start, consumedEnd))
    if end.value.bare { tree.timeRangeEndBare = true }
    return true
  }

  /// ```
  /// TimeList = Time , { [ ListSeparator ] , [ "at" ] , Time } ;
  /// ```
  /// Returns the clock times; parts of the day in the list are added to the tree's own list.
  mutating func parseTimeList(marked: Bool = false) -> [ClockNode]? {
    enter(.TimeList)
    var times: [ClockNode] = []
    var any = false
    if let first = parseTimeOrPart(marked: marked) {
      any = true
      if let c = first { times.append(c) }
    }
    guard any else { return nil }
    // "morning at 8 and evening at 8", "morning 6 and night 10": a part of the day listed after a
    // time may have its own time right after it, when the first time has one too ("every day at 8
    // and evening at 8" is two lists).
    var listedPart = false
    while atSeparator || atSpacedClock
      || (listedPart && tree.partsOfDay.count > 1 && (isKeyword(.at) || current?.isNumber == true)),
      let more = attempt({ p -> ClockNode?? in
        // "at 8am 2pm and 8pm": a clock with am/pm or a colon follows without a separator.
        guard listedPart || p.atSpacedClock || p.parseListSeparator() else { return nil }
        p.lexKeyword(.at)
        return p.parseTimeOrPart(marked: true)
      })
    {
      listedPart = more == nil && !listedPart
      if let c = more { times.append(c) }
    }
    return times
  }

  /// Whether a clock written with am/pm or a colon stands here, after a time with nothing
  /// between them, in a rule: one more time of a list typed without commas ("every day at 8am
  /// 2pm and 8pm"; "flight 9:40am 11:30 arrival" is one date and a title's time).
  var atSpacedClock: Bool {
    guard let t = current, case .clock(_, _, let pm) = t.kind, index > 0, case .clock = tokens[index - 1].kind,
      tree.unit != nil || tree.recurring != nil || tree.timesPer != nil || ruleAfterClocks
    else {
      return false
    }
    return pm != nil || text(in: t.range).contains(":")
  }

  /// Whether a rule's word follows the clocks from here ("8am 8pm daily", "9:00 17:00 every day").
  var ruleAfterClocks: Bool {
    var k = 0
    while k < 8, peek(k)?.isClock == true { k += 1 }
    return k > 0 && (isClass(.every, at: k) || isClass(.adverb, at: k) || isClass(.daygroup, at: k))
  }

  /// A time (`.some(clock)`), a part of the day (`.some(nil)`, added to the tree), or nil.
  mutating func parseTimeOrPart(marked: Bool) -> ClockNode?? {
    let plural = isPlural(at: 0)
    if let p = parsePartOfDay() {
      if plural { markRecurring(p.range) }  // "mornings", "evenings at 8"
      tree.partsOfDay.append(p)
      return .some(nil)
    }
    guard let t = parseTime(marked: marked) else { return nil }
    index += sharpLength(at: 0)  // "9pm sharp", "9ish", "9-ish"
    return .some(t)
  }

  /// The time words `12` or `twelve` may stand before ("12 noon"; "12 lunch boxes" counts).
  static let twelveWords: Set<String> = ["noon", "midnight", "midday"]

  /// `12` or `twelve` (the token `t`, current) and `noon`, `midnight` or `midday`, which say
  /// the same time: consumed and read as that time word; nil, consuming nothing, otherwise.
  mutating func lexTwelveTimeword(from t: Token) -> ClockNode? {
    guard Self.twelveWords.contains(word(at: 1) ?? ""), let w = entry(.timeword, at: 1).flatMap(Int.init),
      let next = peek(1)
    else { return nil }
    index += 2
    return .init(
      value: .init(seconds: w * 60, bare: false), range: SourceRange(t.range.lowerBound, next.range.upperBound))
  }

  /// Whether `hrs` or `hours` stands at `offset`, after a 24-hour clock ("1730 hrs").
  func isHoursSuffix(at offset: Int) -> Bool {
    let w = word(at: offset)
    return w == "hrs" || w == "hours"
  }

  /// The tokens of `sharp` or `ish` at `offset` (`-ish` joined by a hyphen), or 0.
  func sharpLength(at offset: Int) -> Int {
    if isKeyword(.sharp, at: offset) { return 1 }
    if let dash = peek(offset), dash.isPunctuation("-"), let w = peek(offset + 1), w.word == "ish",
      w.range.lowerBound == dash.range.upperBound
    {
      return 2
    }
    return 0
  }

  /// Whether a bare hour of 1–12 here follows `before` or `after` and ends a task line's words
  /// (the line's end, punctuation or a token): "update tickets before 5", "call school after 3"
  /// ("read chapter 3 after 5 pages" counts pages).
  var hourAfterBeforeOrAfter: Bool {
    guard lineText != nil, let t = current, case .number(let n) = t.kind, (1...12).contains(n),
      let w = word(at: -1), w == "before" || w == "after",
      !isClass(.unit, at: -2)  // "take it 2 hours after 5": an offset from another time
    else { return false }
    return peek(1).map { $0.word == nil && !$0.isNumber && !$0.isPunctuation("/") && !$0.isPunctuation(":") }
      ?? true
  }

  /// Whether a bare hour here opens a range of working hours, in a phrase: `to`, `till` or
  /// `until` and a clock or a bare hour of 1–12 that starts no date ("weekdays 9 to 5", not
  /// "9 to 15 june"; a task line's "pages 3 to 5" is no time).
  var hoursRangeFollows: Bool {
    guard lineText == nil, isKeyword(.to, at: 1) || isKeyword(.until, at: 1), let e = peek(2),
      !isKeyword(.the, at: -1), !isKeyword(.on, at: -1)  // "on the 1 to 5": days
    else { return false }
    switch e.kind {
    case .clock: return true
    case .number(let n):
      return (1...12).contains(n) && !isClass(.month, at: 3) && !isClass(.unit, at: 3) && !isKeyword(.of, at: 3)
        && !isKeyword(.times, at: 3)
    default: return false
    }
  }

  /// Whether a number other than two digits, or a letter, is glued after the hours mark at
  /// offset `o` ("23H2", "4h3m"), so the mark is no clock's.
  func gluedToOddNumber(afterMarkAt o: Int) -> Bool {
    guard let h = peek(o), let next = peek(o + 1), next.range.lowerBound == h.range.upperBound else { return false }
    if case .number = next.kind { return next.range.upperBound - next.range.lowerBound != 2 }
    return next.word != nil
  }

  /// ```
  /// Time = CLOCK , [ <meridiem> ] | NUMBER , ( <meridiem> | "o'clock" | "h" , [ NUMBER ] )
  ///      | NUMBER | ( "half" , ( "past" , [ NUMBER ] | NUMBER ) | ( "quarter" | ( NUMBER | NumberWord ) , [ "minutes" ] ) , ( "past" | "to" ) , [ NUMBER | "noon" | "midnight" ] ) , [ <meridiem> ]
  ///      | <timeword> ;
  /// ```
  /// A bare number is a time only after "at" ("at 9") or before "am"/"pm"/"o'clock"; four
  /// digits are military time ("at 1800"); "19h30" is 19:30.
  mutating func parseTime(marked: Bool) -> ClockNode? {
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
      if pmFlag == nil, let o = attempt({ p -> SourceRange? in p.lexOclock() }) {
        // "20:00 o'clock"; "3:00 o'clock" is a bare hour as "3 o'clock" is
        let bare = (1...12).contains(h) && range.upperBound - range.lowerBound == (h < 10 ? 4 : 5)
        return clockNode(h, m, nil, bare: bare, SourceRange(range.lowerBound, o.upperBound))
      }
      if pmFlag == nil, let mark = current, mark.word == "h", mark.range.lowerBound == t.range.upperBound {
        index += 1  // "06:00h", "13:00h": the hours mark of "19h", after a clock
        return clockNode(h, m, nil, bare: false, SourceRange(range.lowerBound, consumedEnd))
      }
      if pmFlag == nil, isHoursSuffix(at: 0) {
        index += 1  // "17:30 hrs", the military way
        return clockNode(h, m, nil, bare: false, SourceRange(range.lowerBound, consumedEnd))
      }
      // "3:15" is bare; "03:15" and "15:15" are not.
      let digits = range.upperBound - range.lowerBound
      let bare = pmFlag == nil && (1...12).contains(h) && digits == (h < 10 ? 4 : 5)
      return clockNode(h, m, pmFlag, bare: bare, range)
    case .number(let n):
      // "at 10 past 5" (only where a time is announced: "Count ten to one" is a title)
      if marked, minutesBeforeHour() != nil || minutesPastEachHour() != nil,
        let c = attempt({ $0.parseClockWords(marked: marked) })
      {
        return c
      }
      if n == 12, let c = lexTwelveTimeword(from: t) { return c }  // "12 noon", "12 midnight"
      if let mer = attempt({ p -> (String, SourceRange)? in
        p.index += 1
        return p.lex(.meridiem).map { ($0.value, $0.range) }
      }) {
        return clockNode(n, 0, mer.0 == "pm", bare: false, SourceRange(t.range.lowerBound, mer.1.upperBound))
      }
      if marked,
        let pm = attempt({ p -> Bool? in
          p.index += 1
          return p.lexDottedMeridiem(spaced: true)  // "at 7 a m", as dictation writes it
        })
      {
        return clockNode(n, 0, pm, bare: false, SourceRange(t.range.lowerBound, consumedEnd))
      }
      let written = t.range.upperBound - t.range.lowerBound
      if let o = attempt({ p -> SourceRange? in
        p.index += 1
        return p.lexOclock()
      }) {
        return clockNode(n, 0, nil, bare: written == (n < 10 ? 1 : 2), SourceRange(t.range.lowerBound, o.upperBound))
      }
      if let h = peek(1), h.word == "h", h.range.lowerBound == t.range.upperBound, !gluedToOddNumber(afterMarkAt: 1) {
        // "19h", "19h30": the French and German way, a 24-hour clock; "0700h" the military way
        // ("23H2", a version, is none: minutes are two digits).
        index += 2
        if Self.isFourDigitClock(t) {
          return clockNode(n / 100, n % 100, nil, bare: false, SourceRange(t.range.lowerBound, consumedEnd))
        }
        var minutes = 0
        if let m = current, case .number(let v) = m.kind, m.range.lowerBound == h.range.upperBound {
          index += 1
          minutes = v
        }
        return clockNode(n, minutes, nil, bare: false, SourceRange(t.range.lowerBound, consumedEnd))
      }
      if Self.isFourDigitClock(t), isHoursSuffix(at: 1) {
        index += 2  // "1730 hrs", "0900 hours": a 24-hour clock, the military way
        return clockNode(n / 100, n % 100, nil, bare: false, SourceRange(t.range.lowerBound, consumedEnd))
      }
      // "9 in the morning and 9 at night": a part of the day after an hour marks it a time.
      let cued =
        (1...12).contains(n)
        && (inPartOfDayLength(at: 1) > 0 || (isKeyword(.at, at: 1) && isClass(.partofday, at: 2))
          || eveningHourBeforeTonight(n)  // "call Sam 7 tonight"
          || sharpLength(at: 1) > 0  // "9ish", "9-ish", "9 sharp"
          || hoursRangeFollows  // "every weekday 9 to 5"
          || hourAfterBeforeOrAfter)  // "update tickets before 5"
      guard marked || cued || militaryBeforeDay, !isKeyword(.times, at: 1), !isClass(.unit, at: 1) else { return nil }
      if isKeyword(.at, at: -1), let c = attempt({ $0.parseMinutesToHour() }) { return c }
      index += 1
      guard n < 10_000 else {
        error(ParseDiagnostic.outOfRange("\(ParseDiagnostic.quantity(n)) is not a time of day", t.range))
        return nil
      }
      // "1830", and "0015" (00:15, not 15:00): four digits are hours and minutes.
      // "730" (three digits, no leading zero) is bare, as "7:30" is: the bare-hour rule decides.
      if n >= 100 || written == 4 { return clockNode(n / 100, n % 100, nil, bare: written == 3, t.range) }
      return clockNode(n, 0, nil, bare: written == (n < 10 ? 1 : 2), t.range)
    case .punctuation(":"):
      // "every hour at :30": the minute of each hour.
      guard marked, let m = peek(1), case .number(let v) = m.kind, m.range.lowerBound == t.range.upperBound,
        m.range.upperBound - m.range.lowerBound == 2
      else { return nil }
      index += 2
      return clockNode(0, v, nil, bare: false, SourceRange(t.range.lowerBound, m.range.upperBound))
    case .word:
      if let w = lexValue(.timeword), case let minutes = w.value {
        return .init(value: .init(seconds: minutes * 60, bare: false), range: w.range)
      }
      if numberWord() == 12, let c = lexTwelveTimeword(from: t) { return c }  // "twelve noon", as "12 noon"
      // "at ten to six"
      if marked, minutesBeforeHour() != nil || minutesPastEachHour() != nil,
        let c = attempt({ $0.parseClockWords(marked: marked) })
      {
        return c
      }
      if isClass(.number), let c = attempt({ $0.parseWordClock(marked: marked) }) { return c }
      return parseClockWords(marked: marked)
    default:
      return nil
    }
  }

  /// Whether the number here is four digits of a 24-hour clock right before a day or a rule
  /// ("0600 daily", "0530 every day", "Muster 0600 tomorrow", "Duty 2300 fri", "1400-1600
  /// monday"): in steps of five minutes, no year (except with a leading zero), not after a word
  /// whose number it is ("Room 1215 fri") or another number.
  var militaryBeforeDay: Bool {
    guard let t = current, case .number(let n) = t.kind, Self.isFourDigitClock(t),
      n % 5 == 0 || (lineText == nil && !Self.isYear(n, t)), n < 1000 || !Self.isYear(n, t)
    else { return false }
    if let before = peek(-1) {
      if before.isNumber || before.isClock { return false }
      // "Room 1215 fri", "PO 0815 tomorrow", "Meet in 0815 friday": a number's noun, or a wait
      if let w = before.word, TaskLineReader.placeNouns.contains(w) || Self.numberNouns.contains(w) { return false }
      if lineText != nil, before.word == "to" { return false }  // "Change PIN to 0000 tomorrow"
    }
    var k = 1
    if peek(1)?.isPunctuation("-") == true, let end = peek(2), Self.isFourDigitClock(end) {
      k = 3  // "1400-1600 monday": from 14:00, the end a duration
    }
    // In a task line after its words, four digits without a leading zero or a range are more
    // often an amount or a number ("Pay 1500 friday", "Read ch 1200 tonight").
    if lineText != nil, index > 0, n >= 1000, k == 1 { return false }
    // "0600 and 1800 daily", "0800, 1200, 1800 every day": a list of them.
    while k < 16, peek(k).map({ $0.isPunctuation(",") || $0.isPunctuation("&") || $0.word == "and" }) == true,
      let next = peek(k + 1), Self.isFourDigitClock(next)
    {
      k += 2
    }
    if peek(k)?.word == "z" || peek(k)?.word == "hrs" { k += 1 }  // "0900Z" is read in the line's zone
    return isClass(.weekday, at: k) || isClass(.daygroup, at: k) || isClass(.every, at: k) || isClass(.adverb, at: k)
      || isKeyword(.today, at: k) || isKeyword(.tomorrow, at: k) || isClass(.partofday, at: k)
  }

  /// Whether token `t` is a number written with four digits that reads as hours and minutes
  /// (`0600`, `2359`).
  static func isFourDigitClock(_ t: Token) -> Bool {
    guard case .number(let n) = t.kind, t.range.upperBound - t.range.lowerBound == 4 else { return false }
    return n / 100 < 24 && n % 100 < 60
  }

  /// Words whose number four digits after them are (`PO 0815`, `flight 2030`), and `in` (a wait).
  static let numberNouns: Set<String> = [
    "flight", "order", "po", "invoice", "inv", "ref", "case", "ticket", "id", "pin", "code", "account", "acct",
    "bus", "train", "route", "ext", "extension", "version", "v", "model", "in",
  ]

  /// "at 10 to 9" (08:50), "at 20 past 5" (05:20, bare): minutes before or after an hour.
  mutating func parseMinutesToHour() -> ClockNode? {
    guard let t = current, case .number(let n) = t.kind, (1...25).contains(n), n % 5 == 0,
      isKeyword(.to, at: 1) || isKeyword(.past, at: 1), let h = peek(2), case .number(let hour) = h.kind,
      (1...12).contains(hour)
    else { return nil }
    let before = isKeyword(.to, at: 1)
    index += 3
    let minutes = (hour * 60 + (before ? -n : n) + 24 * 60) % (24 * 60)
    return clockNode(minutes / 60, minutes % 60, nil, bare: true, SourceRange(t.range.lowerBound, consumedEnd))
  }

  /// "seven", "seven thirty", "seven oh five", "ten am", "six o'clock": an hour (and minutes) in
  /// words, a time only after "at" or before am/pm/o'clock. As dictation writes a 24-hour clock:
  /// "seventeen hundred (hours)", "nineteen thirty" (after "at").
  mutating func parseWordClock(marked: Bool) -> ClockNode? {
    guard let t = current, let h = entry(.number).flatMap(Int.init), (1...23).contains(h),
      !isKeyword(.times, at: 1), !isClass(.unit, at: 1)
    else { return nil }
    index += 1
    if word() == "hundred", marked || isHoursSuffix(at: 1) {
      index += 1
      if isHoursSuffix(at: 0) {
        index += 1
      } else if word() != nil, unknown(at: index) {
        return nil  // "at seventeen hundred bricks" counts them
      }
      return clockNode(h, 0, nil, bare: false, SourceRange(t.range.lowerBound, consumedEnd))
    }
    var minutes = 0
    if word() == "oh", let d = entry(.number, at: 1).flatMap(Int.init), (1...9).contains(d) {
      index += 2  // "seven oh five"
      minutes = d
    } else if let m = attempt({ p -> Int? in
      guard let (v, _) = p.parseNumberWord(), [15, 30, 45, 20, 40, 50, 10].contains(v) || (21...59).contains(v) else {
        return nil
      }
      return v
    }) {
      minutes = m
    }
    if h > 12 {
      guard marked, minutes > 0 else { return nil }  // "at seventeen" alone is no clock
      return clockNode(h, minutes, nil, bare: false, SourceRange(t.range.lowerBound, consumedEnd))
    }
    if let mer = lex(.meridiem) {
      return clockNode(h, minutes, mer.value == "pm", bare: false, SourceRange(t.range.lowerBound, consumedEnd))
    }
    if let pm = lexDottedMeridiem(spaced: marked) {  // "at eleven a m"; "order two a m shirts" is no time
      return clockNode(h, minutes, pm, bare: false, SourceRange(t.range.lowerBound, consumedEnd))
    }
    let oclock = lexOclock() != nil
    guard marked || oclock else { return nil }
    return clockNode(h, minutes, nil, bare: true, SourceRange(t.range.lowerBound, consumedEnd))
  }

  /// The meridiem `a.m.` or `p.m.` (the lexicon's surfaces) after an hour in words ("nine
  /// a.m."): the tokenizer joins it to a number only, so here it is its tokens `a` `.` `m` and
  /// an optional `.`, written without spaces. True for pm; nil when none is here.
  mutating func lexDottedMeridiem(spaced: Bool = false) -> Bool? {
    if spaced, let first = current, let w = first.word, w == "a" || w == "p", let m = peek(1), m.word == "m",
      m.range.lowerBound == first.range.upperBound + 1
    {
      index += 2  // "eleven a m", as dictation writes it
      if let last = current, last.isPunctuation("."), last.range.lowerBound == m.range.upperBound { index += 1 }
      return w == "p"
    }
    guard let first = current, let w = first.word, w == "a" || w == "p", let dot = peek(1), dot.isPunctuation("."),
      dot.range.lowerBound == first.range.upperBound, let m = peek(2), m.word == "m",
      m.range.lowerBound == dot.range.upperBound
    else { return nil }
    index += 3
    if let last = current, last.isPunctuation("."), last.range.lowerBound == m.range.upperBound { index += 1 }
    return w == "p"
  }

  /// Whether `half` and an hour here end the words or come before a day or a rule (`coffee with
  /// Lee half 3`, `half 6 sunday`, `half nine every day`): the British half past, though no `at`
  /// announced it (`cut in half 3 times`, `Act 2 half 3`, `Part 1, half 3` count or name parts).
  var halfHourEndsTime: Bool {
    guard isKeyword(.half), let t = peek(1) else { return false }
    let hour: Int?
    if case .number(let n) = t.kind { hour = n } else { hour = entry(.number, at: 1).flatMap(Int.init) }
    guard let n = hour, (1...12).contains(n) else { return false }
    // "cut in half 3", "Act 2 half 3": a share or a part, not a time
    if let before = peek(-1),
      before.isNumber || before.isOrdinal || before.isPunctuation(",")
        || ["in", "into", "by", "of", "was", "is", "the"].contains(before.word ?? "")
    {
      return false
    }
    guard let next = peek(2) else { return true }
    return next.isPunctuation(",") || isClass(.weekday, at: 2) || isKeyword(.today, at: 2)
      || isKeyword(.tomorrow, at: 2) || isClass(.every, at: 2) || isClass(.adverb, at: 2)
  }

  /// "half past 8", "quarter past 5", "quarter to 9", and where a time is announced (after
  /// "at", "@", "around", or in a list of times after one) the British "half 5" (half past
  /// five): the hour follows the bare-hour rule. In an hourly rule without an hour, the minute
  /// of each hour ("every hour at half past", "every hour at minute 30").
  mutating func parseClockWords(marked: Bool = false) -> ClockNode? {
    if isKeyword(.a), word(at: 1) == "quarter" { index += 1 }
    guard let t = current else { return nil }
    let offset: Int
    var hourAt = 2
    if isKeyword(.half), isKeyword(.past, at: 1) {
      offset = 30
    } else if marked || halfHourEndsTime, isKeyword(.half), atCount(at: 1) {
      offset = 30  // the British "at half 5": half past five
      hourAt = 1
    } else if word() == "quarter", isKeyword(.past, at: 1) {
      offset = 15
    } else if word() == "quarter", isKeyword(.to, at: 1) {
      offset = -15
    } else if marked, let (m, k) = minutesBeforeHour() {
      offset = isKeyword(.past, at: k) ? m : -m  // "twenty past four", "10 past 5", "ten to six"
      hourAt = k + 1
    } else if marked, let (m, k) = minutesPastEachHour() {
      index += k + 1  // "every hour at 15 past", "hourly at twenty past": the minute of each hour
      return clockNode(0, m, nil, bare: false, SourceRange(t.range.lowerBound, consumedEnd))
    } else if marked, tree.unit?.value == .hour, word() == "minute", let m = peek(1), case .number(let v) = m.kind,
      (0...59).contains(v)
    {
      index += 2  // "every hour at minute 0", "hourly at minute 30" (as schedulers describe it)
      return clockNode(0, v, nil, bare: false, SourceRange(t.range.lowerBound, consumedEnd))
    } else {
      return nil
    }
    var n: Int
    var pm: Bool?
    if let h = peek(hourAt), case .number(let v) = h.kind {
      n = v
    } else if let h = peek(hourAt), case .clock(let v, 0, let p?) = h.kind {
      (n, pm) = (v, p)  // "quarter past 7 pm": the tokenizer joined the hour and its meridiem
    } else if let v = entry(.number, at: hourAt).flatMap(Int.init) {
      n = v  // "half past seven"
    } else if let w = noonOrMidnight(at: hourAt) {
      // "quarter past midnight", "ten to noon": a 24-hour reading of the hour the word names.
      index += hourAt + 1
      let minutes = (w + offset + 24 * 60) % (24 * 60)
      return clockNode(minutes / 60, minutes % 60, nil, bare: false, SourceRange(t.range.lowerBound, consumedEnd))
    } else if marked, hourAt == 2, tree.unit?.value == .hour {
      // "every hour at half past", "hourly at quarter to": the minute of each hour.
      index += 2
      return clockNode(0, (offset + 60) % 60, nil, bare: false, SourceRange(t.range.lowerBound, consumedEnd))
    } else {
      return nil
    }
    guard (1...12).contains(n) else { return nil }
    index += hourAt + 1
    // "quarter to eight p.m.", "half past 6 pm": the hour's half of the day.
    if pm == nil, let mer = lex(.meridiem) { pm = mer.value == "pm" }
    if pm == nil { pm = lexDottedMeridiem(spaced: true) }
    if let pm { n = n % 12 + (pm ? 12 : 0) }
    var minutes = (n * 60 + offset + 24 * 60) % (24 * 60)
    // "ten to one", "quarter to one": before one in the afternoon, as a bare "at 1" is.
    if pm == nil, minutes < 60 { minutes += 12 * 60 }
    return clockNode(minutes / 60, minutes % 60, nil, bare: pm == nil, SourceRange(t.range.lowerBound, consumedEnd))
  }

  /// Minutes before `past` or `to` and an hour ("twenty past four", "10 mins past 5", "ten to
  /// six"; digits only before `past`, as "5 to 6" is a range): the minutes and the offset of
  /// `past` or `to`, nothing consumed.
  func minutesBeforeHour() -> (Int, Int)? {
    guard let (m, k, digits) = minutesAhead(),
      isKeyword(.past, at: k) || (!digits && isKeyword(.to, at: k))
    else { return nil }
    let hour = peek(k + 1)
    switch hour?.kind {
    case .number?, .clock(_, 0, .some)?: return (m, k)
    default:
      return entry(.number, at: k + 1).flatMap(Int.init) != nil || noonOrMidnight(at: k + 1) != nil ? (m, k) : nil
    }
  }

  /// The minute of the day (0 or 720) of `noon`, `midnight` or `midday` at `offset`, the hours a
  /// clock said in words may count from ("quarter past midnight", "ten to noon"); nil otherwise.
  func noonOrMidnight(at offset: Int) -> Int? {
    guard let w = entry(.timeword, at: offset).flatMap(Int.init), w == 0 || w == 720 else { return nil }
    return w
  }

  /// In an hourly rule, minutes before `past` and no hour ("at 15 past", "at twenty minutes
  /// past"): the minutes and the offset of `past`, nothing consumed.
  func minutesPastEachHour() -> (Int, Int)? {
    guard tree.unit?.value == .hour, let (m, k, _) = minutesAhead(), isKeyword(.past, at: k), !atCount(at: k + 1)
    else { return nil }
    return (m, k)
  }

  /// A count of minutes here, 1–59 in digits or words, with an optional `minutes`: the minutes,
  /// the offset of the word after them and whether they were digits; nothing consumed.
  func minutesAhead() -> (minutes: Int, after: Int, digits: Bool)? {
    let digits: Int?
    if let t = current, case .number(let v) = t.kind { digits = v } else { digits = nil }
    guard var m = digits ?? entry(.number).flatMap(Int.init), (1...59).contains(m) else { return nil }
    var k = 1
    // "twenty five past seven", "twenty-five to eight": tens and units in words.
    let unitAt = isPunctuation("-", at: 1) ? 2 : 1
    if digits == nil, [20, 30, 40, 50].contains(m), let u = entry(.number, at: unitAt).flatMap(Int.init),
      (1...9).contains(u)
    {
      m += u
      k = unitAt + 1
    }
    if word(at: k).map({ $0 == "minutes" || $0 == "mins" || $0 == "min" }) == true { k += 1 }
    return (m, k, digits != nil)
  }

  /// A time node from a clock reading, or an error when the reading is no time of day.
  mutating func clockNode(_ h: Int, _ m: Int, _ pm: Bool?, bare: Bool, _ range: SourceRange) -> ClockNode? {
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
    return .init(
      value: .init(seconds: hour * 3600 + m * 60, bare: bare, twentyFour: pm == nil && h >= 13), range: range)
  }
}

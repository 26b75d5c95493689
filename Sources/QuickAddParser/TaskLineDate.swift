import RecurrenceCore

/// What a date phrase of a task line means: a rule when it recurs, else one date, with or
/// without a time.
enum TaskLineDate {
  /// A date phrase's meaning.
  enum Reading: Hashable {
    case date(CivilDate)
    case dateTime(LocalDateTime)
    case rule(RecurrenceRule)
  }

  /// A reading, or the error that kept a phrase meant as a date from having one.
  struct Result {
    var reading: Reading?
    var diagnostics: [Diagnostic]
  }

  /// The title words of a line that say am or pm for a bare hour (`dinner`, `movie night`:
  /// evening; `alarm`, `breakfast`: morning), each as a part of the day, in line order: found
  /// once a line, so that reading each candidate date costs no pass over the line.
  static func titleCues(_ parser: Parser) -> [PhraseTree.Node<Int>] {
    var cues: [PhraseTree.Node<Int>] = []
    let lexicon = parser.lexicon
    for (k, t) in parser.tokens.enumerated() {
      let (mask, index) = parser.lexed[k]
      guard index >= 0 else { continue }
      if mask & WordClass.partofday.bit != 0,
        let minutes = lexicon.entryLists[index].first(where: { $0.wordClass == .partofday })?.number
      {
        cues.append(.init(value: minutes * 60, range: t.range))
        continue
      }
      switch lexicon.roles[index] {
      case .evening?: cues.append(.init(value: 19 * 3600, range: t.range))
      case .morning?: cues.append(.init(value: 9 * 3600, range: t.range))
      default: continue
      }
    }
    return cues
  }

  /// The first of the line's `cues` outside the date at `span`, when the date has a bare hour and
  /// names no part of the day itself.
  static func titleCue(_ cues: [PhraseTree.Node<Int>], _ span: SourceRange, _ tree: PhraseTree)
    -> PhraseTree.Node<Int>?
  {
    guard !cues.isEmpty, tree.partsOfDay.isEmpty, tree.times.contains(where: { $0.value.bare }) else { return nil }
    return cues.first { $0.range.upperBound <= span.lowerBound || $0.range.lowerBound >= span.upperBound }
  }

  /// The meaning of the tree the parser holds, or nil when it is no date at all (a month alone,
  /// a year alone, several days without a rule, a period).
  /// `words` are the tokens of the phrase, `cues` the line's `titleCues`.
  static func reading(
    _ parser: Parser, options: TaskLineOptions, span: SourceRange, words: Range<Int>, cues: [PhraseTree.Node<Int>]
  ) -> Result? {
    var box = parser.treeBox
    var warnings: [Diagnostic] = []
    let days = box.tree.days
    if box.tree.dayListPeriod == .week, !saysItRecurs(parser, words) {
      // "gym mon wed fri", "yoga tue, thu": a week's days, every week. Days of the month stay
      // as they are in a line: "1st and 2nd graders", "the 2nd and 3rd floor".
      box = TreeBox(box.tree)
      box.tree.recurring = box.tree.recurring ?? days[0].range
      warnings.append(TaskLineDiagnostic.weekdayList(span))
    }
    // "reconcile accounts on the 1st and 15th": days of the month said with "on" are each
    // month's, as the phrase reads them, where the line's part ends or a function word follows
    // ("on the 2nd and 3rd floor" are floors); "Toastmasters 1st and 3rd tuesday": ordinal
    // weekdays no single date holds.
    let monthDaysWithOn =
      box.tree.start == nil && days.allSatisfy({ if case .monthDay = $0.value { true } else { false } })
      && parser.tokens[words].prefix(while: { !$0.isOrdinal && !$0.isNumber }).contains(where: { $0.word == "on" })
      && (words.upperBound >= parser.tokens.count
        || parser.tokens[words.upperBound].word.map(TaskLineReader.ordinalDateEnders.contains) ?? true)
    if box.tree.recurring == nil, days.count > 1, box.tree.months.isEmpty,
      monthDaysWithOn || days.allSatisfy({ if case .ordinalWeekday = $0.value { true } else { false } })
    {
      box = TreeBox(box.tree)
      box.tree.recurring = days[0].range
      warnings.append(ParseDiagnostic.dayList(.month, span))
    }
    if box.tree.recurring == nil {
      if !box.tree.months.isEmpty,
        days.contains(where: {
          switch $0.value {
          case .ordinalWeekday, .ordinalInstance: true
          default: false
          }
        })
      {
        box = TreeBox(box.tree)
        box.tree.recurring = days[0].range  // "the fourth thursday in november", as the phrase does
      }
    }
    if box.tree.recurring == nil, days.count == 1, box.tree.months.isEmpty, box.tree.start == nil,
      case .ordinalWeekday(let n, let w) = days[0].value, (1...5).contains(n),
      let date = options.now.date.nextNthWeekday(n, w)
    {
      // "Call Sam 3rd tuesday", "the first monday": the next such day ("last tuesday" is a
      // past one, and not read).
      box = TreeBox(box.tree)
      box.tree.days = []
      box.tree.start = .init(value: .iso(date), range: days[0].range)
    }
    if let cue = titleCue(cues, span, box.tree) {
      box = TreeBox(box.tree)
      box.tree.partsOfDay.append(cue)  // "Dinner at 7 tomorrow": 19:00
    }
    box.tree.span = span
    if box.tree.recurring != nil {
      // A rule whose times name a zone ("every day at 9am EST") counts from now in that zone.
      let now = options.reference(in: box.tree.zone?.value)?.now ?? options.now
      var resolver = Resolver(tree: box, now: now, dialect: options.dialect)
      let rule = resolver.resolve()
      return Result(reading: rule.map(Reading.rule), diagnostics: warnings + resolver.diagnostics)
    }
    // A time alone in a zone ("call 9am EST") is today there, or tomorrow when it has passed there.
    let timeAlone = box.tree.days.isEmpty && box.tree.start == nil && box.tree.months.isEmpty
    let now = timeAlone ? options.reference(in: box.tree.zone?.value)?.now ?? options.now : options.now
    var resolver = Resolver(tree: box, now: now, dialect: options.dialect)
    var one = resolver.resolveOneOff()
    if resolver.failed { return Result(reading: nil, diagnostics: resolver.diagnostics) }
    if case .dateTime(let t)? = one, t.secondOfDay == 0, box.tree.start != nil || !box.tree.days.isEmpty {
      if parser.tokens[words].contains(where: { $0.word == "midnight" }) {
        // "submit by sunday midnight": the midnight that ends Sunday.
        one = .dateTime(LocalDateTime(date: t.date.adding(days: 1), secondOfDay: 0))
      } else if let night = box.tree.partsOfDay.first, night.value == 22 * 3600, let time = box.tree.times.first,
        time.range.lowerBound > night.range.lowerBound, !time.value.bare
      {
        // "friday night at 12am", "at 00:00": the small hours after Friday's night.
        one = .dateTime(LocalDateTime(date: t.date.adding(days: 1), secondOfDay: 0))
        resolver.warn(
          ParseDiagnostic.smallHoursAfterNight(SourceRange(night.range.lowerBound, time.range.upperBound)))
      }
    }
    if case .dateTime(let t)? = one, let zone = box.tree.zone {
      one = .dateTime(options.local(t, writtenIn: zone.value))  // "call 3pm EST tomorrow" in London: 20:00
      resolver.warnOfZone()
    }
    guard let one else { return nil }
    return Result(reading: one, diagnostics: resolver.diagnostics)
  }
}

extension TaskLineDate {
  /// Whether the phrase of tokens `words` has a word that makes it recur: `every`, an adverb, a plural
  /// weekday (`mondays`), `repeat`.
  static func saysItRecurs(_ parser: Parser, _ words: Range<Int>) -> Bool {
    for k in words {
      let t = parser.tokens[k]
      let mask = parser.lexed[k].mask
      if mask & (WordClass.every.bit | WordClass.adverb.bit) != 0 { return true }
      if mask & WordClass.weekday.bit != 0, t.word?.hasSuffix("days") == true { return true }
      if parser.lexed[k].index >= 0, parser.lexicon.roles[parser.lexed[k].index] == .repeat { return true }
    }
    return false
  }
}

extension Resolver {
  /// One date, with or without a time, from a tree that does not recur; nil when the tree is
  /// not one date. An impossible date records an error and reads as no date.
  mutating func resolveOneOff() -> TaskLineDate.Reading? {
    let t = tree
    // "next week" is its first day (the phrase grammar reads it as the week, a start and an end);
    // "the 27th of january" is one date.
    var periodEnd = false
    if case .until(.endOf)? = t.end?.value, case .nextUnit? = t.start?.value { periodEnd = true }
    var days = t.days
    var year: Int?
    if days.count == 2, case .date = days[0].value, case .monthDay(let y) = days[1].value,
      Parser.isYear(y, written: days[1].range) || Tokenizer.twoDigitYears.contains(y)
    {
      year = y  // "on june 6 2028", "on 6 june 28" (a two-digit year, read as its century's)
      days.removeLast()
    }
    // (Checked on a leap year first, so that an impossible date records no error from here.)
    if days.count == 2, case .date(let m, let d) = days[0].value, case .weekday(let w) = days[1].value,
      CivilDate(year: 2000, month: m, day: d).isValid,
      let resolved = resolve(.monthDay(month: m, day: d, year: year), from: now.date, days[0].range),
      resolved.dayOfWeek.rawValue == w
    {
      days.removeLast()  // "dec 11, friday": the weekday names the date's own
    }
    var monthDate: (Int, Int)?
    if t.months.count == 1, days.count == 1, case .monthDay(let n) = days[0].value {
      monthDate = (t.months[0].value, n)
    }
    guard t.unit == nil, t.count == nil, t.months.isEmpty || monthDate != nil, t.weeks.isEmpty, t.excluded.isEmpty,
      t.excludedDates.isEmpty, t.end == nil || periodEnd, t.occurrences == nil, t.afterCompletion == nil,
      days.count <= 1, t.partsOfDay.count <= 1,
      // A start time only as a range of hours: "wed between 8 and 12" is at 8, "tomorrow from
      // 9 to 11" tomorrow at 9.
      t.startTime == nil || (t.times.isEmpty && t.timeRangeEnd != nil)
    else { return nil }
    var date: CivilDate?
    if let s = t.start, case .year(let y) = s.value, days.count == 1, case .date(let m, let d) = days[0].value {
      // "jan 27 2028"
      guard let resolved = resolveMonthDay(m, d, year: y, from: now.date, days[0].range) else { return nil }
      date = resolved
    } else if let s = t.start {
      guard days.isEmpty else { return nil }
      switch s.value {
      case .year, .month, .now: return nil
      case .offset(let n, let unit) where unit == .hour || unit == .minute:
        guard t.times.isEmpty, t.partsOfDay.isEmpty, n <= 100_000 else { return nil }
        return .dateTime(LocalDateTime(localSeconds: now.localSeconds + n * (unit == .hour ? 3600 : 60)))
      default:
        guard let d = resolve(s.value, from: now.date, s.range) else { return nil }
        date = d
      }
    } else if let d = days.first, case .holiday(let m, let n, let w) = d.value {
      // "Thanksgiving dinner", "Call mom on Mother's Day": the next one on or after today; said a
      // week after this year's, next year's with QA215, as a date without a year
      let thisYear = CivilDate.nthWeekday(n, w, month: m, year: now.date.year)
      if let thisYear, thisYear >= now.date {
        date = thisYear
      } else {
        guard let next = CivilDate.nthWeekday(n, w, month: m, year: now.date.year + 1) else { return nil }
        if let thisYear { warnIfJustPast(thisYear, readAs: next, d.range) }
        date = next
      }
    } else if let d = days.first {
      let ref: PhraseTree.DateRef
      switch d.value {
      case .weekday(let w): ref = .weekday(w)
      case .date(let m, let day): ref = .monthDay(month: m, day: day, year: year)
      case .monthDay(let n): ref = monthDate.map { .monthDay(month: $0.0, day: n, year: nil) } ?? .dayOfMonth(n)
      case .weekend: ref = .weekend(offset: 0)
      default: return nil
      }
      guard let resolved = resolve(ref, from: now.date, d.range) else { return nil }
      date = resolved
    }
    var seconds: Int?
    if let node = t.times.first ?? t.startTime {
      seconds = clockSeconds(node, cue: t.partsOfDay.first?.value)
      if let end = t.timeRangeEnd { warn(ParseDiagnostic.timeRange(end.range)) }
      if t.times.count > 1, let last = t.times.last {
        // "give meds at 8am and 8pm": one date has one time, said aloud: the first on a named
        // day, else the next to come today (20:00 said at 10:00).
        if date == nil, let s = seconds, s <= now.secondOfDay {
          for node in t.times.dropFirst() {
            let later = clockSeconds(node, cue: t.partsOfDay.first?.value)
            if later > now.secondOfDay {
              seconds = later
              break
            }
          }
        }
        warn(TaskLineDiagnostic.oneTime(SourceRange(t.times[0].range.lowerBound, last.range.upperBound)))
      }
    } else if let part = t.partsOfDay.first {
      seconds = part.value
    }
    if var date, let night = t.partsOfDay.first, night.value == 22 * 3600, let seconds, seconds < 5 * 3600,
      let time = t.times.first, time.range.lowerBound > night.range.lowerBound, time.value.bare || seconds != 0
    {
      // (00:00, 12am and midnight are moved where the words are known: see `reading`.)
      // "friday night at 1am", "tonight at 2": the small hours after that night, the next day.
      date = date.adding(days: 1)
      warn(ParseDiagnostic.smallHoursAfterNight(SourceRange(night.range.lowerBound, time.range.upperBound)))
      return .dateTime(LocalDateTime(date: date, secondOfDay: seconds))
    }
    if var date {
      if let seconds, date == now.date, seconds <= now.secondOfDay, case .weekday? = days.first?.value {
        date = date.adding(days: 7)  // "mon 9am" on a Monday at 10:00: next Monday
      }
      return seconds.map { .dateTime(LocalDateTime(date: date, secondOfDay: $0)) } ?? .date(date)
    }
    guard let seconds else { return nil }
    // A time alone: today, or tomorrow when it has passed.
    let today = LocalDateTime(date: now.date, secondOfDay: seconds)
    return .dateTime(today < now ? LocalDateTime(date: now.date.adding(days: 1), secondOfDay: seconds) : today)
  }
}

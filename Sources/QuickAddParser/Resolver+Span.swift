import RecurrenceCore

extension Resolver {
  /// The end step: `until`, `through` and `for` into an inclusive end date-time.
  mutating func resolveEnd() -> Bool {
    guard let e = tree.end, !draft.spanInPeriod else { return true }
    let start = draft.start
    let from = max(start?.date ?? now.date, now.date)
    switch e.value {
    case .until(let ref), .through(let ref):
      guard var date = resolve(ref, from: from, e.range) else { return false }
      if case .through = e.value, ref.namesMonth {
        date = CivilDate(year: date.year, month: date.month, day: CivilDate.daysIn(month: date.month, year: date.year))
      } else if case .month = ref, date < from, start == nil {
        date = date.adding(months: 12)  // "until november" said in November: next November's 1st
      }
      if case .year(let y) = ref { date = CivilDate(year: y, month: 12, day: 31) }  // "until 2028": through it
      draft.end = .afterDate(LocalDateTime(date: date, hour: 23, minute: 59, second: 59))
    case .forDuration(let n, let unit):
      guard resolveDuration(n, unit, e.range) else { return false }
    }
    if case .afterDate(let u) = draft.end, u < (start ?? LocalDateTime(date: now.date)) {
      return fail(ParseDiagnostic.endBeforeStart(e.range))
    }
    return true
  }

  /// `for 3 weeks`: ends the day before start + 3 weeks, and `for 3 hours` (or `for 7 days` of a
  /// sub-daily rule) the second before start + 3 hours; minutes and hours only end sub-daily rules (on a daily rule they are a
  /// task duration).
  mutating func resolveDuration(_ n: Int, _ unit: PhraseTree.Unit, _ range: SourceRange) -> Bool {
    guard n >= 1 else { return fail(ParseDiagnostic.zeroInterval(range)) }
    let sub = draft.frequency.isSubDaily
    let from = draft.start ?? LocalDateTime(date: now.date, secondOfDay: sub ? now.secondOfDay : 0)
    switch unit {
    case .minute, .hour:
      guard sub else {
        // "every day at 6:30pm for 45 min": how long each time takes, reported, not kept.
        warn(ParseDiagnostic.taskDuration("for \(n) \(unit.rawValue)\(n == 1 ? "" : "s")", range))
        return true
      }
      guard n <= 100_000 else {
        return fail(ParseDiagnostic.outOfRange("'for \(ParseDiagnostic.quantity(n))' is too long", range))
      }
      // "every hour for 3 hours" from 10:00 is 10:00, 11:00 and 12:00: the span's end is not in
      // it, as "every day for 5 days" has five days.
      let seconds = n * (unit == .hour ? 3600 : 60)
      draft.end = .afterDate(LocalDateTime(localSeconds: from.localSeconds + seconds - 1))
    default:
      guard n <= 10_000 else {
        return fail(ParseDiagnostic.outOfRange("'for \(ParseDiagnostic.quantity(n))' is too long", range))
      }
      if sub, unit == .day || unit == .week {
        // "every 8 hours for 7 days" from 10:00 is 21 doses, to the second before 10:00 a week on.
        let days = n * (unit == .week ? 7 : 1)
        draft.end = .afterDate(LocalDateTime(localSeconds: from.localSeconds + days * 86_400 - 1))
        return true
      }
      let last = offset(from.date, n, unit).adding(days: -1)
      draft.end = .afterDate(LocalDateTime(date: last, hour: 23, minute: 59, second: 59))
    }
    return true
  }

  /// A `for 5 days` span with no written start counts from the first occurrence, not from
  /// today: "every day at 9 for 5 days" said at 10:00 is five doses, Dec 1 to Dec 5, and
  /// "every monday for 4 weeks" said on a Tuesday is four Mondays. "For the next month" names
  /// the stretch from today, and keeps it.
  func spanFromFirstOccurrence(_ rule: inout RecurrenceRule) {
    guard case .forDuration(let n, let unit)? = tree.end?.value, tree.start == nil, !tree.endCountsFromNow,
      rule.anchor == .schedule,
      !rule.frequency.isSubDaily, unit != .minute, unit != .hour
    else { return }
    var open = rule
    open.end = .never
    guard let first = open.next(1, from: rule.start ?? now, in: nil).first?.local,
      first.date > (rule.start?.date ?? now.date)
    else { return }
    let last = offset(first.date, n, unit).adding(days: -1)
    rule.end = .afterDate(LocalDateTime(date: last, hour: 23, minute: 59, second: 59))
  }

  /// The count step: `5 times`.
  mutating func resolveCount() -> Bool {
    guard let c = tree.occurrences else { return true }
    guard (1...RecurrenceRule.maxCount).contains(c.value) else {
      return fail(ParseDiagnostic.outOfRange("the number of times must be 1…\(RecurrenceRule.maxCount)", c.range))
    }
    draft.end = .afterOccurrences(c.value)
    // "every day 3 times", "weekly 2 times": nothing says which times of the period, so a count
    // per period is as likely a meaning.
    if tree.notes.contains(where: { $0.value == .bareCount }), tree.days.isEmpty, tree.times.isEmpty,
      tree.partsOfDay.isEmpty, tree.start == nil, draft.interval == 1,
      c.value <= 7, let period = [.daily: "day", .weekly: "week", .monthly: "month"][draft.frequency]
    {
      warn(ParseDiagnostic.countNotPerPeriod(c.value, period: period, c.range))
    }
    return true
  }

  /// A date `n` units after `date`.
  func offset(_ date: CivilDate, _ n: Int, _ unit: PhraseTree.Unit) -> CivilDate {
    switch unit {
    case .minute, .hour, .day: return date.adding(days: unit == .day ? n : 0)
    case .week: return date.adding(days: 7 * n)
    case .fortnight: return date.adding(days: 14 * n)
    case .month: return date.adding(months: n)
    case .quarter: return date.adding(months: 3 * n)
    case .year: return date.adding(months: 12 * n)
    case .decade: return date.adding(months: 120 * n)
    }
  }

  /// Resolves a written date against `today`, or records an error and answers nil.
  mutating func resolve(_ ref: PhraseTree.DateRef, from today: CivilDate, _ range: SourceRange) -> CivilDate? {
    switch ref {
    case .iso(let d):
      guard d.isValid, (1...9999).contains(d.year) else {
        _ = fail(ParseDiagnostic.impossibleDate(month: d.month, day: d.day, range))
        return nil
      }
      return d
    case .today, .now: return now.date
    case .endOf(let unit, let offset):
      // This week, month or year is the reference date's, whatever the start.
      let today = now.date
      switch unit {
      case .year, .decade: return CivilDate(year: today.year + offset, month: 12, day: 31)
      case .week, .fortnight: return today.adding(days: 7 - today.dayOfWeek.rawValue + 7 * offset)
      case .quarter:
        // The quarter's last month: March, June, September or December.
        let first = CivilDate(year: today.year, month: (today.month - 1) / 3 * 3 + 3, day: 1).adding(months: 3 * offset)
        return CivilDate(
          year: first.year, month: first.month, day: CivilDate.daysIn(month: first.month, year: first.year))
      default:
        let first = CivilDate(year: today.year, month: today.month, day: 1).adding(months: offset)
        return CivilDate(
          year: first.year, month: first.month, day: CivilDate.daysIn(month: first.month, year: first.year))
      }
    case .year(let y):
      return CivilDate(year: y, month: 1, day: 1)
    case .tomorrow: return now.date.adding(days: 1)
    case .yesterday: return now.date.adding(days: -1)
    case .weekend(let offset):
      let weekday = today.dayOfWeek.rawValue
      let saturday = today.adding(days: (6 - weekday + 7) % 7)
      if weekday == 7 { return offset == 0 ? today : saturday.adding(days: 7 * (offset - 1)) }
      return saturday.adding(days: 7 * offset)
    case .nextWorkday:
      var day = today.adding(days: 1)
      while day.dayOfWeek.rawValue > 5 { day = day.adding(days: 1) }
      return day
    case .workdaysAhead(let n):
      guard n >= 0, n <= 10_000 else {
        _ = fail(ParseDiagnostic.outOfRange("'in \(ParseDiagnostic.quantity(n))' is too far ahead", range))
        return nil
      }
      // Whole weeks of five, then the days left one by one past weekends.
      var day = today.adding(days: 7 * (n / 5))
      for _ in 0..<(n % 5) {
        day = day.adding(days: 1)
        while day.dayOfWeek.rawValue > 5 { day = day.adding(days: 1) }
      }
      return day
    case .weekday(let d):
      return today.adding(days: today.days(untilWeekday: d))
    case .weekdayDate(let w, let inner):
      if case .monthDay(let m, let d, nil) = inner {
        // "starting tuesday 1 december" said on Wednesday the 2nd: yesterday's, the date that
        // falls on the weekday written, when it is this past week's.
        let recent = CivilDate(year: today.year, month: m, day: d)
        if recent.isValid, recent < today, recent >= today.adding(days: -6), recent.dayOfWeek.rawValue == w {
          return recent
        }
      }
      guard let date = resolve(inner, from: today, range) else { return nil }
      guard date.dayOfWeek.rawValue == w else {
        let named = DayOfWeek(rawValue: w)?.name ?? ""
        _ = fail(ParseDiagnostic.outOfRange("\(date) is a \(date.dayOfWeek.name), not a \(named)", range))
        return nil
      }
      return date
    case .weekdayLater(let d, let days):
      return today.adding(days: today.days(untilWeekday: d) + days)
    case .comingWeekday(let d):
      let ahead = today.days(untilWeekday: d)
      return today.adding(days: ahead == 0 ? 7 : ahead)
    case .nextWeekday(let d):
      let ahead = (d - today.dayOfWeek.rawValue + 7) % 7
      // Todoist: "the second Friday to occur" (the one after "friday"); ours: that day of next
      // week, Monday to Sunday, as chrono and most task apps read it (on a Saturday both are the
      // coming Friday).
      if dialect == .todoist { return today.adding(days: ahead + 7) }
      let day = today.adding(days: 8 - today.dayOfWeek.rawValue + d - 1)
      if ahead > 0, today.dayOfWeek.rawValue + ahead <= 7 {
        // On a Wednesday "next friday" is next week's; some mean this week's: say both.
        warn(ParseDiagnostic.nextWeekdayNextWeek(day, range))
      }
      return day
    case .nextUnit(let unit):
      switch unit {
      case .week, .fortnight: return today.adding(days: 8 - today.dayOfWeek.rawValue)
      case .month, .quarter: return CivilDate(year: today.year, month: today.month, day: 1).adding(months: 1)
      case .year, .decade: return CivilDate(year: today.year + 1, month: 1, day: 1)
      default: return today.adding(days: 1)
      }
    case .monthDay(let m, let d, let year):
      return resolveMonthDay(m, d, year: year, from: today, range)
    case .month(let m):
      let candidate = CivilDate(year: today.year, month: m, day: 1)
      return m >= today.month ? candidate : CivilDate(year: today.year + 1, month: m, day: 1)
    case .monthOfYear(let m, let y):
      return resolveMonthDay(m, 1, year: y, from: today, range)
    case .dayOfMonth(let d):
      guard (1...31).contains(d) else {
        _ = fail(ParseDiagnostic.outOfRange("'\(ParseDiagnostic.quantity(d))' is not a day of the month (1–31)", range))
        return nil
      }
      return today.nextDay(ofMonth: d)
    case .offset(let n, let unit):
      guard n >= 0, n <= 10_000 else {
        _ = fail(ParseDiagnostic.outOfRange("'in \(ParseDiagnostic.quantity(n))' is too far ahead", range))
        return nil
      }
      return offset(today, n, unit)
    }
  }

  /// `aug 3` (the next one on or after `today`) or `aug 3 2027`.
  mutating func resolveMonthDay(_ m: Int, _ d: Int, year: Int?, from today: CivilDate, _ range: SourceRange)
    -> CivilDate?
  {
    guard (1...12).contains(m), d >= 1, d <= CivilDate.maxDaysIn(month: m) else {
      _ = fail(ParseDiagnostic.impossibleDate(month: m, day: d, range))
      return nil
    }
    if let year {
      let date = CivilDate(year: year, month: m, day: d)
      guard (1...9999).contains(year), date.isValid else {
        _ = fail(ParseDiagnostic.impossibleDate(month: m, day: d, range))
        return nil
      }
      return date
    }
    guard let next = today.nextDate(month: m, day: d) else { return nil }
    // "Pay invoice on dec 1" said on Dec 2: next year's, but this year's was just past; say so.
    let past = CivilDate(year: next.year - 1, month: m, day: d)
    if today == now.date, past.isValid { warnIfJustPast(past, readAs: next, range) }
    return next
  }

  /// QA215 when `past`, this year's date of what was read as next year's `next`, was at most
  /// `recentPastDays` before the reference date.
  mutating func warnIfJustPast(_ past: CivilDate, readAs next: CivilDate, _ range: SourceRange) {
    let daysAgo = now.date.dayNumber - past.dayNumber
    if daysAgo > 0, daysAgo <= Self.recentPastDays {
      warn(ParseDiagnostic.nextYearsDate(next, past: past, daysAgo: daysAgo, range))
    }
  }

  /// How many days back a date without a year counts as just past (QA215).
  static let recentPastDays = 31

  /// A start and an end that name a span inside the rule's own period are its days or months:
  /// "every month from the 1st to the 5th" is the 1st to the 5th of each month, and "every year
  /// from june to august" each June, July and August (as a start and an end they would leave
  /// one occurrence). Only bare days of the month with a monthly rule, and bare months with a
  /// yearly one, and only where no days or months are named besides.
  mutating func resolveSpanInPeriod() -> Bool {
    guard let unit = tree.unit?.value, unit == .month || unit == .year, let s = tree.start, let e = tree.end,
      tree.days.isEmpty, tree.months.isEmpty
    else { return true }
    let last: PhraseTree.DateRef
    switch e.value {
    case .until(let ref), .through(let ref): last = ref
    default: return true
    }
    let range = SourceRange(min(s.range.lowerBound, e.range.lowerBound), max(s.range.upperBound, e.range.upperBound))
    switch (unit, s.value, last) {
    case (.month, .dayOfMonth(let a), .dayOfMonth(let b)) where (1...31).contains(a) && (1...31).contains(b):
      draft.spanInPeriod = true
      // "from the 25th to the 5th" runs over the month's end.
      for d in a <= b ? Array(a...b) : Array(a...31) + Array(1...b) {
        guard resolveDay(.init(value: .monthDay(d), range: range)) else { return false }
      }
    case (.year, .month(let a), .month(let b)) where a < b || (a > b && (tree.count?.value ?? 1) == 1):
      draft.spanInPeriod = true
      // "from november to february" runs over the new year (every year: every other year would
      // split the season between two calendar years).
      draft.months = a < b ? Array(a...b) : Array(a...12) + Array(1...b)
      draft.monthDays = [1]
      draft.kinds.insert(.monthday)
    default: return true
    }
    return true
  }
}

extension PhraseTree.DateRef {
  /// Whether the date names a whole month (`june`, `june 2028`), whose last day `through` means.
  var namesMonth: Bool {
    switch self {
    case .month, .monthOfYear: true
    default: false
    }
  }
}

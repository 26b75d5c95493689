import RecurrenceCore

extension Resolver {
  /// The start step: the written start date and its time of day.
  mutating func resolveStart() -> Bool {
    if let s = tree.start, !draft.spanInPeriod {
      guard var date = resolve(s.value, from: now.date, s.range) else { return false }
      if let season = seasonStart() { date = season }
      var second = tree.startTime?.value.seconds ?? 0
      if case .now = s.value { second = now.secondOfDay / 60 * 60 }  // "starting now", to the minute
      draft.start = LocalDateTime(date: date, secondOfDay: second)
    }
    return true
  }

  /// The first day of the season `from <month> to <month>` names when today is inside it
  /// ("every thursday from september to june" said in December started this September), or nil.
  /// A start written with `starting` is the next such month, and a span of 11 months or more
  /// is no season.
  func seasonStart() -> CivilDate? {
    // A yearly rule's season is next year's ("every year on sep 1 from september to june").
    let yearly = tree.unit?.value == .year || tree.days.contains { if case .date = $0.value { true } else { false } }
    guard tree.startSaysFrom, !yearly, case .month(let first)? = tree.start?.value, let end = tree.end?.value else {
      return nil
    }
    let last: Int
    switch end {
    case .until(.month(let m)), .through(.month(let m)): last = m
    default: return nil
    }
    let today = now.date.month
    guard (last - first + 12) % 12 < 10 else { return nil }
    let inside = first <= last ? (first...last).contains(today) : today >= first || today <= last
    guard inside, first != today else { return nil }
    return CivilDate(year: today > first ? now.date.year : now.date.year - 1, month: first, day: 1)
  }

  /// The period step: the frequency and interval, written or implied by the days, and the
  /// checks that the days fit the period.
  mutating func resolvePeriod() -> Bool {
    let kinds = draft.kinds
    guard let unit = tree.unit else { return inferPeriod() }
    switch unit.value {
    case .minute: draft.frequency = .minutely
    case .hour: draft.frequency = .hourly
    case .day: draft.frequency = .daily
    case .week: draft.frequency = .weekly
    case .fortnight: (draft.frequency, draft.interval) = (.weekly, 2)
    case .month: draft.frequency = .monthly
    case .quarter: (draft.frequency, draft.interval) = (.monthly, 3)
    case .decade: (draft.frequency, draft.interval) = (.yearly, 10)
    case .year: draft.frequency = .yearly
    }
    if let count = tree.count {
      guard count.value >= 1 else { return fail(ParseDiagnostic.zeroInterval(count.range)) }
      guard count.value <= RecurrenceRule.maxInterval / draft.interval else {
        return fail(
          ParseDiagnostic.outOfRange(
            "an interval of \(ParseDiagnostic.quantity(count.value)) is too long; at most \(RecurrenceRule.maxInterval / draft.interval) \(unit.value.rawValue)s",
            count.range))
      }
      draft.interval *= count.value
    }
    if unit.value == .quarter, draft.start == nil, !kinds.isDisjoint(with: [.nth, .monthday, .workday]) {
      // Quarters begin in January, April, July and October; "last day of each quarter" falls
      // in their last months.
      let signs = Set(
        draft.monthDays.map { $0 > 0 } + draft.positions.map { $0 > 0 }
          + draft.weekdays.compactMap { $0.ordinal.map { $0 > 0 } })
      guard signs.count == 1, let fromStart = signs.first else {
        return fail(
          ParseDiagnostic.unsupported(
            "days counted from a quarter's start and from its end fall in different months; make a task for each",
            daysRange))
      }
      let month = (now.date.month - 1) / 3 * 3 + (fromStart ? 1 : 3)
      draft.start = LocalDateTime(date: CivilDate(year: now.date.year, month: month, day: 1))
    }
    if draft.frequency == .weekly, kinds.contains(.date) {
      return fail(
        ParseDiagnostic.unsupported("a weekly rule cannot fall on a date; say 'every year on …'", unit.range))
    }
    if draft.frequency == .weekly, !kinds.isDisjoint(with: [.monthday, .nth, .workday]) {
      return fail(
        ParseDiagnostic.unsupported(
          "a weekly rule cannot fall on a day of the month; say 'every month on …'", unit.range))
    }
    if draft.frequency.isSubDaily, !kinds.isSubset(of: [.weekday]) {
      // Weekdays limit an hourly rule ("every hour on weekdays"); days of the month do not read so.
      return fail(
        ParseDiagnostic.unsupported(
          "an hourly or minutely rule can be limited to weekdays only, not to days of the month or dates; make one rule a day",
          unit.range))
    }
    if draft.frequency <= .daily, !kinds.isEmpty, !kinds.contains(.weekday) {
      return fail(ParseDiagnostic.unsupported("a daily rule cannot fall on particular days of the month", unit.range))
    }
    if draft.frequency == .monthly, !draft.dates.isEmpty, datesSpacedByInterval {
      // "semiannually on jan 1 and jul 1", "every 6 months on jun 1 and dec 1": the dates a
      // year of the interval's periods falls on, each once a year.
      (draft.frequency, draft.interval) = (.yearly, 1)
    }
    if draft.frequency == .monthly, !draft.dates.isEmpty {
      return fail(
        ParseDiagnostic.unsupported(
          "a date falls once a year; say 'every year on …', or 'every month on the …' for a day of each month",
          daysRange))
    }
    if !draft.holidays.isEmpty, draft.frequency != .yearly {
      return fail(
        ParseDiagnostic.unsupported(
          "a holiday falls once a year; say 'every thanksgiving' or 'every year on thanksgiving'", unit.range))
    }
    if !draft.yearDays.isEmpty, draft.frequency != .yearly {
      return fail(ParseDiagnostic.unsupported("a day of the year falls once a year; say 'every year on …'", daysRange))
    }
    if draft.frequency == .yearly, kinds.contains(.weekday), tree.months.isEmpty, tree.weeks.isEmpty {
      return fail(
        ParseDiagnostic.unsupported(
          "a yearly rule on a weekday needs its month and which one, as in 'every year on the first monday of may'",
          daysRange))
    }
    leapYears()
    reportNotes()
    return true
  }

  /// Whether the dates are one a period of a monthly interval that divides the year, on the same
  /// day of the month, its months that interval apart (`jan 1 and jul 1` every 6 months).
  var datesSpacedByInterval: Bool {
    let n = draft.interval
    guard n > 1, 12 % n == 0, draft.dates.count == 12 / n, Set(draft.dates.map(\.day)).count == 1 else { return false }
    let months = draft.dates.map(\.month).sorted()
    return zip(months, months.dropFirst()).allSatisfy { $1 - $0 == n }
  }

  /// The period implied by the days when none was written.
  mutating func inferPeriod() -> Bool {
    let kinds = draft.kinds
    // "every morning in august": each morning of the month, not its first day.
    let dailyInMonths = kinds.isEmpty && !tree.partsOfDay.isEmpty
    if kinds.contains(.date) || !draft.holidays.isEmpty
      || (!tree.months.isEmpty
        && ((kinds.isEmpty && !dailyInMonths) || !kinds.isDisjoint(with: [.nth, .monthday, .workday])))
    {
      draft.frequency = .yearly
    } else if !kinds.isDisjoint(with: [.nth, .monthday, .workday]) {
      draft.frequency = .monthly
      // "every 3rd friday" could be every three weeks; "every first and third monday" could not.
      if let (n, d, range) = draft.ordinalWarning, draft.weekdays.count(where: { $0.ordinal != nil }) == 1 {
        warn(ParseDiagnostic.ordinalWeekdayReading(range, ordinal: n, day: day(d).name))
      }
    } else if kinds.contains(.weekday) {
      draft.frequency = .weekly
    } else if !draft.yearDays.isEmpty {
      draft.frequency = .yearly
    } else if !tree.times.isEmpty || !tree.partsOfDay.isEmpty {
      draft.frequency = .daily
    } else if !tree.months.isEmpty || !draft.yearDays.isEmpty {
      draft.frequency = .yearly
    } else {
      return fail(ParseDiagnostic.everyNeedsPeriod(tree.span))
    }
    leapYears()
    reportNotes()
    return true
  }

  /// "every leap day": every fourth year on Feb 29, from the next one (`anchorAtFirstMatch`).
  mutating func leapYears() {
    guard tree.notes.contains(where: { $0.value == .leapDay }), draft.frequency == .yearly, draft.interval == 1
    else { return }
    draft.interval = 4
  }

  /// Warnings for the readings chosen where two are common.
  mutating func reportNotes() {
    for note in tree.notes {
      switch note.value {
      case .nthWeekend:
        warn(ParseDiagnostic.nthWeekendReading(note.range))
      case .indiaZone, .bareCount, .leapDay, .weekdayOnMonthDay:
        break  // `warnOfZone`, `resolveCount` and `leapYears` act on these
      case .biyearly:
        warn(ParseDiagnostic.biReading("bi-", "year", chosen: "every six months", other: "every two years", note.range))
      case .triyearly:
        warn(
          ParseDiagnostic.biReading("tri-", "year", chosen: "every four months", other: "every three years", note.range)
        )
      case .biweekly, .bimonthly, .bidaily, .bihourly, .triweekly, .trimonthly, .tridaily, .trihourly:
        let two = note.value.rawValue.hasPrefix("bi")
        let unit: String =
          switch note.value {
          case .biweekly, .triweekly: "week"
          case .bimonthly, .trimonthly: "month"
          case .bidaily, .tridaily: "day"
          default: "hour"
          }
        warn(
          ParseDiagnostic.biReading(
            two ? "bi-" : "tri-", unit, chosen: "every \(two ? "two" : "three") \(unit)s",
            other: "\(two ? "twice" : "three times") a \(unit)", note.range))
      }
    }
  }

  /// The months step: months named as a scope, and the month a yearly rule takes from its
  /// start when none is named.
  mutating func resolveMonths() -> Bool {
    let named = tree.months.map { $0.value }
    guard monthGroupsAgree() else { return false }
    guard resolveWeeks() else { return false }
    if !named.isEmpty {
      if draft.frequency.isSubDaily {
        return fail(
          ParseDiagnostic.unsupported("an hourly rule cannot be limited to months", tree.monthClause ?? tree.span))
      }
      draft.months += named
      // "every march", "every 6 months in january and july": on the month's 1st (not "every 6
      // months except july", whose months are most of the year: it keeps the start's day).
      let sparse = draft.frequency == .monthly && draft.interval > 1 && named.count * draft.interval <= 12
      if draft.frequency == .yearly || sparse, draft.kinds.isEmpty {
        draft.monthDays = [1]
      }
      for d in draft.monthDays where d > 0 && named.allSatisfy({ d > CivilDate.maxDaysIn(month: $0) }) {
        return fail(ParseDiagnostic.impossibleDate(month: named[0], day: d, daysRange))
      }
      warnClamped()
      return true
    }
    if draft.frequency == .yearly, draft.months.isEmpty, draft.kinds == .monthday,
      tree.days.allSatisfy({
        if case .ordinalDay(let n) = $0.value { return (-31...31).contains(n) && n != 0 }
        return false
      }), Set(draft.monthDays.map { $0 > 0 }).count == 1, let first = draft.monthDays.first
    {
      // "every year on the last day": of the year (Dec 31), not of the start's month.
      draft.months = [first > 0 ? 1 : 12]
      warnClamped()
      return true
    }
    if draft.frequency == .yearly, draft.months.isEmpty, !draft.kinds.isDisjoint(with: [.monthday, .nth, .workday]) {
      // The start's month, or the first after it that has the day ("every year on the 31st"
      // said in November is December 31: November 31 never comes).
      let startMonth = (draft.start ?? now).date.month
      let day = draft.monthDays.filter { $0 > 0 }.max() ?? 0
      var month = startMonth
      for _ in 0..<12 where day > CivilDate.maxDaysIn(month: month) { month = month % 12 + 1 }
      draft.months = [month]
      warn(ParseDiagnostic.yearlyMonth(month, day: month == startMonth ? nil : day, daysRange))
    }
    warnClamped()
    return true
  }

  /// QA204 for a day of the month that some of the rule's months lack (they use their last day).
  mutating func warnClamped() {
    for node in tree.days {
      // "every year on feb 29": common years fall on Feb 28, as the engine clamps.
      // Not every fourth year from a leap year ("every 4 years on feb 29": each is a leap year).
      let leapYears = draft.interval % 4 == 0 && (draft.start.map { CivilDate.isLeap($0.date.year) } ?? true)
      if case .date(2, 29) = node.value, !leapYears { warn(ParseDiagnostic.clampedLeapDay(node.range)) }
    }
    guard draft.monthDays.contains(where: { $0 > 28 }) else { return }
    for node in tree.days {
      guard case .monthDay(let d) = node.value, d > 28 else { continue }
      // No month list means every month, February among them.
      if draft.months.isEmpty || draft.months.contains(where: { d > ($0 == 2 ? 28 : CivilDate.maxDaysIn(month: $0)) }) {
        warn(ParseDiagnostic.clamped(d, node.range))
      }
    }
  }

  /// ISO week numbers ("every friday in week 20", "mondays in weeks 1 and 3"): a yearly rule
  /// (only a yearly rule holds weeks in RFC 5545) on those weekdays, every day of the week when
  /// none is named.
  mutating func resolveWeeks() -> Bool {
    guard let first = tree.weeks.first else { return true }
    for w in tree.weeks where w.value == 0 || abs(w.value) > 53 {
      return fail(ParseDiagnostic.outOfRange("a year has at most 53 weeks", w.range))
    }
    guard draft.interval == 1, draft.kinds.isSubset(of: .weekday),
      [.daily, .weekly, .yearly].contains(draft.frequency), draft.yearDays.isEmpty
    else {
      return fail(
        ParseDiagnostic.unsupported(
          "week numbers go with weekdays of a yearly rule, as in 'every friday in week 20'", first.range))
    }
    if draft.frequency == .weekly, draft.weekdays.isEmpty {
      return fail(
        ParseDiagnostic.unsupported("say which days of the week, as in 'every monday in week 20'", first.range))
    }
    draft.frequency = .yearly
    draft.weeks = tree.weeks.map { $0.value }
    if draft.weekdays.isEmpty { draft.weekdays = DayOfWeek.allCases.map { .every($0) } }
    return true
  }

  /// Whether the month lists written with their own days ("1st wed jan, 3rd thu jul") give
  /// every day in every month, as one rule would; else an error.
  mutating func monthGroupsAgree() -> Bool {
    guard tree.monthGroups.count > 1 else { return true }
    let groups = tree.monthGroups.filter { !$0.days.isEmpty }
    guard groups.count > 1 else { return true }
    var pairs = Set<String>()
    var days = Set<String>()
    var months = Set<Int>()
    for g in groups {
      for i in g.days where i < tree.days.count {
        let key = "\(tree.days[i].value)"
        days.insert(key)
        for m in g.months { pairs.insert("\(m) \(key)") }
      }
      months.formUnion(g.months)
    }
    guard pairs.count == days.count * months.count else {
      return fail(
        ParseDiagnostic.unsupported(
          "these days differ from month to month, so one rule cannot hold them; make a task for each", daysRange))
    }
    return true
  }

  /// The exclusions step: `except` leaves out weekdays, or single dates (the next such date on
  /// or after the start).
  mutating func resolveExclusions() -> Bool {
    if draft.frequency.isSubDaily, let first = tree.excludedDates.first {
      // A left-out date is one occurrence at the rule's time; an hourly rule has many a day.
      return fail(
        ParseDiagnostic.unsupported(
          "a date cannot be left out of a rule that repeats within the day (the date holds many of its occurrences)",
          first.range))
    }
    for node in tree.excludedDates {
      guard let date = resolve(node.value, from: draft.start?.date ?? now.date, node.range) else { return false }
      draft.excludedDates.append(date)
    }
    guard let first = tree.excluded.first else { return true }
    var removed = Set<DayOfWeek>()
    for node in tree.excluded {
      switch node.value {
      case .weekday(let d): removed.insert(day(d))
      case .weekend: removed.formUnion([.saturday, .sunday])
      case .workdays: removed.formUnion(DayOfWeek.allCases.prefix(5))
      default:
        return fail(ParseDiagnostic.unsupported("only weekdays can be left out with 'except'", node.range))
      }
    }
    if draft.weekdays.isEmpty {
      guard draft.frequency == .daily || draft.frequency == .weekly else {
        return fail(ParseDiagnostic.unsupported("'except' needs a daily or weekly rule", first.range))
      }
      draft.weekdays = DayOfWeek.allCases.map { .every($0) }
    }
    guard !draft.weekdays.contains(where: { $0.ordinal != nil }) else {
      return fail(ParseDiagnostic.unsupported("'except' cannot leave out ordinal weekdays", first.range))
    }
    draft.weekdays.removeAll { removed.contains($0.day) }
    if draft.weekdays.isEmpty {
      return fail(ParseDiagnostic.unsupported("every day is left out, so the task would never be due", first.range))
    }
    if draft.frequency == .daily, draft.interval == 1 { draft.frequency = .weekly }
    return true
  }

  /// A date left out without a year ("except dec 25", "except christmas") is left out in every
  /// year up to the rule's end date, when all of them fit in a short list (`maxRepeatedExclusions`
  /// dates at the rule's times); otherwise, and in a rule without an end, it is left out once,
  /// with QA214 when the rule would be due on it in a later year.
  mutating func repeatYearlessExclusions() {
    guard draft.frequency != .yearly, draft.excludedDates.count == tree.excludedDates.count else { return }
    let yearless = zip(tree.excludedDates, draft.excludedDates).compactMap { node, date -> (CivilDate, SourceRange)? in
      if case .monthDay(_, _, year: nil) = node.value { return (date, node.range) }
      return nil
    }
    var added: [CivilDate] = []
    if case .afterDate(let end) = draft.end {
      for (date, _) in yearless {
        for year in stride(from: date.year + 1, through: end.date.year, by: 1) {
          let next = CivilDate(year: year, month: date.month, day: date.day)
          if next.isValid, next <= end.date { added.append(next) }
        }
      }
    }
    let fits = (draft.excludedDates.count + added.count) * max(1, draft.times.count) <= Self.maxRepeatedExclusions
    if fits { draft.excludedDates += added }
    // Left out once: in a rule that never ends, or when the years would not fit (a count ends soon enough).
    guard draft.end == .never || (!fits && !added.isEmpty) else { return }
    for (date, range) in yearless where fallsInLaterYears(date) { warn(ParseDiagnostic.exclusionOnce(date, range)) }
  }

  /// The most left-out dates (each at each of the rule's times) a yearless date is repeated into.
  static let maxRepeatedExclusions = 24

  /// Whether the rule, by its days, is due on `date`'s day and month in one of the next three
  /// years (so leaving it out once leaves a later year's in): a rule of every day, or of that
  /// weekday or day of the month, without an interval.
  func fallsInLaterYears(_ date: CivilDate) -> Bool {
    guard draft.interval == 1 else { return false }
    return (1...3).contains { k in
      let next = CivilDate(year: date.year + k, month: date.month, day: date.day)
      guard next.isValid, draft.months.isEmpty || draft.months.contains(next.month) else { return false }
      let onWeekday =
        draft.weekdays.isEmpty || draft.weekdays.contains { $0.ordinal == nil && $0.day == next.dayOfWeek }
      switch draft.frequency {
      case .daily: return onWeekday
      case .weekly: return !draft.weekdays.isEmpty && onWeekday
      case .monthly: return draft.weekdays.isEmpty && draft.monthDays.contains(next.day)
      default: return false
      }
    }
  }

  /// "every 2 days on tuesday": a step of days that is not whole weeks and keeps to one weekday
  /// lands on it only every few weeks, so it is refused ("every 14 days on friday" is every other
  /// Friday, and several weekdays filter the steps).
  mutating func stepKeepsToWeekdays() -> Bool {
    guard draft.frequency == .daily, draft.interval > 1, draft.interval % 7 != 0, draft.weekdays.count == 1,
      let day = draft.weekdays.first
    else { return true }
    return fail(
      ParseDiagnostic.unsupported(
        "a step of \(draft.interval) days falls on \(day.day.name) only every \(draft.interval) weeks; say 'every \(draft.interval) weeks on \(day.day.name.lowercased())' or leave the weekday out",
        daysRange))
  }
}

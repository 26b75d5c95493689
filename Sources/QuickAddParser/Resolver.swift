import RecurrenceCore

/// Turns a `PhraseTree` into a `RecurrenceRule` against a reference date: the meaning pass.
///
/// Decisions (documented in `Grammar/README.md` and the README):
/// - a weekday list is weekly; day numbers, ordinal weekdays and workdays are monthly; dates
///   are yearly; times alone are daily;
/// - `every 3rd friday` is the third Friday of every month (Todoist's reading, with a warning
///   naming the every-3-weeks reading); `weekend` is Saturday and Sunday (warning: Todoist says
///   Saturday); `biweekly` every two weeks, `bimonthly` every two months, `biannual` every six
///   months (each with a warning);
/// - a day past a month's end clamps to the last day (warning); a date no month has is an error;
/// - relative dates resolve against the reference date: `monday` is the first Monday on or after
///   it, `next monday` the first after it, `aug 3` the next Aug 3 on or after it, `june` the
///   next June 1;
/// - `until D` ends after day D (inclusive); `for 3 weeks` ends the day before start + 3 weeks;
///   `ending in 6 months` is 6 months from the start (or the reference date when there is none);
/// - `for 2 hours` on a daily or longer rule is a task duration, not an end, and is refused.
struct Resolver {
  /// The parser's tree, read in place (not copied).
  let box: TreeBox
  let now: LocalDateTime
  var diagnostics: [Diagnostic] = []

  var tree: PhraseTree { _read { yield box.tree } }

  init(tree box: TreeBox, now: LocalDateTime) {
    self.box = box
    self.now = now
  }

  var failed: Bool { diagnostics.contains { $0.severity == .error } }

  mutating func fail(_ d: Diagnostic) -> RecurrenceRule? {
    if !failed { diagnostics.append(d) }
    return nil
  }

  mutating func warn(_ d: Diagnostic) { diagnostics.append(d) }

  static let workdays = DayOfWeek.allCases.prefix(5).map { RecurrenceRule.Weekday.every($0) }

  mutating func resolve() -> RecurrenceRule? {
    // Days first: they decide the frequency when no period was written.
    var weekdays: [RecurrenceRule.Weekday] = []
    var monthDays: [Int] = []
    var months: [Int] = []
    var positions: [Int] = []
    var dates: [(Int, Int, SourceRange)] = []
    var kinds = DayKinds()
    var ordinalWarning: (Int, Int, SourceRange)?
    for node in tree.days {
      switch node.value {
      case .weekday(let d):
        weekdays.append(.every(day(d)))
        kinds.insert(.weekday)
      case .workdays:
        weekdays += Self.workdays
        kinds.insert(.weekday)
      case .weekend:
        weekdays += [.every(.saturday), .every(.sunday)]
        kinds.insert(.weekday)
        warn(ParseDiagnostic.weekendReading(node.range))
      case .ordinalWeekday(let n, let d, let month):
        guard n != 0, abs(n) <= 5 else {
          return fail(ParseDiagnostic.outOfRange("a month has at most five of each weekday", node.range))
        }
        weekdays.append(.nth(n, day(d)))
        if let month, month > 0 { months.append(month) }
        kinds.insert(.nth)
        if n >= 2, tree.unit == nil, month == nil { ordinalWarning = (n, d, node.range) }
      case .ordinalWorkday(let n):
        guard n != 0, abs(n) <= 23 else {
          return fail(ParseDiagnostic.outOfRange("a month has at most 23 workdays", node.range))
        }
        positions.append(n)
        kinds.insert(.workday)
      case .ordinalDay(let n):
        guard n != 0, abs(n) <= 31 else {
          return fail(ParseDiagnostic.outOfRange("a month has at most 31 days", node.range))
        }
        monthDays.append(n)
        kinds.insert(.monthday)
      case .monthDay(let d):
        guard (1...31).contains(d) else {
          return fail(
            ParseDiagnostic.outOfRange("'\(ParseDiagnostic.quantity(d))' is not a day of the month (1–31)", node.range))
        }
        monthDays.append(d)
        kinds.insert(.monthday)
        if d > 28 { warn(ParseDiagnostic.clamped(d, node.range)) }
      case .date(let m, let d):
        guard d >= 1, d <= CivilDate.maxDaysIn(month: m) else {
          return fail(ParseDiagnostic.impossibleDate(month: m, day: d, node.range))
        }
        dates.append((m, d, node.range))
        kinds.insert(.date)
      }
    }
    if kinds.rawValue.nonzeroBitCount > 1 {
      let range = SourceRange(tree.days.first?.range.lowerBound ?? 0, tree.days.last?.range.upperBound ?? 0)
      return fail(
        ParseDiagnostic.unsupported(
          "one rule cannot mix these kinds of day (weekdays, ordinal weekdays, workdays, days of the month, dates); make separate tasks",
          range))
    }
    if !dates.isEmpty {
      let ms = Set(dates.map(\.0))
      let ds = Set(dates.map(\.1))
      guard ms.count * ds.count == Set(dates.map { $0.0 * 100 + $0.1 }).count else {
        return fail(
          ParseDiagnostic.unsupported(
            "these dates do not share their days or their months, so one rule cannot hold them; make a task for each",
            SourceRange(dates[0].2.lowerBound, dates[dates.count - 1].2.upperBound)))
      }
      months += ms
      monthDays += ds
    }
    if !positions.isEmpty { weekdays += Self.workdays }
    let nthPairs = tree.days.compactMap { node -> (Int, Int, Int?)? in
      if case .ordinalWeekday(let n, let d, let m) = node.value { return (n, d, m) }
      return nil
    }
    if nthPairs.contains(where: { ($0.2 ?? 0) > 0 }) {
      // Ordinal weekdays in named months: every weekday must go with every month.
      let ms = Set(nthPairs.compactMap(\.2))
      let wd = Set(nthPairs.map { $0.0 * 10 + $0.1 })
      let pairs = Set(nthPairs.map { ($0.2 ?? 0) * 1_000 + $0.0 * 10 + $0.1 })
      guard nthPairs.allSatisfy({ ($0.2 ?? 0) > 0 }), ms.count * wd.count == pairs.count else {
        return fail(
          ParseDiagnostic.unsupported(
            "these ordinal weekdays differ from month to month, so one rule cannot hold them; make a task for each",
            SourceRange(tree.days.first?.range.lowerBound ?? 0, tree.days.last?.range.upperBound ?? 0)))
      }
    }

    // The period.
    var frequency: RecurrenceRule.Frequency
    var interval = 1
    var start = tree.start.flatMap { resolve($0.value, from: now.date, $0.range) }.map { date in
      LocalDateTime(date: date, secondOfDay: tree.startTime?.value ?? 0)
    }
    if failed { return nil }
    if start == nil, let t = tree.startTime { start = LocalDateTime(date: now.date, secondOfDay: t.value) }
    if let unit = tree.unit {
      switch unit.value {
      case .minute: frequency = .minutely
      case .hour: frequency = .hourly
      case .day: frequency = .daily
      case .week: frequency = .weekly
      case .fortnight: (frequency, interval) = (.weekly, 2)
      case .month: frequency = .monthly
      case .quarter: (frequency, interval) = (.monthly, 3)
      case .year: frequency = .yearly
      }
      if let count = tree.count {
        guard count.value >= 1 else { return fail(ParseDiagnostic.zeroInterval(count.range)) }
        guard count.value <= RecurrenceRule.maxInterval / interval else {
          return fail(
            ParseDiagnostic.outOfRange(
              "an interval of \(ParseDiagnostic.quantity(count.value)) is too long; at most \(RecurrenceRule.maxInterval / interval) \(unit.value.rawValue)s",
              count.range))
        }
        interval *= count.value
      }
      if unit.value == .quarter, start == nil,
        kinds.contains(.nth) || kinds.contains(.monthday) || kinds.contains(.workday)
      {
        // Quarters begin in January, April, July and October.
        start = LocalDateTime(date: CivilDate(year: now.date.year, month: (now.date.month - 1) / 3 * 3 + 1, day: 1))
      }
      if frequency == .weekly, kinds.contains(.monthday) || kinds.contains(.nth) || kinds.contains(.workday) {
        return fail(
          ParseDiagnostic.unsupported(
            "a weekly rule cannot fall on a day of the month; say 'every month on …'", unit.range))
      }
      if frequency <= .daily, !kinds.isEmpty, !kinds.contains(.weekday) {
        return fail(ParseDiagnostic.unsupported("a daily rule cannot fall on particular days of the month", unit.range))
      }
      if frequency == .monthly, !dates.isEmpty {
        months = []
      }
    } else if kinds.contains(.date) || (kinds.contains(.nth) && !months.isEmpty) {
      frequency = .yearly
    } else if kinds.contains(.nth) || kinds.contains(.monthday) || kinds.contains(.workday) {
      frequency = .monthly
      if let (n, d, range) = ordinalWarning {
        warn(ParseDiagnostic.ordinalWeekdayReading(range, ordinal: n, day: day(d).name))
      }
    } else if kinds.contains(.weekday) {
      frequency = .weekly
    } else if !tree.times.isEmpty {
      frequency = .daily
    } else {
      return fail(ParseDiagnostic.everyNeedsPeriod(tree.span))
    }
    if let adverb = tree.ambiguousAdverb {
      let (chosen, other) =
        switch adverb.value {
        case "biweekly": ("every two weeks", "twice a week")
        case "bimonthly": ("every two months", "twice a month")
        default: ("every six months", "every two years")
        }
      warn(ParseDiagnostic.biReading(adverb.value, chosen: chosen, other: other, adverb.range))
    }

    // Exclusions: weekdays only.
    if !tree.excluded.isEmpty {
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
      if weekdays.isEmpty {
        guard frequency == .daily || frequency == .weekly else {
          return fail(ParseDiagnostic.unsupported("'except' needs a daily or weekly rule", tree.excluded[0].range))
        }
        weekdays = DayOfWeek.allCases.map { .every($0) }
      }
      guard !weekdays.contains(where: { $0.ordinal != nil }) else {
        return fail(ParseDiagnostic.unsupported("'except' cannot leave out ordinal weekdays", tree.excluded[0].range))
      }
      weekdays.removeAll { removed.contains($0.day) }
      if weekdays.isEmpty {
        return fail(
          ParseDiagnostic.unsupported("every day is left out, so the task would never be due", tree.excluded[0].range))
      }
      if frequency == .daily, interval == 1 { frequency = .weekly }
    }

    // Times.
    var times = tree.times.map { TimeOfDay(secondOfDay: $0.value) }
    if frequency.isSubDaily, !times.isEmpty {
      guard times.count == 1, start == nil || tree.startTime == nil else {
        return fail(ParseDiagnostic.unsupported("an hourly rule takes one starting time", tree.times[0].range))
      }
      let date = start?.date ?? now.date
      start = LocalDateTime(date: date, secondOfDay: times[0].secondOfDay)
      times = []
    }
    if let t = tree.startTime, !frequency.isSubDaily, times.isEmpty {
      times = [TimeOfDay(secondOfDay: t.value)]
    }
    if !frequency.isSubDaily, let s = start, !times.isEmpty { start = LocalDateTime(date: s.date, secondOfDay: 0) }

    // The end.
    var end = RecurrenceRule.End.never
    if let e = tree.end {
      switch e.value {
      case .until(let ref):
        guard let date = resolve(ref, from: max(start?.date ?? now.date, now.date), e.range) else { return nil }
        end = .afterDate(LocalDateTime(date: date, hour: 23, minute: 59, second: 59))
      case .forDuration(let n, let unit):
        guard n >= 1 else { return fail(ParseDiagnostic.zeroInterval(e.range)) }
        let from = start ?? LocalDateTime(date: now.date, secondOfDay: frequency.isSubDaily ? now.secondOfDay : 0)
        switch unit {
        case .minute, .hour:
          guard frequency.isSubDaily else {
            return fail(
              ParseDiagnostic.unsupported(
                "'for \(n) \(unit.rawValue)s' reads as a task duration, not an end; an end needs days or longer",
                e.range))
          }
          guard n <= 100_000 else {
            return fail(ParseDiagnostic.outOfRange("'for \(ParseDiagnostic.quantity(n))' is too long", e.range))
          }
          let seconds = n * (unit == .hour ? 3600 : 60)
          end = .afterDate(LocalDateTime(localSeconds: from.localSeconds + seconds))
        default:
          guard n <= 10_000 else {
            return fail(ParseDiagnostic.outOfRange("'for \(ParseDiagnostic.quantity(n))' is too long", e.range))
          }
          let last = offset(from.date, n, unit).adding(days: -1)
          end = .afterDate(LocalDateTime(date: last, hour: 23, minute: 59, second: 59))
        }
      }
      if case .afterDate(let u) = end, u < (start ?? LocalDateTime(date: now.date)) {
        return fail(ParseDiagnostic.endBeforeStart(e.range))
      }
    }
    if let c = tree.occurrences {
      guard tree.end == nil else {
        return fail(ParseDiagnostic.unsupported("give either an end or a number of times, not both", c.range))
      }
      guard (1...RecurrenceRule.maxCount).contains(c.value) else {
        return fail(ParseDiagnostic.outOfRange("the number of times must be 1…\(RecurrenceRule.maxCount)", c.range))
      }
      end = .afterOccurrences(c.value)
    }

    let rule = RecurrenceRule(
      frequency, interval: interval, anchor: tree.afterCompletion == nil ? .schedule : .afterCompletion,
      weekdays: weekdays, daysOfTheMonth: monthDays, months: months, setPositions: positions, times: times,
      start: start, end: end)
    if let error = rule.validationError {
      return fail(ParseDiagnostic.outOfRange(error.description, tree.span))
    }
    return rule
  }

  func day(_ n: Int) -> DayOfWeek { DayOfWeek(rawValue: n) ?? .monday }

  /// A date `n` units after `date`.
  func offset(_ date: CivilDate, _ n: Int, _ unit: PhraseTree.Unit) -> CivilDate {
    switch unit {
    case .minute, .hour, .day: return date.adding(days: unit == .day ? n : 0)
    case .week: return date.adding(days: 7 * n)
    case .fortnight: return date.adding(days: 14 * n)
    case .month: return date.adding(months: n)
    case .quarter: return date.adding(months: 3 * n)
    case .year: return date.adding(months: 12 * n)
    }
  }

  /// Resolves a written date against `today`.
  mutating func resolve(_ ref: PhraseTree.DateRef, from today: CivilDate, _ range: SourceRange) -> CivilDate? {
    switch ref {
    case .iso(let d):
      guard d.isValid, (1...9999).contains(d.year) else {
        _ = fail(ParseDiagnostic.impossibleDate(month: d.month, day: d.day, range))
        return nil
      }
      return d
    case .today: return now.date
    case .tomorrow: return now.date.adding(days: 1)
    case .weekday(let d):
      return today.adding(days: (d - today.dayOfWeek.rawValue + 7) % 7)
    case .nextWeekday(let d):
      let ahead = (d - today.dayOfWeek.rawValue + 7) % 7
      return today.adding(days: ahead == 0 ? 7 : ahead)
    case .nextUnit(let unit):
      switch unit {
      case .week, .fortnight: return today.adding(days: 8 - today.dayOfWeek.rawValue)
      case .month, .quarter: return CivilDate(year: today.year, month: today.month, day: 1).adding(months: 1)
      case .year: return CivilDate(year: today.year + 1, month: 1, day: 1)
      default: return today.adding(days: 1)
      }
    case .monthDay(let m, let d):
      guard d >= 1, d <= CivilDate.maxDaysIn(month: m) else {
        _ = fail(ParseDiagnostic.impossibleDate(month: m, day: d, range))
        return nil
      }
      var year = today.year
      while true {
        let candidate = CivilDate(year: year, month: m, day: d)
        if candidate.isValid, candidate >= today { return candidate }
        year += 1
      }
    case .month(let m):
      let candidate = CivilDate(year: today.year, month: m, day: 1)
      return m >= today.month ? candidate : CivilDate(year: today.year + 1, month: m, day: 1)
    case .dayOfMonth(let d):
      guard (1...31).contains(d) else {
        _ = fail(ParseDiagnostic.outOfRange("'\(ParseDiagnostic.quantity(d))' is not a day of the month (1–31)", range))
        return nil
      }
      var month = CivilDate(year: today.year, month: today.month, day: 1)
      for _ in 0..<13 {
        let candidate = CivilDate(year: month.year, month: month.month, day: d)
        if candidate.isValid, candidate >= today { return candidate }
        month = month.adding(months: 1)
      }
      return nil
    case .offset(let n, let unit):
      guard n >= 0, n <= 10_000 else {
        _ = fail(ParseDiagnostic.outOfRange("'in \(ParseDiagnostic.quantity(n))' is too far ahead", range))
        return nil
      }
      return offset(today, n, unit)
    }
  }
}

/// The kinds of day a phrase names, as bits (no hashing on the hot path).
struct DayKinds: OptionSet {
  let rawValue: UInt8
  static let weekday = DayKinds(rawValue: 1)
  static let nth = DayKinds(rawValue: 2)
  static let workday = DayKinds(rawValue: 4)
  static let monthday = DayKinds(rawValue: 8)
  static let date = DayKinds(rawValue: 16)
}

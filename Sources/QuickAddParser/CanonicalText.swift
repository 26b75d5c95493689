import RecurrenceCore

extension RecurrenceRule {
  /// The rule as one canonical phrase that parses back to the same rule.
  ///
  /// English where the language can say it ("every week on Monday at 09:00", "every! 3 days",
  /// "every month on the last workday", "every 3 months on the 1st Monday starting 2026-10-01",
  /// "every year on January 27", "every day in March and April"); otherwise, as a documented
  /// fallback, the packed text (`R1;FREQ=…`), which the phrase parser also reads, so every rule
  /// the model holds has a text that round-trips. Rules that need the fallback: a week start
  /// other than Monday, RFC month-end skipping, seconds, an end at a time other than the end of
  /// a day, set positions over other days than workdays, sub-daily rules limited to days of the
  /// month or hours that are no window from their start, and yearly rules on weekdays without a
  /// month. A zone a zone word names follows the times (`at 09:00 ET`); other zones are not part
  /// of the phrase.
  public var canonicalText: String { englishText ?? packed }

  /// The zone after the times (` ET`), when a zone word names the rule's zone; else empty.
  var zoneSuffix: String {
    guard let zone = timeZone, let name = Lexicon.canonicalZoneName(zone) else { return "" }
    return " " + name
  }

  /// The English phrase, or nil when the language cannot say the rule.
  public var englishText: String? {
    let window = windowPhrase
    let run = wrappedRun
    guard validationError == nil, weekStart == .monday || run != nil, monthDayPolicy == .clamp,
      (hours.isEmpty && minutes.isEmpty) || window != nil, extraDates.isEmpty
    else { return nil }
    var out = anchor == .afterCompletion ? "every!" : "every"
    let unit: String
    switch frequency {
    case .minutely: unit = "minute"
    case .hourly: unit = "hour"
    case .daily: unit = "day"
    case .weekly: unit = "week"
    case .monthly: unit = "month"
    case .yearly: unit = "year"
    }
    out += interval == 1 ? " \(unit)" : " \(interval) \(unit)s"
    if let window { out += " " + window + (times.isEmpty ? zoneSuffix : "") }
    guard let (days, monthScope) = canonicalDays() else { return nil }
    if let (first, last) = run {
      out += " on \(first.name) through \(last.name)"  // the week starts on the range's first day
    } else if !days.isEmpty {
      out += " on " + Self.list(days)
    }
    if monthScope, !months.isEmpty { out += " in " + Self.list(months.map(ParseDiagnostic.monthName)) }
    if !weeks.isEmpty { out += " in week" + (weeks.count > 1 ? "s " : " ") + Self.list(weeks.map(String.init)) }
    if !times.isEmpty {
      guard times.allSatisfy({ $0.second == 0 }) else { return nil }
      out += " at " + Self.list(times.map { Self.clock($0.secondOfDay) }) + zoneSuffix
    }
    if let start {
      guard start.second == 0 else { return nil }
      out += " starting \(start.date)"
      if window == nil, start.secondOfDay != 0 || frequency.isSubDaily {
        out += " at \(Self.clock(start.secondOfDay))" + (times.isEmpty ? zoneSuffix : "")
      }
    }
    if !excludedDates.isEmpty {
      // Each skipped occurrence is at the rule's time of day, so the dates say it all.
      let dates = excludedDates.map(\.date)
      guard
        excludedDates.allSatisfy({ d in
          (times.isEmpty ? [TimeOfDay(secondOfDay: start?.secondOfDay ?? 0)] : times).contains {
            $0.secondOfDay == d.secondOfDay
          }
        }),
        Set(dates).count * max(1, times.count) == excludedDates.count
      else { return nil }
      out += " except " + Self.list(Array(Set(dates)).sorted().map(\.description))
    }
    switch end {
    case .never: break
    case .afterOccurrences(let n): out += n == 1 ? " 1 time" : " \(n) times"
    case .afterDate(let until):
      guard until.secondOfDay == 86_399 else { return nil }
      out += " until \(until.date)"
    }
    return out
  }

  /// The first and last days of a run of weekdays from the week's first day past Sunday
  /// (`Friday through Monday`), in a rule repeating every few weeks whose week starts on a day
  /// other than Monday; nil for any other rule.
  private var wrappedRun: (DayOfWeek, DayOfWeek)? {
    guard frequency == .weekly, interval > 1, weekStart != .monday, weekdays.allSatisfy({ $0.ordinal == nil })
    else { return nil }
    let days = Set(weekdays.map(\.day))
    var day = weekStart
    var last = weekStart
    var count = 0
    while count < 7, days.contains(day) {
      last = day
      count += 1
      day = DayOfWeek(rawValue: day.rawValue % 7 + 1) ?? .monday
    }
    guard count == days.count, count > 1, last.rawValue < weekStart.rawValue else { return nil }
    return (weekStart, last)
  }

  /// The last second of the day, of those `step` apart from `start`, that is not past `limit`
  /// (a window's last step, as the resolver makes it and the window phrase says it).
  static func lastStep(from start: Int, through limit: Int, every step: Int) -> Int {
    start + (limit - start) / step * step
  }

  /// `from 09:00 to 17:00`: a sub-daily rule limited to a run of hours from its start's (with
  /// the start's minute for an hourly rule), as the window phrase reads it back; nil otherwise.
  private var windowPhrase: String? {
    guard frequency.isSubDaily, let start, start.second == 0, !hours.isEmpty, hours.count < 24,
      86_400 % (interval * (frequency == .hourly ? 3600 : 60)) == 0
    else { return nil }
    // The run of hours from the start's, over midnight when it wraps ("from 22:00 to 02:00":
    // 22, 23, 0, 1, 2); `last` counts on past 23 there.
    let first = start.secondOfDay / 3600
    let last = first + hours.count - 1
    guard hours == (first...last).map({ $0 % 24 }).sorted() else { return nil }
    let minute = start.secondOfDay % 3600 / 60
    let end: Int
    if frequency == .hourly {
      // An end on the rule's minute is its last step.
      guard minutes == [minute] else { return nil }
      end = last * 3600 + minute * 60
    } else {
      // The last step of the last hour: the window's end reads as its last step.
      let step = interval * 60
      guard minutes.isEmpty, start.secondOfDay % 3600 < step else { return nil }
      end = Self.lastStep(from: start.secondOfDay, through: (last + 1) * 3600 - 1, every: step)
    }
    guard end > start.secondOfDay else { return nil }
    return "from \(Self.clock(start.secondOfDay)) to \(Self.clock(end % 86_400))"
  }

  /// The day phrases after "on" and whether the months follow as "in …", or nil when the
  /// language cannot say them.
  private func canonicalDays() -> ([String], Bool)? {
    switch frequency {
    case .minutely, .hourly:
      guard weekdays.allSatisfy({ $0.ordinal == nil }), daysOfTheMonth.isEmpty, months.isEmpty,
        setPositions.isEmpty, weeks.isEmpty, daysOfTheYear.isEmpty
      else { return nil }
      return (weekdays.map { $0.day.name }, false)
    case .daily, .weekly:
      guard daysOfTheMonth.isEmpty, setPositions.isEmpty, weeks.isEmpty, daysOfTheYear.isEmpty,
        weekdays.allSatisfy({ $0.ordinal == nil })
      else {
        return nil
      }
      return (weekdays.map { $0.day.name }, true)
    case .monthly:
      guard weeks.isEmpty, daysOfTheYear.isEmpty else { return nil }
      return monthPositions().map { ($0, true) }
    case .yearly:
      if !weeks.isEmpty {
        guard daysOfTheMonth.isEmpty, months.isEmpty, setPositions.isEmpty, daysOfTheYear.isEmpty,
          weekdays.allSatisfy({ $0.ordinal == nil })
        else { return nil }
        return (weekdays.count == 7 ? [] : weekdays.map { $0.day.name }, false)
      }
      if !daysOfTheYear.isEmpty {
        guard weekdays.isEmpty, daysOfTheMonth.isEmpty, months.isEmpty, setPositions.isEmpty else { return nil }
        return (daysOfTheYear.map { "the \(Self.ordinal($0)) day of the year" }, false)
      }
      if months.isEmpty {
        guard weekdays.isEmpty, daysOfTheMonth.isEmpty, setPositions.isEmpty else { return nil }
        return ([], false)
      }
      if setPositions.isEmpty, weekdays.isEmpty, daysOfTheMonth.allSatisfy({ $0 > 0 }), !daysOfTheMonth.isEmpty {
        return (months.flatMap { m in daysOfTheMonth.map { "\(ParseDiagnostic.monthName(m)) \($0)" } }, false)
      }
      guard let days = monthPositions(), !days.isEmpty else { return nil }
      return (days, true)
    }
  }

  /// Workday positions, days of the month or (ordinal) weekdays within a month, or nil.
  private func monthPositions() -> [String]? {
    let workdays = DayOfWeek.allCases.prefix(5).map { Weekday.every($0) }
    if !setPositions.isEmpty {
      guard daysOfTheMonth.isEmpty else { return nil }
      let sorted = setPositions.sorted { Self.positionOrder($0) < Self.positionOrder($1) }
      if weekdays == workdays { return sorted.map { "the " + Self.ordinal($0) + " workday" } }
      // "the 1st and last instance of Tuesday and Friday": over any of these weekdays.
      let days = weekdays.map { $0.day.rawValue }
      guard weekdays.count >= 2, Set(days).count == days.count, weekdays.allSatisfy({ $0.ordinal == nil }),
        sorted.allSatisfy({ abs($0) <= CivilDate.mostDaysInAMonth(onWeekdays: days) })
      else { return nil }
      return ["the " + Self.list(sorted.map(Self.ordinal)) + " instance of " + Self.list(weekdays.map { $0.day.name })]
    }
    if let day = daysOfTheMonth.first, daysOfTheMonth.count == 1, day > 0, let w = weekdays.first,
      weekdays.count == 1, w.ordinal == nil
    {
      return ["\(w.day.name) the \(Self.ordinal(day))"]  // "Friday the 13th": the days that are both
    }
    if !daysOfTheMonth.isEmpty {
      guard weekdays.isEmpty else { return nil }
      return daysOfTheMonth.sorted { Self.positionOrder($0) < Self.positionOrder($1) }.map {
        $0 > 0 ? "the \(Self.ordinal($0))" : "the \(Self.ordinal($0)) day"
      }
    }
    if frequency == .monthly, weekdays.allSatisfy({ $0.ordinal == nil }) { return weekdays.map { $0.day.name } }
    guard weekdays.allSatisfy({ $0.ordinal != nil }) else { return nil }
    return weekdays.map { "the \(Self.ordinal($0.ordinal ?? 1)) \($0.day.name)" }
  }

  /// Positive positions first, then from the end: 1, 15, -2, -1.
  private static func positionOrder(_ n: Int) -> Int { n > 0 ? n : 1_000 + n }

  /// "3rd", "last", "2nd-to-last".
  private static func ordinal(_ n: Int) -> String {
    n == -1 ? "last" : n < 0 ? ParseDiagnostic.ordinalSuffix(-n) + "-to-last" : ParseDiagnostic.ordinalSuffix(n)
  }

  private static func clock(_ secondOfDay: Int) -> String {
    let t = TimeOfDay(secondOfDay: secondOfDay)
    return "\(t.hour < 10 ? "0" : "")\(t.hour):\(t.minute < 10 ? "0" : "")\(t.minute)"
  }

  private static func list(_ items: [String]) -> String {
    guard items.count > 1, let last = items.last else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }
}

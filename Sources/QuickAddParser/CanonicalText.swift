import RecurrenceCore

extension RecurrenceRule {
  /// The rule as one canonical English phrase that parses back to the same rule, or nil when
  /// the phrase language cannot say it (week starts, RFC month-end semantics, end times other
  /// than the end of a day, seconds).
  ///
  /// Examples: "every week on Monday at 09:00", "every! 3 days", "every month on the last
  /// weekday", "every 3 months on the 1st Monday starting 2026-10-01", "every year on January 27".
  /// The zone is not part of the phrase.
  public var canonicalText: String? {
    guard validationError == nil, weekStart == .monday, monthDayPolicy == .clamp else { return nil }
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
    guard let days = canonicalDays() else { return nil }
    if !days.isEmpty { out += " on " + Self.list(days) }
    if !times.isEmpty {
      guard times.allSatisfy({ $0.second == 0 }) else { return nil }
      out += " at " + Self.list(times.map { Self.clock($0.secondOfDay) })
    }
    if let start {
      guard start.second == 0 else { return nil }
      out += " starting \(start.date)"
      if start.secondOfDay != 0 || frequency.isSubDaily { out += " at \(Self.clock(start.secondOfDay))" }
    }
    switch end {
    case .never: break
    case .afterOccurrences(let n): out += " \(n) times"
    case .afterDate(let until):
      guard until.secondOfDay == 86_399 else { return nil }
      out += " until \(until.date)"
    }
    return out
  }

  /// The day phrases after "on", or nil when they cannot be said.
  private func canonicalDays() -> [String]? {
    let workdays = DayOfWeek.allCases.prefix(5).map { Weekday.every($0) }
    switch frequency {
    case .minutely, .hourly:
      guard weekdays.isEmpty, daysOfTheMonth.isEmpty, months.isEmpty else { return nil }
      return []
    case .daily, .weekly:
      guard daysOfTheMonth.isEmpty, months.isEmpty, setPositions.isEmpty else { return nil }
      guard weekdays.allSatisfy({ $0.ordinal == nil }) else { return nil }
      return weekdays.map { $0.day.name }
    case .monthly:
      guard months.isEmpty else { return nil }
      if !setPositions.isEmpty {
        guard weekdays == workdays, daysOfTheMonth.isEmpty else { return nil }
        return setPositions.sorted { Self.positionOrder($0) < Self.positionOrder($1) }.map {
          "the " + Self.ordinal($0) + " workday"
        }
      }
      if !daysOfTheMonth.isEmpty {
        guard weekdays.isEmpty, daysOfTheMonth.allSatisfy({ $0 >= -2 }) else { return nil }
        return daysOfTheMonth.sorted { Self.positionOrder($0) < Self.positionOrder($1) }.map {
          $0 > 0 ? "the \(Self.ordinal($0))" : "the \(Self.ordinal($0)) day"
        }
      }
      if weekdays.allSatisfy({ $0.ordinal == nil }) { return weekdays.map { $0.day.name } }
      guard weekdays.allSatisfy({ $0.ordinal != nil }) else { return nil }
      return weekdays.map { "the \(Self.ordinal($0.ordinal ?? 1)) \($0.day.name)" }
    case .yearly:
      guard setPositions.isEmpty else { return nil }
      if months.isEmpty {
        guard weekdays.isEmpty, daysOfTheMonth.isEmpty else { return nil }
        return []
      }
      if !daysOfTheMonth.isEmpty {
        guard weekdays.isEmpty, daysOfTheMonth.allSatisfy({ $0 > 0 }) else { return nil }
        return months.flatMap { m in daysOfTheMonth.map { "\(ParseDiagnostic.monthName(m)) \($0)" } }
      }
      guard !weekdays.isEmpty, weekdays.allSatisfy({ $0.ordinal != nil }) else { return nil }
      return months.flatMap { m in
        weekdays.map { "the \(Self.ordinal($0.ordinal ?? 1)) \($0.day.name) of \(ParseDiagnostic.monthName(m))" }
      }
    }
  }

  /// Positive positions first, then from the end: 1, 15, -2, -1.
  private static func positionOrder(_ n: Int) -> Int { n > 0 ? n : 1_000 + n }

  private static func ordinal(_ n: Int) -> String {
    n == -1 ? "last" : n == -2 ? "next-to-last" : ParseDiagnostic.ordinalSuffix(n)
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

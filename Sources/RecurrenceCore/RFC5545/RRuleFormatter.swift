/// Why a rule has no RFC 5545 RRULE form.
public struct RRuleExportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The reason, lower-case.
  public var reason: String
  /// The message.
  public var description: String { "no RRULE can express this rule: \(reason)" }
}

extension RecurrenceRule {
  /// The RFC 5545 `RRULE` value for this rule, without `DTSTART` (and without the excluded and
  /// extra dates, which are `EXDATE` and `RDATE` lines: see `iCalendarLines(start:)`).
  ///
  /// Clamped month days are exported exactly: "the 31st, clamped" is
  /// `BYMONTHDAY=28,29,30,31;BYSETPOS=-1` (the last of those days the month has). Rules RFC
  /// 5545 cannot express throw instead of returning a lossy string: after-completion rules,
  /// times that are not every combination of their hours and minutes (09:00 and 17:30),
  /// clamped days combined with weekdays or set positions.
  ///
  /// - Parameter start: the DTSTART the RRULE will go with, when the rule has no start; it
  ///   decides whether an implied month day (a monthly rule started on the 31st) needs clamping.
  /// - Throws: `RRuleExportError` naming what cannot be expressed.
  public func rrule(start defaultStart: LocalDateTime? = nil) throws(RRuleExportError) -> String {
    if let error = validationError { throw RRuleExportError(reason: error.description) }
    if anchor == .afterCompletion {
      throw RRuleExportError(reason: "it repeats after completion, which RFC 5545 has no anchor for")
    }
    var frequency = self.frequency
    var days = daysOfTheMonth
    var months = self.months
    var positions = setPositions
    let start = self.start ?? defaultStart
    // An implied day of the month (or month and day) made explicit when clamping matters.
    if monthDayPolicy == .clamp, weekdays.isEmpty, days.isEmpty, weeks.isEmpty, daysOfTheYear.isEmpty, let start,
      start.date.day > 28
    {
      if frequency == .monthly, months.isEmpty {
        days = [start.date.day]
      } else if frequency == .yearly, months.isEmpty {
        days = [start.date.day]
        months = [start.date.month]
      }
    }
    let timeCount = max(1, times.count)
    if monthDayPolicy == .clamp, clampingMatters(days: days, months: months) {
      let positive = days.filter { $0 > 0 }
      let long = positive.filter { $0 > 28 }
      guard long.count == 1, let d = long.first, days.allSatisfy({ $0 > 0 }), weekdays.isEmpty, positions.isEmpty,
        weeks.isEmpty, daysOfTheYear.isEmpty
      else {
        throw RRuleExportError(reason: "clamped days of the month \(days) combined this way")
      }
      if frequency == .yearly, months.count > 1 {
        guard interval == 1 else {
          throw RRuleExportError(reason: "a clamped day in several months every \(interval) years")
        }
        frequency = .monthly
      }
      guard frequency == .monthly || frequency == .yearly else {
        throw RRuleExportError(reason: "a clamped day of the month in a \(frequency.rawValue) rule")
      }
      let others = positive.filter { $0 <= 28 }
      let from = others.contains(28) ? 29 : 28
      days = others + Array(from...d)
      let leading = others.isEmpty ? [] : Array(1...(others.count * timeCount))
      positions = leading + Array((-timeCount)...(-1))
    }
    var parts = ["FREQ=\(frequency.rfcName)"]
    if interval != 1 { parts.append("INTERVAL=\(interval)") }
    switch end {
    case .never: break
    case .afterOccurrences(let n): parts.append("COUNT=\(n)")
    case .afterDate(let u):
      parts.append("UNTIL=" + Self.basicFormat(u))
    }
    if !months.isEmpty { parts.append("BYMONTH=" + months.map(String.init).joined(separator: ",")) }
    if !days.isEmpty { parts.append("BYMONTHDAY=" + days.map(String.init).joined(separator: ",")) }
    if !daysOfTheYear.isEmpty { parts.append("BYYEARDAY=" + daysOfTheYear.map(String.init).joined(separator: ",")) }
    if !weeks.isEmpty { parts.append("BYWEEKNO=" + weeks.map(String.init).joined(separator: ",")) }
    if !hours.isEmpty { parts.append("BYHOUR=" + hours.map(String.init).joined(separator: ",")) }
    if !minutes.isEmpty { parts.append("BYMINUTE=" + minutes.map(String.init).joined(separator: ",")) }
    if !weekdays.isEmpty {
      parts.append(
        "BYDAY="
          + weekdays.map { w in
            switch w {
            case .every(let d): return d.rfcCode
            case .nth(let n, let d): return "\(n)\(d.rfcCode)"
            }
          }.joined(separator: ","))
    }
    if !times.isEmpty {
      let hours = Self.normalized(times.map(\.hour))
      let minutes = Self.normalized(times.map(\.minute))
      let seconds = Self.normalized(times.map(\.second))
      guard hours.count * minutes.count * seconds.count == times.count else {
        throw RRuleExportError(
          reason:
            "the times \(times.map { String($0.description.prefix(5)) }.joined(separator: ", ")) are not every combination of their hours and minutes"
        )
      }
      parts.append("BYHOUR=" + hours.map(String.init).joined(separator: ","))
      parts.append("BYMINUTE=" + minutes.map(String.init).joined(separator: ","))
      if seconds != [0] { parts.append("BYSECOND=" + seconds.map(String.init).joined(separator: ",")) }
    }
    if !positions.isEmpty { parts.append("BYSETPOS=" + positions.map(String.init).joined(separator: ",")) }
    if weekStart != .monday { parts.append("WKST=\(weekStart.rfcCode)") }
    return parts.joined(separator: ";")
  }

  /// Whether some listed day can fall past the end of a month the rule occurs in.
  private func clampingMatters(days: [Int], months: [Int]) -> Bool {
    let minLength =
      months.isEmpty ? 28 : months.map { $0 == 2 ? 28 : CivilDate.daysIn(month: $0, year: 2001) }.min() ?? 28
    return days.contains { abs($0) > minLength }
  }
}

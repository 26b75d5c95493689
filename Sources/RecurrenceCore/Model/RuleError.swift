/// Why a `RecurrenceRule` is not a rule the engine can run.
public enum RuleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The interval is below 1 or above `RecurrenceRule.maxInterval`.
  case intervalOutOfRange(Int)
  /// A count end below 1 or above `RecurrenceRule.maxCount`.
  case countOutOfRange(Int)
  /// A day of the month outside 1…31 and -31…-1.
  case dayOfMonthOutOfRange(Int)
  /// A month outside 1…12.
  case monthOutOfRange(Int)
  /// A week of the year outside 1…53 and -53…-1.
  case weekOutOfRange(Int)
  /// A day of the year outside 1…366 and -366…-1.
  case dayOfYearOutOfRange(Int)
  /// Weeks of the year in a rule that is not yearly (RFC 5545 allows `BYWEEKNO` only there).
  case weeksNeedYearly(RecurrenceRule.Frequency)
  /// An ordinal weekday with weeks of the year (RFC 5545 forbids `BYDAY=2MO` with `BYWEEKNO`).
  case ordinalWeekdayWithWeeks
  /// An hour outside 0…23 or a minute outside 0…59.
  case hourOrMinuteOutOfRange(String, Int)
  /// Hours or minutes in a daily or longer rule, which says its times of day with `times`.
  case hoursNeedSubDaily(RecurrenceRule.Frequency)
  /// A set position of 0 or beyond ±`RecurrenceRule.maxSetPosition`.
  case setPositionOutOfRange(Int)
  /// An ordinal weekday whose ordinal is 0 or too large for the period.
  case weekdayOrdinalOutOfRange(Int, DayOfWeek)
  /// An ordinal weekday ("2nd monday") in a rule whose period has no such ordinal.
  case ordinalWeekdayNeedsMonthOrYear(RecurrenceRule.Frequency)
  /// A time of day outside 00:00:00…23:59:59.
  case timeOutOfRange(Int)
  /// Times of day or set positions in an hourly or minutely rule.
  case subDailyFieldNotAllowed(String)
  /// A start or end date that is not a real date-time in years 1…9999.
  case invalidDate(String)
  /// A list longer than `RecurrenceRule.maxListLength`.
  case listTooLong(String, Int)
  /// A zone name that is empty, longer than `RecurrenceRule.maxZoneNameLength`, or has a
  /// character no IANA identifier uses (letters, digits, `/`, `_`, `-` and `+` only).
  case invalidTimeZone(String)

  /// The message, lower-case, naming the offending value.
  public var description: String {
    switch self {
    case .intervalOutOfRange(let n):
      return "interval \(n) is out of range; it must be 1…\(RecurrenceRule.maxInterval)"
    case .countOutOfRange(let n):
      return "count \(n) is out of range; it must be 1…\(RecurrenceRule.maxCount)"
    case .dayOfMonthOutOfRange(let n):
      return "day of the month \(n) is out of range; it must be 1…31 or -31…-1"
    case .monthOutOfRange(let n): return "month \(n) is out of range; it must be 1…12"
    case .weekOutOfRange(let n): return "week \(n) is out of range; it must be 1…53 or -53…-1"
    case .dayOfYearOutOfRange(let n):
      return "day of the year \(n) is out of range; it must be 1…366 or -366…-1"
    case .weeksNeedYearly(let f):
      return "weeks of the year need a yearly rule, not \(f.rawValue)"
    case .hourOrMinuteOutOfRange(let what, let n):
      return "\(what) \(n) is out of range; it must be \(what == "hour" ? "0…23" : "0…59")"
    case .hoursNeedSubDaily(let f):
      return "hours and minutes lists are for hourly and minutely rules; a \(f.rawValue) rule uses times of day"
    case .ordinalWeekdayWithWeeks:
      return "an ordinal weekday such as '2nd monday' cannot be combined with weeks of the year"
    case .setPositionOutOfRange(let n):
      return "set position \(n) is out of range; it must be ±1…\(RecurrenceRule.maxSetPosition)"
    case .weekdayOrdinalOutOfRange(let n, let d):
      return "ordinal \(n) for \(d.name) is out of range for the rule's period"
    case .ordinalWeekdayNeedsMonthOrYear(let f):
      return "an ordinal weekday such as '2nd monday' needs a monthly or yearly rule, not \(f.rawValue)"
    case .timeOutOfRange(let s): return "time of day \(s) seconds is out of range"
    case .subDailyFieldNotAllowed(let field):
      return "\(field) cannot be used in an hourly or minutely rule"
    case .invalidDate(let text): return "'\(text)' is not a valid date-time"
    case .invalidTimeZone(let name):
      return "'\(name.prefix(80))' is not a time zone name (letters, digits, '/', '_', '-', '+'; "
        + "at most \(RecurrenceRule.maxZoneNameLength) characters)"
    case .listTooLong(let field, let n):
      return "\(n) \(field) is too many; at most \(RecurrenceRule.maxListLength) are allowed"
    }
  }
}

extension RecurrenceRule {
  /// The largest interval accepted (bounds the work a hostile rule can ask for).
  public static let maxInterval = 10_000
  /// The largest occurrence count accepted.
  public static let maxCount = 100_000
  /// The largest set position accepted (a yearly rule has at most 366 days × times).
  public static let maxSetPosition = 10_000
  /// The most entries any one list (weekdays, days, set positions, times) may hold.
  public static let maxListLength = 96
  /// The longest zone name accepted (IANA identifiers have at most 32 characters).
  public static let maxZoneNameLength = 64

  /// Why the rule cannot run, or nil when it is valid.
  ///
  /// A valid rule may still never occur (Feb 30): the engine then yields nothing after a
  /// bounded search.
  public var validationError: RuleError? {
    if let error = Self.validationError(frequency: frequency, interval: interval, lists: lists, start: start, end: end)
    {
      return error
    }
    if let name = timeZone, !Self.isZoneName(name.utf8) { return .invalidTimeZone(name) }
    return nil
  }

  /// Whether `name` can be a zone identifier: 1…`maxZoneNameLength` of letters, digits, `/`,
  /// `_`, `-` and `+` (the characters IANA identifiers use, all safe in packed text).
  static func isZoneName(_ name: some Collection<UInt8>) -> Bool {
    guard !name.isEmpty, name.count <= maxZoneNameLength else { return false }
    return name.allSatisfy { isZoneCharacter($0) }
  }

  /// Whether `b` may appear in a zone identifier.
  @inline(__always)
  static func isZoneCharacter(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "/")
      || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
  }

  /// Why a rule with these fields cannot run (the fields that can be wrong), or nil.
  static func validationError(
    frequency: Frequency, interval: Int, lists: borrowing RuleLists, start: LocalDateTime?, end: End
  ) -> RuleError? {
    guard (1...Self.maxInterval).contains(interval) else { return .intervalOutOfRange(interval) }
    // Inline lists hold only in-range values (see `RuleLists`); overflow lists are checked here.
    let overflow = lists.overflow
    if let error = overflow?.lengthError { return error }
    if case .afterOccurrences(let n) = end, !(1...Self.maxCount).contains(n) {
      return .countOutOfRange(n)
    }
    if let error = overflow?.valueError { return error }
    if lists.nthFirst | lists.nthLast != 0, frequency != .monthly, frequency != .yearly {
      return .ordinalWeekdayNeedsMonthOrYear(frequency)
    }
    if overflow?.weeks != nil {
      if frequency != .yearly { return .weeksNeedYearly(frequency) }
      if lists.hasNth { return .ordinalWeekdayWithWeeks }
    }
    if let list = overflow?.weekdays {
      for w in list {
        guard case .nth(let n, let d) = w else { continue }
        switch frequency {
        case .monthly:
          if n == 0 || abs(n) > 5 { return .weekdayOrdinalOutOfRange(n, d) }
        case .yearly:
          let limit = lists.monthList.isEmpty ? 53 : 5
          if n == 0 || abs(n) > limit { return .weekdayOrdinalOutOfRange(n, d) }
        default:
          return .ordinalWeekdayNeedsMonthOrYear(frequency)
        }
      }
    }
    if (overflow?.hours != nil || overflow?.minutes != nil), !frequency.isSubDaily {
      return .hoursNeedSubDaily(frequency)
    }
    if frequency.isSubDaily {
      if lists.timesCount > 0 { return .subDailyFieldNotAllowed("times of day") }
      if lists.positions != 0 || overflow?.positions?.isEmpty == false {
        return .subDailyFieldNotAllowed("set positions")
      }
    }
    if let s = start, !s.isValidForRule { return .invalidDate(s.description) }
    if case .afterDate(let u) = end, !u.isValidForRule { return .invalidDate(u.description) }
    return nil
  }
}

extension OverflowLists {
  /// The first list longer than `RecurrenceRule.maxListLength`, as an error.
  var lengthError: RuleError? {
    let limit = RecurrenceRule.maxListLength
    if let list = weekdays, list.count > limit { return .listTooLong("weekdays", list.count) }
    if let list = days, list.count > limit { return .listTooLong("days of the month", list.count) }
    if let list = positions, list.count > limit { return .listTooLong("set positions", list.count) }
    if let list = times, list.count > limit { return .listTooLong("times of day", list.count) }
    if let list = weeks, list.count > limit { return .listTooLong("weeks of the year", list.count) }
    if let list = yearDays, list.count > limit { return .listTooLong("days of the year", list.count) }
    if let list = minutes, list.count > limit { return .listTooLong("minutes", list.count) }
    if let list = excluded, list.count > limit { return .listTooLong("excluded dates", list.count) }
    if let list = extra, list.count > limit { return .listTooLong("extra dates", list.count) }
    return nil
  }

  /// The first out-of-range day, month, set position or time, as an error.
  var valueError: RuleError? {
    for d in days ?? [] where !((1...31).contains(d) || (-31 ... -1).contains(d)) {
      return .dayOfMonthOutOfRange(d)
    }
    for m in months ?? [] where !(1...12).contains(m) { return .monthOutOfRange(m) }
    for w in weeks ?? [] where w == 0 || abs(w) > 53 { return .weekOutOfRange(w) }
    for d in yearDays ?? [] where d == 0 || abs(d) > 366 { return .dayOfYearOutOfRange(d) }
    for h in hours ?? [] where !(0...23).contains(h) { return .hourOrMinuteOutOfRange("hour", h) }
    for m in minutes ?? [] where !(0...59).contains(m) { return .hourOrMinuteOutOfRange("minute", m) }
    for d in (excluded ?? []) + (extra ?? []) where !d.isValidForRule { return .invalidDate(d.description) }
    for p in positions ?? [] where p == 0 || abs(p) > RecurrenceRule.maxSetPosition {
      return .setPositionOutOfRange(p)
    }
    for t in times ?? [] where !(0..<86_400).contains(t.secondOfDay) { return .timeOutOfRange(t.secondOfDay) }
    return nil
  }
}

extension LocalDateTime {
  /// Whether a rule may hold this date-time: a real date in years 1…9999, a time in the day.
  var isValidForRule: Bool {
    date.isValid && (1...9999).contains(date.year) && (0..<86_400).contains(secondOfDay)
  }
}

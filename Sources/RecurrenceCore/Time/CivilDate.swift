/// A proleptic Gregorian calendar date with no time zone: year, month (1…12) and day (1…31).
///
/// Dates are compared and stepped as integer day numbers (days since 1970-01-01), using
/// Howard Hinnant's days-from-civil algorithms, so no `Calendar` call is ever on a hot path.
public struct CivilDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The year, for example 2026.
  public var year: Int
  /// The month, 1 (January) through 12 (December).
  public var month: Int
  /// The day of the month, 1 through the month's length.
  public var day: Int

  /// Creates a date from its fields without validation; see `isValid`.
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Creates the date that is `dayNumber` days after 1970-01-01.
  public init(dayNumber: Int) {
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
  }

  /// The number of days from 1970-01-01 to this date (negative before it).
  public var dayNumber: Int { CivilDate.dayNumber(year: year, month: month, day: day) }

  /// The day number of a year, month and day (the day may exceed the month; it then overflows).
  @inlinable
  public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    // Wrapping arithmetic: no overflow checks on the engine's hot path (a year would need 16
    // digits to overflow, and the model accepts four).
    let y = month <= 2 ? year &- 1 : year
    let era = (y >= 0 ? y : y &- 399) / 400
    let yoe = y &- era &* 400
    let mp = month > 2 ? month &- 3 : month &+ 9
    let doy = (153 &* mp &+ 2) / 5 &+ day &- 1
    let doe = yoe &* 365 &+ yoe / 4 &- yoe / 100 &+ doy
    return era &* 146_097 &+ doe &- 719_468
  }

  /// Whether the fields name a real date (month 1…12, day within the month).
  public var isValid: Bool {
    month >= 1 && month <= 12 && day >= 1 && day <= CivilDate.daysIn(month: month, year: year)
  }

  /// The day of the week of this date.
  public var dayOfWeek: DayOfWeek { DayOfWeek(dayNumber: dayNumber) }

  /// Whether `year` is a Gregorian leap year.
  @inlinable
  public static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The number of days in `month` of `year`.
  @inlinable
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The most days `month` has in any year (29 for February).
  @inlinable
  public static func maxDaysIn(month: Int) -> Int {
    month == 2 ? 29 : daysIn(month: month, year: 2001)
  }

  /// The date `count` days later (earlier when negative).
  public func adding(days count: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + count) }

  /// The date `count` months later, with the day clamped to the target month's length.
  ///
  /// For example 2026-01-31 plus one month is 2026-02-28.
  public func adding(months count: Int) -> CivilDate {
    let index = year * 12 + (month - 1) + count
    let y = index >= 0 ? index / 12 : (index - 11) / 12
    let m = index - y * 12 + 1
    return CivilDate(year: y, month: m, day: min(day, CivilDate.daysIn(month: m, year: y)))
  }

  /// Orders values chronologically (or by their natural order).
  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// The date as `YYYY-MM-DD`.
  public var description: String {
    let y = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
    return "\(y)-\(pad(month, 2))-\(pad(day, 2))"
  }
}

/// Zero-pads a non-negative integer to `width` digits.
@usableFromInline
func pad(_ value: Int, _ width: Int) -> String {
  let digits = String(value)
  return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

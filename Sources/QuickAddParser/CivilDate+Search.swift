import RecurrenceCore

extension CivilDate {
  /// The `n`th weekday `w` (1 = Monday) of a month, counted from its end when `n` is negative
  /// (-1 the last); nil when the month has no such day (a fifth Monday).
  static func nthWeekday(_ n: Int, _ w: Int, month: Int, year: Int) -> CivilDate? {
    let first = CivilDate(year: year, month: month, day: 1)
    let days = CivilDate.daysIn(month: month, year: year)
    let firstMatch = (w - first.dayOfWeek.rawValue + 7) % 7 + 1
    let lastMatch = firstMatch + (days - firstMatch) / 7 * 7
    let day = n > 0 ? firstMatch + (n - 1) * 7 : lastMatch + (n + 1) * 7
    guard day >= 1, day <= days else { return nil }
    return CivilDate(year: year, month: month, day: day)
  }

  /// The first `n`th weekday `w` of a month on or after `self`, within a year; nil when no month
  /// has one (a sixth Monday).
  func nextNthWeekday(_ n: Int, _ w: Int) -> CivilDate? {
    var month = CivilDate(year: year, month: self.month, day: 1)
    for _ in 0..<13 {
      if let d = CivilDate.nthWeekday(n, w, month: month.month, year: month.year), d >= self { return d }
      month = month.adding(months: 1)
    }
    return nil
  }

  /// The first day numbered `day` on or after `self`, skipping months too short for it (the
  /// 31st after April 30 is May 31); nil when `day` is no day of a month.
  func nextDay(ofMonth day: Int) -> CivilDate? {
    guard (1...31).contains(day) else { return nil }
    var month = CivilDate(year: year, month: self.month, day: 1)
    for _ in 0..<13 {
      let candidate = CivilDate(year: month.year, month: month.month, day: day)
      if candidate.isValid, candidate >= self { return candidate }
      month = month.adding(months: 1)
    }
    return nil
  }

  /// The first date `month`/`day` on or after `self` (Feb 29 in the next leap year); nil when
  /// no year has that date.
  func nextDate(month: Int, day: Int) -> CivilDate? {
    guard (1...12).contains(month), day >= 1, day <= CivilDate.maxDaysIn(month: month) else { return nil }
    for y in year...year + 8 {  // leap years are at most eight apart (2096, 2104)
      let candidate = CivilDate(year: y, month: month, day: day)
      if candidate.isValid, candidate >= self { return candidate }
    }
    return nil
  }

  /// The most days one month can have (31 days, any first weekday) that are one of `weekdays`
  /// (1 = Monday … 7 = Sunday): Tuesdays and Fridays together, 9.
  static func mostDaysInAMonth(onWeekdays weekdays: [Int]) -> Int {
    (0..<7).map { first in (0..<31).filter { weekdays.contains((first + $0) % 7 + 1) }.count }.max() ?? 0
  }

  /// How many days from `self` to the next `weekday` (1 = Monday … 7 = Sunday), 0 when `self` is one.
  func days(untilWeekday weekday: Int) -> Int { (weekday - dayOfWeek.rawValue + 7) % 7 }
}

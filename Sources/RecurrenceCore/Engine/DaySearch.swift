/// Finding the next day a rule's day-level limits allow, a month at a time.
///
/// Hourly and minutely rules (and daily ones) only limit days: months, days of the month,
/// weekdays, days of the year. Walking their steps, or their days, through months the limits
/// exclude costs time in proportion to the gap: `FREQ=MINUTELY;INTERVAL=7919;BYMONTH=2;
/// BYMONTHDAY=29;BYDAY=TU` passes about one day in 28 years. This search looks at each month
/// once: skipped outright when its month is excluded, else one mask of its allowed days.
extension ExpansionPlan {
  /// The last day number the engine produces (9999-12-31); no occurrence comes after it.
  static let lastDay = CivilDate.dayNumber(year: 9999, month: 12, day: 31)
  /// The local seconds just after the last day: occurrences end before this.
  static let endOfTime = (lastDay + 1) * 86_400

  /// The first day on or after `day` and on or before `limit` that passes the day limits, or
  /// nil.
  func nextPassingDay(from day: Int, through limit: Int) -> Int? {
    if !hasDayLimits && everyMask == 0 { return day <= limit ? day : nil }
    var d = day
    while d <= limit {
      let date = CivilDate(dayNumber: d)
      let length = CivilDate.daysIn(month: date.month, year: date.year)
      let monthStart = d - date.day + 1
      if monthMask & (1 << date.month) != 0 {
        var mask = allowedDays(year: date.year, month: date.month, length: length, first: monthStart)
        mask &= ~((1 << UInt64(date.day)) - 1)
        if mask != 0 {
          let found = monthStart + mask.trailingZeroBitCount - 1
          return found <= limit ? found : nil
        }
      }
      d = monthStart + length
    }
    return nil
  }

  /// The days of a month (bit d = day d) that pass the day-of-month, weekday and day-of-year
  /// limits; `first` is the day number of the 1st.
  @inline(__always)
  func allowedDays(year: Int, month: Int, length: Int, first: Int) -> UInt64 {
    var mask = hasMonthDays ? monthDayMask(year: year, month: month) : ((1 << UInt64(length + 1)) - 1) & ~1
    if everyMask != 0 {
      // The weekday pattern from the 1st, repeated over five weeks.
      let firstIndex = DayOfWeek(dayNumber: first).rawValue - 1
      var pattern: UInt64 = 0
      for i in 0..<7 where everyMask & (1 << ((firstIndex + i) % 7)) != 0 { pattern |= 1 << UInt64(i) }
      var weeks: UInt64 = 0
      for w in 0..<5 { weeks |= pattern << UInt64(1 + 7 * w) }
      mask &= weeks
    }
    if hasYearDays {
      var bits = mask
      while bits != 0 {
        let d = bits.trailingZeroBitCount
        bits &= bits - 1
        if !yearDayListed(first + d - 1, year: year) { mask &= ~(1 << UInt64(d)) }
      }
    }
    return mask
  }
}

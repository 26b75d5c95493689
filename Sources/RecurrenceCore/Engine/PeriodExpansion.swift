/// The candidate days of one period of a daily-or-longer rule.
///
/// Period `k` is the `k`-th period counted from the one containing the start, stepping by the
/// rule's interval: day `start + k·interval`, the week (beginning on the rule's week start)
/// `k·interval` weeks on, the month `k·interval` months on, or the year `k·interval` years on.
/// Each period is computed from the start directly, never from the previous one, so a month-end
/// anchor returns (Jan 31 → Feb 28 → Mar 31) and any period is reached without walking.
extension ExpansionPlan {
  /// The number of periods after which the calendar repeats itself (400 Gregorian years).
  var cycleLength: Int {
    switch frequency {
    case .daily: return 146_097
    case .weekly: return 20_871
    case .monthly: return 4_800
    default: return 400
    }
  }

  /// The period index containing a day, rounded down (may be negative).
  func period(containing dayNumber: Int, weekStart: DayOfWeek) -> Int {
    let steps: Int
    switch frequency {
    case .weekly:
      steps = floorDiv(weekBegin(dayNumber, weekStart) - weekBegin(startDay, weekStart), 7)
    case .monthly:
      let d = CivilDate(dayNumber: dayNumber)
      steps = (d.year * 12 + d.month) - (start.date.year * 12 + start.date.month)
    case .yearly:
      steps = CivilDate(dayNumber: dayNumber).year - start.date.year
    default:
      steps = dayNumber - startDay
    }
    return floorDiv(steps, interval)
  }

  /// Fills `set` with the candidate days of period `k`.
  @inline(__always)
  func candidateDays(period k: Int, weekStart: DayOfWeek, into set: inout DaySet) {
    switch frequency {
    case .daily:
      let day = startDay + k * interval
      set.reset(base: day, words: 1)
      if passesLimits(day) { set.low = 1 }
    case .weekly:
      let first = weekBegin(startDay, weekStart) + 7 * k * interval
      set.reset(base: first, words: 1)
      let mask = everyMask != 0 ? everyMask : hasYearDays ? 0x7F : startDayBit
      for i in 0..<7 where mask & (1 << ((weekStart.rawValue - 1 + i) % 7)) != 0 {
        if passesMonthLimits(first + i) { set.insert(offset: i) }
      }
    case .monthly:
      let index = start.date.year * 12 + (start.date.month - 1) + k * interval
      let year = floorDiv(index, 12)
      let month = index - year * 12 + 1
      set.reset(base: CivilDate.dayNumber(year: year, month: month, day: 1), words: 1)
      if monthMask & (1 << month) != 0 { monthDays(year: year, month: month, at: 0, into: &set) }
      if hasYearDays { keepListedYearDays(in: &set) }
    default:
      let year = start.date.year + k * interval
      if yearBySets {
        yearDaysBySets(year: year, weekStart: weekStart, into: &set)
      } else {
        yearDays(year: year, into: &set)
      }
    }
  }

  /// Adds the days of one month, whose first day is `offset` days after the set's base: listed
  /// days (limited by weekdays), else weekdays, else the start's day (clamped under the clamp
  /// policy).
  func monthDays(year: Int, month: Int, at offset: Int, into set: inout DaySet) {
    let first = set.base + offset
    let length = CivilDate.daysIn(month: month, year: year)
    if hasMonthDays {
      var mask = monthDayMask(year: year, month: month)
      if hasWeekdays {
        var bits = mask
        while bits != 0 {
          let d = bits.trailingZeroBitCount
          bits &= bits - 1
          if !weekdayMatches(dayNumber: first + d - 1, day: d, length: length) { mask &= ~(1 << UInt64(d)) }
        }
      }
      set.insert(monthMask: mask, at: offset)
    } else if hasWeekdays {
      expandWeekdays(from: first, count: length, at: offset, into: &set)
    } else if hasYearDays {
      set.insert(from: offset, to: offset + length)
    } else if start.date.day <= length {
      set.insert(offset: offset + start.date.day - 1)
    } else if clamp {
      set.insert(offset: offset + length - 1)
    }
  }

  /// The days of one year, by the yearly column of the expand/limit table.
  func yearDays(year: Int, into set: inout DaySet) {
    let first = CivilDate.dayNumber(year: year, month: 1, day: 1)
    set.reset(base: first, words: 6)
    if !monthsNamed && !hasMonthDays && hasWeekdays {
      // Weekdays alone: counted in the whole year.
      expandWeekdays(from: first, count: CivilDate.isLeap(year) ? 366 : 365, at: 0, into: &set)
      return
    }
    // Month by month: the named months, or every month when only days of the month are given,
    // or the start's month when nothing else is.
    let impliedOnly = !monthsNamed && !hasMonthDays
    for month in 1...12 {
      if impliedOnly ? month != start.date.month : monthMask & (1 << month) == 0 { continue }
      let offset = CivilDate.dayNumber(year: year, month: month, day: 1) - first
      monthDays(year: year, month: month, at: offset, into: &set)
    }
  }

  /// Adds the days in `[first, first + count)` that the weekday list selects; `first` is
  /// `offset` days after the set's base.
  func expandWeekdays(from first: Int, count: Int, at offset: Int, into set: inout DaySet) {
    let firstDow = DayOfWeek(dayNumber: first).rawValue
    var every = everyMask
    if every != 0, offset + count <= 64 {
      // A week or a month in the low word: the weekdays as bits from the first day, repeated
      // every 7 bits by one multiplication (the copies of a 7-bit pattern cannot carry).
      let shift = firstDow - 1
      let week = UInt64(((every >> shift) | (every << (7 - shift))) & 0x7F)
      let repeated = week &* 0x8102_0408_1020_4081
      let span: UInt64 = count >= 64 ? ~0 : (1 << UInt64(count)) &- 1
      set.low |= (repeated & span) << UInt64(offset)
      every = 0
    }
    while every != 0 {
      let target = every.trailingZeroBitCount + 1
      every &= every - 1
      var d = (target - firstDow + 7) % 7
      while d < count {
        set.insert(offset: offset + d)
        d += 7
      }
    }
    guard hasNth else { return }
    for case .nth(let n, let day) in nthWeekdays ?? [] {
      let target = day.rawValue
      if n > 0 {
        let d = (target - firstDow + 7) % 7 + (n - 1) * 7
        if d < count { set.insert(offset: offset + d) }
      } else if n < 0 {
        let lastDow = DayOfWeek(dayNumber: first + count - 1).rawValue
        let back = (lastDow - target + 7) % 7
        let d = count - 1 - back + (n + 1) * 7
        if d >= 0 { set.insert(offset: offset + d) }
      }
    }
  }

  /// Whether a day passes the month, day-of-month and weekday limits (daily rules).
  @inline(__always)
  func passesLimits(_ day: Int) -> Bool {
    if everyMask != 0 || hasNth {
      if everyMask & DayOfWeek(dayNumber: day).bit == 0 { return false }
    }
    return passesMonthLimits(day)
  }

  /// Whether a day passes the month, day-of-month and day-of-year limits.
  @inline(__always)
  func passesMonthLimits(_ day: Int) -> Bool {
    if !hasDayLimits { return true }
    let date = CivilDate(dayNumber: day)
    if monthMask & (1 << date.month) == 0 { return false }
    if hasMonthDays, monthDayMask(year: date.year, month: date.month) & (1 << UInt64(date.day)) == 0 {
      return false
    }
    if hasYearDays, !yearDayListed(day, year: date.year) { return false }
    return true
  }
}

/// The first day (a day number) of the week, beginning on `weekStart`, that contains `day`.
@inline(__always)
func weekBegin(_ day: Int, _ weekStart: DayOfWeek) -> Int {
  day - (DayOfWeek(dayNumber: day).rawValue - weekStart.rawValue + 7) % 7
}

/// Integer division rounding toward negative infinity.
@inline(__always)
func floorDiv(_ a: Int, _ b: Int) -> Int {
  let q = a / b
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

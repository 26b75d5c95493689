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
      steps = floorDiv(weekBegin(dayNumber, weekStart) - weekBegin(start.date.dayNumber, weekStart), 7)
    case .monthly:
      let d = CivilDate(dayNumber: dayNumber)
      steps = (d.year * 12 + d.month) - (start.date.year * 12 + start.date.month)
    case .yearly:
      steps = CivilDate(dayNumber: dayNumber).year - start.date.year
    default:
      steps = dayNumber - start.date.dayNumber
    }
    return floorDiv(steps, interval)
  }

  /// Appends the candidate days of period `k`, ascending and distinct, to `days`.
  func candidateDays(period k: Int, weekStart: DayOfWeek, into days: inout [Int]) {
    switch frequency {
    case .daily:
      let day = start.date.dayNumber + k * interval
      if passesLimits(day) { days.append(day) }
    case .weekly:
      let first = weekBegin(start.date.dayNumber, weekStart) + 7 * k * interval
      let mask = everyMask != 0 ? everyMask : start.date.dayOfWeek.bit
      for day in first..<(first + 7) where mask & DayOfWeek(dayNumber: day).bit != 0 {
        if passesMonthLimits(day) { days.append(day) }
      }
    case .monthly:
      let index = start.date.year * 12 + (start.date.month - 1) + k * interval
      let year = floorDiv(index, 12)
      let month = index - year * 12 + 1
      guard monthMask & (1 << month) != 0 else { return }
      monthDays(year: year, month: month, impliedDay: start.date.day, into: &days)
    default:
      yearDays(year: start.date.year + k * interval, into: &days)
    }
  }

  /// The days of one month: listed days (limited by weekdays), else weekdays, else the
  /// start's day (clamped under the clamp policy).
  func monthDays(year: Int, month: Int, impliedDay: Int, into days: inout [Int]) {
    let first = CivilDate.dayNumber(year: year, month: month, day: 1)
    let length = CivilDate.daysIn(month: month, year: year)
    if hasMonthDays {
      var mask = monthDayMask(year: year, month: month)
      while mask != 0 {
        let d = mask.trailingZeroBitCount
        mask &= mask - 1
        let dayNumber = first + d - 1
        if !hasWeekdays || weekdayMatches(dayNumber: dayNumber, day: d, length: length) {
          days.append(dayNumber)
        }
      }
    } else if hasWeekdays {
      let mark = days.count
      expandWeekdays(from: first, count: length, into: &days)
      sortTail(&days, from: mark)
    } else if impliedDay <= length {
      days.append(first + impliedDay - 1)
    } else if clamp {
      days.append(first + length - 1)
    }
  }

  /// The days of one year, by the yearly column of the expand/limit table.
  func yearDays(year: Int, into days: inout [Int]) {
    if monthsNamed || hasMonthDays || !hasWeekdays {
      // Month by month: named months (or the start's month when nothing else is given,
      // or every month when only days of the month are given).
      let impliedOnly = !monthsNamed && !hasMonthDays && !hasWeekdays
      for month in 1...12 {
        if impliedOnly {
          if month != start.date.month { continue }
        } else if monthsNamed, monthMask & (1 << month) == 0 {
          continue
        }
        monthDays(year: year, month: month, impliedDay: start.date.day, into: &days)
      }
    } else {
      // Weekdays alone: counted in the whole year.
      let first = CivilDate.dayNumber(year: year, month: 1, day: 1)
      let length = CivilDate.isLeap(year) ? 366 : 365
      let mark = days.count
      expandWeekdays(from: first, count: length, into: &days)
      sortTail(&days, from: mark)
    }
  }

  /// Appends the days in `[first, first + count)` that the weekday list selects.
  func expandWeekdays(from first: Int, count: Int, into days: inout [Int]) {
    let firstDow = DayOfWeek(dayNumber: first).rawValue
    for w in weekdays {
      let target = w.day.rawValue
      let offset = (target - firstDow + 7) % 7
      switch w {
      case .every:
        var d = offset
        while d < count {
          days.append(first + d)
          d += 7
        }
      case .nth(let n, _):
        if n > 0 {
          let d = offset + (n - 1) * 7
          if d < count { days.append(first + d) }
        } else if n < 0 {
          let lastDow = DayOfWeek(dayNumber: first + count - 1).rawValue
          let back = (lastDow - target + 7) % 7
          let d = count - 1 - back + (n + 1) * 7
          if d >= 0 { days.append(first + d) }
        }
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

  /// Whether a day passes the month and day-of-month limits.
  @inline(__always)
  func passesMonthLimits(_ day: Int) -> Bool {
    if !monthsNamed && !hasMonthDays { return true }
    let date = CivilDate(dayNumber: day)
    if monthMask & (1 << date.month) == 0 { return false }
    if hasMonthDays, monthDayMask(year: date.year, month: date.month) & (1 << UInt64(date.day)) == 0 {
      return false
    }
    return true
  }

  /// The first day of the week containing `day`.
  @inline(__always)
  func weekBegin(_ day: Int, _ weekStart: DayOfWeek) -> Int {
    day - (DayOfWeek(dayNumber: day).rawValue - weekStart.rawValue + 7) % 7
  }
}

/// Sorts `days[mark...]` and removes duplicates there.
@inline(__always)
func sortTail(_ days: inout [Int], from mark: Int) {
  guard days.count - mark > 1 else { return }
  days[mark...].sort()
  var write = mark + 1
  for read in (mark + 1)..<days.count where days[read] != days[write - 1] {
    days[write] = days[read]
    write += 1
  }
  days.removeLast(days.count - write)
}

/// Integer division rounding toward negative infinity.
@inline(__always)
func floorDiv(_ a: Int, _ b: Int) -> Int {
  let q = a / b
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}

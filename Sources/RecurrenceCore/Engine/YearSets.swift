/// Yearly periods built from whole-year day sets: weeks of the year (ISO 8601 numbering with
/// the rule's week start), days of the year, and ordinal weekdays counted in the year.
extension ExpansionPlan {
  /// The days of one year as the intersection of each list's days (RFC 5545 and dateutil):
  /// the named months (or days of the month in them), the listed weeks, the listed days of the
  /// year, and the weekdays (ordinals counted in each named month, else in the year).
  ///
  /// Example: `FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO` is the Monday of ISO week 20 (2026-05-11);
  /// `FREQ=YEARLY;BYWEEKNO=1` alone is every day of week 1 that lies in the year.
  func yearDaysBySets(year: Int, weekStart: DayOfWeek, into set: inout DaySet) {
    let first = CivilDate.dayNumber(year: year, month: 1, day: 1)
    let length = CivilDate.isLeap(year) ? 366 : 365
    set.reset(base: first, words: 6)
    // The most selective list fills the set; the others intersect it.
    if hasWeeks {
      weekDays(year: year, length: length, weekStart: weekStart, into: &set)
    } else if hasYearDays {
      listedYearDays(length: length, into: &set)
    } else {
      monthDaysOfYear(year: year, first: first, into: &set)
    }
    if hasWeeks, hasYearDays {
      var listed = DaySet(base: first, words: 6)
      listedYearDays(length: length, into: &listed)
      set.formIntersection(listed)
    }
    if (hasWeeks || hasYearDays) && (monthsNamed || hasMonthDays) {
      var listed = DaySet(base: first, words: 6)
      monthDaysOfYear(year: year, first: first, into: &listed)
      set.formIntersection(listed)
    }
    guard hasWeekdays else { return }
    if !hasNth {
      // Plain weekdays: keep the days whose weekday is listed (the set is small by now).
      for w in 0..<set.used {
        var bits = set[word: w]
        var keep = bits
        while bits != 0 {
          let offset = w << 6 | bits.trailingZeroBitCount
          bits &= bits - 1
          if everyMask & DayOfWeek(dayNumber: first + offset).bit == 0 { keep &= ~(1 << UInt64(offset & 63)) }
        }
        set[word: w] = keep
      }
      return
    }
    var listed = DaySet(base: first, words: 6)
    if monthsNamed {
      for month in 1...12 where monthMask & (1 << month) != 0 {
        let offset = CivilDate.dayNumber(year: year, month: month, day: 1) - first
        expandWeekdays(
          from: first + offset, count: CivilDate.daysIn(month: month, year: year), at: offset, into: &listed)
      }
    } else {
      expandWeekdays(from: first, count: length, at: 0, into: &listed)
    }
    set.formIntersection(listed)
  }

  /// Adds the named months' days (or their listed days of the month), or the whole year when
  /// neither is given.
  func monthDaysOfYear(year: Int, first: Int, into set: inout DaySet) {
    guard monthsNamed || hasMonthDays else {
      set.insert(from: 0, to: CivilDate.isLeap(year) ? 366 : 365)
      return
    }
    for month in 1...12 where monthMask & (1 << month) != 0 {
      let offset = CivilDate.dayNumber(year: year, month: month, day: 1) - first
      if hasMonthDays {
        set.insert(monthMask: monthDayMask(year: year, month: month), at: offset)
      } else {
        set.insert(from: offset, to: offset + CivilDate.daysIn(month: month, year: year))
      }
    }
  }

  /// Adds the listed days of the year.
  func listedYearDays(length: Int, into set: inout DaySet) {
    for n in yearDays {
      let offset = n > 0 ? n - 1 : length + n
      if offset >= 0, offset < length { set.insert(offset: offset) }
    }
  }

  /// Adds the days of `year` (whose first day is the set's base) that lie in a listed week of
  /// the year before, the year itself or the year after, each numbered in its own week-year.
  func weekDays(year: Int, length: Int, weekStart: DayOfWeek, into set: inout DaySet) {
    var begin = weekOne(year - 1, weekStart)
    let list = weeks  // read once: each read of the overflow's list retains it
    for weekYear in (year - 1)...(year + 1) {
      let next = weekOne(weekYear + 1, weekStart)
      let count = (next - begin) / 7
      for n in list {
        let week = n > 0 ? n : count + 1 + n
        guard week >= 1, week <= count else { continue }
        let lower = begin + (week - 1) * 7 - set.base
        set.insert(from: Swift.max(0, lower), to: Swift.min(length, lower + 7))
      }
      begin = next
    }
  }

  /// The first day of week 1 of `year`: the week (starting on `weekStart`) holding January 4th,
  /// the first week with at least four days in the year (ISO 8601).
  @inline(__always)
  func weekOne(_ year: Int, _ weekStart: DayOfWeek) -> Int {
    weekBegin(CivilDate.dayNumber(year: year, month: 1, day: 4), weekStart)
  }

  /// Whether a day (in `year`) is one of the listed days of the year.
  @inline(__always)
  func yearDayListed(_ day: Int, year: Int) -> Bool {
    let ordinal = day - CivilDate.dayNumber(year: year, month: 1, day: 1) + 1
    let fromEnd = ordinal - (CivilDate.isLeap(year) ? 367 : 366)
    return yearDays.contains { $0 == ordinal || $0 == fromEnd }
  }

  /// Removes the days of a one-word set (a month or a week) that are not listed days of the
  /// year.
  func keepListedYearDays(in set: inout DaySet) {
    var bits = set.low
    while bits != 0 {
      let offset = bits.trailingZeroBitCount
      bits &= bits - 1
      let day = set.base + offset
      if !yearDayListed(day, year: CivilDate(dayNumber: day).year) { set.low &= ~(1 << UInt64(offset)) }
    }
  }
}

extension DaySet {
  /// Adds the days at offsets `lower..<upper` (nothing when the range is empty).
  mutating func insert(from lower: Int, to upper: Int) {
    var offset = Swift.max(0, lower)
    let end = Swift.min(upper, used * 64)
    while offset < end {
      let word = offset >> 6
      let bit = offset & 63
      let span = Swift.min(64 - bit, end - offset)
      let ones: UInt64 = span == 64 ? ~0 : ((1 << UInt64(span)) - 1)
      self[word: word] |= ones << UInt64(bit)
      offset += span
    }
  }

  /// Keeps only the days also in `other` (same base and size).
  mutating func formIntersection(_ other: DaySet) {
    for w in 0..<used { self[word: w] &= other[word: w] }
  }
}

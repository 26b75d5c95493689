/// A rule compiled to bit masks for the engine: no allocation, no dictionary, no `Calendar`.
///
/// ## Expand and limit (RFC 5545 §3.3.10, as Foundation and dateutil apply it)
///
/// | field            | hourly, minutely | daily  | weekly | monthly               | yearly                          |
/// |------------------|------------------|--------|--------|-----------------------|---------------------------------|
/// | `months`         | limit            | limit  | limit  | limit                 | expand                          |
/// | `weeks`          | refused          | refused| refused| refused               | expand (ISO 8601 weeks, `weekStart`) |
/// | `daysOfTheYear`  | limit            | limit  | limit  | limit                 | expand                          |
/// | `daysOfTheMonth` | limit            | limit  | limit  | expand                | expand (in each selected month) |
/// | `weekdays`       | limit            | limit  | expand | expand; limit if days | expand (see below); limit if days, weeks or days of the year |
/// | `times`          | refused          | expand | expand | expand                | expand                          |
/// | `setPositions`   | refused          | limit  | limit  | limit                 | limit                           |
///
/// RFC 5545 marks `daysOfTheYear` "N/A" for daily, weekly and monthly rules; like dateutil we
/// accept it there as a limit. A yearly ordinal weekday ("20th monday") counts within each
/// named month when `months` is given, else within the whole year (so
/// `FREQ=YEARLY;BYDAY=20MO;BYMONTHDAY=17` is the 20th Monday of the year when it falls on a
/// 17th: 2021-05-17). A yearly rule with weeks or days of the year intersects every list's
/// days within the year (a week straddling New Year gives each year its own days).
///
/// Expansion runs first, then `setPositions` pick from each period's sorted set of date-times,
/// then the start, the query window and the end apply. The count of an `afterOccurrences` end
/// includes the first occurrence and is counted from the start, whatever the query window.
/// Fields the rule leaves open are implied from the start: the weekday of a weekly rule, the
/// day of a monthly rule, the month and day of a yearly rule, the time of day.
struct ExpansionPlan: Sendable {
  let frequency: RecurrenceRule.Frequency
  let interval: Int
  let start: LocalDateTime
  /// The start's day number, weekday bit, and time of day, precomputed.
  let startDay: Int
  let startDayBit: Int
  /// The first time of day in seconds (the start's when the rule has none).
  let firstTime: Int
  let clamp: Bool
  /// `.every` weekdays, bit 0 = Monday.
  let everyMask: Int
  /// The rule's weekdays (only consulted for `.nth`).
  /// The rule's weekdays when it has ordinal ones, else nil. (The plan's lists are optional and
  /// nil when empty so that copying a typical plan retains nothing.)
  let nthWeekdays: [RecurrenceRule.Weekday]?
  let hasNth: Bool
  let hasWeekdays: Bool
  /// Positive days of the month, bit d = day d.
  let positiveDays: UInt64
  /// Negative days of the month, bit n = day -n.
  let negativeDays: UInt64
  /// Positive days that some named month can have (all of them when no month is named).
  let clampableDays: UInt64
  let hasMonthDays: Bool
  /// Months, bit m = month m; all twelve when none is named.
  let monthMask: Int
  let monthsNamed: Bool
  /// The rule's overflow lists (weeks and days of the year live there), or nil: one reference.
  let overflow: Overflow?
  /// Weeks of the year (yearly rules only).
  var weeks: [Int] { overflow?.lists.weeks ?? [] }
  /// Days of the year.
  var yearDays: [Int] { overflow?.lists.yearDays ?? [] }
  let hasWeeks: Bool
  let hasYearDays: Bool
  /// Whether a yearly period is built by intersecting whole-year day sets (weeks, days of the
  /// year, or ordinal weekdays counted in the year alongside days of the month).
  let yearBySets: Bool
  /// Whether a day must pass month, day-of-month or day-of-year limits.
  let hasDayLimits: Bool
  /// Hours of a sub-daily rule, bit h = hour h; 0 when none are listed.
  let hourMask: UInt32
  /// Minutes of a sub-daily rule, bit m = minute m; 0 when none are listed.
  let minuteMask: UInt64
  /// The set positions, or nil when there are none.
  let positions: [Int]?
  /// Whether the rule has set positions.
  var hasPositions: Bool { positions != nil }
  /// How many of `setPositions` are negative (they sort first).
  let negativePositions: Int
  /// The second time of day in seconds, when the rule has two held inline.
  let secondTime: Int
  /// The rule's times of day when it has more than two; empty otherwise.
  let ruleTimes: [TimeOfDay]?
  /// The number of times of day (at least 1).
  let timeCount: Int
  /// How the sequence streams this rule (see `Stream`).
  let stream: Stream
  /// For `.weekly` streams: the first day of the start's week, and the week's days as bits
  /// (bit i = `i` days after the week's first day).
  let weekOrigin: Int
  let weekBits: Int

  /// Rules whose occurrences follow from the period index alone stream without day sets.
  enum Stream {
    /// Any rule: each period's days are expanded into a `DaySet`.
    case general
    /// A daily rule with one time and no limits: period k is day `start + k·interval`.
    case daily
    /// A weekly rule with one time, no day limits, ordinals or set positions: the week's
    /// listed days in order.
    case weekly
  }

  /// Compiles a rule's parts (passed apart, not as the rule: reading them from a borrowed
  /// rule made the compiler copy the whole rule).
  init(
    frequency: RecurrenceRule.Frequency, interval: Int, lists: RuleLists, clamp: Bool, weekStart: DayOfWeek,
    start: LocalDateTime
  ) {
    self.frequency = frequency
    self.interval = max(1, interval)
    self.start = start
    startDay = start.date.dayNumber
    startDayBit = DayOfWeek(dayNumber: startDay).bit
    let overflow = lists.overflow
    firstTime = lists.firstTime ?? start.secondOfDay
    self.clamp = clamp
    let hasNth = lists.hasNth
    nthWeekdays = hasNth ? lists.weekdays : nil
    if let list = overflow?.weekdays {
      var every = 0
      for case .every(let d) in list { every |= d.bit }
      everyMask = every
    } else {
      everyMask = Int(lists.every)
    }
    self.hasNth = hasNth
    hasWeekdays = hasNth || everyMask != 0
    var months = 0
    if let list = overflow?.months {
      for m in list where (1...12).contains(m) { months |= 1 << m }
    } else {
      months = Int(lists.months)
    }
    monthsNamed = months != 0
    monthMask = months == 0 ? 0b1_1111_1111_1110 : months
    var pos: UInt64 = 0
    var neg: UInt64 = 0
    if let list = overflow?.days {
      for d in list {
        if (1...31).contains(d) { pos |= 1 << UInt64(d) } else if (-31 ... -1).contains(d) { neg |= 1 << UInt64(-d) }
      }
    } else {
      pos = SignedMask.positive(lists.days)
      neg = SignedMask.negative(lists.days)
    }
    var clampable: UInt64 = 0
    var rest = pos
    while rest != 0 {
      let d = rest.trailingZeroBitCount
      rest &= rest - 1
      let possible = (1...12).contains { m in
        (months == 0 || months & (1 << m) != 0) && CivilDate.maxDaysIn(month: m) >= d
      }
      if possible { clampable |= 1 << UInt64(d) }
    }
    positiveDays = pos
    negativeDays = neg
    clampableDays = clampable
    hasMonthDays = lists.days != 0 || overflow?.days?.isEmpty == false
    self.overflow = lists.overflow
    hasWeeks = overflow?.weeks != nil
    hasYearDays = overflow?.yearDays != nil
    yearBySets = hasWeeks || hasYearDays || (!monthsNamed && hasMonthDays && hasNth)
    hasDayLimits = monthsNamed || hasMonthDays || hasYearDays
    hourMask = (overflow?.hours ?? []).reduce(0) { $0 | (1 << UInt32($1 & 31)) }
    minuteMask = (overflow?.minutes ?? []).reduce(0) { $0 | (1 << UInt64($1 & 63)) }
    let positionList = lists.positions == 0 && overflow?.positions == nil ? nil : lists.setPositions
    positions = positionList
    negativePositions = positionList?.count { $0 < 0 } ?? 0
    timeCount = max(1, lists.timesCount)
    secondTime = Int(lists.time1)
    ruleTimes = lists.timesCount > 2 ? lists.times : nil
    let simple = timeCount == 1 && !hasDayLimits && !hasNth && positionList == nil
    weekOrigin = weekBegin(startDay, weekStart)
    let days = everyMask != 0 ? everyMask : startDayBit
    // The days as bits from the week's first day: the Monday-based mask rotated.
    let shift = weekStart.rawValue - 1
    weekBits = ((days >> shift) | (days << (7 - shift))) & 0x7F
    if simple, frequency == .daily, everyMask == 0 {
      stream = .daily
    } else if simple, frequency == .weekly {
      stream = .weekly
    } else {
      stream = .general
    }
  }

  /// The `i`-th time of day in seconds since midnight.
  @inline(__always)
  func second(ofTime i: Int) -> Int {
    i == 0 ? firstTime : ruleTimes.map { $0[i].secondOfDay } ?? secondTime
  }

  /// The days of `month` in `year` that the day-of-month list selects, as a bit mask.
  @inline(__always)
  func monthDayMask(year: Int, month: Int) -> UInt64 {
    let length = CivilDate.daysIn(month: month, year: year)
    let low: UInt64 = ((1 << UInt64(length + 1)) - 1) & ~1
    var mask = positiveDays & low
    if clamp, clampableDays >> UInt64(length + 1) != 0 { mask |= 1 << UInt64(length) }
    var neg = negativeDays
    while neg != 0 {
      let n = neg.trailingZeroBitCount
      neg &= neg - 1
      let day = length - n + 1
      if day >= 1 { mask |= 1 << UInt64(day) } else if clamp { mask |= 2 }
    }
    return mask
  }

  /// Whether a day in a month passes the weekday list, with `.nth` counted in the month.
  @inline(__always)
  func weekdayMatches(dayNumber: Int, day: Int, length: Int) -> Bool {
    let dow = DayOfWeek(dayNumber: dayNumber)
    if everyMask & dow.bit != 0 { return true }
    guard hasNth else { return false }
    let forward = (day - 1) / 7 + 1
    let backward = -((length - day) / 7 + 1)
    for w in nthWeekdays ?? [] {
      if case .nth(let n, let d) = w, d == dow, n == forward || n == backward { return true }
    }
    return false
  }
}

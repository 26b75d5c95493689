/// A daily or weekly rule at one time of day with no limits, no set positions and no
/// exception dates, streamed from its period index alone: the commonest rules, kept in a small
/// value so a sequence is cheap to create, copy and advance.
///
/// It gives exactly what the general engine gives for such a rule (the same start, window,
/// end, count and DST handling); it only skips building day sets, and it reuses the zone's
/// offset while successive times stay between two of its transitions.
struct SimpleStream: Sendable {
  /// The first day: the start's for a daily rule, the first day of the start's week for a
  /// weekly one.
  let origin: Int
  /// Days between periods: the interval, times 7 for a weekly rule.
  let step: Int
  /// A weekly rule's days as bits from the week's first day; 0 for a daily rule.
  let weekBits: Int
  /// The time of day, in seconds.
  let time: Int
  /// The zone's table, or nil for a floating rule.
  let table: ZoneTable?
  /// Inclusive bounds on the timeline (`Int.max` for no upper bound), and the start's position.
  let lower: Int
  let upper: Int
  let startPosition: Int
  /// Occurrences left before a count ends the rule (`Int.max` without a count).
  var remaining: Int
  var period: Int
  /// The last day offset streamed in the current week.
  var dayOffset = -1
  var done: Bool
  var lastEmitted = Int.min
  /// Local seconds in `windowFrom..<windowUntil` resolve with `windowOffset` (empty at first).
  var windowFrom = 0
  var windowUntil = 0
  var windowOffset = 0

  /// Whether `rule` streams here: a daily rule without weekdays or a weekly rule, at one time at
  /// most, with no other list and no exception dates.
  static func handles(_ rule: borrowing RecurrenceRule) -> Bool {
    let frequency = rule.frequency
    guard frequency == .daily || frequency == .weekly else { return false }
    let lists = rule.lists
    return lists.overflow == nil && lists.days == 0 && lists.months == 0 && lists.nthFirst | lists.nthLast == 0
      && lists.positions == 0 && lists.timeCount <= 1 && (frequency == .weekly || lists.every == 0)
  }

  /// The stream of `rule`, which `handles(_:)` accepts.
  init(rule: borrowing RecurrenceRule, start: LocalDateTime, zone: Zone?, lower: Int?, through: Int?) {
    // Each field is read from the borrowed rule once (as the general engine does), so the rule
    // is not copied.
    let (lists, end, interval, weekStart) = (rule.lists, rule.end, rule.interval, rule.weekStart)
    let weekly = rule.frequency == .weekly
    var valid =
      RecurrenceRule.validationError(
        frequency: rule.frequency, interval: interval, lists: lists, start: rule.start, end: end) == nil
    if valid, rule.zoneName.count > 0 { valid = rule.validationError == nil }
    let startDay = start.date.dayNumber
    let startWeekday = DayOfWeek(dayNumber: startDay)
    let weekOrigin = startDay - (startWeekday.rawValue - weekStart.rawValue + 7) % 7
    let days = lists.every != 0 ? Int(lists.every) : startWeekday.bit
    let shift = weekStart.rawValue - 1
    origin = weekly ? weekOrigin : startDay
    step = Swift.max(1, interval) * (weekly ? 7 : 1)
    weekBits = weekly ? ((days >> shift) | (days << (7 - shift))) & 0x7F : 0
    time = lists.firstTime ?? start.secondOfDay
    let bounds = SequenceBounds(
      startLocal: startDay * 86_400 + start.secondOfDay, end: end, lower: lower, through: through,
      timeline: Timeline(zone: zone), zone: zone)
    // Jump to the period just before the lower bound, unless a count must be kept from the start.
    var firstPeriod = 0
    if let lowDay = bounds.jumpDay {
      let lowOrigin = weekly ? weekBegin(lowDay, weekStart) : lowDay
      firstPeriod = Swift.max(0, floorDiv(lowOrigin - origin, step) - 1)
    }
    self.table = zone?.table
    self.startPosition = bounds.startPosition
    self.upper = bounds.upper ?? Int.max
    self.remaining = bounds.count ?? Int.max
    self.lower = bounds.lower
    self.period = firstPeriod
    self.done = !valid || (bounds.upper.map { $0 < bounds.lower } ?? false)
  }

  /// A stream that has ended: the placeholder beside the general engine.
  init() {
    (origin, step, weekBits, time, table) = (0, 1, 0, 0, nil)
    (lower, upper, startPosition, remaining, period) = (0, 0, 0, 0, 0)
    done = true
  }

  /// The next occurrence, or nil when there are no more.
  ///
  /// Wrapping arithmetic: the day stays within the model's years (the end of time stops it
  /// long before a product could overflow).
  @inline(__always)
  mutating func next() -> Occurrence? {
    while !done {
      let day: Int
      if weekBits == 0 {
        day = origin &+ period &* step
        period &+= 1
      } else {
        let above = weekBits & ~((1 &<< (dayOffset &+ 1)) &- 1)
        guard above != 0 else {
          period &+= 1
          dayOffset = -1
          continue
        }
        dayOffset = above.trailingZeroBitCount
        day = origin &+ period &* step &+ dayOffset
      }
      let occurrence = place(localSeconds: day &* 86_400 &+ time)
      let t = occurrence.timelineSeconds
      if t <= lastEmitted || t < startPosition { continue }
      if t > upper || occurrence.localSeconds >= ExpansionPlan.endOfTime || remaining <= 0 {
        done = true
        return nil
      }
      lastEmitted = t
      remaining &-= 1
      if t < lower { continue }
      return occurrence
    }
    return nil
  }

  /// Places a wall-clock time with the zone's DST policy, reusing the offset of the stretch
  /// between two transitions the last time fell in.
  @inline(__always)
  mutating func place(localSeconds l: Int) -> Occurrence {
    guard let table else { return Occurrence(localSeconds: l, utcOffset: nil) }
    if l >= windowFrom, l < windowUntil { return Occurrence(localSeconds: l, utcOffset: windowOffset) }
    if let w = table.window(localSeconds: l) {
      (windowFrom, windowUntil, windowOffset) = (w.from, w.until, w.offset)
      return Occurrence(localSeconds: l, utcOffset: w.offset)
    }
    let (instant, offset) = table.resolve(localSeconds: l)
    return Occurrence(localSeconds: instant + offset, utcOffset: offset)
  }
}

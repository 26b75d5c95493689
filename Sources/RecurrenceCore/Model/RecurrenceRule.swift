/// A recurrence rule: when a repeating task is due.
///
/// The rule mirrors Foundation's `Calendar.RecurrenceRule` in names and shapes (`frequency`,
/// `interval`, `end`, `weekdays`, `daysOfTheMonth`, `months`, `setPositions`) and adds what a
/// task list needs and Foundation lacks: an anchor (calendar schedule or after completion),
/// several wall-clock times of day, a start, a month-end policy and an optional zone.
///
/// ## What the rule carries
///
/// The rule alone plus the task's current due date determine the next occurrence:
/// - `start` is the rule's first date-time (RFC 5545's DTSTART), kept so that a monthly rule
///   anchored on Jan 31 keeps returning to the 31st (Jan 31 → Feb 28 → Mar 31) and so that an
///   export never loses "starting …". Fields the rule leaves open (the weekday of a weekly
///   rule, the day of a monthly one, the time of day) are *implied* from the start; when the
///   rule has no start, the caller supplies one (for the next-due computation, the current due
///   date), exactly as RFC 5545 takes them from DTSTART.
/// - `monthDayPolicy` says what a day past a month's end means: `.clamp` (ours: the 31st is
///   the last day of a short month) or `.skip` (RFC 5545: the month has no occurrence).
/// - `timeZone` is an IANA identifier, or nil for a floating rule (wall-clock only).
///
/// Lists are kept sorted and free of duplicates, so equal rules compare equal with `==`. They
/// are stored compactly (bit masks, two inline times, an inline zone name; see `RuleLists`), so
/// a typical rule holds no references and copies as plain bytes; the properties read and write
/// ordinary arrays.
public struct RecurrenceRule: Sendable, Hashable, Codable {
  /// Where the next due date counts from.
  public enum Anchor: String, Sendable, Hashable, Codable, CaseIterable {
    /// The calendar: "every monday" is due every Monday however late the last one was done.
    case schedule
    /// The completion: "every! 3 days" is due three days after the previous one was done.
    case afterCompletion
  }

  /// The period the rule repeats in.
  public enum Frequency: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case minutely, hourly, daily, weekly, monthly, yearly

    /// Whether the period is shorter than a day (elapsed time, not wall-clock time).
    public var isSubDaily: Bool { self == .minutely || self == .hourly }

    /// The RFC 5545 `FREQ` value.
    public var rfcName: String { String(describing: staticName) }

    /// The RFC 5545 `FREQ` value, without allocating.
    public var staticName: StaticString {
      switch self {
      case .minutely: return "MINUTELY"
      case .hourly: return "HOURLY"
      case .daily: return "DAILY"
      case .weekly: return "WEEKLY"
      case .monthly: return "MONTHLY"
      case .yearly: return "YEARLY"
      }
    }

    /// Orders values chronologically (or by their natural order).
    public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rank < rhs.rank }

    /// The position from minutely (0) to yearly (5).
    var rank: Int {
      switch self {
      case .minutely: return 0
      case .hourly: return 1
      case .daily: return 2
      case .weekly: return 3
      case .monthly: return 4
      case .yearly: return 5
      }
    }
  }

  /// A weekday the rule occurs on.
  public enum Weekday: Sendable, Hashable, Codable, Comparable {
    /// Every such day of the period ("every monday").
    case every(DayOfWeek)
    /// The nth such day of the period, counted from the end when negative ("last friday" = -1).
    case nth(Int, DayOfWeek)

    /// The day of the week.
    public var day: DayOfWeek {
      switch self {
      case .every(let d), .nth(_, let d): return d
      }
    }

    /// The ordinal, or nil for `.every`.
    public var ordinal: Int? {
      if case .nth(let n, _) = self { return n }
      return nil
    }

    /// Orders values chronologically (or by their natural order).
    public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
      // `.every` first, then positive ordinals, then negative ones; then by day.
      func key(_ w: Weekday) -> (Int, Int, Int) {
        switch w {
        case .every(let d): return (0, 0, d.rawValue)
        case .nth(let n, let d): return n > 0 ? (1, n, d.rawValue) : (2, -n, d.rawValue)
        }
      }
      return key(lhs) < key(rhs)
    }
  }

  /// What a day of the month past the month's end means.
  public enum MonthDayPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// The day becomes the month's last day: the 31st is Feb 28, Apr 30 (ours).
    ///
    /// A day no named month ever has (Feb 30, or the 31st when only April is named) is not
    /// clamped: such a rule never occurs.
    case clamp
    /// The month has no occurrence on that day (RFC 5545, Foundation, dateutil).
    case skip
  }

  /// When the rule stops.
  public enum End: Sendable, Hashable, Codable {
    /// Never.
    case never
    /// After this many occurrences, counted from `start` (the first occurrence counts).
    case afterOccurrences(Int)
    /// After this wall-clock date-time, inclusive.
    case afterDate(LocalDateTime)
  }

  /// Where the next due date counts from.
  public var anchor: Anchor
  /// The period.
  public var frequency: Frequency
  /// Periods between occurrences, at least 1.
  public var interval: Int
  /// Weekdays, `.every` or `.nth`; sorted.
  public var weekdays: [Weekday] {
    get { lists.weekdays }
    set { lists.weekdays = newValue }
  }
  /// Days of the month, 1…31 or -31…-1 (-1 = the last day); sorted.
  public var daysOfTheMonth: [Int] {
    get { lists.daysOfTheMonth }
    set { lists.daysOfTheMonth = newValue }
  }
  /// Months, 1…12; sorted.
  public var months: [Int] {
    get { lists.monthList }
    set { lists.monthList = newValue }
  }
  /// Weeks of the year (RFC 5545 `BYWEEKNO`), 1…53 or -53…-1 (-1 = the last week); sorted.
  ///
  /// Weeks are numbered as ISO 8601 does, with `weekStart` as the first day of the week: week 1
  /// is the first week with at least four days in the year (the week holding January 4th), so a
  /// year has 52 or 53 weeks and week 1 can begin in late December. Only a yearly rule may have
  /// weeks (RFC 5545); they expand to the days of each listed week that fall inside the year,
  /// limited by the other lists. Example, ISO weeks (`weekStart` Monday): week 1 of 2026 is
  /// 2025-12-29…2026-01-04 (so 2026's set holds only January 1…4), and week 53 of 2026 is
  /// 2026-12-28…2027-01-03 (2026's set holds December 28…31; 2027's, through `-1` or `53`, holds
  /// January 1…3 too).
  public var weeks: [Int] {
    get { lists.weeks }
    set { lists.weeks = newValue }
  }
  /// Days of the year (RFC 5545 `BYYEARDAY`), 1…366 or -366…-1 (-1 = December 31st); sorted.
  ///
  /// A yearly rule expands to these days; other rules keep only the days they would have
  /// anyway that are listed (a limit), and no longer take an implied weekday or month day from
  /// the start. Example: `FREQ=YEARLY;BYYEARDAY=100` is April 10th (April 9th in a leap year);
  /// `FREQ=DAILY;BYYEARDAY=1,-1` is January 1st and December 31st.
  public var daysOfTheYear: [Int] {
    get { lists.daysOfTheYear }
    set { lists.daysOfTheYear = newValue }
  }
  /// Hours of the day, 0…23, of an hourly or minutely rule (RFC 5545 `BYHOUR`); sorted.
  ///
  /// A limit: an occurrence is a step whose wall-clock hour, as shown in the zone, is listed.
  /// Steps stay elapsed time, so DST moves which hour a step shows, never the steps. Worked
  /// examples, `FREQ=HOURLY;BYHOUR=1,2,3` from midnight in America/New_York:
  /// - 2026-03-08 (spring forward at 02:00 → 03:00): 01:00-05:00, then the next step is
  ///   03:00-04:00 (no 02:00 exists that day), so the day has 01:00 and 03:00 only.
  /// - 2026-11-01 (fall back at 02:00 → 01:00): 01:00-04:00, 01:00-05:00 (the repeated hour is
  ///   shown twice, and both steps occur), 02:00-05:00, 03:00-05:00.
  /// Likewise in Europe/London on 2026-03-29 (01:00 GMT → 02:00 BST: `BYHOUR=1` has no step
  /// that day) and 2026-10-25 (01:00 BST and 01:00 GMT, 00:00Z and 01:00Z, both occur).
  /// Daily and longer rules use `times` instead.
  public var hours: [Int] {
    get { lists.hours }
    set { lists.hours = newValue }
  }
  /// Minutes of the hour, 0…59, of an hourly or minutely rule (RFC 5545 `BYMINUTE`); sorted.
  ///
  /// In an hourly rule they expand each step's hour (the hour of elapsed time around the step;
  /// seconds from the start): `FREQ=HOURLY;INTERVAL=2;BYMINUTE=0,30` from 09:10 gives 09:30,
  /// 11:00, 11:30, …; in a minutely rule they limit, like `hours`.
  public var minutes: [Int] {
    get { lists.minutes }
    set { lists.minutes = newValue }
  }
  /// Occurrences skipped (RFC 5545 `EXDATE`): wall-clock date-times in the rule's zone; sorted.
  ///
  /// An occurrence is skipped when its wall-clock date-time, before any push out of a DST gap,
  /// equals one listed here ("skip this one" in a reminder app; `except dec 25` in the
  /// language, at the rule's time of day). A count end still counts skipped occurrences, as
  /// RFC 5545 and dateutil do: `COUNT=3` with one of the three excluded yields two. At most
  /// `maxListLength` dates.
  public var excludedDates: [LocalDateTime] {
    get { lists.overflow?.lists.excluded ?? [] }
    set { lists.setOverflowList(newValue) { $0.excluded = $1 } }
  }
  /// Occurrences added to the rule's own (RFC 5545 `RDATE`): wall-clock date-times; sorted.
  ///
  /// They are occurrences whatever the rule's start, count or end date, are not counted by a
  /// count end, and are themselves skipped when also excluded. At most `maxListLength` dates.
  public var extraDates: [LocalDateTime] {
    get { lists.overflow?.lists.extra ?? [] }
    set { lists.setOverflowList(newValue) { $0.extra = $1 } }
  }
  /// Positions in each period's set of occurrences (1 = first, -1 = last); sorted.
  public var setPositions: [Int] {
    get { lists.setPositions }
    set { lists.setPositions = newValue }
  }
  /// Times of day; empty means the time is implied by the start (or the task is all-day).
  public var times: [TimeOfDay] {
    get { lists.times }
    set { lists.times = newValue }
  }
  /// The lists, stored inline for typical values (see `RuleLists`).
  var lists: RuleLists
  /// The first day of the week, for weekly rules with an interval and for week numbers
  /// (RFC 5545 `WKST`).
  public var weekStart: DayOfWeek
  /// The rule's first date-time (DTSTART), if the rule fixes one.
  public var start: LocalDateTime?
  /// When the rule stops.
  public var end: End
  /// What a day past a month's end means.
  public var monthDayPolicy: MonthDayPolicy
  /// The IANA time zone, or nil for a floating rule.
  public var timeZone: String? {
    get { lists.overflow?.lists.zone ?? zoneName.string }
    set {
      let inline = newValue.flatMap { ZoneName($0) }
      zoneName = inline ?? ZoneName()
      lists.setOverflow(inline == nil ? newValue : nil) { $0.zone = $1 }
    }
  }
  /// The zone name, held inline when it fits (see `ZoneName`).
  var zoneName: ZoneName

  /// Creates a rule; lists are sorted and de-duplicated.
  public init(
    _ frequency: Frequency, interval: Int = 1, anchor: Anchor = .schedule,
    weekdays: [Weekday] = [], daysOfTheMonth: [Int] = [], months: [Int] = [], weeks: [Int] = [],
    daysOfTheYear: [Int] = [], hours: [Int] = [], minutes: [Int] = [], setPositions: [Int] = [],
    times: [TimeOfDay] = [], weekStart: DayOfWeek = .monday,
    start: LocalDateTime? = nil, end: End = .never, monthDayPolicy: MonthDayPolicy = .clamp,
    timeZone: String? = nil, excludedDates: [LocalDateTime] = [], extraDates: [LocalDateTime] = []
  ) {
    self.anchor = anchor
    self.frequency = frequency
    self.interval = interval
    lists = RuleLists()
    lists.weekdays = weekdays
    lists.daysOfTheMonth = daysOfTheMonth
    lists.monthList = months
    lists.weeks = weeks
    lists.daysOfTheYear = daysOfTheYear
    lists.hours = hours
    lists.minutes = minutes
    lists.setOverflowList(excludedDates) { $0.excluded = $1 }
    lists.setOverflowList(extraDates) { $0.extra = $1 }
    lists.setPositions = setPositions
    lists.times = times
    self.weekStart = weekStart
    self.start = start
    self.end = end
    self.monthDayPolicy = monthDayPolicy
    self.zoneName = ZoneName()
    self.timeZone = timeZone
  }

  /// Creates a rule from lists already in their stored form (the packed decoder's path).
  init(
    _ frequency: Frequency, interval: Int, anchor: Anchor, lists: consuming RuleLists, weekStart: DayOfWeek,
    start: LocalDateTime?, end: End, monthDayPolicy: MonthDayPolicy, zoneName: ZoneName
  ) {
    self.anchor = anchor
    self.frequency = frequency
    self.interval = interval
    self.lists = lists
    self.weekStart = weekStart
    self.start = start
    self.end = end
    self.monthDayPolicy = monthDayPolicy
    self.zoneName = zoneName
  }

  @inline(__always)
  static func normalized<T: Comparable>(_ list: [T]) -> [T] {
    if list.count < 2 { return list }
    return normalizedLong(list)
  }

  static func normalizedLong<T: Comparable>(_ list: [T]) -> [T] {
    // Already sorted and distinct (the usual case): keep the storage, allocate nothing.
    var ordered = true
    var i = 1
    while i < list.count {
      if !(list[i - 1] < list[i]) {
        ordered = false
        break
      }
      i += 1
    }
    if ordered { return list }
    var out = list.sorted()
    i = 1
    while i < out.count {
      if out[i] == out[i - 1] { out.remove(at: i) } else { i += 1 }
    }
    return out
  }

  enum CodingKeys: String, CodingKey {
    case anchor, frequency, interval, weekdays, daysOfTheMonth, months, weeks, daysOfTheYear, hours, minutes
    case setPositions, excludedDates, extraDates, times, weekStart, start, end, monthDayPolicy, timeZone
  }

  /// Decodes a rule from its JSON form, normalising lists.
  ///
  /// A `keepMissed` key written by older versions is accepted and ignored, as is any other
  /// unknown key; missing optional fields take their defaults.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    func list<T: Decodable>(_ key: CodingKeys) throws -> [T] { try c.decodeIfPresent([T].self, forKey: key) ?? [] }
    self.init(
      try c.decode(Frequency.self, forKey: .frequency),
      interval: try c.decodeIfPresent(Int.self, forKey: .interval) ?? 1,
      anchor: try c.decodeIfPresent(Anchor.self, forKey: .anchor) ?? .schedule,
      weekdays: try list(.weekdays), daysOfTheMonth: try list(.daysOfTheMonth), months: try list(.months),
      weeks: try list(.weeks), daysOfTheYear: try list(.daysOfTheYear), hours: try list(.hours),
      minutes: try list(.minutes), setPositions: try list(.setPositions), times: try list(.times),
      weekStart: try c.decodeIfPresent(DayOfWeek.self, forKey: .weekStart) ?? .monday,
      start: try c.decodeIfPresent(LocalDateTime.self, forKey: .start),
      end: try c.decodeIfPresent(End.self, forKey: .end) ?? .never,
      monthDayPolicy: try c.decodeIfPresent(MonthDayPolicy.self, forKey: .monthDayPolicy) ?? .clamp,
      timeZone: try c.decodeIfPresent(String.self, forKey: .timeZone), excludedDates: try list(.excludedDates),
      extraDates: try list(.extraDates))
  }

  /// Encodes the rule's JSON form: every field by name, lists as arrays (`weeks`,
  /// `daysOfTheYear`, `hours`, `minutes`, `excludedDates` and `extraDates` only when not empty).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(anchor, forKey: .anchor)
    try c.encode(frequency, forKey: .frequency)
    try c.encode(interval, forKey: .interval)
    try c.encode(weekdays, forKey: .weekdays)
    try c.encode(daysOfTheMonth, forKey: .daysOfTheMonth)
    try c.encode(months, forKey: .months)
    // Written only when present, so the JSON of rules without them is unchanged.
    if !weeks.isEmpty { try c.encode(weeks, forKey: .weeks) }
    if !daysOfTheYear.isEmpty { try c.encode(daysOfTheYear, forKey: .daysOfTheYear) }
    if !hours.isEmpty { try c.encode(hours, forKey: .hours) }
    if !minutes.isEmpty { try c.encode(minutes, forKey: .minutes) }
    if !excludedDates.isEmpty { try c.encode(excludedDates, forKey: .excludedDates) }
    if !extraDates.isEmpty { try c.encode(extraDates, forKey: .extraDates) }
    try c.encode(setPositions, forKey: .setPositions)
    try c.encode(times, forKey: .times)
    try c.encode(weekStart, forKey: .weekStart)
    try c.encodeIfPresent(start, forKey: .start)
    try c.encode(end, forKey: .end)
    try c.encode(monthDayPolicy, forKey: .monthDayPolicy)
    try c.encodeIfPresent(timeZone, forKey: .timeZone)
  }
}

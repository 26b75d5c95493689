import RecurrenceCore

/// The syntax of a recurrence phrase, before meaning: what the user wrote, with ranges.
///
/// The parser fills it clause by clause, in whatever order the clauses were written; the
/// `Resolver` turns it into a `RecurrenceRule` against a reference date. Nothing here is
/// resolved: "next monday" is still a relative date.
public struct PhraseTree: Sendable, Hashable {
  /// A period word as written: `day`, `weeks`, `quarter`, `fortnight`, or an adverb's reading.
  public enum Unit: String, Sendable, Hashable {
    case minute, hour, day, week, fortnight, month, quarter, year, decade
  }

  /// A day specification.
  public enum Day: Sendable, Hashable {
    /// A weekday, 1 (Monday) … 7 (Sunday).
    case weekday(Int)
    /// Monday to Friday (`weekday`, `workday`, `business day`).
    case workdays
    /// Saturday and Sunday.
    case weekend
    /// The nth weekday of the period (`3rd friday`, `last friday`): ordinal, weekday.
    case ordinalWeekday(Int, Int)
    /// The nth workday of the month (`15th workday`, `last workday`).
    case ordinalWorkday(Int)
    /// The nth of the days that are any of these weekdays (`the first and last instance of tue
    /// and fri`: the month's first day that is a Tuesday or a Friday): ordinal, weekdays.
    case ordinalInstance(Int, [Int])
    /// The nth day of the month counted by `day` (`last day` = -1).
    case ordinalDay(Int)
    /// A day of the month: `27th`.
    case monthDay(Int)
    /// A date in the year: month, day.
    case date(Int, Int)
    /// The nth day of the year (`the 100th day of the year`).
    case yearDay(Int)
    /// A holiday on the nth weekday of a month (`thanksgiving`: November, 4, Thursday); n = -1
    /// is the last (`memorial day`).
    case holiday(month: Int, ordinal: Int, weekday: Int)
  }

  /// A node with the range it was read from.
  public struct Node<Value: Sendable & Hashable>: Sendable, Hashable {
    /// What was read.
    public var value: Value
    /// Where.
    public var range: SourceRange
  }

  /// A time of day as written.
  public struct Clock: Sendable, Hashable {
    /// Seconds after midnight, as read on a 24-hour clock.
    public var seconds: Int
    /// Whether the hour was written without am/pm, a leading zero or a 24-hour value (`at 3`,
    /// `3:15`), so that a part of the day or the bare-hour rule decides between am and pm.
    public var bare: Bool
    /// Whether the hour was written past 12 without am/pm (`18:00`, `at 18`): the writer
    /// counts on a 24-hour clock.
    public var twentyFour = false
  }

  /// A date as written, relative or absolute.
  public enum DateRef: Sendable, Hashable {
    case iso(CivilDate)
    case today
    case tomorrow
    /// `friday week`, `a week on friday` (British), `2 weeks from saturday`: the day of
    /// `weekday(_:)`, `days` days later.
    case weekdayLater(Int, days: Int)
    /// `next monday`: the first Monday after today.
    case nextWeekday(Int)
    /// `coming monday`, `this coming monday`: the first Monday after today, in every dialect.
    case comingWeekday(Int)
    /// `next week`, `next month`: the start of the next such period.
    case nextUnit(Unit)
    /// `monday`, `this monday`: the next Monday on or after today.
    case weekday(Int)
    /// `friday 11 december`, `monday, jan 4 2027`: the date after the weekday, which must fall on it.
    indirect case weekdayDate(Int, DateRef)
    /// `aug 3`: the next such date on or after today; with a year when one was written.
    case monthDay(month: Int, day: Int, year: Int?)
    /// `june`: the first day of the next June (this one if not yet past).
    case month(Int)
    /// `june 2028`: the first day of that month (as an end after `through` or `the end of`, its
    /// last).
    case monthOfYear(Int, year: Int)
    /// `27th`: the next 27th on or after today.
    case dayOfMonth(Int)
    /// `in 6 months`, `two weeks from now`: today plus an amount.
    case offset(Int, Unit)
    /// `now`: the reference date and time.
    case now(SourceRange)
    /// `the end of the month`, `the end of next year`: the last day of this period, or of the
    /// one `offset` periods later.
    case endOf(Unit, offset: Int)
    /// `2027`: January 1 of that year (as an end, December 31).
    case year(Int)
    /// `yesterday`.
    case yesterday
    /// `this weekend` (offset 0): the Saturday on or after today (today on a Sunday);
    /// `next weekend` (offset 1): the Saturday a week after that.
    case weekend(offset: Int)
    /// `next weekday`: the first Monday to Friday after today.
    case nextWorkday
    /// `in 3 business days`: the third Monday to Friday after today.
    case workdaysAhead(Int)
  }

  /// The end of the rule as written.
  public enum End: Sendable, Hashable {
    /// `until D`: the end of day D.
    case until(DateRef)
    /// `through D`: like `until`, but a month means its last day.
    case through(DateRef)
    /// `for 3 weeks`.
    case forDuration(Int, Unit)
  }

  /// A reading the resolver must report: an adverb or phrase with two common meanings.
  public enum Note: String, Sendable, Hashable {
    case biweekly, bimonthly, bidaily, bihourly, biyearly, triweekly, trimonthly, tridaily, trihourly, triyearly
    /// `every 2nd weekend`: read as every two weeks, not the second weekend of each month.
    case nthWeekend
    /// `IST`: read as India's time, which Israel and Ireland also write so (`India time` is not).
    case indiaZone
    /// `every day 3 times`: a count written without `for`, which may mean so many a period.
    case bareCount
    /// `every leap day`: Feb 29 in leap years only, every fourth year.
    case leapDay
    /// `every friday the 13th`: a weekday and a day of the month side by side, the days that
    /// are both.
    case weekdayOnMonthDay
  }

  /// `every!`, `after …`, `… after done`.
  public var afterCompletion: Node<Bool>?
  /// The interval count (`3`, `other`).
  public var count: Node<Int>?
  /// The period word or adverb.
  public var unit: Node<Unit>?
  /// The first word that makes the phrase a recurrence (`every`, `daily`, `mondays`, `of every
  /// month` …); without one the phrase is a single date or not a date at all.
  public var recurring: SourceRange?
  /// The days.
  public var days: [Node<Day>] = []
  /// Times of day.
  public var times: [Node<Clock>] = []
  /// The range of the first time clause, to report a second one.
  public var timeClause: SourceRange?
  /// Parts of the day (`morning`), in seconds after midnight: the time when no time is written,
  /// else a cue for am or pm.
  public var partsOfDay: [Node<Int>] = []
  /// The characters the recurrence covers.
  public var span = SourceRange(0, 0)
  /// The first "every …" day list, and whether it was "every other …", so that a second list
  /// with another interval is reported (set by most phrases, so not with the rare parts).
  public var everyDays: Node<Bool>?

  /// A month list and the days it was written with (indices into `days`).
  public struct MonthGroup: Sendable, Hashable {
    /// The days the months were written after.
    public var days: Range<Int>
    /// The months.
    public var months: [Int]
  }

  /// The parts most phrases leave empty (months, weeks, exceptions, start, end, count, notes),
  /// kept behind one copy-on-write reference so that the tree stays small to copy and free
  /// while the parser tries alternatives.
  struct Rare: Sendable, Hashable {
    var notes: [Node<Note>] = []
    var months: [Node<Int>] = []
    var monthClause: SourceRange? = nil
    var monthGroups: [MonthGroup] = []
    var periodNamed: Bool = false
    var weeks: [Node<Int>] = []
    var excluded: [Node<Day>] = []
    var excludedDates: [Node<DateRef>] = []
    var timeRangeEnd: Node<Int>? = nil
    var timeRangeEndBare = false
    var start: Node<DateRef>? = nil
    var startTime: Node<Clock>? = nil
    var end: Node<End>? = nil
    var endCountsFromNow = false
    var startSaysFrom = false
    var occurrences: Node<Int>? = nil
    var timesPer: Node<Int>? = nil
    var timesPerClause: Node<String>? = nil
    var zone: Node<String>? = nil
    var groupCue: Int? = nil
  }

  /// The rarely filled parts; nil until one is set.
  var rare: RareBox?

  /// Changes the rarely filled parts, copying them first when another tree shares them.
  mutating func changeRare(_ body: (inout Rare) -> Void) {
    if !isKnownUniquelyReferenced(&rare) { rare = RareBox(rare?.value ?? Rare()) }
    if let box = rare { body(&box.value) }
  }

  /// Readings with two common meanings, for the resolver's warnings.
  public var notes: [Node<Note>] {
    get { rare?.value.notes ?? [] }
    set { changeRare { $0.notes = newValue } }
  }

  /// Months the rule is limited to (`in march`, `of may`, `2nd monday of january`).
  public var months: [Node<Int>] {
    get { rare?.value.months ?? [] }
    set { changeRare { $0.months = newValue } }
  }

  /// Where the months were named.
  public var monthClause: SourceRange? {
    get { rare?.value.monthClause ?? nil }
    set { changeRare { $0.monthClause = newValue } }
  }

  /// Each month list with the days written just before it ("1st wed jan, 1st wed jul"), so
  /// that days that differ from month to month are refused rather than crossed.
  public var monthGroups: [MonthGroup] {
    get { rare?.value.monthGroups ?? [] }
    set { changeRare { $0.monthGroups = newValue } }
  }

  /// `of the month`, `of every month` was written (no warning for `3rd friday of the month`).
  public var periodNamed: Bool {
    get { rare?.value.periodNamed ?? false }
    set { changeRare { $0.periodNamed = newValue } }
  }

  /// ISO week numbers the rule is limited to (`in week 20`).
  public var weeks: [Node<Int>] {
    get { rare?.value.weeks ?? [] }
    set { changeRare { $0.weeks = newValue } }
  }

  /// Days excluded by `except`.
  public var excluded: [Node<Day>] {
    get { rare?.value.excluded ?? [] }
    set { changeRare { $0.excluded = newValue } }
  }

  /// Single dates excluded by `except` ("except dec 25", "except 2027-01-01"): one occurrence each.
  public var excludedDates: [Node<DateRef>] {
    get { rare?.value.excludedDates ?? [] }
    set { changeRare { $0.excludedDates = newValue } }
  }

  /// The end of a time range (`from 10am to 1pm`), reported as a duration, not kept.
  public var timeRangeEnd: Node<Int>? {
    get { rare?.value.timeRangeEnd ?? nil }
    set { changeRare { $0.timeRangeEnd = newValue } }
  }

  /// Whether the end of a time range was a bare hour (`until 5`, not `until 5am`).
  var timeRangeEndBare: Bool {
    get { rare?.value.timeRangeEndBare ?? false }
    set { changeRare { $0.timeRangeEndBare = newValue } }
  }

  /// The start.
  public var start: Node<DateRef>? {
    get { rare?.value.start ?? nil }
    set { changeRare { $0.start = newValue } }
  }

  /// The start's time of day, when given (`starting 2027-01-03 at 09:00`).
  public var startTime: Node<Clock>? {
    get { rare?.value.startTime ?? nil }
    set { changeRare { $0.startTime = newValue } }
  }

  /// The end.
  public var end: Node<End>? {
    get { rare?.value.end ?? nil }
    set { changeRare { $0.end = newValue } }
  }

  /// Whether a `for` span says `next` ("for the next month"): it counts from now, not from the
  /// first occurrence.
  public var endCountsFromNow: Bool {
    get { rare?.value.endCountsFromNow ?? false }
    set { changeRare { $0.endCountsFromNow = newValue } }
  }

  /// Whether the start was written with `from` or `between` ("from september to june", a
  /// season), not `starting` or `beginning` (an explicit start).
  public var startSaysFrom: Bool {
    get { rare?.value.startSaysFrom ?? false }
    set { changeRare { $0.startSaysFrom = newValue } }
  }

  /// How many times a period the rule falls (`twice a day`), at the count's words; the list of
  /// times or days written must have that many items.
  public var timesPer: Node<Int>? {
    get { rare?.value.timesPer ?? nil }
    set { changeRare { $0.timesPer = newValue } }
  }

  /// The whole `twice a day` clause, with its text for messages.
  public var timesPerClause: Node<String>? {
    get { rare?.value.timesPerClause ?? nil }
    set { changeRare { $0.timesPerClause = newValue } }
  }

  /// The time zone written after a time (`9am EST`): its IANA identifier, at the zone's words.
  public var zone: Node<String>? {
    get { rare?.value.zone ?? nil }
    set { changeRare { $0.zone = newValue } }
  }

  /// The part of the day a group of days names (`weeknights`: the night), in seconds after
  /// midnight: a cue for am or pm only, never a time of its own.
  public var groupCue: Int? {
    get { rare?.value.groupCue ?? nil }
    set { changeRare { $0.groupCue = newValue } }
  }

  /// An occurrence count (`5 times`).
  public var occurrences: Node<Int>? {
    get { rare?.value.occurrences ?? nil }
    set { changeRare { $0.occurrences = newValue } }
  }
}

/// The box behind `PhraseTree.rare`: a reference the tree copies before changing it when it is
/// shared (copy on write), so a value shared between trees is never changed.
final class RareBox: @unchecked Sendable, Hashable {
  var value: PhraseTree.Rare

  init(_ value: PhraseTree.Rare) { self.value = value }

  static func == (lhs: RareBox, rhs: RareBox) -> Bool { lhs.value == rhs.value }
  func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension PhraseTree {
  /// The period of a list of two or more different days of one kind that no single date holds
  /// (weekdays: a week; days of the month or nth weekdays: a month), or nil. A list with a
  /// month or a period of its own is left to the rest of the phrase.
  var dayListPeriod: Unit? {
    guard days.count >= 2, unit == nil, months.isEmpty else { return nil }
    let period: Unit
    if days.allSatisfy({ if case .weekday = $0.value { true } else { false } }) {
      period = .week
    } else if days.allSatisfy({
      switch $0.value {
      case .monthDay, .ordinalDay, .ordinalWeekday, .ordinalInstance: true
      default: false
      }
    }) {
      period = .month
    } else {
      return nil
    }
    return Set(days.map(\.value)).count == days.count ? period : nil
  }
}

import RecurrenceCore

/// Turns a `PhraseTree` into a `RecurrenceRule` against a reference date: the meaning pass.
///
/// One step per kind of clause, each reading its part of the tree and refining a draft rule:
/// days, period, months, exclusions, times, span. A new clause kind is a new step. Decisions
/// (documented in the README, each with its warning):
/// - a weekday list is weekly; day numbers, ordinal weekdays and workdays are monthly; dates
///   and ordinal weekdays in named months are yearly; times alone are daily;
/// - `every 3rd friday` is the third Friday of every month (QA201); `weekend` is Saturday and
///   Sunday (QA202); `biweekly` every two weeks (QA203); a day past a month's end clamps (QA204);
/// - a bare hour of 1–6 is afternoon (QA206) unless a part of the day says otherwise; a part
///   of the day with a time is a cue for am or pm, not a second time;
/// - a yearly rule with a day and no month takes its start's month (QA209);
/// - relative dates resolve against the reference date: `monday` is the first Monday on or
///   after it, `next monday` the first after it, `aug 3` the next Aug 3 on or after it, `june`
///   the next June 1; `until D` ends after day D; `through june` after June 30;
///   `for 3 weeks` ends the day before start + 3 weeks.
struct Resolver {
  /// The parser's tree, read in place (not copied).
  let box: TreeBox
  let now: LocalDateTime
  var diagnostics: [Diagnostic] = []
  /// The rule as the steps refine it.
  var draft = Draft()

  var tree: PhraseTree { unsafeAddress { UnsafePointer(box.pointer) } }

  /// Whose readings apply where two are in use.
  let dialect: Dialect

  init(tree box: TreeBox, now: LocalDateTime, dialect: Dialect = .standard) {
    self.box = box
    self.now = now
    self.dialect = dialect
  }

  /// The rule being built, field by field.
  struct Draft {
    var kinds = DayKinds()
    var weekdays: [RecurrenceRule.Weekday] = []
    var monthDays: [Int] = []
    var months: [Int] = []
    var positions: [Int] = []
    /// The weekdays that set positions count over: workdays unless an "instance of" names them.
    var positionDays: [Int]?
    var weeks: [Int] = []
    var yearDays: [Int] = []
    var hours: [Int] = []
    var minutes: [Int] = []
    var excludedDates: [CivilDate] = []
    var dates: [(month: Int, day: Int, range: SourceRange)] = []
    /// Holidays on a weekday of a month: month, ordinal, weekday.
    var holidays: [(month: Int, ordinal: Int, weekday: Int, range: SourceRange)] = []
    var ordinalWarning: (Int, Int, SourceRange)?
    var frequency = RecurrenceRule.Frequency.daily
    var interval = 1
    var start: LocalDateTime?
    /// Whether the start and end clauses named a span inside the period ("every month from
    /// the 1st to the 5th"), read as its days or months rather than as a start and an end.
    var spanInPeriod = false
    var times: [TimeOfDay] = []
    var end = RecurrenceRule.End.never
  }

  var failed: Bool { diagnostics.contains { $0.severity == .error } }

  /// Records an error (the first only) and answers false, so a step can `return fail(…)`.
  mutating func fail(_ d: Diagnostic) -> Bool {
    if !failed { diagnostics.append(d) }
    return false
  }

  mutating func warn(_ d: Diagnostic) { diagnostics.append(d) }

  static let workdays = DayOfWeek.allCases.prefix(5).map { RecurrenceRule.Weekday.every($0) }

  /// The rule, or nil with an error in `diagnostics`.
  mutating func resolve() -> RecurrenceRule? {
    guard resolveTimesPer(), resolveSpanInPeriod(), resolveDays(), resolveStart(), resolvePeriod(), resolveMonths(),
      resolveExclusions(),
      resolveTimes(), resolveEnd(), resolveCount()
    else { return nil }
    guard stepKeepsToWeekdays() else { return nil }
    if draft.frequency == .monthly, draft.interval == 2, draft.months.count == 1, let unit = tree.unit,
      tree.count?.range == unit.range, unit.value == .month
    {
      // "every other 25th of december", "every other first monday in may": every other year.
      draft.frequency = .yearly
    }
    if !draft.excludedDates.isEmpty { repeatYearlessExclusions() }
    var excluded: [LocalDateTime] = []
    if !draft.excludedDates.isEmpty {
      // Each left-out date at each of the rule's times (its start's time when it has none).
      let times = draft.times.isEmpty ? [TimeOfDay(secondOfDay: draft.start?.secondOfDay ?? 0)] : draft.times
      excluded = draft.excludedDates.flatMap { d in times.map { LocalDateTime(date: d, secondOfDay: $0.secondOfDay) } }
    }
    let rule = RecurrenceRule(
      draft.frequency, interval: draft.interval,
      anchor: tree.afterCompletion == nil ? .schedule : .afterCompletion, weekdays: draft.weekdays,
      daysOfTheMonth: draft.monthDays, months: draft.months, weeks: draft.weeks, daysOfTheYear: draft.yearDays,
      hours: draft.hours, minutes: draft.minutes, setPositions: draft.positions, times: draft.times,
      weekStart: wrappedRangeStart, start: draft.start, end: draft.end, timeZone: tree.zone?.value,
      excludedDates: excluded)
    warnOfZone()
    if let error = rule.validationError {
      _ = fail(ParseDiagnostic.outOfRange(error.description, tree.span))
      return nil
    }
    var anchored = rule  // changed in place: most rules need neither step, and a copy costs
    anchorAtFirstMatch(&anchored)
    anchorCount(&anchored)
    spanFromFirstOccurrence(&anchored)
    if case .afterDate = anchored.end, anchored.anchor == .schedule, let end = tree.end,
      anchored.next(1, from: anchored.start ?? now, in: nil).isEmpty
    {
      // "every wed to november" said on Monday Nov 30: no Wednesday is left before the end.
      _ = fail(ParseDiagnostic.neverDue(end.range))
      return nil
    }
    return anchored
  }

  /// The week's first day: Monday, or the first day of a range of weekdays that runs past Sunday
  /// (`every other fri through mon`) in a rule repeating every few weeks, so that the range stays
  /// one block of days (with Monday weeks, Monday would pair with the Friday after it).
  var wrappedRangeStart: DayOfWeek {
    guard draft.frequency == .weekly, draft.interval > 1 else { return .monday }
    let days = tree.days
    var k = 0
    while k < days.count {
      var j = k
      while j + 1 < days.count, days[j + 1].range == days[k].range { j += 1 }
      if j > k, case .weekday(let a) = days[k].value, case .weekday(let b) = days[j].value, a > b,
        let first = DayOfWeek(rawValue: a)
      {
        return first
      }
      k = j + 1
    }
    return .monday
  }

  /// QA217 when the times' zone was written `IST`, read as India's, which other places also write.
  mutating func warnOfZone() {
    if let note = tree.notes.first(where: { $0.value == .indiaZone }) { warn(ParseDiagnostic.indiaZone(note.range)) }
  }

  /// A rule with an interval counts its periods from its first matching day on or after its
  /// start, or the reference when none is written, not from that day's own period: "every 2
  /// months on the 10th" said on Nov 30 is Dec 10, Feb 10 … (RFC 5545 would count from
  /// November: Jan 10), "every other monday at 9am" said on a Monday at 10:00 is next Monday.
  /// The start becomes that first occurrence's day only when it moves the first occurrence; an end
  /// or a left-out date does not move it. Sub-daily and after-completion rules keep their
  /// start, and so does a yearly rule on February 29 (`every other year on feb 29` stays in the
  /// years Feb 29 exists).
  func anchorAtFirstMatch(_ rule: inout RecurrenceRule) {
    guard rule.interval > 1, rule.anchor == .schedule, !rule.frequency.isSubDaily else { return }
    let leapDay =
      rule.frequency == .yearly && rule.daysOfTheMonth.contains { $0 >= 29 }
      && (rule.months.isEmpty || rule.months.contains(2))
    guard !leapDay else {
      // "every 4 years on feb 29": the leap years, from the next Feb 29 (counted from this year,
      // every fourth year would never have one).
      if rule.interval % 4 == 0, rule.months == [2], rule.daysOfTheMonth == [29], rule.start == nil {
        var year = now.date.year
        while !CivilDate.isLeap(year) || CivilDate(year: year, month: 2, day: 29) < now.date { year += 1 }
        rule.start = LocalDateTime(date: CivilDate(year: year, month: 2, day: 29), secondOfDay: 0)
      }
      return
    }
    if rule.times.isEmpty, rule.weekdays.isEmpty, rule.daysOfTheMonth.isEmpty, rule.months.isEmpty,
      rule.weeks.isEmpty, rule.daysOfTheYear.isEmpty
    {
      return  // "every 2 weeks": its first day is its start's, whatever the interval
    }
    var open = rule
    open.end = .never
    open.excludedDates = []
    var everyPeriod = open
    everyPeriod.interval = 1
    let from = rule.start ?? now
    // "every 6 months in january and july" said in December has no own occurrence at all (its
    // periods, counted from December, never reach those months): it too starts at the first match.
    guard let first = everyPeriod.next(1, from: from, in: nil).first else { return }
    // Its own first occurrence matters only up to that match: the search stops there.
    var own = open.occurrences(start: from, in: nil, from: from, through: first.local)
    if let mine = own.next(), mine.localSeconds <= first.localSeconds { return }
    // The day is the start; the rule's own times say when on it (its canonical text then reads
    // back as itself).
    rule.start = LocalDateTime(date: first.local.date, secondOfDay: 0)
  }

  /// A counted rule without a start counts from its first occurrence, which becomes its start:
  /// without a fixed day each later reading would count afresh from its own today and the series
  /// would never end ("every sunday 5 times" said on Monday, Nov 30 starts Sunday, Dec 6).
  func anchorCount(_ rule: inout RecurrenceRule) {
    guard case .afterOccurrences = rule.end, rule.start == nil, rule.anchor == .schedule else { return }
    var open = rule
    open.end = .never
    guard let first = open.next(1, from: now, in: nil).first?.local else { return }
    // A day's earlier times would count too ("at 8am and 8pm 4 times" said at 10:00 starts at
    // 20:00): such a rule keeps no start, as a start's text cannot carry a time beside the times.
    guard rule.frequency.isSubDaily || !rule.times.contains(where: { $0.secondOfDay < first.secondOfDay }) else {
      return
    }
    rule.start = LocalDateTime(date: first.date, secondOfDay: rule.frequency.isSubDaily ? first.secondOfDay : 0)
  }

  func day(_ n: Int) -> DayOfWeek { DayOfWeek(rawValue: n) ?? .monday }

  /// The range from the first to the last day written.
  var daysRange: SourceRange {
    SourceRange(tree.days.first?.range.lowerBound ?? 0, tree.days.last?.range.upperBound ?? 0)
  }
}

/// The kinds of day a phrase names, as bits (no hashing on the hot path).
struct DayKinds: OptionSet {
  let rawValue: UInt8
  static let weekday = DayKinds(rawValue: 1)
  static let nth = DayKinds(rawValue: 2)
  static let workday = DayKinds(rawValue: 4)
  static let monthday = DayKinds(rawValue: 8)
  static let date = DayKinds(rawValue: 16)
}

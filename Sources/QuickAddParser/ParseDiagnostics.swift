import RecurrenceCore

/// The diagnostics of the phrase parser and resolver: stable IDs and their wording.
///
/// IDs are permanent: `QA1xx` syntax, `QA2xx` warnings (a reading was chosen), `QA3xx`
/// meaning. Wording: lower case, the user's text in single quotes, a fix where one is known.
public enum ParseDiagnostic {
  // MARK: Syntactic

  /// The input is longer than `PhraseParser.maxLength` (`count` Unicode scalars).
  static func tooLong(_ count: Int) -> Diagnostic {
    Diagnostic(
      id: "QA100",
      message: "phrase is \(count) characters (Unicode scalars) long; at most \(PhraseParser.maxLength) are allowed",
      range: SourceRange(PhraseParser.maxLength, count))
  }

  /// Nothing in the input reads as a recurrence.
  static func noRecurrence(_ range: SourceRange) -> Diagnostic {
    Diagnostic(id: "QA101", message: "no recurrence found; start with 'every', 'daily', 'weekly' …", range: range)
  }

  /// A token the grammar does not allow where it stands.
  static func unexpected(_ text: String, expected: String, _ range: SourceRange) -> Diagnostic {
    let found = text.isEmpty ? "the end of the phrase" : "'\(text)'"
    return Diagnostic(id: "QA102", message: "expected \(expected), found \(found)", range: range)
  }

  /// QA102 for `mo` or `mon` where a month is as likely as Monday (`every mo`, `every 2 mon`).
  static func monthOrMonday(_ word: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA102", message: "'\(word)' may be Monday or a month here; write 'monday' or 'month'", range: range)
  }

  /// A single date, not a recurrence.
  static func oneOff(_ range: SourceRange) -> Diagnostic {
    Diagnostic(id: "QA103", message: "this is a single date, not a recurrence; add 'every' to repeat it", range: range)
  }

  /// An unknown word close to a lexicon word.
  static func unknownWord(_ word: String, suggestion: String?, _ range: SourceRange) -> Diagnostic {
    var message = "unknown word '\(word)'"
    if let suggestion { message += "; did you mean '\(suggestion)'?" }
    return Diagnostic(id: "QA104", message: message, range: range)
  }

  /// 'every' with nothing usable after it.
  static func everyNeedsPeriod(_ range: SourceRange) -> Diagnostic {
    Diagnostic(id: "QA105", message: "'every' needs a period, a weekday, a date or a time after it", range: range)
  }

  /// A cron expression (`0 9 * * 1-5`): its fields are not words, and reading them as numbers
  /// would be a wrong date, so it is refused whole.
  static func cronExpression(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA106",
      message:
        "this looks like a cron expression, which is not read; write it in words (for example 'every weekday at 9:00') or as 'RRULE:FREQ=…'",
      range: range)
  }

  // MARK: Warnings

  /// `every 3rd friday`: read as the third Friday of each month.
  static func ordinalWeekdayReading(_ range: SourceRange, ordinal: Int, day: String) -> Diagnostic {
    Diagnostic(
      id: "QA201", severity: .warning,
      message:
        "read as the \(ordinalWord(ordinal)) \(day) of every month (as Todoist does); for every \(ordinal) weeks write 'every \(ordinal) weeks on \(day)'",
      range: range)
  }

  /// `every weekend`: Saturday and Sunday here; Todoist reads Saturday only.
  static func weekendReading(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA202", severity: .warning,
      message: "'weekend' is read as Saturday and Sunday; Todoist reads it as Saturday only", range: range)
  }

  /// `biweekly`, `bimonthly`, `biannual`: the every-two reading was chosen.
  static func biReading(_ prefix: String, _ unit: String, chosen: String, other: String, _ range: SourceRange)
    -> Diagnostic
  {
    Diagnostic(
      id: "QA203", severity: .warning,
      message: "'\(prefix)' with a \(unit) is read as \(chosen); it can also mean \(other)", range: range)
  }

  /// A day past the end of short months, clamped.
  static func clamped(_ day: Int, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA204", severity: .warning,
      message: "months without a \(ordinalSuffix(day)) use their last day (Feb 28, Apr 30, …)", range: range)
  }

  /// February 29 in a yearly rule, clamped in common years.
  static func clampedLeapDay(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA204", severity: .warning, message: "years without a Feb 29 use Feb 28", range: range)
  }

  /// A misspelt word read as the lexicon word it is nearest to.
  static func corrected(_ word: String, to fix: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(id: "QA205", severity: .warning, message: "read '\(word)' as '\(fix)'", range: range)
  }

  /// A bare hour of 1–6 read in the afternoon.
  static func bareHour(_ hour: Int, minute: Int, _ range: SourceRange) -> Diagnostic {
    let m = minute < 10 ? "0\(minute)" : "\(minute)"
    return Diagnostic(
      id: "QA206", severity: .warning,
      message: "read as \(hour + 12):\(m) (afternoon); for the morning write '\(hour):\(m)am' or '0\(hour):\(m)'",
      range: range)
  }

  /// A bare hour of a list read 12 hours later, so that the list runs on through the day
  /// ("twice a day at 8 and 8" is 08:00 and 20:00).
  static func bareHourLater(_ hour: Int, minute: Int, _ range: SourceRange) -> Diagnostic {
    let m = minute < 10 ? "0\(minute)" : "\(minute)"
    let padded = hour < 10 ? "0\(hour)" : "\(hour)"
    return Diagnostic(
      id: "QA206", severity: .warning,
      message:
        "read as \(hour + 12):\(m), after the time before it; for the morning write '\(hour):\(m)am' or '\(padded):\(m)'",
      range: range)
  }

  /// QA207 for a length of minutes or hours after a daily or longer rule: how long each time
  /// takes (`every day at 6:30pm for 45 min`).
  static func taskDuration(_ text: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA207", severity: .warning,
      message: "'\(text)' is a task duration, not part of the rule; only an hourly or shorter rule ends after hours",
      range: range)
  }

  /// A time range: the start is kept, the end is a duration.
  static func timeRange(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA207", severity: .warning,
      message: "only the start time is kept; the end of a time range is a task duration, not part of the rule",
      range: range)
  }

  /// A numeric date that reads both ways.
  static func dateOrder(month: Int, day: Int, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA208", severity: .warning,
      message:
        "read as \(monthName(month)) \(day); it can also mean \(monthName(day)) \(month) (see the date order setting)",
      range: range)
  }

  /// A yearly rule with a day but no month takes the month of its start, or the first month
  /// after it that has the day (`day`, when the start's month lacks it).
  static func yearlyMonth(_ month: Int, day: Int? = nil, _ range: SourceRange) -> Diagnostic {
    let which =
      day.map { "the first month from its start with a \(ordinalSuffix($0))" } ?? "the month it starts in"
    return Diagnostic(
      id: "QA209", severity: .warning,
      message: "no month given: read as every year in \(monthName(month)), \(which)", range: range)
  }

  /// QA211: several days without `every` (`mon wed fri`, `the 1st and 15th`), read as a rule.
  static func dayList(_ period: PhraseTree.Unit, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA211", severity: .warning,
      message: "several days without 'every' are read as every \(period.rawValue) on those days", range: range)
  }

  /// QA213: `next friday` said earlier in the same week is next week's Friday, not this week's.
  static func nextWeekdayNextWeek(_ day: CivilDate, _ range: SourceRange) -> Diagnostic {
    let name = day.dayOfWeek.name
    return Diagnostic(
      id: "QA213", severity: .warning,
      message: "read as next week's \(name), \(day); for this week's, \(day.adding(days: -7)), "
        + "write 'this \(name.lowercased())'", range: range)
  }

  /// QA215: a date without a year that was just past is next year's.
  static func nextYearsDate(_ date: CivilDate, past: CivilDate, daysAgo: Int, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA215", severity: .warning,
      message: "read as \(date), next year's: this year's, \(past), was \(daysAgo) day\(daysAgo == 1 ? "" : "s") ago; "
        + "write the year to mean it", range: range)
  }

  /// QA216: a rule read among a task's words, which are left out.
  static func embeddedRule(_ words: String, rule: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA216", severity: .warning,
      message: "read the rule '\(rule)'; '\(words)' is no part of it (a task's words: `add` reads the whole line)",
      range: range)
  }

  /// QA217: `IST` read as India's time.
  static func indiaZone(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA217", severity: .warning,
      message: "read 'IST' as India Standard Time (UTC+5:30); Israel and Ireland also write IST: "
        + "for another zone, write its offset from UTC ('UTC+2')", range: range)
  }

  /// QA218: `every day 3 times` read as three occurrences in all, not three a day.
  static func countNotPerPeriod(_ n: Int, period: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA218", severity: .warning,
      message: "read '\(n) times' as \(n) occurrences in all; for \(n) times a \(period), write "
        + ["day": "the times ('at 8am and 8pm')", "week": "the days ('on mon and thu')"][
          period,
          default:
            "the days ('on the 1st and 15th')"], range: range)
  }

  /// QA214: a date left out without a year (`except dec 25`) is that date once, in a rule
  /// that never ends.
  static func exclusionOnce(_ date: CivilDate, _ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA214", severity: .warning,
      message: "leaves out \(date) only: a rule that never ends cannot leave a date out every year; "
        + "give the rule an end ('until dec 31 2030') to leave it out in every year up to it", range: range)
  }

  /// QA212: a time in the small hours after a weekday's night (`friday night at 1am`) is on
  /// the next day.
  static func smallHoursAfterNight(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA212", severity: .warning,
      message: "a night runs past midnight: the small hours after it are on the next day (Friday night at 1am "
        + "is Saturday at 01:00); write the next day to say so plainly", range: range)
  }

  /// `every 2nd weekend`: every two weeks, not the second weekend of each month.
  static func nthWeekendReading(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA210", severity: .warning,
      message:
        "read as every two weeks on Saturday and Sunday; for the second weekend of each month write 'the 2nd saturday and sunday of every month'",
      range: range)
  }

  // MARK: Semantic

  /// `every 0 days`.
  static func zeroInterval(_ range: SourceRange) -> Diagnostic {
    Diagnostic(id: "QA301", message: "the interval must be at least 1", range: range)
  }

  /// A number out of range: `every 32nd`, `every 20000 days`, `at 25:00`.
  static func outOfRange(_ what: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(id: "QA302", message: what, range: range)
  }

  /// `every feb 30`.
  static func impossibleDate(month: Int, day: Int, _ range: SourceRange) -> Diagnostic {
    Diagnostic(id: "QA303", message: "\(monthName(month)) \(quantity(day)) never occurs", range: range)
  }

  /// A combination one rule cannot hold.
  static func unsupported(_ what: String, _ range: SourceRange) -> Diagnostic {
    Diagnostic(id: "QA304", message: what, range: range)
  }

  /// A range of days written backwards ("the 5th-1st", "days 7-3"), with the forward one.
  static func backwardDays(_ forward: String, _ range: SourceRange) -> Diagnostic {
    unsupported("a range of days runs forward within the month, as in '\(forward)'", range)
  }

  /// Two clauses that fill the same part of the rule differently.
  static func conflict(_ text: String, with old: String, at oldRange: SourceRange, reason: String, _ range: SourceRange)
    -> Diagnostic
  {
    Diagnostic(
      id: "QA306", message: "'\(text)' conflicts with '\(old)' (at \(oldRange)); \(reason)", range: range)
  }

  /// An end before the start.
  static func endBeforeStart(_ range: SourceRange) -> Diagnostic {
    Diagnostic(id: "QA305", message: "the end is before the start, so the task would never be due", range: range)
  }

  /// An end that comes before the rule's first occurrence.
  static func neverDue(_ range: SourceRange) -> Diagnostic {
    Diagnostic(
      id: "QA305", message: "the end comes before the first occurrence, so the task would never be due", range: range)
  }

  /// A number for a message: as it is, or marked as too large when it was capped while reading.
  static func quantity(_ n: Int) -> String { n >= 1_000_000_000 ? "over 999999999" : String(n) }

  static func ordinalWord(_ n: Int) -> String {
    n == -1 ? "last" : n == -2 ? "second-to-last" : ordinalSuffix(n)
  }

  static func ordinalSuffix(_ n: Int) -> String {
    let tens = n % 100
    let suffix = (11...13).contains(tens) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th"
    return "\(n)\(suffix)"
  }

  static func monthName(_ m: Int) -> String {
    [
      "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
      "December",
    ][max(1, min(12, m)) - 1]
  }
}

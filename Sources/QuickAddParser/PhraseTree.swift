import RecurrenceCore

/// The syntax of a recurrence phrase, before meaning: what the user wrote, with ranges.
///
/// The parser fills it; the `Resolver` turns it into a `RecurrenceRule` against a reference
/// date. Nothing here is resolved: "next monday" is still a relative date.
public struct PhraseTree: Sendable, Hashable {
  /// A period word as written: `day`, `weeks`, `quarter`, `fortnight`, or an adverb's reading.
  public enum Unit: String, Sendable, Hashable {
    case minute, hour, day, week, fortnight, month, quarter, year
  }

  /// A day specification.
  public enum Day: Sendable, Hashable {
    /// A weekday, 1 (Monday) … 7 (Sunday).
    case weekday(Int)
    /// Monday to Friday (`weekday`, `workday`).
    case workdays
    /// Saturday and Sunday.
    case weekend
    /// The nth weekday of the period (`3rd friday`, `last friday`), in a month if named.
    case ordinalWeekday(Int, Int, month: Int?)
    /// The nth workday of the month (`15th workday`, `last workday`).
    case ordinalWorkday(Int)
    /// The nth day of the month counted by `day` (`last day` = -1).
    case ordinalDay(Int)
    /// A day of the month: `27th`.
    case monthDay(Int)
    /// A date in the year: month, day.
    case date(Int, Int)
  }

  /// A node with the range it was read from.
  public struct Node<Value: Sendable & Hashable>: Sendable, Hashable {
    /// What was read.
    public var value: Value
    /// Where.
    public var range: SourceRange
  }

  /// A date as written, relative or absolute.
  public enum DateRef: Sendable, Hashable {
    case iso(CivilDate)
    case today
    case tomorrow
    /// `next monday` (the weekday after the coming one is not meant: the first after today).
    case nextWeekday(Int)
    /// `next week`, `next month`: the start of the next such period.
    case nextUnit(Unit)
    /// `monday`: the next Monday on or after today.
    case weekday(Int)
    /// `aug 3`: the next such date on or after today.
    case monthDay(month: Int, day: Int)
    /// `june`: the first day of the next June (this one if not yet past).
    case month(Int)
    /// `27th`: the next 27th on or after today.
    case dayOfMonth(Int)
    /// `in 6 months`: today plus an amount.
    case offset(Int, Unit)
  }

  /// The end of the rule as written.
  public enum End: Sendable, Hashable {
    case until(DateRef)
    case forDuration(Int, Unit)
  }

  /// `every!`, `after …`, `… after done`.
  public var afterCompletion: Node<Bool>?
  /// The interval count (`3`, `other`).
  public var count: Node<Int>?
  /// The period word or adverb.
  public var unit: Node<Unit>?
  /// A warning-worthy adverb (`biweekly`), kept for the resolver's diagnostics.
  public var ambiguousAdverb: Node<String>?
  /// The days.
  public var days: [Node<Day>] = []
  /// Days excluded by `except`.
  public var excluded: [Node<Day>] = []
  /// Times of day, in seconds after midnight.
  public var times: [Node<Int>] = []
  /// The start.
  public var start: Node<DateRef>?
  /// The start's time of day, when given (`starting 2027-01-03 at 09:00`).
  public var startTime: Node<Int>?
  /// The end.
  public var end: Node<End>?
  /// An occurrence count (`5 times`).
  public var occurrences: Node<Int>?
  /// The characters the recurrence covers.
  public var span = SourceRange(0, 0)
}

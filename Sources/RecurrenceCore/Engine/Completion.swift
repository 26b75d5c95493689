extension RecurrenceRule {
  /// The next due date after an occurrence due at `due` is completed at `completed`.
  ///
  /// Both are wall-clock date-times in `zone` (or floating when `zone` is nil).
  /// - **Schedule rules**, completed on the due day or early: step once from `due` (the first
  ///   occurrence after it). Completed late (on a later day): step past every occurrence behind
  ///   the completion day; the first occurrence after `due` on or after the completion day is
  ///   next, even if it is earlier that same day than the completion. Example: "every day at
  ///   09:00", due Monday 09:00, completed Wednesday 10:00, is next due Wednesday 09:00;
  ///   completed Monday 08:00 (early), it is next due Tuesday 09:00.
  /// - **After-completion rules** step from the completion day: "every! 3 days" completed on
  ///   the 20th is due on the 23rd at the rule's time of day (or the old due time when the rule
  ///   has none); "every! 12 hours" is due 12 hours after the completion instant, and an hourly
  ///   rule pinned to minutes steps from the completion's hour ("every! hour at :00" done at
  ///   10:20 is due at 11:00). With weekdays
  ///   or days of the month or year each listed day is a step: the first listed day after the
  ///   completion day (after the due day when completed early; "every! tue and thu" completed
  ///   on Wednesday is due Thursday, then Tuesday); with an interval, the list goes on in the
  ///   due day's period, then starts again `interval` periods after the completion's ("every! 2
  ///   weeks on mon and wed": Monday, Wednesday, then Monday two weeks on; "every! 2 months on
  ///   the last friday" done in December is due on February's).
  ///
  /// When the rule has no start of its own, `due` stands in for it, so the weekday, month day
  /// and time of day the rule leaves open are those of the current due date.
  ///
  /// A counted after-completion rule counts the occurrences left (see `Succession`): with one
  /// left, the series ends.
  ///
  /// - Returns: the next due occurrence, or nil when the rule has ended.
  public func nextDue(afterCompleting due: LocalDateTime, at completed: LocalDateTime, in zone: Zone?) -> Occurrence? {
    successor(afterCompleting: due, at: completed, in: zone)?.next
  }

  /// The next due date after completing `due` at `completed`, whatever count the rule keeps.
  func dueAfterCompleting(_ due: LocalDateTime, at completed: LocalDateTime, in zone: Zone?) -> Occurrence? {
    guard validationError == nil else { return nil }
    let timeline = Timeline(zone: zone)
    switch anchor {
    case .schedule:
      let dueT = timeline.seconds(localSeconds: due.localSeconds)
      var lower = dueT + 1
      if completed.date > due.date {
        lower = Swift.max(lower, timeline.seconds(localSeconds: completed.date.dayNumber * 86_400))
      }
      var sequence = occurrences(start: start ?? due, in: zone, fromTimeline: lower)
      return sequence.next()
    case .afterCompletion:
      var rule = self
      rule.start = nil
      if case .afterOccurrences = rule.end { rule.end = .never }
      if frequency.isSubDaily {
        // An hourly rule pinned to minutes steps whole hours from the completion's hour, as a
        // daily rule steps days from the completion's day: "every! hour at :00" done at 10:20
        // is due at 11:00, not 12:00 (the first pinned minute an hour after 10:20).
        // The hour is taken off the instant (the wall clock's minutes and seconds), so a
        // completion in a repeated hour stays in its own.
        var completedT = timeline.seconds(localSeconds: completed.localSeconds)
        if frequency == .hourly, !minutes.isEmpty {
          completedT -= ((completed.localSeconds % 3600) + 3600) % 3600
        }
        let step = interval * (frequency == .hourly ? 3600 : 60)
        let base = timeline.occurrence(atTimeline: completedT + step).local
        // From the instant, not its wall clock: in a repeated hour the wall clock names two.
        var sequence = rule.occurrences(start: base, in: zone, fromTimeline: completedT + step)
        return sequence.next()
      }
      let secondOfDay = (times.first ?? due.timeOfDay).secondOfDay
      var day: CivilDate
      if frequency != .daily, !weekdays.isEmpty || !daysOfTheMonth.isEmpty || !daysOfTheYear.isEmpty {
        // A list of days is a list of steps: the next listed day after the completion (or
        // after the due day, completed early); stepping a whole period first would keep only
        // the list's first day on or after the same weekday. With an interval, the list goes on
        // in the due day's period while it has a day left after the completion, then starts
        // again in the period `interval` periods after the completion's.
        let base = Swift.max(completed.date, due.date)
        rule.interval = 1
        day = base.adding(days: 1)
        if interval > 1 {
          if let next = rule.firstOccurrence(on: day, at: secondOfDay, in: zone),
            next.local.date < periodStart(of: due.date, plus: 1)
          {
            return next
          }
          day = periodStart(of: base, plus: interval)
        }
      } else {
        switch frequency {
        case .weekly: day = completed.date.adding(days: 7 * interval)
        case .monthly: day = completed.date.adding(months: interval)
        case .yearly: day = completed.date.adding(months: 12 * interval)
        default: day = completed.date.adding(days: interval)
        }
      }
      return rule.firstOccurrence(on: day, at: secondOfDay, in: zone)
    }
  }

  /// The first occurrence on or after `day`, the rule started there at `secondOfDay`.
  func firstOccurrence(on day: CivilDate, at secondOfDay: Int, in zone: Zone?) -> Occurrence? {
    var sequence = occurrences(
      start: LocalDateTime(date: day, secondOfDay: secondOfDay), in: zone,
      from: LocalDateTime(date: day, secondOfDay: 0))
    return sequence.next()
  }

  /// The first day of the period (week from `weekStart`, month or year) `count` periods after
  /// the one holding `date`.
  func periodStart(of date: CivilDate, plus count: Int) -> CivilDate {
    switch frequency {
    case .weekly: return CivilDate(dayNumber: weekBegin(date.dayNumber, weekStart) + 7 * count)
    case .monthly: return CivilDate(year: date.year, month: date.month, day: 1).adding(months: count)
    default: return CivilDate(year: date.year + count, month: 1, day: 1)
    }
  }
}

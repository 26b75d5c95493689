/// The occurrences of a rule in time order, computed lazily.
///
/// Create one with `RecurrenceRule.occurrences(start:in:from:through:)`. Each period is
/// computed from the rule's start directly, so asking for occurrences years after the start
/// costs the same as asking at the start (jump, don't walk), except for a rule ending after a
/// count of occurrences, which must count from its start.
///
/// Daily and longer rules keep wall-clock time (each local date-time is resolved with the DST
/// policy of `Zone`); hourly and minutely rules step elapsed time from the start's instant, so
/// "every 12 hours" stays 12 real hours apart across a DST change.
///
/// A rule that can never occur (Feb 30, a fifth Monday in a month set that never has one, an
/// end before the start) ends the sequence after a bounded search: 400 Gregorian years of
/// periods without an occurrence, the length after which the calendar repeats.
public struct OccurrenceSequence: Sequence, IteratorProtocol, Sendable {
  let plan: ExpansionPlan
  let timeline: Timeline
  let weekStart: DayOfWeek
  /// Inclusive lower bound on the timeline.
  let lower: Int
  /// Inclusive upper bound on the timeline (the end date or the query's), if any.
  let upper: Int?
  /// The start on the timeline: occurrences before it are not occurrences.
  let startPosition: Int
  var remainingCount: Int?
  var period: Int
  var emptyPeriods = 0
  var done: Bool
  var days: [Int] = []
  var pending: [Occurrence] = []
  var pendingIndex = 0
  var lastEmitted = Int.min

  init(rule: RecurrenceRule, start: LocalDateTime, zone: Zone?, lower: Int?, through: Int?) {
    let valid = rule.validationError == nil
    plan = ExpansionPlan(rule, start: start)
    timeline = Timeline(zone: zone)
    weekStart = rule.weekStart
    startPosition = timeline.seconds(localSeconds: start.localSeconds)
    var upperBound = through
    var count: Int?
    switch rule.end {
    case .never: break
    case .afterOccurrences(let n): count = n
    case .afterDate(let until):
      let u = timeline.seconds(localSeconds: until.localSeconds)
      upperBound = upperBound.map { Swift.min($0, u) } ?? u
    }
    upper = upperBound
    remainingCount = count
    let low = Swift.max(lower ?? startPosition, startPosition)
    self.lower = low
    done = !valid || (upperBound.map { $0 < low } ?? false)
    // Jump to a period just before the lower bound, unless a count must be kept from the start.
    if count == nil, low > startPosition, !plan.frequency.isSubDaily {
      let lowDay = floorDiv(low + (zone?.offset(atInstant: low) ?? 0), 86_400)
      period = Swift.max(0, plan.period(containing: lowDay, weekStart: weekStart) - 1)
    } else if plan.frequency.isSubDaily, count == nil, low > startPosition {
      period = (low - startPosition) / plan.subDailyStep
    } else {
      period = 0
    }
  }

  /// The next occurrence, or nil when there are no more.
  public mutating func next() -> Occurrence? {
    while !done {
      if pendingIndex < pending.count {
        let occurrence = pending[pendingIndex]
        pendingIndex += 1
        let t = occurrence.timelineSeconds
        if t <= lastEmitted || t < startPosition { continue }  // merged by a DST push
        if let u = upper, t > u {
          done = true
          return nil
        }
        lastEmitted = t
        if let n = remainingCount {
          if n <= 0 {
            done = true
            return nil
          }
          remainingCount = n - 1
        }
        if t < lower { continue }
        return occurrence
      }
      if plan.frequency.isSubDaily { fillSubDaily() } else { fillPeriod() }
    }
    return nil
  }

  /// Computes the occurrences of the next non-empty period into `pending`.
  private mutating func fillPeriod() {
    pending.removeAll(keepingCapacity: true)
    pendingIndex = 0
    while pending.isEmpty {
      if emptyPeriods > plan.cycleLength {
        done = true
        return
      }
      days.removeAll(keepingCapacity: true)
      plan.candidateDays(period: period, weekStart: weekStart, into: &days)
      period += 1
      if days.isEmpty {
        emptyPeriods += 1
        continue
      }
      let times = plan.times
      let total = days.count * times.count
      if plan.setPositions.isEmpty {
        for day in days {
          for time in times { pending.append(timeline.place(localSeconds: day * 86_400 + time.secondOfDay)) }
        }
      } else {
        for p in plan.setPositions {
          let index = p > 0 ? p - 1 : total + p
          guard index >= 0, index < total else { continue }
          let local = days[index / times.count] * 86_400 + times[index % times.count].secondOfDay
          pending.append(timeline.place(localSeconds: local))
        }
      }
      if pending.count > 1 { pending.sort() }
      if pending.isEmpty {
        emptyPeriods += 1
      } else {
        emptyPeriods = 0
        if let u = upper, let first = pending.first, first.timelineSeconds > u { done = true }
      }
    }
  }

  /// Computes the next occurrence of an hourly or minutely rule into `pending`.
  private mutating func fillSubDaily() {
    pending.removeAll(keepingCapacity: true)
    pendingIndex = 0
    let step = plan.subDailyStep
    var skippedDays = 0
    while pending.isEmpty {
      let t = startPosition + period * step
      if let u = upper, t > u {
        done = true
        return
      }
      let occurrence = timeline.occurrence(atTimeline: t)
      if plan.passesLimits(occurrence.local.date.dayNumber) {
        pending.append(occurrence)
        period += 1
      } else {
        // Jump to the first step on or after the next local midnight.
        skippedDays += 1
        if skippedDays > 146_097 {
          done = true
          return
        }
        let nextMidnight = timeline.seconds(localSeconds: (occurrence.local.date.dayNumber + 1) * 86_400)
        period = Swift.max(period + 1, (nextMidnight - startPosition + step - 1) / step)
      }
    }
  }
}

extension ExpansionPlan {
  /// The step of an hourly or minutely rule, in seconds.
  var subDailyStep: Int { interval * (frequency == .hourly ? 3600 : 60) }
}

extension RecurrenceRule {
  /// The occurrences of this rule, lazily, in time order.
  ///
  /// - Parameters:
  ///   - start: the start to use when the rule has none of its own (RFC 5545's DTSTART); fields
  ///     the rule leaves open, such as the time of day, come from the start.
  ///   - zone: the zone to resolve wall-clock times in; nil for floating (wall-clock only).
  ///   - from: the first wall-clock date-time of interest, inclusive (default: the start).
  ///   - through: the last wall-clock date-time of interest, inclusive.
  /// - Returns: a sequence; empty for an invalid rule (see `validationError`).
  ///
  /// Example: `FREQ=DAILY` at 09:00 from 2026-03-07 in America/New_York yields
  /// 2026-03-07T09:00-05:00, 2026-03-08T09:00-04:00, …: the wall-clock time survives the change.
  public func occurrences(
    start: LocalDateTime, in zone: Zone?, from: LocalDateTime? = nil, through: LocalDateTime? = nil
  ) -> OccurrenceSequence {
    let timeline = Timeline(zone: zone)
    return OccurrenceSequence(
      rule: self, start: self.start ?? start, zone: zone,
      lower: from.map { timeline.seconds(localSeconds: $0.localSeconds) },
      through: through.map { timeline.seconds(localSeconds: $0.localSeconds) })
  }

  /// The occurrences of this rule on or after an occurrence-timeline position.
  func occurrences(start: LocalDateTime, in zone: Zone?, fromTimeline lower: Int) -> OccurrenceSequence {
    OccurrenceSequence(rule: self, start: self.start ?? start, zone: zone, lower: lower, through: nil)
  }

  /// The first `count` occurrences on or after `from`.
  ///
  /// - Parameters:
  ///   - count: how many, at most.
  ///   - from: the first wall-clock date-time of interest, inclusive; also the start when the
  ///     rule has none of its own.
  ///   - zone: the zone, or nil for floating.
  public func next(_ count: Int, from: LocalDateTime, in zone: Zone?) -> [Occurrence] {
    var result: [Occurrence] = []
    guard count > 0 else { return result }
    result.reserveCapacity(min(count, 64))
    var sequence = occurrences(start: from, in: zone, from: from)
    while result.count < count, let occurrence = sequence.next() { result.append(occurrence) }
    return result
  }
}

/// The general engine behind `OccurrenceSequence`: any rule, period by period (see
/// `OccurrenceSequence` for the semantics; the simplest daily and weekly rules stream from
/// `SimpleStream` instead, with the same results).
struct GeneralSequence: Sendable {
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
  var lastEmitted = Int.min

  // The current period: its days, how many date-times it holds, and the cursors over them.
  var days = DaySet(base: 0, words: 1)
  var total = 0
  /// Next index when streaming every date-time of the period in order.
  var index = 0
  /// The day offset of the current day while streaming one time a day.
  var dayOffset = -1
  /// Cursors into the negative and positive set positions, and the last index picked.
  var negativeCursor = 0
  var positiveCursor = 0
  var lastPicked = -1
  /// An index read ahead and put back.
  var held: Int?
  /// Occurrences of the current day when a day has several times (they may reorder in a gap).
  var pending: [Occurrence] = []
  var pendingIndex = 0
  /// An hourly rule's expanded hour: its first second on the timeline (plus the step's second)
  /// and the listed minutes not yet streamed.
  var hourBase = 0
  var minutesLeft: UInt64 = 0

  // Excluded and extra dates (see `RecurrenceRule.excludedDates`), on the timeline.
  /// Nil when the rule has none (then `next()` is the rule's expansion alone): one reference,
  /// so a typical sequence stays small to copy.
  let dates: DateLists?
  var extraIndex = 0
  /// The rule's next occurrence, read ahead while merging with the extras.
  var peeked: Occurrence?
  var ruleEnded = false
  var lastMerged = Int.min

  init(rule: borrowing RecurrenceRule, start: LocalDateTime, zone: Zone?, lower: Int?, through: Int?) {
    // Every value is computed into a local first and stored once, so the struct is never
    // copied while it is being built.
    // Each field is read from the borrowed rule once: passing the rule on, or reading a field
    // after a call, made the compiler copy the whole rule.
    let lists = rule.lists
    let end = rule.end
    let frequency = rule.frequency
    let interval = rule.interval
    let weekStart = rule.weekStart
    let ruleStart = rule.start
    let zoneNamed = rule.zoneName.count > 0
    let plan = ExpansionPlan(
      frequency: frequency, interval: interval, lists: lists, clamp: rule.monthDayPolicy == .clamp,
      weekStart: weekStart, start: start)
    let timeline = Timeline(zone: zone)
    let bounds = SequenceBounds(
      startLocal: plan.startDay * 86_400 + start.secondOfDay, end: end, lower: lower, through: through,
      timeline: timeline, zone: zone)
    let (startPosition, low, upperBound, count) = (bounds.startPosition, bounds.lower, bounds.upper, bounds.count)
    // Jump to a period just before the lower bound, unless a count must be kept from the start.
    var firstPeriod = 0
    if let lowDay = bounds.jumpDay {
      if plan.frequency.isSubDaily {
        firstPeriod = (low - startPosition) / plan.subDailyStep
      } else {
        firstPeriod = Swift.max(0, plan.period(containing: lowDay, weekStart: weekStart) - 1)
      }
    }
    self.plan = plan
    self.timeline = timeline
    self.weekStart = weekStart
    self.startPosition = startPosition
    self.upper = upperBound
    self.remainingCount = count
    self.lower = low
    self.period = firstPeriod
    // The fields' check alone, and the zone name's only when there is one (no rule copy).
    var valid =
      RecurrenceRule.validationError(
        frequency: frequency, interval: interval, lists: lists, start: ruleStart, end: end) == nil
    let overflow = lists.overflow
    if valid, zoneNamed || overflow?.zone != nil { valid = rule.validationError == nil }
    self.done = !valid || (upperBound.map { $0 < low } ?? false)
    if valid, overflow?.excluded != nil || overflow?.extra != nil {
      let excluded = (overflow?.excluded ?? []).map { timeline.seconds(localSeconds: $0.localSeconds) }.sorted()
      let window = (lower ?? Int.min)...(through ?? Int.max)
      var placed = (overflow?.extra ?? []).map { timeline.place(localSeconds: $0.localSeconds) }
        .filter { window.contains($0.timelineSeconds) }
      placed.sort()
      dates = DateLists(excluded: excluded, extras: placed)
    } else {
      dates = nil
    }
  }

  /// The next occurrence, or nil when there are no more.
  mutating func next() -> Occurrence? {
    if let dates { return nextMerged(dates) }
    return nextFromRule()
  }

  /// The next of the rule's occurrences and the extra dates, merged in time order, skipping
  /// excluded instants and duplicates.
  private mutating func nextMerged(_ dates: DateLists) -> Occurrence? {
    let extras = dates.extras
    while true {
      if peeked == nil, !ruleEnded {
        peeked = nextFromRule()
        ruleEnded = peeked == nil
      }
      let extra = extraIndex < extras.count ? extras[extraIndex] : nil
      let candidate: Occurrence
      if let p = peeked, extra.map({ p.timelineSeconds <= $0.timelineSeconds }) ?? true {
        candidate = p
        peeked = nil
      } else if let e = extra {
        candidate = e
        extraIndex += 1
      } else {
        return nil
      }
      let t = candidate.timelineSeconds
      if t <= lastMerged { continue }
      lastMerged = t
      if Self.contains(dates.excluded, t) { continue }
      return candidate
    }
  }

  /// Whether a sorted array holds `value` (binary search).
  private static func contains(_ sorted: [Int], _ value: Int) -> Bool {
    var low = 0
    var high = sorted.count
    while low < high {
      let mid = (low + high) / 2
      if sorted[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low < sorted.count && sorted[low] == value
  }

  /// The rule's own next occurrence, or nil when there are no more.
  private mutating func nextFromRule() -> Occurrence? {
    while !done {
      guard let occurrence = nextCandidate() else { continue }
      let t = occurrence.timelineSeconds
      if t <= lastEmitted || t < startPosition { continue }
      if let u = upper, t > u {
        done = true
        return nil
      }
      if occurrence.localSeconds >= ExpansionPlan.endOfTime {
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
    return nil
  }

  /// The next date-time of the rule's expansion, or nil after moving to another period.
  @inline(__always)
  private mutating func nextCandidate() -> Occurrence? {
    switch plan.stream {
    case .daily:
      let day = plan.startDay + period * plan.interval
      period += 1
      return timeline.place(localSeconds: day * 86_400 + plan.firstTime)
    case .weekly:
      // `period` is the current week; `dayOffset` the last day streamed in it.
      let above = plan.weekBits & ~((1 << (dayOffset + 1)) - 1)
      guard above != 0 else {
        period += 1
        dayOffset = -1
        return nil
      }
      dayOffset = above.trailingZeroBitCount
      let day = plan.weekOrigin + 7 * period * plan.interval + dayOffset
      return timeline.place(localSeconds: day * 86_400 + plan.firstTime)
    case .general: break
    }
    if plan.frequency.isSubDaily { return nextSubDaily() }
    if pendingIndex < pending.count {
      pendingIndex += 1
      return pending[pendingIndex - 1]
    }
    guard let picked = nextIndex() else {
      loadPeriod()
      return nil
    }
    if plan.timeCount == 1 {
      // Streaming in order: the next set bit, not a search from the start of the set.
      let offset: Int?
      if !plan.hasPositions {
        offset = days.first(atOrAfter: dayOffset + 1)
        dayOffset = offset ?? dayOffset
      } else {
        offset = days.offset(at: picked)
      }
      guard let offset else { return nil }
      return timeline.place(localSeconds: (days.base + offset) * 86_400 + plan.firstTime)
    }
    // Several times a day: gather the day's picked times, then sort them (a DST push can
    // reorder times within a day).
    pending.removeAll(keepingCapacity: true)
    pendingIndex = 0
    let day = picked / plan.timeCount
    let offset = days.offset(at: day) ?? 0
    var current = picked
    while true {
      let local = (days.base + offset) * 86_400 + plan.second(ofTime: current % plan.timeCount)
      pending.append(timeline.place(localSeconds: local))
      guard let following = nextIndex() else { break }
      if following / plan.timeCount != day {
        held = following
        break
      }
      current = following
    }
    if pending.count > 1 { pending.sort() }
    pendingIndex = 1
    return pending[0]
  }

  /// The next picked index in the period's ordered set of date-times, consuming it.
  @inline(__always)
  private mutating func nextIndex() -> Int? {
    if let h = held {
      held = nil
      return h
    }
    if !plan.hasPositions {
      guard index < total else { return nil }
      index += 1
      return index - 1
    }
    while let (picked, fromNegative) = candidatePosition() {
      if fromNegative { negativeCursor += 1 } else { positiveCursor += 1 }
      if picked > lastPicked {
        lastPicked = picked
        return picked
      }
    }
    return nil
  }

  /// The smaller of the next negative and next positive set position, as an index.
  ///
  /// Set positions are sorted, so negatives (counted from the end) come first and both runs
  /// give ascending indices: merging them yields the picked date-times in order.
  @inline(__always)
  private func candidatePosition() -> (Int, Bool)? {
    let negatives = plan.negativePositions
    var best: (Int, Bool)?
    var n = negativeCursor
    while n < negatives {
      let i = total + (plan.positions?[n] ?? 0)
      if i >= 0 {
        best = (i, true)
        break
      }
      n += 1
    }
    let p = negatives + positiveCursor
    if let positions = plan.positions, p < positions.count {
      let i = positions[p] - 1
      if i < total, best.map({ i <= $0.0 }) ?? true { best = (i, false) }
    }
    return best
  }

  /// Moves to the next period that has date-times, or ends the sequence.
  private mutating func loadPeriod() {
    while true {
      if emptyPeriods > plan.cycleLength {
        done = true
        return
      }
      plan.candidateDays(period: period, weekStart: weekStart, into: &days)
      period += 1
      total = days.count * plan.timeCount
      index = 0
      dayOffset = -1
      negativeCursor = 0
      positiveCursor = 0
      lastPicked = -1
      held = nil
      if total == 0 || (plan.positions.map { list in !list.contains { abs($0) <= total } } ?? false) {
        emptyPeriods += 1
        // Empty periods past the end: no later one can hold an occurrence before it.
        if let u = upper, timeline.seconds(localSeconds: (days.base - 1) * 86_400) > u {
          done = true
          return
        }
        if plan.frequency == .daily, total == 0 {
          // Straight to the next day the limits allow, a month at a time.
          let day = days.base
          guard let next = plan.nextPassingDay(from: day + 1, through: Swift.min(day + 146_097, ExpansionPlan.lastDay))
          else {
            done = true
            return
          }
          period = Swift.max(period, (next - plan.startDay + plan.interval - 1) / plan.interval)
        }
        continue
      }
      emptyPeriods = 0
      if let u = upper, let first = days.first(atOrAfter: 0) {
        // Past the end, even allowing a day for a push out of a DST gap: stop.
        if timeline.seconds(localSeconds: (days.base + first - 1) * 86_400) > u { done = true }
      }
      return
    }
  }
}

extension ExpansionPlan {
  /// The step of an hourly or minutely rule, in seconds.
  var subDailyStep: Int { interval * (frequency == .hourly ? 3600 : 60) }
}

/// A sequence's excluded instants and extra occurrences, placed on its timeline once.
final class DateLists: Sendable {
  /// Excluded instants, sorted.
  let excluded: [Int]
  /// Extra occurrences inside the query window, sorted.
  let extras: [Occurrence]

  init(excluded: [Int], extras: [Occurrence]) {
    self.excluded = excluded
    self.extras = extras
  }
}

/// Hourly and minutely rules: steps of elapsed time from the start, limited by days, hours and
/// (minutely) minutes, or expanded by minutes (hourly).
extension GeneralSequence {
  /// The next step of an hourly or minutely rule that passes the limits (or, for an hourly rule
  /// with minutes, the next of its hour's expansion).
  ///
  /// A step that misses moves straight to the first step at or after the next wall-clock
  /// boundary that could pass: the next day the day limits allow (found a month at a time by
  /// `nextPassingDay`), the next listed hour, or the next listed minute. Steps are never walked
  /// one by one across excluded days. The search ends when the day limits allow no day in the
  /// next 400 years (the calendar's cycle: they never will), after 146,097 misses in a row, or
  /// at year 9999. Example: `FREQ=MINUTELY;INTERVAL=7919;BYMONTH=2;BYMONTHDAY=29;BYDAY=TU` from
  /// 2026-01-01 in UTC occurs 53 times, 2084-02-29T19:37 first, with 428 years between two of
  /// them.
  mutating func nextSubDaily() -> Occurrence? {
    if minutesLeft != 0 {
      let minute = minutesLeft.trailingZeroBitCount
      minutesLeft &= minutesLeft - 1
      return timeline.occurrence(atTimeline: hourBase + minute * 60)
    }
    let step = plan.subDailyStep
    var misses = 0
    while true {
      let t = startPosition + period * step
      if let u = upper, t > u {
        done = true
        return nil
      }
      let occurrence = timeline.occurrence(atTimeline: t)
      let local = occurrence.localSeconds
      let day = floorDiv(local, 86_400)
      let boundary: Int
      if !plan.passesLimits(day) {
        guard let next = plan.nextPassingDay(from: day + 1, through: Swift.min(day + 146_097, ExpansionPlan.lastDay))
        else {
          done = true
          return nil
        }
        boundary = next * 86_400
      } else if let miss = plan.nextTimeBoundary(afterMissing: local - day * 86_400) {
        boundary = day * 86_400 + miss
      } else {
        period += 1
        if plan.frequency == .hourly, plan.minuteMask != 0 { return expandMinutes(around: t, local: local) }
        return occurrence
      }
      misses += 1
      if misses > 146_097 {
        done = true
        return nil
      }
      let target = timeline.seconds(localSeconds: boundary)
      period = Swift.max(period + 1, (target - startPosition + step - 1) / step)
    }
  }

  /// The first occurrence of an hourly rule's step hour at its listed minutes (with the step's
  /// second); the rest are streamed from `minutesLeft`.
  private mutating func expandMinutes(around t: Int, local: Int) -> Occurrence? {
    let withinHour = local - floorDiv(local, 3600) * 3600
    hourBase = t - withinHour + withinHour % 60
    let minute = plan.minuteMask.trailingZeroBitCount
    minutesLeft = plan.minuteMask & (plan.minuteMask - 1)
    return timeline.occurrence(atTimeline: hourBase + minute * 60)
  }
}

extension ExpansionPlan {
  /// For a step at `second` (seconds since local midnight) on an allowed day: nil when its hour
  /// (and, in a minutely rule, minute) is listed, else the seconds since that midnight of the
  /// next boundary that could pass (a later listed hour or minute, or the next midnight).
  @inline(__always)
  func nextTimeBoundary(afterMissing second: Int) -> Int? {
    let hour = second / 3600
    if hourMask != 0, hourMask & (1 << UInt32(hour)) == 0 {
      let later = hourMask & ~((1 << UInt32(hour + 1)) &- 1)
      return later != 0 ? later.trailingZeroBitCount * 3600 : 86_400
    }
    guard frequency == .minutely, minuteMask != 0 else { return nil }
    let minute = second / 60 % 60
    if minuteMask & (1 << UInt64(minute)) != 0 { return nil }
    let later = minuteMask & ~((1 << UInt64(minute + 1)) &- 1)
    return later != 0 ? hour * 3600 + later.trailingZeroBitCount * 60 : (hour + 1) * 3600
  }
}

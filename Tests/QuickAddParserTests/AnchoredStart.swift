import RecurrenceCore
import Testing

/// A phrase with an interval or a count and no start counts from its first matching day on or
/// after the reference (see the README): the rule read back carries that day as its start. This checks
/// the start against the first occurrence found with an interval of one, and returns the rule
/// without it, to compare with a rule generated without a start.
func withoutAnchoredStart(_ got: RecurrenceRule?, for rule: RecurrenceRule, now: LocalDateTime) -> RecurrenceRule? {
  guard rule.start == nil, var got, let start = got.start else { return got }
  var everyPeriod = rule
  everyPeriod.interval = 1
  everyPeriod.end = .never
  let first = everyPeriod.next(1, from: now, in: nil).first
  let counted = if case .afterOccurrences = rule.end { true } else { false }
  #expect(rule.interval > 1 || counted, "\(rule.packed) gained a start without an interval or a count")
  #expect(start == first.map { LocalDateTime(date: $0.local.date, secondOfDay: 0) }, "\(rule.packed): start \(start)")
  got.start = nil
  return got
}

/// The occurrences of a rule in time order, computed lazily.
///
/// Create one with `RecurrenceRule.occurrences(start:in:from:through:)`. Each period is
/// computed from the rule's start directly, so asking for occurrences years after the start
/// costs the same as asking at the start (jump, don't walk), except for a rule ending after a
/// count of occurrences, which must count from its start.
///
/// Daily and longer rules keep wall-clock time (each local date-time is resolved with the DST
/// policy of `Zone`); hourly and minutely rules step elapsed time from the start's instant, so
/// "every 12 hours" stays 12 real hours apart across a DST change. Two wall-clock times that
/// resolve to one instant (a time pushed out of a DST gap onto another) are one occurrence.
///
/// Nothing occurs after 9999-12-31T23:59:59 local time (the last date the model accepts).
///
/// A rule that can never occur (Feb 30, a fifth Monday in a month set that never has one, an
/// end before the start) ends the sequence after a bounded search: 400 Gregorian years of
/// periods without an occurrence, the length after which the calendar repeats.
///
/// The commonest rules (every day or every week on some weekdays, at one time, with no limits
/// and no exception dates) stream from a small value of their own; every other rule runs the
/// general engine, held behind one reference and copied before a shared copy advances, so a
/// sequence keeps value semantics.
public struct OccurrenceSequence: Sequence, IteratorProtocol, Sendable {
  /// The stream of a simple rule (an ended placeholder beside the general engine).
  var simple: SimpleStream
  /// The general engine's state for any other rule, or nil.
  var general: GeneralBox?

  @inline(__always)
  init(
    rule: borrowing RecurrenceRule, start: LocalDateTime, zone: Zone?, lower: Int?, through: Int?,
    simple handled: Bool? = nil
  ) {
    if handled ?? SimpleStream.handles(rule) {
      simple = SimpleStream(rule: rule, start: start, zone: zone, lower: lower, through: through)
      general = nil
    } else {
      simple = SimpleStream()
      general = GeneralBox(rule: rule, start: start, zone: zone, lower: lower, through: through)
    }
  }

  /// The next occurrence, or nil when there are no more.
  public mutating func next() -> Occurrence? {
    guard general != nil else { return simple.next() }
    if !isKnownUniquelyReferenced(&general) { general = general.map { GeneralBox($0.sequence) } }
    return general?.sequence.next()
  }
}

/// The general engine's state behind one reference, so that a sequence stays small to create
/// and copy; `OccurrenceSequence` copies it before advancing a shared one (copy on write), so
/// it is only ever mutated through a unique reference.
final class GeneralBox: @unchecked Sendable {
  /// The state. Accesses are not checked for exclusivity at run time: only `next()` mutates it,
  /// through a reference it has just made unique.
  @exclusivity(unchecked) var sequence: GeneralSequence

  init(_ sequence: GeneralSequence) {
    self.sequence = sequence
  }

  /// The general engine's state for `rule`, built in place.
  init(rule: borrowing RecurrenceRule, start: LocalDateTime, zone: Zone?, lower: Int?, through: Int?) {
    sequence = GeneralSequence(rule: rule, start: start, zone: zone, lower: lower, through: through)
  }
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
    let first = self.start ?? start
    // For a simple stream, from the start itself is its default lower bound: not resolved
    // twice. (The general engine also uses the bound to window extra dates.)
    let simple = SimpleStream.handles(self)
    return OccurrenceSequence(
      rule: self, start: first, zone: zone,
      lower: from.flatMap { simple && $0 == first ? nil : timeline.seconds(localSeconds: $0.localSeconds) },
      through: through.map { timeline.seconds(localSeconds: $0.localSeconds) }, simple: simple)
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

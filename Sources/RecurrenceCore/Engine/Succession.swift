/// What follows a completed occurrence: the next due date and the rule to keep for it.
///
/// A counted after-completion rule ("every! 3 days 4 times") has no start to count from (each
/// due date comes from a completion), so its count is the number of occurrences left, the one
/// due among them: the rule kept after a completion has one fewer, and completing the last ends
/// the series. Every other rule is kept as it is (a counted schedule counts from its start).
public struct Succession: Sendable, Hashable {
  /// The next due occurrence.
  public var next: Occurrence
  /// The rule to store in place of the completed one.
  public var rule: RecurrenceRule

  /// Creates a succession.
  public init(next: Occurrence, rule: RecurrenceRule) {
    self.next = next
    self.rule = rule
  }
}

extension RecurrenceRule {
  /// The next due date and the rule to keep after an occurrence due at `due` is completed at
  /// `completed` (see `nextDue(afterCompleting:at:in:)`); nil when the series has ended,
  /// including when a counted after-completion rule had this occurrence left only.
  public func successor(afterCompleting due: LocalDateTime, at completed: LocalDateTime, in zone: Zone?)
    -> Succession?
  {
    var kept = self
    if anchor == .afterCompletion, case .afterOccurrences(let left) = end {
      guard left > 1 else { return nil }
      kept.end = .afterOccurrences(left - 1)
    }
    guard let next = dueAfterCompleting(due, at: completed, in: zone) else { return nil }
    return Succession(next: next, rule: kept)
  }

  /// The first due date of a rule set up at `reference`: a schedule's first occurrence from
  /// then; an after-completion rule's own start when later, or else one step after
  /// `reference`, as if completed then (a count of occurrences left takes nothing from it).
  public func firstDue(from reference: LocalDateTime, in zone: Zone?) -> Occurrence? {
    guard anchor == .afterCompletion else { return next(1, from: reference, in: zone).first }
    if let start, start > reference {
      var schedule = self
      schedule.anchor = .schedule
      return schedule.next(1, from: start, in: zone).first
    }
    return dueAfterCompleting(reference, at: reference, in: zone)
  }

  /// The due dates of an after-completion rule from `reference` as if each were completed on
  /// time, at most `count`: the first due date, then each successor, ending with a count's last.
  public func completionChain(from reference: LocalDateTime, count: Int, in zone: Zone?) -> [Occurrence] {
    guard count > 0, var due = firstDue(from: reference, in: zone) else { return [] }
    var chain = [due]
    var rule = self
    while chain.count < count, let step = rule.successor(afterCompleting: due.local, at: due.local, in: zone) {
      chain.append(step.next)
      due = step.next
      rule = step.rule
    }
    return chain
  }
}

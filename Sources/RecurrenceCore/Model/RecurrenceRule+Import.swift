extension RecurrenceRule {
  /// Whether `monthDayPolicy` can change an occurrence of this rule.
  ///
  /// It can when the rule lists days of the month, or when a monthly or yearly rule takes its
  /// day from the start (no weekdays): the 31st then falls in short months. A weekly rule, or a
  /// monthly rule on weekdays, means the same under either policy, so an importer need not
  /// record one (and the packed text need not write `MONTHEND=SKIP`).
  public var monthDayPolicyMatters: Bool {
    if !daysOfTheMonth.isEmpty { return true }
    return (frequency == .monthly || frequency == .yearly) && weekdays.isEmpty
  }
}

extension RecurrenceRule {
  /// Whether `name` has the shape of a zone identifier a rule may carry: 1…`maxZoneNameLength`
  /// letters, digits, `/`, `_`, `-` and `+`. Whether such a zone exists is the caller's question.
  public static func isValidZoneName(_ name: String) -> Bool { isZoneName(name.utf8) }
}

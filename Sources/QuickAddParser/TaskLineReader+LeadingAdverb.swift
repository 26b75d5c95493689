import RecurrenceCore

extension TaskLineReader {
  /// A line that starts with a weekly adverb and names one weekday elsewhere (`Weekly team sync
  /// on thurs`, `Biweekly review friday at 3pm`): the adverb is the rule and the weekday (with
  /// its time) its day, rather than the weekday alone winning and the adverb staying in the
  /// title. Nil for anything else.
  func leadingAdverbWithWeekday(_ found: [Span]) -> Span? {
    guard found.count == 2, let k = found.firstIndex(where: \.soft), case .rule(var rule)? = found[k].reading,
      rule.frequency == .weekly, rule.weekdays.isEmpty, rule.times.isEmpty
    else { return nil }
    let day = found[1 - k]
    guard !day.soft, !day.recurs, let date = Self.dateOfReading(day.reading), namesOnlyWeekday(day) else {
      return nil
    }
    switch day.reading {
    case .date?: break
    case .dateTime(let t)?: rule.times = [TimeOfDay(secondOfDay: t.secondOfDay)]
    default: return nil
    }
    rule.weekdays = [.every(date.dayOfWeek)]
    // "Biweekly review friday": counted from the coming Friday, as "every other friday" is.
    if rule.interval > 1 { rule.start = LocalDateTime(date: date, secondOfDay: 0) }
    var merged = found[k]
    merged.reading = .rule(rule)
    merged.diagnostics += day.diagnostics
    return merged
  }

  /// Whether a span's words name a weekday and no other day: `on thurs`, `friday at 3pm`, not
  /// `dec 15`, `fri 18`, `monday week` or `the first monday`.
  func namesOnlyWeekday(_ span: Span) -> Bool {
    // "on the first monday", "the 2nd thursday": an ordinal before the weekday names another day.
    if span.tokens.lowerBound > 0, case let before = tokens[span.tokens.lowerBound - 1] {
      if before.isOrdinal { return false }
      if let w = before.word, Lexicon.english.lookup(w).contains(where: { $0.wordClass == .ordinal }) { return false }
    }
    var weekday = false
    for k in span.tokens {
      switch tokens[k].kind {
      case .word(let w):
        let entries = Lexicon.english.lookup(w)
        if entries.contains(where: { $0.wordClass == .weekday }) {
          weekday = true
        } else if entries.contains(where: { [.month, .ordinal, .unit].contains($0.wordClass) }) {
          return false  // "dec 15", "the first monday", "monday week"
        }
      case .number, .ordinal, .numericDate, .isoDate: return false
      default: break
      }
    }
    return weekday
  }
}

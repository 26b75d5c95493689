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
    guard !day.soft, !day.recurs, let weekday = Self.dayOfReading(day.reading), namesOnlyWeekday(day) else {
      return nil
    }
    switch day.reading {
    case .date?: break
    case .dateTime(let t)?: rule.times = [TimeOfDay(secondOfDay: t.secondOfDay)]
    default: return nil
    }
    rule.weekdays = [.every(weekday)]
    var merged = found[k]
    merged.reading = .rule(rule)
    merged.diagnostics += day.diagnostics
    return merged
  }

  /// Whether a span's words name a weekday and no other day: `on thurs`, `friday at 3pm`, not
  /// `dec 15` or `fri 18`.
  func namesOnlyWeekday(_ span: Span) -> Bool {
    var weekday = false
    for k in span.tokens {
      switch tokens[k].kind {
      case .word(let w):
        let entries = Lexicon.english.lookup(w)
        if entries.contains(where: { $0.wordClass == .weekday }) {
          weekday = true
        } else if entries.contains(where: { $0.wordClass == .month || $0.wordClass == .ordinal }) {
          return false
        }
      case .number, .ordinal, .numericDate, .isoDate: return false
      default: break
      }
    }
    return weekday
  }
}

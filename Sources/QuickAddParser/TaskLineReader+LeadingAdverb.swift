import RecurrenceCore

extension TaskLineReader {
  /// A line that starts with a weekly adverb and names one weekday elsewhere (`Weekly team sync
  /// on thurs`, `Biweekly review friday at 3pm`) or weekdays as a plural (`biweekly update
  /// thursdays`): the adverb is the rule and the weekdays (with their time) its days, rather than
  /// the weekday alone winning and the adverb staying in the title. Nil for anything else.
  func leadingAdverbWithWeekday(_ found: [Span]) -> Span? {
    // The adverb starts the line ("Weekly team sync on thurs"), or a plain weekly rule follows a
    // weekday ("Sunday meal prep every week").
    guard found.count == 2,
      let k = found.firstIndex(where: \.soft) ?? found.firstIndex(where: { !$0.soft && $0.recurs }),
      case .rule(var rule)? = found[k].reading,
      rule.frequency == .weekly, rule.weekdays.isEmpty, rule.times.isEmpty, rule.start == nil, rule.anchor == .schedule
    else { return nil }
    let day = found[1 - k]
    guard !day.soft, namesOnlyWeekday(day) else { return nil }
    let first: CivilDate
    switch day.reading {
    case .date(let d)?:
      first = d
      rule.weekdays = [.every(d.dayOfWeek)]
    case .dateTime(let t)?:
      first = t.date
      rule.weekdays = [.every(t.date.dayOfWeek)]
      rule.times = [TimeOfDay(secondOfDay: t.secondOfDay)]
    case .rule(let plural)?:
      // "biweekly update thursdays": the plural's weekly rule, at the adverb's interval.
      // Not after an explicit "every" ("Biweekly payroll every friday" says every Friday).
      guard
        !day.tokens.contains(where: { k in
          tokens[k].word.map { Lexicon.english.lookup($0).contains { $0.wordClass == .every } } == true
        }),
        plural.frequency == .weekly, plural.interval == 1, plural.anchor == .schedule, plural.start == nil,
        plural.end == .never, !plural.weekdays.isEmpty, plural.weekdays.allSatisfy({ $0.ordinal == nil }),
        let next = Self.firstDay(of: plural, options: options)
      else { return nil }
      first = next
      rule.weekdays = plural.weekdays
      rule.times = plural.times
    default: return nil
    }
    // "Biweekly review friday": counted from the coming Friday, as "every other friday" is.
    if rule.interval > 1 { rule.start = LocalDateTime(date: first, secondOfDay: 0) }
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
      if k > span.tokens.lowerBound, tokens[k].isNumber, tokens[k - 1].word == "at" { continue }  // "mondays at 9"
      switch tokens[k].kind {
      case .word(let w):
        let entries = Lexicon.english.lookup(w)
        if entries.contains(where: { $0.wordClass == .weekday }) {
          weekday = true
        } else if entries.contains(where: { [.month, .ordinal, .unit].contains($0.wordClass) }) {
          return false  // "dec 15", "the first monday", "monday week"
        }
      case .number, .ordinal, .numericDate, .isoDate: return false
      case .clock: continue  // "friday at 3pm"
      default: break
      }
    }
    return weekday
  }

  /// The first day a weekly rule falls on, from the line's reference date.
  static func firstDay(of rule: RecurrenceRule, options: TaskLineOptions) -> CivilDate? {
    rule.next(1, from: LocalDateTime(date: options.now.date, secondOfDay: 0), in: nil).first?.local.date
  }
}

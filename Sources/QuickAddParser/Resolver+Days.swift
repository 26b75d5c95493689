import RecurrenceCore

extension Resolver {
  /// The days step: weekdays, ordinal weekdays, workdays, month days and dates, checked for
  /// ranges and for kinds one rule cannot mix.
  mutating func resolveDays() -> Bool {
    for node in tree.days {
      guard resolveDay(node) else { return false }
    }
    if !draft.yearDays.isEmpty, !draft.monthDays.isEmpty || !draft.dates.isEmpty || !draft.weekdays.isEmpty {
      return fail(
        ParseDiagnostic.unsupported(
          "one rule cannot mix days of the year with days of the month or weekdays; make separate tasks", daysRange))
    }
    // "every friday the 13th": the days that are both, as RFC 5545 reads BYDAY with BYMONTHDAY;
    // one weekday and one day ("friday the 13th and saturday the 14th" would cross them).
    let both =
      draft.kinds == [.weekday, .monthday] && tree.notes.contains { $0.value == .weekdayOnMonthDay }
      && draft.weekdays.count == 1 && draft.monthDays.count == 1
    if both, let day = draft.monthDays.first, day > 28 {
      // A month without that day has no such weekday on it: a clamped 31st would fall on the 30th.
      return fail(
        ParseDiagnostic.unsupported(
          "a weekday on the 29th, 30th or 31st falls only in months that have that day; name the months, as in 'every friday the 31st in may, july and december'",
          daysRange))
    }
    if draft.kinds.rawValue.nonzeroBitCount > 1, !both {
      return fail(
        ParseDiagnostic.unsupported(
          "one rule cannot mix these kinds of day (weekdays, ordinal weekdays, workdays, days of the month, dates); make separate tasks",
          daysRange))
    }
    if !draft.dates.isEmpty {
      let ms = Set(draft.dates.map { $0.month })
      let ds = Set(draft.dates.map { $0.day })
      guard ms.count * ds.count == Set(draft.dates.map { $0.month * 100 + $0.day }).count else {
        return fail(
          ParseDiagnostic.unsupported(
            "these dates do not share their days or their months, so one rule cannot hold them; make a task for each",
            SourceRange(draft.dates[0].range.lowerBound, draft.dates[draft.dates.count - 1].range.upperBound)))
      }
      guard tree.months.isEmpty else {
        return fail(
          ParseDiagnostic.unsupported("these dates already name their months", tree.monthClause ?? daysRange))
      }
      draft.months += ms
      draft.monthDays += ds
    }
    guard resolveHolidays() else { return false }
    if !draft.positions.isEmpty {
      draft.weekdays += draft.positionDays.map { $0.map { .every(day($0)) } } ?? Self.workdays
    }
    return true
  }

  /// Positions counted over different days ("the 1st workday and the last instance of tue and
  /// fri"), which one rule cannot hold.
  func mixedPositions(_ range: SourceRange) -> Diagnostic {
    ParseDiagnostic.unsupported(
      "one rule counts its positions over one set of days (workdays, or the weekdays after 'instance of'); make a task for each",
      range)
  }

  /// Holidays on a weekday of a month ("every thanksgiving"): yearly in their month, alone.
  mutating func resolveHolidays() -> Bool {
    guard let first = draft.holidays.first, let last = draft.holidays.last else { return true }
    let range = SourceRange(first.range.lowerBound, last.range.upperBound)
    guard draft.holidays.count == tree.days.count else {
      return fail(
        ParseDiagnostic.unsupported(
          "a holiday on a weekday of a month cannot share a rule with other days; make a task for each", daysRange))
    }
    guard
      draft.holidays.allSatisfy({
        $0.month == first.month && $0.ordinal == first.ordinal && $0.weekday == first.weekday
      })
    else {
      return fail(
        ParseDiagnostic.unsupported(
          "these holidays fall on different weekdays of different months, so one rule cannot hold them; make a task for each",
          range))
    }
    guard tree.months.isEmpty else {
      return fail(ParseDiagnostic.unsupported("this holiday already names its month", tree.monthClause ?? range))
    }
    draft.weekdays = [.nth(first.ordinal, day(first.weekday))]
    draft.months = [first.month]
    return true
  }

  /// One day of the tree into the draft.
  mutating func resolveDay(_ node: PhraseTree.Node<PhraseTree.Day>) -> Bool {
    switch node.value {
    case .weekday(let d):
      draft.weekdays.append(.every(day(d)))
      draft.kinds.insert(.weekday)
    case .workdays:
      draft.weekdays += Self.workdays
      draft.kinds.insert(.weekday)
    case .weekend:
      draft.kinds.insert(.weekday)
      if dialect == .todoist {
        draft.weekdays.append(.every(.saturday))  // Todoist's "every weekend"
      } else {
        draft.weekdays += [.every(.saturday), .every(.sunday)]
        warn(ParseDiagnostic.weekendReading(node.range))
      }
    case .ordinalWeekday(let n, let d):
      guard n != 0, abs(n) <= 5 else {
        return fail(ParseDiagnostic.outOfRange("a month has at most five of each weekday", node.range))
      }
      draft.weekdays.append(.nth(n, day(d)))
      draft.kinds.insert(.nth)
      if n >= 2, tree.unit == nil, tree.months.isEmpty, !tree.periodNamed { draft.ordinalWarning = (n, d, node.range) }
    case .ordinalWorkday(let n):
      guard n != 0, abs(n) <= 23 else {
        return fail(ParseDiagnostic.outOfRange("a month has at most 23 workdays", node.range))
      }
      guard draft.positionDays == nil else { return fail(mixedPositions(node.range)) }
      draft.positions.append(n)
      draft.kinds.insert(.workday)
    case .ordinalInstance(let n, let days):
      let distinct = Array(Set(days)).sorted()
      let most = CivilDate.mostDaysInAMonth(onWeekdays: distinct)
      guard n != 0, abs(n) <= most else {
        return fail(ParseDiagnostic.outOfRange("a month has at most \(most) of these days", node.range))
      }
      guard draft.positions.isEmpty || draft.positionDays == distinct else { return fail(mixedPositions(node.range)) }
      draft.positionDays = distinct
      draft.positions.append(n)
      draft.kinds.insert(.workday)
    case .ordinalDay(let n) where abs(n) > 31 && countsYearDays,
      .monthDay(let n) where n > 31 && countsYearDays:
      // "every year on the 100th day", "every year on day 256": no month has that day.
      return resolveDay(.init(value: .yearDay(n), range: node.range))
    case .ordinalDay(let n):
      guard n != 0, abs(n) <= 31 else {
        return fail(ParseDiagnostic.outOfRange("a month has at most 31 days", node.range))
      }
      draft.monthDays.append(n)
      draft.kinds.insert(.monthday)
    case .monthDay(let d):
      guard (1...31).contains(d) else {
        return fail(
          ParseDiagnostic.outOfRange("'\(ParseDiagnostic.quantity(d))' is not a day of the month (1–31)", node.range))
      }
      draft.monthDays.append(d)
      draft.kinds.insert(.monthday)
    case .date(let m, let d):
      guard (1...12).contains(m), d >= 1, d <= CivilDate.maxDaysIn(month: m) else {
        return fail(ParseDiagnostic.impossibleDate(month: m, day: d, node.range))
      }
      draft.dates.append((m, d, node.range))
      draft.kinds.insert(.date)
    case .yearDay(let n) where (1...31).contains(n):
      draft.dates.append((1, n, node.range))  // "the first day of the year": January 1
      draft.kinds.insert(.date)
    case .yearDay(let n) where (-31...(-1)).contains(n):
      draft.dates.append((12, 32 + n, node.range))  // "the last day of the year": December 31
      draft.kinds.insert(.date)
    case .holiday(let m, let n, let d):
      draft.holidays.append((m, n, d, node.range))
      draft.kinds.insert(.nth)
    case .yearDay(let n):
      guard n != 0, abs(n) <= 366 else {
        return fail(ParseDiagnostic.outOfRange("a year has at most 366 days", node.range))
      }
      draft.yearDays.append(n)  // "the 100th day of the year"
    }
    return true
  }

  /// Whether a day number above 31 counts the days of the year: a yearly rule with no month.
  var countsYearDays: Bool { tree.unit?.value == .year && tree.months.isEmpty }
}

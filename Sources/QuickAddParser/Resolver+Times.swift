import RecurrenceCore

extension Resolver {
  /// The times step: written times, read on a 24-hour clock with parts of the day as am/pm
  /// cues and the bare-hour rule; parts of the day alone; the start's time; sub-daily starts.
  mutating func resolveTimes() -> Bool {
    let spoken = tree.partsOfDay.first?.value
    let cue = spoken ?? tree.groupCue
    var times: [TimeOfDay] = []
    // A part of the day after a list of times speaks of the time next to it, and of the others
    // only when it can hold them ("at 9 and 5 in the afternoon"); one before the list ("every
    // afternoon at 2 and 4"), of all of them.
    let trailing = tree.partsOfDay.first.map { p in tree.times.allSatisfy { $0.range.upperBound <= p.range.lowerBound }
    }
    // "at 6 and 18", "at 6:00 and 18:00": an hour past 12 in the list says it is on a 24-hour
    // clock, so its small hours are the morning's.
    let twentyFour = spoken == nil && tree.times.contains { $0.value.twentyFour }
    // "every morning and evening at 8": each part of the day gives the hours its half.
    let parts = partsBeforeBareTimes()
    for part in parts {
      for node in tree.times {
        let hour = node.value.seconds / 3600
        guard part < 12 * 3600 ? (4...11).contains(hour) : Self.cueHolds(part, hour: hour) else {
          // "every morning and afternoon at 8": no one hour falls in both.
          return fail(
            ParseDiagnostic.unsupported(
              "one hour cannot fall in each of these parts of the day; write the times, as in 'at 8am and 8pm'",
              node.range))
        }
        let t = TimeOfDay(secondOfDay: clockSeconds(node, cue: part))
        if !times.contains(t) { times.append(t) }
      }
    }
    for (k, node) in tree.times.enumerated() where parts.isEmpty {
      // "9 in the morning and 9 at night": a part of the day right after a time is its own.
      var ownCue: Int?
      if tree.partsOfDay.count > 1 {
        // "every morning at 8 and evening at 8", "morning 6 and night 10": one right before it,
        // a space or ` at ` between (not `, `: "8 in the morning, 2 in the afternoon").
        let previousEnd = k > 0 ? tree.times[k - 1].range.upperBound : 0
        let nextStart = k + 1 < tree.times.count ? tree.times[k + 1].range.lowerBound : Int.max
        ownCue =
          tree.partsOfDay.last {
            $0.range.upperBound <= node.range.lowerBound && $0.range.lowerBound >= previousEnd
              && Self.leadsTime(gap: node.range.lowerBound - $0.range.upperBound)
          }?.value
          ?? tree.partsOfDay.first {
            $0.range.lowerBound >= node.range.upperBound && $0.range.lowerBound < nextStart
              && !Self.leadsTime(gap: nextStart - $0.range.upperBound)  // not the next time's own
          }?.value
      }
      let listed = ownCue == nil && trailing == true && k < tree.times.count - 1
      // "at 6, 12 and 6": a bare hour the list repeats later is first the morning's.
      let repeated =
        node.value.bare && tree.times[(k + 1)...].contains { $0.value.bare && $0.value.seconds == node.value.seconds }
      let asWritten =
        ownCue == nil
        && (twentyFour || (spoken == nil && node.value.bare && (afternoonListed(node.value.seconds) || repeated)))
      // A group of nights ("every weeknight at 8") speaks of the evening's hours, 5 to 11; a small
      // hour keeps the bare-hour rule.
      let nodeCue = ownCue ?? spoken ?? ((5...11).contains(node.value.seconds / 3600) ? tree.groupCue : nil)
      var seconds = asWritten ? node.value.seconds : clockSeconds(node, cue: nodeCue, listed: listed)
      if let previous = times.last?.secondOfDay, node.value.bare, !asWritten,
        tree.times[k - 1].value.seconds < 13 * 3600, nodeCue == nil,
        seconds % 3600 == 0, seconds <= previous, seconds < 12 * 3600, seconds + 12 * 3600 > previous, seconds >= 3600
      {
        // A list of bare hours runs on through the day: "at 8, 2 and 8" is 08:00, 14:00, 20:00.
        seconds += 12 * 3600
        warn(ParseDiagnostic.bareHourLater(seconds / 3600 - 12, minute: seconds % 3600 / 60, node.range))
      }
      times.append(TimeOfDay(secondOfDay: seconds))
    }
    if times.isEmpty { times = tree.partsOfDay.map { TimeOfDay(secondOfDay: $0.value) } }
    if times.count > 1 { times.sort { $0.secondOfDay < $1.secondOfDay } }
    if let end = tree.timeRangeEnd {
      if draft.frequency.isSubDaily { return resolveWindow(end, cue: cue) }
      warn(ParseDiagnostic.timeRange(end.range))
    }
    let startTime = tree.startTime.map { clockSeconds($0, cue: cue) }
    if case .now? = tree.start?.value, startTime == nil, !draft.frequency.isSubDaily, let s = draft.start {
      draft.start = LocalDateTime(date: s.date, secondOfDay: 0)  // "mondays from now": from today
    }
    if let t = startTime {
      if let s = draft.start {
        draft.start = LocalDateTime(date: s.date, secondOfDay: t)
      } else if draft.frequency.isSubDaily {
        // "every 2 hours starting at 9pm": today at that time.
        draft.start = LocalDateTime(date: now.date, secondOfDay: t)
      }
    }
    if draft.frequency == .hourly, times.count > 1, evenlySpacedOverTheDay(times, hours: draft.interval) {
      // "every 12 hours at 9am and 9pm", "every 8 hours at 6, 14 and 22": those times each day.
      draft.frequency = .daily
      draft.interval = 1
    }
    if draft.frequency.isSubDaily, !times.isEmpty {
      guard times.count == 1, tree.startTime == nil || startTime == times[0].secondOfDay else {
        return fail(
          ParseDiagnostic.unsupported(
            "an hourly rule takes one starting time", tree.times.first?.range ?? tree.partsOfDay[0].range))
      }
      let date = draft.start?.date ?? now.date
      draft.start = LocalDateTime(date: date, secondOfDay: times[0].secondOfDay)
      // "every hour at :30 x5", "… for 3 hours" said at 10:00: counted from 10:30, not from
      // today's 00:30 (the minute of each hour starts the day), in the rule's steps.
      if tree.start == nil, tree.occurrences != nil || tree.end != nil, let s = draft.start, s < now {
        let step = draft.interval * (draft.frequency == .hourly ? 3600 : 60)
        draft.start = LocalDateTime(
          localSeconds: s.localSeconds + (now.localSeconds - s.localSeconds + step - 1) / step * step)
      }
      times = []
    }
    if let t = startTime, !draft.frequency.isSubDaily, tree.times.isEmpty, tree.partsOfDay.count <= 1 {
      // "every morning starting dec 5 at 6:30": the start's time, with the part of the day as its cue.
      times = [TimeOfDay(secondOfDay: t)]
    }
    if !draft.frequency.isSubDaily, let s = draft.start, !times.isEmpty {
      draft.start = LocalDateTime(date: s.date, secondOfDay: 0)
    }
    draft.times = times
    smallHoursAfterNight()
    return true
  }

  /// "every hour at half past until 5", "every 2 hours until 8pm": the minute of each hour (or
  /// the steps from now) until that time today (an hour of 1 to 6 already past is the
  /// afternoon's), not a daily window; beside days, a start, an end or a count it is refused
  /// (write a window), and an end already past or before the first step is QA305.
  mutating func endToday(minute: Int?, _ end: PhraseTree.Node<Int>) -> Bool {
    var stop = end.value == 0 ? 24 * 3600 - 1 : end.value  // "until midnight": the day's last second
    // "until 5", "until 9" said at 10:00: a bare hour already past is the evening's (17:00, 21:00).
    if tree.timeRangeEndBare, stop < 12 * 3600, stop <= now.secondOfDay { stop += 12 * 3600 }
    guard tree.start == nil, tree.end == nil, tree.occurrences == nil, draft.weekdays.isEmpty else {
      return fail(
        ParseDiagnostic.unsupported(
          "an end time alone is today's; with days, a start or an end, give the hours as a window, as in 'every hour from 9 to 5'",
          end.range))
    }
    // Without a minute ("every 2 hours until 8pm") the steps run from now, as the rule's would.
    guard stop > now.secondOfDay else { return fail(ParseDiagnostic.neverDue(end.range)) }  // "until 9am" at 10:00
    let hour = now.secondOfDay / 3600 * 3600
    let first = minute.map { hour + $0 >= now.secondOfDay ? hour + $0 : hour + $0 + 3600 } ?? now.secondOfDay
    guard first <= stop else { return fail(ParseDiagnostic.neverDue(end.range)) }  // "at :45 until 10:40"
    draft.start = LocalDateTime(date: now.date, secondOfDay: first)
    draft.end = .afterDate(LocalDateTime(date: now.date, secondOfDay: stop))
    draft.times = []
    return true
  }

  /// "every friday night at 1am": a weekday's night runs past midnight, so times in its small
  /// hours (before 05:00) fall on the next day; the weekdays move one on, with a warning.
  mutating func smallHoursAfterNight() {
    // Weekend nights are Friday's and Saturday's, already their small hours' days.
    guard let night = tree.partsOfDay.first, tree.partsOfDay.allSatisfy({ $0.value == 22 * 3600 }),
      !tree.times.isEmpty, !draft.times.isEmpty, draft.times.allSatisfy({ $0.secondOfDay < 5 * 3600 }),
      !draft.weekdays.isEmpty, draft.weekdays.allSatisfy({ $0.ordinal == nil }), draft.frequency == .weekly,
      let day = tree.days.first, day.range.upperBound <= night.range.lowerBound,
      !tree.days.contains(where: { $0.value == .weekend })
    else { return }
    let nights = Set(draft.weekdays.map(\.day))
    draft.weekdays = draft.weekdays.map { w in .every(DayOfWeek(rawValue: w.day.rawValue % 7 + 1) ?? .monday) }
      .sorted { $0.day < $1.day }
    // "every friday night at 1am except dec 25": that night's small hours, on the 26th.
    draft.excludedDates = draft.excludedDates.map { nights.contains($0.dayOfWeek) ? $0.adding(days: 1) : $0 }
    warn(ParseDiagnostic.smallHoursAfterNight(SourceRange(day.range.lowerBound, tree.times[0].range.upperBound)))
  }

  /// "every hour from 9am to 5pm", "every 30 minutes from 9 to 10": steps from the window's
  /// start, limited to its hours (`BYHOUR`); an hourly rule keeps the start's minute. The end
  /// is the last step when a step lands on it (17:00 for "to 5pm", 10:00 for "every 30 minutes
  /// from 9 to 10").
  /// A step that does not divide a day is the day's list of times instead, up to the window's end
  /// (when the list fits a rule, and not after completion, which counts from the completion).
  mutating func resolveWindow(_ end: PhraseTree.Node<Int>, cue: Int?) -> Bool {
    guard let from = tree.startTime ?? tree.times.first else { return endToday(minute: nil, end) }
    if tree.startTime == nil, draft.frequency == .hourly, from.value.seconds < 3600 {
      return endToday(minute: from.value.seconds, end)
    }
    var start = clockSeconds(from, cue: cue)
    if tree.startTime != nil, let mark = tree.times.first {
      // "every hour at :30 from 9 to 5": the minute of each hour in the window.
      guard draft.frequency == .hourly, tree.times.count == 1, mark.value.seconds < 3600, start % 3600 == 0 else {
        return fail(
          ParseDiagnostic.unsupported(
            "a window of hours takes at most the minute of each hour, as in 'every hour at :30 from 9 to 5'",
            mark.range))
      }
      start += mark.value.seconds
    }
    var stop = end.value
    // "from 9 to 5": 17:00 ("from 5pm to 9am" runs over midnight).
    if stop <= start, stop < 12 * 3600, tree.timeRangeEndBare, stop + 12 * 3600 > start { stop += 12 * 3600 }
    let everyDay = draft.weekdays.isEmpty && draft.monthDays.isEmpty && draft.positions.isEmpty && draft.dates.isEmpty
    if stop <= start, everyDay {
      stop += 24 * 3600  // "every hour from 10pm to 2am": over midnight, into the next day's hours
    }
    guard stop > start, stop < start + 24 * 3600 else {
      let reason =
        everyDay
        ? "the window ends before it starts"
        : "a window over midnight on given days would run into the next day; end it by midnight, or make a task for the small hours"
      return fail(ParseDiagnostic.unsupported(reason, end.range))
    }
    // The window's own end is its last step when a step lands on it: "from 9am to 5pm" of an
    // hourly rule runs to 17:00 (or on the minute an hourly rule keeps: "from 9:30 to 5:30"
    // runs to 17:30), and "every 30 minutes from 9 to 11" to 11:00.
    let step = draft.interval * (draft.frequency == .hourly ? 3600 : 60)
    let onStep =
      draft.frequency == .hourly ? stop % 3600 == start % 3600 : (stop - start) % step == 0
    var last = onStep ? stop : stop - 1
    // A minutely window is its hours (BYHOUR) only when it starts within one step of its first
    // hour and its last step is the last of its hour ("every 15 minutes from 9:50 to 10:20"
    // would run 9:05 and 10:35 too; "from 9 to 11" would run 11:30).
    let lastStep = RecurrenceRule.lastStep(from: start, through: last, every: step)
    let inexact =
      draft.frequency == .minutely && (start % 3600 >= step || lastStep + step < (lastStep / 3600 + 1) * 3600)
    if 86_400 % step != 0 || inexact, tree.afterCompletion == nil,
      (last - start) / step + 1 <= RecurrenceRule.maxListLength
    {
      // "every 5 hours from 8am to 8pm": steps that do not divide a day would fall at other
      // hours each day (08:00, 13:00, 18:00, then 09:00 …); people mean the same times daily.
      draft.times = Set(stride(from: start, through: last, by: step).map { $0 % 86_400 }).sorted().map {
        TimeOfDay(secondOfDay: $0)
      }
      (draft.frequency, draft.interval) = (draft.weekdays.isEmpty ? .daily : .weekly, 1)
      // A rule with a list of times starts on a date ("starting tomorrow"), as the list's text says.
      if let s = draft.start { draft.start = LocalDateTime(date: s.date, secondOfDay: 0) }
      return true
    }
    // Too many times for a list: the hours, up to the end's ("every 5 minutes from 9 to 5" runs
    // to 16:55, as a rule of hours cannot stop on 17:00).
    if inexact, stop % 3600 == 0 { last = stop - 1 }
    // "every hour from 9:30 to 5": 16:30 is the last; a minutely rule runs to the end's hour.
    let lastHour = draft.frequency == .hourly ? (last - start % 3600) / 3600 : last / 3600
    draft.hours = Array(start / 3600...lastHour).map { $0 % 24 }.sorted()  // over midnight: 22, 23, 0, 1
    if draft.frequency == .hourly { draft.minutes = [start % 3600 / 60] }
    let date = draft.start?.date ?? now.date
    draft.start = LocalDateTime(date: date, secondOfDay: start)
    draft.times = []
    return true
  }

  /// Whether a time written with am, pm or a colon is `seconds` twelve hours on: "at 6 and 6pm"
  /// makes the bare 6 the morning's.
  func afternoonListed(_ seconds: Int) -> Bool {
    tree.times.contains { !$0.value.bare && $0.value.seconds == seconds + 43_200 }
  }

  /// A written time in seconds after midnight: a bare hour takes am or pm from a part of the
  /// day ("every evening at 8" is 20:00) or else the bare-hour rule (1–6 is afternoon, with a
  /// warning; 7–11 is morning; 12 is noon). A `listed` hour (one before the last of a list that
  /// a part of the day follows) that the part of the day cannot hold takes the bare-hour rule
  /// instead ("at 9 and 5 in the afternoon" is 09:00 and 17:00, not 21:00).
  mutating func clockSeconds(_ node: PhraseTree.Node<PhraseTree.Clock>, cue: Int?, listed: Bool = false) -> Int {
    let seconds = node.value.seconds
    guard node.value.bare else { return seconds }
    let hour = seconds / 3600
    if hour == 12, let cue, cue >= 22 * 3600 { return seconds - 12 * 3600 }  // "every night at 12"
    guard (1...11).contains(hour) else { return seconds }
    if let end = tree.timeRangeEnd?.value, end >= 13 * 3600, seconds + 12 * 3600 < end {
      return seconds + 12 * 3600  // "from 7 to 8pm", "between 7 and 9pm": the start is in the end's afternoon
    }
    if let cue, !listed || Self.cueHolds(cue, hour: hour) {
      // Morning (before noon) keeps the hour; afternoon, evening and night move it past noon,
      // except a small hour at night ("every night at 1" is 01:00).
      if cue < 12 * 3600 { return seconds }
      if cue >= 22 * 3600, hour <= 4 { return seconds }
      return seconds + 12 * 3600
    }
    guard hour <= 6 else { return seconds }
    warn(ParseDiagnostic.bareHour(hour, minute: seconds % 3600 / 60, node.range))
    return seconds + 12 * 3600
  }

  /// Whether a part of the day (its time in seconds) can hold a bare hour: the afternoon holds
  /// 1–6 pm, the evening 5–11 pm, the night 7–11 pm and 12–4 am, the morning every hour.
  static func cueHolds(_ cue: Int, hour: Int) -> Bool {
    if cue < 12 * 3600 { return true }
    if cue >= 22 * 3600 { return hour >= 7 || hour <= 4 }
    if cue >= 17 * 3600 { return hour >= 5 }
    return hour <= 6
  }

  /// "N times a period" ("three times a day at 8am, noon and 6pm") with its list of exactly N
  /// times (a day) or days (a week, a month; days or months for a year); else an error that
  /// names the count and the list.
  mutating func resolveTimesPer() -> Bool {
    guard let per = tree.timesPer, let clause = tree.timesPerClause, let unit = tree.unit?.value else { return true }
    let what = unit == .day ? "times" : "days"
    var items = 0
    var list: SourceRange?
    if unit == .day {
      let nodes = tree.times.isEmpty ? tree.partsOfDay.map { $0.range } : tree.times.map { $0.range }
      items = nodes.count
      if let first = nodes.first, let last = nodes.last { list = SourceRange(first.lowerBound, last.upperBound) }
    } else if let first = tree.days.first, let last = tree.days.last {
      for d in tree.days {
        switch d.value {
        case .workdays: items += 5
        case .weekend: items += 2
        default: items += 1
        }
      }
      list = SourceRange(first.range.lowerBound, last.range.upperBound)
    } else if unit == .year, let first = tree.months.first, let last = tree.months.last {
      items = tree.months.count  // "twice a year in january and july"
      list = SourceRange(first.range.lowerBound, last.range.upperBound)
    }
    guard let list, items > 0 else {
      let example =
        switch unit {
        case .day: "twice a day at 8am and 8pm"
        case .month: "twice a month on the 1st and 15th"
        case .year: "twice a year on jan 1 and jul 1"
        default: "twice a week on mon and thu"
        }
      return fail(
        ParseDiagnostic.unsupported(
          "'\(clause.value)' does not say which \(what); write them, as in '\(example)'", per.range))
    }
    guard items == per.value else {
      return fail(
        ParseDiagnostic.unsupported(
          "'\(clause.value)' (at \(clause.range)) needs \(ParseDiagnostic.quantity(per.value)) \(what), and \(items) \(items == 1 ? "is" : "are") given here",
          list))
    }
    return true
  }

  /// Whether a part of the day ending `gap` characters before a time leads it: one space
  /// (`morning 6`) or ` at ` (`evening at 8`) between them, not `, ` or ` and `.
  static func leadsTime(gap: Int) -> Bool { gap == 1 || gap == 4 }

  /// The parts of the day written before a list of bare hours, when there are several ("every
  /// morning and evening at 8"), each giving the hours its half of the day; empty otherwise.
  func partsBeforeBareTimes() -> [Int] {
    guard tree.partsOfDay.count > 1, let first = tree.times.first,
      tree.partsOfDay.allSatisfy({ $0.range.upperBound <= first.range.lowerBound }),
      tree.times.allSatisfy({ $0.value.bare })
    else { return [] }
    return tree.partsOfDay.map(\.value)
  }

  /// Whether `times` (sorted) are `hours` apart all round the clock: an hourly rule's times
  /// that are a daily rule's.
  func evenlySpacedOverTheDay(_ times: [TimeOfDay], hours: Int) -> Bool {
    guard hours > 1, 24 % hours == 0, times.count == 24 / hours, tree.occurrences == nil, tree.end == nil else {
      return false
    }
    let step = hours * 3600
    return times.indices.dropFirst().allSatisfy { times[$0].secondOfDay - times[$0 - 1].secondOfDay == step }
  }
}

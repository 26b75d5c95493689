import RecurrenceCore

extension Resolver {
  /// The times step: written times, read on a 24-hour clock with parts of the day as am/pm
  /// cues and the bare-hour rule; parts of the day alone; the start's time; sub-daily starts.
  mutating func resolveTimes() -> Bool {
    let cue = tree.partsOfDay.first.map(\.value)
    var times: [TimeOfDay] = []
    for node in tree.times {
      times.append(TimeOfDay(secondOfDay: clockSeconds(node, cue: cue)))
    }
    if times.isEmpty { times = tree.partsOfDay.map { TimeOfDay(secondOfDay: $0.value) } }
    if let end = tree.timeRangeEnd {
      guard !draft.frequency.isSubDaily else {
        return fail(
          ParseDiagnostic.unsupported(
            "an hourly rule within a window of the day ('from 9am to 5pm') is not supported; give its start alone",
            end.range))
      }
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
    if draft.frequency.isSubDaily, !times.isEmpty {
      guard times.count == 1, tree.startTime == nil || startTime == times[0].secondOfDay else {
        return fail(
          ParseDiagnostic.unsupported(
            "an hourly rule takes one starting time", tree.times.first?.range ?? tree.partsOfDay[0].range))
      }
      let date = draft.start?.date ?? now.date
      draft.start = LocalDateTime(date: date, secondOfDay: times[0].secondOfDay)
      times = []
    }
    if let t = startTime, !draft.frequency.isSubDaily, times.isEmpty { times = [TimeOfDay(secondOfDay: t)] }
    if !draft.frequency.isSubDaily, let s = draft.start, !times.isEmpty {
      draft.start = LocalDateTime(date: s.date, secondOfDay: 0)
    }
    draft.times = times
    return true
  }

  /// A written time in seconds after midnight: a bare hour takes am or pm from a part of the
  /// day ("every evening at 8" is 20:00) or else the bare-hour rule (1–6 is afternoon, with a
  /// warning; 7–11 is morning; 12 is noon).
  mutating func clockSeconds(_ node: PhraseTree.Node<PhraseTree.Clock>, cue: Int?) -> Int {
    let seconds = node.value.seconds
    guard node.value.bare else { return seconds }
    let hour = seconds / 3600
    if hour == 12, let cue, cue >= 22 * 3600 { return seconds - 12 * 3600 }  // "every night at 12"
    guard (1...11).contains(hour) else { return seconds }
    if let cue {
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
}

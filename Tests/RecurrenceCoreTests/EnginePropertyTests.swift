import RecurrenceCore
import Testing

/// Properties every occurrence sequence must have, over generated rules and zones.
@Suite(.tags(.dst)) struct EnginePropertyTests {
  static let zones = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata"]

  @Test func occurrencesIncreaseAndMatchTheirRule() throws {
    var g = SeededGenerator(seed: 77)
    var checked = 0
    for i in 0..<600 {
      var rule = RandomRules.anyRule(&g)
      rule.anchor = .schedule
      rule.end = .never
      rule.timeZone = nil
      guard rule.validationError == nil else { continue }
      let z = try zone(Self.zones[i % Self.zones.count])
      let start = LocalDateTime(
        year: Int.random(in: 2000...2040, using: &g), month: Int.random(in: 1...12, using: &g),
        day: Int.random(in: 1...28, using: &g), hour: Int.random(in: 0...23, using: &g))
      let from = LocalDateTime(localSeconds: start.localSeconds + Int.random(in: 0...(86_400 * 800), using: &g))
      let got = rule.next(12, from: from, in: z)
      var previous = Int.min
      let fromInstant = z.resolve(from).instant
      for o in got {
        #expect(o.timelineSeconds > previous, "not increasing: \(rule.packed)")
        #expect(o.timelineSeconds >= fromInstant, "before from: \(rule.packed)")
        previous = o.timelineSeconds
        // Months and plain weekdays limit or expand: an occurrence is always in one of them
        // (a pushed-forward time can cross midnight only in a DST gap, not checked here).
        let local = o.local
        // Extra dates are occurrences whatever the lists say.
        if !rule.months.isEmpty, !rule.frequency.isSubDaily, local.secondOfDay > 3 * 3600,
          !rule.extraDates.contains(local)
        {
          #expect(rule.months.contains(local.date.month), "month: \(rule.packed) \(o)")
        }
      }
      // The same query started later must give a suffix of the same answer (jump = walk).
      if got.count > 3 {
        let later = rule.next(got.count - 2, from: got[2].local, in: z)
        #expect(later == Array(got[2...]), "jump differs: \(rule.packed)")
      }
      checked += 1
    }
    #expect(checked > 300)
  }

  @Test func completionMovesForward() {
    var g = SeededGenerator(seed: 78)
    for _ in 0..<400 {
      var rule = RandomRules.anyRule(&g)
      rule.end = .never
      rule.start = nil
      guard rule.validationError == nil, !rule.frequency.isSubDaily else { continue }
      let due = LocalDateTime(year: 2026, month: 6, day: Int.random(in: 1...28, using: &g), hour: 9)
      let lateBy = Int.random(in: -3...40, using: &g)
      let completed = LocalDateTime(date: due.date.adding(days: lateBy), hour: 20)
      guard let next = rule.nextDue(afterCompleting: due, at: completed, in: nil) else { continue }
      if rule.anchor == .afterCompletion {
        // Counted from the completion: at least one period after the completion day, even
        // when that is before the old due date (completed early).
        #expect(next.local.date > completed.date, "\(rule.packed) completed \(completed)")
      } else {
        #expect(next.local > due, "\(rule.packed)")
        if lateBy > 0 { #expect(next.local.date >= completed.date, "\(rule.packed) completed \(completed)") }
      }
    }
  }
}

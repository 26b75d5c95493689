import RecurrenceCore
import Testing

/// Completing an occurrence due at `due` at `completed`, and the next due date expected.
struct CompletionCase: CustomTestStringConvertible, Sendable {
  let name: String
  let rule: RecurrenceRule
  let due: String
  let completed: String
  let expected: String?
  var testDescription: String { name }
}

@Suite struct CompletionTests {
  static let daily9 = R(.daily, times: [TimeOfDay(hour: 9)])
  static let cases: [CompletionCase] = [
    CompletionCase(
      name: "on time steps once", rule: daily9, due: "2026-12-07T09:00", completed: "2026-12-07T09:30",
      expected: "2026-12-08T09:00:00"),
    CompletionCase(
      name: "early steps once from the due date", rule: daily9, due: "2026-12-07T09:00", completed: "2026-12-05T12:00",
      expected: "2026-12-08T09:00:00"),
    CompletionCase(
      name: "late skips occurrences behind the completion day", rule: daily9, due: "2026-12-07T09:00",
      completed: "2026-12-10T10:00", expected: "2026-12-10T09:00:00"),
    CompletionCase(
      name: "late weekly skips to the first on or after the completion day",
      rule: R(.weekly, weekdays: [.every(.monday)], times: [TimeOfDay(hour: 9)]),
      due: "2026-11-30T09:00", completed: "2026-12-15T08:00", expected: "2026-12-21T09:00:00"),
    CompletionCase(
      name: "monthly anchored on the 31st returns to the 31st",
      rule: R(.monthly, start: ldt("2026-01-31T09:00")), due: "2026-02-28T09:00", completed: "2026-02-28T10:00",
      expected: "2026-03-31T09:00:00"),
    CompletionCase(
      name: "every! 3 days steps from the completion day",
      rule: R(.daily, interval: 3, anchor: .afterCompletion, times: [TimeOfDay(hour: 9)]),
      due: "2026-12-07T09:00", completed: "2026-12-10T18:00", expected: "2026-12-13T09:00:00"),
    CompletionCase(
      name: "every! 3 months completed Jan 20 is due Apr 20",
      rule: R(.monthly, interval: 3, anchor: .afterCompletion), due: "2027-01-10T09:00", completed: "2027-01-20T15:00",
      expected: "2027-04-20T09:00:00"),
    CompletionCase(
      name: "every! tue and thu completed on Wednesday is due Thursday",
      rule: R(.weekly, anchor: .afterCompletion, weekdays: [.every(.tuesday), .every(.thursday)]),
      due: "2026-12-01T09:00", completed: "2026-12-02T18:00", expected: "2026-12-03T09:00:00"),
    CompletionCase(
      name: "every! tue and thu completed on Thursday is due Tuesday, not Thursday again",
      rule: R(.weekly, anchor: .afterCompletion, weekdays: [.every(.tuesday), .every(.thursday)]),
      due: "2026-12-03T09:00", completed: "2026-12-03T09:00", expected: "2026-12-08T09:00:00"),
    CompletionCase(
      name: "every! weekday completed on Friday is due Monday",
      rule: R(
        .weekly, anchor: .afterCompletion, weekdays: DayOfWeek.allCases.prefix(5).map { .every($0) },
        times: [TimeOfDay(hour: 8)]),
      due: "2026-12-04T08:00", completed: "2026-12-04T12:00", expected: "2026-12-07T08:00:00"),
    CompletionCase(
      name: "every! other monday is due on the Monday of the week two weeks after the completion's",
      rule: R(.weekly, interval: 2, anchor: .afterCompletion, weekdays: [.every(.monday)]),
      due: "2026-12-07T09:00", completed: "2026-12-09T10:00", expected: "2026-12-21T09:00:00"),
    CompletionCase(
      name: "every! monday completed early is due the Monday after its own due day",
      rule: R(.weekly, anchor: .afterCompletion, weekdays: [.every(.monday)]),
      due: "2026-12-07T09:00", completed: "2026-12-04T10:00", expected: "2026-12-14T09:00:00"),
    CompletionCase(
      name: "every! 2 months on the last friday done in December is due on February's",
      rule: R(.monthly, interval: 2, anchor: .afterCompletion, weekdays: [.nth(-1, .friday)]),
      due: "2026-12-25T09:00", completed: "2026-12-25T12:00", expected: "2027-02-26T09:00:00"),
    CompletionCase(
      name: "every! 2 months on the first monday done on it is due two months on",
      rule: R(.monthly, interval: 2, anchor: .afterCompletion, weekdays: [.nth(1, .monday)]),
      due: "2027-03-01T09:00", completed: "2027-03-01T12:00", expected: "2027-05-03T09:00:00"),
    CompletionCase(
      name: "every! 2 weeks on mon and wed goes on to Wednesday in the due week",
      rule: R(.weekly, interval: 2, anchor: .afterCompletion, weekdays: [.every(.monday), .every(.wednesday)]),
      due: "2026-12-07T09:00", completed: "2026-12-07T12:00", expected: "2026-12-09T09:00:00"),
    CompletionCase(
      name: "every! 2 weeks on mon and wed starts again two weeks after the Wednesday",
      rule: R(.weekly, interval: 2, anchor: .afterCompletion, weekdays: [.every(.monday), .every(.wednesday)]),
      due: "2026-12-09T09:00", completed: "2026-12-09T12:00", expected: "2026-12-21T09:00:00"),
    CompletionCase(
      name: "every! 2 months on the 1st and 15th reaches the 15th",
      rule: R(.monthly, interval: 2, anchor: .afterCompletion, daysOfTheMonth: [1, 15]),
      due: "2026-12-01T09:00", completed: "2026-12-01T12:00", expected: "2026-12-15T09:00:00"),
    CompletionCase(
      name: "every! year on the 100th day is due on next year's 100th day",
      rule: R(.yearly, anchor: .afterCompletion, daysOfTheYear: [100]),
      due: "2027-04-10T09:00", completed: "2027-04-10T12:00", expected: "2028-04-09T09:00:00"),
    CompletionCase(
      name: "every! month on the 1st and 15th keeps both days",
      rule: R(.monthly, anchor: .afterCompletion, daysOfTheMonth: [1, 15]),
      due: "2026-12-15T09:00", completed: "2026-12-15T17:00", expected: "2027-01-01T09:00:00"),
    CompletionCase(
      name: "every! 12 hours counts elapsed time from completion",
      rule: R(.hourly, interval: 12, anchor: .afterCompletion), due: "2026-12-07T09:00", completed: "2026-12-07T10:15",
      expected: "2026-12-07T22:15:00"),
    CompletionCase(
      name: "every! hour pinned to :00 steps from the completion's hour",
      rule: R(.hourly, anchor: .afterCompletion, minutes: [0]), due: "2026-12-07T10:00",
      completed: "2026-12-07T10:20", expected: "2026-12-07T11:00:00"),
    CompletionCase(
      name: "every! hour from 9 to 5 done at 16:30 is due at 17:00",
      rule: R(.hourly, anchor: .afterCompletion, hours: Array(9...17), minutes: [0]), due: "2026-12-07T16:00",
      completed: "2026-12-07T16:30", expected: "2026-12-07T17:00:00"),
    CompletionCase(
      name: "every! 2 hours at :00 and :30 done at 10:45 is due at 12:00",
      rule: R(.hourly, interval: 2, anchor: .afterCompletion, minutes: [0, 30]), due: "2026-12-07T10:30",
      completed: "2026-12-07T10:45", expected: "2026-12-07T12:00:00"),
    CompletionCase(
      name: "a count-limited rule ends",
      rule: R(.daily, start: ldt("2026-12-01T09:00"), end: .afterOccurrences(2)), due: "2026-12-02T09:00",
      completed: "2026-12-02T09:00", expected: nil),
  ]

  @Test(arguments: cases)
  func nextDue(_ c: CompletionCase) {
    let next = c.rule.nextDue(afterCompleting: ldt(c.due), at: ldt(c.completed), in: nil)
    #expect(next?.iso8601 == c.expected)
  }

  @Test(.tags(.dst)) func afterCompletionHourlyInARepeatedHourStepsPastTheCompletion() throws {
    // Berlin falls back at 03:00 CEST to 02:00 CET: 02:20 is first 02:20+02:00 (the earlier).
    let rule = R(.hourly, anchor: .afterCompletion, minutes: [0])
    let berlin = try zone("Europe/Berlin")
    let next = rule.nextDue(afterCompleting: ldt("2026-10-25T02:00"), at: ldt("2026-10-25T02:20"), in: berlin)
    #expect(next?.iso8601 == "2026-10-25T02:00:00+01:00")
    let before = rule.nextDue(afterCompleting: ldt("2026-10-25T01:00"), at: ldt("2026-10-25T01:50"), in: berlin)
    #expect(before?.iso8601 == "2026-10-25T02:00:00+02:00")
  }

  @Test func aCountedAfterCompletionRuleCountsDownToItsEnd() throws {
    // "every! 3 days 3 times": three due dates in all, whenever each is completed.
    var rule = R(.daily, interval: 3, anchor: .afterCompletion, times: [TimeOfDay(hour: 9)], end: .afterOccurrences(3))
    let first = try #require(rule.firstDue(from: ldt("2026-12-07T10:00"), in: nil))
    #expect(first.iso8601 == "2026-12-10T09:00:00")
    var due = first.local
    var dues: [String] = [first.iso8601]
    for late in [1, 4, 0] {
      let done = LocalDateTime(date: due.date.adding(days: late), secondOfDay: 12 * 3600)
      guard let step = rule.successor(afterCompleting: due, at: done, in: nil) else { break }
      dues.append(step.next.iso8601)
      #expect(step.rule.end != rule.end)
      rule = step.rule
      due = step.next.local
    }
    // Done a day late (11th), then four days late (18th): the third is the last.
    #expect(dues == ["2026-12-10T09:00:00", "2026-12-14T09:00:00", "2026-12-21T09:00:00"])
    #expect(rule.end == .afterOccurrences(1))
    #expect(rule.nextDue(afterCompleting: due, at: due, in: nil) == nil)
    // Chained on time from the reference: the count is the length of the chain.
    let fresh = R(.daily, interval: 3, anchor: .afterCompletion, end: .afterOccurrences(4))
    #expect(fresh.completionChain(from: ldt("2026-12-07T00:00"), count: 10, in: nil).count == 4)
  }

  @Test func aScheduleRuleIsKeptAsItIs() throws {
    let rule = R(.daily, start: ldt("2026-12-01T09:00"), end: .afterOccurrences(5))
    let step = try #require(
      rule.successor(afterCompleting: ldt("2026-12-01T09:00"), at: ldt("2026-12-01T09:00"), in: nil))
    #expect(step.rule == rule)
    #expect(step.next.iso8601 == "2026-12-02T09:00:00")
  }

  @Test(.tags(.dst)) func afterCompletionKeepsWallClockAcrossDST() throws {
    let rule = R(.daily, anchor: .afterCompletion, times: [TimeOfDay(hour: 9)])
    let next = rule.nextDue(
      afterCompleting: ldt("2026-03-07T09:00"), at: ldt("2026-03-07T20:00"), in: try zone("America/New_York"))
    #expect(next?.iso8601 == "2026-03-08T09:00:00-04:00")
  }
}

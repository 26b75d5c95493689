import RecurrenceCore
import Testing

/// Hours and minutes in hourly and minutely rules: limits, the hourly minute expansion, and the
/// DST worked examples of `RecurrenceRule.hours`.
@Suite struct SubDailyTests {
  static let cases: [EngineCase] = [
    EngineCase(
      name: "every hour at half past",
      rule: R(.hourly, minutes: [30]), from: "2026-01-05T09:10", tz: "UTC",
      expected: ["2026-01-05T09:30:00+00:00", "2026-01-05T10:30:00+00:00", "2026-01-05T11:30:00+00:00"]),
    EngineCase(
      name: "every 2 hours on the hour and half hour, from 09:10",
      rule: R(.hourly, interval: 2, minutes: [0, 30]), from: "2026-01-05T09:10", tz: nil,
      expected: ["2026-01-05T09:30:00", "2026-01-05T11:00:00", "2026-01-05T11:30:00", "2026-01-05T13:00:00"]),
    EngineCase(
      name: "every 7 minutes in the first minutes of 9 and 10 o'clock",
      rule: R(.minutely, interval: 7, hours: [9, 10], minutes: Array(0...6)), from: "2026-01-05T09:10", tz: nil,
      expected: ["2026-01-05T10:06:00", "2026-01-06T09:05:00", "2026-01-06T10:01:00", "2026-01-07T09:00:00"]),
    EngineCase(
      name: "hourly at 9 and 17 on Mondays",
      rule: R(.hourly, weekdays: [.every(.monday)], hours: [9, 17]), from: "2026-01-05T09:10", tz: nil,
      expected: ["2026-01-05T09:10:00", "2026-01-05T17:10:00", "2026-01-12T09:10:00"]),
    EngineCase(
      name: "New York spring forward: no 02:00 that day, so 01:00 and 03:00",
      rule: R(.hourly, hours: [1, 2, 3]), from: "2026-03-08T00:00", tz: "America/New_York",
      expected: ["2026-03-08T01:00:00-05:00", "2026-03-08T03:00:00-04:00", "2026-03-09T01:00:00-04:00"]),
    EngineCase(
      name: "New York fall back: the repeated 01:00 occurs twice",
      rule: R(.hourly, hours: [1, 2, 3]), from: "2026-11-01T00:00", tz: "America/New_York",
      expected: [
        "2026-11-01T01:00:00-04:00", "2026-11-01T01:00:00-05:00", "2026-11-01T02:00:00-05:00",
        "2026-11-01T03:00:00-05:00", "2026-11-02T01:00:00-05:00",
      ]),
    EngineCase(
      name: "London spring forward: 01:00 does not exist on 2026-03-29",
      rule: R(.hourly, hours: [1]), from: "2026-03-29T00:00", tz: "Europe/London",
      expected: ["2026-03-30T01:00:00+01:00", "2026-03-31T01:00:00+01:00"]),
    EngineCase(
      name: "London fall back: 01:00 BST and 01:00 GMT both occur",
      rule: R(.hourly, hours: [1]), from: "2026-10-25T00:00", tz: "Europe/London",
      expected: ["2026-10-25T01:00:00+01:00", "2026-10-25T01:00:00+00:00", "2026-10-26T01:00:00+00:00"]),
  ]

  @Test(arguments: cases)
  func occurrences(_ c: EngineCase) throws {
    #expect(try nextStrings(c.rule, from: c.from, tz: c.tz, count: c.expected.count) == c.expected)
  }

  @Test func hoursAndMinutesAreForSubDailyRules() {
    #expect(R(.daily, hours: [9]).validationError == .hoursNeedSubDaily(.daily))
    #expect(R(.hourly, hours: [24]).validationError == .hourOrMinuteOutOfRange("hour", 24))
    #expect(R(.minutely, minutes: [60]).validationError == .hourOrMinuteOutOfRange("minute", 60))
    #expect(R(.minutely, hours: [0, 23], minutes: [0, 59]).validationError == nil)
  }

  @Test(arguments: [
    ("FREQ=HOURLY;BYMINUTE=30", "R1;FREQ=HOURLY;BYMINUTE=30"),
    (
      "FREQ=MINUTELY;INTERVAL=15;BYHOUR=9,17;BYDAY=MO",
      "R1;FREQ=MINUTELY;INTERVAL=15;BYDAY=MO;BYHOUR=9/17"
    ),
  ])
  func roundTripsThroughRRuleAndPackedText(_ pair: (String, String)) throws {
    let rule = try RRule.parse(pair.0)
    #expect(rule.packed == pair.1)
    #expect(try PackedRule.decode(pair.1) == rule)
    #expect(try RRule.parse(try rule.rrule()) == rule)
  }
}

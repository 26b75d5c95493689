import Foundation
import RecurrenceCore
import Testing

/// A rule, where to look from, and the occurrences expected.
struct EngineCase: CustomTestStringConvertible, Sendable {
  let name: String
  let rule: RecurrenceRule
  let from: String
  let tz: String?
  let expected: [String]
  var testDescription: String { name }
}

typealias R = RecurrenceRule

@Suite struct EngineTests {
  static let cases: [EngineCase] = [
    EngineCase(
      name: "daily at 09:00 keeps wall-clock time across spring forward",
      rule: R(.daily, times: [TimeOfDay(hour: 9)]), from: "2026-03-07", tz: "America/New_York",
      expected: ["2026-03-07T09:00:00-05:00", "2026-03-08T09:00:00-04:00", "2026-03-09T09:00:00-04:00"]),
    EngineCase(
      name: "daily at 02:30 is pushed forward on the gap day, never skipped",
      rule: R(.daily, times: [TimeOfDay(hour: 2, minute: 30)]), from: "2026-03-07", tz: "America/New_York",
      expected: ["2026-03-07T02:30:00-05:00", "2026-03-08T03:30:00-04:00", "2026-03-09T02:30:00-04:00"]),
    EngineCase(
      name: "daily at 01:30 takes the earlier instant on the fall-back day",
      rule: R(.daily, times: [TimeOfDay(hour: 1, minute: 30)]), from: "2026-10-31", tz: "America/New_York",
      expected: ["2026-10-31T01:30:00-04:00", "2026-11-01T01:30:00-04:00", "2026-11-02T01:30:00-05:00"]),
    EngineCase(
      name: "London daily at 01:30 across both changes",
      rule: R(.daily, times: [TimeOfDay(hour: 1, minute: 30)]), from: "2026-03-28", tz: "Europe/London",
      expected: ["2026-03-28T01:30:00+00:00", "2026-03-29T02:30:00+01:00", "2026-03-30T01:30:00+01:00"]),
    EngineCase(
      name: "London weekly Sunday 01:30 on the fall-back day",
      rule: R(.weekly, weekdays: [.every(.sunday)], times: [TimeOfDay(hour: 1, minute: 30)]),
      from: "2026-10-20", tz: "Europe/London",
      expected: ["2026-10-25T01:30:00+01:00", "2026-11-01T01:30:00+00:00"]),
    EngineCase(
      name: "every 12 hours is elapsed time across a DST change",
      rule: R(.hourly, interval: 12), from: "2026-03-07T21:00", tz: "America/New_York",
      expected: ["2026-03-07T21:00:00-05:00", "2026-03-08T10:00:00-04:00", "2026-03-08T22:00:00-04:00"]),
    EngineCase(
      name: "Lord Howe daily 02:15 in the 30-minute gap",
      rule: R(.daily, times: [TimeOfDay(hour: 2, minute: 15)]), from: "2026-10-03", tz: "Australia/Lord_Howe",
      expected: ["2026-10-03T02:15:00+10:30", "2026-10-04T02:45:00+11:00", "2026-10-05T02:15:00+11:00"]),
    EngineCase(
      name: "Apia daily 09:00 across the skipped day",
      rule: R(.daily, times: [TimeOfDay(hour: 9)]), from: "2011-12-29", tz: "Pacific/Apia",
      expected: ["2011-12-29T09:00:00-10:00", "2011-12-31T09:00:00+14:00", "2012-01-01T09:00:00+14:00"]),
    EngineCase(
      name: "weekly Mon/Wed/Fri at 09:00",
      rule: R(.weekly, weekdays: [.every(.monday), .every(.wednesday), .every(.friday)], times: [TimeOfDay(hour: 9)]),
      from: "2026-11-30T10:00", tz: "America/New_York",
      expected: ["2026-12-02T09:00:00-05:00", "2026-12-04T09:00:00-05:00", "2026-12-07T09:00:00-05:00"]),
    EngineCase(
      name: "monthly from Jan 31 is anchored: Feb 28, Mar 31, Apr 30",
      rule: R(.monthly, start: ldt("2026-01-31T09:00")), from: "2026-01-01", tz: nil,
      expected: ["2026-01-31T09:00:00", "2026-02-28T09:00:00", "2026-03-31T09:00:00", "2026-04-30T09:00:00"]),
    EngineCase(
      name: "every 31st clamps to the last day",
      rule: R(.monthly, daysOfTheMonth: [31], times: [TimeOfDay(hour: 9)]), from: "2027-01-15", tz: "America/New_York",
      expected: [
        "2027-01-31T09:00:00-05:00", "2027-02-28T09:00:00-05:00", "2027-03-31T09:00:00-04:00",
        "2027-04-30T09:00:00-04:00",
      ]),
    EngineCase(
      name: "every 31st under RFC semantics skips short months",
      rule: R(.monthly, daysOfTheMonth: [31], times: [TimeOfDay(hour: 9)], monthDayPolicy: .skip),
      from: "2027-01-15", tz: nil,
      expected: ["2027-01-31T09:00:00", "2027-03-31T09:00:00", "2027-05-31T09:00:00"]),
    EngineCase(
      name: "last weekday of the month",
      rule: R(.monthly, weekdays: DayOfWeek.allCases.prefix(5).map { .every($0) }, setPositions: [-1]),
      from: "2026-11-30T10:00", tz: "America/New_York",
      expected: [
        "2026-11-30T10:00:00-05:00", "2026-12-31T10:00:00-05:00", "2027-01-29T10:00:00-05:00",
        "2027-02-26T10:00:00-05:00",
      ]),
    EngineCase(
      name: "15th workday and last workday",
      rule: R(.monthly, weekdays: DayOfWeek.allCases.prefix(5).map { .every($0) }, setPositions: [15, -1]),
      from: "2026-12-01", tz: nil,
      expected: ["2026-12-21T00:00:00", "2026-12-31T00:00:00", "2027-01-21T00:00:00", "2027-01-29T00:00:00"]),
    EngineCase(
      name: "3rd friday and last friday",
      rule: R(.monthly, weekdays: [.nth(3, .friday), .nth(-1, .friday)]), from: "2026-12-01", tz: nil,
      expected: ["2026-12-18T00:00:00", "2026-12-25T00:00:00", "2027-01-15T00:00:00", "2027-01-29T00:00:00"]),
    EngineCase(
      name: "every last day of the month",
      rule: R(.monthly, daysOfTheMonth: [-1]), from: "2027-01-05", tz: nil,
      expected: ["2027-01-31T00:00:00", "2027-02-28T00:00:00", "2027-03-31T00:00:00"]),
    EngineCase(
      name: "yearly Feb 29 clamps to Feb 28 in common years",
      rule: R(.yearly, start: ldt("2028-02-29T08:00")), from: "2028-01-01", tz: nil,
      expected: [
        "2028-02-29T08:00:00", "2029-02-28T08:00:00", "2030-02-28T08:00:00", "2031-02-28T08:00:00",
        "2032-02-29T08:00:00",
      ]),
    EngineCase(
      name: "every 3 days",
      rule: R(.daily, interval: 3, times: [TimeOfDay(hour: 9)]), from: "2026-11-30", tz: "America/New_York",
      expected: ["2026-11-30T09:00:00-05:00", "2026-12-03T09:00:00-05:00", "2026-12-06T09:00:00-05:00"]),
    EngineCase(
      name: "every other week on Tuesday and Thursday at 07:30",
      rule: R(
        .weekly, interval: 2, weekdays: [.every(.tuesday), .every(.thursday)], times: [TimeOfDay(hour: 7, minute: 30)]),
      from: "2026-11-30", tz: nil,
      expected: ["2026-12-01T07:30:00", "2026-12-03T07:30:00", "2026-12-15T07:30:00", "2026-12-17T07:30:00"]),
    EngineCase(
      name: "several times a day",
      rule: R(.daily, times: [TimeOfDay(hour: 17), TimeOfDay(hour: 9)]), from: "2026-11-30T10:00", tz: nil,
      expected: ["2026-11-30T17:00:00", "2026-12-01T09:00:00", "2026-12-01T17:00:00"]),
    EngineCase(
      name: "count includes the first occurrence and counts from the start",
      rule: R(.daily, start: ldt("2026-12-01T09:00"), end: .afterOccurrences(3)), from: "2026-12-02", tz: nil,
      expected: ["2026-12-02T09:00:00", "2026-12-03T09:00:00"]),
    EngineCase(
      name: "until is inclusive",
      rule: R(.daily, start: ldt("2026-12-01T09:00"), end: .afterDate(ldt("2026-12-03T09:00"))), from: "2026-12-01",
      tz: nil,
      expected: ["2026-12-01T09:00:00", "2026-12-02T09:00:00", "2026-12-03T09:00:00"]),
    EngineCase(
      name: "quarterly on the first monday",
      rule: R(.monthly, interval: 3, weekdays: [.nth(1, .monday)], start: ldt("2027-01-01T09:00")), from: "2027-01-01",
      tz: nil,
      expected: ["2027-01-04T09:00:00", "2027-04-05T09:00:00", "2027-07-05T09:00:00"]),
    EngineCase(
      name: "yearly on Jan 14 and Apr 14",
      rule: R(.yearly, daysOfTheMonth: [14], months: [1, 4]), from: "2026-12-01", tz: nil,
      expected: ["2027-01-14T00:00:00", "2027-04-14T00:00:00", "2028-01-14T00:00:00"]),
    EngineCase(
      name: "Feb 30 never occurs",
      rule: R(.yearly, daysOfTheMonth: [30], months: [2]), from: "2026-01-01", tz: nil, expected: []),
    EngineCase(
      name: "Feb 30 never occurs under RFC semantics either",
      rule: R(.yearly, daysOfTheMonth: [30], months: [2], monthDayPolicy: .skip), from: "2026-01-01", tz: nil,
      expected: []),
    EngineCase(
      name: "a fifth Monday of February in years that are never leap years",
      rule: R(.yearly, interval: 4, weekdays: [.nth(5, .monday)], months: [2], start: ldt("2025-01-01")),
      from: "2025-01-01", tz: nil, expected: []),
    EngineCase(
      name: "an end before the start",
      rule: R(.daily, start: ldt("2026-12-01"), end: .afterDate(ldt("2026-11-01"))), from: "2026-11-01", tz: nil,
      expected: []),
    EngineCase(
      name: "daily limited to an impossible date",
      rule: R(.daily, daysOfTheMonth: [31], months: [4], monthDayPolicy: .skip), from: "2026-01-01", tz: nil,
      expected: []),
  ]

  @Test(arguments: cases)
  func occurrences(_ c: EngineCase) throws {
    let got = try nextStrings(c.rule, from: c.from, tz: c.tz, count: c.expected.isEmpty ? 3 : c.expected.count)
    #expect(got == c.expected)
  }

  @Test func farFromTheAnchorEqualsWalking() throws {
    let z = try zone("America/New_York")
    let rules: [R] = [
      R(.daily, interval: 3, times: [TimeOfDay(hour: 9)]),
      R(.weekly, interval: 2, weekdays: [.every(.monday), .every(.friday)]),
      R(.monthly, daysOfTheMonth: [31]),
      R(.monthly, weekdays: [.nth(-1, .friday)]),
      R(.yearly, daysOfTheMonth: [29], months: [2]),
      R(.hourly, interval: 7),
    ]
    let start = ldt("2024-11-30T09:00")
    let from = ldt("2026-11-30T10:00")
    for rule in rules {
      var walked = rule.occurrences(start: start, in: z)
      var expected: [Occurrence] = []
      while expected.count < 5, let o = walked.next() {
        if o.local >= from || (o.date.map { $0 >= (z.resolve(from).instant).asDate } ?? false) { expected.append(o) }
      }
      var jumped = rule.occurrences(start: start, in: z, from: from)
      var got: [Occurrence] = []
      while got.count < 5, let o = jumped.next() { got.append(o) }
      #expect(got == expected, "\(rule)")
    }
  }

  @Test func invalidRulesYieldNothing() {
    let rule = R(.daily, interval: 0)
    #expect(rule.validationError == .intervalOutOfRange(0))
    #expect(rule.next(3, from: ldt("2026-01-01"), in: nil).isEmpty)
    #expect(R(.weekly, weekdays: [.nth(2, .monday)]).validationError == .ordinalWeekdayNeedsMonthOrYear(.weekly))
    #expect(R(.hourly, times: [TimeOfDay(hour: 9)]).validationError == .subDailyFieldNotAllowed("times of day"))
    #expect(R(.monthly, daysOfTheMonth: [32]).validationError == .dayOfMonthOutOfRange(32))
    #expect(R(.daily, end: .afterOccurrences(0)).validationError == .countOutOfRange(0))
  }

  @Test func listsAreNormalised() {
    var a = R(.weekly, weekdays: [.every(.friday), .every(.monday), .every(.friday)])
    let b = R(.weekly, weekdays: [.every(.monday), .every(.friday)])
    #expect(a == b)
    a.daysOfTheMonth = [15, 1, 15]
    #expect(a.daysOfTheMonth == [1, 15])
  }
}

extension Int {
  var asDate: Date { Date(timeIntervalSince1970: Double(self)) }
}

@Suite struct ModelCodingTests {
  @Test func jsonRoundTrips() throws {
    let rule = RecurrenceRule(
      .monthly, interval: 2, anchor: .afterCompletion, weekdays: [.nth(-1, .friday)], times: [TimeOfDay(hour: 9)],
      start: ldt("2026-01-31T09:00"), end: .afterDate(ldt("2027-01-01")), timeZone: "Europe/London")
    let data = try JSONEncoder().encode(rule)
    #expect(try JSONDecoder().decode(RecurrenceRule.self, from: data) == rule)
  }

  @Test func legacyKeepMissedKeyIsIgnored() throws {
    let rule = RecurrenceRule(.daily, times: [TimeOfDay(hour: 9)])
    let data = try JSONEncoder().encode(rule)
    var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    object["keepMissed"] = true
    let legacy = try JSONSerialization.data(withJSONObject: object)
    #expect(try JSONDecoder().decode(RecurrenceRule.self, from: legacy) == rule)
  }
}

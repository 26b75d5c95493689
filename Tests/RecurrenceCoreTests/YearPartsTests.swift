import Foundation
import RecurrenceCore
import Testing

/// Weeks of the year (BYWEEKNO) and days of the year (BYYEARDAY): expansion, limits, edge
/// weeks, validation and round trips. dateutil fixtures cover random combinations; these cases
/// pin the edges by hand.
@Suite struct YearPartsTests {
  static let cases: [EngineCase] = [
    EngineCase(
      name: "ISO week 1 of 2026 starts on 2025-12-29: the year keeps January 1…4",
      rule: R(.yearly, weeks: [1]), from: "2026-01-01", tz: nil,
      expected: ["2026-01-01T00:00:00", "2026-01-02T00:00:00", "2026-01-03T00:00:00", "2026-01-04T00:00:00"]),
    EngineCase(
      name: "week 53 of 2026 runs into 2027; 2027 has no week 53 of its own",
      rule: R(.yearly, weekdays: [.every(.monday), .every(.sunday)], weeks: [53]), from: "2026-01-01", tz: nil,
      expected: ["2026-12-28T00:00:00", "2027-01-03T00:00:00", "2032-12-27T00:00:00", "2033-01-02T00:00:00"]),
    EngineCase(
      name: "the last week of the year, -1, is week 53 in 2026 and week 52 in 2027",
      rule: R(.yearly, weekdays: [.every(.thursday)], weeks: [-1]), from: "2026-01-01", tz: nil,
      expected: ["2026-12-31T00:00:00", "2027-12-30T00:00:00", "2028-12-28T00:00:00"]),
    EngineCase(
      // 2031-12-29 and 30 are in week 1 of 2032, which has 53 weeks: week -53 (dateutil
      // misses these; it checks only week 1 of the next week-year).
      name: "week -53 of the next week-year reaches back into December",
      rule: R(.yearly, weekdays: [.every(.monday), .every(.tuesday)], weeks: [-53]), from: "2031-01-01", tz: nil,
      expected: ["2031-12-29T00:00:00", "2031-12-30T00:00:00", "2036-12-29T00:00:00"]),
    EngineCase(
      name: "week 20 on Monday with a Sunday week start (2026 week 1 begins Sunday January 4th)",
      rule: R(.yearly, weekdays: [.every(.monday)], weeks: [20], weekStart: .sunday), from: "2026-01-01", tz: nil,
      expected: ["2026-05-18T00:00:00", "2027-05-17T00:00:00", "2028-05-15T00:00:00"]),
    EngineCase(
      name: "the 100th day of the year and the last, leap years included",
      rule: R(.yearly, daysOfTheYear: [100, -1]), from: "2027-01-01", tz: nil,
      expected: ["2027-04-10T00:00:00", "2027-12-31T00:00:00", "2028-04-09T00:00:00", "2028-12-31T00:00:00"]),
    EngineCase(
      name: "day 366 occurs only in leap years",
      rule: R(.yearly, daysOfTheYear: [366]), from: "2026-01-01", tz: nil,
      expected: ["2028-12-31T00:00:00", "2032-12-31T00:00:00"]),
    EngineCase(
      name: "days of the year limit a daily rule",
      rule: R(.daily, daysOfTheYear: [1, -1], times: [TimeOfDay(hour: 9)]), from: "2026-06-01", tz: "Europe/London",
      expected: ["2026-12-31T09:00:00+00:00", "2027-01-01T09:00:00+00:00", "2027-12-31T09:00:00+00:00"]),
    EngineCase(
      name: "days of the year limit a monthly rule and replace its implied day",
      rule: R(.monthly, daysOfTheYear: [100]), from: "2028-01-15", tz: nil,
      expected: ["2028-04-09T00:00:00", "2029-04-10T00:00:00"]),
    EngineCase(
      name: "days of the year limit a weekly rule on Fridays",
      rule: R(.weekly, weekdays: [.every(.friday)], daysOfTheYear: [-1, -2, -3, -4, -5, -6, -7]),
      from: "2026-01-01", tz: nil, expected: ["2026-12-25T00:00:00", "2027-12-31T00:00:00"]),
    // The two defects: an ordinal weekday with days of the month and no month counts in the year.
    EngineCase(
      name: "the 20th Monday of the year when it is a 17th",
      rule: R(.yearly, weekdays: [.nth(20, .monday)], daysOfTheMonth: [17], monthDayPolicy: .skip),
      from: "2020-01-01T09:00", tz: nil,
      expected: ["2021-05-17T09:00:00", "2027-05-17T09:00:00", "2032-05-17T09:00:00"]),
    EngineCase(
      name: "the 3rd Sunday of the year when it is an 18th",
      rule: R(.yearly, weekdays: [.nth(3, .sunday)], daysOfTheMonth: [18], monthDayPolicy: .skip),
      from: "2020-01-01T09:00", tz: nil,
      expected: ["2026-01-18T09:00:00", "2032-01-18T09:00:00", "2037-01-18T09:00:00"]),
    EngineCase(
      name: "with a month named, the ordinal counts in the month",
      rule: R(.yearly, weekdays: [.nth(3, .sunday)], daysOfTheMonth: [18], months: [1, 3]), from: "2020-01-01T09:00",
      tz: nil,
      expected: ["2026-01-18T09:00:00", "2029-03-18T09:00:00", "2032-01-18T09:00:00"]),
  ]

  @Test(arguments: cases)
  func occurrences(_ c: EngineCase) throws {
    let got = try nextStrings(c.rule, from: c.from, tz: c.tz, count: c.expected.count + 1)
    #expect(Array(got.prefix(c.expected.count)) == c.expected)
  }

  @Test func validation() {
    #expect(R(.yearly, weeks: [54]).validationError == .weekOutOfRange(54))
    #expect(R(.yearly, weeks: [0]).validationError == .weekOutOfRange(0))
    #expect(R(.yearly, daysOfTheYear: [-367]).validationError == .dayOfYearOutOfRange(-367))
    #expect(R(.monthly, weeks: [1]).validationError == .weeksNeedYearly(.monthly))
    #expect(R(.yearly, weekdays: [.nth(1, .monday)], weeks: [1]).validationError == .ordinalWeekdayWithWeeks)
    #expect(
      R(.yearly, weeks: Array(1...53) + Array(-53 ... -1)).validationError == .listTooLong("weeks of the year", 106))
    #expect(R(.yearly, weeks: [-53, 53], daysOfTheYear: [366, -366]).validationError == nil)
  }

  @Test func listsAreSortedAndStoredOnlyWhenPresent() {
    var rule = R(.yearly, weeks: [20, -1, 20], daysOfTheYear: [5, 1])
    #expect(rule.weeks == [-1, 20])
    #expect(rule.daysOfTheYear == [1, 5])
    rule.weeks = []
    rule.daysOfTheYear = []
    #expect(rule == R(.yearly))
  }

  @Test(arguments: [
    ("FREQ=YEARLY;BYWEEKNO=20,-1;BYDAY=MO", "R1;FREQ=YEARLY;BYDAY=MO;BYWEEKNO=-1/20"),
    ("FREQ=YEARLY;BYYEARDAY=-1,100", "R1;FREQ=YEARLY;BYYEARDAY=-1/100;MONTHEND=SKIP"),
    ("FREQ=DAILY;BYYEARDAY=1;WKST=SU", "R1;FREQ=DAILY;BYYEARDAY=1;WKST=SU"),
  ])
  func roundTripsThroughRRuleAndPackedText(_ pair: (String, String)) throws {
    let rule = try RRule.parse(pair.0)
    #expect(rule.packed == pair.1)
    #expect(try PackedRule.decode(pair.1) == rule)
    #expect(try RRule.parse(try rule.rrule()) == rule)
  }

  @Test func packedTextRejectsOutOfRangeWeeks() {
    #expect(throws: Diagnostic.self) { try PackedRule.decode("R1;FREQ=YEARLY;BYWEEKNO=54") }
    #expect(throws: Diagnostic.self) { try PackedRule.decode("R1;FREQ=DAILY;BYWEEKNO=5") }
    #expect(throws: Diagnostic.self) { try PackedRule.decode("R1;FREQ=YEARLY;BYYEARDAY=0") }
  }

  @Test func jsonCarriesTheNewListsOnlyWhenPresent() throws {
    let rule = R(.yearly, weeks: [1], daysOfTheYear: [-1])
    #expect(try JSONDecoder().decode(R.self, from: JSONEncoder().encode(rule)) == rule)
    let plain = String(decoding: try JSONEncoder().encode(R(.daily)), as: UTF8.self)
    #expect(!plain.contains("weeks") && !plain.contains("daysOfTheYear"))
  }
}

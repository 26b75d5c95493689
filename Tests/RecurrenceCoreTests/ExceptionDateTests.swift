import Foundation
import RecurrenceCore
import Testing

/// Excluded dates (EXDATE) and extra dates (RDATE): the engine's merge, counts, DST, the packed
/// codec and iCalendar export.
@Suite struct ExceptionDateTests {
  static let daily9 = R(
    .daily, times: [TimeOfDay(hour: 9)], start: ldt("2026-12-23T09:00"), timeZone: nil,
    excludedDates: [ldt("2026-12-25T09:00"), ldt("2026-12-24T09:00")], extraDates: [ldt("2026-12-24T18:30")])

  static let cases: [EngineCase] = [
    EngineCase(
      name: "excluded dates are skipped; extra dates are merged in order",
      rule: daily9, from: "2026-12-23", tz: "Europe/London",
      expected: [
        "2026-12-23T09:00:00+00:00", "2026-12-24T18:30:00+00:00", "2026-12-26T09:00:00+00:00",
        "2026-12-27T09:00:00+00:00",
      ]),
    EngineCase(
      name: "a count counts excluded occurrences too, and not the extra ones",
      rule: R(
        .weekly, start: ldt("2026-12-07T10:00"), end: .afterOccurrences(3), timeZone: nil,
        excludedDates: [ldt("2026-12-14T10:00")],
        extraDates: [ldt("2027-03-01T10:00")]),
      from: "2026-12-01", tz: nil,
      expected: ["2026-12-07T10:00:00", "2026-12-21T10:00:00", "2027-03-01T10:00:00"]),
    EngineCase(
      name: "an extra date equal to an occurrence is one occurrence; excluded extra dates are skipped",
      rule: R(
        .daily, start: ldt("2027-01-01T08:00"), end: .afterOccurrences(2),
        excludedDates: [ldt("2027-01-05T08:00")], extraDates: [ldt("2027-01-02T08:00"), ldt("2027-01-05T08:00")]),
      from: "2027-01-01", tz: nil, expected: ["2027-01-01T08:00:00", "2027-01-02T08:00:00"]),
    EngineCase(
      name: "an excluded time in a DST gap matches the pushed occurrence",
      rule: R(
        .daily, times: [TimeOfDay(hour: 2, minute: 30)], start: ldt("2026-03-07T02:30"),
        excludedDates: [ldt("2026-03-08T02:30")]),
      from: "2026-03-07", tz: "America/New_York",
      expected: ["2026-03-07T02:30:00-05:00", "2026-03-09T02:30:00-04:00"]),
    EngineCase(
      name: "extra dates before the query window are left out",
      rule: R(
        .monthly, start: ldt("2027-01-10T09:00"), extraDates: [ldt("2026-06-01T09:00"), ldt("2027-01-20T09:00")]),
      from: "2027-01-01", tz: nil, expected: ["2027-01-10T09:00:00", "2027-01-20T09:00:00", "2027-02-10T09:00:00"]),
  ]

  @Test(arguments: cases)
  func occurrences(_ c: EngineCase) throws {
    // One more than expected: a rule with a count must end there; others go on.
    let got = try nextStrings(c.rule, from: c.from, tz: c.tz, count: c.expected.count + 1)
    if case .afterOccurrences = c.rule.end {
      #expect(got == c.expected)
    } else {
      #expect(Array(got.prefix(c.expected.count)) == c.expected && got.count == c.expected.count + 1)
    }
  }

  @Test func packedTextIsSortedAndCanonical() throws {
    let text = Self.daily9.packed
    #expect(
      text == "R1;FREQ=DAILY;BYTIME=0900;DTSTART=20261223T090000;EXDATE=20261224T090000/20261225T090000;"
        + "RDATE=20261224T183000")
    #expect(try PackedRule.decode(text) == Self.daily9)
    let shuffled =
      "R1;RDATE=20261224T183000;EXDATE=20261225T090000/20261224T090000/20261225T090000;FREQ=DAILY;"
      + "BYTIME=0900;DTSTART=20261223T090000"
    #expect(try PackedRule.decode(shuffled).packed == text)
  }

  @Test func listsAreBounded() {
    let many = (1...97).map { LocalDateTime(year: 2027, month: 1, day: 1, hour: 0, minute: $0 / 60, second: $0 % 60) }
    #expect(R(.daily, excludedDates: many).validationError == .listTooLong("excluded dates", 97))
    let text = "R1;FREQ=DAILY;RDATE=" + many.map { _ in "20270101T000000" }.joined(separator: "/")
    #expect(throws: Diagnostic.self) { try PackedRule.decode(text) }
    #expect(R(.daily, extraDates: [ldt("2027-02-30")]).validationError != nil)
  }

  @Test func exportsICalendarLines() throws {
    var rule = Self.daily9
    rule.timeZone = "Europe/London"
    #expect(
      try rule.iCalendarLines() == [
        "DTSTART;TZID=Europe/London:20261223T090000", "RRULE:FREQ=DAILY;BYHOUR=9;BYMINUTE=0",
        "EXDATE;TZID=Europe/London:20261224T090000,20261225T090000", "RDATE;TZID=Europe/London:20261224T183000",
      ])
  }

  @Test func jsonRoundTrips() throws {
    #expect(try JSONDecoder().decode(R.self, from: JSONEncoder().encode(Self.daily9)) == Self.daily9)
  }
}

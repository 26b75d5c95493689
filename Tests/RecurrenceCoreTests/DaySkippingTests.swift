import RecurrenceCore
import Testing

/// Rules whose day limits pass rarely: the engine jumps to the days they allow (a month at a
/// time) instead of walking steps or days, and stops at year 9999.
@Suite struct DaySkippingTests {
  /// Every occurrence through 9999 of a minutely rule that passes one day in 28 years; the
  /// expected values are those of a brute-force walk over every leap day.
  @Test func rareMinutelyRuleFindsEveryOccurrenceThroughYear9999() throws {
    let rule = try RRule.parse("FREQ=MINUTELY;INTERVAL=7919;BYMONTH=2;BYMONTHDAY=29;BYDAY=TU", timeZone: "UTC")
    let got = rule.next(1_000, from: ldt("2026-01-01T00:00"), in: try zone("UTC")).map(\.iso8601)
    #expect(got.count == 53)
    // 3048 to 3476 is 428 years without an occurrence: longer than the calendar's cycle.
    #expect(
      Array(got.prefix(8)) == [
        "2084-02-29T19:37:00+00:00", "2248-02-29T06:05:00+00:00", "2344-02-29T19:49:00+00:00",
        "2428-02-29T10:50:00+00:00", "2772-02-29T02:03:00+00:00", "2952-02-29T06:48:00+00:00",
        "3048-02-29T20:32:00+00:00", "3476-02-29T02:46:00+00:00",
      ])
    #expect(got.last == "9972-02-29T00:07:00+00:00")
  }

  @Test func rareDailyRuleJumpsToTheAllowedDays() throws {
    let rule = try RRule.parse("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29;BYDAY=TU")
    #expect(
      try nextStrings(rule, from: "2026-01-01", tz: nil, count: 4) == [
        "2028-02-29T00:00:00", "2056-02-29T00:00:00", "2084-02-29T00:00:00", "2124-02-29T00:00:00",
      ])
  }

  @Test func subDailyRuleWhoseStepsNeverMeetItsDaysEnds() throws {
    // Every 168 hours from a Monday is always a Monday: no Tuesday ever comes.
    let rule = try RRule.parse("FREQ=HOURLY;INTERVAL=168;BYDAY=TU")
    #expect(try nextStrings(rule, from: "2026-01-05T00:00", tz: "UTC", count: 1).isEmpty)
  }

  @Test func nothingOccursAfterYear9999() throws {
    let rule = R(.daily, start: ldt("9999-12-30T09:00"))
    #expect(
      try nextStrings(rule, from: "9999-12-30", tz: nil, count: 5) == ["9999-12-30T09:00:00", "9999-12-31T09:00:00"])
  }
}

import RecurrenceCore
import Testing

/// iCalendar fragments: DTSTART with TZID, Z or floating; RRULE; several EXDATE and RDATE lines;
/// unfolding; errors that name the line and column.
@Suite struct ICalendarFragmentTests {
  @Test func readsAnEventsRecurrenceLines() throws {
    let text = """
      DTSTART;TZID=America/New_York:20261201T090000\r
      RRULE:FREQ=WEEKLY;BYDAY=TU\r
      EXDATE;TZID=America/New_York:20261222T090000,\r
       20261229T090000\r
      EXDATE:20270105T140000Z\r
      RDATE;VALUE=DATE:20261224
      """
    let rule = try ICalendarFragment.parse(text, timeZone: "UTC")
    #expect(rule.timeZone == "America/New_York")
    #expect(rule.start == ldt("2026-12-01T09:00"))
    #expect(rule.excludedDates == [ldt("2026-12-22T09:00"), ldt("2026-12-29T09:00"), ldt("2027-01-05T09:00")])
    #expect(rule.extraDates == [ldt("2026-12-24T09:00")])
    #expect(
      try nextStrings(rule, from: "2026-12-01", tz: "America/New_York", count: 5) == [
        "2026-12-01T09:00:00-05:00", "2026-12-08T09:00:00-05:00", "2026-12-15T09:00:00-05:00",
        "2026-12-24T09:00:00-05:00", "2027-01-12T09:00:00-05:00",
      ])
  }

  @Test func utcAndFloatingStarts() throws {
    let utc = try ICalendarFragment.parse("DTSTART:20261201T090000Z\nRRULE:FREQ=DAILY", timeZone: "Europe/Paris")
    #expect(utc.timeZone == "UTC" && utc.start == ldt("2026-12-01T09:00"))
    let floating = try ICalendarFragment.parse("DTSTART:20261201T090000\nRRULE:FREQ=DAILY", timeZone: "Europe/Paris")
    #expect(floating.timeZone == "Europe/Paris")
    let date = try ICalendarFragment.parse("dtstart;value=date:20261201\nrrule:FREQ=YEARLY", timeZone: nil)
    #expect(date.start == ldt("2026-12-01") && date.timeZone == nil)
  }

  @Test func bareRRulesAreStillRead() throws {
    #expect(ICalendarFragment.isFragment("RRULE:FREQ=DAILY") == false)
    #expect(try ICalendarFragment.parse("RRULE:FREQ=DAILY") == (try RRule.parse("FREQ=DAILY")))
  }

  @Test(arguments: [
    ("DTSTART:20261201T090000Z\nRRULE:FREQ=DAILY;BYDAY=XX", "RR107", "line 2, column 24:", 48...50),
    ("DTSTART:20261201T090000Z\nRRULE:FREQ=DAILY\nEXDATE:2026120", "RR124", "line 3, column 8:", 49...56),
    ("DTSTART:20261201T090000Z\nSUMMARY:x\nRRULE:FREQ=DAILY", "RR121", "line 2, column 1:", 25...32),
    ("DTSTART;TZID=Mars/Base:20261201T090000\nRRULE:FREQ=DAILY", "RR125", "line 1, column 1:", 0...22),
    ("DTSTART:20261201T090000\nRRULE:FREQ=DAILY\nRRULE:FREQ=WEEKLY", "RR122", "line 3, column 1:", 41...58),
    ("DTSTART:20261201T090000\nEXDATE:20261202T090000", "RR123", "missing", 0...46),
    ("DTSTART:20261201T090000\nRRULE:FREQ=DAILY\nRDATE;VALUE=PERIOD:20261201T090000Z/PT1H", "RR126", "line 3", 41...59),
    ("DTSTART:20261201T090000\nRRULE FREQ=DAILY", "RR120", "line 2, column 1:", 24...40),
  ])
  func errorsNameLineAndColumn(_ c: (String, String, String, ClosedRange<Int>)) {
    do {
      _ = try ICalendarFragment.parse(c.0)
      Issue.record("expected \(c.1)")
    } catch {
      #expect(error.id == c.1)
      #expect(error.message.hasPrefix(c.2) || error.message.contains(c.2), "\(error.message)")
      #expect(error.range == SourceRange(c.3.lowerBound, c.3.upperBound))
    }
  }
}

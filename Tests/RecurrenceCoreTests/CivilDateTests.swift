import RecurrenceCore
import Testing

@Suite struct CivilDateTests {
  @Test(arguments: [-1_000_000, -719_468, -1, 0, 1, 59, 60, 11_016, 20_000, 146_097, 2_932_896])
  func dayNumberRoundTrips(_ n: Int) {
    let date = CivilDate(dayNumber: n)
    #expect(date.dayNumber == n)
    #expect(date.isValid)
  }

  @Test func consecutiveDaysAreConsecutiveDates() {
    var previous = CivilDate(dayNumber: -800_000)
    for n in -799_999 ... -700_000 {
      let d = CivilDate(dayNumber: n)
      #expect(d > previous)
      if d.day != 1 { #expect(d.day == previous.day + 1 && d.month == previous.month) }
      previous = d
    }
  }

  @Test func knownDates() {
    #expect(CivilDate(year: 1970, month: 1, day: 1).dayNumber == 0)
    #expect(CivilDate(year: 2026, month: 11, day: 30).dayOfWeek == .monday)
    #expect(CivilDate(year: 2000, month: 2, day: 29).isValid)
    #expect(!CivilDate(year: 1900, month: 2, day: 29).isValid)
    #expect(CivilDate(year: 2026, month: 1, day: 31).adding(months: 1) == CivilDate(year: 2026, month: 2, day: 28))
    #expect(CivilDate(year: 2026, month: 1, day: 31).adding(months: -2) == CivilDate(year: 2025, month: 11, day: 30))
  }
}

@Suite struct ISO8601Tests {
  @Test func readsDatesTimesAndOffsets() {
    #expect(LocalDateTime.parseISO8601("2026-11-30")?.local == LocalDateTime(year: 2026, month: 11, day: 30))
    #expect(
      LocalDateTime.parseISO8601("2026-11-30T10:05:09")?.local
        == LocalDateTime(year: 2026, month: 11, day: 30, hour: 10, minute: 5, second: 9))
    #expect(LocalDateTime.parseISO8601("2026-11-30T10:00Z")?.offset == 0)
    #expect(LocalDateTime.parseISO8601("2026-11-30T10:00-05:00")?.offset == -18_000)
  }

  @Test(arguments: ["", "2026-02-30", "2026-11-30T25:00", "2026-11-30T10", "yesterday", "2026-11-30T10:00+5"])
  func rejects(_ text: String) {
    #expect(LocalDateTime.parseISO8601(text) == nil)
  }
}

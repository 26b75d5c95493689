import RecurrenceCore
import Testing

/// Bad RRULE text and the diagnostic expected: ID and character range.
struct RRuleErrorCase: CustomTestStringConvertible, Sendable {
  let text: String
  let id: String
  let range: ClosedRange<Int>?
  var testDescription: String { text }
}

@Suite struct RRuleTests {
  static let errors: [RRuleErrorCase] = [
    RRuleErrorCase(text: "FREQ=WEEKLY;BYDAY=XX", id: "RR107", range: 18...20),
    RRuleErrorCase(text: "FREQ=SECONDLY", id: "RR106", range: 5...13),
    RRuleErrorCase(text: "FREQ=FORTNIGHTLY", id: "RR106", range: 5...16),
    RRuleErrorCase(text: "FREQ=DAILY;INTERVAL=0", id: "RR115", range: 20...21),
    RRuleErrorCase(text: "FREQ=DAILY;INTERVAL=abc", id: "RR114", range: 20...23),
    RRuleErrorCase(text: "FREQ=DAILY;FREQ=WEEKLY", id: "RR104", range: 11...22),
    RRuleErrorCase(text: "FREQ=DAILY;COLOR=RED", id: "RR109", range: 11...16),
    RRuleErrorCase(text: "FREQ=DAILY;BYMONTHDAY=0", id: "RR115", range: 22...23),
    RRuleErrorCase(text: "FREQ=MONTHLY;BYMONTHDAY=1,,2", id: "RR116", range: 26...27),
    RRuleErrorCase(text: "BYDAY=MO", id: "RR110", range: nil),
    RRuleErrorCase(text: "FREQ=DAILY;COUNT=3;UNTIL=20270101", id: "RR111", range: 19...33),
    RRuleErrorCase(text: "FREQ=DAILY;UNTIL=20270230", id: "RR118", range: 17...25),
    RRuleErrorCase(text: "FREQ=DAILY;UNTIL=tomorrow", id: "RR117", range: 17...25),
    RRuleErrorCase(text: "FREQ=WEEKLY;BYDAY=2MO", id: "RR113", range: nil),
    RRuleErrorCase(text: "FREQ=YEARLY;BYWEEKNO=20", id: "RR108", range: 12...23),
    RRuleErrorCase(text: "FREQ=HOURLY;BYHOUR=9", id: "RR112", range: 12...20),
    RRuleErrorCase(text: "FREQ=DAILY;BYDAY=MÖ", id: "RR101", range: 18...19),
    RRuleErrorCase(text: "", id: "RR102", range: nil),
    RRuleErrorCase(text: "FREQ", id: "RR103", range: 0...4),
    RRuleErrorCase(text: String(repeating: "A", count: 1_200), id: "RR100", range: nil),
  ]

  @Test(arguments: errors)
  func rejects(_ c: RRuleErrorCase) {
    #expect(throws: Diagnostic.self) { try RRule.parse(c.text) }
    do {
      _ = try RRule.parse(c.text)
    } catch {
      #expect(error.id == c.id)
      if let r = c.range {
        #expect(error.range == SourceRange(r.lowerBound, r.upperBound))
      }
    }
  }

  @Test func caretLineSitsUnderTheBadPart() {
    do {
      _ = try RRule.parse("FREQ=WEEKLY;BYDAY=XX")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.rendered(input: "FREQ=WEEKLY;BYDAY=XX") == """
          error[RR107]: unknown weekday 'XX'; expected MO, TU, WE, TH, FR, SA or SU
            FREQ=WEEKLY;BYDAY=XX
                              ^~
          """)
    }
  }

  @Test func readsEveryPart() throws {
    let rule = try RRule.parse(
      "RRULE:FREQ=MONTHLY;INTERVAL=2;BYDAY=MO,-1FR;BYMONTH=1,7;BYSETPOS=1;BYHOUR=9,17;BYMINUTE=30;COUNT=4;WKST=SU")
    #expect(rule.frequency == .monthly)
    #expect(rule.interval == 2)
    #expect(rule.weekdays == [.every(.monday), .nth(-1, .friday)])
    #expect(rule.months == [1, 7])
    #expect(rule.setPositions == [1])
    #expect(rule.times == [TimeOfDay(hour: 9, minute: 30), TimeOfDay(hour: 17, minute: 30)])
    #expect(rule.end == .afterOccurrences(4))
    #expect(rule.weekStart == .sunday)
    // On weekdays the month-end policy changes nothing, so the default is kept.
    #expect(rule.monthDayPolicy == .clamp)
  }

  @Test func hourWithoutMinuteTakesTheStartsMinute() throws {
    let rule = try RRule.parse("FREQ=DAILY;BYHOUR=9", start: ldt("2026-11-30T10:15"))
    #expect(rule.times == [TimeOfDay(hour: 9, minute: 15)])
  }

  @Test func utcUntilIsConvertedToTheZone() throws {
    let rule = try RRule.parse("FREQ=DAILY;UNTIL=20261201T140000Z", timeZone: "America/New_York")
    #expect(rule.end == .afterDate(ldt("2026-12-01T09:00")))
  }

  /// Rules and the RRULE each exports to.
  static let exports: [(RecurrenceRule, String)] = [
    (
      RecurrenceRule(.weekly, weekdays: [.every(.monday)], times: [TimeOfDay(hour: 9)]),
      "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0"
    ),
    (RecurrenceRule(.monthly, daysOfTheMonth: [31]), "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"),
    (
      RecurrenceRule(.monthly, daysOfTheMonth: [31], times: [TimeOfDay(hour: 9), TimeOfDay(hour: 17)]),
      "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYHOUR=9,17;BYMINUTE=0;BYSETPOS=-2,-1"
    ),
    (RecurrenceRule(.monthly, daysOfTheMonth: [1, 15, 30]), "FREQ=MONTHLY;BYMONTHDAY=1,15,28,29,30;BYSETPOS=1,2,-1"),
    (RecurrenceRule(.monthly, daysOfTheMonth: [31], monthDayPolicy: .skip), "FREQ=MONTHLY;BYMONTHDAY=31"),
    (RecurrenceRule(.yearly, daysOfTheMonth: [29], months: [2]), "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1"),
    (RecurrenceRule(.yearly, daysOfTheMonth: [31], months: [1]), "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=31"),
    (
      RecurrenceRule(.monthly, weekdays: DayOfWeek.allCases.prefix(5).map { .every($0) }, setPositions: [-1]),
      "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"
    ),
    (
      RecurrenceRule(.daily, interval: 3, end: .afterDate(ldt("2027-03-01T23:59:59"))),
      "FREQ=DAILY;INTERVAL=3;UNTIL=20270301T235959"
    ),
    (
      RecurrenceRule(.weekly, weekdays: [.every(.sunday)], weekStart: .sunday, end: .afterOccurrences(5)),
      "FREQ=WEEKLY;COUNT=5;BYDAY=SU;WKST=SU"
    ),
    (RecurrenceRule(.monthly, start: ldt("2026-01-31T09:00")), "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"),
  ]

  @Test func exportsExactly() throws {
    for (rule, text) in Self.exports {
      #expect(try rule.rrule() == text)
    }
  }

  @Test func clampedExportsMeanTheSameUnderRFCSemantics() throws {
    for (rule, text) in Self.exports {
      let start = rule.start ?? ldt("2027-01-31T08:00")
      let imported = try RRule.parse(text, start: start)
      let ours = rule.next(14, from: start, in: nil)
      let theirs = imported.next(14, from: start, in: nil)
      #expect(ours == theirs, "\(text)")
    }
  }

  @Test func inexpressibleRulesThrow() {
    #expect(throws: RRuleExportError.self) { try RecurrenceRule(.daily, anchor: .afterCompletion).rrule() }
    #expect(throws: RRuleExportError.self) {
      try RecurrenceRule(.daily, times: [TimeOfDay(hour: 9), TimeOfDay(hour: 17, minute: 30)]).rrule()
    }
    #expect(throws: RRuleExportError.self) {
      try RecurrenceRule(.monthly, weekdays: [.every(.monday)], daysOfTheMonth: [31]).rrule()
    }
  }

  @Test func importedRulesExportToTheSameText() throws {
    for line in DateutilCase.load().prefix(200) {
      let rule = try RRule.parse(line.rrule, start: ldt(line.dtstart))
      let again = try RRule.parse(try rule.rrule(), start: ldt(line.dtstart))
      #expect(again == rule, "\(line.rrule)")
    }
  }
}

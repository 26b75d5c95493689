import Foundation
import RecurrenceCore
import Testing

/// The new parts against Foundation's `Calendar.RecurrenceRule` where Foundation supports them:
/// days of the year (yearly, as an expansion) and hours and minutes in hourly and minutely
/// rules, in zones without DST (Foundation steps hourly rules by wall clock; we step elapsed
/// time, which agrees wherever the offset does not change). Weeks of the year are left out:
/// Foundation's `weeks` disagree with RFC 5545 and dateutil on this toolchain
/// (`FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO` from 2026-11-30: dateutil and we give 2027-05-17). Nor
/// days of the year with months: Foundation ignores the month there
/// (`FREQ=YEARLY;BYMONTH=3;BYYEARDAY=60` gives 2028-02-29; see `monthLimitsDaysOfTheYear`).
@Suite(.tags(.oracle)) struct FoundationOracleNewPartsTests {
  static let cases: [(String, RecurrenceRule, @Sendable (inout Calendar.RecurrenceRule) -> Void)] = [
    (
      "yearly 100th and last day", R(.yearly, daysOfTheYear: [100, -1], monthDayPolicy: .skip),
      { $0.daysOfTheYear = [100, -1] }
    ),
    ("hourly at :15 and :45", R(.hourly, minutes: [15, 45]), { $0.minutes = [15, 45] }),
    (
      "hourly 9 to 11 at :30", R(.hourly, hours: [9, 10, 11], minutes: [30]),
      {
        $0.hours = [9, 10, 11]; $0.minutes = [30]
      }
    ),
    ("every 20 minutes at 8 and 9", R(.minutely, interval: 20, hours: [8, 9]), { $0.hours = [8, 9] }),
    (
      "every 7 minutes on minutes 0 to 20", R(.minutely, interval: 7, minutes: Array(0...20)),
      {
        $0.minutes = Array(0...20)
      }
    ),
  ]

  @Test(arguments: 0..<cases.count, ["UTC", "Asia/Kolkata"])
  func agrees(_ index: Int, _ id: String) throws {
    let (name, rule, edit) = Self.cases[index]
    let z = try zone(id)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: id))
    calendar.firstWeekday = 2
    let frequency: Calendar.RecurrenceRule.Frequency =
      rule.frequency == .yearly ? .yearly : rule.frequency == .hourly ? .hourly : .minutely
    var theirsRule = Calendar.RecurrenceRule(calendar: calendar, frequency: frequency, interval: rule.interval)
    edit(&theirsRule)
    let start = ldt("2027-02-27T08:10")
    let startDate = Date(timeIntervalSince1970: Double(z.resolve(start).instant))
    let theirs = Array(theirsRule.recurrences(of: startDate).prefix(10)).map { Int($0.timeIntervalSince1970) }
    let ours = rule.next(10, from: start, in: z).map(\.timelineSeconds)
    #expect(ours == theirs, "\(name) in \(id)")
  }

  /// Day 60 is March 1st in common years and February 29th in leap years: with March named,
  /// leap years have none (dateutil agrees; Foundation gives 2028-02-29).
  @Test func monthLimitsDaysOfTheYear() throws {
    let rule = R(.yearly, months: [3], daysOfTheYear: [60], monthDayPolicy: .skip)
    #expect(
      try nextStrings(rule, from: "2027-02-27T08:10", tz: nil, count: 3) == [
        "2027-03-01T08:10:00", "2029-03-01T08:10:00", "2030-03-01T08:10:00",
      ])
  }
}

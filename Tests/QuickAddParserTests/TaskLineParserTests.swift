import QuickAddParser
import RecurrenceCore
import Testing

/// The task-line parser through its public API: ranges, tokens, values the corpus notation does
/// not show, and the contracts a quick-add box relies on.
@Suite struct TaskLineParserTests {
  static let monday = TaskLineOptions(now: LocalDateTime(year: 2026, month: 11, day: 30, hour: 10))

  func read(_ line: String) -> TaskLine { TaskLineParser.parse(line, options: Self.monday) }

  @Test func ruleWithTokensHasRangesOfTheLine() throws {
    let line = "Pay rent every month on the 1st at 9am #Home @bills p1"
    let r = read(line)
    #expect(r.title == "Pay rent")
    let due = try #require(r.due)
    #expect(due.range == SourceRange(9, 38))
    #expect(due.kind == "schedule")
    #expect(due.text == "every month on the 1st at 09:00")
    guard case .rule(let rule, let first) = due.value else {
      Issue.record("expected a rule")
      return
    }
    #expect(rule.packed == "R1;FREQ=MONTHLY;BYMONTHDAY=1;BYTIME=0900")
    #expect(first?.local == LocalDateTime(year: 2026, month: 12, day: 1, hour: 9))
    #expect(r.tokens.map(\.kind) == [.date, .project, .label, .priority])
    #expect(r.tokens.map(\.text) == ["every month on the 1st at 9am", "#Home", "@bills", "p1"])
    #expect(r.tokens[1].range == SourceRange(39, 44))
    #expect(r.project == "Home" && r.labels == ["bills"] && r.priority == 1)
    #expect(r.ok && r.diagnostics.isEmpty)
  }

  @Test func afterCompletionKind() throws {
    let due = try #require(read("Water plants every! 3 days").due)
    #expect(due.kind == "afterCompletion")
  }

  @Test func oneOffDateAndTimeJoin() throws {
    let r = read("Meet Bob friday with Ann at 3pm")
    #expect(r.title == "Meet Bob with Ann")
    #expect(r.due?.value == .dateTime(LocalDateTime(year: 2026, month: 12, day: 4, hour: 15)))
    #expect(r.tokens.filter { $0.kind == .date }.map(\.text) == ["friday", "at 3pm"])
    #expect(r.diagnostics.isEmpty)
  }

  @Test func secondDateStaysInTitleWithItsRange() {
    // The date that ends the title wins over the one inside it.
    let r = read("Lunch tomorrow, dinner friday")
    #expect(r.due?.value == .date(CivilDate(year: 2026, month: 12, day: 4)))
    #expect(r.title == "Lunch tomorrow, dinner")
    #expect(r.diagnostics.map(\.id) == ["QA401"])
    #expect(r.diagnostics.first?.range == SourceRange(6, 14))
    // Two weekdays offered with "or" are neither the day: both stay in the title.
    let inside = read("Call about next monday or friday plans")
    #expect(inside.due == nil)
    #expect(inside.title == "Call about next monday or friday plans")
  }

  @Test func valuesOfTokens() throws {
    let r = read("* Call mom tomorrow 5pm !30 min before !16:45 for 1h30 {dec 10} +Lucile /Calls // ask about the trip")
    #expect(r.uncompletable)
    #expect(r.title == "Call mom")
    #expect(r.due?.value == .dateTime(LocalDateTime(year: 2026, month: 12, day: 1, hour: 17)))
    #expect(r.reminders.map(\.value) == [.before(minutes: 30), .time(seconds: 16 * 3600 + 45 * 60)])
    #expect(r.reminders.map(\.text) == ["30 min before", "16:45"])
    #expect(r.durationMinutes == 90 && r.durationISO8601 == "PT1H30M")
    #expect(r.deadline == CivilDate(year: 2026, month: 12, day: 10))
    #expect(r.assignee == "Lucile" && r.section == "Calls" && r.description == "ask about the trip")
  }

  @Test func durationOutOfRangeStaysInTitle() {
    let r = read("Hike for 30 hours")
    #expect(r.durationMinutes == nil)
    #expect(r.title == "Hike for 30 hours")
    #expect(r.diagnostics.map(\.id) == ["QA403"])
  }

  /// Found by the long fuzz run: a duration of more hours than minutes fit in an `Int`
  /// trapped on the multiplication.
  @Test(arguments: ["call for 99999999999 hours", "call for 9999999999999999999 h", "for 999999999 h 59"])
  func hugeDurationIsOutOfRangeNotATrap(_ line: String) {
    let r = read(line)
    #expect(r.durationMinutes == nil)
    #expect(r.title == line)
    #expect(r.diagnostics.map(\.id) == ["QA403"])
    #expect(r.diagnostics.first?.message.contains("over 999999999 minutes") == true)
  }

  @Test func unreadableDeadlineAndReminderAreWarnings() {
    let r = read("Ship it {whenever} !soonish")
    #expect(r.deadline == nil && r.reminders.isEmpty)
    #expect(Set(r.diagnostics.map(\.id)) == ["QA404", "QA405"])
    #expect(r.title == "Ship it {whenever} !soonish")
  }

  @Test func ruleThatMeansNothingIsAnErrorAndKeepsTheText() {
    let r = read("Water plants every 0 days")
    #expect(!r.ok)
    #expect(r.due == nil)
    #expect(r.title == "Water plants every 0 days")
  }

  @Test func typingNeverFlickersAnError() {
    // Every prefix of a line being typed reads without an error.
    let line = "Standup every monday at 9am #Work"
    var scalars = String.UnicodeScalarView()
    for c in line.unicodeScalars {
      scalars.append(c)
      let r = read(String(scalars))
      #expect(r.ok, "\(String(scalars))")
    }
    #expect(read(line).due?.kind == "schedule")
  }

  @Test func tooLongIsRefusedAtOnce() {
    let r = read(String(repeating: "a ", count: 1_500))
    #expect(!r.ok)
    #expect(r.diagnostics.map(\.id) == ["QA400"])
  }

  @Test func instantAndZoneGiveTheLocalReference() throws {
    let zone = try #require(Zone(identifier: "America/New_York"))
    // 2026-11-30T15:00:00Z is 10:00 in New York.
    let options = TaskLineOptions(instant: 1_796_050_800, zone: zone)
    #expect(options.now == LocalDateTime(year: 2026, month: 11, day: 30, hour: 10))
    let r = TaskLineParser.parse("Call mom 9am", options: options)
    #expect(r.due?.value == .dateTime(LocalDateTime(year: 2026, month: 12, day: 1, hour: 9)))
  }

  @Test(arguments: [("Call US team 9am EST", 7, 14), ("Call US team 4am EST", 8, 9)])
  func timeAloneInAZoneIsTodayThereWhileStillAhead(line: String, day: Int, hourInUTC: Int) throws {
    // 2026-12-07T10:00:00Z is 05:00 in New York: 9am EST is still ahead there today, 4am is not.
    let options = TaskLineOptions(instant: 1_796_637_600, zone: try #require(Zone(identifier: "UTC")))
    let due = TaskLineParser.parse(line, options: options).due?.value
    #expect(due == .dateTime(LocalDateTime(year: 2026, month: 12, day: day, hour: hourInUTC)))
  }

  @Test(arguments: [
    ("Call tomorrow 4pm (EST)", "Call", 8, 21), ("All hands Fri Dec 18, 2026 4pm - 5pm (EST)", "All hands", 18, 21),
    ("Call tomorrow 4pm [UTC]", "Call", 8, 16), ("Call tomorrow 4pm (call mom)", "Call (call mom)", 8, 16),
  ])
  func zoneInBracketsAfterATime(line: String, title: String, day: Int, hourInUTC: Int) throws {
    // Calendar invitations write the zone in brackets after the time.
    let options = TaskLineOptions(instant: 1_796_637_600, zone: try #require(Zone(identifier: "UTC")))
    let r = TaskLineParser.parse(line, options: options)
    #expect(r.title == title)
    #expect(r.due?.value == .dateTime(LocalDateTime(year: 2026, month: 12, day: day, hour: hourInUTC)))
  }

  @Test func dateOrderOption() {
    let dmy = TaskLineOptions(now: Self.monday.now, dateOrder: .dayFirst)
    #expect(
      TaskLineParser.parse("Taxes 4/5", options: dmy).due?.value == .date(CivilDate(year: 2027, month: 5, day: 4)))
    #expect(read("Taxes 4/5").due?.value == .date(CivilDate(year: 2027, month: 4, day: 5)))
  }

  @Test func todoistDialect() throws {
    let todoist = TaskLineOptions(now: Self.monday.now, dialect: .todoist)
    let weekend = try #require(TaskLineParser.parse("Hike every weekend", options: todoist).due)
    guard case .rule(let rule, _) = weekend.value else {
      Issue.record("expected a rule")
      return
    }
    #expect(rule.packed == "R1;FREQ=WEEKLY;BYDAY=SA")
    #expect(read("Hike every weekend").diagnostics.map(\.id) == ["QA202"])
    // "next friday": Todoist's second Friday to occur, ours next week's; they differ on a Saturday.
    let saturday = LocalDateTime(year: 2026, month: 12, day: 5, hour: 10)
    #expect(
      TaskLineParser.parse("Pay next friday", options: TaskLineOptions(now: saturday, dialect: .todoist)).due?.value
        == .date(CivilDate(year: 2026, month: 12, day: 18)))
    #expect(
      TaskLineParser.parse("Pay next friday", options: TaskLineOptions(now: saturday)).due?.value
        == .date(CivilDate(year: 2026, month: 12, day: 11)))
    #expect(
      TaskLineParser.parse("Pay next friday", options: todoist).due?.value
        == .date(CivilDate(year: 2026, month: 12, day: 11)))
    #expect(read("Pay next friday").due?.value == .date(CivilDate(year: 2026, month: 12, day: 11)))
    #expect(read("Pay next friday").diagnostics.map(\.id) == ["QA213"])
    #expect(read("Pay next monday").due?.value == .date(CivilDate(year: 2026, month: 12, day: 7)))
    let context = ParseContext(now: Self.monday.now, dialect: .todoist)
    #expect(PhraseParser.parse("every weekend", context: context).rule?.packed == "R1;FREQ=WEEKLY;BYDAY=SA")
  }

  @Test func onlyLabels() {
    var options = Self.monday
    options.parts = .labels
    let r = TaskLineParser.parse("Pay \"rent\" monthly @bills #Home p1 tomorrow", options: options)
    #expect(r.labels == ["bills"])
    #expect(r.title == "Pay \"rent\" monthly #Home p1 tomorrow")
    #expect(r.due == nil && r.project == nil && r.priority == 4)
  }
}

import Foundation
import QuickAddCLI
import Testing

/// `quickadd add --json` with the reference Monday 2026-11-30 10:00 in New York: the object.
func addObject(_ line: String, _ options: [String] = []) -> [String: Any]? {
  // The shared reference, in New York unless the options name another zone.
  let reference = options.contains("--tz") ? Array(now.prefix(2)) : now
  return object(QuickAddCommand.run(["add", "--json"] + reference + options + [line]).stdout)
}

/// The `due` object of a line's reading.
func addDue(_ line: String, _ options: [String] = []) -> [String: Any]? {
  addObject(line, options)?["due"] as? [String: Any]
}

/// Where `part` sits in `line`, as `[start, end)` in Unicode scalars.
func scalarRange(of part: String, in line: String) -> [Int]? {
  guard let r = line.range(of: part) else { return nil }
  let start = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: r.lowerBound)
  return [start, start + part.unicodeScalars.count]
}

/// What `add` prints for the readings the task-line decisions fix (reference Monday
/// 2026-11-30T10:00, America/New_York). These depend on the real `TaskLineParser`.
@Suite struct AddReadingTests {
  @Test func aWeakAbbreviationAtTheEndIsADate() throws {
    let r = QuickAddCommand.run(["add", "--json"] + now + ["Call mom tom"])
    #expect(r.exitCode == 0)
    let o = try #require(object(r.stdout))
    #expect(o["ok"] as? Bool == true)
    #expect(o["title"] as? String == "Call mom")
    let due = try #require(o["due"] as? [String: Any])
    #expect(due["kind"] as? String == "date")
    #expect(due["range"] as? [Int] == [9, 12])
    #expect(due["next"] as? [String] == ["2026-12-01"])
    #expect(due["rrule"] is NSNull && due["packed"] is NSNull)
    let tokens = try #require(o["tokens"] as? [[String: Any]])
    #expect(tokens.map { $0["kind"] as? String } == ["date"])
    #expect(tokens.first?["range"] as? [Int] == [9, 12])
  }

  @Test func thePlainReportOfADate() {
    let r = QuickAddCommand.run(["add"] + now + ["Call mom tom"])
    #expect(r.exitCode == 0)
    #expect(r.stdout.hasPrefix("title: Call mom\ndue: "))
    #expect(r.stdout.contains(" (date) @9..12\ndate: 2026-12-01\n"))
  }

  @Test(arguments: [
    "Call Tom", "Ask May", "Clean 2nd floor", "Catch 11:30 train", "Sat exam prep", "Route 66", "Call 3 people",
    "Plan June trip", "version 2.1", "Pay $20", "Buy mint", "Read chapter 11",
  ])
  func titlesWithoutADate(_ line: String) throws {
    let o = try #require(addObject(line))
    #expect(o["ok"] as? Bool == true)
    #expect(o["due"] is NSNull, "\(line)")
    #expect(o["title"] as? String == line)
  }

  @Test(arguments: [
    ("Pay bills by friday", "Pay bills", "by friday", "2026-12-04"),
    ("Pay rent 1st", "Pay rent", "1st", "2026-12-01"),
    ("Meeting Friday", "Meeting", "Friday", "2026-12-04"),
    ("Dentist next friday", "Dentist", "next friday", "2026-12-11"),
    ("Plan trip next week", "Plan trip", "next week", "2026-12-07"),
    ("Renew passport jan 27", "Renew passport", "jan 27", "2027-01-27"),
    ("Invoice 27/1", "Invoice", "27/1", "2027-01-27"),
    ("Taxes end of month", "Taxes", "end of month", "2026-11-30"),
  ])
  func oneOffDates(_ c: (String, String, String, String)) throws {
    let o = try #require(addObject(c.0))
    #expect(o["title"] as? String == c.1, "\(c.0)")
    let due = try #require(o["due"] as? [String: Any], "\(c.0)")
    #expect(due["kind"] as? String == "date")
    #expect(due["range"] as? [Int] == scalarRange(of: c.2, in: c.0), "\(c.0)")
    #expect(due["next"] as? [String] == [c.3], "\(c.0)")
  }

  @Test func dateTimesHaveTheZonesOffsetOrNoneWhenFloating() {
    #expect(addDue("Call tomorrow at 5pm")?["next"] as? [String] == ["2026-12-01T17:00:00-05:00"])
    #expect(addDue("Check oven in 2 hours")?["next"] as? [String] == ["2026-11-30T12:00:00-05:00"])
    #expect(addDue("Party fri @ 7pm")?["next"] as? [String] == ["2026-12-04T19:00:00-05:00"])
    #expect(
      addDue("Call tomorrow at 5pm", ["--tz", "floating"])?["next"] as? [String] == ["2026-12-01T17:00:00"])
    #expect(addDue("Call tomorrow at 5pm", ["--tz", "UTC"])?["next"] as? [String] == ["2026-12-01T17:00:00+00:00"])
  }

  @Test(arguments: [
    ("Water plants every 3 days", "every 3 days", "Water plants"),
    ("every monday at 9am standup", "every monday at 9am", "standup"),
    ("Pay rent every month on the 1st at 9am #Home", "every month on the 1st at 9am", "Pay rent"),
    ("Review every! 2 weeks", "every! 2 weeks", "Review"),
  ])
  func rulesReadAsParseReadsTheirDatePart(_ c: (String, String, String)) throws {
    let o = try #require(addObject(c.0, ["--count", "3"]))
    #expect(o["title"] as? String == c.2, "\(c.0)")
    let due = try #require(o["due"] as? [String: Any], "\(c.0)")
    let parsed = try #require(
      object(QuickAddCommand.run(["parse", "--json", "--count", "3"] + now + [c.1]).stdout))
    #expect(due["kind"] as? String == parsed["kind"] as? String)
    #expect(due["range"] as? [Int] == scalarRange(of: c.1, in: c.0), "\(c.0)")
    #expect(due["rrule"] as? String == parsed["rrule"] as? String)
    #expect(due["packed"] as? String == parsed["packed"] as? String)
    #expect(due["next"] as? [String] == parsed["next"] as? [String])
    #expect((due["next"] as? [String])?.count == 3)
  }

  @Test func weekdaysWithoutEveryAreAWeeklyRuleWithQA407() throws {
    let o = try #require(addObject("Gym mon wed fri 7am"))
    #expect(o["title"] as? String == "Gym")
    let due = try #require(o["due"] as? [String: Any])
    #expect(due["packed"] as? String == "R1;FREQ=WEEKLY;BYDAY=MO/WE/FR;BYTIME=0700")
    let warnings = try #require(o["warnings"] as? [[String: Any]])
    #expect(warnings.contains { $0["id"] as? String == "QA407" })
  }

  @Test func everyKindOfToken() throws {
    let line = "Write report #Work /Admin @email @urgent p1 +Lucile {march 30} // draft first"
    let o = try #require(addObject(line))
    #expect(o["ok"] as? Bool == true)
    #expect(o["title"] as? String == "Write report")
    #expect(o["due"] is NSNull)
    #expect(o["project"] as? String == "Work")
    #expect(o["section"] as? String == "Admin")
    #expect(o["labels"] as? [String] == ["email", "urgent"])
    #expect(o["priority"] as? Int == 1)
    #expect(o["assignee"] as? String == "Lucile")
    #expect(o["deadline"] as? String == "2027-03-30")
    #expect(o["description"] as? String == "draft first")
    let tokens = try #require(o["tokens"] as? [[String: Any]])
    #expect(
      tokens.map { $0["kind"] as? String } == [
        "project", "section", "label", "label", "priority", "assignee", "deadline", "description",
      ])
    #expect(tokens.first?["text"] as? String == "#Work")
    #expect(tokens.first?["range"] as? [Int] == scalarRange(of: "#Work", in: line))
    let plain = QuickAddCommand.run(["add"] + now + [line]).stdout
    #expect(
      plain == """
        title: Write report
        due: (none)
        project: Work
        section: Admin
        labels: email, urgent
        priority: p1
        assignee: Lucile
        deadline: 2027-03-30
        description: draft first

        """)
  }

  @Test func projectsWithSpaces() {
    #expect(addObject(#"Plan #My\ Project"#)?["project"] as? String == "My Project")
    #expect(addObject(#"Plan #"My Project""#)?["project"] as? String == "My Project")
  }

  @Test(arguments: ["Learn C#", "Fix issue #4", "Mail bob@example.com", "Read https://example.com/a", "Choose and/or"])
  func signsInsideWordsStayTitle(_ line: String) throws {
    let o = try #require(addObject(line))
    #expect(o["title"] as? String == line)
    #expect(o["project"] is NSNull && o["section"] is NSNull && o["description"] is NSNull)
    #expect(o["labels"] as? [String] == [])
  }

  @Test func durationsRemindersAndUncompletable() throws {
    #expect(addObject("Meeting for 1h30")?["duration"] as? String == "PT1H30M")
    #expect(addObject("Meeting for 45min")?["duration"] as? String == "PT45M")
    #expect(addObject("Meeting for 1.5 hours")?["duration"] as? String == "PT1H30M")
    let reminded = try #require(addObject("Call bank tomorrow !30 min before !14:00"))
    #expect(reminded["reminders"] as? [String] == ["30 min before", "14:00"])
    #expect(reminded["title"] as? String == "Call bank")
    let star = try #require(addObject("* Read mail"))
    #expect(star["uncompletable"] as? Bool == true)
    #expect(star["title"] as? String == "Read mail")
  }

  @Test func theTitleIsTidied() {
    #expect(addObject("Call mom, tomorrow, about dinner")?["title"] as? String == "Call mom, about dinner")
    #expect(addObject(#""Create monthly report" every friday"#)?["title"] as? String == "Create monthly report")
    let noDate = addObject("Buy milk no date")
    #expect(noDate?["title"] as? String == "Buy milk")
    #expect(noDate?["due"] is NSNull)
    #expect((noDate?["tokens"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["noDate"])
  }

  @Test func aSecondDateStaysInTheTitleWithQA401() throws {
    // The date that ends the title wins; the other stays in it.
    let o = try #require(addObject("Lunch tomorrow, dinner friday"))
    let due = try #require(o["due"] as? [String: Any])
    #expect(due["next"] as? [String] == ["2026-12-04"])
    let warnings = try #require(o["warnings"] as? [[String: Any]])
    let second = try #require(warnings.first { $0["id"] as? String == "QA401" })
    #expect(second["range"] as? [Int] == scalarRange(of: "tomorrow", in: "Lunch tomorrow, dinner friday"))
    #expect((o["title"] as? String)?.contains("tomorrow") == true)
    // A warning goes to standard error with a caret; the exit status stays 0.
    let plain = QuickAddCommand.run(["add"] + now + ["Lunch tomorrow, dinner friday"])
    #expect(plain.exitCode == 0)
    #expect(plain.stderr.contains("warning[QA401]"))
    #expect(plain.stderr.contains("^~~~~~"))
  }

  /// Assumed: a date part meant as one that cannot occur is an error, as `parse` says.
  @Test func anImpossibleRuleExitsOneWithACaret() throws {
    let plain = QuickAddCommand.run(["add"] + now + ["Pay rent every feb 30"])
    #expect(plain.exitCode == 1)
    #expect(plain.stderr.hasPrefix("error["))
    #expect(plain.stderr.contains("\n  Pay rent every feb 30\n"))
    let json = QuickAddCommand.run(["add", "--json"] + now + ["Pay rent every feb 30"])
    #expect(json.exitCode == 1)
    #expect(object(json.stdout)?["ok"] as? Bool == false)
  }

  @Test func standardInputReadsEachLine() throws {
    let input = "Call mom tom\r\nWater plants every 3 days\nBuy milk\n"
    let r = QuickAddCommand.run(["add", "--json"] + now + ["-"]) { input }
    #expect(r.exitCode == 0)
    let objects = r.stdout.split(separator: "\n").compactMap(object)
    try #require(objects.count == 3)
    #expect(objects.map { ($0["due"] as? [String: Any])?["kind"] as? String } == ["date", "schedule", nil])
    #expect(objects.map { $0["title"] as? String } == ["Call mom", "Water plants", "Buy milk"])
  }
}

import Foundation
import Testing

@testable import QuickAddCLI
@testable import QuickAddParser
@testable import RecurrenceCore

/// The keys of a JSON object's top level, in the order written.
func topLevelKeys(_ json: some StringProtocol) -> [String] {
  var keys: [String] = []
  var depth = 0
  var inString = false
  var escaped = false
  var current = ""
  var isKey = false
  var previous: Character = " "
  for c in json {
    if inString {
      if escaped {
        escaped = false
      } else if c == "\\" {
        escaped = true
      } else if c == "\"" {
        inString = false
        if isKey { keys.append(current) }
        continue
      }
      if isKey { current.append(c) }
      continue
    }
    switch c {
    case "{", "[": depth += 1
    case "}", "]": depth -= 1
    case "\"":
      inString = true
      isKey = depth == 1 && (previous == "{" || previous == ",")
      current = ""
    default: break
    }
    if !c.isWhitespace { previous = c }
  }
  return keys
}

/// The keys of every `add --json` object, in order.
let addKeys = [
  "input", "ok", "title", "due", "project", "section", "labels", "priority", "assignee", "deadline", "description",
  "duration", "reminders", "uncompletable", "tokens", "warnings",
]

/// The keys of the `due` object, in order.
let dueKeys = ["kind", "text", "range", "rrule", "packed", "next"]

/// `quickadd add`: what holds whatever the parser reads (the readings themselves are pinned in
/// `AddReadingTests`).
@Suite struct AddCommandTests {
  @Test func jsonHasExactlyTheKeysInOrder() throws {
    let r = QuickAddCommand.run(["add", "--json"] + now + ["Buy milk"])
    #expect(r.exitCode == 0)
    #expect(topLevelKeys(r.stdout) == addKeys)
    #expect(
      r.stdout == """
        {"input": "Buy milk", "ok": true, "title": "Buy milk", "due": null, "project": null, "section": null, \
        "labels": [], "priority": 4, "assignee": null, "deadline": null, "description": null, "duration": null, \
        "reminders": [], "uncompletable": false, "tokens": [], "warnings": []}

        """)
  }

  @Test func aPlainTitleHasNoDueDateAndExitsZero() throws {
    let json = QuickAddCommand.run(["add", "--json"] + now + ["Buy milk"])
    let o = try #require(object(json.stdout))
    #expect(o["ok"] as? Bool == true)
    #expect(o["due"] is NSNull)
    #expect(o["title"] as? String == "Buy milk")
    let plain = QuickAddCommand.run(["add"] + now + ["Buy milk"])
    #expect(plain.exitCode == 0)
    #expect(plain.stdout == "title: Buy milk\ndue: (none)\n")
    #expect(plain.stderr.isEmpty)
  }

  @Test func optionsParseAsForParse() {
    // Options in any order, `=` forms, and `--` before a line that starts with dashes.
    let r = QuickAddCommand.run(
      ["add", "--json", "--tz=UTC", "--count=0", "--date-order", "dmy", "--now", "2026-11-30T10:00", "--", "--x"])
    #expect(r.exitCode == 0)
    #expect(object(r.stdout)?["input"] as? String == "--x")
    #expect(QuickAddCommand.run(["add", "--tz", "floating", "--now", "2026-11-30T10:00", "Buy milk"]).exitCode == 0)
  }

  @Test(arguments: [
    (["add"], "missing LINE"),
    (["add", "Buy", "milk"], "give the task line as one argument"),
    (["add", "--bogus", "x"], "unknown option '--bogus'"),
    (["add", "--jsn", "x"], "did you mean '--json'?"),
    (["add", "--count", "1001", "x"], "'--count' needs a whole number from 0 to 1000"),
    (["add", "--count", "-1", "x"], "'--count' needs a whole number"),
    (["add", "--date-order", "ymd", "x"], "'--date-order' is 'mdy'"),
    (["add", "--now", "tomorrow", "x"], "'--now' needs an ISO 8601 date-time"),
    (["add", "--tz", "Not/AZone", "x"], "Not/AZone"),
    (["add", "--tz", "GMT+5", "x"], "GMT+5"),
    (["add", "--now"], "missing value for '--now'"),
    (["add", "--tz", "UTC", "--tz", "UTC", "x"], "given twice"),
  ])
  func usageErrorsExit64(_ c: ([String], String)) {
    let r = QuickAddCommand.run(c.0)
    #expect(r.exitCode == 64)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix("Error: "))
    #expect(r.stderr.contains(c.1), "\(r.stderr)")
    #expect(r.stderr.contains("Usage: quickadd add [--now ISO]"))
    #expect(r.stderr.contains("See 'quickadd help add'"))
  }

  @Test func helpText() {
    let help = QuickAddCommand.run(["help", "add"])
    #expect(help.exitCode == 0)
    #expect(help.stdout.hasPrefix("Read a task line"))
    #expect(
      help.stdout.contains(
        "Usage: quickadd add [--now ISO] [--tz IANA|floating] [--count N] [--date-order mdy|dmy] [--json] LINE|-"))
    for key in addKeys { #expect(help.stdout.contains(key), "help does not name \(key)") }
    #expect(QuickAddCommand.run(["add", "--help"]).stdout == help.stdout)
    #expect(QuickAddCommand.run(["add", "-h"]).stdout == help.stdout)
    let overview = QuickAddCommand.run(["--help"]).stdout
    #expect(overview.contains("\n  add       Read a task line"))
    #expect(QuickAddCommand.run(["ad", "x"]).stderr.contains("did you mean 'add'?"))
  }
}

/// `add -` keeps the standard-input contract of `parse -` (it shares `LineStream`).
@Suite struct AddStandardInputTests {
  let args = ["add", "--json", "--now", "2026-11-30T10:00", "--tz", "UTC", "--count", "1", "-"]

  @Test func everyLineGetsAnObjectInOrder() throws {
    let input: [UInt8] = Array("Buy milk\r\n".utf8) + [0x61, 0xFF, 0x0A] + Array("\nWater the plants".utf8)
    let r = QuickAddCommand.run(args, input: .bytes(input))
    #expect(r.exitCode == 0)
    #expect(r.stderr.isEmpty)
    let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count == 5)
    #expect(lines[4].isEmpty)
    let objects = lines.compactMap(object)
    try #require(objects.count == 4)
    #expect(objects.map { $0["input"] as? String } == ["Buy milk", "a\u{FFFD}", "", "Water the plants"])
    #expect(objects.map { $0["ok"] as? Bool } == [true, false, objects[2]["ok"] as? Bool, true])
    let invalid = try #require(objects[1]["error"] as? [String: Any])
    #expect(invalid["id"] as? String == "IN101")
    #expect(invalid["byteOffset"] as? Int == 1)
    #expect(invalid["range"] as? [Int] == [1, 2])
    for i in [0, 2, 3] {
      #expect(topLevelKeys(lines[i]) == addKeys)
      #expect(objects[i]["due"] is NSNull)
    }
    #expect(objects[0]["title"] as? String == "Buy milk")
  }

  @Test func theSameContractAsParse() {
    let input: [UInt8] = Array("a\r\nb\n".utf8) + [0xC3, 0x0A] + Array("\n\nlast".utf8)
    let add = QuickAddCommand.run(args, input: .bytes(input))
    let parse = QuickAddCommand.run(["parse"] + args.dropFirst(), input: .bytes(input))
    let addLines = add.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let parseLines = parse.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(addLines.count == parseLines.count)
    #expect(addLines.map { object($0)?["input"] as? String } == parseLines.map { object($0)?["input"] as? String })
    // The line that is not UTF-8 gets the very same object.
    #expect(addLines[2] == parseLines[2])
  }

  @Test func outputIsWrittenAsItGoes() {
    var flushes = 0
    var largest = 0
    var output = OutputWriter(capacity: 4096) { chunk in
      flushes += 1
      largest = max(largest, chunk.count)
    }
    let input = Array(String(repeating: "Buy milk\n", count: 2_000).utf8)
    let r = QuickAddCommand.run(args, input: .bytes(input), output: &output)
    output.flush()
    #expect(r.exitCode == 0)
    #expect(flushes > 100)
    #expect(largest < 4096 + 1000)
  }

  @Test func manyLinesNothingDropped() {
    let input = Array(String(repeating: "x\r\n", count: 20_000).utf8)
    let r = QuickAddCommand.run(args, input: .bytes(input))
    #expect(r.exitCode == 0)
    #expect(r.stdout.utf8.count { $0 == 0x0A } == 20_000)
  }

  @Test func unreadableInputExits66AsForParse() {
    let fd = open(NSTemporaryDirectory(), O_RDONLY)
    defer { close(fd) }
    for source in [ByteSource.closed, .bytes([]), .fileDescriptor(fd)] {
      let add = QuickAddCommand.run(args, input: source)
      let parse = QuickAddCommand.run(["parse"] + args.dropFirst(), input: source)
      #expect(add.exitCode == 66)
      #expect(add.stdout.isEmpty)
      #expect(add.stderr.hasPrefix("Error: standard input is "))
      #expect(add == parse)
    }
  }
}

/// How a report renders a reading, checked on readings built by hand: independent of the parser.
@Suite struct TaskLineReportTests {
  func context(_ arguments: [String] = now) throws -> Context {
    let args = try Arguments(
      arguments[...], command: "add", valued: ["--now", "--tz", "--count", "--date-order"], flags: ["--json"])
    return try Context(args, referenceOption: "--now", command: "add")
  }

  func line(_ input: String, due: TaskDue.Value? = nil, range: SourceRange = SourceRange(0, 0)) -> TaskLine {
    var line = TaskLine(input: input, title: input)
    if let due { line.due = TaskDue(value: due, range: range) }
    return line
  }

  @Test func aOneOffDate() throws {
    let report = TaskLineReport(
      line("Call mom tom", due: .date(CivilDate(year: 2026, month: 12, day: 1)), range: SourceRange(9, 12)),
      context: try context(), count: 5)
    let o = try #require(object(report.json))
    let due = try #require(o["due"] as? [String: Any])
    #expect(Set(due.keys) == Set(dueKeys))
    #expect(topLevelKeys(report.json) == addKeys)
    #expect(due["kind"] as? String == "date")
    #expect(due["text"] as? String == "2026-12-01")
    #expect(due["range"] as? [Int] == [9, 12])
    #expect(due["rrule"] is NSNull && due["packed"] is NSNull)
    #expect(due["next"] as? [String] == ["2026-12-01"])
    #expect(report.plain.hasPrefix("title: Call mom tom\ndue: 2026-12-01 (date) @9..12\ndate: 2026-12-01\n"))
  }

  @Test func theDueObjectsKeysInOrder() throws {
    let report = TaskLineReport(
      line("x", due: .date(CivilDate(year: 2026, month: 12, day: 1))), context: try context(), count: 5)
    let json = report.json
    let start = try #require(json.range(of: #""due": "#)?.upperBound)
    #expect(topLevelKeys(json[start...]) == dueKeys)
  }

  @Test func aOneOffDateTimeHasTheZonesOffsetOrNoneWhenFloating() throws {
    let five = LocalDateTime(year: 2026, month: 12, day: 1, hour: 17)
    let zoned = TaskLineReport(line("x", due: .dateTime(five)), context: try context(), count: 5)
    #expect((object(zoned.json)?["due"] as? [String: Any])?["next"] as? [String] == ["2026-12-01T17:00:00-05:00"])
    #expect(zoned.plain.contains("\ndate: 2026-12-01T17:00:00-05:00\n"))
    let floating = TaskLineReport(
      line("x", due: .dateTime(five)), context: try context(["--now", "2026-11-30T10:00", "--tz", "floating"]),
      count: 5)
    #expect((object(floating.json)?["due"] as? [String: Any])?["next"] as? [String] == ["2026-12-01T17:00:00"])
    // In a DST gap the time moves on, as occurrences do.
    let gap = TaskLineReport(
      line("x", due: .dateTime(LocalDateTime(year: 2027, month: 3, day: 14, hour: 2, minute: 30))),
      context: try context(), count: 5)
    #expect((object(gap.json)?["due"] as? [String: Any])?["next"] as? [String] == ["2027-03-14T03:30:00-04:00"])
  }

  @Test func aRuleReportsAsParseDoes() throws {
    let ctx = try context()
    let rule = try #require(PhraseParser.parse("every 3 days at 9am", context: ctx.parseContext).rule)
    let report = TaskLineReport(
      line("Water plants every 3 days at 9am", due: .rule(rule, first: nil), range: SourceRange(13, 32)),
      context: ctx, count: 3)
    let due = try #require(object(report.json)?["due"] as? [String: Any])
    let parsed = try #require(
      object(QuickAddCommand.run(["parse", "--json", "--count", "3"] + now + ["every 3 days at 9am"]).stdout))
    #expect(due["kind"] as? String == "schedule")
    #expect(due["range"] as? [Int] == [13, 32])
    #expect(due["rrule"] as? String == parsed["rrule"] as? String)
    #expect(due["packed"] as? String == parsed["packed"] as? String)
    #expect(due["next"] as? [String] == parsed["next"] as? [String])
    #expect((due["next"] as? [String])?.count == 3)
    #expect(report.plain.contains("\nnext:\n  \((due["next"] as? [String])?.first ?? "")\n"))
    #expect(report.plain.contains("\npacked: \(parsed["packed"] as? String ?? "")\n"))
  }

  @Test func anAfterCompletionRuleChainsAsParseDoes() throws {
    let ctx = try context()
    let rule = try #require(PhraseParser.parse("every! 3 days at 9am", context: ctx.parseContext).rule)
    let report = TaskLineReport(line("x", due: .rule(rule, first: nil)), context: ctx, count: 2)
    let due = try #require(object(report.json)?["due"] as? [String: Any])
    #expect(due["kind"] as? String == "afterCompletion")
    #expect(due["rrule"] is NSNull)
    #expect(due["next"] as? [String] == ["2026-12-03T09:00:00-05:00", "2026-12-06T09:00:00-05:00"])
  }

  @Test func everyPartAndToken() throws {
    var l = line("* Write report #Work /Admin @email @urgent p1 +Lucile {march 30} // draft")
    l.title = "Write report"
    l.project = "Work"
    l.section = "Admin"
    l.labels = ["email", "urgent"]
    l.priority = 1
    l.assignee = "Lucile"
    l.deadline = CivilDate(year: 2027, month: 3, day: 30)
    l.description = "draft"
    l.durationMinutes = 90
    l.reminders = [TaskReminder(value: .before(minutes: 30), text: "30 min before", range: SourceRange(1, 2))]
    l.uncompletable = true
    l.tokens = [TaskToken(.uncompletable, "*", SourceRange(0, 1)), TaskToken(.project, "#Work", SourceRange(15, 20))]
    l.diagnostics = [Diagnostic(id: "QA401", severity: .warning, message: "a second date", range: SourceRange(2, 7))]
    let report = TaskLineReport(l, context: try context(), count: 5)
    let json = report.json
    #expect(topLevelKeys(json) == addKeys)
    let o = try #require(object(json))
    #expect(o["ok"] as? Bool == true)
    #expect(o["project"] as? String == "Work")
    #expect(o["section"] as? String == "Admin")
    #expect(o["labels"] as? [String] == ["email", "urgent"])
    #expect(o["priority"] as? Int == 1)
    #expect(o["assignee"] as? String == "Lucile")
    #expect(o["deadline"] as? String == "2027-03-30")
    #expect(o["description"] as? String == "draft")
    #expect(o["duration"] as? String == "PT1H30M")
    #expect(o["reminders"] as? [String] == ["30 min before"])
    #expect(o["uncompletable"] as? Bool == true)
    let tokens = try #require(o["tokens"] as? [[String: Any]])
    #expect(tokens.map { $0["kind"] as? String } == ["uncompletable", "project"])
    #expect(tokens.map { $0["text"] as? String } == ["*", "#Work"])
    #expect(tokens.map { $0["range"] as? [Int] } == [[0, 1], [15, 20]])
    #expect(tokens.allSatisfy { Set($0.keys) == ["kind", "text", "range"] })
    let warnings = try #require(o["warnings"] as? [[String: Any]])
    #expect(warnings.map { $0["id"] as? String } == ["QA401"])
    #expect(warnings.first?["range"] as? [Int] == [2, 7])
    #expect(
      report.plain == """
        title: Write report
        due: (none)
        project: Work
        section: Admin
        labels: email, urgent
        priority: p1
        assignee: Lucile
        deadline: 2027-03-30
        description: draft
        duration: PT1H30M
        reminders: 30 min before
        uncompletable: yes

        """)
    #expect(report.plainDiagnostics == "warning[QA401]: a second date\n  \(l.input)\n    ^~~~~\n")
  }

  @Test func anErrorExitsOneWithACaret() throws {
    var l = line("Pay rent every feb 30")
    l.title = "Pay rent"
    l.diagnostics = [
      Diagnostic(id: "QA401", severity: .warning, message: "a warning", range: SourceRange(0, 3)),
      Diagnostic(id: "QA105", message: "an impossible date", range: SourceRange(9, 21)),
    ]
    let report = TaskLineReport(l, context: try context(), count: 5)
    let plain = AddCommand.result(report, json: false)
    #expect(plain.exitCode == 1)
    #expect(
      plain.stderr.hasPrefix("error[QA105]: an impossible date\n  Pay rent every feb 30\n           ^~~~~~~~~~~~\n"))
    #expect(plain.stderr.contains("warning[QA401]"))
    let json = AddCommand.result(report, json: true)
    #expect(json.exitCode == 1)
    #expect(json.stderr.isEmpty)
    let o = try #require(object(json.stdout))
    #expect(o["ok"] as? Bool == false)
    #expect((o["warnings"] as? [[String: Any]])?.map { $0["id"] as? String } == ["QA401", "QA105"])
    #expect(topLevelKeys(json.stdout) == addKeys)
  }

  @Test func controlCharactersAreEscapedInPlainText() throws {
    var l = line("Buy \u{1B}[31mmilk")
    l.project = "W\u{7}rk"
    let plain = TaskLineReport(l, context: try context(), count: 5).plain
    #expect(plain == "title: Buy \\u{1B}[31mmilk\ndue: (none)\nproject: W\\u{7}rk\n")
  }
}

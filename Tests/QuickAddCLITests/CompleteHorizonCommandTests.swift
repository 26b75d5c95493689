import Foundation
import QuickAddCLI
import Testing

@Suite struct CompleteCommandTests {
  static let daily = ["--packed", "R1;FREQ=DAILY;BYTIME=0900", "--tz", "America/New_York"]

  @Test(arguments: [
    ("2026-12-07T09:30", "2026-12-08T09:00:00-05:00\n"),  // on time: once from the due date
    ("2026-12-05T12:00", "2026-12-08T09:00:00-05:00\n"),  // early: once from the due date
    ("2026-12-10T10:00", "2026-12-10T09:00:00-05:00\n"),  // late: past what is behind that day
  ])
  func printsTheNextDueDate(_ c: (String, String)) {
    let r = QuickAddCommand.run(["complete"] + Self.daily + ["--due", "2026-12-07T09:00", "--at", c.0])
    #expect(r.exitCode == 0)
    #expect(r.stdout == c.1)
  }

  @Test func afterCompletionCountsFromTheCompletion() {
    let r = QuickAddCommand.run([
      "complete", "--rrule", "FREQ=DAILY;INTERVAL=3", "--due", "2026-12-07T09:00", "--at", "2026-12-10T18:00",
      "--tz", "UTC",
    ])
    // An RRULE has no after-completion anchor: this is the schedule case, late.
    #expect(r.stdout == "2026-12-10T09:00:00+00:00\n")
    let packed = QuickAddCommand.run([
      "complete", "--packed", "R1;FREQ=DAILY;INTERVAL=3;ANCHOR=COMPLETION;BYTIME=0900", "--due", "2026-12-07T09:00",
      "--at", "2026-12-10T18:00", "--tz", "UTC",
    ])
    #expect(packed.stdout == "2026-12-13T09:00:00+00:00\n")
  }

  @Test func printsTheSuccessorIDAndJSON() throws {
    let r = QuickAddCommand.run(
      ["complete"] + Self.daily + [
        "--due", "2026-11-30T09:00", "--at", "2026-12-02T10:00", "--id", "0190b2a4-3c4d-7e8f-9a0b-1c2d3e4f5a6b",
        "--json",
      ])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    #expect(object["next"] as? String == "2026-12-02T09:00:00-05:00")
    #expect(object["ended"] as? Bool == false)
    #expect((object["id"] as? String)?.hasPrefix("01a2370e-1700-7") == true)
  }

  @Test func saysWhenTheSeriesHasEnded() {
    let r = QuickAddCommand.run([
      "complete", "--packed", "R1;FREQ=DAILY;DTSTART=20261130T090000;COUNT=1", "--due", "2026-11-30T09:00", "--at",
      "2026-11-30T09:10", "--tz", "UTC",
    ])
    #expect(r.exitCode == 0)
    #expect(r.stdout == "the series has ended\n")
  }

  @Test func aCountedAfterCompletionRuleSaysWhatToKeep() throws {
    let packed = "R1;FREQ=DAILY;INTERVAL=3;ANCHOR=COMPLETION;COUNT=2"
    let r = QuickAddCommand.run([
      "complete", "--packed", packed, "--due", "2026-12-10", "--at", "2026-12-10T12:00", "--tz", "UTC",
    ])
    #expect(r.stdout == "2026-12-13T00:00:00+00:00\nkeep: R1;FREQ=DAILY;INTERVAL=3;ANCHOR=COMPLETION;COUNT=1\n")
    let last = QuickAddCommand.run([
      "complete", "--packed", "R1;FREQ=DAILY;INTERVAL=3;ANCHOR=COMPLETION;COUNT=1", "--due", "2026-12-13", "--at",
      "2026-12-13T12:00", "--tz", "UTC", "--json",
    ])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(last.stdout.utf8)) as? [String: Any])
    #expect(object["ended"] as? Bool == true)
    #expect(object["packed"] is NSNull)
  }

  @Test func usageErrors() {
    #expect(QuickAddCommand.run(["complete", "--due", "2026-11-30T09:00", "--at", "2026-11-30"]).exitCode == 64)
    #expect(QuickAddCommand.run(["complete"] + Self.daily + ["--at", "2026-11-30"]).exitCode == 64)
    let bad = QuickAddCommand.run(["complete", "--packed", "R1;FREQ=NOPE", "--due", "2026-11-30", "--at", "2026-11-30"])
    #expect(bad.exitCode == 1 && bad.stderr.contains("PK108"))
  }
}

@Suite struct HorizonCommandTests {
  static let file = """
    a\tR1;FREQ=DAILY;BYTIME=0900\t2026-12-01T09:00
    not a task
    b\tR1;FREQ=WEEKLY;BYDAY=TU;BYTIME=0800;TZID=Europe/London\t2026-12-01T08:00

    """

  @Test func listsTheSoonestAndReportsBadLines() {
    let r = QuickAddCommand.run(["horizon", "--from", "2026-12-01T00:00", "--tz", "UTC", "--budget", "3", "-"]) {
      Self.file
    }
    #expect(r.exitCode == 1)
    #expect(r.stderr == "<stdin>:2: error: expected 3 tab-separated fields, found 1\n")
    let lines = r.stdout.split(separator: "\n").map { $0.split(separator: "\t").prefix(2).joined(separator: " ") }
    #expect(
      lines == [
        "2026-12-01T08:00:00+00:00 b", "2026-12-01T09:00:00+00:00 a", "2026-12-02T09:00:00+00:00 a",
      ])
  }

  @Test func jsonAndAnEmptyFile() throws {
    let r = QuickAddCommand.run(["horizon", "--json", "--from", "2026-12-01T00:00", "--tz", "UTC", "-"]) { "" }
    #expect(r.exitCode == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    #expect((object["horizon"] as? [Any])?.isEmpty == true)
    #expect(QuickAddCommand.run(["horizon"]).exitCode == 64)
    #expect(QuickAddCommand.run(["horizon", "--budget", "-1", "-"]).exitCode == 64)
  }
}

import Foundation
import QuickAddCLI
import Testing

@Suite struct NextCommandTests {
  @Test func printsOccurrencesWithOffsets() {
    let r = QuickAddCommand.run([
      "next", "--rrule", "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0", "--from", "2026-11-30T10:00",
      "--tz", "America/New_York", "--count", "3",
    ])
    #expect(r.exitCode == 0)
    #expect(r.stdout == "2026-12-07T09:00:00-05:00\n2026-12-14T09:00:00-05:00\n2026-12-21T09:00:00-05:00\n")
  }

  @Test func fromIsInclusiveAndSuppliesTheTimeOfDay() {
    let r = QuickAddCommand.run([
      "next", "--rrule", "FREQ=DAILY", "--from", "2026-03-07T09:00", "--tz", "America/New_York", "--count", "2",
    ])
    #expect(r.stdout == "2026-03-07T09:00:00-05:00\n2026-03-08T09:00:00-04:00\n")
  }

  @Test func jsonHasTheSharedShape() {
    let r = QuickAddCommand.run([
      "next", "--json", "--rrule", "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0", "--from", "2026-11-30T10:00",
      "--tz", "America/New_York", "--count", "1",
    ])
    #expect(r.exitCode == 0)
    let object = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
    #expect(object?["ok"] as? Bool == true)
    #expect(object?["kind"] as? String == "schedule")
    #expect(object?["rrule"] as? String == "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0")
    #expect(object?["next"] as? [String] == ["2026-12-07T09:00:00-05:00"])
  }

  @Test func floatingHasNoOffset() {
    let r = QuickAddCommand.run([
      "next", "--rrule", "FREQ=DAILY;BYHOUR=8", "--from", "2026-11-30", "--tz", "floating", "--count", "1",
    ])
    #expect(r.stdout == "2026-11-30T08:00:00\n")
  }

  @Test func badRuleExitsOneWithACaret() {
    let r = QuickAddCommand.run(["next", "--rrule", "FREQ=WEEKLY;BYDAY=XX", "--tz", "UTC"])
    #expect(r.exitCode == 1)
    #expect(r.stderr.contains("error[RR107]"))
    #expect(r.stderr.contains("                  ^~"))
  }

  @Test func ruleThatNeverOccursSaysSo() {
    let r = QuickAddCommand.run([
      "next", "--rrule", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "--from", "2026-01-01", "--tz", "UTC",
    ])
    #expect(r.exitCode == 0)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("no occurrences"))
  }

  /// Command lines that are wrong, and must exit 64 with a usage line.
  @Test(arguments: [
    ["next"], ["next", "--rrul", "FREQ=DAILY"], ["next", "--rrule"],
    ["next", "--rrule", "FREQ=DAILY", "--count", "-1"],
    ["next", "--rrule", "FREQ=DAILY", "--count", "1001"],
    ["next", "--rrule", "FREQ=DAILY", "--tz", "Mars/Base"], ["next", "--rrule", "FREQ=DAILY", "--from", "yesterday"],
    ["nxet"], ["help", "nope"],
  ])
  func usageErrorsExit64(_ args: [String]) {
    let r = QuickAddCommand.run(args)
    #expect(r.exitCode == 64)
    #expect(r.stderr.hasPrefix("Error: "))
    #expect(r.stderr.contains("Usage: "))
  }

  @Test func suggestsTheNearestOption() {
    let r = QuickAddCommand.run(["next", "--rrul", "FREQ=DAILY"])
    #expect(r.stderr.contains("did you mean '--rrule'?"))
  }

  @Test func helpForEveryCommand() {
    #expect(QuickAddCommand.run(["--help"]).stdout.contains("next"))
    let help = QuickAddCommand.run(["help", "next"])
    #expect(help.exitCode == 0)
    #expect(help.stdout.contains("--rrule"))
  }
}
